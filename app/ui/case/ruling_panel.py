"""The ruling panel: the case's questions one at a time, each answer marked at once.

The panel only collects answers and shows marks: ``app.training.Attempt`` does
the marking and keeps the score.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import Case, Question
from app.content.laws.editions import EDITION_LABELS
from app.content.laws.render import Renderer
from app.training.attempt import Attempt
from app.training.exam import ExamOver
from app.training.feedback import choice_verdicts, cited_law
from app.training.marking import Answer, AnswerError, Mark
from app.training.sitting import ExamSitting, Sitting
from app.ui.case.answer_form import QuestionForm
from app.ui.case.mark_html import mark_html
from app.ui.case.shortcuts import MARK, NEXT_QUESTION
from app.ui.common.theme import readable


class RulingPanel(QWidget):
    """Asks the questions of a sitting (one case, or an exam paper), shows each mark when the
    sitting gives feedback, and finally the model ruling."""

    lawRequested = Signal(str)
    caseRequested = Signal(str)  # a twin of the case, set under another code, chosen after the ruling
    citedLaw = Signal(str)  # the law the marked question rests on ("" when it cites none)
    finished = Signal(object)  # the Attempt, when a case with feedback is done; the sitting for an exam
    answered = Signal()  # an answer has been marked (the window saves it at once)
    caseChanged = Signal(object)  # the next Case of an exam paper
    questionShown = Signal()  # a question (or the ruling) is on screen: the holder may fit it
    timeUp = Signal(str)  # an exam's time ran out: the message to show

    def __init__(self, renderer: Renderer, law_keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.twins: Callable[[Case], list[Case]] | None = None  # the library's look-up, set by the player
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
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        self.submit = QPushButton("Mark my answer")
        self.submit.setDefault(True)
        self.submit.setShortcut(MARK)
        self.submit.setToolTip(f"Mark my answer (Enter once an answer is chosen, or {MARK})")
        self.submit.clicked.connect(self.mark_current)
        self.next_button = QPushButton("Next question")
        self.next_button.setShortcut(NEXT_QUESTION)
        self.next_button.setToolTip(f"Next question ({NEXT_QUESTION})")
        self.next_button.clicked.connect(self.next_question)
        self.feedback = readable(QTextBrowser())
        self.feedback.setOpenLinks(False)
        self.feedback.anchorClicked.connect(lambda url: self._link(url.toString()))
        self.feedback.setAccessibleName("Marks and the model ruling")
        self.feedback.setVisible(False)  # no room taken until there is something to say
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            enter = QShortcut(QKeySequence(key), self)
            enter.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            enter.activated.connect(self._enter)

        top = self.question_widget = QWidget()
        top_layout = self.question_layout = QVBoxLayout(top)
        top_layout.addWidget(self.progress)
        top_layout.addWidget(self.ask)
        top_layout.addLayout(self.form_host)
        top_layout.addStretch(1)
        scroll = self.question_area = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(top)
        self.button_row = QWidget()
        buttons = QHBoxLayout(self.button_row)
        buttons.setContentsMargins(9, 0, 9, 4)
        buttons.addWidget(self.submit)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        layout = self.panel_layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.button_row)
        layout.addWidget(self.feedback, 3)
        layout.addStretch(0)  # the room the capped question area and no feedback leave

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

    def _content_height(self) -> int:
        """The height the question and its answer widgets need at the question area's width,
        with room for a wrapped line or two more than measured."""
        # measured as if a scroll bar took its room, so the estimate errs on the tall side
        width = self.question_area.width() - self.question_area.verticalScrollBar().sizeHint().width()
        layout = self.question_layout
        layout.activate()
        needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        needed = max(needed, layout.totalMinimumSize().height())
        return needed + 2 * self.fontMetrics().lineSpacing() + 8

    def _cap_question_area(self) -> None:
        """The question area is never taller than its question, so the Mark button sits just
        under the last choice and spare room goes to the feedback (or stays below, empty)."""
        self.question_area.setMaximumHeight(self._content_height())

    def question_height(self) -> int:
        """The height the question, its choices and the Mark button need at the panel's width."""
        spacing = max(0, self.panel_layout.spacing())
        error = self.error.sizeHint().height() + spacing if self.error.text() else 0
        return self._content_height() + error + self.button_row.sizeHint().height() + 2 * spacing  # and the spacer

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.form is not None:
            self._cap_question_area()

    def start(self, sitting: Sitting, engine_text: str = "") -> None:
        """Ask the sitting's questions from where it stands: a resumed attempt starts at its next
        unanswered question, with the answers given before it listed."""
        self.sitting = sitting
        self.engine_text = engine_text
        self._clear_feedback()
        self.question_area.setVisible(True)
        self._show_question()
        attempt = sitting.attempt
        if attempt is not None and attempt.answers and sitting.question is not None:
            self._show_earlier(attempt)

    def _show_earlier(self, attempt: Attempt) -> None:
        """The answers a resumed attempt already holds: their marks when the sitting gives feedback,
        else only that they are recorded."""
        count = len(attempt.answers)
        parts = [f"<p><b>Carried on where you left off:</b> {count} question{'s' if count != 1 else ''} of this "
                 "case answered before.</p>"]
        if self.sitting is not None and self.sitting.feedback:
            parts.append(self._answers_table(attempt))
        else:
            parts.append("<p>Those answers are recorded; marks come with the report at the end.</p>")
        self._show_feedback("\n".join(parts))
        self.questionShown.emit()

    def _answers_table(self, attempt: Attempt) -> str:
        """Each answered question of the attempt with its verdict and points."""
        rows = []
        for question in attempt.case.questions:
            mark = attempt.marks.get(question.id)
            if mark is not None:
                rows.append(f"<tr><td>{html.escape(_shorten(question.ask))}</td><td>{mark.verdict}</td>"
                            f"<td>{mark.points:g}/{mark.max_points:g}</td></tr>")
        return "<table cellpadding='3'>" + "".join(rows) + "</table>"

    def _clear_feedback(self) -> None:
        self.feedback.clear()
        self.feedback.setVisible(False)

    def _show_feedback(self, page: str) -> None:
        self.feedback.setHtml(page)
        self.feedback.setVisible(True)

    def _show_question(self) -> None:
        assert self.sitting is not None
        if self.form is not None:
            self.form.setParent(None)  # type: ignore[call-overload]
            self.form.deleteLater()
            self.form = None
        self.error.clear()
        self.error.setVisible(False)
        self._clear_feedback()
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
        self.form = QuestionForm(question, self.law_keys, attempt.seed)
        self.form_host.addWidget(self.form)
        self.form.heightChanged.connect(self._cap_question_area)
        self.form.heightChanged.connect(self.questionShown)
        self.form.submitted.connect(self._enter)
        self.form.show()  # now, not at the next event loop turn, so its height can be measured
        self.question_area.setMaximumHeight(16777215)  # measured afresh below for this question
        self._cap_question_area()
        self.submit.setEnabled(True)
        self.next_button.setEnabled(False)
        self.submit.setVisible(True)
        self.next_button.setVisible(True)
        self.button_row.setVisible(True)
        first = self.form.findChild(QWidget)
        if first is not None:
            first.setFocus()
        self.questionShown.emit()

    def _enter(self) -> None:
        """Plain Enter marks the answer once one is chosen; it does nothing before that."""
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
            self.error.setText(str(exc).capitalize() + ".")
            self.error.setVisible(True)
            return None
        self.error.clear()
        self.error.setVisible(False)
        self.form.lock()
        self.answered.emit()
        self.submit.setEnabled(False)
        self.next_button.setEnabled(True)
        self.next_button.setFocus()
        if result is not None:
            if question.kind == "multi" and isinstance(given, frozenset):
                self.form.show_verdicts(choice_verdicts(question, given))
            self._show_mark(question, given, result)
            law = cited_law(question)
            self.citedLaw.emit(law.key if law is not None else "")
        else:
            self._show_feedback("<p>Answer recorded. Marks come with the report at the end.</p>")
        self.questionShown.emit()
        return result

    def _show_mark(self, question: Question, given: Answer, result: Mark) -> None:
        """The verdict, how each choice fared, the model answer, why, and the law it rests on."""
        assert self.form is not None  # the form of the question just marked
        self._show_feedback(mark_html(question, given, result, self.form.shown, self.renderer))

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
            self._clear_feedback()
            self.caseChanged.emit(after)
        self._show_question()

    def _end(self) -> None:
        """The sitting has no more questions: the model ruling for a case, the report for an exam."""
        assert self.sitting is not None
        self.submit.setVisible(False)
        self.next_button.setVisible(False)
        self.button_row.setVisible(False)
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
        parts = [
            f"<h2>You scored {attempt.points:g} of {attempt.max_points:g} ({attempt.score:.0%})</h2>",
            "<h3>Your answers</h3>" + self._answers_table(attempt),
            "<h3>Model ruling</h3>", self.renderer.markdown(case.ruling),
            "<h3>Commentary</h3>", self.renderer.markdown(case.commentary),
        ]
        if self.engine_text:
            parts += ["<h3>The rules engine's reasoning</h3>", self.renderer.markdown(self.engine_text)]
        # Shown only now: that a twin exists says the codes rule this table differently.
        twins = self.twins(case) if self.twins is not None else []
        if twins:
            links = "".join(f'<li><a href="case:{twin.id}">{html.escape(twin.title)}</a> '
                            f"({EDITION_LABELS.get(twin.edition, twin.edition)})</li>" for twin in twins)
            parts += ["<h3>The same table under another code</h3>", f"<ul>{links}</ul>"]
        self._show_feedback("\n".join(parts))
        if case.laws:
            self.citedLaw.emit(case.laws[0].key)  # every question is answered: nothing left to give away
        self.finished.emit(attempt)


def _shorten(text: str, width: int = 80) -> str:
    """A question cut at a word boundary for the summary table."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: text.rfind(" ", 0, width)] + " …"
