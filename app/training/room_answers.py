"""The room's answers to one question of a live session, counted without names: a bar per choice
(lettered as the room sees them), or for a number, law or order question the most common answers;
and how many were right, partly right and wrong.

The presenter's notes and, on a key, the room's screen draw this after the answer is revealed;
before then only how many have answered. The answers come from the class database as the trainees
sent them, so one that does not fit the question (typed in by hand) is counted apart, never trusted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from app.content.cases.model import Question
from app.content.laws.refs import parse_ref
from app.training.feedback import choice_order, letter, start_order
from app.training.marking import Answer, AnswerError, mark

# How many of the most common answers a number, law or order question shows; the rest are "other answers".
MOST_COMMON = 5


@dataclass(frozen=True)
class Bar:
    """One bar: what it stands for, how many gave it, and whether it is (part of) the model answer."""

    label: str
    count: int
    right: bool


@dataclass(frozen=True)
class RoomAnswers:
    """The room's answers to one question. ``by_choice``: the bars are every choice, in the room's
    order (a several-choice question counts each tick); otherwise they are the most common answers,
    then the rest together."""

    question_id: str
    answered: int
    by_choice: bool
    bars: tuple[Bar, ...]
    right: int
    partly: int
    wrong: int
    unreadable: int = 0


def room_answers(question: Question, seed: int, answers: Sequence[Answer]) -> RoomAnswers:
    """Count ``answers`` (as the class database holds them, decoded) to ``question``, presented
    with ``seed``."""
    readable: list[tuple[Answer, float]] = []
    for answer in answers:
        try:
            readable.append((answer, mark(question, answer).fraction))
        except AnswerError:
            continue
    right = sum(1 for _answer, fraction in readable if fraction >= 1.0)
    wrong = sum(1 for _answer, fraction in readable if fraction <= 0.0)
    if question.kind in ("single", "multi"):
        bars = _choice_bars(question, seed, [answer for answer, _fraction in readable])
    else:
        bars = _common_bars(question, seed, readable)
    return RoomAnswers(question.id, len(answers), question.kind in ("single", "multi"), bars, right,
                       len(readable) - right - wrong, wrong, len(answers) - len(readable))


def _choice_bars(question: Question, seed: int, answers: list[Answer]) -> tuple[Bar, ...]:
    ticks: Counter[int] = Counter()
    for answer in answers:  # marking has checked each: a set of indexes, or one index
        ticks.update(answer if isinstance(answer, frozenset) else [answer] if isinstance(answer, int) else [])
    return tuple(Bar(f"{letter(place)}. {question.choices[index].text}", ticks[index], question.choices[index].correct)
                 for place, index in enumerate(choice_order(question, seed)))


def _common_bars(question: Question, seed: int, answers: list[tuple[Answer, float]]) -> tuple[Bar, ...]:
    counts: Counter[str] = Counter()
    full: dict[str, bool] = {}
    for answer, fraction in answers:
        label = _label(question, seed, answer)
        counts[label] += 1
        full[label] = fraction >= 1.0
    common = counts.most_common(MOST_COMMON)
    bars = [Bar(label, count, full[label]) for label, count in common]
    rest = sum(counts.values()) - sum(count for _label, count in common)
    if rest:
        bars.append(Bar("other answers", rest, False))
    return tuple(bars)


def _label(question: Question, seed: int, answer: Answer) -> str:
    """How an answer is shown and grouped: a number as written plainly (620.0 as 620), a law
    reference in its standard form (27b1a as 27B1(a)), an order as the letters the room saw."""
    if isinstance(answer, str):
        return parse_ref(answer).label()  # a law reference: marking has read it already
    if isinstance(answer, tuple):
        shown = {index: letter(place) for place, index in enumerate(start_order(question, seed))}
        return " ".join(shown[index] for index in answer)
    assert isinstance(answer, int | float), "marking has checked the answer's kind"
    return f"{float(answer):g}"
