"""An attempt walks the questions in order, marks each answer once, and totals the points."""

from pathlib import Path

import pytest

from app.content.cases.loader import read_case
from app.training.attempt import Attempt, AttemptError

EXAMPLE = Path(__file__).parents[1] / "content" / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"


def _case():
    case, problems = read_case(EXAMPLE)
    assert not problems
    return case


def test_questions_come_in_order_and_are_marked_once() -> None:
    attempt = Attempt(_case())
    assert attempt.question.id == "first-option"
    with pytest.raises(AttemptError, match="answer the question"):
        attempt.next()
    assert attempt.answer(0).is_correct
    with pytest.raises(AttemptError, match="already been answered"):
        attempt.answer(1)
    attempt.next()
    assert not attempt.answer(1).is_correct  # 1NT is not the free correction
    attempt.next()
    assert attempt.answer("27A1").fraction == 0.5  # right law, wrong section
    assert attempt.next() is None and attempt.is_finished
    assert attempt.points == 1.5 and attempt.max_points == 3
    assert attempt.score == pytest.approx(0.5)
    assert attempt.finished_after is not None


def test_an_exam_attempt_keeps_the_marks_back() -> None:
    attempt = Attempt(_case(), feedback=False)
    assert attempt.answer(0) is None
    assert attempt.marks["first-option"].is_correct
