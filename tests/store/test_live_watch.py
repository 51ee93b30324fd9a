"""Screens hear of a live session's changes: at once through LISTEN/NOTIFY on PostgreSQL, by a poll
once a second elsewhere; a connection that drops is reported and made again, and nothing sent
while it was down is lost or counted twice."""

from __future__ import annotations

import threading
import time

import pytest
from class_server import ClassServer
from store_samples import sample_case
from tcp_proxy import proxy_to

from app.store import Store, StoreError, live_watch
from app.store.live_watch import POLL_SECONDS
from app.store.records import Role
from app.training.live import LiveAnswer, LivePhase, LiveStep, LiveTrainee

CASE = sample_case("ib-watch")
FIRST, SECOND, LAW = (q.id for q in CASE.questions)
TABLE = LiveStep(LivePhase.TABLE, None, frozenset())


def test_without_listen_the_watcher_wakes_once_a_second(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Store.open(str(tmp_path / "progress.sqlite3")) as store:
        ivy = store.add_profile("Ivy", Role.INSTRUCTOR)
        state = store.start_live_session(ivy, CASE, 1, TABLE)
        watcher = store.live_watcher(state.session_id)
        assert watcher.wait() and not watcher.listening  # the first wait: read the state
        started = time.monotonic()
        assert watcher.wait(0.3)
        assert 0.25 <= time.monotonic() - started < 0.3 + POLL_SECONDS
        watcher.close()


@pytest.mark.postgres
def test_a_watcher_hears_a_change_at_once_and_sleeps_otherwise(store: Store, db_url: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    ivy, ann = store.add_profile("Ivy", Role.INSTRUCTOR), store.add_profile("Ann")
    state = store.start_live_session(ivy, CASE, 1, TABLE)
    presenter, trainee = store.live_watcher(state.session_id), store.live_watcher(state.session_id)
    assert presenter.wait() and trainee.wait() and presenter.listening and trainee.listening
    assert not trainee.wait(0.2)  # nothing happened

    heard: dict[str, float] = {}

    def wait_for(name: str, watcher) -> None:  # type: ignore[no-untyped-def]
        if watcher.wait(5):
            heard[name] = time.monotonic()

    listeners = [threading.Thread(target=wait_for, args=(name, watcher))
                 for name, watcher in (("trainee", trainee), ("presenter", presenter))]
    for listener in listeners:
        listener.start()
    time.sleep(0.1)
    moved = time.monotonic()
    asked = store.set_live_step(state.session_id, LiveStep(LivePhase.QUESTION, FIRST, frozenset()))
    for listener in listeners:
        listener.join(6)
    assert heard["trainee"] - moved < 0.5 and heard["presenter"] - moved < 0.5

    monkeypatch.setattr(live_watch, "RECHECK_SECONDS", 0.3)  # a notification lost somewhere: read anyway
    assert trainee.wait(0.5)
    store.join_live_session(ann, state.code)  # joining and answering wake the presenter too
    assert presenter.wait(5)
    while presenter.wait(0.05):
        pass
    store.send_live_answer(ann, state.session_id, LiveAnswer(FIRST, 0, asked.revision))
    assert presenter.wait(5)
    for watcher in (presenter, trainee):
        watcher.close()


def _send_pending(store: Store, ann, me: LiveTrainee, session_id: int) -> None:  # type: ignore[no-untyped-def]
    for answer in me.pending():
        me.delivered(answer.question_id, store.send_live_answer(ann, session_id, answer))


@pytest.mark.postgres
def test_a_dropped_and_restored_connection_loses_nothing(class_server: ClassServer) -> None:
    _ivy_login, ivy_url = class_server.add("Ivy", instructor=True)
    _ann_login, ann_url = class_server.add("Ann")
    with Store.open(ivy_url) as presenting, proxy_to(ann_url) as cable, Store.open(cable.url(ann_url)) as mine:
        ivy, ann = presenting.login_profile(), mine.login_profile()
        assert ivy is not None and ann is not None
        state = presenting.start_live_session(ivy, CASE, 9, TABLE)
        joined, _ = mine.join_live_session(ann, state.code)
        me = LiveTrainee(CASE, joined)
        watcher = mine.live_watcher(state.session_id)
        assert watcher.wait(1) and watcher.listening

        me.update(presenting.set_live_step(state.session_id, LiveStep(LivePhase.QUESTION, FIRST, frozenset())))
        me.give(0)
        _send_pending(mine, ann, me, state.session_id)  # the first answer goes through
        assert me.sent == {FIRST}

        cable.cut()
        with pytest.raises(StoreError, match="lost the connection"):
            while True:  # the notification of the cut may still be in the pipe
                watcher.wait(1)
        me.update(presenting.set_live_step(state.session_id, LiveStep(LivePhase.QUESTION, SECOND, frozenset())))
        me.give(1)  # answered while the cable is out: kept, not sent
        with pytest.raises(StoreError):
            _send_pending(mine, ann, me, state.session_id)
        assert [a.question_id for a in me.pending()] == [SECOND]
        with pytest.raises(StoreError):
            watcher.wait(0.2)  # still down: the watcher says so instead of pretending

        revealed = presenting.set_live_step(state.session_id, LiveStep(LivePhase.ANSWER, SECOND, frozenset({SECOND})))
        cable.restore()
        assert watcher.wait(1)  # back: read the state afresh, notifications were missed
        me.update(mine.live_state(state.session_id))
        assert me.state == revealed
        _send_pending(mine, ann, me, state.session_id)  # given before the reveal: it counts
        _send_pending(mine, ann, me, state.session_id)
        assert me.pending() == [] and me.sent == {FIRST, SECOND}
        assert dict(presenting.live_room(state.session_id, SECOND).answers) == {"Ann": 1}
        assert dict(presenting.live_room(state.session_id, FIRST).answers) == {"Ann": 0}
        presenting.end_live_session(state.session_id)
        mine.record_live_session(ann, state.session_id, CASE)
        [attempt] = mine.recent_attempts(ann)
        assert attempt.score == pytest.approx(1 / 3)  # right, wrong, and the law question never asked
        watcher.close()
