"""Cards exposed or led during the auction (Law 24): which section applies and what the cards become.

The replay needs the section at once (it decides whether partner must pass at
his next turn); the engine needs it again to explain the ruling and, once the
auction is over, to say whether the cards go back to hand or become penalty
cards. Both ask here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bridge.cards import Card, Rank
from app.bridge.seats import Seat

LOWEST_HONOUR = Rank.TEN  # Definitions: an honour is any ace, king, queen, jack or ten


def is_honour(card: Card) -> bool:
    return card.rank >= LOWEST_HONOUR


@dataclass
class AuctionExposure:
    """The cards one player showed in one incident, before anyone called again."""

    seat: Seat
    cards: list[Card]
    led: bool  # put on the table as a lead, not just shown
    event_indices: list[int] = field(default_factory=list)


def exposure_law(exposure: AuctionExposure) -> str:
    """The section of Law 24 that applies: 24A, 24B or 24C."""
    if len(exposure.cards) >= 2:
        return "24C"  # two or more cards: partner must pass at his next turn
    if exposure.led or is_honour(exposure.cards[0]):
        return "24B"  # a single honour, or any card led too soon: partner must pass at his next turn
    return "24A"  # a single low card, not led: nothing more (but 24E)


def penalty_class(exposure: AuctionExposure) -> str:
    """What the cards become if the offender turns out to be a defender (Law 24E, by Law 50B):
    'major' or 'minor'. Two or more are all major; so is an honour or a card led (exposed by
    deliberate play); a single low card shown by accident is minor."""
    if len(exposure.cards) >= 2 or exposure.led or is_honour(exposure.cards[0]):
        return "major"
    return "minor"
