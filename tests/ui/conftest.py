"""Fixtures for the window tests (a test module may define its own of the same name): the real
content library, a progress store in a temporary folder, and the main window at the smallest size
the application supports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.content.library import Library, load_library
from app.store import Store
from app.ui.common import operations
from app.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library(ROOT / "content")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(str(tmp_path / "progress.sqlite3")) as store:
        yield store


@pytest.fixture
def window(qtbot, library: Library, tmp_path: Path,  # type: ignore[no-untyped-def]
           store: Store) -> Iterator[MainWindow]:
    """The main window at 1024×700 on the whole library; work sent off the GUI thread is waited for."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings, store)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    yield window
    operations.wait_for_work(10000)


@pytest.fixture(autouse=True)
def no_blocking_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal question nobody answers would hang the run (pytest-qt closes the windows before fixtures
    are torn down, and closing during an exam asks "Hand it in?"); offscreen, every such question is
    answered Yes. A test that cares about the answer patches ``QMessageBox.question`` itself."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *args, **kwargs: QMessageBox.StandardButton.Yes))


@pytest.fixture
def roomy_window(qtbot, library: Library, tmp_path: Path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """The main window at 1280×800 with a store; any dialog it opened is closed at the end."""
    from PySide6.QtWidgets import QDialog

    with Store.open(str(tmp_path / "progress.sqlite3")) as store:
        win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), store)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        yield win
        for dialog in win.findChildren(QDialog):
            dialog.close()
