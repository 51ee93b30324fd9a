"""A trainee's history as the study plan, the readiness estimate and the coverage read it: every
marked answer with when it was given and what its case was about, and every mock paper's mark.

The store builds these (``Store.answer_history``, ``Store.paper_results``) from the attempts it
keeps, with the case's topics and law sections as they were when it was answered; everything
computed from them is decided here and below, without a database, so it is tested on histories
made up in the test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from app.training.exam import ExamProfile


@dataclass(frozen=True)
class AnswerRecord:
    """One marked answer. ``answered_at`` is when its attempt finished (or was last saved);
    ``exam_id`` is the mock paper it was part of, if any."""

    attempt_id: int
    case_id: str
    question_id: str
    answered_at: datetime
    points: float
    max_points: float
    topics: tuple[str, ...] = ()
    laws: tuple[str, ...] = ()
    exam_id: int | None = None

    @property
    def fraction(self) -> float:
        return self.points / self.max_points if self.max_points else 0.0


@dataclass(frozen=True)
class PaperResult:
    """A mock paper sat: the rules it was drawn under, when it started, and the mark it earned (0–1)."""

    id: int
    paper: ExamProfile
    started_at: datetime
    mark: float
    passed: bool


def latest_attempts(answers: Iterable[AnswerRecord]) -> dict[str, list[AnswerRecord]]:
    """Case id → the answers of the trainee's latest attempt at it (the one that finished last)."""
    attempts: dict[int, list[AnswerRecord]] = {}
    for answer in answers:
        attempts.setdefault(answer.attempt_id, []).append(answer)
    latest: dict[str, list[AnswerRecord]] = {}
    for _, given in sorted(attempts.items(), key=lambda item: (item[1][0].answered_at, item[0])):
        latest[given[0].case_id] = given
    return latest


def first_seen(answers: Iterable[AnswerRecord]) -> dict[str, datetime]:
    """Case id → when the trainee first finished an attempt at it."""
    seen: dict[str, datetime] = {}
    for answer in answers:
        if answer.case_id not in seen or answer.answered_at < seen[answer.case_id]:
            seen[answer.case_id] = answer.answered_at
    return seen
