"""The law library: the laws as a tree by part, the selected section, search as you type.

Links in the text are ``law:``, ``term:`` and ``case:`` URLs produced by
``app.content.laws.render``; this view follows them, keeps a back/forward history,
and shows a term's definition when the pointer rests on it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.content.laws.compare import counterparts_box, edition_name, note_page, official_box
from app.content.laws.editions import CURRENT
from app.content.laws.law_book import parts
from app.content.laws.render import Renderer
from app.content.library import Library
from app.ui.common.rich_delegate import RichTextDelegate
from app.ui.library.editions_view import CompareDialog
from app.ui.library.law_browser import LawBrowser
from app.ui.library.library_codes import LibraryCodes
from app.ui.library.library_notes import LibraryNotes
from app.ui.library.library_print import LibraryPrint
from app.ui.library.library_search import KEY_ROLE, LibrarySearch

# The selector names a code in full ("The 1997 Laws of Duplicate Bridge ..."); it may show fewer
# characters than that and elide, so the names never set the library's width.
CODE_NAME_CHARS = 16


class LibraryView(LibrarySearch, LibraryNotes, LibraryCodes, LibraryPrint, QWidget):
    """Tree, search box, results and the section page, with history, bookmarks and notes."""

    caseRequested = Signal(str)
    sectionShown = Signal(str)
    historyChanged = Signal()
    bookmarkToggled = Signal(str, bool)
    noteChanged = Signal(str, str)

    def __init__(self, library: Library, renderer: Renderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.renderer = renderer
        self.current_key: str | None = None
        self._back: list[str] = []
        self._forward: list[str] = []
        self._last_query = ""
        self.cases_hidden = False  # during an exam: no case is listed under a law, nor found by search

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search, or type a law such as 27b1a")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the law library")
        self.search.textChanged.connect(self._search_changed)
        self.search.returnPressed.connect(self._search_entered)

        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setHeaderHidden(True)
        self.tree.setModel(self.model)
        self.tree.setAccessibleName("Laws by part")
        self.tree.setUniformRowHeights(True)
        self.tree.selectionModel().currentChanged.connect(self._tree_current)
        # The tree of ~900 sections is filled when it is first needed (shown, or a section selected):
        # the window opens on another area most of the time, and filling it is a tenth of its build.
        self._index_map: dict[str, QPersistentModelIndex] = {}
        self._tree_filled = False
        # Which code the tree shows and the search covers: the 2017 Laws, or another code's notes.
        self.edition = CURRENT
        self.edition_box = QComboBox()
        self.edition_box.setAccessibleName("Code shown in the library")
        self.edition_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.edition_box.setMinimumContentsLength(CODE_NAME_CHARS)
        for edition in [CURRENT, *library.editions.editions]:
            self.edition_box.addItem(edition_name(library.editions, edition), edition)
        self.edition_box.currentIndexChanged.connect(lambda _: self.set_edition(self.edition_box.currentData()))
        self._compare: CompareDialog | None = None

        self.results = QListWidget()
        self.results.setAccessibleName("Search results")
        self.results.setWordWrap(True)
        self.results.setItemDelegate(RichTextDelegate(self.results))
        self.results.setUniformItemSizes(False)
        self.results.setSpacing(2)
        self.results.currentItemChanged.connect(self._result_current)
        self.results.itemActivated.connect(lambda item: self._result_current(item, None))
        self.status = QLabel()
        self.status.setAccessibleName("Search status")
        self.suggestion = QLabel()
        self.suggestion.setAccessibleName("Did you mean")
        self.suggestion.setWordWrap(True)
        self.suggestion.setVisible(False)
        self.suggestion.linkActivated.connect(self._take_suggestion)

        self.bookmark_list = QListWidget()
        self.bookmark_list.setAccessibleName("Bookmarked sections")
        self.bookmark_list.itemActivated.connect(lambda item: self.show_law(item.data(KEY_ROLE)))
        self.bookmark_list.itemClicked.connect(lambda item: self.show_law(item.data(KEY_ROLE)))
        self.left_tabs = QTabWidget()
        self.left_tabs.addTab(self.tree, "Laws")
        self.left_tabs.addTab(self.bookmark_list, "Bookmarks")
        self.left_stack = QStackedWidget()
        self.left_stack.addWidget(self.left_tabs)
        self.left_stack.addWidget(self.results)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.edition_box)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.suggestion)
        left_layout.addWidget(self.left_stack)
        left_layout.addWidget(self.status)

        self.browser = LawBrowser(library, renderer)
        self.browser.setAccessibleName("Law text and annotations")
        self.browser.lawRequested.connect(self.show_law)
        self.browser.caseRequested.connect(self.caseRequested)
        self.browser.editionRequested.connect(self.show_law)
        self.browser.compareRequested.connect(self.compare)

        self.bookmark_button = QToolButton()
        self.bookmark_button.setText("☆ Bookmark this section")
        self.bookmark_button.setCheckable(True)
        self.bookmark_button.setAccessibleName("Bookmark this section")
        self.bookmark_button.toggled.connect(self._bookmark_toggled)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Your notes on this section (saved as you type)")
        self.notes.setAccessibleName("Your notes on this section")
        self.notes.setMaximumHeight(90)
        self.notes.setVisible(False)  # folded away until asked for: the law text gets the room
        self.notes_button = QToolButton()
        self.notes_button.setCheckable(True)
        self.notes_button.setAccessibleName("Show my notes on this section")
        self.notes_button.toggled.connect(self._notes_toggled)
        self._label_notes_button()
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.setInterval(600)
        self._note_timer.timeout.connect(self.save_note)
        self.notes.textChanged.connect(self._note_timer.start)
        self.personal: Callable[[str], tuple[bool, str]] | None = None
        page = QWidget()
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.browser, 1)
        personal_row = QHBoxLayout()
        personal_row.addWidget(self.bookmark_button)
        personal_row.addWidget(self.notes_button)
        # The user's own imported copy of the official text, shown above the summary when ticked.
        self.official_button = QToolButton()
        self.official_button.setText("Official wording")
        self.official_button.setCheckable(True)
        self.official_button.setAccessibleName("Show the official wording")
        self.official_button.toggled.connect(lambda _on: self.refresh())
        self.official_changed()
        personal_row.addWidget(self.official_button)
        personal_row.addStretch(1)
        personal_row.addWidget(self._build_print_actions(self))
        self._enable_printing()
        page_layout.addLayout(personal_row)
        page_layout.addWidget(self.notes)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(page)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([320, 900])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter)

    @property
    def _indexes(self) -> dict[str, QPersistentModelIndex]:
        """Where each section sits in the tree, the tree being filled on first use."""
        if not self._tree_filled:
            self._tree_filled = True
            self._fill_tree()
        return self._index_map

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        self._indexes  # noqa: B018 - fills the tree before it is first seen
        super().showEvent(event)

    def _fill_tree(self) -> None:
        root = self.model.invisibleRootItem()
        for title, laws in parts(self.library.book):
            part = QStandardItem(title)
            part.setEditable(False)
            part.setSelectable(False)
            root.appendRow(part)
            for law in laws:
                part.appendRow(self._section_item(law))
        self._index_keys()

    def _section_item(self, section) -> QStandardItem:  # type: ignore[no-untyped-def]
        item = QStandardItem(section.heading())
        item.setEditable(False)
        item.setData(section.key, KEY_ROLE)
        item.setToolTip(section.heading())
        for child in section.children:
            item.appendRow(self._section_item(child))
        return item

    def _index_keys(self) -> None:
        """Remember where each section sits in the tree (persistent indexes, not item objects:
        Python references to items owned by the model crash the interpreter at exit)."""
        pending = [self.model.index(row, 0) for row in range(self.model.rowCount())]
        while pending:
            index = pending.pop()
            key = index.data(KEY_ROLE)
            if key:
                self._index_map[key] = QPersistentModelIndex(index)
            pending.extend(self.model.index(row, 0, index) for row in range(self.model.rowCount(index)))

    # navigation -----------------------------------------------------------------
    def show_law(self, key: str, record: bool = True) -> bool:
        """Show a section by reference (falls back to its nearest existing parent), or another
        code's note by its key (``wbf-2007/27B1``)."""
        if "/" in key:
            note = self.library.editions.get(key)
            if note is None:
                self.status.setText(f"No note {key} in the library")
                return False
            found = note.key
        else:
            section = self.library.book.resolve(key)
            if section is None:
                self.status.setText(f"No section {key} in the library")
                return False
            found = section.key
        page = self.page_html(found)
        assert page is not None
        if record and self.current_key is not None and self.current_key != found:
            self._back.append(self.current_key)
            self._forward.clear()
        self._put_page(found, page)
        self.sectionShown.emit(found)
        self.historyChanged.emit()
        return True

    def show_loose_page(self, page: str) -> None:
        """Show a page that is no section of any code (a definition, a case's title, a message):
        nothing in the tree is selected for it, and it is neither bookmarked nor printed."""
        self._put_page(None, page)

    def _put_page(self, key: str | None, page: str) -> None:
        """Everything that follows the page: the note saved, this page's bookmark and note, the search
        words marked, the tree, and whether there is a page to print."""
        self.save_note()
        self.current_key = key
        self._show_personal()
        self.browser.setHtml(page)
        self.browser.mark_search(self._last_query)
        self._sync_tree()
        self._enable_printing()

    def page_html(self, key: str, renderer: Renderer | None = None, contents: bool = True) -> str | None:
        """The HTML of a 2017 section's page (with its cases, other codes, and the official wording
        when shown) or of another code's note; None for a key that names neither. ``contents`` lists
        a long law's subsections at its top."""
        renderer = renderer or self.renderer
        if "/" in key:
            note = self.library.editions.get(key)
            return note_page(renderer, self.library.editions, note) if note is not None else None
        section = self.library.book.get(key)
        if section is None:
            return None
        cases = [] if self.cases_hidden else [(c.id, c.title) for c in self.library.cases_citing(section.key)]
        page = (renderer.section(section, cases, contents=contents)
                + counterparts_box(renderer, self.library.editions, section))
        return self._with_official(section.key, page, renderer)

    def page_title(self, key: str) -> str:
        """A page's heading, for a printed page and a PDF's title."""
        section = self.library.book.get(key) if "/" not in key else None
        return section.heading() if section is not None else self.page_label(key)

    def official_changed(self) -> None:
        """After an import or a removal: the toggle is offered only when there is wording to show."""
        official = self.library.official
        self.official_button.setEnabled(official is not None)
        self.official_button.setToolTip(
            f"Show the official wording imported from {official.source}" if official is not None
            else "Import your copy of the law book with File › Import official law text…")
        if official is None and self.official_button.isChecked():
            self.official_button.setChecked(False)  # redraws the page without the wording

    def _with_official(self, key: str, page: str, renderer: Renderer) -> str:
        official = self.library.official
        if not self.official_button.isChecked() or official is None:
            return page
        wording = official.wording(key)
        box = (official_box(renderer, wording, official.source) if wording is not None
               else "<p><i>Your imported copy has no wording placed under this section.</i></p>")
        cut = page.find("</h2>")
        return page[: cut + 5] + box + page[cut + 5:] if cut >= 0 else box + page

    def can_go_back(self) -> bool:
        return bool(self._back)

    def can_go_forward(self) -> bool:
        return bool(self._forward)

    def go_back(self) -> None:
        """Back to the page read before (from a definition or a message too, which are not kept)."""
        if self._back:
            if self.current_key is not None:
                self._forward.append(self.current_key)
            self.show_law(self._back.pop(), record=False)

    def go_forward(self) -> None:
        if self._forward:
            if self.current_key is not None:
                self._back.append(self.current_key)
            self.show_law(self._forward.pop(), record=False)

    def hide_cases(self, hidden: bool) -> None:
        """Leave cases out of the library while an exam runs: the cases a law page lists say which law
        each rests on, and a case found by search shows words of its ruling."""
        if hidden == self.cases_hidden:
            return
        self.cases_hidden = hidden
        self.refresh()
        self._search_changed(self.search.text())

    def refresh(self) -> None:
        """Render the current page again (after a change of text size, palette or suit colours)."""
        if self.current_key is not None:
            self.show_law(self.current_key, record=False)

    def _tree_current(self, current, _previous) -> None:  # type: ignore[no-untyped-def]
        key = current.data(KEY_ROLE)
        if key:
            self.show_law(key)
