"""File menu entries for writing cases: New case…, Edit this case…, Import deal…, and case packs.

Everything here ends in the case editor or in the user case folder; nothing is written into
``content/``. A saved or imported case is put into the loaded library at once, so it shows in
the case list without a restart (the next start loads it from the folder).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.user_cases import user_case_folder
from app.training.exam_seal import Sealed, editing_gives_answers_away
from app.ui.common.operations import Progress, run_off_thread, run_with_progress
from app.ui.common.tables import make_read_only

# The editor, the board readers and the case writer are imported when first used: with the rules
# engine behind them they would add a tenth of a second to every start of the window.

if TYPE_CHECKING:
    from app.bridge.board_file import BoardFile
    from app.content.cases.model import Case
    from app.content.cases.packs import PackContents, PackImport
    from app.ui.editor.case_editor import CaseEditor
    from app.ui.window.window_base import WindowBase

BOARD_COLUMNS = ("Board", "Contract", "Declarer", "Result")


class BoardPicker(QDialog):
    """The boards of a PBN or LIN file (number, contract, declarer, result) and its problems; pick one."""

    def __init__(self, board_file: BoardFile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board_file = board_file
        self.setWindowTitle(f"Import a deal from {Path(board_file.source).name}")
        self.table = QTableWidget(len(board_file.boards), len(BOARD_COLUMNS))
        self.table.setAccessibleName("Boards")
        self.table.setHorizontalHeaderLabels(list(BOARD_COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        make_read_only(self.table)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        for row, board in enumerate(board_file.boards):
            contract = "passed out" if board.passed_out else board.contract.symbol.split(" by ")[0] \
                if board.contract else "—"
            values = (str(board.number) if board.number is not None else f"line {board.line}", contract,
                      board.declarer.english if board.declarer else "—",
                      str(board.result) if board.result is not None else "—")
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))
        if board_file.boards:
            self.table.selectRow(0)
        self.table.doubleClicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Pick the board the case starts from; its deal, auction and play become the "
                                "case's events."))
        layout.addWidget(self.table, 1)
        if board_file.problems:
            problems = QListWidget()
            problems.setAccessibleName("Problems in the file")
            problems.addItems([str(problem) for problem in board_file.problems])
            layout.addWidget(QLabel(f"{len(board_file.problems)} problem(s) in the file:"))
            layout.addWidget(problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 460)

    def chosen_row(self) -> int:
        return self.table.currentRow()


class CaseActions:
    """The File menu's case entries for one main window. Every one of them reads or writes case files,
    which hold the answers, so the window's exam seal turns them all off during an exam.

    ``confirm(title, question)`` asks the trainee a yes-or-no question (replaceable in tests)."""

    def __init__(self, window: WindowBase, folder: Path | None = None) -> None:
        self.window = window
        self.folder = folder or user_case_folder()
        self.editors: list[CaseEditor] = []
        self.confirm: Callable[[str, str], bool] = self._confirm

    def install(self, menu: QMenu) -> None:
        tag = self.window.seal.tag
        self.new_action = tag(menu.addAction("New &case…", self.new_case), Sealed.CASE_FILES)
        self.edit_action = tag(menu.addAction("&Edit this case…", self.edit_current), Sealed.CASE_FILES)
        self.import_deal_action = tag(menu.addAction("Import &deal…", self.import_deal), Sealed.CASE_FILES)
        tag(menu.addAction("E&xport case pack…", self.export_pack), Sealed.CASE_FILES)
        tag(menu.addAction("I&mport case pack…", self.import_pack), Sealed.CASE_FILES)
        tag(menu.addAction("Import case pack from a &folder…", lambda: self.import_pack(folder=True)),
            Sealed.CASE_FILES)
        menu.aboutToShow.connect(lambda: self.edit_action.setEnabled(
            self.current_case() is not None and self.window.seal.allows(Sealed.CASE_FILES)))
        self._put_away: list[CaseEditor] = []  # editors open when an exam began, shown again after it
        self.window.seal.on_change(self._sealed)

    def _sealed(self, sealed: frozenset[Sealed]) -> None:
        """An editor open when an exam begins is put away, draft and all, until the exam is over."""
        if Sealed.CASE_FILES in sealed:
            for editor in self.editors:
                if editor.isVisible():
                    editor.hide()
                    self._put_away.append(editor)
        else:
            for editor in self._put_away:
                if editor in self.editors:
                    editor.show()
            self._put_away.clear()

    def current_case(self) -> Case | None:
        """The case open in the case player, if the player is the area on screen."""
        player = self.window._player
        if player is None or self.window.stack.currentWidget() is not player:
            return None
        return player.case

    def open_editor(self, text: str, editing: str = "") -> CaseEditor:
        from app.ui.editor.case_editor import CaseEditor

        editor = CaseEditor(text, self.window.library.topics, self.folder, editing=editing,
                            library_ids=self.library_ids(), parent=self.window)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.saved.connect(self.case_saved)
        editor.destroyed.connect(lambda _=None, e=editor: self.editors.remove(e) if e in self.editors else None)
        self.editors.append(editor)
        editor.show()
        return editor

    def library_ids(self) -> frozenset[str]:
        """The ids of the library's own cases (those read from its content folder): a case written or imported
        under one of them would stand in for the library's."""
        content = self.window.library.root.resolve()
        return frozenset(c.id for c in self.window.library.cases if c.path.resolve().is_relative_to(content))

    def new_case(self) -> CaseEditor:
        taken = {case.id for case in self.window.library.cases}
        number = next(n for n in range(1, len(taken) + 2) if f"new-case-{n}" not in taken)
        from app.content.cases.skeleton import blank_case
        from app.content.cases.writer import dump_case

        return self.open_editor(dump_case(blank_case(f"new-case-{number}")))

    def edit_current(self) -> CaseEditor | None:
        """Open the case on screen in the editor; on a case the trainee has not yet finished, only
        after asking, since the editor shows every answer."""
        case = self.current_case()
        if case is None:
            QMessageBox.information(self.window, "Edit this case", "Open a case first; the editor edits the case "
                                    "on screen.")
            return None
        if not self._may_show_answers(case):
            return None
        try:
            text = case.path.read_text(encoding="utf-8")  # the file as written, comments and all
        except OSError:
            from app.content.cases.writer import case_data, dump_case

            text = dump_case(case_data(case))  # the file has gone since the library was loaded
        return self.open_editor(text, editing=case.id)

    def _may_show_answers(self, case: Case) -> bool:
        """True if the trainee has earned the case's answers, or says to show them anyway."""
        window = self.window
        player = window._player
        attempt = player.ruling.attempt if player is not None else None
        if attempt is None or attempt.case.id != case.id:
            return True
        profile = window.profile
        results = window._safely(lambda: window.store.last_results(profile), "read results") or {}
        if not editing_gives_answers_away(attempt, results):
            return True
        return self.confirm("Edit this case?", "This shows the answers to this case — every right choice, "
                            "answer and the model ruling — before you have finished it. Open it in the editor "
                            "anyway?")

    def _confirm(self, title: str, question: str) -> bool:
        answer = QMessageBox.question(self.window, title, question, QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def close_editors(self) -> bool:
        """Close every open editor, each asking first about unsaved changes; False if one stays open."""
        return all(editor.close() for editor in list(self.editors))

    def case_saved(self, case: Case) -> None:
        self.window.library.put_case(case)
        self._refresh_list()
        self.window.statusBar().showMessage(f"Saved {case.title} to your cases", 6000)

    def _refresh_list(self) -> None:
        if self.window._store is not None:
            self.window.refresh_profile()
        else:
            self.window.show_results({})

    # --- import a deal --------------------------------------------------------------------------

    def import_deal(self, path: Path | None = None) -> None:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self.window, "Import a deal", "",
                                                  "Board files (*.pbn *.lin);;All files (*)")
            if not name:
                return
            path = Path(name)
        self.window.statusBar().showMessage(f"Reading {path.name}…")
        from app.bridge.board_reader import load_board_file

        run_off_thread(lambda: load_board_file(path), self.pick_board, self._unreadable, owner=self.window)

    def _unreadable(self, error: Exception) -> None:
        self.window.statusBar().clearMessage()  # "Reading …" is over
        QMessageBox.warning(self.window, "Import a deal", str(error))

    def pick_board(self, board_file: BoardFile) -> BoardPicker:
        """Show the file's boards; the one picked opens in the editor as a new case."""
        self.window.statusBar().clearMessage()  # "Reading …" is over
        picker = BoardPicker(board_file, self.window)
        picker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        picker.accepted.connect(lambda: self.board_chosen(board_file, picker.chosen_row()))
        picker.open()
        return picker

    def board_chosen(self, board_file: BoardFile, row: int) -> CaseEditor | None:
        if not 0 <= row < len(board_file.boards):
            return None
        from app.content.cases.skeleton import SkeletonError, case_from_board
        from app.content.cases.writer import dump_case

        try:
            data = case_from_board(board_file.boards[row], Path(board_file.source).name)
        except SkeletonError as error:
            QMessageBox.warning(self.window, "Import a deal", str(error))
            return None
        return self.open_editor(dump_case(data))

    # --- case packs -----------------------------------------------------------------------------

    def export_pack(self) -> None:
        chooser = PackChooser(self.window.library.cases, self.folder, self.window)
        if chooser.exec() != QDialog.DialogCode.Accepted or not chooser.chosen():
            return
        name, _ = QFileDialog.getSaveFileName(self.window, "Export a case pack", "case-pack.zip",
                                              "Case pack (*.zip)")
        if name:
            target = Path(name) if name.lower().endswith(".zip") else Path(name + ".zip")
            from app.content.cases.packs import export_pack

            written = export_pack(chooser.chosen(), target)
            self.window.statusBar().showMessage(f"{len(written)} case(s) written to {target}", 8000)

    def import_pack(self, source: Path | None = None, folder: bool = False) -> Progress | None:
        """Read a pack off the GUI thread with a progress bar and Cancel, ask about any of the user's cases
        it would replace, then write its cases (off the thread again) and say what was done."""
        if source is None:
            if folder:
                name = QFileDialog.getExistingDirectory(self.window, "Import a case pack folder")
            else:
                name, _ = QFileDialog.getOpenFileName(self.window, "Import a case pack", "", "Case pack (*.zip)")
            if not name:
                return None
            source = Path(name)
        from app.content.cases.packs import read_pack

        pack, mine = source, self.folder
        topics, library_ids = set(self.window.library.topics) or None, self.library_ids()
        self.window.statusBar().showMessage(f"Reading {pack.name}…")
        self.pack_progress = run_with_progress(
            lambda step: read_pack(pack, mine, topics, library_ids, step), f"Reading the case pack {pack.name}…",
            self.window, self._pack_read, lambda error: self._pack_failed(pack, error))
        return self.pack_progress

    def _pack_read(self, contents: PackContents) -> None:
        from app.content.cases.packs import write_pack
        from app.content.library_cache import remember_user_cases

        there = [] if contents.cancelled else contents.already_there(self.folder)
        replace = frozenset(there) if there and self._replace(there) else frozenset()
        mine, topics = self.folder, set(self.window.library.topics) or None

        def write(step: Callable[[int, int], bool]) -> PackImport:
            report = write_pack(contents, mine, replace.__contains__, step)
            remember_user_cases(report.imported, topics)  # checked just now: the next start need not read them
            return report

        self.pack_progress = run_with_progress(
            write,
            f"Writing the cases of {contents.source.name}…", self.window,
            lambda report: self._pack_written(contents.source, report),
            lambda error: self._pack_failed(contents.source, error))

    def _pack_written(self, source: Path, report: PackImport) -> None:
        self.window.library.put_cases(report.imported)
        if report.imported:
            self._refresh_list()
        self.window.statusBar().showMessage(f"{source.name}: {report.summary()}", 8000)
        warn = report.problems or report.cancelled
        box = QMessageBox(QMessageBox.Icon.Warning if warn else QMessageBox.Icon.Information,
                          "Import a case pack", f"{source.name}: {report.summary()}.", parent=self.window)
        details = [str(problem) for problem in report.problems]
        details += [f"{old} is a case in the library: the pack's is imported beside it as {new}"
                    for old, new in report.beside]
        if details:
            box.setDetailedText("\n".join(details))
        box.open()

    def _pack_failed(self, source: Path, error: Exception) -> None:
        """Whatever went wrong that the pack reader does not report itself (a full disk, say) is said, not lost."""
        self.window.statusBar().clearMessage()
        box = QMessageBox(QMessageBox.Icon.Warning, "Import a case pack", f"{source.name} could not be imported: "
                          f"{error}", parent=self.window)
        box.open()

    def _replace(self, names: list[str]) -> bool:
        """Ask once whether the pack's cases may replace the user's cases of the same names."""
        if len(names) == 1:
            question = f"You already have {names[0]}. Replace it with the one in the pack?"
        else:
            shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
            question = f"You already have {len(names)} of the pack's cases ({shown}). Replace them with the pack's?"
        answer = QMessageBox.question(self.window, "Replace your cases?", question)
        return answer == QMessageBox.StandardButton.Yes


class PackChooser(QDialog):
    """The cases to put in a pack: the user's own are ticked to begin with."""

    def __init__(self, cases: list[Case], folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export a case pack")
        self.cases = cases
        self.list = QListWidget()
        self.list.setAccessibleName("Cases for the pack")
        for case in cases:
            item = QListWidgetItem(f"{case.title} ({case.id})")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            mine = case.path.parent.resolve() == folder.resolve()
            item.setCheckState(Qt.CheckState.Checked if mine else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Tick the cases to share; the pack is a .zip of their case files."))
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(560, 520)

    def chosen(self) -> list[Case]:
        return [case for row, case in enumerate(self.cases)
                if self.list.item(row).checkState() == Qt.CheckState.Checked]


def install_case_menu(window: WindowBase, menu: QMenu) -> CaseActions:
    """Add the case-writing entries to the File menu; returns them (the window keeps a reference)."""
    actions = CaseActions(window)
    actions.install(menu)
    return actions
