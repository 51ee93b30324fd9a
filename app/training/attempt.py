"""One trainee working through one case: the questions in order, each answer marked at once.

The GUI drives an ``Attempt`` and shows what it says; the store saves finished
attempts. Keeping the state here means the rules for moving on, re-answering
and totalling are tested without a window.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from app.training.clock import utc_now
from app.training.marking import Answer, Mark, mark

if TYPE_CHECKING:
    from app.content.cases.model import Case, Question


class AttemptError(RuntimeError):
    """An action that the attempt's state does not allow (answering twice, going past the end)."""


@dataclass
class Attempt:
    """The answers and marks of one run through a case.

    ``feedback`` is False in an exam: answers are marked but the marks are kept
    back until the end. ``finished_after`` is measured on the monotonic clock, so a
    clock change cannot distort it; ``started_at`` and ``finished_at`` are the wall-clock
    (UTC) moments the store records and an exam checks against its time limit. ``seed``
    shuffles the starting order of order questions, the same for the whole attempt.
    """

    case: Case
    feedback: bool = True
    answers: dict[str, Answer] = field(default_factory=dict)
    marks: dict[str, Mark] = field(default_factory=dict)
    index: int = 0
    started: float = field(default_factory=time.monotonic)
    finished_after: float | None = None
    started_at: datetime = field(default_factory=utc_now)
    finished_at: datetime | None = None
    seed: int = field(default_factory=lambda: random.randrange(1 << 30))

    @property
    def question(self) -> Question | None:
        """The question being asked, or None when every question has been answered."""
        return self.case.questions[self.index] if self.index < len(self.case.questions) else None

    @property
    def is_finished(self) -> bool:
        return self.question is None

    def answer(self, value: Answer) -> Mark | None:
        """Mark the answer to the current question; returns the mark when feedback is on."""
        question = self.question
        if question is None:
            raise AttemptError("every question of this case has been answered")
        if question.id in self.marks:
            raise AttemptError(f"question {question.id!r} has already been answered")
        result = mark(question, value)
        self.answers[question.id] = value
        self.marks[question.id] = result
        return result if self.feedback else None

    def revise(self, value: Answer) -> None:
        """Change the answer to the current question before moving on from it. Only without
        feedback (an exam, whose marks are not shown): a mark seen cannot be answered again."""
        question = self.question
        if self.feedback:
            raise AttemptError("a marked answer cannot be changed once its mark has been shown")
        if question is None:
            raise AttemptError("every question of this case has been answered")
        answer, marked = self.answers.pop(question.id, None), self.marks.pop(question.id, None)
        try:
            self.answer(value)
        except Exception:
            if answer is not None and marked is not None:  # a bad answer loses nothing
                self.answers[question.id], self.marks[question.id] = answer, marked
            raise

    def next(self, now: datetime | None = None) -> Question | None:
        """Move on after the current question has been answered; ``now`` (UTC, default the
        clock) is recorded as ``finished_at`` when that was the last question."""
        question = self.question
        if question is None:
            raise AttemptError("there is no next question: the case is finished")
        if question.id not in self.marks:
            raise AttemptError("answer the question before moving on")
        self.index += 1
        if self.is_finished and self.finished_after is None:
            self.finished_after = time.monotonic() - self.started
            self.finished_at = now or utc_now()
        return self.question

    @property
    def seconds(self) -> float:
        """The time spent on the case so far (all of it, once finished), on the monotonic clock.
        A resumed attempt starts its clock this far back, so time before a restart still counts."""
        return self.finished_after if self.finished_after is not None else time.monotonic() - self.started

    @property
    def points(self) -> float:
        return sum(m.points for m in self.marks.values())

    @property
    def max_points(self) -> float:
        return sum(q.points for q in self.case.questions)

    @property
    def score(self) -> float:
        """The share of the case's points earned so far, 0–1."""
        return self.points / self.max_points if self.max_points else 0.0
