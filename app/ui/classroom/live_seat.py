"""A trainee's seat in a live class session (File › Join class session…): joins it with its code,
follows the presenter's screen, sends the trainee's answers and, when the session ends or the
trainee leaves, puts them into their progress.

The rules are ``app.training.live.LiveTrainee``'s; the class database is the store's. This object
only carries things between them off the GUI thread (``WatchLoop`` and ``Coalesced``) and tells
the window (``changed``) when there is something new to draw. While the network is down the
answers wait here, and go as soon as a reading of the session gets through again.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from app.content.library import Library
from app.store.errors import StoreError
from app.store.records import Profile
from app.training.live import LiveAnswer, LiveState, LiveTrainee
from app.training.marking import Answer
from app.ui.common.live_loop import RETRY_MS, Coalesced, WatchLoop
from app.ui.common.operations import run_off_thread

if TYPE_CHECKING:
    from app.store.live_watch import LiveWatcher
    from app.store.store import Store


class Stage(Enum):
    JOINING = "joining"
    FOLLOWING = "following"
    RECORDING = "recording"  # the session is over: the answers are going into progress
    DONE = "done"


class LiveSeat(QObject):
    """Signals: ``joined`` (or ``failed`` with the reason) once the code is checked, ``changed``
    whenever there is something new to show, ``done`` once the answers are in the trainee's progress."""

    joined = Signal()
    failed = Signal(str)
    changed = Signal()
    done = Signal()

    def __init__(self, store: Store, profile: Profile, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store, self.profile, self.library = store, profile, library
        self.trainee: LiveTrainee | None = None
        self.stage = Stage.JOINING
        self.online = True
        self.problem = ""  # why the network is down, or what went wrong
        self.attempt_id: int | None = None
        self._watcher: LiveWatcher | None = None
        self._loop: WatchLoop[LiveState | None] | None = None
        self._sender: Coalesced[list[LiveAnswer], list[tuple[str, bool]]] | None = None

    # -- joining -------------------------------------------------------------------------------

    def join(self, code: str) -> None:
        store, profile = self.store, self.profile
        run_off_thread(lambda: store.join_live_session(profile, code), self._joined, self._join_failed, owner=self)

    def _joined(self, result: tuple[LiveState, dict[str, Answer]]) -> None:
        state, mine = result
        case = self.library.case(state.case_id)
        if case is None:
            self.failed.emit(f"The case being presented ({state.case_title}) is not in your library: the presenter's "
                             "Director Trainer is a newer version than yours, or the case is their own.")
            return
        self.trainee = LiveTrainee(case, state)
        self.trainee.restore(mine)
        self.stage = Stage.FOLLOWING
        self._watcher = self.store.live_watcher(state.session_id)
        self._loop = WatchLoop(self._wait_and_read, self._read, self._lost, self)
        self._sender = Coalesced(self.trainee.pending, self._send, self._sent, self._not_sent, parent=self)
        self._loop.start()
        self.joined.emit()
        self._after_reading(state)

    def _join_failed(self, error: Exception) -> None:
        self.failed.emit(str(error) if isinstance(error, StoreError) else f"Could not join the class session: {error}")

    # -- following -----------------------------------------------------------------------------

    def _wait_and_read(self) -> LiveState | None:
        """Off the GUI thread: wait for a change, and read the session if there may be one."""
        assert self._watcher is not None and self.trainee is not None
        if not self._watcher.wait():
            return None
        return self.store.live_state(self.trainee.state.session_id)

    def _read(self, state: LiveState | None) -> None:
        assert self.trainee is not None
        was_offline, self.online, self.problem = not self.online, True, ""
        if state is not None and state != self.trainee.state:
            self._after_reading(state)
        elif was_offline:  # back: what waited can go now
            if self.trainee.pending():
                self._request_send()
            self.changed.emit()

    def _after_reading(self, state: LiveState) -> None:
        trainee = self.trainee
        assert trainee is not None
        trainee.update(state)
        if trainee.pending():
            self._request_send()
        if state.ended:
            self._record_when_sent()
        self.changed.emit()

    def _lost(self, error: Exception) -> None:
        self.online, self.problem = False, str(error)
        self.changed.emit()

    # -- answering -----------------------------------------------------------------------------

    def answer(self, value: Answer) -> None:
        """Answer the open question (AnswerError or LiveError if it cannot be); it is sent at once,
        or as soon as the network allows."""
        assert self.trainee is not None
        self.trainee.give(value)
        self._request_send()
        self.changed.emit()

    def _request_send(self) -> None:
        if self._sender is not None:
            self._sender.request()

    def _send(self, pending: list[LiveAnswer]) -> list[tuple[str, bool]]:
        assert self.trainee is not None
        session_id = self.trainee.state.session_id
        return [(answer.question_id, self.store.send_live_answer(self.profile, session_id, answer))
                for answer in pending]

    def _sent(self, results: list[tuple[str, bool]]) -> None:
        assert self.trainee is not None
        for question_id, accepted in results:
            self.trainee.delivered(question_id, accepted)
        self.online, self.problem = True, ""
        if self.trainee.pending():
            self._request_send()
        elif self.stage is Stage.RECORDING:
            self._record()
        self.changed.emit()

    def _not_sent(self, error: Exception) -> None:
        self.online, self.problem = False, str(error)
        self.changed.emit()

    # -- the end -------------------------------------------------------------------------------

    def leave(self) -> None:
        """The trainee leaves before the end: the answers so far go into their progress (once the
        network lets the last of them through)."""
        if self.stage is Stage.FOLLOWING:
            self._record_when_sent()
            self.changed.emit()

    def _record_when_sent(self) -> None:
        if self.stage is not Stage.FOLLOWING:
            return
        self.stage = Stage.RECORDING
        assert self.trainee is not None
        if not self.trainee.pending():
            self._record()

    def _record(self) -> None:
        trainee, store, profile = self.trainee, self.store, self.profile
        assert trainee is not None

        def record() -> int | None:
            return store.record_live_session(profile, trainee.state.session_id, trainee.case)

        run_off_thread(record, self._recorded, self._not_recorded, owner=self)

    def _recorded(self, attempt_id: int | None) -> None:
        self.attempt_id, self.stage = attempt_id, Stage.DONE
        self._stop()
        self.changed.emit()
        self.done.emit()

    def _not_recorded(self, error: Exception) -> None:
        self._not_sent(error)
        QTimer.singleShot(RETRY_MS, self._record_again)

    def _record_again(self) -> None:
        if self.stage is Stage.RECORDING:
            self._record()

    def leave_now(self) -> str:
        """Quitting the application: send what is waiting and record, here and now; returns what went
        wrong (empty if nothing did)."""
        trainee = self.trainee
        if trainee is None or self.stage is Stage.DONE:
            self._stop()
            return ""
        try:
            for question_id, accepted in self._send(trainee.pending()):
                trainee.delivered(question_id, accepted)
            self.attempt_id = self.store.record_live_session(self.profile, trainee.state.session_id, trainee.case)
        except StoreError as exc:
            return str(exc)
        self.stage = Stage.DONE
        self._stop()
        return ""

    def _stop(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
        watcher = self._watcher
        close: Callable[[], object] = watcher.close if watcher is not None else (lambda: None)
        if self._loop is not None and self._loop.running:
            self._loop.stop(then=lambda: run_off_thread(close, lambda _result: None, lambda _error: None))
        else:
            run_off_thread(close, lambda _result: None, lambda _error: None)
        self._watcher = None
