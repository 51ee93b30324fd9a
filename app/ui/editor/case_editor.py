"""The case editor: a form, the case file's text beside it, and the checks, preview and analysis as you type.

The text is the truth. An edit in the form rewrites that key in the text at once; an edit in
the text is read back into the form when typing pauses. Each settled text is checked off the
GUI thread with the checks ``director-trainer check`` runs (loader, rules engine, solver), and
the result shows as ``file:line`` messages, the table at the director call and the engine's
analysis. Saving writes to the user case folder only, and only a case that loads and has no
placeholder text left in it. A draft is never dropped silently: closing the editor with unsaved
changes (the window's close button, Esc, File › Close, or quitting the application) asks Save,
Discard or Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase, QGuiApplication, QKeySequence, QResizeEvent, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenuBar,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.drafts import DraftCheck, check_draft, draft_name, engine_expect, placeholder_problems
from app.content.cases.model import Case
from app.content.cases.user_cases import save_user_case
from app.content.cases.writer import dump_case
from app.content.cases.yaml_lines import YamlSyntaxError, load_located
from app.rules.timeline import Timeline, replay
from app.training.deal_analysis import deal_key
from app.ui.case.double_dummy_panel import DoubleDummyPanel
from app.ui.case.table_widget import TableWidget
from app.ui.common.operations import run_off_thread
from app.ui.common.theme import readable
from app.ui.editor.case_form import REMOVE, CaseForm

SETTLE_MS = 400  # how long typing must pause before the text is read back and checked
LINE_ROLE = Qt.ItemDataRole.UserRole + 1
WIDE = 1400  # from this width the text and the preview stand side by side


def fitting_size(parent: QWidget | None) -> QSize:
    """The editor's first size: 1280×800, or less on a smaller screen (the one the window is on)."""
    screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
    room = screen.availableGeometry().size() if screen is not None else QSize(1280, 800)
    return QSize(min(1280, room.width()), min(800, room.height()))


class Unsaved(Enum):
    """What to do with unsaved changes when the editor closes."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def _data(text: str) -> object:
    """The text read as YAML, or None if it is not YAML (then only the text itself can be compared)."""
    try:
        return load_located(text).data
    except YamlSyntaxError:
        return None


def _checked(text: str, topics: set[str] | None) -> tuple[DraftCheck, Timeline | None]:
    """The checks and the table's timeline for a draft: the slow part, run off the GUI thread."""
    result = check_draft(text, topics)
    return result, replay(result.case.scenario()) if result.case is not None else None


class CaseEditor(QWidget):
    """One case being written; ``saved(case)`` after it is written to the user case folder.

    ``editing`` is the id of the case the text came from: saving it needs no question. ``library_ids``
    are the ids of the application's own cases: a user case of the same id is shown in place of one,
    so saving under such an id (other than the one being edited) asks first. ``ask_unsaved`` asks what
    to do with unsaved changes on closing (replaceable in tests).
    """

    saved = Signal(object)

    def __init__(self, text: str, topics: dict[str, str], folder: Path,
                 ask: Callable[[str, str], bool] | None = None, editing: str = "",
                 library_ids: frozenset[str] = frozenset(), parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Case editor")
        self.topics = set(topics) or None
        self.folder = folder
        self.ask = ask or self._ask
        self.data: dict[str, Any] = {}
        self.check: DraftCheck | None = None
        self.checking = 0  # the number of the latest check sent off; older answers are dropped
        self.saved_id = editing
        self.library_ids = library_ids
        self.ask_unsaved: Callable[[], Unsaved] = self._ask_unsaved
        self._saved_text, self._saved_data = text, _data(text)  # what closing without saving would lose
        self._wide: bool | None = None  # which layout is in place (see resizeEvent)

        self.form = CaseForm(topics)
        self.form.changed.connect(self._form_changed)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Case file text")
        self.text.setToolTip("The case file. An edit in the form rewrites it in the layout of CASE_FORMAT.md, "
                             "without its comments")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        # Long lines wrap at the pane's edge (a line stays one line of the file), so none is cut off.
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.textChanged.connect(self._text_changed)
        self.settle = QTimer(self)
        self.settle.setSingleShot(True)
        self.settle.setInterval(SETTLE_MS)
        self.settle.timeout.connect(self._text_settled)

        self.table = TableWidget()
        self.table.setMinimumSize(300, 200)  # a preview: it scales down to share a laptop screen with the text
        self.problems = QListWidget()
        self.problems.setAccessibleName("Problems")
        self.problems.itemActivated.connect(self._go_to_problem)
        self.problems.itemClicked.connect(self._go_to_problem)
        self.analysis = readable(QTextBrowser())
        self.analysis.setAccessibleName("The engine's analysis")
        self.status = QLabel("Checking…")
        self.status.setWordWrap(True)
        self.notes = QTabWidget()  # problems and analysis share the space under the table
        self.notes.addTab(self.problems, "Problems")
        self.notes.addTab(self.analysis, "The engine's analysis")
        # The author sees the solver at once (nothing to give away): the deal's trick table and par,
        # and for a claim or adjusted-score case what each side takes from the director's position.
        self.double_dummy = DoubleDummyPanel()
        self.notes.addTab(self.double_dummy, "Double dummy")
        self._solved_deal: str | None = None
        preview = QWidget()
        self.preview_layout = right = QVBoxLayout(preview)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.table, 3)
        right.addWidget(self.notes, 2)

        self.fill_button = QPushButton("Fill in expect from the engine")
        self.fill_button.setToolTip("Write the engine's conclusions as the expect block; keep only the keys the "
                                    "ruling rests on")
        self.fill_button.clicked.connect(self.fill_expect)
        self.save_button = QPushButton("Save to my cases")
        self.save_button.setToolTip(f"Saves into {folder}, never into the application's own content")
        self.save_button.clicked.connect(self.save)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.fill_button)
        buttons.addWidget(self.save_button)

        # Wide: form | text | preview. Narrow (a laptop): form | text over the preview, where the table
        # becomes a tab beside the problems and the analysis, so it keeps a readable size.
        self.inner = QSplitter()
        self.inner.addWidget(self.text)
        self.inner.addWidget(preview)
        self.splitter = splitter = QSplitter()
        splitter.addWidget(self.form)
        splitter.addWidget(self.inner)
        layout = QVBoxLayout(self)
        layout.setMenuBar(self._menu_bar())
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.activated.connect(self.close)
        self.resize(fitting_size(parent))
        self.text.setPlainText(text)
        self._text_settled()

    def _menu_bar(self) -> QMenuBar:
        bar = QMenuBar(self)
        menu = bar.addMenu("&File")
        save = menu.addAction("&Save to my cases", self.save)
        save.setShortcut(QKeySequence.StandardKey.Save)
        menu.addSeparator()
        close = menu.addAction("&Close", self.close)
        close.setShortcut(QKeySequence.StandardKey.Close)
        return bar

    # --- closing --------------------------------------------------------------------------------

    def has_unsaved_changes(self) -> bool:
        """Whether closing now would lose anything: the text differs from the last saved (or opened)
        text in what it says, not only in layout (an edit in the form rewrites the text's layout)."""
        text = self.text.toPlainText()
        if text == self._saved_text:
            return False
        data = _data(text)
        return data is None or data != self._saved_data

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        """Unsaved changes ask first: Save (closing only if the draft can be saved), Discard, or Cancel."""
        if self.settle.isActive():
            self._text_settled()
        if self.has_unsaved_changes():
            choice = self.ask_unsaved()
            if choice is Unsaved.CANCEL or (choice is Unsaved.SAVE and self.save() is None):
                event.ignore()
                return
        super().closeEvent(event)

    def unsaved_prompt(self) -> tuple[str, str]:
        """The title and words of the question closing with unsaved changes asks."""
        return ("Unsaved case", f"{draft_name(self.text.toPlainText())} has changes that are not saved. Save them "
                "to your cases before closing? Discard drops them; Cancel goes back to the editor.")

    def _ask_unsaved(self) -> Unsaved:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self, *self.unsaved_prompt(), buttons.Save | buttons.Discard | buttons.Cancel,
                                      buttons.Save)
        return {buttons.Save: Unsaved.SAVE, buttons.Discard: Unsaved.DISCARD}.get(answer, Unsaved.CANCEL)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Lay the text and the preview side by side on a wide screen, one over the other on a narrow one."""
        super().resizeEvent(event)
        wide = event.size().width() >= WIDE
        if self._wide is not wide:
            self._wide = wide
            self.inner.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)
            if wide:  # the table above the problems and the analysis
                if (index := self.notes.indexOf(self.table)) >= 0:
                    self.notes.removeTab(index)
                self.preview_layout.insertWidget(0, self.table, 3)
                self.table.show()
            else:  # the table as the first tab beside them, so it keeps the full width
                self.notes.insertTab(0, self.table, "Table")
                self.notes.setCurrentIndex(0)
            width, height = event.size().width(), event.size().height()
            self.splitter.setSizes([width * 33 // 100, width * 67 // 100] if wide else
                                   [width * 40 // 100, width * 60 // 100])
            self.inner.setSizes([width * 27 // 100, width * 40 // 100] if wide else
                                [height * 50 // 100, height * 50 // 100])

    # --- keeping form and text in step ----------------------------------------------------------

    def _text_changed(self) -> None:
        self.settle.start()

    def _text_settled(self) -> None:
        """Read the text back into the form (if it parses as a mapping) and check it."""
        self.settle.stop()
        try:
            data = load_located(self.text.toPlainText()).data
        except YamlSyntaxError:
            data = None
        if isinstance(data, dict):
            self.data = data
            self.form.load(data)
        self._check()

    def _form_changed(self, key: str) -> None:
        """Write the key the user changed in the form into the text (which is rewritten in the format's style)."""
        if self.settle.isActive():  # a text edit not yet read back: read it first, so it is not lost
            self._text_settled()
        value = self.form.value(key, self.data)
        if value is REMOVE:
            self.data.pop(key, None)
        else:
            self.data[key] = value
        self._set_text(dump_case(self.data))

    def _set_text(self, text: str) -> None:
        scroll = self.text.verticalScrollBar().value()
        self.text.blockSignals(True)
        self.text.setPlainText(text)
        self.text.blockSignals(False)
        self.text.verticalScrollBar().setValue(scroll)
        self._check()

    # --- checking -------------------------------------------------------------------------------

    def _check(self) -> None:
        self.checking += 1
        number, text, topics = self.checking, self.text.toPlainText(), self.topics
        self.status.setText("Checking…")
        run_off_thread(lambda: _checked(text, topics), lambda result: self._show_check(number, result),
                       lambda error: self._check_failed(number, error), owner=self)

    def _show_check(self, number: int, result: tuple[DraftCheck, Timeline | None]) -> None:
        if number != self.checking:
            return  # the text has changed since; a newer check is on its way
        check, timeline = result
        self.check = check
        self.problems.clear()
        for problem, warning in [(p, False) for p in check.problems] + [(w, True) for w in check.warnings]:
            item = QListWidgetItem(f"{problem.path}:{problem.line}: {'warning: ' if warning else ''}{problem.message}")
            item.setData(LINE_ROLE, problem.line)
            self.problems.addItem(item)
        self.notes.setTabText(self.notes.indexOf(self.problems), f"Problems ({self.problems.count()})")
        case = check.case
        if case is not None and timeline is not None:
            scenario = case.scenario()
            self.table.set_board(case.board, case.dealer, case.vulnerability, list(case.show))
            state = timeline.states[timeline.director_step(scenario)]
            self.table.set_state(state)
            if deal_key(case) != self._solved_deal:  # a new deal: its own analysis, the panel kept open
                was_open = self.double_dummy.toggle.isChecked()
                self.double_dummy.set_case(case)
                self.double_dummy.unlock()
                self.double_dummy.toggle.setChecked(was_open)
                self._solved_deal = deal_key(case)
            self.double_dummy.set_state(state)
        self.analysis.setMarkdown(check.analysis or "The engine reads the case once it loads.")
        self.fill_button.setEnabled(case is not None and case.edition == "wbf-2017")
        self.save_button.setEnabled(check.can_be_saved)
        if case is None:
            self.status.setText(f"{check.name} does not load yet: {len(check.problems)} problem(s)")
        elif check.placeholders:
            self.status.setText(f"{check.name} loads, but {check.placeholders} placeholder text(s) are still to be "
                                "written: see the problems")
        elif check.problems:
            self.status.setText(f"{check.name} loads; {len(check.problems)} problem(s) from the engine or solver")
        else:
            self.status.setText(f"{check.name}: no problems")

    def _check_failed(self, number: int, error: Exception) -> None:
        if number == self.checking:
            self.status.setText(f"The check could not run: {error}")

    def _go_to_problem(self, item: QListWidgetItem) -> None:
        line = int(item.data(LINE_ROLE) or 0)
        if line:
            block = self.text.document().findBlockByNumber(line - 1)
            self.text.setTextCursor(QTextCursor(block))
            self.text.setFocus()

    # --- expect and saving ----------------------------------------------------------------------

    def fill_expect(self) -> None:
        """Ask the engine (off the GUI thread) for its conclusions and write them as ``expect``."""
        case = self.check.case if self.check is not None else None
        if case is None:
            return
        self.fill_button.setEnabled(False)
        self.status.setText("Asking the engine…")
        run_off_thread(lambda: engine_expect(case), self._expect_found,
                       lambda error: self.status.setText(f"The engine could not run: {error}"), owner=self)

    def _expect_found(self, expect: dict[str, Any]) -> None:
        self.fill_button.setEnabled(True)
        if self.settle.isActive():
            self._text_settled()
        self.data["expect"] = expect
        self._set_text(dump_case(self.data))

    def save(self) -> Case | None:
        """Write the case into the user case folder if it loads; returns the saved case."""
        if self.settle.isActive():
            self._text_settled()
        check = self.check
        case_id = str(self.data.get("id", "")).strip()
        if check is None or check.case is None or not case_id:
            self.status.setText("Only a case that loads can be saved: see the problems")
            return None
        unwritten = placeholder_problems(self.text.toPlainText(), Path(draft_name(self.text.toPlainText())))
        if unwritten:
            self.status.setText(f"Not saved: {len(unwritten)} placeholder text(s) still to be written, the first at "
                                f"line {unwritten[0].line} ({unwritten[0].message})")
            return None
        target = self.folder / f"{case_id}.yaml"
        if case_id != self.saved_id:
            if target.exists() and not self.ask(
                    "Replace your case?", f"You already have a case {case_id}. Replace it with this one?"):
                return None
            if not target.exists() and case_id in self.library_ids and not self.ask(
                    "Stand in for a library case?", f"The library has a case {case_id}. Your case will be shown "
                    "in its place (the library's file is not changed). Save it under this id?"):
                return None
        case, problems = save_user_case(self.text.toPlainText(), case_id, self.folder, self.topics)
        if case is None:
            self.status.setText(f"Not saved: {problems[0]}" if problems else "Not saved")
            return None
        self.saved_id = case_id
        self._saved_text = self.text.toPlainText()
        self._saved_data = _data(self._saved_text)
        self.status.setText(f"Saved to {case.path}")
        self.saved.emit(case)
        return case

    def _ask(self, title: str, question: str) -> bool:
        answer = QMessageBox.question(self, title, question)
        return answer == QMessageBox.StandardButton.Yes
