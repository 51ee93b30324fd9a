"""The one off-thread helper: work runs away from the GUI thread, results and failures come back on it."""

import os
import threading

from PySide6.QtWidgets import QWidget

from app.ui.common.operations import busy, run_off_thread, wait_for_work


def test_work_runs_on_another_thread_and_the_result_comes_back_on_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    gui = threading.get_ident()
    seen: dict[str, object] = {}

    def work() -> int:
        seen["worker"] = threading.get_ident()
        return 6 * 7

    def done(value: int) -> None:
        seen["value"], seen["callback"] = value, threading.get_ident()

    run_off_thread(work, done, lambda error: seen.setdefault("error", error))
    qtbot.waitUntil(lambda: "value" in seen, timeout=5000)
    assert seen["value"] == 42
    assert seen["worker"] != gui
    assert seen["callback"] == gui
    assert not busy()


def test_a_failure_comes_back_as_the_exception(qtbot) -> None:  # type: ignore[no-untyped-def]
    errors: list[Exception] = []

    def work() -> None:
        raise ValueError("the deal has unknown hands")

    run_off_thread(work, lambda _value: None, errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=5000)
    assert isinstance(errors[0], ValueError)
    assert "unknown hands" in str(errors[0])


def test_no_callback_once_the_owner_is_gone(qtbot) -> None:  # type: ignore[no-untyped-def]
    owner = QWidget()
    gate = threading.Event()
    called: list[object] = []
    run_off_thread(lambda: gate.wait(5), called.append, called.append, owner=owner)
    owner.deleteLater()
    qtbot.wait(20)
    gate.set()
    assert wait_for_work(5000)
    qtbot.wait(50)
    assert called == []


QUIT_WHILE_WORKING = """
import os, sys, threading, time
from PySide6.QtWidgets import QApplication
from app.ui.common.operations import run_off_thread
app = QApplication([])
started = threading.Event()
def work():
    started.set()
    time.sleep(0.3)
    return 1
run_off_thread(work, print, print)
started.wait(5)
del app  # the user quits while the work is still running
"""


def test_quitting_while_work_runs_prints_no_traceback() -> None:
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", QUIT_WHILE_WORKING], cwd=Path(__file__).resolve().parents[2],
                          env=env, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr


def test_work_with_progress_moves_the_bar_and_stops_when_cancelled(qtbot) -> None:  # type: ignore[no-untyped-def]
    """``run_with_progress`` hands the work a step function: each step moves the dialog on the GUI thread,
    and once Cancel is pressed the step says stop, so the work ends where it chooses."""
    from app.ui.common.operations import run_with_progress

    parent = QWidget()
    qtbot.addWidget(parent)
    reached, go_on = threading.Event(), threading.Event()
    results: list[int] = []

    def work(step) -> int:  # type: ignore[no-untyped-def]
        done = 0
        while done < 10 and step(done, 10):
            if done == 4:
                reached.set()
                go_on.wait(5)
            done += 1
        return done

    progress = run_with_progress(work, "Counting…", parent, results.append, lambda error: results.append(-1))
    qtbot.waitUntil(lambda: reached.is_set() and progress.dialog.value() == 4, timeout=5000)
    assert progress.dialog.maximum() == 10 and progress.dialog.labelText() == "Counting…\n4 of 10"
    progress.cancel()
    go_on.set()
    qtbot.waitUntil(lambda: bool(results), timeout=5000)
    assert results == [5] and progress.cancelled  # the step after Cancel said stop
