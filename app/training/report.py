"""The results of a set of attempts (a practice session or an exam), case by case and by topic.

A case carrying several topics counts in full towards each of them, so the topic
lines may add up to more than the total: each line answers "how did I do on cases
about this?". A question never answered scores nothing and says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from app.training.attempt import Attempt
from app.training.marking import Answer, correct_answer

if TYPE_CHECKING:
    from app.content.cases.model import Question

NOT_ANSWERED = "Not answered"


@dataclass(frozen=True)
class Tally:
    """Points earned out of points available."""

    points: float = 0.0
    max_points: float = 0.0

    @property
    def fraction(self) -> float:
        return self.points / self.max_points if self.max_points else 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.points + other.points, self.max_points + other.max_points)


@dataclass(frozen=True)
class QuestionLine:
    """One question in a report: what was asked, the trainee's answer in words (empty when not
    answered), the verdict and points, the model answer and why it is the answer. A report kept
    before ``given`` and ``why`` were recorded reads them back empty."""

    question_id: str
    ask: str
    verdict: str
    points: float
    max_points: float
    correct_answer: str
    given: str = ""
    why: str = ""


@dataclass(frozen=True)
class CaseLine:
    case_id: str
    title: str
    topics: tuple[str, ...]
    questions: tuple[QuestionLine, ...]

    @property
    def tally(self) -> Tally:
        return Tally(sum(q.points for q in self.questions), sum(q.max_points for q in self.questions))


@dataclass(frozen=True)
class Report:
    title: str
    cases: tuple[CaseLine, ...]

    @property
    def total(self) -> Tally:
        return sum((line.tally for line in self.cases), Tally())

    @property
    def by_topic(self) -> dict[str, Tally]:
        """Topic → tally over the cases carrying it, in topic order."""
        tallies: dict[str, Tally] = {}
        for line in self.cases:
            for topic in line.topics:
                tallies[topic] = tallies.get(topic, Tally()) + line.tally
        return dict(sorted(tallies.items()))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data, for the store to keep a finished exam's report."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Report:
        cases = tuple(
            CaseLine(c["case_id"], c["title"], tuple(c["topics"]), tuple(QuestionLine(**q) for q in c["questions"]))
            for c in data["cases"]
        )
        return cls(data["title"], cases)


def answer_in_words(question: Question, answer: Answer) -> str:
    """A trainee's answer as the report states it: the choices by their text, a number, a law
    reference as typed, the items in the order given."""
    if question.kind == "single" and isinstance(answer, int):
        return question.choices[answer].text
    if question.kind == "multi" and isinstance(answer, frozenset):
        return "; ".join(question.choices[index].text for index in sorted(answer)) or "nothing ticked"
    if question.kind == "order" and isinstance(answer, tuple):
        return " → ".join(question.items[index] for index in answer)
    if isinstance(answer, float):
        return f"{answer:g}"
    return str(answer)


def case_line(attempt: Attempt) -> CaseLine:
    questions = []
    for question in attempt.case.questions:
        given = attempt.marks.get(question.id)
        questions.append(QuestionLine(
            question.id, question.ask,
            given.verdict if given else NOT_ANSWERED,
            given.points if given else 0.0,
            question.points,
            correct_answer(question),
            answer_in_words(question, attempt.answers[question.id]) if given else "",
            given.why if given else question.why,
        ))
    return CaseLine(attempt.case.id, attempt.case.title, tuple(attempt.case.topics), tuple(questions))


def report_for(title: str, attempts: Iterable[Attempt]) -> Report:
    return Report(title, tuple(case_line(attempt) for attempt in attempts))
