"""Blind strategies: what a trainee scores without reading the cases, against what chance gives.

The marks, the progress bars and the mock papers should measure directing, not a pattern in how
the cases are written. A blind strategy answers from the form of the question alone — always the
first (or last, longest, shortest or middle-length) choice shown, every box ticked or none, the first two, numbers and
law references left blank — through the same marking, the same shuffled order of choices (one
seed per attempt) and the same order questions' starting order as the window. Chance is the mark
of the best guess made without reading: 1 in k for a single choice; for a several-choice question
the best of "tick k choices at random" over every k; half the pairs for an order question; nothing
for a blank. Since the choices are shuffled, a strategy that goes by where a choice is shown is
such a guess, and should score chance; one that goes by how choices look (the longest) should
score less, or the case writing gives answers away.
``bench/gaming.py`` prints the figures; a test holds every strategy to chance.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from app.content.cases.model import Case, Question
from app.training.exam import ExamProfile, choose_cases
from app.training.feedback import choice_order, start_order
from app.training.marking import Answer, mark

# A strategy answers a question shown with a given seed; None leaves it blank (it earns nothing).
Strategy = Callable[[Question, int], Answer | None]


def _single(pick: Callable[[Question, tuple[int, ...]], int]) -> Callable[[Question, int], Answer | None]:
    """A strategy that picks one choice by where it is shown (or what it looks like), ticks the
    same one alone in a several-choice question, leaves order questions as they start, and
    leaves numbers and laws blank."""
    def answer(question: Question, seed: int) -> Answer | None:
        if question.kind in ("single", "multi"):
            chosen = pick(question, choice_order(question, seed))
            return chosen if question.kind == "single" else frozenset({chosen})
        if question.kind == "order":
            return start_order(question, seed)
        return None
    return answer


def _ticks(ticked: Callable[[tuple[int, ...]], Iterable[int]]) -> Callable[[Question, int], Answer | None]:
    """A several-choice strategy (ticking some of the choices as shown); for anything else it
    answers as "always the first choice shown" does."""
    first = _single(lambda _question, shown: shown[0])

    def answer(question: Question, seed: int) -> Answer | None:
        if question.kind == "multi":
            return frozenset(ticked(choice_order(question, seed)))
        return first(question, seed)
    return answer


STRATEGIES: dict[str, Strategy] = {
    "always the first choice shown": _single(lambda _question, shown: shown[0]),
    "always the last choice shown": _single(lambda _question, shown: shown[-1]),
    "always the longest choice": _single(
        lambda question, shown: max(shown, key=lambda index: len(question.choices[index].text))),
    "always the shortest choice": _single(
        lambda question, shown: min(shown, key=lambda index: len(question.choices[index].text))),
    "always the choice of middle length": _single(
        lambda question, shown: sorted(shown, key=lambda index: len(question.choices[index].text))[len(shown) // 2]),
    "tick every choice": _ticks(lambda shown: shown),
    "tick no choice": _ticks(lambda shown: ()),
    "tick the first two shown": _ticks(lambda shown: shown[:2]),
}


def chance(question: Question) -> float:
    """The expected mark (0–1) of the best blind guess at this question."""
    if question.kind == "single":
        return 1 / len(question.choices)
    if question.kind == "multi":
        count = len(question.choices)
        by_size = ([mark(question, frozenset(ticked)).fraction for ticked in combinations(range(count), size)]
                   for size in range(count + 1))
        return max(sum(marks) / len(marks) for marks in by_size)
    if question.kind == "order":
        return 0.5  # a random order puts each pair right half the time
    return 0.0  # a number or a law reference is not guessed


@dataclass(frozen=True)
class Score:
    """Points earned out of points available."""

    points: float
    max_points: float

    @property
    def fraction(self) -> float:
        return self.points / self.max_points if self.max_points else 0.0


def play(strategy: Strategy, cases: Iterable[Case], rng: random.Random) -> Score:
    """The strategy's marks over the cases, each case one attempt with its own seed."""
    points = max_points = 0.0
    for case in cases:
        seed = rng.randrange(1 << 30)
        for question in case.questions:
            answer = strategy(question, seed)
            if answer is not None:
                points += mark(question, answer).points
            max_points += question.points
    return Score(points, max_points)


def chance_score(cases: Iterable[Case]) -> Score:
    """What answers chosen at random earn over the cases, on average."""
    questions = [question for case in cases for question in case.questions]
    return Score(sum(chance(q) * q.points for q in questions), sum(q.points for q in questions))


def best_paper(strategy: Strategy, profile: ExamProfile, cases: list[Case], papers: int, seed: int = 0) -> float:
    """The best mark (0–1) the strategy reaches on ``papers`` papers drawn from the profile."""
    rng = random.Random(seed)
    return max(play(strategy, choose_cases(profile, cases, rng.randrange(1 << 30)), rng).fraction
               for _ in range(papers))
