"""Marking a trainee's answer to one question, with the partial-credit rule of each kind.

The rules (also shown to trainees in the help):

- ``single``: all or nothing.
- ``multi``: every choice is judged — ticked when it is correct, left alone when it
  is not. The mark is the share of the right choices ticked less the share of the wrong
  choices ticked, never below zero: ticking everything, or nothing, earns nothing whatever
  the mix of right and wrong choices, so no blind strategy beats a guess.
- ``number``: full marks within the tolerance (exact when none is given), else nothing.
- ``law``: full marks for the answer or any reference in ``accept``; half marks for
  another section of the right law; nothing for another law.
- ``order``: the share of pairs of items put in the right relative order, so one
  swap of neighbours costs little and a reversed list earns nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from app.content.laws.refs import LawRef, RefError, parse_ref

if TYPE_CHECKING:
    from app.content.cases.model import Question

Answer = int | frozenset[int] | float | str | tuple[int, ...]

LAW_PART_MARK = 0.5


class AnswerError(ValueError):
    """An answer of the wrong shape for the question (a GUI or caller bug, or a typed reference
    that cannot be read — the message then says how to write one)."""


@dataclass(frozen=True)
class Mark:
    """The outcome of one answer: the fraction earned and what to tell the trainee."""

    question_id: str
    fraction: float
    points: float
    max_points: float
    correct_answer: str
    why: str

    @property
    def is_correct(self) -> bool:
        return self.fraction >= 1.0

    @property
    def verdict(self) -> str:
        if self.is_correct:
            return "Right"
        return "Partly right" if self.fraction > 0 else "Wrong"


def mark(question: Question, answer: Answer) -> Mark:
    """Mark an answer; ``answer`` is a choice index (single), a set of indexes (multi), a number,
    a law reference as typed (law), or the items' indexes in the order given (order)."""
    fraction, why = _MARKERS[question.kind](question, answer)
    explanation = "\n\n".join(part for part in (why, question.why) if part)
    return Mark(question.id, fraction, round(fraction * question.points, 4), question.points,
                correct_answer(question), explanation)


def correct_answer(question: Question) -> str:
    """The model answer in words, shown after marking."""
    if question.kind == "single":
        return next(c.text for c in question.choices if c.correct)
    if question.kind == "multi":
        return "; ".join(c.text for c in question.choices if c.correct)
    if question.kind == "number":
        value = question.answer
        text = f"{value:g}" if isinstance(value, float) else str(value)
        return f"{text} (± {question.tolerance:g})" if question.tolerance else text
    if question.kind == "law":
        return str(question.answer.label() if isinstance(question.answer, LawRef) else question.answer)
    return " → ".join(question.items)


def _single(question: Question, answer: Answer) -> tuple[float, str]:
    if not isinstance(answer, int) or not 0 <= answer < len(question.choices):
        raise AnswerError("a single-choice answer is the index of one choice")
    choice = question.choices[answer]
    return (1.0 if choice.correct else 0.0), choice.why


def _multi(question: Question, answer: Answer) -> tuple[float, str]:
    if not isinstance(answer, frozenset) or any(not 0 <= i < len(question.choices) for i in answer):
        raise AnswerError("a multiple-choice answer is a set of choice indexes")
    right = [i for i, c in enumerate(question.choices) if c.correct]
    wrong = [i for i, c in enumerate(question.choices) if not c.correct]
    found = sum(1 for i in right if i in answer) / len(right) if right else 1.0
    mistaken = sum(1 for i in wrong if i in answer) / len(wrong) if wrong else 0.0
    whys = [c.why for i, c in enumerate(question.choices) if (i in answer) != c.correct and c.why]
    return max(0.0, found - mistaken), "\n\n".join(whys)


def _number(question: Question, answer: Answer) -> tuple[float, str]:
    if isinstance(answer, bool) or not isinstance(answer, int | float):
        raise AnswerError("a number answer must be a number")
    return (1.0 if abs(float(answer) - float(question.answer)) <= question.tolerance else 0.0), ""


def _law(question: Question, answer: Answer) -> tuple[float, str]:
    if not isinstance(answer, str):
        raise AnswerError("a law answer is a reference such as 27B1(a)")
    try:
        given = parse_ref(answer)
    except RefError as exc:
        raise AnswerError(str(exc)) from exc
    expected: LawRef = question.answer
    if given == expected or given in question.accept:
        return 1.0, ""
    if given.law == expected.law and not given.special:
        return LAW_PART_MARK, f"{given.label()} is the right law but not the section that decides this."
    return 0.0, ""


def _order(question: Question, answer: Answer) -> tuple[float, str]:
    if not isinstance(answer, tuple) or sorted(answer) != list(range(len(question.items))):
        raise AnswerError("an order answer lists every item's index once, in the order chosen")
    pairs = list(combinations(answer, 2))
    in_order = sum(1 for first, second in pairs if first < second)
    return in_order / len(pairs), ""


_MARKERS = {"single": _single, "multi": _multi, "number": _number, "law": _law, "order": _order}
