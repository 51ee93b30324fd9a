"""Printing the law page being read, or saving it as a PDF, from the library.

A mixin of ``LibraryView``: the actions sit in the page's context menu and under the page's
Print button, with Ctrl+P while the library has the focus. The page is rendered again for paper
(light colours, no term links, no in-page contents: a printed page cannot jump) and handed to
``app.ui.common.printing``, which the case screen can use the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QToolButton, QWidget

from app.content.laws.render import Renderer
from app.ui.common import printing
from app.ui.library.law_browser import LawBrowser


class LibraryPrint:
    """Print and Save as PDF for ``LibraryView``."""

    renderer: Renderer
    current_key: str | None
    browser: LawBrowser
    print_action: QAction
    pdf_action: QAction
    page_html: Callable[..., str | None]  # LibraryView.page_html(key, renderer=None, contents=True)
    page_title: Callable[[str], str]

    def _build_print_actions(self, owner: QWidget) -> QToolButton:
        """The two actions, offered in the page's context menu and by a button with a menu."""
        self.print_action = QAction("&Print this page…", owner)
        self.print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
        self.print_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.print_action.triggered.connect(lambda: self.print_page())
        self.pdf_action = QAction("Save this page as P&DF…", owner)
        self.pdf_action.triggered.connect(lambda: self.save_page_pdf())
        owner.addActions([self.print_action, self.pdf_action])
        self.browser.page_actions = [self.print_action, self.pdf_action]
        button = QToolButton()
        button.setText("Print")
        button.setAccessibleName("Print or save this page as PDF")
        button.setToolTip("Print this page, or save it as a PDF file")
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        menu.addActions([self.print_action, self.pdf_action])
        button.setMenu(menu)
        return button

    def _enable_printing(self) -> None:
        """Only a law page or a note can be printed (not a definition or a search message)."""
        for action in (self.print_action, self.pdf_action):
            action.setEnabled(self.current_key is not None)

    def _paper_page(self) -> tuple[str, str] | None:
        """The page being read as it goes on paper, with its title; None when no page is open."""
        if self.current_key is None:
            return None
        paper = Renderer(self.renderer.book, self.renderer.glossary,
                         replace(self.renderer.style, dark=False, link_terms=False))
        page = self.page_html(self.current_key, paper, False)
        return (page, self.page_title(self.current_key)) if page is not None else None

    def print_page(self) -> bool:
        """Print the page through the system's print dialog; False when there is none or it was cancelled."""
        paper = self._paper_page()
        return paper is not None and printing.print_page(*paper, parent=self.browser)

    def save_page_pdf(self, path: Path | None = None) -> Path | None:
        """Save the page as a PDF file (asking where unless ``path`` is given); the file, or None."""
        paper = self._paper_page()
        if paper is None:
            return None
        page, title = paper
        target = path or printing.ask_pdf_path(title, self.browser)
        if target is None:
            return None
        try:
            return printing.save_pdf(page, title, target, self.browser.font())
        except OSError as error:
            QMessageBox.warning(self.browser, "PDF not saved", f"The page was not saved: {error}.")
            return None
