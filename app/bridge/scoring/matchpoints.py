"""Matchpoints for one board's traveller (Law 78A), with adjusted scores (Law 12).

Law 78A gives two units for each score beaten and one for each tie; pass
``per_beaten=1`` for the equivalent 1 / ½ / 0 scale. Rules this module follows
where the law leaves the method to the organiser, each the usual practice:

* An artificial score (``A60/A40``) is not a result: nobody is compared with it,
  and each side gets its percentage of the top (after Law 12C2(c) when session
  percentages are given).
* The real results are compared among themselves and, when artificial scores
  make them fewer than the rows on the traveller, factored up to the full top
  with the Neuberg formula, so that every pair's top is the same.
* A weighted score (Law 12C1(c)) gets the weighted sum of the matchpoints of each
  of its results; for everyone else it counts as each of its results in
  proportion to its weight (a fractional frequency).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.bridge.errors import ScoringError
from app.bridge.scoring.adjusted import HUNDRED, ArtificialScore, WeightedScore, adjusted_percent

TableScore = int | ArtificialScore | WeightedScore


@dataclass(frozen=True)
class TravellerRow:
    """One table's entry: the pairs and North-South's score (real, artificial or weighted)."""

    ns_pair: str
    ew_pair: str
    score: TableScore


@dataclass(frozen=True)
class MatchpointedRow:
    row: TravellerRow
    ns: Fraction
    ew: Fraction
    top: int

    @property
    def ns_percent(self) -> Fraction:
        return self.ns / self.top * HUNDRED

    @property
    def ew_percent(self) -> Fraction:
        return self.ew / self.top * HUNDRED


def _results(score: TableScore) -> tuple[tuple[Fraction, int], ...]:
    """The (weight, North-South score) results a row stands for; none for an artificial score."""
    if isinstance(score, ArtificialScore):
        return ()
    if isinstance(score, WeightedScore):
        return score.parts
    return ((Fraction(1), score),)


def matchpoint(
    rows: Sequence[TravellerRow],
    *,
    per_beaten: int = 2,
    session_percent: Mapping[str, Fraction | int] | None = None,
) -> list[MatchpointedRow]:
    """Matchpoint a traveller; the result lists the rows in the same order.

    ``session_percent`` maps a pair to its percentage on the session's other
    boards, for Law 12C2(c).
    """
    if len(rows) < 2:
        raise ScoringError("a traveller needs at least two results to matchpoint")
    if per_beaten < 1:
        raise ScoringError(f"matchpoints per score beaten must be 1 or more, not {per_beaten}")
    tie = Fraction(per_beaten, 2)
    top = per_beaten * (len(rows) - 1)
    compared = [index for index, row in enumerate(rows) if _results(row.score)]
    sessions = session_percent or {}

    def against_others(index: int, ns_score: int) -> Fraction:
        total = Fraction(0)
        for other in compared:
            if other == index:
                continue
            for weight, other_score in _results(rows[other].score):
                if ns_score > other_score:
                    total += weight * per_beaten
                elif ns_score == other_score:
                    total += weight * tie
        return total

    matchpointed = []
    for index, row in enumerate(rows):
        if isinstance(row.score, ArtificialScore):
            ns = top * adjusted_percent(row.score.ns_percent, sessions.get(row.ns_pair)) / HUNDRED
            ew = top * adjusted_percent(row.score.ew_percent, sessions.get(row.ew_pair)) / HUNDRED
        else:
            ns = sum((weight * against_others(index, score) for weight, score in _results(row.score)), Fraction(0))
            if len(compared) < len(rows):
                # Neuberg: scale the matchpoints won among len(compared) results up to len(rows).
                ns = (ns + tie) * Fraction(len(rows), len(compared)) - tie
            ew = top - ns
        matchpointed.append(MatchpointedRow(row, ns, ew, top))
    return matchpointed
