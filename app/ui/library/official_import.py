"""File › Import official law text… and File › Remove official law text.

The import itself (``app.content.official.importer``) reads and splits the book; a PDF of
some hundred pages takes seconds, so it runs through ``run_off_thread`` and the
window stays responsive. The copy is kept in the user's data folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from app.content.library import Library
from app.ui.common.operations import run_off_thread

if TYPE_CHECKING:
    from app.content.official.text import ImportReport

# The importer (with the law book's and the wording's modules) is imported where a copy is read, made or
# removed: the window builds this menu before its first paint and reads the saved copy after it.


class OfficialTextActions:
    """The two menu items and what they do; ``changed`` tells the library view to refresh."""

    def __init__(self, window: QMainWindow, library: Library, changed: Callable[[], None],
                 folder: Path | None = None) -> None:
        self.window = window
        self.library = library
        self.changed = changed
        self._folder = folder
        self.last_message = ""

    @property
    def folder(self) -> Path:
        """Where the imported copy is kept: the user's data folder unless a test says otherwise."""
        from app.content.official import importer

        return self._folder or importer.default_folder()

    def install(self, menu: QMenu) -> None:
        menu.addAction("Import official law text…", self.choose_file)
        menu.addAction("Remove official law text", self.remove)

    def load_saved(self) -> None:
        """Use a copy imported in an earlier session, if there is one."""
        from app.content.official import importer

        self.library.set_official(importer.load(self.folder))
        self.changed()

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Import official law text", str(Path.home()),
            "Law book (*.pdf *.txt);;All files (*)")
        if path:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> None:
        self.window.statusBar().showMessage(f"Importing {path.name}…")
        book = self.library.book
        from app.content.official import importer

        folder = self.folder
        run_off_thread(lambda: importer.import_file(path, book, folder), self._imported, self._failed, self.window)

    def _imported(self, report: ImportReport) -> None:
        self.load_saved()
        self._tell("Official law text imported", f"{report.summary()}.\n\nTick “Official wording” in the library to "
                   "see it beside each summary; search now covers it too.")

    def _failed(self, error: Exception) -> None:
        self.window.statusBar().clearMessage()
        self._tell("Official law text not imported", str(error), warning=True)

    def remove(self) -> None:
        from app.content.official import importer

        removed = importer.remove(self.folder)
        self.library.set_official(None)
        self.changed()
        self._tell("Official law text", "Your imported copy was removed." if removed else "There was no imported copy.")

    def _tell(self, title: str, text: str, warning: bool = False) -> None:
        self.last_message = text
        self.window.statusBar().showMessage(text.split("\n")[0], 8000)
        box = QMessageBox(QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.Ok, self.window)
        box.open()
