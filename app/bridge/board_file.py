"""Boards read from PBN and LIN files, as plain data, with the problems met on the way.

A file written by another program may hold one bad board among hundreds; the
readers report that board (file, line, board, what is wrong) and keep the
rest. ``board_reader.load_board_file`` picks the reader for a file; everything
here is plain data a command or a GUI import can show as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.bridge.calls import DOUBLE, PASS, REDOUBLE, AnnotatedCall, Bid, Call, Denomination
from app.bridge.cards import Card, Rank, Suit
from app.bridge.contract import BOOK, TRICKS_PER_DEAL, Contract, Doubling
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.play import Play, PlayedCard, trick_winner
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat

if TYPE_CHECKING:
    import endplay.types


@dataclass(frozen=True)
class FileBoard:
    """One board of a file. Anything the file does not give is None (empty for the auction and play).

    ``result`` is the number of tricks won by declarer's side; ``auction`` keeps alert marks and
    note numbers, and ``notes`` maps a note number to its text. ``line`` is where the board starts.
    """

    number: int | None
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal | None
    auction: tuple[AnnotatedCall, ...] = ()
    notes: Mapping[str, str] = field(default_factory=dict)
    play: tuple[PlayedCard, ...] = ()
    contract: Contract | None = None
    passed_out: bool = False
    result: int | None = None
    line: int = 1

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls without their alert marks and notes."""
        return tuple(annotated.call for annotated in self.auction)

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract else None

    @property
    def label(self) -> str:
        return f"board {self.number}" if self.number is not None else f"the board at line {self.line}"


@dataclass(frozen=True)
class BoardProblem:
    """Something wrong in a file: where it is, which board, what is wrong and what was done about it."""

    source: str
    line: int
    board: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.source}, line {self.line}"
        return f"{where}, board {self.board}: {self.message}" if self.board else f"{where}: {self.message}"


@dataclass(frozen=True)
class BoardFile:
    """The boards that could be read from one file, in file order, and the problems reported."""

    source: str
    boards: tuple[FileBoard, ...]
    problems: tuple[BoardProblem, ...]

    def numbered(self, number: int) -> list[FileBoard]:
        """Every record of the board with that number, in file order: a file of results holds one for
        each table that played it."""
        return [board for board in self.boards if board.number == number]


# --- from endplay's types --------------------------------------------------

_DENOMINATION = {
    "spades": Denomination.SPADES,
    "hearts": Denomination.HEARTS,
    "diamonds": Denomination.DIAMONDS,
    "clubs": Denomination.CLUBS,
    "nt": Denomination.NOTRUMP,
}
_PENALTY = {"passed": PASS, "doubled": DOUBLE, "redoubled": REDOUBLE}
_DOUBLING = {"passed": Doubling.UNDOUBLED, "doubled": Doubling.DOUBLED, "redoubled": Doubling.REDOUBLED}
_VULNERABILITY = {"none": Vulnerability.NONE, "ns": Vulnerability.NS, "ew": Vulnerability.EW, "both": Vulnerability.BOTH}


def endplay_seat(player: object) -> Seat:
    return SEATS[int(player)]  # type: ignore[call-overload]


def endplay_vulnerability(vul: object) -> Vulnerability:
    return _VULNERABILITY[vul.name]  # type: ignore[attr-defined]


def endplay_call(bid: endplay.types.Bid) -> Call:
    contract_bid, penalty_bid = bid.as_contract(), bid.as_penalty()
    if contract_bid is not None:
        return Bid(contract_bid.level, _DENOMINATION[contract_bid.denom.name])
    if penalty_bid is not None:
        return _PENALTY[penalty_bid.penalty.name]
    raise BridgeError(f"endplay returned a call that is neither a bid nor pass/double: {bid!r}")


def endplay_deal(deal: endplay.types.Deal | None) -> Deal | None:
    """The deal, checked again by ``Deal`` (a card twice, a short hand); None when every hand is empty."""
    if deal is None:
        return None
    converted = Deal.from_endplay(deal)
    return converted if any(converted[seat] for seat in SEATS) else None


def endplay_contract(raw: endplay.types.Contract | None) -> tuple[Contract | None, bool, int | None]:
    """(contract, passed out?, tricks won by declarer) from endplay's contract and its result."""
    if raw is None:
        return None, False, None
    if raw.level == 0:
        return None, True, None
    contract = Contract(raw.level, _DENOMINATION[raw.denom.name], _DOUBLING[raw.penalty.name], endplay_seat(raw.declarer))
    return contract, False, raw.level + BOOK + raw.result


def endplay_cards(cards: list[endplay.types.Card]) -> list[Card]:
    """Cards from endplay, with the padding it puts in place of a '-' (a no-trump "card") refused."""
    result = []
    for card in cards:
        if card.suit.name == "nt":
            raise BridgeError("a '-' stands where a card was played, before the last card of the play")
        result.append(Card.of(Suit.parse(card.suit.abbr), Rank.parse(card.rank.abbr)))
    return result


def replay(deal: Deal | None, contract: Contract | None, cards: list[Card]) -> tuple[PlayedCard, ...]:
    """The cards in play order, each with the seat that played it, checked against the hands.

    Raises ``BridgeError`` saying which card cannot have been played.
    """
    if not cards:
        return ()
    if contract is None or deal is None:
        raise BridgeError("the play needs a contract and a deal to be followed")
    play = Play(deal, contract)
    for number, card in enumerate(cards, start=1):
        try:
            play.play_in_turn(card)
        except BridgeError as error:
            raise BridgeError(f"card {number} of the play: {error}") from None
    return tuple(PlayedCard(record.seat, record.card) for record in play.records)


def tricks_from_play(contract: Contract | None, play: tuple[PlayedCard, ...]) -> int | None:
    """Declarer's tricks counted from a play of all thirteen tricks; None if the play stops short."""
    if contract is None or len(play) != len(SEATS) * TRICKS_PER_DEAL:
        return None
    tricks = [play[start:start + len(SEATS)] for start in range(0, len(play), len(SEATS))]
    trump, side = contract.denomination.suit, contract.declarer.side
    return sum(1 for trick in tricks if trick_winner(trick, trump).side is side)
