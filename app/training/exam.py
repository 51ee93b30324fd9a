"""Mock accreditation exams: a paper drawn from a profile, sat against the clock, marked at the end.

An exam profile sets how many cases the paper has (each case is one problem on the
paper, with its own questions), how many must come from given topics, the time
allowed, open or closed book, and the pass mark. ``choose_cases`` draws the paper;
with a seed the same library always gives the same paper, so an instructor can set
one paper for a whole class.

An ``Exam`` runs the cases as Attempts with feedback off. The candidate may leave a case
with its question unanswered, go back to it, flag questions to look at again, and change an
answer until the next question of its case is shown: a case's later questions may name what an
earlier one asks (its writers keep only the earlier questions clear of the later answers, see
``app.training.visibility``), so once a later question has been seen the earlier answers stand.
Time is never read
from the clock here: every action takes ``now`` (an aware datetime), which keeps the
time limit testable and lets the GUI drive it from its timer. An action at or after
the deadline ends the exam instead, and what was answered by then is marked.

A paper interrupted by closing the application (or a crash) is resumed from the store
(``app.training.resume``). Whether its clock ran while the application was closed is the
profile's ``clock_runs_while_closed``: it does for a paper that stands for a real exam
(walking out of an exam room does not stop its clock), and stops for a practice paper;
the time the clock stood still is the exam's ``paused`` and moves its deadline on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from app.content.library import CURRENT_EDITION
from app.training.attempt import Attempt, AttemptError
from app.training.case_filter import HIGHEST_DIFFICULTY, LOWEST_DIFFICULTY, CaseFilter
from app.training.clock import as_utc
from app.training.marking import Answer

if TYPE_CHECKING:
    from app.content.cases.model import Case, Question
    from app.training.report import Report

DEFAULT_PASS_MARK = 0.65
# Points are sums of fractional marks; a score that reaches the pass mark on paper must
# not fail by a rounding error in the last bit.
PASS_TOLERANCE = 1e-9


class ExamError(ValueError):
    """An exam that cannot be set: a profile that does not add up, or a library too small for it."""


class ExamOver(AttemptError):
    """An answer or a move after the exam has ended (time up, or finished)."""


@dataclass(frozen=True)
class ExamProfile:
    """The rules of a paper. ``quotas`` maps a topic to the least number of cases carrying it;
    the rest of the paper is drawn from every case the pool allows (``topics``, empty for
    all, difficulty range and edition). ``clock_runs_while_closed``: whether the time allowed
    keeps running while the application is closed mid-paper (see the module's note)."""

    name: str
    cases: int
    minutes: int
    open_book: bool = True
    pass_mark: float = DEFAULT_PASS_MARK
    quotas: Mapping[str, int] = field(default_factory=dict)
    topics: frozenset[str] = frozenset()
    min_difficulty: int = LOWEST_DIFFICULTY
    max_difficulty: int = HIGHEST_DIFFICULTY
    edition: str = CURRENT_EDITION
    description: str = ""
    clock_runs_while_closed: bool = True

    def __post_init__(self) -> None:
        problems = []
        if self.cases < 1:
            problems.append("it must set at least one case")
        if self.minutes < 1:
            problems.append("it must allow at least one minute")
        if not 0 < self.pass_mark <= 1:
            problems.append(f"its pass mark {self.pass_mark} is not a fraction between 0 and 1 (65 % is 0.65)")
        if any(count < 1 for count in self.quotas.values()):
            problems.append("each topic quota must ask for at least one case")
        if sum(self.quotas.values()) > self.cases:
            problems.append(f"its topic quotas ask for {sum(self.quotas.values())} cases but the paper has {self.cases}")
        if self.topics and not set(self.quotas) <= self.topics:
            problems.append("a topic with a quota is outside the topics the paper draws on")
        if problems:
            raise ExamError(f"exam profile {self.name!r}: " + "; ".join(problems))

    def case_filter(self) -> CaseFilter:
        return CaseFilter(self.topics, None, self.min_difficulty, self.max_difficulty, self.edition)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, kept by the store with each exam so a report outlives profile changes."""
        return {
            "name": self.name, "cases": self.cases, "minutes": self.minutes, "open_book": self.open_book,
            "pass_mark": self.pass_mark, "quotas": dict(self.quotas), "topics": sorted(self.topics),
            "min_difficulty": self.min_difficulty, "max_difficulty": self.max_difficulty,
            "edition": self.edition, "description": self.description,
            "clock_runs_while_closed": self.clock_runs_while_closed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExamProfile:
        """The profile ``to_dict`` wrote; a key an older version did not write takes its default."""
        return cls(**{**data, "quotas": dict(data["quotas"]), "topics": frozenset(data["topics"])})


def choose_cases(profile: ExamProfile, cases: Iterable[Case], seed: int | None = None) -> list[Case]:
    """Draw a paper: the quotas first (topics in alphabetical order, so a seed is reproducible),
    then the remaining places from the whole pool, shuffled. A case counts towards every
    quota whose topic it carries.

    Raises ExamError, saying which topic falls short, when the library is too small.
    """
    rng = random.Random(seed)
    pool = sorted(profile.case_filter().apply(cases), key=lambda case: case.id)
    chosen: list[Case] = []
    for topic, wanted in sorted(profile.quotas.items()):
        have = sum(1 for case in chosen if topic in case.topics)
        candidates = [case for case in pool if topic in case.topics and case not in chosen]
        if have + len(candidates) < wanted:
            raise ExamError(
                f"{profile.name!r} needs {wanted} cases on {topic!r} but the library has "
                f"{have + len(candidates)} that fit the paper (difficulty {profile.min_difficulty}–"
                f"{profile.max_difficulty}, {profile.edition}); add cases or lower the quota"
            )
        chosen += rng.sample(candidates, max(0, wanted - have))
    rest = [case for case in pool if case not in chosen]
    if len(chosen) + len(rest) < profile.cases:
        raise ExamError(
            f"{profile.name!r} needs {profile.cases} cases but the library has only {len(pool)} that fit "
            f"(difficulty {profile.min_difficulty}–{profile.max_difficulty}, {profile.edition}"
            f"{', topics ' + ', '.join(sorted(profile.topics)) if profile.topics else ''})"
        )
    chosen += rng.sample(rest, profile.cases - len(chosen))
    rng.shuffle(chosen)
    return chosen


@dataclass(frozen=True)
class ExamReport:
    profile: ExamProfile
    report: Report
    started_at: datetime
    finished_at: datetime
    timed_out: bool
    paused: timedelta = timedelta(0)

    @property
    def passed(self) -> bool:
        return self.report.total.fraction >= self.profile.pass_mark - PASS_TOLERANCE

    @property
    def time_taken(self) -> timedelta:
        """The time on the exam's clock: from start to finish, less any time it stood still."""
        return self.finished_at - self.started_at - self.paused


@dataclass
class Exam:
    """A paper being sat. ``attempts`` grows as the candidate reaches each case, in the paper's
    order; ``position`` is the case on screen. ``flags`` are the questions (case id, question id)
    the candidate flagged to look at again. ``paused`` is the time the clock stood still (a
    practice paper resumed after the application was closed). ``reached_end`` says the last
    move went past the paper's last case with work still open, so the candidate is shown what."""

    profile: ExamProfile
    cases: list[Case]
    started_at: datetime
    seed: int | None = None
    attempts: list[Attempt] = field(default_factory=list)
    finished_at: datetime | None = None
    timed_out: bool = False
    paused: timedelta = timedelta(0)
    position: int = 0
    flags: set[tuple[str, str]] = field(default_factory=set)
    reached_end: bool = False

    def __post_init__(self) -> None:
        self.started_at = as_utc(self.started_at)
        if not self.cases:
            raise ExamError("an exam needs at least one case")
        if not self.attempts:
            self.attempts.append(Attempt(self.cases[0], feedback=False, started_at=self.started_at))

    @classmethod
    def start(cls, profile: ExamProfile, cases: Iterable[Case], now: datetime, seed: int | None = None) -> Exam:
        """Draw a paper from the library's cases and start the clock at ``now``."""
        return cls(profile, choose_cases(profile, cases, seed), now, seed)

    @property
    def deadline(self) -> datetime:
        return self.started_at + self.paused + timedelta(minutes=self.profile.minutes)

    def time_used(self, now: datetime) -> timedelta:
        """The time on the exam's clock at ``now``, never more than the time allowed."""
        end = self.finished_at if self.finished_at is not None else as_utc(now)
        return min(timedelta(minutes=self.profile.minutes), max(timedelta(0), end - self.started_at - self.paused))

    def time_left(self, now: datetime) -> timedelta:
        if self.finished_at is not None:
            return timedelta(0)
        return max(timedelta(0), self.deadline - as_utc(now))

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def current(self) -> Attempt | None:
        """The attempt at the case on screen (None once the paper is handed in)."""
        return None if self.is_finished else self.attempts[self.position]

    @property
    def question(self) -> Question | None:
        current = self.current
        return current.question if current else None

    def answer(self, value: Answer, now: datetime) -> None:
        """Record an answer to the current question, or change the one recorded; its mark stays
        hidden until the report."""
        self._check_time(now)
        current = self.current
        assert current is not None  # _check_time raised otherwise
        question = current.question
        if question is not None and question.id in current.marks:
            current.revise(value)
        else:
            current.answer(value)

    def next(self, now: datetime) -> Question | None:
        """Move on: to the case's next question once this one is answered (the answer then stands),
        else to the next case with a question open. Past the last case the paper is handed in when
        every question is answered and none is flagged; otherwise ``reached_end`` is set and the
        first case with an open question comes up (None if only flags are left)."""
        self._check_time(now)
        self.reached_end = False
        current = self.current
        assert current is not None
        question = current.question
        if question is not None and question.id in current.marks:
            following = current.next(as_utc(now))
            if following is not None:
                return following
        for index in range(self.position + 1, len(self.cases)):
            if index >= len(self.attempts) or not self.attempts[index].is_finished:
                return self.go_to(index, now)
        if self.all_answered() and not self.flags:
            self.finish(now)
            return None
        self.reached_end = True
        first_open = next((i for i, attempt in enumerate(self.attempts) if not attempt.is_finished), None)
        if first_open is not None:
            self.position = first_open
        return self.question

    def go_to(self, index: int, now: datetime) -> Question | None:
        """Show the paper's case ``index`` where it stands (its first question if not yet reached);
        None when every answer to it stands."""
        self._check_time(now)
        if not 0 <= index < len(self.cases):
            raise AttemptError(f"the paper has no case {index + 1}")
        while len(self.attempts) <= index:
            self.attempts.append(Attempt(self.cases[len(self.attempts)], feedback=False, started_at=as_utc(now)))
        self.position = index
        return self.question

    def back(self, now: datetime) -> Question | None:
        """The case before the one on screen."""
        return self.go_to(max(0, self.position - 1), now)

    def toggle_flag(self) -> bool:
        """Flag the question on screen to look at again, or unflag it; whether it is flagged now."""
        current, question = self.current, self.question
        if current is None or question is None:
            return False
        key = (current.case.id, question.id)
        self.flags ^= {key}
        return key in self.flags

    @property
    def flagged(self) -> bool:
        """Whether the question on screen is flagged."""
        current, question = self.current, self.question
        return current is not None and question is not None and (current.case.id, question.id) in self.flags

    def all_answered(self) -> bool:
        """Whether every question of the paper has an answer."""
        return len(self.attempts) == len(self.cases) and all(
            len(attempt.marks) == len(attempt.case.questions) for attempt in self.attempts)

    def finish(self, now: datetime) -> ExamReport:
        """End the exam (handing in early, or the time running out) and mark it."""
        if self.finished_at is None:
            moment = as_utc(now)
            self.timed_out = moment >= self.deadline
            self.finished_at = min(moment, self.deadline)
        return self.report()

    def report(self) -> ExamReport:
        if self.finished_at is None:
            raise AttemptError("the report comes when the exam is finished")
        from app.training.report import report_for  # with the first report, not for Home's papers

        unreached = [Attempt(case, feedback=False) for case in self.cases[len(self.attempts):]]
        return ExamReport(self.profile, report_for(self.profile.name, [*self.attempts, *unreached]),
                          self.started_at, self.finished_at, self.timed_out, self.paused)

    def _check_time(self, now: datetime) -> None:
        if self.finished_at is not None:
            raise ExamOver("the exam is over; its report is ready")
        if as_utc(now) >= self.deadline:
            self.finish(now)
            raise ExamOver(
                f"time is up: the {self.profile.minutes} minutes allowed ended at "
                f"{self.deadline.astimezone():%H:%M}; the answers given by then have been marked"
            )
