"""The two ways a live class session's screens talk to the shared database, built on
``run_off_thread`` (the one background helper) so that a slow or dropped network never freezes a
window:

- ``WatchLoop`` waits, again and again, for the session to change (a blocking wait on the class
  database, a second at most each time) and hands each reading to the window;
- ``Coalesced`` sends what the window holds now (the presenter's step, a trainee's answers) and,
  if it changed while the last send was under way, sends again — never two at once, never stale
  last, and again a second later after a failure, until it gets through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import shiboken6
from PySide6.QtCore import QObject, QTimer

from app.ui.common.operations import run_off_thread

T = TypeVar("T")
V = TypeVar("V")
RETRY_MS = 1000


class WatchLoop(QObject, Generic[T]):
    """Runs ``work()`` off the GUI thread round after round until stopped; each result goes to
    ``on_result``, each failure to ``on_failure`` (and the loop carries on: ``work`` itself waits
    before failing again, as ``LiveWatcher`` does)."""

    def __init__(self, work: Callable[[], T], on_result: Callable[[T], Any],
                 on_failure: Callable[[Exception], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work, self._on_result, self._on_failure = work, on_result, on_failure
        self.running = False
        self._round = False  # a round is under way
        self._then: list[Callable[[], Any]] = []

    def start(self) -> None:
        self.running = True
        if not self._round:
            self._next()

    def stop(self, then: Callable[[], Any] | None = None) -> None:
        """No further rounds; ``then`` runs once the round under way has come back (or now)."""
        self.running = False
        if then is not None:
            if self._round:
                self._then.append(then)
            else:
                then()

    def _next(self) -> None:
        self._round = True
        run_off_thread(self._work, self._succeeded, self._failed)

    def _succeeded(self, result: T) -> None:
        self._end_round()
        if self._carries_on():
            self._on_result(result)
            self._carry_on()

    def _failed(self, error: Exception) -> None:
        self._end_round()
        if self._carries_on():
            self._on_failure(error)
            self._carry_on()

    def _carries_on(self) -> bool:
        """Still running, and not deleted with its owner while the round was out: the round's ``then``
        (closing a connection) still runs, but nothing reports to an owner that has gone."""
        return self.running and shiboken6.isValid(self)

    def _end_round(self) -> None:
        self._round = False
        waiting, self._then = self._then, []
        for then in waiting:
            then()

    def _carry_on(self) -> None:
        if self.running and not self._round:
            self._next()


class Coalesced(QObject, Generic[V, T]):
    """``request()`` asks for ``work(snapshot())`` to run off the GUI thread; requests made while it
    runs fold into one more run with a fresh snapshot. A failure is reported and the work tried
    again after ``retry_ms``, until it succeeds or ``cancel()``."""

    def __init__(self, snapshot: Callable[[], V], work: Callable[[V], T], on_done: Callable[[T], Any],
                 on_failure: Callable[[Exception], Any], retry_ms: int = RETRY_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._snapshot, self._work, self._on_done, self._on_failure = snapshot, work, on_done, on_failure
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.setInterval(retry_ms)
        self._retry.timeout.connect(self.request)
        self.busy = False
        self._again = False
        self.cancelled = False

    def request(self) -> None:
        if self.cancelled:
            return
        if self.busy:
            self._again = True
            return
        self._retry.stop()
        self.busy, self._again = True, False
        value = self._snapshot()  # taken here, on the GUI thread
        run_off_thread(lambda: self._work(value), self._done, self._failed, owner=self)

    def cancel(self) -> None:
        self.cancelled = True
        self._retry.stop()

    def _done(self, result: T) -> None:
        self.busy = False
        if self.cancelled:
            return
        self._on_done(result)
        if self._again:
            self.request()

    def _failed(self, error: Exception) -> None:
        self.busy = False
        if self.cancelled:
            return
        self._on_failure(error)
        self._retry.start()
