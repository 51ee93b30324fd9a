"""Adjusted scores of Law 12: artificial scores (12C2) and weighted assigned scores (12C1(c))."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from app.bridge.errors import ScoringError
from app.bridge.scoring.imps import imps

HUNDRED = Fraction(100)


class Grade(Enum):
    """The three artificial adjusted scores of Law 12C2(a) and their standard values.

    ``percent`` is for pairs (matchpoints), ``imps`` for IMP scoring (Law 12C2(b)).
    """

    AVERAGE_PLUS = (60, 3)  # a contestant in no way at fault
    AVERAGE = (50, 0)  # a contestant only partly at fault
    AVERAGE_MINUS = (40, -3)  # a contestant directly at fault

    @property
    def percent(self) -> int:
        return self.value[0]

    @property
    def imps(self) -> int:
        return self.value[1]


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score on a traveller: a percentage of the top for each side.

    The two sides need not add up to 100 (both may be in no way at fault: 60 and 60).
    """

    ns_percent: Fraction
    ew_percent: Fraction

    def __post_init__(self) -> None:
        for percent in (self.ns_percent, self.ew_percent):
            if not 0 <= percent <= HUNDRED:
                raise ScoringError(f"an artificial score must be 0 % to 100 %, not {float(percent):g} %")

    def __str__(self) -> str:
        return f"A{_number(self.ns_percent)}/A{_number(self.ew_percent)}"


@dataclass(frozen=True)
class WeightedScore:
    """A weighted assigned score (Law 12C1(c)): North-South scores, each with a weight; weights sum to 1."""

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise ScoringError("a weighted score needs at least one result")
        if any(weight <= 0 for weight, _score in self.parts):
            raise ScoringError(f"every weight in {self} must be more than 0 %")
        total = sum((weight for weight, _score in self.parts), Fraction(0))
        if total != 1:
            raise ScoringError(f"the weights in {self} add up to {_number(total * 100)} %, not 100 %")

    def __str__(self) -> str:
        return ";".join(f"{_number(weight * 100)}%:{score}" for weight, score in self.parts)


def adjusted_percent(awarded: Fraction | int, session_percent: Fraction | int | None) -> Fraction:
    """The percentage a pair gets for an artificial score, after Law 12C2(c).

    A contestant given more than average (not at fault) gets its percentage on the
    session's other boards if that is higher; one given less than average (at fault)
    gets its session percentage if that is lower. Average is never changed.
    """
    awarded = Fraction(awarded)
    if session_percent is None:
        return awarded
    session = Fraction(session_percent)
    if awarded > Grade.AVERAGE.percent:
        return max(awarded, session)
    if awarded < Grade.AVERAGE.percent:
        return min(awarded, session)
    return awarded


def artificial_imps(grade: Grade, session_average: Fraction | int | None = None) -> Fraction:
    """IMPs for an artificial score (Law 12C2(b)), with the IMP equivalent of 12C2(c):
    a side not at fault whose average per board on the other boards is above +3 gets that
    average, and a side at fault below −3 gets its average."""
    awarded = Fraction(grade.imps)
    if session_average is None or grade is Grade.AVERAGE:
        return awarded
    session = Fraction(session_average)
    return max(awarded, session) if grade is Grade.AVERAGE_PLUS else min(awarded, session)


def weighted_imps(weighted: WeightedScore, other_table_ns: int) -> Fraction:
    """North-South's IMPs for a weighted assigned score at teams: each result is compared with the
    other table's score, and its IMPs are weighted (Law 12C1(c))."""
    return sum((weight * imps(score - other_table_ns) for weight, score in weighted.parts), Fraction(0))


def round_half_away(value: Fraction) -> int:
    """Round to the nearest whole number, halves away from zero (not Python's banker's rounding)."""
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


_ARTIFICIAL = re.compile(r"A(?P<ns>[+-]|\d+(?:\.\d+)?)?(?:/A(?P<ew>[+-]|\d+(?:\.\d+)?)?)?", re.IGNORECASE)
_GRADE_SYMBOLS = {"+": Grade.AVERAGE_PLUS.percent, None: Grade.AVERAGE.percent, "-": Grade.AVERAGE_MINUS.percent}
_WEIGHTED_PART = re.compile(r"\s*(?P<weight>\d+(?:\.\d+)?)\s*%\s*:\s*(?P<score>[+-]?\d+)\s*")


def _grade_percent(text: str | None) -> Fraction:
    return Fraction(_GRADE_SYMBOLS[text]) if text in _GRADE_SYMBOLS else Fraction(str(text))


def parse_artificial(text: str) -> ArtificialScore:
    """Read 'A60/A40' (North-South then East-West), or one grade for both sides ('A50', 'A60').

    'A+', 'A' and 'A-' stand for 60, 50 and 40.
    """
    match = _ARTIFICIAL.fullmatch(text.strip())
    if match is None:
        raise ScoringError(
            f"cannot read artificial score {text!r}: write A60/A40 (North-South, then East-West) or one grade "
            "such as A50 for both"
        )
    ns = _grade_percent(match.group("ns"))
    ew = _grade_percent(match.group("ew")) if "/" in text else ns
    return ArtificialScore(ns, ew)


def parse_weighted(text: str) -> WeightedScore:
    """Read a weighted score such as '70%:420;30%:-50' (weights in %, North-South scores)."""
    parts = []
    for piece in text.split(";"):
        match = _WEIGHTED_PART.fullmatch(piece)
        if match is None:
            raise ScoringError(
                f"cannot read {piece.strip()!r} in weighted score {text!r}: write WEIGHT%:SCORE parts "
                "separated by ';', e.g. 70%:420;30%:-50"
            )
        parts.append((Fraction(match.group("weight")) / 100, int(match.group("score"))))
    return WeightedScore(tuple(parts))


def _number(value: Fraction) -> str:
    """A percentage or weight for a message: '60', '33.33'."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
