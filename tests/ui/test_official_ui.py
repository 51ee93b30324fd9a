"""The user's official wording in the window: import off the GUI thread, the toggle, search, removal."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.content.library import load_library
from app.ui.common.operations import busy
from app.ui.library.official_import import OfficialTextActions
from app.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "tests" / "content" / "fixtures" / "official" / "english-extraction.txt"


@pytest.fixture
def window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    library = load_library(ROOT / "content")  # its own: an import changes the library's index
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings, None)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.official_text = OfficialTextActions(win, library, win.library_view.official_changed, tmp_path / "user")
    return win


def test_import_then_show_the_wording_search_it_and_remove_it(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.library_view
    assert not view.official_button.isEnabled()
    window.official_text.import_file(BOOK)
    qtbot.waitUntil(lambda: not busy() and window.library.official is not None, timeout=10000)
    message = window.official_text.last_message
    assert message.startswith("4 laws, 29 of 906 sections with official wording; left without wording: ")
    assert "; 2 kept unplaced (no such section in the library): 27A2(a), 27E." in message
    assert view.official_button.isEnabled()
    window.show_law("27B1(b)")
    assert "Made-up text for a comparable call" not in view.browser.toPlainText()
    view.official_button.setChecked(True)
    text = view.browser.toPlainText()
    assert "Official wording (your copy: english-extraction.txt)" in text
    assert text.index("Made-up text for a comparable call") < text.index("Other codes")
    qtbot.keyClicks(view.search, "made-up lowest sufficient")
    first = view.results.item(0)
    assert first.text() == "Official wording: Law 27B1(a) — Lowest sufficient bid showing the same denomination(s)"
    view.search.clear()
    window.official_text.remove()
    assert window.library.official is None and not view.official_button.isChecked()
    assert not view.official_button.isEnabled()
    assert "Official wording" not in view.browser.toPlainText()


def test_a_failed_import_is_a_message_and_keeps_the_old_copy(window: MainWindow, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window.official_text.import_file(BOOK)
    qtbot.waitUntil(lambda: not busy() and window.library.official is not None, timeout=10000)
    letter = tmp_path / "letter.txt"
    letter.write_text("Nothing about bridge here.\n", encoding="utf-8")
    window.official_text.import_file(letter)
    qtbot.waitUntil(lambda: "no law headings found" in window.official_text.last_message, timeout=10000)
    assert window.library.official is not None and window.library.official.source == "english-extraction.txt"
