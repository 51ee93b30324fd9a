"""The window paints before the progress database is opened, and a database that cannot be
used becomes a dialog whose choices work: continue without saving, choose another file,
restore the pre-upgrade backup or start a fresh file (a damaged file is kept)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from damaged_stores import damage, filled, garble_row, upgraded_from_first_revision
from PySide6.QtCore import QSettings

from app.content.library import Library, load_library
from app.ui.common.operations import wait_for_work
from app.ui.window.main_window import AREAS, MainWindow
from app.ui.window.store_opening import Choice

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


@pytest.fixture
def opening(qtbot, library: Library, tmp_path: Path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """A window built as the application builds it: no store until ``open_store``."""
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    yield window
    wait_for_work()
    if window._store is not None:
        window._store.close()


def _problem(qtbot, window: MainWindow, db: str):  # type: ignore[no-untyped-def]
    window.open_store(db)
    qtbot.waitUntil(lambda: window.store_opener.dialog is not None and window.store_opener.dialog.isVisible(),
                    timeout=20000)
    dialog = window.store_opener.dialog
    assert dialog is not None
    return dialog


def test_the_window_paints_first_and_the_store_arrives_after(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                             tmp_path: Path) -> None:
    opening.open_store(str(tmp_path / "progress.sqlite3"))
    assert opening._store is None and opening.isVisible()
    assert "opening your progress" in opening.statusBar().currentMessage()
    assert opening.areas.item(AREAS.index("Classroom")).isHidden()  # no profile yet, so no instructor
    qtbot.waitUntil(lambda: opening.store_opener.done, timeout=20000)
    assert opening.store.location == str(tmp_path / "progress.sqlite3")
    assert f"progress kept in {tmp_path / 'progress.sqlite3'}" in opening.statusBar().currentMessage()
    assert opening.windowTitle().startswith("Director Trainer — ")
    assert gc.isenabled()  # the collector, paused while the store was opened, collects again


def test_a_store_that_cannot_be_opened_leaves_the_collector_on(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder")
    _problem(qtbot, opening, str(tmp_path / "a file" / "progress.sqlite3"))
    assert gc.isenabled()


def test_a_folder_that_cannot_be_made_offers_to_continue_without_saving(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                                          tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    dialog = _problem(qtbot, opening, str(blocker / "progress.sqlite3"))
    assert "cannot create the folder" in dialog.informativeText() and str(blocker) in dialog.informativeText()
    assert set(dialog.choice_buttons) == {Choice.ANOTHER, Choice.CONTINUE}
    dialog.choice_buttons[Choice.CONTINUE].click()
    assert opening.store_opener.done and opening.store_is_temporary
    assert "NOT being kept" in opening.statusBar().currentMessage()
    assert opening.store.profiles()  # a profile to train under, in memory


def test_choose_another_file_opens_it(qtbot, opening: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    dialog = _problem(qtbot, opening, str(blocker / "progress.sqlite3"))
    dialog.choice_buttons[Choice.ANOTHER].click()
    files = opening.store_opener.file_dialog
    assert files is not None and files.isVisible()
    files.fileSelected.emit(str(tmp_path / "elsewhere.sqlite3"))
    qtbot.waitUntil(lambda: opening.store_opener.done, timeout=20000)
    assert not opening.store_is_temporary and opening.store.location == str(tmp_path / "elsewhere.sqlite3")


def test_cancelling_the_file_dialog_returns_to_the_choice(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                          tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    dialog = _problem(qtbot, opening, str(blocker / "progress.sqlite3"))
    dialog.choice_buttons[Choice.ANOTHER].click()
    files = opening.store_opener.file_dialog
    assert files is not None
    files.reject()
    assert dialog.isVisible() and not opening.store_opener.done


def test_a_damaged_file_can_be_started_afresh_keeping_it(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                         tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    damage(filled(path))
    dialog = _problem(qtbot, opening, str(path))
    assert dialog.text() == "Your progress database is damaged." and "damaged" in dialog.informativeText()
    assert Choice.RESTORE not in dialog.choice_buttons  # no upgrade, so no backup to offer
    dialog.choice_buttons[Choice.FRESH].click()
    qtbot.waitUntil(lambda: opening.store_opener.done, timeout=20000)
    assert [p.name for p in opening.store.profiles()] == [opening.profile.name]  # only the new one
    assert list(tmp_path.glob("progress.sqlite3.damaged-*"))


def test_a_damaged_file_can_be_restored_from_the_backup_before_the_upgrade(  # type: ignore[no-untyped-def]
        qtbot, opening: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    upgraded_from_first_revision(path, "Ann")
    damage(filled(path))
    dialog = _problem(qtbot, opening, str(path))
    dialog.choice_buttons[Choice.RESTORE].click()
    qtbot.waitUntil(lambda: opening.store_opener.done, timeout=20000)
    assert [p.name for p in opening.store.profiles()] == ["Ann"] and opening.profile.name == "Ann"


def test_a_garbled_row_is_explained_like_other_damage(qtbot, opening: MainWindow,  # type: ignore[no-untyped-def]
                                                      tmp_path: Path) -> None:
    """A row changed in place passes SQLite's quick check; the window must not open it silently and put new
    work on top of it, but say it is damaged and offer the same ways on."""
    path = garble_row(tmp_path / "progress.sqlite3")
    dialog = _problem(qtbot, opening, str(path))
    assert dialog.text() == "Your progress database is damaged."
    assert "no longer match its index" in dialog.informativeText() and str(path) in dialog.informativeText()
    assert list(dialog.choice_buttons) == [Choice.FRESH, Choice.ANOTHER, Choice.CONTINUE]
