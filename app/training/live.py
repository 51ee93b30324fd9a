"""A live class session as plain data: what the presenter's screen asks of the room, and one
trainee's side of it — the question to answer, the answers given and whether each has reached the
class database, and the mark, shown only once the presenter has revealed the answer.

The presenter reveals a case step by step (``app.training.presentation``); each trainee's screen
follows the question on the room's screen, in the order of choices the room sees (the session
carries the presentation's seed). The store shares the session (``app.store.live_sessions``) and
the window only draws what these objects say, so the rules — a question takes answers until its
answer is revealed, a mark is not shown before then, an answer counts once — are tested here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from app.training.attempt import Attempt
from app.training.marking import Answer, AnswerError, Mark, mark

if TYPE_CHECKING:
    from app.content.cases.model import Case, Question
    from app.training.presentation import Presentation


class LivePhase(StrEnum):
    """Where the room is: looking at the table, answering a question, shown its answer, or done."""

    TABLE = "table"
    QUESTION = "question"
    ANSWER = "answer"
    ENDED = "ended"


@dataclass(frozen=True)
class LiveStep:
    """What the presenter's screen asks of the trainees: the phase, the question on it, and every
    question whose answer the room has been shown."""

    phase: LivePhase
    question_id: str | None
    revealed: frozenset[str]


def live_step(presentation: Presentation) -> LiveStep:
    """The step of a presentation as the trainees' screens follow it. A question the presenter goes
    back to after showing its answer stays answered: the room has seen the answer."""
    # Imported here: the presentation brings in the rules' timeline, which the store (importing this
    # module to open) never needs; a presenter's or a seat's window has it already.
    from app.training.presentation import StepKind

    step, revealed = presentation.step, presentation.revealed
    question = step.question
    if question is None or step.kind not in (StepKind.QUESTION, StepKind.ANSWER):
        return LiveStep(LivePhase.TABLE, None, revealed)
    phase = LivePhase.ANSWER if step.kind is StepKind.ANSWER or question.id in revealed else LivePhase.QUESTION
    return LiveStep(phase, question.id, revealed)


@dataclass(frozen=True)
class LiveState:
    """A session as the class database holds it, read by a trainee's window. ``revision`` grows with
    every change the presenter makes."""

    session_id: int
    code: str
    case_id: str
    case_title: str
    seed: int
    presenter: str
    phase: LivePhase
    question_id: str | None
    revision: int
    revealed: frozenset[str] = frozenset()

    @property
    def ended(self) -> bool:
        return self.phase is LivePhase.ENDED


@dataclass(frozen=True)
class LiveAnswer:
    """An answer on its way to the class database: the question, the answer, and the revision the
    trainee's screen showed when it was given (so one given before the reveal still counts if the
    network delays it)."""

    question_id: str
    answer: Answer
    seen_revision: int


class LiveError(ValueError):
    """An answer the session does not take now (no question open, or already answered)."""


@dataclass
class LiveTrainee:
    """One trainee's side of a session: the session as last read, the answers given, which of them
    the class database holds, and which it refused because they came after the answer was shown."""

    case: Case
    state: LiveState
    answers: dict[str, Answer] = field(default_factory=dict)
    sent: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)
    seen_revision: int = 0
    given_at: dict[str, int] = field(default_factory=dict)  # the revision on screen when each was given

    def __post_init__(self) -> None:
        self.seen_revision = self.state.revision

    def update(self, state: LiveState) -> None:
        """The session as just read; the screen shows it from now on."""
        self.state = state
        self.seen_revision = max(self.seen_revision, state.revision)

    @property
    def question(self) -> Question | None:
        """The question on the room's screen, or None while it shows the table (or is done)."""
        wanted = self.state.question_id
        return next((q for q in self.case.questions if q.id == wanted), None) if wanted else None

    @property
    def can_answer(self) -> bool:
        """A question is open, its answer not yet shown, and this trainee has not answered it."""
        question = self.question
        return (question is not None and self.state.phase is LivePhase.QUESTION
                and question.id not in self.state.revealed and question.id not in self.answers)

    def give(self, answer: Answer) -> LiveAnswer:
        """Answer the open question (checked as marking checks it: AnswerError for a malformed one);
        returns what to send. The answer is kept here until the class database has it."""
        question = self.question
        if question is None or not self.can_answer:
            raise LiveError("no question is waiting for your answer")
        mark(question, answer)  # refuses an answer of the wrong shape before it is sent
        self.answers[question.id] = answer
        self.given_at[question.id] = self.seen_revision
        return LiveAnswer(question.id, answer, self.seen_revision)

    def restore(self, answers: Mapping[str, Answer]) -> None:
        """Answers the class database already holds for this trainee (rejoining after a restart)."""
        for question_id, answer in answers.items():
            self.answers.setdefault(question_id, answer)
            self.sent.add(question_id)

    def pending(self) -> list[LiveAnswer]:
        """Answers given but not yet held by the class database, in the order of the questions."""
        return [LiveAnswer(q.id, self.answers[q.id], self.given_at[q.id]) for q in self.case.questions
                if q.id in self.given_at and q.id not in self.sent and q.id not in self.refused]

    def delivered(self, question_id: str, accepted: bool) -> None:
        """The class database's reply to an answer sent: held, or refused as too late."""
        (self.sent if accepted else self.refused).add(question_id)

    def mark_shown(self) -> Mark | None:
        """The trainee's mark on the question whose answer is on the room's screen; None before the
        reveal, with no answer, or for one the class did not take."""
        question = self.question
        if question is None or self.state.phase is not LivePhase.ANSWER:
            return None
        if question.id not in self.answers or question.id in self.refused:
            return None
        return mark(question, self.answers[question.id])

    @property
    def answered(self) -> int:
        """How many questions this trainee's answers count for."""
        return len(self.sent)

    @property
    def points(self) -> tuple[float, float]:
        """The points the answers that count earn, and the most the case offers."""
        earned = sum(mark(q, self.answers[q.id]).points for q in self.case.questions if q.id in self.sent)
        return earned, sum(q.points for q in self.case.questions)


def live_attempt(case: Case, seed: int, answers: Mapping[str, Answer], started_at: datetime,
                 finished_at: datetime) -> Attempt | None:
    """The attempt a trainee's answers in a session amount to, for their progress: the questions
    answered are marked, the others score nothing. ``answers`` are as the class database holds them
    (decoded); one that does not fit its question (typed in by hand) is left out. None without any."""
    attempt = Attempt(case, started_at=started_at, seed=seed)
    for question in case.questions:
        if question.id not in answers:
            continue
        answer = answers[question.id]
        try:
            attempt.marks[question.id] = mark(question, answer)
        except AnswerError:
            continue
        attempt.answers[question.id] = answer
    if not attempt.marks:
        return None
    attempt.index = len(case.questions)
    attempt.finished_at = finished_at
    attempt.finished_after = max(0.0, (finished_at - started_at).total_seconds())
    return attempt
