"""Denominations, bids and calls (Laws 18 and 19), written as in PBN: 1C..7NT, P, X, XX."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering
from typing import NamedTuple

from app.bridge.cards import Suit
from app.bridge.errors import CallError

MAX_LEVEL = 7  # Law 18A: a bid names one to seven odd tricks; Law 38 deals with more.


class Denomination(Enum):
    """A denomination: the four suits and no trump. ``order`` is the rank of Law 18E (no trump highest)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def order(self) -> int:
        """0 for clubs up to 4 for no trump (Law 18E)."""
        return list(Denomination).index(self)

    @property
    def suit(self) -> Suit | None:
        """The trump suit this denomination names, or None for no trump."""
        return None if self is Denomination.NOTRUMP else Suit(self.value)

    @property
    def symbol(self) -> str:
        suit = self.suit
        return suit.symbol if suit else "NT"

    @classmethod
    def of(cls, suit: Suit) -> Denomination:
        return cls(suit.value)

    @classmethod
    def parse(cls, text: str) -> Denomination:
        """Read a denomination: C D H S NT (also N, or a suit symbol)."""
        key = text.strip().upper()
        if key in ("N", "NT"):
            return cls.NOTRUMP
        for denomination in cls:
            if key in (denomination.letter, denomination.symbol):
                return denomination
        raise CallError(f"unknown denomination {text!r}: use C, D, H, S or NT")


@total_ordering
@dataclass(frozen=True)
class Bid:
    """A bid of ``level`` odd tricks in ``denomination``; bids order as in Law 18B.

    A level above seven can be represented, because a case may record one;
    ``is_admissible`` says whether it is (Law 38 deals with it).
    """

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if self.level < 1:
            raise CallError(f"a bid names at least one odd trick, not {self.level}")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        # Law 18B: more odd tricks, or as many in a higher-ranking denomination.
        return (self.level, self.denomination.order) < (other.level, other.denomination.order)

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.letter}"

    @property
    def symbol(self) -> str:
        """On-screen form, e.g. '4♠' or '3NT'."""
        return f"{self.level}{self.denomination.symbol}"

    @property
    def is_admissible(self) -> bool:
        """False for a bid of more than seven (Law 38)."""
        return self.level <= MAX_LEVEL


class Special(Enum):
    """The calls that are not bids (Law 18A)."""

    PASS = "P"
    DOUBLE = "X"
    REDOUBLE = "XX"

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}[self.value]


PASS = Special.PASS
DOUBLE = Special.DOUBLE
REDOUBLE = Special.REDOUBLE

Call = Bid | Special


class AnnotatedCall(NamedTuple):
    """A call as written in a case file, with its alert mark or note number (``3C!``, ``3C=1=``)."""

    call: Call
    alerted: bool
    note: str | None


_SPECIAL_SPELLINGS = {
    "P": PASS,
    "PASS": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
}
_BID = re.compile(r"(\d+)\s*(.+)")
_ANNOTATION = re.compile(r"^(?P<call>.*?)(?P<alert>!)?(?:=(?P<note>\w+)=)?$")


def parse_annotated_call(text: str) -> AnnotatedCall:
    """Read a call with an optional alert mark ``!`` and note reference ``=1=`` after it."""
    match = _ANNOTATION.match(text.strip())
    if match is None or not match.group("call"):
        raise CallError(f"cannot read call {text!r}: use 1C..7NT, P, X or XX")
    call = _parse_plain_call(match.group("call"), text)
    return AnnotatedCall(call, bool(match.group("alert")), match.group("note"))


def parse_call(text: str) -> Call:
    """Read a call: '1NT', '4S', 'P', 'X', 'XX'. Alert marks ('3C!', '3C=1=') are allowed and
    dropped; use ``parse_annotated_call`` to keep them."""
    return parse_annotated_call(text).call


def _parse_plain_call(core: str, original: str) -> Call:
    key = core.strip().upper()
    special = _SPECIAL_SPELLINGS.get(key)
    if special is not None:
        return special
    match = _BID.fullmatch(key)
    if match is None:
        raise CallError(f"cannot read call {original!r}: use 1C..7NT, P, X or XX")
    try:
        denomination = Denomination.parse(match.group(2))
    except CallError:
        raise CallError(
            f"cannot read call {original!r}: {match.group(2)!r} is not a denomination (C, D, H, S, NT)"
        ) from None
    return Bid(int(match.group(1)), denomination)
