"""Work left half-done — a case, or an exam paper — kept as it stands and put back exactly.

A trainee's answers are saved one by one as they are marked (the store keeps a
``SavedAttempt`` or a ``SavedExam``), so that opening another case, closing the
window, a killed process or a power cut loses nothing. Resuming replays the saved
answers into a new ``Attempt`` with the same ``seed`` (so choices and order questions
come back in the order the trainee saw them) and start time, and it stops at the next
unanswered question; the marks come back because marking an answer always gives the
same mark.

An exam's clock while the application was closed follows its profile
(``ExamProfile.clock_runs_while_closed``): running, a resumed paper has what is left
on the wall clock, and one whose time ran out meanwhile comes back handed in; stopped,
the time between the last moment the paper was seen open (``seen_at``) and the resume
is added to the exam's ``paused`` time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from app.training.attempt import Attempt, AttemptError
from app.training.clock import as_utc
from app.training.exam import Exam, ExamProfile
from app.training.marking import Answer, AnswerError
from app.training.mode import Mode

if TYPE_CHECKING:
    from app.content.cases.model import Case


class ResumeError(ValueError):
    """Saved work that no longer fits the library (a case removed, or its questions changed);
    the message says which and what can be done."""


@dataclass(frozen=True)
class SavedAttempt:
    """An unfinished attempt as the store keeps it: the case, why it was made, the ``seed`` and
    start time that fix what the trainee saw, the time worked, and the answers in the order
    given. ``finished_at`` is set for an exam case the candidate has moved on from."""

    case_id: str
    case_title: str
    mode: Mode
    seed: int
    started_at: datetime
    seconds: float
    answers: tuple[tuple[str, Answer], ...]
    finished_at: datetime | None = None
    index: int | None = None  # the question on screen; None (kept before it was saved): the next unanswered

    @classmethod
    def of(cls, attempt: Attempt, mode: Mode) -> SavedAttempt:
        """The attempt as it stands now."""
        return cls(attempt.case.id, attempt.case.title, mode, attempt.seed, attempt.started_at, attempt.seconds,
                   tuple(attempt.answers.items()), attempt.finished_at, attempt.index)


@dataclass(frozen=True)
class SavedExam:
    """An exam paper being sat, as the store keeps it: the profile, the cases in order and the
    seed that drew them, the clock (start, time paused, the last moment seen open) and an
    attempt per case reached."""

    profile: ExamProfile
    case_ids: tuple[str, ...]
    seed: int | None
    started_at: datetime
    paused: timedelta
    seen_at: datetime
    attempts: tuple[SavedAttempt, ...]
    position: int | None = None  # the case on screen; None (kept before it was saved): the last reached
    flags: frozenset[tuple[str, str]] = frozenset()

    @classmethod
    def of(cls, exam: Exam, now: datetime) -> SavedExam:
        """The paper as it stands at ``now``, the moment it is known to be open."""
        return cls(exam.profile, tuple(case.id for case in exam.cases), exam.seed, exam.started_at, exam.paused,
                   as_utc(now), tuple(SavedAttempt.of(attempt, Mode.EXAM) for attempt in exam.attempts),
                   exam.position, frozenset(exam.flags))

    @property
    def answered(self) -> int:
        """How many questions of the paper have an answer."""
        return sum(len(attempt.answers) for attempt in self.attempts)

    def paused_at(self, now: datetime) -> timedelta:
        """The exam's paused time if it were resumed at ``now``."""
        if self.profile.clock_runs_while_closed:
            return self.paused
        return self.paused + max(timedelta(0), as_utc(now) - self.seen_at)

    def time_left(self, now: datetime) -> timedelta:
        """The time the paper would have left if it were resumed at ``now``."""
        deadline = self.started_at + self.paused_at(now) + timedelta(minutes=self.profile.minutes)
        return max(timedelta(0), deadline - as_utc(now))


def resume_attempt(case: Case, saved: SavedAttempt, now: datetime, feedback: bool = True) -> Attempt:
    """The attempt rebuilt from its saved answers, at the question it was left on: an exam's
    case keeps its last answer open to change if the candidate had not moved on from it; any
    other attempt goes on at the next unanswered question (finished at ``now``, or at its saved
    ``finished_at``, if none is left). Raises ResumeError when the saved answers no longer fit
    the case's questions, rather than dropping any of them."""
    if case.id != saved.case_id:
        raise ResumeError(f"the saved answers are for case {saved.case_id!r}, not {case.id!r}")
    attempt = Attempt(case, feedback=feedback, started=time.monotonic() - saved.seconds,
                      started_at=saved.started_at, seed=saved.seed)
    given = dict(saved.answers)
    moved_on = len(given) if feedback or saved.index is None else saved.index
    for number, question in enumerate(case.questions):
        if question.id not in given:
            break
        try:
            attempt.answer(given.pop(question.id))
        except (AnswerError, AttemptError) as error:
            raise ResumeError(f"{_changed(saved)}: the saved answer to question {question.id!r} no longer fits it "
                              f"({error})") from error
        if number < moved_on:
            attempt.next(saved.finished_at or as_utc(now))
    if given:
        raise ResumeError(f"{_changed(saved)}: it no longer asks {', '.join(repr(q) for q in given)} in the order "
                          "they were answered")
    return attempt


def resume_exam(saved: SavedExam, cases: Mapping[str, Case], now: datetime) -> Exam:
    """The paper rebuilt at ``now`` from its saved state and the library's cases: every answer back
    in place, the clock run on or stopped as its profile says, and handed in (timed out) if its
    time ran out while it was closed. Raises ResumeError when a case of the paper has gone."""
    missing = [case_id for case_id in saved.case_ids if case_id not in cases]
    if missing:
        raise ResumeError(f"the paper's case{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                          "is no longer in the library, so the paper cannot be put back together")
    if len(saved.attempts) > len(saved.case_ids):
        raise ResumeError(f"the saved paper has {len(saved.attempts)} cases answered but only "
                          f"{len(saved.case_ids)} on it")
    paper = [cases[case_id] for case_id in saved.case_ids]
    exam = Exam(saved.profile, paper, saved.started_at, saved.seed, paused=saved.paused_at(now),
                flags={flag for flag in saved.flags if flag[0] in saved.case_ids})
    moment = min(as_utc(now), exam.deadline)
    if saved.attempts:
        exam.attempts = [resume_attempt(case, attempt, moment, feedback=False)
                         for case, attempt in zip(paper, saved.attempts, strict=False)]
    exam.position = len(exam.attempts) - 1 if saved.position is None else min(saved.position, len(exam.attempts) - 1)
    if saved.position is None and exam.attempts[-1].is_finished and len(exam.attempts) < len(paper):
        # kept before the paper's place was saved, between two cases: the next one starts now
        exam.attempts.append(Attempt(paper[len(exam.attempts)], feedback=False, started_at=moment))
        exam.position += 1
    every_case_done = len(exam.attempts) == len(paper) and all(attempt.is_finished for attempt in exam.attempts)
    if every_case_done or as_utc(now) >= exam.deadline:
        exam.finish(now)
    return exam


def _changed(saved: SavedAttempt) -> str:
    return f"case {saved.case_id!r} has changed since it was half-answered"

