"""Help › Quick-reference card: the card opens over the window and fits it, a law number opens that
section in the library, Save as PDF writes at most two A4 or Letter pages that hold the card's lines,
Print goes through the print dialog, a closed-book exam seals it, and a broken card is a message."""

from __future__ import annotations

import shutil
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog

from app.content.laws.quick_reference import FILE_NAME
from app.content.library import Library
from app.training.exam import ExamProfile
from app.ui.library.quick_reference_window import CARD_PAPER, QuickReferenceWindow, save_card_pdf
from app.ui.window.main_window import MainWindow
from tests.ui.fits import overflowing, text_fits

PAPER = ExamProfile(name="Sealed paper", cases=2, minutes=30, quotas={})


def squeezed(text: str) -> str:
    """Text without any spacing (a PDF's extracted text gains and loses spaces) and ligatures undone."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def card_action(window: MainWindow) -> QAction:
    return next(a for a in window.actions() if a.text() == "&Quick-reference card")


def open_card(window: MainWindow) -> QuickReferenceWindow:
    card_action(window).trigger()
    QApplication.processEvents()
    card = window.quick_reference
    assert card is not None and card.isVisible()
    return card


def test_the_card_opens_from_help_and_fits_the_window(window: MainWindow) -> None:
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert card_action(window) in help_menu.actions()
    card = open_card(window)
    assert card.width() <= window.width() and card.height() <= window.height()
    assert overflowing(card) == [] and all(text_fits(b) for b in (card.print_button, card.pdf_button))
    shown = card.browser.toPlainText()
    assert "Insufficient bid" in shown and "Adjusted scores" in shown
    assert card.browser.verticalScrollBar().maximum() > 0  # at 1024×700 the card scrolls
    assert card.browser.horizontalScrollBar().maximum() == 0


def test_the_card_follows_a_change_of_theme(window: MainWindow) -> None:
    card = open_card(window)
    window.set_theme("light")
    light = card.browser.toHtml()
    window.set_theme("dark")
    dark = card.browser.toHtml()
    assert light != dark and "#3a3220" in dark and "#3a3220" not in light  # the dark "In brief" band


def test_a_law_number_opens_the_section_in_the_library(window: MainWindow) -> None:
    card = open_card(window)
    card.browser.anchorClicked.emit(QUrl("law:27B1(a)"))
    QApplication.processEvents()
    assert window.library_view.current_key == "27B1(a)"
    assert "27B1(a)" in window.library_view.browser.toPlainText()


@pytest.mark.parametrize("size", [QPageSize.PageSizeId.A4, QPageSize.PageSizeId.Letter], ids=["A4", "Letter"])
def test_the_pdf_is_two_pages_at_most_and_holds_the_lines(window: MainWindow, tmp_path: Path,
                                                         size: QPageSize.PageSizeId) -> None:
    card = open_card(window)
    assert card.card is not None
    target = save_card_pdf(card.card, tmp_path / "card.pdf", replace(CARD_PAPER, size=size))
    reader = PdfReader(str(target))
    assert 1 <= len(reader.pages) <= 2
    text = squeezed("".join(page.extract_text() for page in reader.pages))
    lines = [squeezed(line.text) for line in card.card.lines()]
    # A box that runs on to the next page splits one line there, its start on one page, its end on the next.
    whole = [line for line in lines if line in text]
    assert len(whole) >= len(lines) - 2
    assert all(line[:30] in text and line[-30:] in text for line in lines)
    assert reader.metadata.title == card.card.title


def test_save_as_pdf_asks_where_and_writes_the_card(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    card = open_card(window)
    target = tmp_path / "my card.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "PDF (*.pdf)")))
    card.pdf_button.click()
    reader = PdfReader(str(target))
    assert len(reader.pages) <= 2 and "Revokes" in reader.pages[0].extract_text() + reader.pages[1].extract_text()


def test_print_goes_through_the_print_dialog(window: MainWindow, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    card = open_card(window)
    target = tmp_path / "printed.pdf"

    def accept(dialog: QPrintDialog) -> int:  # the user picks a printer that writes a PDF
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(target))
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    assert card.print_card() is True
    assert "Callsoutofrotation" in squeezed_pages(target) and len(PdfReader(str(target)).pages) <= 2
    monkeypatch.setattr(QPrintDialog, "exec", lambda dialog: int(QDialog.DialogCode.Rejected))
    assert card.print_card() is False


def squeezed_pages(path: Path) -> str:
    return squeezed("".join(page.extract_text() for page in PdfReader(str(path)).pages))


def test_every_exam_seals_the_card_open_book_too(window: MainWindow) -> None:
    """It lists rulings a paper asks for: a crib, not the law book an open-book paper allows."""
    for open_book in (True, False):
        card = open_card(window)
        window.start_exam(replace(PAPER, open_book=open_book))
        assert not card_action(window).isEnabled() and not card.isVisible()
        window.show_quick_reference()  # reached other than by the menu, it says why not
        assert not card.isVisible() and "not available during an exam" in window.statusBar().currentMessage()
        window.finish_exam(show=False)
        assert card_action(window).isEnabled()


def test_a_broken_card_is_a_message_not_a_traceback(qtbot, library: Library, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "content"
    root.mkdir()
    text = (library.root / FILE_NAME).read_text(encoding="utf-8")
    (root / FILE_NAME).write_text(text.replace('laws: ["27A1"]', 'laws: ["27B9"]'), encoding="utf-8")
    shutil.copy(library.root / "topics.yaml", root / "topics.yaml")
    card = QuickReferenceWindow(replace(library, root=root), window_renderer(library), lambda key: None)
    qtbot.addWidget(card)
    assert card.card is None and not card.pdf_button.isEnabled() and not card.print_button.isEnabled()
    assert f"{root / FILE_NAME}:" in card.problem.text() and "27B9" in card.problem.text()


def window_renderer(library: Library):  # type: ignore[no-untyped-def]
    from app.content.laws.render import Renderer

    return Renderer(library.book, library.glossary)

