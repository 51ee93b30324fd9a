"""Reading boards from PBN files, through endplay's PBN parser, into the project's own types.

endplay reads the file format (tags, auction and play sections); every deal it
returns is checked again by ``Deal.from_pbn`` so that a bad deal in a file gets
the same precise message as one in a case file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination
from app.bridge.contract import BOOK, Contract, Doubling
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat

if TYPE_CHECKING:
    import endplay.types


@dataclass(frozen=True)
class PbnBoard:
    """One board of a PBN file; anything the file does not give is None (an empty auction if none)."""

    number: int | None
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal | None
    calls: tuple[Call, ...]
    contract: Contract | None
    tricks: int | None


_VULNERABILITY = {"none": Vulnerability.NONE, "ns": Vulnerability.NS, "ew": Vulnerability.EW, "both": Vulnerability.BOTH}
_DENOMINATION = {
    "spades": Denomination.SPADES,
    "hearts": Denomination.HEARTS,
    "diamonds": Denomination.DIAMONDS,
    "clubs": Denomination.CLUBS,
    "nt": Denomination.NOTRUMP,
}
_PENALTY = {"passed": PASS, "doubled": DOUBLE, "redoubled": REDOUBLE}


def read_pbn(text: str, source: str = "PBN text") -> list[PbnBoard]:
    """Read every board in PBN ``text``; errors name ``source`` (and the board, where known)."""
    from endplay.parsers import pbn

    try:
        boards = pbn.loads(text)
    except pbn.PBNDecodeError as error:
        raise BridgeError(f"{source}, line {error.lineno}: {error}") from None
    except (ValueError, RuntimeError, KeyError) as error:
        raise BridgeError(f"{source}: cannot read the PBN: {error}") from None
    result = []
    for position, board in enumerate(boards, start=1):
        try:
            result.append(_convert(board))
        except BridgeError as error:
            label = f"board {board.board_num}" if board.board_num is not None else f"board #{position}"
            raise type(error)(f"{source}, {label}: {error}") from None
    return result


def load_pbn(path: Path) -> list[PbnBoard]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BridgeError(f"cannot read PBN file {path}: {error}") from None
    return read_pbn(text, str(path))


def _seat(player: object) -> Seat:
    return SEATS[int(player)]  # type: ignore[call-overload]


def _convert(board: endplay.types.Board) -> PbnBoard:
    deal: Deal | None = Deal.from_endplay(board.deal) if board.deal is not None else None
    if deal is not None and not any(deal[seat] for seat in SEATS):
        deal = None
    calls: list[Call] = []
    for call in board.auction:
        contract_bid, penalty_bid = call.as_contract(), call.as_penalty()
        if contract_bid is not None:
            calls.append(Bid(contract_bid.level, _DENOMINATION[contract_bid.denom.name]))
        elif penalty_bid is not None:
            calls.append(_PENALTY[penalty_bid.penalty.name])
    contract = tricks = None
    if board.contract is not None and board.contract.level > 0:
        raw = board.contract
        doubling = {"passed": Doubling.UNDOUBLED, "doubled": Doubling.DOUBLED}.get(raw.penalty.name, Doubling.REDOUBLED)
        contract = Contract(raw.level, _DENOMINATION[raw.denom.name], doubling, _seat(raw.declarer))
        tricks = raw.level + BOOK + raw.result
    return PbnBoard(
        number=board.board_num,
        dealer=_seat(board.dealer) if board.dealer is not None else None,
        vulnerability=_VULNERABILITY[board.vul.name] if board.vul is not None else None,
        deal=deal,
        calls=tuple(calls),
        contract=contract,
        tricks=tricks,
    )
