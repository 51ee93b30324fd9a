"""Test-wide settings: Qt draws offscreen, and nothing a test does touches the user's own
settings or progress (their folders are redirected to a temporary directory, removed at exit)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_HOME = tempfile.mkdtemp(prefix="director-trainer-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_CACHE_HOME"] = os.path.join(_HOME, "cache")


import pytest  # noqa: E402 - after the environment above, which must be set before anything imports Qt


@pytest.fixture
def class_server():  # type: ignore[no-untyped-def]
    """A class on the test PostgreSQL server (skipped without one); see ``class_server.py``."""
    from class_server import class_on_server

    with class_on_server() as server:
        yield server


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):  # type: ignore[no-untyped-def]
    """Delete the windows a test leaves behind once pytest-qt has closed them.

    pytest-qt closes each registered widget and calls ``deleteLater``, but outside a running event
    loop Qt never gets round to the deferred deletion: every test's main window, menus and dialogs
    stayed alive to the end of the run (thousands of widgets), and each new window's theme was
    applied to all of them — the step at which one CI run crashed. Flushing the deferred deletions
    here keeps one test's widgets from reaching the next."""
    result = yield
    import sys

    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QApplication

        if QApplication.instance() is not None:
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return result
