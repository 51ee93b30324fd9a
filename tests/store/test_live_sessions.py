"""Live class sessions in the store, on SQLite and PostgreSQL: a presenter starts one and moves it on,
trainees join with its code and answer, and their answers go into their progress once — whatever
is sent twice, late, or after the end."""

from __future__ import annotations

import pytest
from store_samples import T0, sample_case

from app.store import Store, StoreError
from app.store.live_sessions import CODE_ALPHABET, CODE_LENGTH
from app.store.records import Profile, Role
from app.training.live import LiveAnswer, LivePhase, LiveState, LiveStep
from app.training.practice import Mode

CASE = sample_case("ib-live")
FIRST, SECOND, LAW = (q.id for q in CASE.questions)
TABLE = LiveStep(LivePhase.TABLE, None, frozenset())


def ask(question: str, revealed: frozenset[str] = frozenset()) -> LiveStep:
    return LiveStep(LivePhase.QUESTION, question, revealed)


def reveal(question: str, before: frozenset[str] = frozenset()) -> LiveStep:
    return LiveStep(LivePhase.ANSWER, question, before | {question})


@pytest.fixture
def people(store: Store) -> tuple[Profile, Profile, Profile]:
    return store.add_profile("Ivy", Role.INSTRUCTOR), store.add_profile("Ann"), store.add_profile("Bob")


def started(store: Store, presenter: Profile) -> LiveState:
    return store.start_live_session(presenter, CASE, 42, TABLE)


def test_a_session_gets_a_short_code_a_trainee_can_type_in_any_case(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, _bob = people
    state = started(store, ivy)
    assert len(state.code) == CODE_LENGTH and set(state.code) <= set(CODE_ALPHABET)
    assert (state.phase, state.revision, state.seed, state.presenter) == (LivePhase.TABLE, 1, 42, "Ivy")
    typed = f" {state.code[:2].lower()}-{state.code[2:]} "
    joined, mine = store.join_live_session(ann, typed)
    assert joined == state and mine == {}
    assert store.live_room(state.session_id, None).present == ("Ann",)
    with pytest.raises(StoreError, match="no class session with the code"):
        store.join_live_session(ann, "ZZZZ9")


def test_the_presenter_moves_the_session_on_and_each_move_is_a_new_revision(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, _bob = people
    state = started(store, ivy)
    asked = store.set_live_step(state.session_id, ask(FIRST))
    shown = store.set_live_step(state.session_id, reveal(FIRST))
    assert (asked.phase, asked.question_id, asked.revision) == (LivePhase.QUESTION, FIRST, 2)
    assert (shown.phase, shown.revision, shown.revealed) == (LivePhase.ANSWER, 3, {FIRST})
    assert store.live_state(state.session_id) == shown
    joined, _ = store.join_live_session(ann, state.code)
    assert joined == shown


def test_an_answer_sent_twice_counts_once(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, bob = people
    state = started(store, ivy)
    store.set_live_step(state.session_id, ask(FIRST))
    store.join_live_session(ann, state.code)
    store.join_live_session(bob, state.code)
    answer = LiveAnswer(FIRST, 0, 2)
    assert store.send_live_answer(ann, state.session_id, answer)
    assert store.send_live_answer(ann, state.session_id, answer)  # the reply was lost: sent again
    assert store.send_live_answer(ann, state.session_id, LiveAnswer(FIRST, 1, 2))  # held already: the first stands
    assert store.send_live_answer(bob, state.session_id, LiveAnswer(FIRST, 1, 2))
    room = store.live_room(state.session_id, FIRST)
    assert room.present == ("Ann", "Bob") and sorted(room.answers) == [("Ann", 0), ("Bob", 1)]


def test_an_answer_given_before_the_reveal_counts_even_if_it_arrives_after(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, bob = people
    state = started(store, ivy)
    asked = store.set_live_step(state.session_id, ask(FIRST))
    store.join_live_session(ann, state.code)
    store.join_live_session(bob, state.code)
    shown = store.set_live_step(state.session_id, reveal(FIRST))
    # Ann answered while her screen showed the question; her network delivered it after the reveal.
    assert store.send_live_answer(ann, state.session_id, LiveAnswer(FIRST, 0, asked.revision))
    # Bob's screen had shown the answer: too late.
    assert not store.send_live_answer(bob, state.session_id, LiveAnswer(FIRST, 0, shown.revision))
    store.set_live_step(state.session_id, ask(FIRST, frozenset({FIRST})))  # back to the question: still closed
    assert not store.send_live_answer(bob, state.session_id, LiveAnswer(FIRST, 0, shown.revision + 1))
    assert store.live_room(state.session_id, FIRST).answers == (("Ann", 0),)


def test_only_members_send_answers(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, _bob = people
    state = started(store, ivy)
    assert not store.send_live_answer(ann, state.session_id, LiveAnswer(FIRST, 0, 1))
    assert store.live_room(state.session_id, FIRST).answers == ()


def test_the_answers_go_into_progress_once_as_practice(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, bob = people
    state = started(store, ivy)
    store.join_live_session(ann, state.code)
    store.join_live_session(bob, state.code)
    for question, answer in ((FIRST, 0), (SECOND, 1), (LAW, "27B2")):
        revision = store.set_live_step(state.session_id, ask(question)).revision
        assert store.send_live_answer(ann, state.session_id, LiveAnswer(question, answer, revision))
    assert store.live_sessions_to_record(ann) == []  # still running
    store.end_live_session(state.session_id)
    ended = store.live_state(state.session_id)
    assert ended.phase is LivePhase.ENDED and ended.revision == 5
    assert store.live_sessions_to_record(ann) == [(state.session_id, CASE.id)]
    attempt_id = store.record_live_session(ann, state.session_id, CASE, T0)
    assert attempt_id is not None
    assert store.record_live_session(ann, state.session_id, CASE, T0) is None  # a second window, a retry
    [recorded] = store.recent_attempts(ann)
    assert (recorded.id, recorded.case_id, recorded.mode, recorded.score) == (attempt_id, CASE.id, Mode.PRACTICE, 2 / 3)
    assert store.live_sessions_to_record(ann) == []
    assert store.record_live_session(bob, state.session_id, CASE) is None  # no answers: nothing to record
    assert store.recent_attempts(bob) == [] and store.live_sessions_to_record(bob) == []
    assert not store.send_live_answer(ann, state.session_id, LiveAnswer(LAW, "27B2", 1))  # recorded: closed


def test_an_ended_session_cannot_be_joined_or_moved_on(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, _bob = people
    state = started(store, ivy)
    store.end_live_session(state.session_id)
    with pytest.raises(StoreError, match="has ended"):
        store.join_live_session(ann, state.code)
    with pytest.raises(StoreError, match="has ended"):
        store.set_live_step(state.session_id, ask(FIRST))


def test_a_trainee_who_comes_back_finds_their_answers_but_not_after_leaving(store: Store, people) -> None:  # type: ignore[no-untyped-def]
    ivy, ann, _bob = people
    state = started(store, ivy)
    revision = store.set_live_step(state.session_id, ask(FIRST)).revision
    store.join_live_session(ann, state.code)
    store.send_live_answer(ann, state.session_id, LiveAnswer(FIRST, 0, revision))
    _again, mine = store.join_live_session(ann, state.code)  # the window was closed and opened again
    assert mine == {FIRST: 0}
    store.record_live_session(ann, state.session_id, CASE)  # leaving: the answers go into progress
    assert store.live_room(state.session_id, FIRST).present == ()
    with pytest.raises(StoreError, match="you left"):
        store.join_live_session(ann, state.code)
