"""View › Larger/Smaller text changes, at once and without a restart, the law text, the question,
its choices, the library tree and the table — measured on the fonts they are drawn with."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QTextBrowser

from app.content.library import load_library
from app.store import Store
from app.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library():
    return load_library(ROOT / "content")


def text_points(browser: QTextBrowser) -> float:
    """The size the body of a page is drawn at: the character format in the middle of it."""
    cursor = QTextCursor(browser.document())
    cursor.setPosition(browser.document().characterCount() // 2)
    return cursor.charFormat().font().pointSizeF() if cursor.charFormat().font().pointSizeF() > 0 else \
        browser.document().defaultFont().pointSizeF()


def sizes(window: MainWindow) -> dict[str, float]:
    window.player.table.grab()  # paint the table so it records what it drew
    panel = window.player.ruling
    return {
        "law text": text_points(window.library_view.browser),
        "cited law": text_points(window.player.law_pane),
        "question": panel.ask.font().pointSizeF(),
        "choices": panel.form.choice_labels[0].font().pointSizeF(),
        "tree": window.library_view.tree.font().pointSizeF(),
        "table hands": window.player.table.points["hands"],
        "table auction": window.player.table.points["auction"],
    }


def fill_the_room(sizes: dict[str, float]) -> bool:
    """Whether the hands are drawn half again as large as the text: the felt then has them as large
    as the window's room allows, whatever the text size (the text size governs them where the room
    is short, and never lets them fall below the text: ``test_case_screen_room``)."""
    return sizes["table hands"] >= 1.5 * sizes["question"]


def test_larger_and_smaller_text_reach_every_part_of_the_screen_at_once(qtbot, library, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Store.open(str(tmp_path / "p.sqlite3")) as store:
        window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), store)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        window.show_law("70E1")
        window.open_case("claim-with-a-finesse")
        panel = window.player.ruling
        panel.form.law_box.setCurrentText("70E1")  # the law question comes first; the choices come next
        panel.mark_current()
        panel.next_question()
        QApplication.processEvents()
        before = sizes(window)
        window.change_text_size(3)
        QApplication.processEvents()
        larger = sizes(window)
        for part, size in before.items():
            if part == "table hands" and fill_the_room(before) and fill_the_room(larger):
                continue
            assert larger[part] > size, (part, before, larger)
        window.change_text_size(-1)
        window.change_text_size(-1)
        QApplication.processEvents()
        smaller = sizes(window)
        for part, size in larger.items():
            if part == "table hands" and fill_the_room(larger) and fill_the_room(smaller):
                continue
            assert smaller[part] < size, (part, larger, smaller)
        window.change_text_size(0)
