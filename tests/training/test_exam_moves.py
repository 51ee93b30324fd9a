"""Moving about an exam paper: leaving a case unanswered and coming back to it, going back, flagging
a question, changing an answer until the case's next question is shown (after which it stands, since
a later question may name it), the paper's overview, and handing in only when nothing is left open."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.training.attempt import Attempt, AttemptError
from app.training.exam import Exam, ExamProfile
from app.training.exam_overview import QuestionState, left_to_do, paper_overview
from app.training.report import Tally

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def _exam() -> Exam:
    return Exam(ExamProfile("Three", cases=3, minutes=60), [make_case(f"c{n}") for n in range(3)], T0)


def test_an_answer_can_change_until_the_next_question_of_its_case_is_shown() -> None:
    exam = _exam()
    exam.answer(1, T0)  # wrong
    exam.answer(0, T0)  # changed to the right one
    assert exam.attempts[0].answers == {exam.cases[0].questions[0].id: 0}
    exam.next(T0)
    exam.back(T0)  # the case before: there is none, so the same case, on its second question
    assert exam.current is not None and exam.current.index == 1
    [case] = paper_overview(exam)[:1]
    assert [q.state for q in case.questions] == [QuestionState.STANDS, QuestionState.UNANSWERED,
                                                 QuestionState.NOT_SHOWN]


def test_a_marked_answer_with_feedback_cannot_be_changed() -> None:
    attempt = Attempt(make_case("c"))
    attempt.answer(1)
    with pytest.raises(AttemptError, match="cannot be changed"):
        attempt.revise(0)


def test_a_bad_changed_answer_keeps_the_one_recorded() -> None:
    exam = _exam()
    exam.answer(0, T0)
    with pytest.raises(ValueError):
        exam.answer("not a choice", T0)
    assert exam.attempts[0].answers == {exam.cases[0].questions[0].id: 0}


def test_a_case_left_unanswered_is_there_to_come_back_to() -> None:
    exam = _exam()
    exam.next(T0)  # nothing answered: on to the second case
    assert exam.position == 1 and exam.current is not None and exam.current.case.id == "c1"
    for answer in ALL_RIGHT:
        exam.answer(answer, T0)
        exam.next(T0)
    assert exam.position == 2
    exam.back(T0)
    assert exam.position == 1 and exam.question is None  # every answer to it stands
    exam.go_to(0, T0)
    assert exam.position == 0 and exam.current is not None and exam.current.index == 0
    lines = paper_overview(exam)
    assert [line.summary for line in lines] == ["0 of 3 answered", "3 of 3 answered", "0 of 3 answered"]
    assert [line.on_screen for line in lines] == [True, False, False]


def test_past_the_last_case_with_work_open_the_paper_is_not_handed_in() -> None:
    exam = _exam()
    exam.next(T0)  # the first case left
    for case in (1, 2):
        assert exam.position == case
        for answer in HALF_RIGHT:
            exam.answer(answer, T0)
            exam.next(T0)
    assert not exam.is_finished and exam.reached_end and exam.position == 0
    assert left_to_do(exam) == "6 of 9 questions answered"
    for answer in ALL_RIGHT:
        exam.answer(answer, T0)
        assert exam.toggle_flag() and exam.toggle_flag() is False  # flagged, then not
        exam.next(T0)
    assert exam.is_finished and exam.report().report.total == Tally(6, 9)


def test_a_flag_keeps_the_paper_open_at_the_end() -> None:
    exam = Exam(ExamProfile("One", cases=1, minutes=60), [make_case("c")], T0)
    exam.answer(ALL_RIGHT[0], T0)
    exam.toggle_flag()
    for answer in ALL_RIGHT[1:]:
        exam.next(T0)
        exam.answer(answer, T0)
    assert exam.flagged is False  # the flag is on the first question, not the one on screen
    assert exam.next(T0) is None and not exam.is_finished and exam.reached_end
    assert left_to_do(exam) == "3 of 3 questions answered; 1 flagged to look at again"
    assert paper_overview(exam)[0].questions[0].flagged
    exam.finish(T0 + MINUTE)
    assert exam.report().report.total == Tally(3, 3)


def test_going_to_a_case_not_yet_reached_starts_it() -> None:
    exam = _exam()
    assert exam.go_to(2, T0) is exam.cases[2].questions[0]
    assert len(exam.attempts) == 3 and exam.attempts[1].answers == {}
    with pytest.raises(AttemptError, match="no case 4"):
        exam.go_to(3, T0)
