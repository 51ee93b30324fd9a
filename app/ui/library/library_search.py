"""Search as you type in the law library: the results list, the page that follows the top hit, Enter to jump.

A mixin of ``LibraryView``, kept apart so that the view's module holds the
layout and the navigation and this one holds what the search box does. The
attributes it names are the view's widgets, built in ``LibraryView.__init__``.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QListWidgetItem, QStackedWidget, QTabWidget, QToolButton

from app.content.laws.editions import CURRENT
from app.content.laws.render import Renderer
from app.content.laws.search import HIGHLIGHT_END, HIGHLIGHT_START, Hit
from app.content.library import Library
from app.ui.common.rich_delegate import HTML_ROLE
from app.ui.library.law_browser import LawBrowser

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
KIND_ROLE = Qt.ItemDataRole.UserRole + 2


class LibrarySearch:
    """The search box's behaviour for ``LibraryView``."""

    library: Library
    renderer: Renderer
    current_key: str | None
    edition: str
    cases_hidden: bool
    _last_query: str
    search: QLineEdit
    results: QListWidget
    left_stack: QStackedWidget
    left_tabs: QTabWidget
    status: QLabel
    suggestion: QLabel
    browser: LawBrowser
    official_button: QToolButton
    caseRequested: SignalInstance
    show_law: Callable[..., bool]  # LibraryView.show_law(key, record=True)
    show_loose_page: Callable[[str], None]
    _sync_tree: Callable[[], None]

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def _search_changed(self, text: str) -> None:
        text = text.strip()
        self._suggest(text)
        if not text:
            self._last_query = ""
            self.left_stack.setCurrentWidget(self.left_tabs)
            self.status.clear()
            self.browser.setExtraSelections([])
            self._sync_tree()  # the tree comes back showing the page the search left open
            return
        hits = self.library.index.query(text, limit=60, edition=None if self.edition == CURRENT else self.edition)
        if self.cases_hidden:
            hits = [hit for hit in hits if hit.kind != "case"]
        self._last_query = text
        self.results.clear()
        for hit in hits:
            self.results.addItem(self._hit_item(hit))
        self.left_stack.setCurrentWidget(self.results)
        self.status.setText(f"{len(hits)} result{'s' if len(hits) != 1 else ''}" if hits else "No results")
        self._preview(hits[0] if hits else None, text)

    def _suggest(self, text: str) -> None:
        """Offer the library's spelling of a word it does not hold ("Did you mean penalty?")."""
        suggestion = self.library.index.suggest(text) if text else None
        self.suggestion.setVisible(suggestion is not None)
        if suggestion is not None:
            self.suggestion.setText(f'Did you mean <a href="{html.escape(suggestion)}">{html.escape(suggestion)}</a>?')
            self.suggestion.setToolTip(f"Search for {suggestion} instead")

    def _take_suggestion(self, suggestion: str) -> None:
        self.search.setText(suggestion)
        self.search.setFocus()

    def _preview(self, hit: Hit | None, text: str) -> None:
        """While the trainee types, the page follows the top hit (never the page read before the
        search, which would look like an answer to it); kept out of the back/forward history."""
        if hit is None:
            self.show_loose_page(f"<p>No section, term or case matches <b>{html.escape(text)}</b>.</p>")
        elif hit.kind == "case":  # opening a case would leave the library: say what Enter does
            self.show_loose_page(f"<h2>Case: {html.escape(hit.title)}</h2><p>Press Enter or choose it in the "
                                 "list to open the case.</p>")
        else:
            self._show_hit(hit.key, hit.kind, record=False)

    @staticmethod
    def _hit_html(hit: Hit) -> str:
        """The hit's title in bold and its snippet with the matched words marked."""
        kind = {"law": "", "glossary": "Definition: ", "case": "Case: ", "edition": "", "official": ""}[hit.kind]
        snippet = html.escape(" ".join(hit.snippet.split())[:220])
        snippet = snippet.replace(HIGHLIGHT_START, "<b><u>").replace(HIGHLIGHT_END, "</u></b>")
        return f"<b>{html.escape(kind + hit.title)}</b><br><small>{snippet}</small>"

    def _hit_item(self, hit: Hit) -> QListWidgetItem:
        kind = {"law": "", "glossary": "Definition: ", "case": "Case: ", "edition": "", "official": ""}[hit.kind]
        plain = " ".join(hit.snippet.replace(HIGHLIGHT_START, "").replace(HIGHLIGHT_END, "").split())
        item = QListWidgetItem(f"{kind}{hit.title}")
        item.setData(HTML_ROLE, self._hit_html(hit))
        item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{kind}{hit.title}: {plain[:160]}")
        item.setData(KEY_ROLE, hit.key)
        item.setData(KIND_ROLE, hit.kind)
        item.setToolTip(plain)
        return item

    def _result_current(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self._show_hit(item.data(KEY_ROLE), item.data(KIND_ROLE))

    def _show_hit(self, key: str, kind: str, record: bool = True) -> None:
        if kind in ("law", "edition"):
            self.show_law(key, record)
        elif kind == "official":
            self.official_button.setChecked(True)
            self.show_law(key, record)
        elif kind == "glossary":
            entry = self.library.glossary.lookup(key)
            if entry is not None:
                laws = ", ".join(f'<a href="law:{r.key}">{html.escape(r.label())}</a>' for r in entry.laws)
                self.show_loose_page(f"<h2>{html.escape(entry.term)}</h2>{self.renderer.markdown(entry.definition)}"
                                     + (f"<p>See {laws}.</p>" if laws else ""))
        elif kind == "case":
            self.caseRequested.emit(key)

    def _search_entered(self) -> None:
        """Enter jumps: to the section for a typed reference, else to the first result."""
        text = self.search.text().strip()
        if self.library.book.resolve(text) is not None and self.show_law(text):
            return
        if self.results.count():
            self.results.setCurrentRow(0)
            self._result_current(self.results.item(0), None)
            self.results.setFocus()
