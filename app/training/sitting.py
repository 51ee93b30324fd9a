"""What the ruling panel talks to: one case on its own, or an exam paper case after case.

Both answer the same three questions — what is being asked, mark this answer, move
on — so the GUI has one way of asking questions whether the trainee is practising
(marks shown at once) or sitting an exam (marks kept back, the clock running).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from app.training.attempt import Attempt
from app.training.clock import utc_now
from app.training.exam import Exam
from app.training.marking import Answer, Mark

if TYPE_CHECKING:
    from app.content.cases.model import Case, Question


class Sitting(Protocol):
    """A run of questions: the current case and question, answering, moving on."""

    @property
    def case(self) -> Case | None: ...

    @property
    def question(self) -> Question | None: ...

    @property
    def attempt(self) -> Attempt | None: ...

    @property
    def feedback(self) -> bool: ...

    def answer(self, value: Answer) -> Mark | None: ...

    def next(self) -> Question | None: ...


@dataclass
class CaseSitting:
    """A single case in practice or review: each answer is marked and shown at once."""

    current: Attempt

    @property
    def case(self) -> Case | None:
        return self.current.case

    @property
    def question(self) -> Question | None:
        return self.current.question

    @property
    def attempt(self) -> Attempt | None:
        return self.current

    @property
    def feedback(self) -> bool:
        return self.current.feedback

    def answer(self, value: Answer) -> Mark | None:
        return self.current.answer(value)

    def next(self) -> Question | None:
        return self.current.next()


@dataclass
class ExamSitting:
    """An exam paper: answers are marked but not shown; the clock is checked at every step.

    ``clock`` is injectable so tests can move time on without waiting.
    """

    exam: Exam
    clock: Callable[[], datetime] = field(default=utc_now)

    @property
    def case(self) -> Case | None:
        current = self.exam.current
        return current.case if current else None

    @property
    def question(self) -> Question | None:
        return self.exam.question

    @property
    def attempt(self) -> Attempt | None:
        return self.exam.current

    @property
    def feedback(self) -> bool:
        return False

    def answer(self, value: Answer) -> Mark | None:
        self.exam.answer(value, self.clock())
        return None

    def next(self) -> Question | None:
        return self.exam.next(self.clock())
