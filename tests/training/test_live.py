"""A live session's rules without a database: what the presenter's screen asks of the room, what a
trainee may answer and when the mark shows, and the attempt the answers make in their progress."""

from __future__ import annotations

from datetime import timedelta

import pytest
from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.content.cases.model import Case
from app.training.attempt import Attempt
from app.training.clock import utc_now
from app.training.live import (
    LiveError,
    LivePhase,
    LiveState,
    LiveStep,
    LiveTrainee,
    live_attempt,
    live_step,
)
from app.training.marking import AnswerError
from app.training.presentation import Presentation, StepKind

CASE = make_case("ib-live")
FIRST, SECOND, LAW = (q.id for q in CASE.questions)


def state(phase: LivePhase, question: str | None = None, revision: int = 1,
          revealed: frozenset[str] = frozenset()) -> LiveState:
    return LiveState(7, "K7QP2", CASE.id, CASE.title, 11, "Ivy", phase, question, revision, revealed)


def trainee(phase: LivePhase = LivePhase.QUESTION, question: str | None = FIRST) -> LiveTrainee:
    return LiveTrainee(CASE, state(phase, question))


def test_the_room_follows_the_presenters_questions_and_answers() -> None:
    presentation = Presentation(CASE)
    assert live_step(presentation) == LiveStep(LivePhase.TABLE, None, frozenset())
    while presentation.step.kind is not StepKind.QUESTION:
        presentation.next()
    assert live_step(presentation) == LiveStep(LivePhase.QUESTION, FIRST, frozenset())
    presentation.next()
    assert live_step(presentation) == LiveStep(LivePhase.ANSWER, FIRST, frozenset({FIRST}))
    presentation.back()  # the question again, but the room has seen its answer: no more answers to it
    assert live_step(presentation) == LiveStep(LivePhase.ANSWER, FIRST, frozenset({FIRST}))
    presentation.next()
    presentation.next()
    assert live_step(presentation) == LiveStep(LivePhase.QUESTION, SECOND, frozenset({FIRST}))
    while presentation.next():
        pass
    assert live_step(presentation) == LiveStep(LivePhase.TABLE, None, frozenset({FIRST, SECOND, LAW}))


def test_a_trainee_answers_the_open_question_once_and_sees_the_mark_only_after_the_reveal() -> None:
    me = trainee(LivePhase.TABLE, None)
    assert not me.can_answer and me.question is None
    with pytest.raises(LiveError):
        me.give(0)
    me.update(state(LivePhase.QUESTION, FIRST, revision=2))
    assert me.can_answer and me.question is not None and me.question.id == FIRST
    sent = me.give(ALL_RIGHT[0])
    assert (sent.question_id, sent.answer, sent.seen_revision) == (FIRST, 0, 2)
    assert not me.can_answer and me.mark_shown() is None  # answered, but nothing shown before the reveal
    with pytest.raises(LiveError):
        me.give(1)
    me.delivered(FIRST, True)
    me.update(state(LivePhase.ANSWER, FIRST, revision=3, revealed=frozenset({FIRST})))
    shown = me.mark_shown()
    assert shown is not None and shown.is_correct and me.answered == 1


def test_a_malformed_answer_is_refused_before_it_is_sent() -> None:
    me = trainee()
    with pytest.raises(AnswerError):
        me.give("27B2")  # a reference to a choice question
    assert me.can_answer and me.pending() == []


def test_answers_wait_while_the_network_is_down_and_keep_the_revision_they_were_given_at() -> None:
    me = trainee()
    me.give(HALF_RIGHT[0])
    me.update(state(LivePhase.QUESTION, SECOND, revision=4))
    me.give(HALF_RIGHT[1])
    assert [(a.question_id, a.seen_revision) for a in me.pending()] == [(FIRST, 1), (SECOND, 4)]
    me.delivered(FIRST, True)
    me.delivered(SECOND, False)  # it reached the class after its answer was shown on this screen
    assert me.pending() == [] and me.answered == 1
    me.update(state(LivePhase.ANSWER, SECOND, revision=5, revealed=frozenset({FIRST, SECOND})))
    assert me.mark_shown() is None  # a refused answer earns no mark


def test_a_question_revealed_before_the_trainee_answered_is_closed() -> None:
    me = trainee(LivePhase.QUESTION, FIRST)
    me.update(state(LivePhase.QUESTION, FIRST, revision=3, revealed=frozenset({FIRST})))
    assert not me.can_answer


def test_answers_already_held_are_restored_after_a_restart() -> None:
    me = trainee(LivePhase.ANSWER, FIRST)
    me.restore({FIRST: 0})
    assert not me.can_answer and me.pending() == [] and me.answered == 1
    assert me.mark_shown() is not None


def _marks(case: Case, attempt: Attempt | None) -> dict[str, float]:
    assert attempt is not None
    return {q.id: attempt.marks[q.id].fraction for q in case.questions if q.id in attempt.marks}


def test_the_answers_make_an_attempt_where_a_question_missed_scores_nothing() -> None:
    start = utc_now()
    attempt = live_attempt(CASE, 11, {FIRST: 0, LAW: "27A1"}, start, start + timedelta(minutes=4))
    assert _marks(CASE, attempt) == {FIRST: 1.0, LAW: 0.5}
    assert attempt is not None and attempt.is_finished and attempt.seed == 11
    assert attempt.score == pytest.approx(1.5 / 3) and attempt.seconds == 240


def test_an_answer_typed_in_by_hand_that_fits_no_question_is_left_out() -> None:
    start = utc_now()
    attempt = live_attempt(CASE, 11, {FIRST: "not a choice", SECOND: 99, LAW: "27B2"}, start, start)
    assert _marks(CASE, attempt) == {LAW: 1.0}
    assert live_attempt(CASE, 11, {FIRST: "junk"}, start, start) is None
    assert live_attempt(CASE, 11, {}, start, start) is None
