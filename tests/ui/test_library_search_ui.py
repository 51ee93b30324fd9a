"""The library's search box at 1024×700: the named law first, plain snippets with only the query's
words marked, whole-word marks on the page, and "Did you mean" for a misspelt word."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication

from app.ui.common.rich_delegate import HTML_ROLE
from app.ui.library.library_search import KIND_ROLE
from app.ui.window.main_window import MainWindow
from tests.ui.fits import overflowing, text_fits

# The window and the library are tests/ui/conftest.py's: the whole content, 1024×700, a store.


def search(window: MainWindow, text: str) -> None:
    window.find_in_laws()
    window.library_view.search.setText(text)
    QApplication.processEvents()


def test_the_law_a_query_names_heads_the_results_and_its_page_opens(window: MainWindow) -> None:
    search(window, "penalty card")
    view = window.library_view
    assert view.results.item(0).text() == "Law 50 — Disposition of Penalty Card"
    assert view.current_key == "50" and view.browser.toPlainText().startswith("Law 50 — Disposition of Penalty Card")
    assert overflowing(window, view) == []


def test_result_rows_are_plain_text_marking_only_the_query_words(window: MainWindow) -> None:
    search(window, "what is a revoke")
    view = window.library_view
    rows = [view.results.item(i).data(HTML_ROLE) for i in range(view.results.count())]
    assert len(rows) > 20
    marked = {m.lower() for row in rows for m in re.findall(r"<b><u>(.*?)</u></b>", row)}
    assert marked and marked <= {"revoke", "revokes", "revoked", "revoking", "revoker", "revoker's"}, marked
    assert not [row for row in rows if "**" in row or "`" in row or re.search(r"\| ?-{3}", row)]


def test_page_marks_are_whole_words_and_never_common_words(window: MainWindow) -> None:
    search(window, "this is the revoke")
    browser = window.library_view.browser
    text = browser.document().toRawText()
    marks = browser.extraSelections()
    assert len(marks) > 3
    for mark in marks:
        start, end = mark.cursor.selectionStart(), mark.cursor.selectionEnd()
        word = text[start:end]
        assert word.lower().startswith("revok"), word  # never "this", "is" or "the"
        assert not (text[start - 1 : start].isalnum() or text[end : end + 1].isalnum()), word  # not inside a word


def test_a_misspelt_word_offers_the_library_spelling_and_a_click_searches_it(window: MainWindow) -> None:
    search(window, "penalyt")
    view = window.library_view
    assert view.suggestion.isVisible() and view.status.text() == "No results"
    assert "Did you mean penalty?" in view.suggestion.text().replace('<a href="penalty">', "").replace("</a>", "")
    assert text_fits(view.suggestion) and text_fits(view.status)
    assert overflowing(window, view) == []
    view.suggestion.linkActivated.emit("penalty")
    assert view.search.text() == "penalty" and not view.suggestion.isVisible()
    assert view.results.item(0).text() == "Law 50 — Disposition of Penalty Card"


def test_a_definition_from_the_results_is_a_page_of_its_own(window: MainWindow) -> None:
    search(window, "revoke")
    view = window.library_view
    row = next(i for i in range(view.results.count()) if view.results.item(i).data(KIND_ROLE) == "glossary")
    view.results.setCurrentRow(row)
    assert view.current_key is None and view.browser.toPlainText().startswith("Revoke")
    assert not view.print_action.isEnabled()  # a definition is not a law page to print
    assert not view.tree.selectionModel().hasSelection()  # nor a section for the tree to show
