"""Vulnerability, and the standard board rota of Law 2 (dealer and vulnerability by board number)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from app.bridge.errors import NotationError
from app.bridge.seats import Seat, Side


class Vulnerability(Enum):
    """Which sides are vulnerable on a board. Values are the names used on the command line."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    @property
    def english(self) -> str:
        return _ENGLISH[self]

    @property
    def pbn(self) -> str:
        """The PBN ``Vulnerable`` tag value: None, NS, EW or All."""
        return "All" if self is Vulnerability.BOTH else self.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read a vulnerability in any of the usual spellings: None/Love/-, NS, EW, Both/All."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        found = _ALIASES.get(key)
        if found is None:
            raise NotationError(f"unknown vulnerability {text!r}: use None, NS, EW or Both")
        return found


_ENGLISH = {
    Vulnerability.NONE: "neither side vulnerable",
    Vulnerability.NS: "North-South vulnerable",
    Vulnerability.EW: "East-West vulnerable",
    Vulnerability.BOTH: "both sides vulnerable",
}
_ALIASES = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "BOTH": Vulnerability.BOTH,
    "ALL": Vulnerability.BOTH,
}


class BoardConditions(NamedTuple):
    dealer: Seat
    vulnerability: Vulnerability


# Law 2: the boards of the first group of 16 under each dealer and each vulnerability.
# The same pattern repeats for boards 17–32 and every later group of 16.
_LAW_2_DEALERS: dict[Seat, tuple[int, ...]] = {
    Seat.NORTH: (1, 5, 9, 13),
    Seat.EAST: (2, 6, 10, 14),
    Seat.SOUTH: (3, 7, 11, 15),
    Seat.WEST: (4, 8, 12, 16),
}
_LAW_2_VULNERABILITY: dict[Vulnerability, tuple[int, ...]] = {
    Vulnerability.NONE: (1, 8, 11, 14),
    Vulnerability.NS: (2, 5, 12, 15),
    Vulnerability.EW: (3, 6, 9, 16),
    Vulnerability.BOTH: (4, 7, 10, 13),
}
CYCLE = 16


def board_conditions(number: int) -> BoardConditions:
    """The dealer and vulnerability that Law 2 marks on board ``number`` (1 or more)."""
    if number < 1:
        raise NotationError(f"board number {number} is not valid: boards are numbered from 1")
    position = (number - 1) % CYCLE + 1
    dealer = next(seat for seat, boards in _LAW_2_DEALERS.items() if position in boards)
    vulnerability = next(vul for vul, boards in _LAW_2_VULNERABILITY.items() if position in boards)
    return BoardConditions(dealer, vulnerability)
