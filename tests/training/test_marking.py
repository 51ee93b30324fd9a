"""Marking: each question kind follows its documented partial-credit rule."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.content.cases.model import Choice, Question
from app.content.laws.refs import parse_ref
from app.training.marking import AnswerError, mark

CHOICES = (Choice("a", True), Choice("b", False, "b is wrong because"), Choice("c", True), Choice("d", False))


def _q(kind: str, **kw: object) -> Question:
    return Question("q", kind, "?", 1, **kw)  # type: ignore[arg-type]


def test_single_is_all_or_nothing_and_explains_the_wrong_choice() -> None:
    q = _q("single", choices=(Choice("x", True), Choice("y", False, "y ignores 27A1")), points=2)
    assert mark(q, 0).points == 2 and mark(q, 0).is_correct
    wrong = mark(q, 1)
    assert wrong.points == 0 and "27A1" in wrong.why and wrong.correct_answer == "x"


@pytest.mark.parametrize(
    ("ticked", "fraction"),
    [({0, 2}, 1.0), ({0}, 0.5), ({0, 1, 2, 3}, 0.0), (set(), 0.0), ({1, 3}, 0.0), ({0, 2, 3}, 0.5)],
)
def test_multi_counts_each_choice_judged(ticked: set[int], fraction: float) -> None:
    assert mark(_q("multi", choices=CHOICES), frozenset(ticked)).fraction == fraction


LOPSIDED = (Choice("a", True), Choice("b", True), Choice("c", True), Choice("d", False))


@pytest.mark.parametrize(
    ("ticked", "fraction"),
    [({0, 1, 2}, 1.0), ({0, 1}, 2 / 3), ({0, 1, 2, 3}, 0.0), (set(), 0.0), ({0, 3}, 0.0), ({3}, 0.0)],
)
def test_multi_blind_ticks_earn_nothing_whatever_the_mix(ticked: set[int], fraction: float) -> None:
    """Three right choices of four: ticking all of them, or none, is no better than a guess."""
    assert mark(_q("multi", choices=LOPSIDED), frozenset(ticked)).fraction == pytest.approx(fraction)


def test_number_uses_the_tolerance() -> None:
    q = _q("number", answer=620, tolerance=10)
    assert mark(q, 630).is_correct and not mark(q, 631).is_correct
    assert mark(_q("number", answer=2), 2.0).is_correct


def test_law_gives_part_marks_for_the_right_law() -> None:
    q = _q("law", answer=parse_ref("27B2"), accept=(parse_ref("27B"),))
    assert mark(q, "27b2").fraction == 1.0
    assert mark(q, "Law 27B").fraction == 1.0
    assert mark(q, "27A1").fraction == 0.5
    assert mark(q, "16C").fraction == 0.0
    with pytest.raises(AnswerError, match="27B1"):
        mark(q, "twenty-seven")


def test_order_scores_pairs_in_order() -> None:
    q = _q("order", items=("a", "b", "c", "d"))
    assert mark(q, (0, 1, 2, 3)).fraction == 1.0
    assert mark(q, (3, 2, 1, 0)).fraction == 0.0
    assert mark(q, (1, 0, 2, 3)).fraction == pytest.approx(5 / 6)


@given(st.permutations(range(5)))
def test_order_mark_is_a_fraction_and_full_only_for_the_right_order(perm: list[int]) -> None:
    m = mark(_q("order", items=tuple("abcde")), tuple(perm))
    assert 0.0 <= m.fraction <= 1.0
    assert m.is_correct == (list(perm) == sorted(perm))
