"""The one way slow work leaves the GUI thread (after Anki's ``QueryOp``).

The work is a plain function with no Qt in it; it runs on Qt's global thread
pool, and its result (or the exception it raised) comes back as a callback on
the GUI thread. Every slow thing in the window goes through ``run_off_thread``
rather than a thread of its own, so there is one place that knows how results
cross threads, how failures become messages, and how to wait for work at exit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

T = TypeVar("T")

_pending: set[_Relay] = set()


class _Relay(QObject):
    """Lives on the GUI thread; the worker emits through it, so the callbacks run there."""

    succeeded = Signal(object)
    failed = Signal(object)

    def __init__(self, owner: QObject | None) -> None:
        super().__init__()
        self.alive = True
        if owner is not None:
            owner.destroyed.connect(self._owner_gone)

    @Slot()
    def _owner_gone(self) -> None:
        self.alive = False


class _Job(QRunnable, Generic[T]):
    def __init__(self, work: Callable[[], T], relay: _Relay) -> None:
        super().__init__()
        self.work = work
        self.relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.work()
        except Exception as error:  # noqa: BLE001 - every failure goes back to the GUI as a message
            self._report(False, error)
        else:
            self._report(True, result)

    def _report(self, succeeded: bool, value: object) -> None:
        """Send the outcome to the GUI thread; if the application has already gone (it quit while the
        work ran, and Qt deleted the relay on the way out), there is no one left to tell."""
        try:
            (self.relay.succeeded if succeeded else self.relay.failed).emit(value)
        except RuntimeError:
            pass


def run_off_thread(work: Callable[[], T], on_success: Callable[[T], Any],
                   on_failure: Callable[[Exception], Any], owner: QObject | None = None) -> None:
    """Run ``work()`` on the thread pool; call ``on_success(result)`` or ``on_failure(error)`` on the
    GUI thread when it ends. If ``owner`` is destroyed first, neither callback runs."""
    relay = _Relay(owner)
    _pending.add(relay)

    def finish(callback: Callable[[Any], Any], value: object) -> None:
        _pending.discard(relay)
        relay.deleteLater()
        if relay.alive:
            callback(value)

    relay.succeeded.connect(lambda value: finish(on_success, value))
    relay.failed.connect(lambda error: finish(on_failure, error))
    QThreadPool.globalInstance().start(_Job(work, relay))


def busy() -> bool:
    """Whether any work sent off the GUI thread has not yet reported back."""
    return bool(_pending)


def wait_for_work(milliseconds: int = -1) -> bool:
    """Block until the pool's threads are idle (at exit, and in tests); True if they are."""
    return bool(QThreadPool.globalInstance().waitForDone(milliseconds))
