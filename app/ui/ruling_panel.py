"""The ruling panel: the case's questions one at a time, each answer marked at once.

The panel only collects answers and shows marks: ``app.training.Attempt`` does
the marking and keeps the score.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.content.case_model import Question
from app.content.render import Renderer
from app.training.attempt import Attempt
from app.training.exam import ExamOver
from app.training.marking import Answer, AnswerError, Mark
from app.training.sitting import ExamSitting, Sitting


def _choice_row(button: QAbstractButton, index: int, text: str) -> QHBoxLayout:
    """A radio button or check box with a label that wraps (Qt's own button text does not)."""
    button.setAccessibleName(f"Choice {index + 1}: {text}")
    if index < 9:
        button.setShortcut(f"Alt+{index + 1}")
    label = QLabel(f"{index + 1}. {text}")
    label.setWordWrap(True)
    label.setBuddy(button)
    label.mousePressEvent = lambda _event: button.click()  # type: ignore[method-assign]
    row = QHBoxLayout()
    row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
    row.addWidget(label, 1)
    return row


class QuestionForm(QWidget):
    """The input widgets for one question, by kind; ``answer()`` reads them."""

    def __init__(self, question: Question, law_keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.boxes: list[QCheckBox] = []
        self.line: QLineEdit | None = None
        self.law_box: QComboBox | None = None
        self.order: QListWidget | None = None
        if question.kind == "single":
            for i, choice in enumerate(question.choices):
                button = QRadioButton()
                self.group.addButton(button, i)
                layout.addLayout(_choice_row(button, i, choice.text))
        elif question.kind == "multi":
            layout.addWidget(QLabel("Tick every choice that applies."))
            for i, choice in enumerate(question.choices):
                box = QCheckBox()
                self.boxes.append(box)
                layout.addLayout(_choice_row(box, i, choice.text))
        elif question.kind == "number":
            line = self.line = QLineEdit()
            line.setPlaceholderText("A number, e.g. -500")
            line.setAccessibleName("Your answer (a number)")
            layout.addWidget(line)
        elif question.kind == "law":
            self.law_box = QComboBox()
            self.law_box.setEditable(True)
            self.law_box.addItems(law_keys)
            self.law_box.setCurrentText("")
            self.law_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            completer = QCompleter(law_keys, self.law_box)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
            self.law_box.setCompleter(completer)
            self.law_box.setAccessibleName("Law reference, e.g. 27B1a")
            edit = self.law_box.lineEdit()
            if edit is not None:
                edit.setPlaceholderText("Type or pick a reference, e.g. 27B1a")
            layout.addWidget(self.law_box)
        else:
            layout.addWidget(QLabel("Drag the items into order, or use the buttons."))
            self.order = QListWidget()
            self.order.setAccessibleName("Items to put in order")
            self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
            for index, item in reversed(list(enumerate(question.items))):
                self.order.addItem(item)
                self.order.item(self.order.count() - 1).setData(Qt.ItemDataRole.UserRole, index)
            layout.addWidget(self.order)
            buttons = QHBoxLayout()
            up, down = QPushButton("Move up"), QPushButton("Move down")
            up.clicked.connect(lambda: self.move_item(-1))
            down.clicked.connect(lambda: self.move_item(1))
            buttons.addWidget(up)
            buttons.addWidget(down)
            layout.addLayout(buttons)

    def move_item(self, step: int) -> None:
        assert self.order is not None
        row = self.order.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.order.count():
            return
        item = self.order.takeItem(row)
        self.order.insertItem(target, item)
        self.order.setCurrentRow(target)

    def answer(self) -> Answer:
        """The answer as ``app.training.marking`` expects it; AnswerError when none is given."""
        kind = self.question.kind
        if kind == "single":
            if self.group.checkedId() < 0:
                raise AnswerError("choose one answer first")
            return self.group.checkedId()
        if kind == "multi":
            return frozenset(i for i, box in enumerate(self.boxes) if box.isChecked())
        if kind == "number":
            assert self.line is not None
            text = self.line.text().strip().replace("−", "-").replace("+", "")
            try:
                return float(text) if "." in text else int(text)
            except ValueError:
                raise AnswerError("type a number, such as 620 or -500") from None
        if kind == "law":
            assert self.law_box is not None
            text = self.law_box.currentText().strip()
            if not text:
                raise AnswerError("type a law reference, such as 27B1a")
            return text
        assert self.order is not None
        return tuple(int(self.order.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.order.count()))

    def lock(self) -> None:
        self.setEnabled(False)


class RulingPanel(QWidget):
    """Asks the questions of a sitting (one case, or an exam paper), shows each mark when the
    sitting gives feedback, and finally the model ruling."""

    lawRequested = Signal(str)
    finished = Signal(object)  # the Attempt, when a case with feedback is done; the sitting for an exam
    caseChanged = Signal(object)  # the next Case of an exam paper
    timeUp = Signal(str)  # an exam's time ran out: the message to show

    def __init__(self, renderer: Renderer, law_keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.law_keys = law_keys
        self.sitting: Sitting | None = None
        self.form: QuestionForm | None = None
        self.engine_text = ""

        self.progress = QLabel()
        self.ask = QLabel()
        self.ask.setWordWrap(True)
        self.ask.setTextFormat(Qt.TextFormat.RichText)
        self.ask.setAccessibleName("Question")
        self.form_host = QVBoxLayout()
        self.error = QLabel()
        self.error.setStyleSheet("color: #c8102e")
        self.submit = QPushButton("Mark my answer")
        self.submit.setDefault(True)
        self.submit.setShortcut("Ctrl+Return")
        self.submit.clicked.connect(self.mark_current)
        self.next_button = QPushButton("Next question")
        self.next_button.setShortcut("Ctrl+Right")
        self.next_button.clicked.connect(self.next_question)
        self.feedback = QTextBrowser()
        self.feedback.setOpenLinks(False)
        self.feedback.anchorClicked.connect(lambda url: self._link(url.toString()))
        self.feedback.setAccessibleName("Marks and the model ruling")

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.addWidget(self.progress)
        top_layout.addWidget(self.ask)
        top_layout.addLayout(self.form_host)
        top_layout.addWidget(self.error)
        buttons = QHBoxLayout()
        buttons.addWidget(self.submit)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        top_layout.addLayout(buttons)
        scroll = self.question_area = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(top)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 2)
        layout.addWidget(self.feedback, 3)

    def _link(self, url: str) -> None:
        if url.startswith("law:"):
            from urllib.parse import unquote

            self.lawRequested.emit(unquote(url[4:]))

    @property
    def attempt(self) -> Attempt | None:
        """The attempt at the case on screen."""
        return self.sitting.attempt if self.sitting is not None else None

    def start(self, sitting: Sitting, engine_text: str = "") -> None:
        self.sitting = sitting
        self.engine_text = engine_text
        self.feedback.clear()
        self.question_area.setVisible(True)
        self._show_question()

    def _show_question(self) -> None:
        assert self.sitting is not None
        if self.form is not None:
            self.form.setParent(None)  # type: ignore[call-overload]
            self.form.deleteLater()
            self.form = None
        self.error.clear()
        question = self.sitting.question
        attempt = self.sitting.attempt
        if question is None or attempt is None:
            self._end()
            return
        where = f"Question {attempt.index + 1} of {len(attempt.case.questions)}"
        if isinstance(self.sitting, ExamSitting):
            exam = self.sitting.exam
            where = f"Case {len(exam.attempts)} of {len(exam.cases)} · {where} · marks at the end"
        self.progress.setText(where)
        self.ask.setText(self.renderer.markdown(question.ask))
        self.form = QuestionForm(question, self.law_keys)
        self.form_host.addWidget(self.form)
        self.submit.setEnabled(True)
        self.next_button.setEnabled(False)
        self.submit.setVisible(True)
        self.next_button.setVisible(True)
        first = self.form.findChild(QWidget)
        if first is not None:
            first.setFocus()

    def mark_current(self) -> Mark | None:
        if self.sitting is None or self.form is None or self.sitting.question is None:
            return None
        try:
            result = self.sitting.answer(self.form.answer())
        except ExamOver as exc:
            self.timeUp.emit(str(exc))
            return None
        except AnswerError as exc:
            self.error.setText(str(exc).capitalize() + ".")
            return None
        self.error.clear()
        self.form.lock()
        self.submit.setEnabled(False)
        self.next_button.setEnabled(True)
        self.next_button.setFocus()
        if result is not None:
            self._show_mark(result)
            case = self.sitting.case
            if case is not None and case.laws:
                self.lawRequested.emit(case.laws[0].key)
        else:
            self.feedback.setHtml("<p>Answer recorded. Marks come with the report at the end.</p>")
        return result

    def _show_mark(self, result: Mark) -> None:
        colour = "#2e8b57" if result.is_correct else ("#d08000" if result.fraction > 0 else "#c8102e")
        parts = [f'<h3 style="color:{colour}">{result.verdict} — {result.points:g} of {result.max_points:g}</h3>']
        if not result.is_correct:
            parts.append(f"<p><b>Model answer:</b> {self.renderer.markdown(result.correct_answer)}</p>")
        if result.why:
            parts.append(self.renderer.markdown(result.why))
        self.feedback.setHtml("\n".join(parts))

    def next_question(self) -> None:
        if self.sitting is None or self.sitting.question is None:
            return
        before = self.sitting.case
        try:
            self.sitting.next()
        except ExamOver as exc:
            self.timeUp.emit(str(exc))
            return
        after = self.sitting.case
        if after is not None and after is not before and self.sitting.question is not None:
            self.feedback.clear()
            self.caseChanged.emit(after)
        self._show_question()

    def _end(self) -> None:
        """The sitting has no more questions: the model ruling for a case, the report for an exam."""
        assert self.sitting is not None
        self.submit.setVisible(False)
        self.next_button.setVisible(False)
        if isinstance(self.sitting, ExamSitting):
            self.progress.setText("The paper is finished")
            self.finished.emit(self.sitting)
            return
        self._show_ruling()

    def _show_ruling(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        case = attempt.case
        self.progress.setText("Finished")
        self.question_area.setVisible(False)  # the ruling and commentary get the whole panel
        rows = []
        for question in case.questions:
            mark = attempt.marks.get(question.id)
            if mark is not None:
                rows.append(f"<tr><td>{html.escape(_shorten(question.ask))}</td><td>{mark.verdict}</td>"
                            f"<td>{mark.points:g}/{mark.max_points:g}</td></tr>")
        parts = [
            f"<h2>You scored {attempt.points:g} of {attempt.max_points:g} ({attempt.score:.0%})</h2>",
            "<h3>Your answers</h3><table cellpadding='3'>" + "".join(rows) + "</table>",
            "<h3>Model ruling</h3>", self.renderer.markdown(case.ruling),
            "<h3>Commentary</h3>", self.renderer.markdown(case.commentary),
        ]
        if self.engine_text:
            parts += ["<h3>The rules engine's reasoning</h3>", self.renderer.markdown(self.engine_text)]
        self.feedback.setHtml("\n".join(parts))
        self.finished.emit(attempt)


def _shorten(text: str, width: int = 80) -> str:
    """A question cut at a word boundary for the summary table."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: text.rfind(" ", 0, width)] + " …"
