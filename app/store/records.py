"""What the store hands back: plain frozen dataclasses, never live ORM rows, so the GUI can
keep them across threads and transactions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from app.content.laws.refs import RefError, parse_ref

if TYPE_CHECKING:  # annotations only: the window imports these records before its first paint
    from app.training.marking import Answer
    from app.training.practice import Mode
    from app.training.report import Tally


class Role(StrEnum):
    """An instructor's profile opens the classroom view; both roles can practise."""

    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    role: Role


@dataclass(frozen=True)
class AttemptSummary:
    id: int
    case_id: str
    case_title: str
    mode: Mode
    score: float
    finished_at: datetime


@dataclass(frozen=True)
class ExamSummary:
    id: int
    name: str
    started_at: datetime
    score: float
    passed: bool
    timed_out: bool


@dataclass(frozen=True)
class CaseResult:
    """One trainee on one case: how often tried, the last and the best score (0–1)."""

    profile: str
    case_id: str
    case_title: str
    attempts: int
    last: float
    best: float


@dataclass(frozen=True)
class GroupResult:
    """One trainee on one topic or law section (``key``): how many cases, and the points of the
    latest attempt at each."""

    profile: str
    key: str
    cases: int
    tally: Tally


@dataclass(frozen=True)
class LiveRoom:
    """A live session as the presenter's screen reads it: the trainees in it (joined, not left), and
    the answers to ``question_id``, with who gave each, in the order they came."""

    present: tuple[str, ...]
    answers: tuple[tuple[str, Answer], ...]
    question_id: str | None = None


@dataclass(frozen=True)
class ClassResults:
    by_case: list[CaseResult]
    by_topic: list[GroupResult]


def by_whole_law(results: list[GroupResult]) -> list[GroupResult]:
    """Results per law section rolled up to whole laws (``27B1(a)`` counts under ``27``), in
    law order, for the progress chart; sections that are not laws (Definitions) keep their key."""
    totals: dict[tuple[int, str], GroupResult] = {}
    for result in results:
        try:
            ref = parse_ref(result.key).whole_law()
        except RefError:
            continue
        key = (ref.law, ref.key)
        previous = totals.get(key)
        if previous is None:
            totals[key] = GroupResult(result.profile, ref.key, result.cases, result.tally)
        else:
            totals[key] = GroupResult(result.profile, ref.key, previous.cases + result.cases,
                                      previous.tally + result.tally)
    return [totals[k] for k in sorted(totals)]
