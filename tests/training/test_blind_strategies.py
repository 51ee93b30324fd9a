"""Marks a trainee can trust: no way of answering without reading the case beats a guess, and none
passes a built-in exam paper. The library is played through the same marking and the same shuffles
as the window (``app.training.blind``); ``bench/gaming.py`` prints the figures."""

import random
import statistics
from dataclasses import replace
from pathlib import Path

import pytest

from app.content.cases.model import Choice, Question
from app.content.library import Library, load_library
from app.training.blind import STRATEGIES, best_paper, chance, chance_score, play
from app.training.exam_profiles import BUILT_IN_PROFILES

ROOT = Path(__file__).resolve().parents[2]
RUNS = 30


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


def beats_chance(strategy_name: str, cases: list) -> tuple[float, float, bool]:  # type: ignore[type-arg]
    """The strategy's mean mark over ``RUNS`` attempts at the cases, chance, and whether the mean is
    above chance by more than three standard errors (sampling noise cannot explain it)."""
    rng = random.Random(strategy_name)
    runs = [play(STRATEGIES[strategy_name], cases, rng).fraction for _ in range(RUNS)]
    mean, error = statistics.fmean(runs), statistics.stdev(runs) / RUNS ** 0.5
    expected = chance_score(cases).fraction
    return mean, expected, mean > expected + 3 * error + 1e-9


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_no_blind_strategy_beats_chance_over_the_library(library: Library, name: str) -> None:
    cases = [case for case in library.cases if case.edition == "wbf-2017"]
    mean, expected, above = beats_chance(name, cases)
    assert not above, f"{name}: {mean:.1%} against chance {expected:.1%}"


@pytest.mark.parametrize("name", sorted(STRATEGIES))
@pytest.mark.parametrize("profile", BUILT_IN_PROFILES, ids=lambda p: p.name)
def test_no_blind_strategy_passes_a_built_in_paper(library: Library, name: str, profile) -> None:  # type: ignore[no-untyped-def]
    best = best_paper(STRATEGIES[name], profile, library.cases, papers=40)
    assert best < profile.pass_mark, f"{name} reached {best:.0%} on {profile.name}"


def test_the_check_catches_a_library_that_gives_its_answers_away(library: Library) -> None:
    """The same check on a library where every right single choice is the longest one: the
    longest-choice strategy then beats chance, so the test above would fail on such writing."""
    def padded(question: Question) -> Question:
        if question.kind != "single":
            return question
        longest = max(len(c.text) for c in question.choices)
        return replace(question, choices=tuple(
            replace(c, text=c.text + " (in full)" * (longest + 1)) if c.correct else c for c in question.choices))
    cases = [replace(case, questions=[padded(q) for q in case.questions])
             for case in library.cases if case.edition == "wbf-2017"]
    assert beats_chance("always the longest choice", cases)[2]


@pytest.mark.parametrize(("right", "count", "expected"), [
    # 2 right of 4: one tick at random finds a right one half the time, for half the mark: 1/4;
    # two ticks are both right 1 time in 6 (1/6), three ticks earn 1/2 half the time (1/4).
    (2, 4, 0.25),
    # 3 right of 4: two ticks both right 3 times in 6, for 2/3 of the mark: 1/3, the best k.
    (3, 4, 1 / 3),
])
def test_chance_for_several_choices_is_the_best_blind_number_of_ticks(right: int, count: int, expected: float) -> None:
    choices = tuple(Choice(str(i), i < right) for i in range(count))
    assert chance(Question("q", "multi", "?", 1, choices=choices)) == pytest.approx(expected)


def test_chance_for_the_other_kinds() -> None:
    three = tuple(Choice(str(i), i == 0) for i in range(3))
    assert chance(Question("q", "single", "?", 1, choices=three)) == pytest.approx(1 / 3)
    assert chance(Question("q", "order", "?", 1, items=("a", "b", "c"))) == 0.5
    assert chance(Question("q", "number", "?", 1, answer=620)) == 0.0
