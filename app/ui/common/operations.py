"""The one way slow work leaves the GUI thread (after Anki's ``QueryOp``).

The work is a plain function with no Qt in it; it runs on Qt's global thread
pool, and its result (or the exception it raised) comes back as a callback on
the GUI thread. Every slow thing in the window goes through ``run_off_thread``
rather than a thread of its own, so there is one place that knows how results
cross threads, how failures become messages, and how to wait for work at exit.

Long work that can say how far it has got goes through ``run_with_progress``:
the work is given a plain ``step(done, total)`` function to call as it goes,
which moves a progress dialog on the GUI thread and returns False once the
user has pressed Cancel, so that the work (which knows no Qt) stops cleanly at
a point of its choosing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

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


class Progress(QObject):
    """A progress dialog with a Cancel button for work off the GUI thread. ``step`` is what the work calls,
    from its own thread; the dialog shows itself only if the work lasts longer than a moment."""

    _moved = Signal(int, int)
    SHOW_AFTER_MS = 400
    WIDTH = 440

    def __init__(self, label: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.label = label
        self.dialog = QProgressDialog(label, "Cancel", 0, 0, parent)
        self.dialog.setWindowTitle(label.rstrip("…."))
        self.dialog.setMinimumWidth(self.WIDTH)
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(self.SHOW_AFTER_MS)
        self.dialog.setAutoReset(False)
        self.dialog.setAutoClose(False)
        self._cancelled = threading.Event()
        self.dialog.canceled.connect(self._cancelled.set)
        self._moved.connect(self._show)
        self._last = (-1, -1)

    def step(self, done: int, total: int) -> bool:
        """Report ``done`` of ``total`` (from any thread); False once the user has asked to stop."""
        if (done, total) != self._last and (total < 100 or done % max(1, total // 100) == 0 or done == total):
            self._last = (done, total)
            self._moved.emit(done, total)  # queued to the GUI thread: the dialog is moved there
        return not self._cancelled.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """What the Cancel button does: the work is told at its next step."""
        self._cancelled.set()
        self.dialog.cancel()

    @Slot(int, int)
    def _show(self, done: int, total: int) -> None:
        if not self._cancelled.is_set():
            self.dialog.setLabelText(f"{self.label}\n{done:,} of {total:,}")
            self.dialog.setMaximum(total)
            self.dialog.setValue(done)

    def close(self) -> None:
        self.dialog.close()
        self.dialog.deleteLater()
        self.deleteLater()


def run_with_progress(work: Callable[[Callable[[int, int], bool]], T], label: str, parent: QWidget,
                      on_success: Callable[[T], Any], on_failure: Callable[[Exception], Any]) -> Progress:
    """``run_off_thread`` for work that reports how far it has got: ``work(step)`` calls ``step(done, total)``
    as it goes, which moves a progress dialog labelled ``label`` over ``parent`` and returns False once the
    user has pressed Cancel. The dialog closes before either callback runs. Returns the progress, whose
    ``cancelled`` says whether Cancel was pressed."""
    progress = Progress(label, parent)

    def finish(callback: Callable[[Any], Any], value: Any) -> None:
        progress.close()
        callback(value)

    run_off_thread(lambda: work(progress.step), lambda value: finish(on_success, value),
                   lambda error: finish(on_failure, error), owner=parent)
    return progress


def busy() -> bool:
    """Whether any work sent off the GUI thread has not yet reported back."""
    return bool(_pending)


def wait_for_work(milliseconds: int = -1) -> bool:
    """Block until the pool's threads are idle (at exit, and in tests); True if they are."""
    return bool(QThreadPool.globalInstance().waitForDone(milliseconds))
