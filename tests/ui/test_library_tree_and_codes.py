"""The library's tree always shows the page's section, and the code selector, the tree and the page
always belong to one code — after search previews, links, Back and Forward, at 1024×700."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication

from app.ui.library.library_search import KEY_ROLE
from app.ui.library.library_view import LibraryView
from app.ui.window.main_window import MainWindow
from tests.ui.fits import overflowing

# The window and the library are tests/ui/conftest.py's: the whole content, 1024×700, a store.


def tree_shows(view: LibraryView) -> str | None:
    """The key of the section selected in the tree, checked to be scrolled into the tree's view."""
    index = view.tree.currentIndex()
    if not view.tree.selectionModel().hasSelection() or not index.isValid():
        return None
    if view.tree.isVisible():
        assert view.tree.viewport().rect().intersects(view.tree.visualRect(index)), index.data()
    return str(index.data(KEY_ROLE))


def code_of(view: LibraryView) -> str:
    return str(view.edition_box.currentData())


def test_after_search_previews_the_tree_shows_the_page_left_open(window: MainWindow) -> None:
    window.show_law("27B1(a)")
    view = window.library_view
    assert tree_shows(view) == "27B1(a)"
    window.find_in_laws()
    for text in ("fouled", "fouled board", "revoke"):  # each keystroke previews its top hit
        view.search.setText(text)
        QApplication.processEvents()
    assert view.current_key == "61"
    view.search.clear()
    QApplication.processEvents()
    assert view.left_stack.currentWidget() is view.left_tabs
    assert tree_shows(view) == view.current_key == "61"
    assert overflowing(window, view) == []


def test_links_back_and_forward_move_the_tree_with_the_page(window: MainWindow) -> None:
    window.show_law("27B1(a)")
    view = window.library_view
    view.browser.anchorClicked.emit(QUrl("law:26B"))
    assert tree_shows(view) == "26B"
    view.browser.anchorClicked.emit(QUrl("edition:wbf-2007/27B1(a)"))  # a note on another code
    assert code_of(view) == "wbf-2007" and tree_shows(view) == "wbf-2007/27B1(a)"
    view.go_back()
    assert (view.current_key, code_of(view), tree_shows(view)) == ("26B", "wbf-2017", "26B")
    view.go_back()
    assert tree_shows(view) == "27B1(a)"
    view.go_forward()
    view.go_forward()
    assert (view.current_key, code_of(view), tree_shows(view)) == ("wbf-2007/27B1(a)", "wbf-2007", "wbf-2007/27B1(a)")


def test_choosing_a_code_opens_that_codes_page_for_the_section_being_read(window: MainWindow) -> None:
    window.show_law("27B1")
    view = window.library_view
    view.edition_box.setCurrentIndex(view.edition_box.findData("wbf-2007"))
    # the 2007 notes have none on 27B1 itself: the one on the whole of Law 27 speaks for it
    assert view.current_key == "wbf-2007/27" and tree_shows(view) == "wbf-2007/27"
    page = view.browser.toPlainText()
    assert "The 2007 Laws of Duplicate Bridge" in page and "Corrections without further rectification" not in page
    for code in ("wbf-1997", "okbridge-1997", "ibl"):
        view.edition_box.setCurrentIndex(view.edition_box.findData(code))
        assert view.current_key is not None and view.current_key.startswith(f"{code}/"), code
        assert tree_shows(view) == view.current_key
    view.edition_box.setCurrentIndex(view.edition_box.findData("wbf-2017"))
    assert view.current_key is not None and "/" not in view.current_key  # a 2017 page under the 2017 tree
    assert tree_shows(view) == view.current_key
    assert overflowing(window, view) == []


def test_the_code_selector_leaves_the_window_room_for_the_page(window: MainWindow) -> None:
    window.show_law("27")
    view = window.library_view
    view.edition_box.setCurrentIndex(view.edition_box.findData("okbridge-1997"))  # the longest name
    QApplication.processEvents()
    # the selector elides a long code name rather than widening the left column
    assert view.edition_box.minimumSizeHint().width() < 260
    assert view.browser.width() > view.splitter.widget(0).width()
