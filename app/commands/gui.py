"""``director-trainer gui`` (also the default): start the desktop application."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING

from app.commands import CommandError

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMainWindow


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "gui", help="start the application (the default)", description="Start the Director Trainer window."
    )
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="show the window, then close it at once and report; checks an installed build starts",
    )
    parser.set_defaults(run=run)


def create_main_window(db: str | None = None) -> QMainWindow:
    """The application's main window, with the content library loaded and progress kept in ``db``."""
    from app.content.files.collector import collector_paused

    with collector_paused():  # the window's modules, imported here, all stay alive (see collector.py)
        from app.ui.app import create_main_window as create

    return create(db=db)


def _has_display() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def _wait_for_store(application: QCoreApplication, window: QMainWindow, seconds: float = 60) -> str:
    """For the smoke test: wait until the window has its progress store, or is asking what to do
    because it cannot have it (the dialog does not block), and say which."""
    from app.ui.window.main_window import MainWindow

    assert isinstance(window, MainWindow)
    opener = window.store_opener
    deadline = time.monotonic() + seconds
    while not opener.done and opener.dialog is None and time.monotonic() < deadline:
        application.processEvents()
        time.sleep(0.01)
    if opener.dialog is not None and not opener.done:
        return f"not kept — {opener.problem}"
    return window.store.location if opener.done else "still opening after a minute"


def run(args: argparse.Namespace) -> int:
    # Without a display Qt aborts the process with no useful message, so say it first.
    if not _has_display():
        raise CommandError(
            "no display found (DISPLAY and WAYLAND_DISPLAY are unset); run it in a desktop session, "
            "or set QT_QPA_PLATFORM=offscreen to start without showing a window"
        )
    from PySide6.QtWidgets import QApplication

    application = QApplication.instance() or QApplication(sys.argv[:1])
    window = create_main_window(getattr(args, "db", None))
    window.show()
    if getattr(args, "smoke_test", False):
        application.processEvents()
        print(f"window shown: {window.windowTitle()}")
        print(f"progress: {_wait_for_store(application, window)}")
        window.close()
        code = 0
    else:
        code = int(application.exec())
    # Delete the window while the interpreter is whole: PySide6 can crash at exit when Python's
    # final garbage collection meets widgets that are still alive.
    window.deleteLater()
    application.processEvents()
    from app.ui.common.operations import wait_for_work

    wait_for_work()  # a store still opening when the window closed finishes before the interpreter does
    return code
