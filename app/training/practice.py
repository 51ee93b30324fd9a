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
from enum import StrEnum

from app.content.cases.model import Case
from app.content.laws.refs import parse_ref
from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter, cites
from app.training.report import Report, report_for
from app.training.review import DueItem, ItemKind


class Mode(StrEnum):
    """Why an attempt was made; the store records it with the attempt."""

    PRACTICE = "practice"
    REVIEW = "review"
    EXAM = "exam"


@dataclass(frozen=True)
class Progress:
    """What the store knows of one trainee: items due now, and each case's last score (0–1)."""

    due: tuple[DueItem, ...] = ()
    last_scores: Mapping[str, float] = field(default_factory=dict)


def _review_rank(case: Case, progress: Progress) -> tuple[int, datetime] | None:
    """(0, due) for a due case, (1, earliest due) for a case citing a due law section, else None."""
    case_due = [d.due for d in progress.due if d.item.kind == ItemKind.CASE and d.item.key == case.id]
    if case_due:
        return 0, min(case_due)
    law_due = [d.due for d in progress.due if d.item.kind == ItemKind.LAW and cites(case, parse_ref(d.item.key))]
    return (1, min(law_due)) if law_due else None


def practice_order(cases: Iterable[Case], progress: Progress) -> list[Case]:
    """Every case, due first, then unseen, then weakest; ties keep the library's order."""
    def rank(case: Case) -> tuple[int, float]:
        review = _review_rank(case, progress)
        if review is not None:
            return review[0], review[1].timestamp()
        if case.id not in progress.last_scores:
            return 2, 0.0
        return 3, progress.last_scores[case.id]

    return sorted(cases, key=rank)


def review_queue(cases: Iterable[Case], progress: Progress) -> list[Case]:
    """Only the cases due for review, or citing a law section due, in the order of ``practice_order``."""
    return [case for case in practice_order(cases, progress) if _review_rank(case, progress) is not None]


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
