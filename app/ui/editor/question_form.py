"""The questions of a case in the editor: a list of them, and the fields of the one selected.

All five kinds of CASE_FORMAT.md have their keys here: choices with ``correct`` and ``why``
(single, multi), ``answer`` and ``tolerance`` (number), ``answer`` and ``accept`` (law),
``items`` in their right order (order); every kind has ``why`` and ``points``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import QUESTION_KINDS

CHOICE_COLUMNS = ("Choice", "Right", "Why")


class QuestionsEditor(QWidget):
    """Edits the ``questions`` list; ``changed`` after each edit by the user."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._questions: list[dict[str, Any]] = []
        self._loading = False
        self.list = QListWidget()
        self.list.setAccessibleName("Questions")
        self.list.setMaximumWidth(220)
        self.list.currentRowChanged.connect(self._show)
        add, remove = QPushButton("Add question"), QPushButton("Remove question")
        add.clicked.connect(self.add_question)
        remove.clicked.connect(self.remove_question)

        self.id = QLineEdit()
        self.kind = QComboBox()
        self.kind.addItems(list(QUESTION_KINDS))
        self.ask = QPlainTextEdit()
        self.ask.setMaximumHeight(70)
        self.choices = QTableWidget(0, len(CHOICE_COLUMNS))
        self.choices.setHorizontalHeaderLabels(list(CHOICE_COLUMNS))
        why_heading = QTableWidgetItem(CHOICE_COLUMNS[2])
        why_heading.setToolTip("Why the choice is right or wrong, shown to the trainee after answering")
        self.choices.setHorizontalHeaderItem(2, why_heading)
        # The columns share the pane's width and long text wraps, so nothing is cut off at 1024×700.
        header = self.choices.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.choices.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.choices.setWordWrap(True)
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.add_choice, self.remove_choice = QPushButton("Add choice"), QPushButton("Remove choice")
        self.answer, self.tolerance, self.accept, self.points = QLineEdit(), QLineEdit(), QLineEdit(), QLineEdit()
        self.answer.setPlaceholderText("a number, or a law reference such as 27B1(a)")
        self.accept.setPlaceholderText("other references also right, e.g. 27B1, 27")
        self.points.setPlaceholderText("1")
        self.items = QPlainTextEdit()
        self.items.setPlaceholderText("One item a line, in the right order")
        self.why = QPlainTextEdit()
        self.why.setMaximumHeight(70)
        for widget, name in ((self.id, "Question id"), (self.kind, "Question kind"), (self.ask, "Question"),
                             (self.choices, "Choices"), (self.answer, "Answer"), (self.tolerance, "Tolerance"),
                             (self.accept, "Also accepted"), (self.items, "Items in order"),
                             (self.why, "Why"), (self.points, "Points")):
            widget.setAccessibleName(name)

        self.fields = QFormLayout()
        self.fields.addRow("Id", self.id)
        self.fields.addRow("Kind", self.kind)
        self.fields.addRow("Question", self.ask)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_choice)
        buttons.addWidget(self.remove_choice)
        buttons.addStretch(1)
        self.choice_box = choice_box = QWidget()
        choice_layout = QVBoxLayout(choice_box)
        choice_layout.setContentsMargins(0, 0, 0, 0)
        choice_layout.addWidget(self.choices)
        choice_layout.addLayout(buttons)
        self.fields.addRow("Choices", choice_box)
        self.fields.addRow("Answer", self.answer)
        self.fields.addRow("Tolerance", self.tolerance)
        self.fields.addRow("Also accepted", self.accept)
        self.fields.addRow("Items", self.items)
        self.fields.addRow("Why", self.why)
        self.fields.addRow("Points", self.points)
        self.detail = QWidget()
        self.detail.setLayout(self.fields)

        # The list of questions above their fields, so the fields (the choices above all) have the
        # pane's whole width when the editor shares a 1024-pixel screen with the text and the table.
        self.list.setMaximumHeight(110)
        side = QVBoxLayout()
        side.addWidget(add)
        side.addWidget(remove)
        side.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.list, 1)
        top.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.detail, 1)

        for line in (self.id, self.answer, self.tolerance, self.accept, self.points):
            line.textEdited.connect(self._edited)
        for text in (self.ask, self.items, self.why):
            text.textChanged.connect(self._edited)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.choices.itemChanged.connect(self._edited)
        self.add_choice.clicked.connect(self._add_choice)
        self.remove_choice.clicked.connect(self._remove_choice)
        self._show(-1)

    # --- the list ---------------------------------------------------------------------------------

    def load(self, questions: list[dict[str, Any]]) -> None:
        """Show these questions, keeping the selected row where there is still one."""
        row = max(self.list.currentRow(), 0)
        self._questions = [dict(q) for q in questions]
        self._loading = True
        try:
            self.list.blockSignals(True)
            self.list.clear()
            self.list.addItems([self._label(q) for q in self._questions])
            self.list.setCurrentRow(min(row, len(self._questions) - 1))
            self.list.blockSignals(False)
            self._show(self.list.currentRow())
        finally:
            self._loading = False

    def value(self) -> list[dict[str, Any]]:
        return [dict(q) for q in self._questions]

    def add_question(self) -> None:
        number = len(self._questions) + 1
        self._questions.append({"id": f"question-{number}", "kind": "single", "ask": "",
                                "choices": [{"text": "", "correct": True}, {"text": ""}]})
        self.list.addItem(self._label(self._questions[-1]))
        self.list.setCurrentRow(len(self._questions) - 1)
        self.changed.emit()

    def remove_question(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        del self._questions[row]
        self.list.takeItem(row)
        self.changed.emit()

    @staticmethod
    def _label(question: dict[str, Any]) -> str:
        return f"{question.get('id', '?')} ({question.get('kind', '?')})"

    # --- the selected question ----------------------------------------------------------------------

    def _show(self, row: int) -> None:
        self.detail.setEnabled(0 <= row < len(self._questions))
        question = self._questions[row] if 0 <= row < len(self._questions) else {}
        was, self._loading = self._loading, True
        try:
            self.id.setText(str(question.get("id", "")))
            kind = str(question.get("kind", "single"))
            self.kind.setCurrentIndex(QUESTION_KINDS.index(kind) if kind in QUESTION_KINDS else 0)
            self.ask.setPlainText(str(question.get("ask", "")))
            self.choices.setRowCount(0)
            for choice in question.get("choices") or []:
                if isinstance(choice, dict):
                    self._append_choice(str(choice.get("text", "")), choice.get("correct") is True,
                                        str(choice.get("why", "")))
            answer = question.get("answer")
            self.answer.setText("" if answer is None else str(answer))
            self.tolerance.setText(str(question.get("tolerance", "")))
            accept = question.get("accept")
            self.accept.setText(", ".join(str(a) for a in accept) if isinstance(accept, list) else "")
            items = question.get("items")
            self.items.setPlainText("\n".join(str(i) for i in items) if isinstance(items, list) else "")
            self.why.setPlainText(str(question.get("why", "")))
            self.points.setText(str(question.get("points", "")))
            self._show_kind_fields(kind)
        finally:
            self._loading = was

    def _show_kind_fields(self, kind: str) -> None:
        shown = {"single": {"choices"}, "multi": {"choices"}, "number": {"answer", "tolerance"},
                 "law": {"answer", "accept"}, "order": {"items"}}.get(kind, set())
        for name, widget in (("choices", self.choice_box), ("answer", self.answer),
                             ("tolerance", self.tolerance), ("accept", self.accept), ("items", self.items)):
            self.fields.setRowVisible(widget, name in shown)

    def _append_choice(self, text: str, correct: bool, why: str) -> None:
        row = self.choices.rowCount()
        self.choices.insertRow(row)
        self.choices.setItem(row, 0, QTableWidgetItem(text))
        right = QTableWidgetItem()
        right.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        right.setCheckState(Qt.CheckState.Checked if correct else Qt.CheckState.Unchecked)
        self.choices.setItem(row, 1, right)
        self.choices.setItem(row, 2, QTableWidgetItem(why))

    def _add_choice(self) -> None:
        self._loading = True
        self._append_choice("", False, "")
        self._loading = False
        self._edited()

    def _remove_choice(self) -> None:
        if self.choices.currentRow() >= 0:
            self.choices.removeRow(self.choices.currentRow())
            self._edited()

    def _kind_changed(self) -> None:
        self._show_kind_fields(self.kind.currentText())
        self._edited()

    def _edited(self) -> None:
        row = self.list.currentRow()
        if self._loading or not 0 <= row < len(self._questions):
            return
        self._questions[row] = self._read(self._questions[row])
        item = self.list.item(row)
        if item is not None:
            item.setText(self._label(self._questions[row]))
        self.changed.emit()

    def _read(self, old: dict[str, Any]) -> dict[str, Any]:
        """The selected question from the fields: only the keys its kind uses, in the format's order."""
        kind = self.kind.currentText()
        question: dict[str, Any] = {"id": self.id.text().strip(), "kind": kind, "ask": self.ask.toPlainText()}
        if kind in ("single", "multi"):
            question["choices"] = [self._choice(row) for row in range(self.choices.rowCount())]
        elif kind == "number":
            question["answer"] = _number(self.answer.text())
            if self.tolerance.text().strip():
                question["tolerance"] = _number(self.tolerance.text())
        elif kind == "law":
            question["answer"] = self.answer.text().strip()
            accepted = [a.strip() for a in self.accept.text().split(",") if a.strip()]
            if accepted:
                question["accept"] = accepted
        else:
            question["items"] = [line for line in self.items.toPlainText().splitlines() if line.strip()]
        if self.why.toPlainText().strip():
            question["why"] = self.why.toPlainText()
        if self.points.text().strip():
            question["points"] = _number(self.points.text())
        question.update({k: v for k, v in old.items() if k not in question and k not in _KIND_KEYS})
        return question

    def _choice(self, row: int) -> dict[str, Any]:
        text, right, why = (self.choices.item(row, column) for column in range(3))
        choice: dict[str, Any] = {"text": text.text() if text else ""}
        if right is not None and right.checkState() == Qt.CheckState.Checked:
            choice["correct"] = True
        if why is not None and why.text().strip():
            choice["why"] = why.text()
        return choice


_KIND_KEYS = {"id", "kind", "ask", "choices", "answer", "tolerance", "accept", "items", "why", "points"}


def _number(text: str) -> Any:
    """A whole or decimal number as typed; anything else is kept as text for the loader to report."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text
