"""The text browser every law page is read in: our link schemes, term definitions on hover, search marks.

The library and the case player both show law text; they share this widget so
that a ``law:`` link, a hovered term or a marked search word behaves the same
in both places.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from itertools import accumulate
from urllib.parse import unquote

from PySide6.QtCore import QEvent, QPoint, QUrl, Signal
from PySide6.QtGui import QAction, QColor, QContextMenuEvent, QCursor, QTextCharFormat, QTextCursor, QTextOption
from PySide6.QtWidgets import QMenu, QTextBrowser, QTextEdit, QToolTip, QWidget

from app.content.laws.render import Renderer
from app.content.library import Library
from app.ui.common.theme import readable

READING_CHARS = 90  # a comfortable line length for the law text


class LawBrowser(QTextBrowser):
    """A text browser for library pages: follows our link schemes, shows term definitions on hover."""

    lawRequested = Signal(str)
    caseRequested = Signal(str)
    editionRequested = Signal(str)
    compareRequested = Signal(str)

    def __init__(self, library: Library, renderer: Renderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        readable(self)
        self.library = library
        self.renderer = renderer
        # Lines break between words only: a table too wide for the page scrolls sideways rather than
        # cutting "replacement" into "replacemen" and "t".
        self.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self._follow)
        self.highlighted.connect(self._hover)
        # What the page offers beyond copying (the library adds Print and Save as PDF).
        self.page_actions: list[QAction] = []
        # The widest line, in characters; a page set in two columns (the quick-reference card) allows more.
        self.reading_chars = READING_CHARS

    def context_menu(self, position: QPoint) -> QMenu:
        """Qt's own menu for text (copy, select all) with the page's actions after it."""
        menu = self.createStandardContextMenu(position)
        if self.page_actions:
            menu.addSeparator()
            menu.addActions(self.page_actions)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt's name)
        menu = self.context_menu(event.pos())
        menu.exec(event.globalPos())
        menu.deleteLater()

    def _fit_reading_width(self) -> None:
        """Keep lines to about ``READING_CHARS`` characters, the column centred, when the page is
        wider than that (a full-screen window); narrower pages use their whole width."""
        column = int(self.fontMetrics().averageCharWidth() * self.reading_chars)
        spare = self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width() - column
        side = max(0, spare // 2)
        self.setViewportMargins(side, 0, side, 0)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        self._fit_reading_width()
        super().resizeEvent(event)

    def changeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_reading_width()

    def _follow(self, url: QUrl) -> None:
        if not url.scheme() and url.fragment():  # a place on this page: the contents of a long law
            self.scrollToAnchor(url.fragment())
            return
        scheme, _, target = url.toString().partition(":")
        target = unquote(target)
        if scheme == "law":
            self.lawRequested.emit(target)
        elif scheme == "case":
            self.caseRequested.emit(target)
        elif scheme == "term":
            self._show_term(target)
        elif scheme == "edition":
            self.editionRequested.emit(target)
        elif scheme == "compare":
            self.compareRequested.emit(target)

    def _hover(self, url: QUrl) -> None:
        scheme, _, target = url.toString().partition(":")
        if scheme == "term":
            self._show_term(unquote(target))
        elif scheme == "law":
            section = self.library.book.resolve(unquote(target))
            if section is not None:
                summary = section.summary.split("\n\n")[0]
                QToolTip.showText(QCursor.pos(), f"<b>{html.escape(section.heading())}</b><br>{html.escape(summary)}", self)
        else:
            QToolTip.hideText()

    def _show_term(self, term: str) -> None:
        entry = self.library.glossary.lookup(term)
        if entry is not None:
            QToolTip.showText(QCursor.pos(), f"<b>{html.escape(entry.term)}</b><br>{html.escape(entry.definition)}", self)

    def term_definition(self, term: str) -> str | None:
        entry = self.library.glossary.lookup(term)
        return entry.definition if entry else None

    def mark_search(self, query: str) -> int:
        """Mark where the searched words stand on the page, as the search matched them (whole words,
        word forms, no common words); returns how many were marked."""
        text = self.document().toRawText()  # one character for each position of the document
        colour = self.palette().highlight().color()
        colour.setAlpha(90)
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(colour))
        selections: list[QTextEdit.ExtraSelection] = []
        position = _qt_positions(text)
        for start, end in self.library.index.marks(text, query) if query.strip() else []:
            cursor = QTextCursor(self.document())
            cursor.setPosition(position(start))
            cursor.setPosition(position(end), QTextCursor.MoveMode.KeepAnchor)
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor  # type: ignore[misc]
            selection.format = fmt  # type: ignore[misc]
            selections.append(selection)
        self.setExtraSelections(selections)
        return len(selections)


def _qt_positions(text: str) -> Callable[[int], int]:
    """Python offsets into the text as Qt counts positions (a character beyond U+FFFF takes two)."""
    if len(text.encode("utf-16-le")) == 2 * len(text):
        return lambda index: index
    extra = list(accumulate((int(ord(char) > 0xFFFF) for char in text), initial=0))
    return lambda index: index + extra[index]
