"""Opening the progress database after the window has painted, and the trainee's choice when
it cannot be opened.

Why after the paint: importing SQLAlchemy and alembic and checking and migrating the file
take longer than building the whole window, and nothing on the first screen needs the
store in its first half-second. The work goes through ``run_off_thread``; the window
receives the store through the ``attach`` callback on the GUI thread.

Why a choice rather than a bare message: a database that cannot be used should not stop
the trainee from studying (continue without saving), nor leave them stuck with a broken
file (choose another file; for a damaged file, restore the backup taken before the last
upgrade or start a fresh file, keeping the damaged one beside it). The dialog is opened,
not run with ``exec()``, so nothing waits on it and tests can press its buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox, QPushButton, QWidget

from app.content.files.collector import collector_paused
from app.store.errors import StoreError
from app.ui.common.operations import run_off_thread

if TYPE_CHECKING:
    from app.store.health import DamagedStore
    from app.store.store import Store

# The store's modules, ``app.store.health`` (with sqlite3) among them, are imported where a problem is
# met or the store opened: the window is built and painted before either.


class Choice(StrEnum):
    RESTORE = "Restore the backup"
    FRESH = "Start a fresh file"
    ANOTHER = "Choose another file…"
    CONTINUE = "Continue without saving"


def _open(db: str | None) -> Store:
    # The store's modules (SQLAlchemy and the mapped tables: some fifty thousand objects) and its engine all
    # stay alive; the collector, paused for the whole process meanwhile, would scan them several times over.
    with collector_paused(for_good=True):
        from app.store.store import Store  # imported here, off the GUI thread: it brings in SQLAlchemy

        return Store.open(db)


class StoreProblemDialog(QMessageBox):
    """What went wrong with the progress database and the ways on; ``chosen`` says which."""

    chosen = Signal(str)

    def __init__(self, error: StoreError, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.error = error
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle("Progress database")
        from app.store.health import DamagedStore

        damaged = isinstance(error, DamagedStore)
        self.setText("Your progress database is damaged." if damaged else "Your progress cannot be saved this time.")
        self.setInformativeText(str(error))
        choices = [Choice.ANOTHER, Choice.CONTINUE]
        if isinstance(error, DamagedStore):
            choices = [Choice.FRESH, *choices]
            if error.backup is not None:
                choices = [Choice.RESTORE, *choices]
        self.choice_buttons: dict[Choice, QPushButton] = {}
        for choice in choices:
            role = QMessageBox.ButtonRole.RejectRole if choice == Choice.CONTINUE else QMessageBox.ButtonRole.AcceptRole
            self.choice_buttons[choice] = self.addButton(choice.value, role)
        self.setDefaultButton(self.choice_buttons[choices[0]])
        self.setEscapeButton(self.choice_buttons[Choice.CONTINUE])
        self.buttonClicked.connect(self._clicked)

    def _clicked(self, button: QAbstractButton) -> None:
        for choice, known in self.choice_buttons.items():
            if known is button:
                self.chosen.emit(choice.value)
                return


class StoreOpener(QObject):
    """Opens the store named by ``--db`` off the GUI thread and hands it to ``attach(store, temporary)``;
    on failure shows a StoreProblemDialog and carries out the choice. ``settled`` is emitted once the
    window has a store, kept or temporary; ``problem`` is the last message shown, if any."""

    settled = Signal()

    def __init__(self, window: QWidget, attach: Callable[[Store, bool], None]) -> None:
        super().__init__(window)
        self.window = window
        self.attach = attach
        self.db: str | None = None
        self.dialog: StoreProblemDialog | None = None
        self.file_dialog: QFileDialog | None = None
        self.problem: str | None = None
        self.done = False

    def open(self, db: str | None) -> None:
        """Start opening ``db`` (None: $DIRECTOR_TRAINER_DB or the default file)."""
        self.db = db
        self._run(lambda: _open(db))

    def _run(self, work: Callable[[], Store]) -> None:
        run_off_thread(work, self._opened, self._failed, owner=self)

    def _opened(self, store: Store) -> None:
        self.attach(store, False)
        self._settle()

    def _failed(self, error: Exception) -> None:
        problem = error if isinstance(error, StoreError) else StoreError(
            f"cannot open the progress database: {error}; choose another file, or continue without saving")
        self.problem = str(problem)
        self.dialog = StoreProblemDialog(problem, self.window)
        self.dialog.chosen.connect(self._chosen)
        self.dialog.open()

    def _chosen(self, value: str) -> None:
        choice = Choice(value)
        dialog = self.dialog
        assert dialog is not None
        error = dialog.error
        from app.store.health import DamagedStore

        if choice == Choice.CONTINUE:
            from app.store.store import Store

            self.attach(Store.open("sqlite://"), True)  # in memory: on this thread, where it is used
            self._settle()
        elif choice == Choice.ANOTHER:
            self._ask_for_file()
        elif isinstance(error, DamagedStore):
            self._repair(error, choice)

    def _repair(self, error: DamagedStore, choice: Choice) -> None:
        from app.store.health import restore_backup, set_aside

        db, path, backup = self.db, error.path, error.backup

        def repair() -> Store:
            if choice == Choice.RESTORE and backup is not None:
                restore_backup(path, backup)
            else:
                set_aside(path)
            return _open(db)

        self._run(repair)

    def _ask_for_file(self) -> None:
        folder = str(Path(self.db).expanduser().parent) if self.db and "://" not in self.db else ""
        dialog = QFileDialog(self.window, "Keep your progress in", folder,
                             "Progress databases (*.sqlite3 *.db);;All files (*)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("sqlite3")
        dialog.setOption(QFileDialog.Option.DontConfirmOverwrite)  # an existing file is opened, not replaced
        dialog.fileSelected.connect(self.open)
        dialog.rejected.connect(self._reask)
        self.file_dialog = dialog
        dialog.open()

    def _reask(self) -> None:
        """Cancelling the file dialog leads back to the choice, so the trainee is never left without one."""
        if self.dialog is not None:
            self.dialog.open()

    def _settle(self) -> None:
        self.done = True
        self.settled.emit()
