"""Practice and review sessions: which cases come next, and in what order.

The order favours what needs work: cases due for review first (the most overdue
first), then cases that turn on a law section due for review, then cases never
tried, then the rest from the weakest last result up. The trainee's history comes
in as a ``Progress`` snapshot (the store builds one), so the order is decided and
tested here without a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.mode import Mode
from app.training.report import Report, report_for
from app.training.review import DueItem, ItemKind

if TYPE_CHECKING:
    from app.content.cases.model import Case


@dataclass(frozen=True)
class Progress:
    """What the store knows of one trainee: items due now, and each case's last score (0–1)."""

    due: tuple[DueItem, ...] = ()
    last_scores: Mapping[str, float] = field(default_factory=dict)


def _review_ranks(cases: Iterable[Case], progress: Progress) -> dict[str, tuple[int, datetime]]:
    """Case id → (0, due) for a case due, (1, earliest due) for a case citing a law section due (the
    section, or one it lies inside, as ``cites`` reads it); cases with nothing due are left out.
    The due items are read once, so a long history ranks the whole library quickly."""
    case_due: dict[str, datetime] = {}
    law_due: dict[str, datetime] = {}
    for item in progress.due:
        found = case_due if item.item.kind == ItemKind.CASE else law_due
        found[item.item.key] = min(item.due, found.get(item.item.key, item.due))
    ranks: dict[str, tuple[int, datetime]] = {}
    for case in cases:
        if case.id in case_due:
            ranks[case.id] = (0, case_due[case.id])
            continue
        dues = [law_due[ref.key] for cited in case.laws for ref in (cited, *cited.ancestors()) if ref.key in law_due]
        if dues:
            ranks[case.id] = (1, min(dues))
    return ranks


def practice_order(cases: Iterable[Case], progress: Progress) -> list[Case]:
    """Every case, due first, then unseen, then weakest; ties keep the library's order."""
    cases = list(cases)
    ranks = _review_ranks(cases, progress)

    def rank(case: Case) -> tuple[int, float]:
        review = ranks.get(case.id)
        if review is not None:
            return review[0], review[1].timestamp()
        if case.id not in progress.last_scores:
            return 2, 0.0
        return 3, progress.last_scores[case.id]

    return sorted(cases, key=rank)


def review_queue(cases: Iterable[Case], progress: Progress) -> list[Case]:
    """Only the cases due for review, or citing a law section due, in the order of ``practice_order``."""
    cases = list(cases)
    ranks = _review_ranks(cases, progress)
    return [case for case in practice_order(cases, progress) if case.id in ranks]


@dataclass
class PracticeSession:
    """A queue of cases worked one attempt at a time, with a report at any point."""

    cases: list[Case]
    mode: Mode = Mode.PRACTICE
    attempts: list[Attempt] = field(default_factory=list)

    @classmethod
    def practice(cls, cases: Iterable[Case], choice: CaseFilter, progress: Progress) -> PracticeSession:
        return cls(practice_order(choice.apply(cases), progress))

    @classmethod
    def review(cls, cases: Iterable[Case], progress: Progress) -> PracticeSession:
        return cls(review_queue(cases, progress), Mode.REVIEW)

    @property
    def remaining(self) -> int:
        return len(self.cases) - len(self.attempts)

    def next_attempt(self) -> Attempt | None:
        """An attempt at the next case in the queue, or None when the queue is done."""
        if not self.remaining:
            return None
        attempt = Attempt(self.cases[len(self.attempts)])
        self.attempts.append(attempt)
        return attempt

    def report(self, title: str = "Practice session") -> Report:
        return report_for(title, self.attempts)
