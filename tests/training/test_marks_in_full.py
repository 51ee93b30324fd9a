"""Every field of a mark, for each kind of question: what the trainee is told (verdict, model answer,
reason) as much as the fraction. Each expected ``Mark`` is written out by hand from the rules in the
README ("How answers are marked")."""

from __future__ import annotations

import pytest

from app.content.cases.model import Choice, Question
from app.content.laws.refs import parse_ref
from app.training.marking import AnswerError, Mark, correct_answer, mark

CHOICES = (Choice("South is declarer", True), Choice("East is dummy", False, "North is dummy."),
           Choice("West led", True), Choice("North led", False))


def question(kind: str, **fields: object) -> Question:
    return Question("q7", kind, "?", 3, why=fields.pop("why", "See Law 64A."), **fields)  # type: ignore[arg-type]


def test_single() -> None:
    q = question("single", choices=(Choice("North", False, "North was dummy."), Choice("East", True)), points=2)
    assert mark(q, 1) == Mark("q7", 1.0, 2.0, 2.0, "East", "See Law 64A.")
    assert mark(q, 0) == Mark("q7", 0.0, 0.0, 2.0, "East", "North was dummy.\n\nSee Law 64A.")
    assert (mark(q, 1).verdict, mark(q, 0).verdict) == ("Right", "Wrong")


def test_multi() -> None:
    q = question("multi", choices=CHOICES)
    model = "South is declarer; West led"
    assert mark(q, frozenset({0, 2})) == Mark("q7", 1.0, 1.0, 1.0, model, "See Law 64A.")
    # 'East is dummy' ticked wrongly: its reason is given; 'North led' left alone, rightly
    assert mark(q, frozenset({0, 1, 2})) == Mark("q7", 0.5, 0.5, 1.0, model, "North is dummy.\n\nSee Law 64A.")
    assert mark(q, frozenset({0})).verdict == "Partly right"
    assert correct_answer(q) == model


@pytest.mark.parametrize(("answer", "fraction"), [(620, 1.0), (610, 1.0), (630, 1.0), (631, 0.0), (-620, 0.0)])
def test_number_with_a_tolerance(answer: int, fraction: float) -> None:
    q = question("number", answer=620, tolerance=10, why="")
    assert mark(q, answer) == Mark("q7", fraction, fraction, 1.0, "620 (± 10)", "")


def test_number_without_a_tolerance_and_as_a_decimal() -> None:
    exact = question("number", answer=2)
    assert mark(exact, 2) == Mark("q7", 1.0, 1.0, 1.0, "2", "See Law 64A.")
    assert mark(exact, 2.5).fraction == 0.0
    assert correct_answer(question("number", answer=2.5)) == "2.5"


def test_law() -> None:
    q = question("law", answer=parse_ref("27B2"), accept=(parse_ref("27B"),))
    assert mark(q, "27b2") == Mark("q7", 1.0, 1.0, 1.0, "Law 27B2", "See Law 64A.")
    assert mark(q, "Law 27B").fraction == 1.0
    part = "Law 27A1 is the right law but not the section that decides this.\n\nSee Law 64A."
    assert mark(q, "27A1") == Mark("q7", 0.5, 0.5, 1.0, "Law 27B2", part)
    assert mark(q, "16C") == Mark("q7", 0.0, 0.0, 1.0, "Law 27B2", "See Law 64A.")
    assert mark(q, "Definitions: Alert").fraction == 0.0


def test_order() -> None:
    q = question("order", items=("Facts", "Law", "Ruling"), points=3)
    assert mark(q, (0, 1, 2)) == Mark("q7", 1.0, 3.0, 3.0, "Facts → Law → Ruling", "See Law 64A.")
    assert mark(q, (1, 0, 2)) == Mark("q7", 2 / 3, 2.0, 3.0, "Facts → Law → Ruling", "See Law 64A.")
    assert mark(q, (0, 2, 1)).points == 2.0 and mark(q, (2, 1, 0)).points == 0.0


def test_points_are_rounded_to_four_places() -> None:
    q = question("order", items=("a", "b", "c"))
    assert mark(q, (1, 0, 2)).points == 0.6667


@pytest.mark.parametrize(("kind", "fields", "answer", "message"), [
    ("single", {"choices": CHOICES}, 4, "a single-choice answer is the index of one choice"),
    ("single", {"choices": CHOICES}, -1, "a single-choice answer is the index of one choice"),
    ("single", {"choices": CHOICES}, "0", "a single-choice answer is the index of one choice"),
    ("multi", {"choices": CHOICES}, frozenset({4}), "a multiple-choice answer is a set of choice indexes"),
    ("multi", {"choices": CHOICES}, {0}, "a multiple-choice answer is a set of choice indexes"),
    ("number", {"answer": 2}, True, "a number answer must be a number"),
    ("number", {"answer": 2}, "2", "a number answer must be a number"),
    ("law", {"answer": parse_ref("27B2")}, 27, "a law answer is a reference such as 27B1(a)"),
    ("order", {"items": ("a", "b")}, (0, 0), "an order answer lists every item's index once, in the order chosen"),
    ("order", {"items": ("a", "b")}, [1, 0], "an order answer lists every item's index once, in the order chosen"),
])
def test_answers_of_the_wrong_shape_are_refused(kind: str, fields: dict[str, object], answer: object,
                                                message: str) -> None:
    with pytest.raises(AnswerError) as error:
        mark(question(kind, **fields), answer)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_a_decimal_model_answer_is_shown_without_a_trailing_zero() -> None:
    assert correct_answer(question("number", answer=620.0)) == "620"
    assert correct_answer(question("number", answer=0.5, tolerance=0.25)) == "0.5 (± 0.25)"


def test_each_misjudged_choice_gives_its_reason_in_turn() -> None:
    choices = (Choice("A", True, "A is what 64A1 says."), Choice("B", False, "B misreads 64A2."), Choice("C", False))
    got = mark(question("multi", choices=choices, why=""), frozenset({1}))
    assert got.why == "A is what 64A1 says.\n\nB misreads 64A2."
    assert got.fraction == 0.0  # one right (C left alone), two wrong: below zero, so nothing
