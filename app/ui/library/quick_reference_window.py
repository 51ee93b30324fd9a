"""Help › Quick-reference card: the director's card in a window of its own, to print or save as PDF.

A window rather than a page of the library because a director keeps the card open beside whatever
he is doing — a case at the table, the library itself — as he would keep the paper card in his
pocket. The card is the library's (``app.content.laws.quick_reference``): each law number is a
link that opens that section in the library, and on paper it fits two A4 or Letter pages.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.content.laws.quick_reference import FILE_NAME, QuickReference, card_html, load_quick_reference
from app.content.laws.render import Renderer, Style
from app.content.library import Library
from app.ui.common import printing
from app.ui.library.law_browser import READING_CHARS, LawBrowser

# Small type and narrow margins, as on any pocket card: the 57 lines fit two pages of A4 or Letter.
CARD_PAPER = printing.Paper(point_size=8, margin_mm=11, whole_page=True)
TITLE = "Quick-reference card"


def paper_html(card: QuickReference) -> str:
    """The card as it goes on paper: light colours and plain law numbers (paper cannot follow a link)."""
    return card_html(card, Renderer(style=Style(link_terms=False)), links=False)


def save_card_pdf(card: QuickReference, path: Path, paper: printing.Paper = CARD_PAPER) -> Path:
    """Write the card to a PDF file without a window (the command line's ``--pdf``); starts Qt's
    application object if none runs, off screen when there is no display."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        if sys.platform.startswith("linux") and not any(
                os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        _keep.append(QGuiApplication([sys.argv[0] if sys.argv else "director-trainer"]))
    return printing.save_pdf(paper_html(card), card.title, path, paper=paper)


_keep: list[object] = []  # the application object save_card_pdf started, alive until the process ends


class QuickReferenceWindow(QDialog):
    """The card, its law links opening the library, with Print… and Save as PDF…."""

    def __init__(self, library: Library, renderer: Renderer, show_law: Callable[[str], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.card, problems = load_quick_reference(library.root / FILE_NAME, library.book)
        self.browser = LawBrowser(library, renderer)
        self.browser.setAccessibleName("Quick-reference card")
        self.browser.reading_chars = 2 * READING_CHARS  # two boxes a row, each a comfortable column
        self.browser.lawRequested.connect(show_law)
        layout = QVBoxLayout(self)
        if self.card is None:
            # Bad content is a message with its place, never an empty window or a traceback.
            shown = "\n".join(str(problem) for problem in problems[:5])
            self.problem = QLabel(f"The quick-reference card could not be read:\n{shown}\n"
                                  "Run `director-trainer check` for the full list.")
            self.problem.setWordWrap(True)
            self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(self.problem)
        layout.addWidget(self.browser, 1)
        self.set_renderer(renderer)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.print_button = QPushButton("&Print…")
        self.pdf_button = QPushButton("Save as P&DF…")
        for button, slot in ((self.print_button, self.print_card), (self.pdf_button, self.save_pdf)):
            button.setEnabled(self.card is not None)
            button.clicked.connect(lambda _=False, s=slot: s())
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        # Two boxes a row want about 800 pixels; a small window (or screen) lends most of itself, and
        # the card scrolls.
        room = parent.window().geometry() if parent is not None else self.screen().availableGeometry()
        self.resize(min(860, int(room.width() * 0.9)), min(940, int(room.height() * 0.9)))

    def set_renderer(self, renderer: Renderer) -> None:
        """Show the card in the window's current look (theme, suit colours), as the library does."""
        self.browser.renderer = renderer
        if self.card is not None:
            self.browser.setHtml(card_html(self.card, renderer))

    def print_card(self) -> bool:
        """Print through the system's print dialog; False when cancelled (or there is no card)."""
        return self.card is not None and printing.print_page(paper_html(self.card), self.card.title, self,
                                                             CARD_PAPER)

    def save_pdf(self, path: Path | None = None) -> Path | None:
        """Save the card as a PDF (asking where unless ``path`` is given); the file, or None."""
        if self.card is None:
            return None
        target = path or printing.ask_pdf_path(TITLE, self)
        if target is None:
            return None
        try:
            return printing.save_pdf(paper_html(self.card), self.card.title, target, self.font(), CARD_PAPER)
        except OSError as error:
            QMessageBox.warning(self, "PDF not saved", f"The card was not saved: {error}.")
            return None
