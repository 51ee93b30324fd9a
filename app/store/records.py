"""What the store hands back: plain frozen dataclasses, never live ORM rows, so the GUI can
keep them across threads and transactions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

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
class ClassResults:
    by_case: list[CaseResult]
    by_topic: list[GroupResult]
