"""Other codes in the law library: the code selector, the tree of the code a page belongs to, Compare.

A mixin of ``LibraryView``. The selector, the tree and the page always agree: choosing a code
opens that code's page for what was being read (its note on the section, or its nearest note);
opening a page of another code (a link, Back) while the tree is in view turns the tree to that code.
Which note stands for a 2017 section is ``Editions.nearest``'s answer, below the GUI.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import unquote

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSignalBlocker, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QLineEdit, QStackedWidget, QTabWidget, QTreeView, QWidget

from app.content.laws.compare import edition_name
from app.content.laws.editions import CURRENT
from app.content.laws.refs import parse_ref
from app.content.laws.render import Renderer
from app.content.library import Library
from app.ui.library.editions_view import CompareDialog, edition_model
from app.ui.library.library_search import KEY_ROLE

FIRST_PAGE = "Introduction"


def page_code(key: str) -> str:
    """The code a page belongs to: another code's note is keyed ``wbf-2007/27B1``, a 2017 section ``27B1``."""
    return key.partition("/")[0] if "/" in key else CURRENT


class LibraryCodes:
    """The code selector and the tree's code for ``LibraryView``."""

    library: Library
    renderer: Renderer
    current_key: str | None
    edition: str
    model: QStandardItemModel
    tree: QTreeView
    edition_box: QComboBox
    search: QLineEdit
    left_stack: QStackedWidget
    left_tabs: QTabWidget
    _compare: CompareDialog | None
    show_law: Callable[..., bool]  # LibraryView.show_law(key, record=True)
    _search_changed: Callable[[str], None]
    _tree_current: Callable[..., None]
    if TYPE_CHECKING:
        @property
        def _indexes(self) -> dict[str, QPersistentModelIndex]: ...  # LibraryView's, filling the tree on first use

    def set_edition(self, edition: str) -> None:
        """Show one code in the tree; the search then covers that code (all of them for 2017). The
        page turns to that code too: its note for the section being read, or its nearest note."""
        if edition == self.edition:
            return
        self._turn_tree(edition)
        if self.search.text().strip():
            self._search_changed(self.search.text())  # the page follows the new code's first hit
            return
        target = self._counterpart(edition)
        if target is not None:
            self.show_law(target)

    def _counterpart(self, edition: str) -> str | None:
        """The page of ``edition`` that stands for the page being read (None: the code has no pages)."""
        key = self.current_key or FIRST_PAGE
        if "/" in key:
            note = self.library.editions.get(key)
            key = note.maps_to[0].key if note is not None else FIRST_PAGE
        if edition == CURRENT:
            return key
        note = self.library.editions.nearest(edition, parse_ref(key))
        return note.key if note is not None else None

    def _turn_tree(self, edition: str) -> None:
        """Put a code's sections in the tree and the selector, leaving the page as it is."""
        self.edition = edition
        self.tree.selectionModel().currentChanged.disconnect(self._tree_current)
        shown = self.tree.model()
        model = self.model if edition == CURRENT else edition_model(self.library.editions, edition, self.tree)
        self.tree.setModel(model)
        if shown is not self.model:
            shown.deleteLater()  # another code's tree is made afresh each time it is chosen
        self.tree.selectionModel().currentChanged.connect(self._tree_current)
        self.tree.setAccessibleName("Laws by part" if edition == CURRENT else edition_name(self.library.editions, edition))
        self.left_tabs.setTabText(0, "Laws" if edition == CURRENT else "Notes")
        with QSignalBlocker(self.edition_box):
            self.edition_box.setCurrentIndex(max(0, self.edition_box.findData(edition)))

    def _sync_tree(self) -> None:
        """Make the tree show the page: its code (while the tree is in view rather than search results)
        and its section selected; nothing selected for a page that is no section (a definition, a case)."""
        key = self.current_key
        if key is not None and self.left_stack.currentWidget() is self.left_tabs and page_code(key) != self.edition:
            self._turn_tree(page_code(key))
        index = self._tree_index(key) if key is not None and page_code(key) == self.edition else QModelIndex()
        with QSignalBlocker(self.tree.selectionModel()):
            if index.isValid():
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
            else:
                self.tree.selectionModel().clear()

    def _tree_index(self, key: str) -> QModelIndex:
        if self.edition == CURRENT:
            persistent = self._indexes.get(key)
            if persistent is None or not persistent.isValid():
                return QModelIndex()
            return self.model.index(persistent.row(), 0, persistent.parent())
        model = self.tree.model()
        found = model.match(model.index(0, 0), KEY_ROLE, key, 1,
                            Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
        return found[0] if found else QModelIndex()

    def page_label(self, key: str) -> str:
        """How the status bar names a page: ``Law 27B1(a)`` or ``2007: Law 27B1(a)``."""
        note = self.library.editions.get(key) if "/" in key else None
        if note is None:
            return f"Law {key}"
        return f"{self.library.editions.editions[note.edition].short}: {note.heading()}"

    def compare(self, key: str | None = None) -> CompareDialog | None:
        """Open the current (or given) 2017 section beside its counterparts in every other code."""
        section = self.library.book.resolve(key or self.current_key or "")
        if section is None or not self.library.editions.editions:
            return None
        if self._compare is not None:
            self._compare.close()
        parent = self if isinstance(self, QWidget) else None
        self._compare = CompareDialog(self.renderer, self.library.editions, section, self._follow_from_compare, parent)
        self._compare.show()
        return self._compare

    def _follow_from_compare(self, url: str) -> None:
        scheme, _, target = url.partition(":")
        if scheme in ("law", "edition"):
            self.show_law(unquote(target))
