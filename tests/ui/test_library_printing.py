"""A law page printed or saved as a PDF through Qt's printing: the file holds the page's text, the
actions sit in the page's context menu and under its Print button, and a bad path is a message."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QPoint
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox

from app.ui.window.main_window import MainWindow
from tests.ui.fits import overflowing, text_fits

# The window and the library are tests/ui/conftest.py's: the whole content, 1024×700, a store.


def pdf_text(path: Path) -> str:
    """The PDF's text with ligatures undone and no spacing at all: text taken back out of a PDF
    gains and loses spaces (around a link, inside a kerned word), the letters stay."""
    text = "".join(page.extract_text() for page in PdfReader(str(path)).pages)
    return "".join(unicodedata.normalize("NFKC", text).split())


def page_words(window: MainWindow, start: str, count: int) -> str:
    """``count`` words of the page as shown, from the last occurrence of ``start`` (a heading, not its
    entry in the contents), without spacing."""
    shown = window.library_view.browser.toPlainText()
    return "".join(shown[shown.rindex(start):].split()[:count])


def test_save_as_pdf_writes_the_page_from_the_context_menu(window: MainWindow, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window.show_law("27")
    view = window.library_view
    menu = view.browser.context_menu(QPoint(10, 10))
    assert [a.text() for a in menu.actions()][-2:] == ["&Print this page…", "Save this page as P&DF…"]
    target = tmp_path / "law 27.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "PDF (*.pdf)")))
    view.pdf_action.trigger()
    assert target.is_file()
    reader = PdfReader(str(target))
    assert len(reader.pages) >= 5 and reader.metadata.title == "Law 27 — Insufficient Bid"
    text = pdf_text(target)
    assert "Law27—InsufficientBid" in text
    for start in ("A bid that does not outrank", "Law 27B1(a) — Lowest sufficient bid", "Law 27D"):
        assert page_words(window, start, 12) in text, start
    assert "Onthispage" not in text  # paper cannot jump to a subsection


def test_print_goes_through_the_print_dialog(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window.show_law("64A1")
    view = window.library_view
    target = tmp_path / "printed.pdf"

    def accept(dialog: QPrintDialog) -> int:  # the user picks a printer (here: one that writes a PDF)
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(target))
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    view.print_action.trigger()
    assert page_words(window, "Law 64A1", 14) in pdf_text(target)
    monkeypatch.setattr(QPrintDialog, "exec", lambda dialog: int(QDialog.DialogCode.Rejected))
    assert view.print_page() is False


def test_the_print_button_offers_both_and_fits(window: MainWindow) -> None:
    window.show_law("27B1(a)")
    view = window.library_view
    button = next(b for b in view.findChildren(type(view.bookmark_button)) if b.text() == "Print")
    QApplication.processEvents()
    assert button.menu() is not None and button.menu().actions() == [view.print_action, view.pdf_action]
    assert text_fits(button) and overflowing(window, view) == []


def test_a_page_for_paper_is_light_even_in_the_dark_theme(window: MainWindow) -> None:
    window.set_theme("dark")
    try:
        window.show_law("27")
        paper = window.library_view._paper_page()
        assert paper is not None
        page, title = paper
        assert title == "Law 27 — Insufficient Bid"
        assert "#fff8e1" in page and "#3a3220" not in page  # the In brief box in its light colours
        assert 'href="term:' not in page  # no definition links on paper
    finally:
        window.set_theme("light")


def test_a_pdf_that_cannot_be_written_is_a_message_not_a_traceback(window: MainWindow, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    window.show_law("27")
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: said.append(text)))
    missing = tmp_path / "no such folder" / "law.pdf"
    assert window.library_view.save_page_pdf(missing) is None
    assert len(said) == 1 and re.search(r"could not write .*no such folder.*law\.pdf", said[0])
