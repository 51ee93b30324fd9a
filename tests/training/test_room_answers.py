"""The room's answers counted for the presenter: a bar per choice in the room's lettered order, the
most common answers to a number, law or order question, and no trust in answers typed by hand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from case_samples import make_case

from app.content.cases.loader import read_case
from app.content.cases.model import Question
from app.training.feedback import choice_order, start_order
from app.training.room_answers import MOST_COMMON, Bar, room_answers

CASE = make_case("ib-room")
SINGLE, _, LAW = CASE.questions
CASES = Path(__file__).resolve().parents[2] / "content" / "cases"


def _question(name: str, kind: str) -> Question:
    case, problems = read_case(CASES / f"{name}.yaml")
    assert case is not None, problems
    return next(q for q in case.questions if q.kind == kind)


def test_a_choice_question_has_a_bar_per_choice_in_the_order_the_room_saw() -> None:
    seed = 5
    order = choice_order(SINGLE, seed)
    room = room_answers(SINGLE, seed, [0, 0, 1, 0, len(SINGLE.choices), "27B2"])
    assert room.by_choice and room.answered == 6 and room.unreadable == 2
    assert [bar.label[:2] for bar in room.bars] == [f"{chr(65 + i)}." for i in range(len(order))]
    counts = {index: bar.count for index, bar in zip(order, room.bars, strict=True)}
    assert counts == {0: 3, 1: 1, **{i: 0 for i in range(2, len(order))}}
    right = [index for index, bar in zip(order, room.bars, strict=True) if bar.right]
    assert right == [i for i, c in enumerate(SINGLE.choices) if c.correct]
    assert (room.right, room.partly, room.wrong) == (3, 0, 1)


def test_a_several_choice_question_counts_every_tick() -> None:
    question = _question("bid-of-eight-spades", "multi")
    room = room_answers(question, 1, [frozenset({0, 1}), frozenset({1}), frozenset()])
    counts = {question.choices.index(next(c for c in question.choices if bar.label.endswith(c.text))): bar.count
              for bar in room.bars}
    assert counts[0] == 1 and counts[1] == 2 and sum(counts.values()) == 3


def test_a_law_question_shows_the_most_common_references_in_standard_form() -> None:
    room = room_answers(LAW, 1, ["27b2", "27B2", "Law 27B2", "27A1", "64", "27 B 2 junk"])
    assert not room.by_choice and room.unreadable == 1
    assert room.bars[0] == Bar("Law 27B2", 3, True)
    assert {bar.label: bar.count for bar in room.bars[1:]} == {"Law 27A1": 1, "Law 64": 1}
    assert (room.right, room.partly, room.wrong) == (3, 1, 1)


def test_a_number_question_groups_equal_numbers_and_keeps_the_rest_together() -> None:
    question = replace(_question("bid-of-eight-spades", "number"), answer=620, tolerance=0)
    answers = [620, 620.0, -100, 100, 200, 300, 400, 500, 500]
    room = room_answers(question, 1, answers)
    assert room.bars[0] == Bar("620", 2, True) and room.bars[1] == Bar("500", 2, False)
    assert len(room.bars) == MOST_COMMON + 1 and room.bars[-1] == Bar("other answers", 2, False)
    assert sum(bar.count for bar in room.bars) == len(answers)


def test_an_order_question_shows_the_orders_given_in_the_rooms_letters() -> None:
    question = _question("bid-out-of-rotation-rho-passes", "order")
    seed = 3
    letters = {index: chr(65 + place) for place, index in enumerate(start_order(question, seed))}
    right = tuple(range(len(question.items)))
    room = room_answers(question, seed, [right, right, tuple(reversed(right))])
    assert room.bars[0] == Bar(" ".join(letters[i] for i in right), 2, True)
    assert room.bars[1].count == 1 and not room.bars[1].right and room.wrong == 1
