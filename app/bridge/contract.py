"""The contract: the final bid, whether it was doubled or redoubled (Law 19D), and the declarer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from app.bridge.calls import MAX_LEVEL, Bid, CallError, Denomination
from app.bridge.errors import ContractError, NotationError
from app.bridge.seats import Seat, Side

TRICKS_PER_DEAL = 13
BOOK = 6  # tricks declarer's side must win before odd tricks count (definition of "odd trick")


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled: the values 0, 1 and 2 index scoring tables."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        """'', 'X' or 'XX', as written after a contract."""
        return "X" * self.value


@dataclass(frozen=True)
class Contract:
    """A contract of ``level`` in ``denomination``, played by ``declarer``."""

    level: int
    denomination: Denomination
    doubled: Doubling
    declarer: Seat

    def __post_init__(self) -> None:
        if not 1 <= self.level <= MAX_LEVEL:
            raise ContractError(f"a contract's level is 1 to {MAX_LEVEL}, not {self.level}")

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.denomination)

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.level

    @property
    def side(self) -> Side:
        return self.declarer.side

    def __str__(self) -> str:
        """PBN form without the declarer, e.g. '4SX' or '3NT'."""
        return f"{self.bid}{self.doubled.suffix}"

    @property
    def symbol(self) -> str:
        """On-screen form with the declarer, e.g. '4♠X by South'."""
        return f"{self.bid.symbol}{self.doubled.suffix} by {self.declarer.english}"


_CONTRACT = re.compile(r"(?P<level>\d+)\s*(?P<denomination>NT|N|[CDHS♠♥♦♣])\s*(?P<doubled>XX|X)?")


def parse_contract(text: str, declarer: Seat | str) -> Contract:
    """Read a contract such as '4SX', '3NT', '7NTXX' (any case) for the given declarer."""
    match = _CONTRACT.fullmatch(text.strip().upper())
    if match is None:
        raise ContractError(
            f"cannot read contract {text!r}: write the level, the denomination (C, D, H, S, NT) "
            "and X or XX if doubled, e.g. 4SX or 3NT"
        )
    level = int(match.group("level"))
    if not 1 <= level <= MAX_LEVEL:
        raise ContractError(f"cannot read contract {text!r}: the level must be 1 to {MAX_LEVEL}")
    try:
        seat = declarer if isinstance(declarer, Seat) else Seat.parse(declarer)
        denomination = Denomination.parse(match.group("denomination"))
    except (NotationError, CallError) as error:
        raise ContractError(str(error)) from None
    doubled = Doubling(len(match.group("doubled") or ""))
    return Contract(level, denomination, doubled, seat)
