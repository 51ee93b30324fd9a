"""The ruling panel: the case's questions one at a time, each answer marked at once.

One scroll area holds the question, its choices, and — once marked — the mark with how each
choice fared, so a marked answer shows in full and never in a box of its own; the buttons stay
below it, always on screen. After the last question the model ruling takes the panel, with the
ways on: the next case, the same case again, or back to the list. In an exam the marks are kept
back and the candidate moves about the paper (``exam_controls``).

The panel only collects answers and shows marks: ``app.training.Attempt`` does the marking and
keeps the score.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import Case, Question
from app.content.laws.render import Renderer
from app.training.attempt import Attempt
from app.training.exam import ExamOver
from app.training.feedback import choice_verdicts, cited_law
from app.training.marking import Answer, AnswerError, Mark
from app.training.sitting import ExamSitting, Sitting
from app.ui.case.answer_form import QuestionForm
from app.ui.case.exam_controls import ExamControls
from app.ui.case.mark_html import mark_html
from app.ui.case.marks_page import answers_table, ruling_html
from app.ui.case.shortcuts import MARK, NEXT_QUESTION
from app.ui.common.fitted_text import FittedText
from app.ui.common.theme import verdict_colour

NEXT_CASE, TRY_AGAIN, BACK_TO_LIST = "next case", "try again", "back to the list"


class RulingPanel(QWidget):
    """Asks the questions of a sitting (one case, or an exam paper), shows each mark when the
    sitting gives feedback, and finally the model ruling."""

    lawRequested = Signal(str)
    caseRequested = Signal(str)  # a twin of the case, set under another code, chosen after the ruling
    citedLaw = Signal(str)  # the law the marked question rests on ("" when it cites none)
    finished = Signal(object)  # the Attempt, when a case with feedback is done; the sitting for an exam
    answered = Signal()  # an answer has been marked (the window saves it at once)
    caseChanged = Signal(object)  # another Case of an exam paper is on screen
    questionShown = Signal()  # a question (or the ruling) is on screen: the holder may fit it
    timeUp = Signal(str)  # an exam's time ran out: the message to show
    wayOn = Signal(str)  # after the ruling: NEXT_CASE, TRY_AGAIN or BACK_TO_LIST
    paperChanged = Signal()  # an exam's flags or place changed (the window saves the paper)
    handInRequested = Signal()  # from the exam's overview

    def __init__(self, renderer: Renderer, law_keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.twins: Callable[[Case], list[Case]] | None = None  # the library's look-up, set by the player
        self.law_keys = law_keys
        self.sitting: Sitting | None = None
        self.form: QuestionForm | None = None
        self.engine_text = ""

        self.progress = QLabel()
        self.progress.setWordWrap(True)
        self.ask = QLabel()
        self.ask.setWordWrap(True)
        self.ask.setTextFormat(Qt.TextFormat.RichText)
        self.ask.setAccessibleName("Question")
        self.form_host = QVBoxLayout()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        self.feedback = FittedText()
        self.feedback.setOpenLinks(False)
        self.feedback.anchorClicked.connect(lambda url: self._link(url.toString()))
        self.feedback.setAccessibleName("Marks and the model ruling")
        self.feedback.setVisible(False)  # no room taken until there is something to say

        content = self.question_widget = QWidget()
        column = self.question_layout = QVBoxLayout(content)
        column.addWidget(self.progress)
        column.addWidget(self.ask)
        column.addLayout(self.form_host)
        column.addWidget(self.error)
        column.addWidget(self.feedback)
        column.addStretch(1)
        scroll = self.question_area = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(content)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its parts take the focus, not the frame

        self.submit = QPushButton("Mark my answer")
        self.submit.setDefault(True)
        self.submit.setShortcut(MARK)
        self.submit.setToolTip(f"Mark my answer (Enter once an answer is chosen, or {MARK})")
        self.submit.clicked.connect(self.mark_current)
        self.next_button = QPushButton("Next question")
        self.next_button.setShortcut(NEXT_QUESTION)
        self.next_button.setToolTip(f"Next question ({NEXT_QUESTION})")
        self.next_button.clicked.connect(self.next_question)
        self.button_row = QWidget()
        buttons = QHBoxLayout(self.button_row)
        buttons.setContentsMargins(9, 3, 9, 4)  # room for the focus ring round a button
        buttons.addWidget(self.submit)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)

        self.ways_on = QWidget()  # after the ruling
        ways = QHBoxLayout(self.ways_on)
        ways.setContentsMargins(9, 3, 9, 4)
        self.next_case_button = QPushButton("Next case")
        self.again_button = QPushButton("Try again")
        self.list_button = QPushButton("Back to the list")
        for button, way in ((self.next_case_button, NEXT_CASE), (self.again_button, TRY_AGAIN),
                            (self.list_button, BACK_TO_LIST)):
            button.clicked.connect(lambda _=False, w=way: self.wayOn.emit(w))
            ways.addWidget(button)
        ways.addStretch(1)
        self.ways_on.setVisible(False)

        self.exam = ExamControls(self)

        layout = self.panel_layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.button_row)
        layout.addWidget(self.exam.row)
        layout.addWidget(self.ways_on)
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            enter = QShortcut(QKeySequence(key), self)
            enter.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            enter.activated.connect(self._enter)

    def _link(self, url: str) -> None:
        if url.startswith("law:"):
            from urllib.parse import unquote

            self.lawRequested.emit(unquote(url[4:]))
        elif url.startswith("case:"):
            self.caseRequested.emit(url[5:])

    @property
    def attempt(self) -> Attempt | None:
        """The attempt at the case on screen."""
        return self.sitting.attempt if self.sitting is not None else None

    def question_height(self) -> int:
        """The height the panel needs to show all it holds (question, choices, any mark) and its
        buttons without scrolling, at its width."""
        width = self.question_area.viewport().width()
        layout = self.question_layout
        layout.activate()
        needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        needed = max(needed, layout.totalMinimumSize().height())
        spacing = max(0, self.panel_layout.spacing())
        rows = sum(row.sizeHint().height() + spacing for row in (self.button_row, self.exam.row, self.ways_on)
                   if not row.isHidden())
        return needed + rows + self.fontMetrics().lineSpacing()

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width() and self.sitting is not None:
            self.questionShown.emit()  # wrapped text takes another height at another width

    def start(self, sitting: Sitting, engine_text: str = "") -> None:
        """Ask the sitting's questions from where it stands: a resumed attempt starts at its next
        unanswered question, with the answers given before it listed."""
        self.sitting = sitting
        self.engine_text = engine_text
        self.exam.start(sitting)
        self._show_question()
        attempt = sitting.attempt
        if attempt is not None and attempt.answers and sitting.question is not None and sitting.feedback:
            self._show_earlier(attempt)

    def _show_earlier(self, attempt: Attempt) -> None:
        """The answers a resumed attempt already holds, with their marks."""
        count = len(attempt.answers)
        self._show_feedback(f"<p><b>Carried on where you left off:</b> {count} question{'s' if count != 1 else ''} "
                            f"of this case answered before.</p>" + answers_table(attempt))
        self.questionShown.emit()

    def _clear_feedback(self) -> None:
        self.feedback.clear()
        self.feedback.setVisible(False)

    def _show_feedback(self, page: str) -> None:
        self.feedback.setHtml(page)
        self.feedback.setVisible(True)

    def show_error(self, message: str) -> None:
        self.error.setText(f'<span style="color:{verdict_colour("wrong", self.palette())}">'
                           f"{html.escape(message)}</span>" if message else "")
        self.error.setVisible(bool(message))

    def _show_question(self) -> None:
        assert self.sitting is not None
        if self.form is not None:
            self.form.setParent(None)  # type: ignore[call-overload]
            self.form.deleteLater()
            self.form = None
        self.show_error("")
        self._clear_feedback()
        question = self.sitting.question
        attempt = self.sitting.attempt
        self.ways_on.setVisible(False)
        self.ask.setVisible(True)
        if attempt is None or question is None:
            if self.exam.shows_finished_case():
                self.next_button.setFocus()  # Enter goes on to the next case; Back and the overview by Tab
                self.questionShown.emit()
                return
            self._end()
            return
        self.progress.setText(self.exam.where(attempt) or
                              f"Question {attempt.index + 1} of {len(attempt.case.questions)}")
        self.ask.setText(self.renderer.markdown(question.ask))
        self.form = QuestionForm(question, self.law_keys, attempt.seed)
        self.form_host.addWidget(self.form)
        self.form.heightChanged.connect(self.questionShown)
        self.form.submitted.connect(self._enter)
        self.form.show()  # now, not at the next event loop turn, so its height can be measured
        self.submit.setEnabled(True)
        self.submit.setVisible(True)
        self.next_button.setVisible(True)
        self.next_button.setEnabled(False)
        self.button_row.setVisible(True)
        self.exam.question_shown(attempt, question)
        self.question_area.verticalScrollBar().setValue(0)
        self._focus_first(self.form)
        self.questionShown.emit()

    @staticmethod
    def _focus_first(widget: QWidget) -> None:
        first = next((child for child in widget.findChildren(QWidget)
                      if child.focusPolicy() != Qt.FocusPolicy.NoFocus and child.isEnabled()), None)
        if first is not None:
            first.setFocus()

    def _enter(self) -> None:
        """Enter on a button presses it; anywhere else it marks the answer, once one is chosen."""
        if self.form is not None and self.form.take_suggestion():
            return
        focused = QApplication.focusWidget()
        if isinstance(focused, QPushButton) and self.isAncestorOf(focused):
            if focused.isEnabled():
                focused.click()
            return
        if self.form is not None and self.submit.isEnabled() and self.submit.isVisible() and self.form.has_answer():
            self.mark_current()

    def mark_current(self) -> Mark | None:
        if self.sitting is None or self.form is None or self.sitting.question is None:
            return None
        question = self.sitting.question
        try:
            given = self.form.answer()
            result = self.sitting.answer(given)
        except ExamOver as exc:
            self.timeUp.emit(str(exc))
            return None
        except AnswerError as exc:
            self.show_error(str(exc).capitalize() + ".")
            return None
        self.show_error("")
        self.answered.emit()
        self.next_button.setEnabled(True)
        if result is not None:
            self.form.lock()
            self.submit.setEnabled(False)
            if question.kind == "multi" and isinstance(given, frozenset):
                self.form.show_verdicts(choice_verdicts(question, given))
            elif question.kind == "single" and isinstance(given, int):
                self.form.show_single(given)
            self._show_mark(question, given, result)
            law = cited_law(question)
            self.citedLaw.emit(law.key if law is not None else "")
            self.next_button.setFocus()
        else:
            self.exam.answer_recorded()
            self.next_button.setFocus()  # as after a mark: Enter moves on, Shift+Tab goes back to change it
        self.questionShown.emit()
        if result is not None:
            QTimer.singleShot(0, lambda: self.question_area.ensureWidgetVisible(self.feedback, 0, 0))
        return result

    def _show_mark(self, question: Question, given: Answer, result: Mark) -> None:
        """The verdict, how each choice fared, the model answer, why, and the law it rests on."""
        assert self.form is not None  # the form of the question just marked
        self._show_feedback(mark_html(question, given, result, self.form.shown, self.renderer, self.palette()))

    def next_question(self) -> None:
        if self.sitting is None:
            return
        if self.sitting.question is None and not isinstance(self.sitting, ExamSitting):
            return
        before = self.sitting.case
        try:
            self.sitting.next()
        except ExamOver as exc:
            self.timeUp.emit(str(exc))
            return
        self.show_case_change(before)
        if isinstance(self.sitting, ExamSitting) and not self.sitting.exam.is_finished:
            self.paperChanged.emit()  # the answer moved on from now stands: the paper is saved so
        self._show_question()
        self.exam.after_move()

    def show_case_change(self, before: Case | None) -> None:
        """Tell the player when the case under the panel changed (an exam moving about its paper)."""
        assert self.sitting is not None
        after = self.sitting.case
        if after is not None and after is not before:
            self.caseChanged.emit(after)

    def _end(self) -> None:
        """The sitting has no more questions: the model ruling for a case, the report for an exam."""
        assert self.sitting is not None
        self.button_row.setVisible(False)
        self.exam.row.setVisible(False)
        if isinstance(self.sitting, ExamSitting):
            self.progress.setText("The paper is handed in")
            self.ask.setVisible(False)
            self.finished.emit(self.sitting)
            return
        self._show_ruling()

    def _show_ruling(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        case = attempt.case
        self.progress.setText("Finished")
        self.ask.setVisible(False)
        twins = self.twins(case) if self.twins is not None else []
        self._show_feedback(ruling_html(attempt, self.renderer, self.engine_text, twins))
        self.ways_on.setVisible(True)
        self.question_area.verticalScrollBar().setValue(0)
        self.next_case_button.setFocus()
        if case.laws:
            self.citedLaw.emit(case.laws[0].key)  # every question is answered: nothing left to give away
        self.finished.emit(attempt)
        self.questionShown.emit()

