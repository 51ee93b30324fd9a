"""The law text reads comfortably in a full-screen window, and the notes box stays out of the way."""

from PySide6.QtWidgets import QApplication

# The window and library are tests/ui/conftest.py's (the whole content, a store); each test sets its size.


def test_law_text_keeps_about_90_characters_centred_at_1920_and_the_whole_width_when_narrow(window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1920, 1080)
    window.show_law("70E1")
    QApplication.processEvents()
    browser = window.library_view.browser
    chars = browser.document().textWidth() / browser.fontMetrics().averageCharWidth()
    assert 80 <= chars <= 100
    left = browser.viewport().geometry().left()
    right = browser.width() - browser.viewport().geometry().right()
    assert left > 100 and abs(left - right) <= browser.verticalScrollBar().sizeHint().width() + 4  # centred
    window.resize(1024, 700)
    window.library_view.splitter.setSizes([420, 500])  # a page narrower than 90 characters
    QApplication.processEvents()
    assert browser.width() < 90 * browser.fontMetrics().averageCharWidth()
    assert browser.viewport().width() >= browser.width() - browser.verticalScrollBar().sizeHint().width() - 8


def test_notes_box_starts_folded_and_opens_small(window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 800)
    window.show_law("64A1")
    QApplication.processEvents()
    view = window.library_view
    assert not view.notes.isVisible() and "Add a note" in view.notes_button.text()
    view.notes_button.click()
    QApplication.processEvents()
    assert view.notes.isVisible() and view.notes.height() <= 90
    view.notes.setPlainText("Two tricks if the revoker won the trick.")
    view.notes.document().setModified(True)
    view.save_note()
    view.notes_button.click()
    assert not view.notes.isVisible()
    window.show_law("64A2")
    window.show_law("64A1")
    assert "My note" in view.notes_button.text()  # a section with a note says so while folded
