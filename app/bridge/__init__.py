"""Bridge itself: cards, seats, deals, the board rota, auctions, play and scoring. No Qt.

The names below are the project's bridge vocabulary; scoring lives in
``app.bridge.scoring``.
"""

from app.bridge.auction import Auction
from app.bridge.calls import DOUBLE, PASS, REDOUBLE, AnnotatedCall, Bid, Call, Denomination, Special, parse_call
from app.bridge.cards import FULL_PACK, Card, Rank, Suit
from app.bridge.contract import Contract, Doubling, parse_contract
from app.bridge.deal import Deal, Hand
from app.bridge.errors import (
    BridgeError,
    CallError,
    ContractError,
    DealError,
    NotationError,
    PlayError,
    ScoringError,
)
from app.bridge.play import Play, PlayedCard, PlayRecord, Trick, can_follow, is_revoke, trick_winner
from app.bridge.rota import BoardConditions, Vulnerability, board_conditions
from app.bridge.seats import SEATS, Seat, Side

__all__ = [
    "DOUBLE",
    "FULL_PACK",
    "PASS",
    "REDOUBLE",
    "SEATS",
    "AnnotatedCall",
    "Auction",
    "Bid",
    "BoardConditions",
    "BridgeError",
    "Call",
    "CallError",
    "Card",
    "Contract",
    "ContractError",
    "Deal",
    "DealError",
    "Denomination",
    "Doubling",
    "Hand",
    "NotationError",
    "Play",
    "PlayError",
    "PlayRecord",
    "PlayedCard",
    "Rank",
    "ScoringError",
    "Seat",
    "Side",
    "Special",
    "Suit",
    "Trick",
    "Vulnerability",
    "board_conditions",
    "can_follow",
    "is_revoke",
    "parse_call",
    "parse_contract",
    "trick_winner",
]
