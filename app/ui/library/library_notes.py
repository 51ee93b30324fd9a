"""The trainee's own bookmarks and notes on law sections, as the law library shows and saves them.

A mixin of ``LibraryView``: the store behind them is reached through the
``personal`` provider and the view's signals, so this module holds only what
the bookmark button, the bookmark list and the note box do. The attributes it
names are the view's widgets, built in ``LibraryView.__init__``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, QTimer, SignalInstance
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QPlainTextEdit, QToolButton

from app.content.library import Library
from app.ui.library.library_search import KEY_ROLE


class LibraryNotes:
    """Bookmarks and notes for ``LibraryView``."""

    library: Library
    current_key: str | None
    personal: Callable[[str], tuple[bool, str]] | None
    bookmark_button: QToolButton
    bookmark_list: QListWidget
    notes: QPlainTextEdit
    notes_button: QToolButton
    _note_timer: QTimer
    bookmarkToggled: SignalInstance
    noteChanged: SignalInstance

    def set_personal(self, provider: Callable[[str], tuple[bool, str]] | None, bookmarks: list[str]) -> None:
        """Where this trainee's bookmark and note for a section come from (None: no store), and
        the bookmarked sections to list."""
        self.personal = provider
        self.bookmark_button.setEnabled(provider is not None)
        self.notes.setEnabled(provider is not None)
        self.bookmark_list.clear()
        for key in bookmarks:
            section = self.library.book.get(key)
            item = QListWidgetItem(section.heading() if section else key)
            item.setData(KEY_ROLE, key)
            self.bookmark_list.addItem(item)
        self._show_personal()

    def _show_personal(self) -> None:
        marked, note = (False, "")
        if self.personal is not None and self.current_key is not None:
            marked, note = self.personal(self.current_key)
        with QSignalBlocker(self.bookmark_button), QSignalBlocker(self.notes):
            self.bookmark_button.setChecked(marked)
            self.bookmark_button.setText("★ Bookmarked" if marked else "☆ Bookmark this section")
            self.notes.setPlainText(note)
        self._label_notes_button()
        self._note_timer.stop()

    def _notes_toggled(self, shown: bool) -> None:
        self.notes.setVisible(shown)
        self._label_notes_button()
        if shown:
            self.notes.setFocus()

    def _label_notes_button(self) -> None:
        """▸ folded, ▾ open; the label says whether this section already has a note."""
        arrow = "▾" if self.notes_button.isChecked() else "▸"
        has_note = bool(self.notes.toPlainText().strip())
        self.notes_button.setText(f"{arrow} {'My note' if has_note else 'Add a note'}")

    def _bookmark_toggled(self, on: bool) -> None:
        if self.current_key is not None:
            self.bookmark_button.setText("★ Bookmarked" if on else "☆ Bookmark this section")
            self.bookmarkToggled.emit(self.current_key, on)

    def save_note(self) -> None:
        """Hand a changed note to whoever keeps it (called as typing pauses, and on leaving)."""
        if self._note_timer.isActive() or self.notes.document().isModified():
            self._note_timer.stop()
            if self.current_key is not None and self.personal is not None:
                self.noteChanged.emit(self.current_key, self.notes.toPlainText())
            self.notes.document().setModified(False)
