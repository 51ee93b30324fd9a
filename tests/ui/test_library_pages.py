"""A long law reads well at 1024×700: a contents list that jumps to each subsection, headings never
smaller than the text, tables that scroll sideways instead of breaking words; and the library fits
a window 900 px wide."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QFontInfo, QTextBlock, QTextDocument
from PySide6.QtWidgets import QApplication

from app.content.library import Library
from app.ui.library.library_view import LibraryView
from app.ui.window.main_window import MainWindow
from tests.ui.fits import overflowing, text_fits

# The window and the library are tests/ui/conftest.py's: the whole content, 1024×700, a store.


def blocks(document: QTextDocument) -> list[QTextBlock]:
    found, block = [], document.begin()
    while block.isValid():
        found.append(block)
        block = block.next()
    return found


def pixel_size(block: QTextBlock) -> int:
    """The size the block's first characters are drawn at."""
    return QFontInfo(block.begin().fragment().charFormat().font()).pixelSize()


def test_a_long_law_opens_with_its_contents_and_each_entry_jumps_to_its_subsection(window: MainWindow) -> None:
    window.show_law("27")
    browser = window.library_view.browser
    text = browser.toPlainText()
    contents = text[text.index("On this page"): text.index("A bid that does not outrank")]
    for ref in ("27A", "27A1", "27A2", "27B", "27B1", "27B1(a)", "27B1(b)", "27B2", "27B3", "27B4", "27C", "27D"):
        assert ref in contents
    assert text.index("On this page") < 2000  # near the top, after the In brief box
    browser.anchorClicked.emit(QUrl("#s-27B1b"))
    QApplication.processEvents()
    heading = browser.document().find("Law 27B1(b) — Comparable call").block()
    top = browser.document().documentLayout().blockBoundingRect(heading).top()
    scrolled = browser.verticalScrollBar().value()
    assert scrolled > 2000 and abs(top - scrolled) < browser.viewport().height() / 4  # at the top of the view
    assert window.library_view.current_key == "27"  # still the same page: the tree stays on Law 27


def test_a_short_section_has_no_contents_list(window: MainWindow) -> None:
    window.show_law("27B1(a)")
    assert "On this page" not in window.library_view.browser.toPlainText()


def test_headings_are_never_smaller_than_the_text_at_any_text_size(window: MainWindow) -> None:
    window.show_law("27")
    browser = window.library_view.browser
    try:
        for step in (-3, 0, 4, 8):
            window.change_text_size(0)
            window.change_text_size(step) if step else None
            QApplication.processEvents()
            all_blocks = blocks(browser.document())
            body = max(pixel_size(b) for b in all_blocks if b.blockFormat().headingLevel() == 0 and b.text())
            headings = [b for b in all_blocks if b.blockFormat().headingLevel() > 0]
            assert len(headings) >= 13  # the page's title and its twelve subsections
            small = [(b.text(), pixel_size(b)) for b in headings if pixel_size(b) < body]
            assert small == [], (window.point_size, body, small)
    finally:
        window.change_text_size(0)


def test_a_table_scrolls_sideways_rather_than_breaking_words(window: MainWindow) -> None:
    window.show_law("27")
    view = window.library_view
    view.splitter.setSizes([600, 300])  # a narrow page: the outcomes table of 27B is wider than it
    QApplication.processEvents()
    browser = view.browser
    document = browser.document()
    table = document.find("passes throughout").currentTable()
    assert table is not None
    broken = []
    for block in blocks(document):
        if document.find(block.text(), block.position()).currentTable() is not table or not block.text():
            continue
        layout, text = block.layout(), block.text()
        for n in range(layout.lineCount() - 1):  # every line but the last ends between words
            end = layout.lineAt(n).textStart() + layout.lineAt(n).textLength()
            if text[end - 1 : end].isalnum() and text[end : end + 1].isalnum():
                broken.append(text)
    assert broken == []
    assert document.size().width() > browser.viewport().width()  # wider than the page ...
    assert browser.horizontalScrollBar().maximum() > 0  # ... so the page scrolls sideways to it


def test_the_library_fits_a_window_900_pixels_wide(window: MainWindow, library: Library, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.show_law("27")
    beside = window.width() - window.library_view.width()  # the list of areas and the margins
    view = LibraryView(library, window.renderer)
    qtbot.addWidget(view)
    view.resize(900 - beside, 650)
    view.show()
    view.show_law("27B1(a)")
    view.search.setText("penalyt")  # the suggestion line too
    QApplication.processEvents()
    assert view.minimumSizeHint().width() <= 900 - beside
    assert view.width() == 900 - beside
    assert overflowing(view) == []
    for widget in (view.bookmark_button, view.notes_button, view.official_button, view.suggestion, view.status):
        assert text_fits(widget), widget.accessibleName()
    assert view.browser.width() >= 420  # the page keeps room to read
