"""An exam paper at a glance: each case and each of its questions — answered (standing, or still
open to change), unanswered, not yet shown — and which are flagged, so the candidate sees what is
left before handing in and can go to it. Nothing here says whether an answer is right."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.training.exam import Exam


class QuestionState(Enum):
    STANDS = "answered"  # a later question of its case has been shown: the answer can no longer change
    OPEN = "answered, can still be changed"
    UNANSWERED = "not answered"
    NOT_SHOWN = "not yet shown"


@dataclass(frozen=True)
class QuestionLine:
    number: int
    ask: str
    state: QuestionState
    flagged: bool


@dataclass(frozen=True)
class CaseLine:
    """One case of the paper; ``index`` is its place on the paper (from 0)."""

    index: int
    title: str
    questions: tuple[QuestionLine, ...]
    on_screen: bool

    @property
    def answered(self) -> int:
        return sum(q.state in (QuestionState.STANDS, QuestionState.OPEN) for q in self.questions)

    @property
    def flagged(self) -> int:
        return sum(q.flagged for q in self.questions)

    @property
    def summary(self) -> str:
        """E.g. '2 of 3 answered, 1 flagged'."""
        flags = f", {self.flagged} flagged" if self.flagged else ""
        return f"{self.answered} of {len(self.questions)} answered{flags}"


def paper_overview(exam: Exam) -> list[CaseLine]:
    """Every case of the paper in order, with the state of each question."""
    lines = []
    for index, case in enumerate(exam.cases):
        attempt = exam.attempts[index] if index < len(exam.attempts) else None
        questions = []
        for number, question in enumerate(case.questions):
            if attempt is None or number > attempt.index:
                state = QuestionState.NOT_SHOWN
            elif question.id not in attempt.marks:
                state = QuestionState.UNANSWERED
            else:
                state = QuestionState.OPEN if number == attempt.index else QuestionState.STANDS
            questions.append(QuestionLine(number + 1, question.ask, state, (case.id, question.id) in exam.flags))
        lines.append(CaseLine(index, case.title, tuple(questions), index == exam.position and not exam.is_finished))
    return lines


def left_to_do(exam: Exam) -> str:
    """What is still open on the paper, in a sentence for the hand-in question."""
    lines = paper_overview(exam)
    total = sum(len(line.questions) for line in lines)
    answered = sum(line.answered for line in lines)
    flagged = sum(line.flagged for line in lines)
    parts = [f"{answered} of {total} questions answered"]
    if flagged:
        parts.append(f"{flagged} flagged to look at again")
    return "; ".join(parts)
