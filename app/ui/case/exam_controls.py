"""The ruling panel's exam buttons: back to the case before, flag the question to look at again,
the paper's overview (``exam_overview_dialog``), and the rules of moving about a paper as the
candidate sees them — an answer recorded can be changed until the case's next question is shown,
a case can be left and come back to, and a case whose answers all stand is shown read-only.

``app.training.exam`` decides all of it; this only puts it on the panel's buttons and text.
"""

from __future__ import annotations

import html
from typing import Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.content.cases.model import Case, Question
from app.training.attempt import Attempt
from app.training.exam import Exam, ExamOver
from app.training.exam_overview import left_to_do
from app.training.report import answer_in_words
from app.training.sitting import ExamSitting, Sitting
from app.ui.case.answer_form import QuestionForm
from app.ui.case.shortcuts import EXAM_BACK, EXAM_FLAG, EXAM_OVERVIEW

KEPT = ("Answer recorded. Marks come with the report at the end; you can change this answer until you move "
        "on to the case's next question.")


class ExamPanel(Protocol):
    """What of the ruling panel the exam's moves use (the panel owns these controls, so they know it
    by this much rather than by importing it)."""

    sitting: Sitting | None
    form: QuestionForm | None
    progress: QLabel
    ask: QLabel
    submit: QPushButton
    next_button: QPushButton
    button_row: QWidget
    timeUp: SignalInstance  # noqa: N815 (the panel's Qt signal)
    paperChanged: SignalInstance  # noqa: N815
    handInRequested: SignalInstance  # noqa: N815

    @property
    def attempt(self) -> Attempt | None: ...

    def show_case_change(self, before: Case | None) -> None: ...

    def _show_question(self) -> None: ...

    def _show_feedback(self, page: str) -> None: ...


class ExamControls:
    """Back, Flag and Overview for the panel's exam; hidden for a case on its own."""

    def __init__(self, panel: ExamPanel) -> None:
        self.panel = panel
        self.back_button = QPushButton("Back")
        self.back_button.setToolTip(f"The case before this one ({EXAM_BACK})")
        self.back_button.setShortcut(EXAM_BACK)
        self.back_button.clicked.connect(self.back)
        self.flag_button = QPushButton("Flag")
        self.flag_button.setCheckable(True)
        self.flag_button.setToolTip(f"Flag this question to look at again before handing in ({EXAM_FLAG})")
        self.flag_button.clicked.connect(self.toggle_flag)
        self.overview_button = QPushButton("Paper overview…")
        self.overview_button.setToolTip(f"Every case and question of the paper: answered, open, flagged ({EXAM_OVERVIEW})")
        self.overview_button.setShortcut(EXAM_OVERVIEW)
        self.overview_button.clicked.connect(lambda: self.show_overview())
        self.row = QWidget()
        buttons = QHBoxLayout(self.row)
        buttons.setContentsMargins(9, 3, 9, 4)  # room for the focus ring round a button
        for button in (self.back_button, self.flag_button, self.overview_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.row.setVisible(False)
        # Flag's key toggles the flag without pressing the button: a pressed button takes the focus, and
        # the Enter that follows (meant for Next) would then take the flag off again.
        flag_key = QShortcut(QKeySequence(EXAM_FLAG), self.row)
        flag_key.activated.connect(self._flag_key)
        self.dialog: QWidget | None = None

    @property
    def exam(self) -> Exam | None:
        sitting = self.panel.sitting
        return sitting.exam if isinstance(sitting, ExamSitting) else None

    def start(self, sitting: Sitting) -> None:
        self.row.setVisible(isinstance(sitting, ExamSitting))

    def where(self, attempt: Attempt) -> str:
        """Where the candidate is on the paper ("" outside an exam)."""
        exam = self.exam
        if exam is None:
            return ""
        flagged = " · flagged" if exam.flagged else ""
        return (f"Case {exam.position + 1} of {len(exam.cases)} · Question {attempt.index + 1} of "
                f"{len(attempt.case.questions)}{flagged} · marks at the end")

    def question_shown(self, attempt: Attempt, question: Question) -> None:
        """Set the buttons for the question on screen; in an exam, put back an answer recorded."""
        panel, exam = self.panel, self.exam
        panel.submit.setText("Mark my answer" if exam is None else "Record my answer")
        panel.next_button.setText("Next question")
        if exam is None:
            return
        self.back_button.setEnabled(exam.position > 0)
        self.flag_button.setEnabled(True)
        self.flag_button.setChecked(exam.flagged)
        given = attempt.answers.get(question.id)
        if given is not None and panel.form is not None:
            panel.form.set_answer(given)
            self.answer_recorded()
        else:
            panel.next_button.setEnabled(True)
            panel.next_button.setText("Skip for now")
            panel.next_button.setToolTip("Leave this case unanswered and come back to it later")

    def answer_recorded(self) -> None:
        panel, exam = self.panel, self.exam
        attempt = panel.attempt
        if exam is None or attempt is None:
            return
        panel.submit.setText("Change my answer")
        panel.next_button.setEnabled(True)
        last = attempt.index + 1 >= len(attempt.case.questions)
        panel.next_button.setText("Next case" if last else "Next question")
        panel.next_button.setToolTip("" if last else "The answer above then stands: a later question may name it")
        panel._show_feedback(f"<p>{html.escape(KEPT)}</p>")

    def shows_finished_case(self) -> bool:
        """In an exam, a case whose answers all stand: shown read-only, with the way on. False
        outside an exam or once the paper is handed in."""
        exam = self.exam
        attempt = exam.current if exam is not None else None
        if exam is None or attempt is None:
            return False
        panel = self.panel
        panel.progress.setText(f"Case {exam.position + 1} of {len(exam.cases)} · every answer to it stands")
        panel.ask.setVisible(False)
        rows = "".join(f"<li>{html.escape(q.ask)}<br><i>Your answer:</i> "
                       f"{html.escape(answer_in_words(q, attempt.answers[q.id]))}</li>"
                       for q in attempt.case.questions if q.id in attempt.answers)
        panel._show_feedback(f"<p>These answers stand: each question after the first was shown once the one before "
                             f"it was answered.</p><ol>{rows}</ol>")
        panel.button_row.setVisible(True)
        panel.submit.setVisible(False)
        panel.next_button.setEnabled(True)
        panel.next_button.setText("Next case")
        self.back_button.setEnabled(exam.position > 0)
        self.flag_button.setChecked(False)
        self.flag_button.setEnabled(False)
        return True

    def after_move(self) -> None:
        """Past the paper's last case with work still open: show what is left."""
        exam = self.exam
        if exam is not None and exam.reached_end and not exam.is_finished:
            self.show_overview(f"You have reached the end of the paper: {left_to_do(exam)}. Go to a case, or hand "
                               "the paper in.")

    # actions ------------------------------------------------------------------------------------
    def back(self) -> None:
        self.go_to(lambda exam, now: exam.back(now))

    def go_to_case(self, index: int) -> None:
        self.go_to(lambda exam, now: exam.go_to(index, now))

    def go_to(self, move) -> None:  # type: ignore[no-untyped-def]
        panel, exam = self.panel, self.exam
        if exam is None:
            return
        sitting = panel.sitting
        assert isinstance(sitting, ExamSitting)
        before = sitting.case
        try:
            move(exam, sitting.clock())
        except ExamOver as exc:
            panel.timeUp.emit(str(exc))
            return
        panel.show_case_change(before)
        panel.paperChanged.emit()
        panel._show_question()

    def _flag_key(self) -> None:
        if self.flag_button.isEnabled():  # not on a case whose answers all stand
            self.toggle_flag()

    def toggle_flag(self) -> None:
        exam = self.exam
        if exam is None:
            return
        self.flag_button.setChecked(exam.toggle_flag())
        attempt = exam.current
        if attempt is not None:
            self.panel.progress.setText(self.where(attempt))
        self.panel.paperChanged.emit()

    def show_overview(self, message: str = "") -> None:
        from app.ui.case.exam_overview_dialog import ExamOverviewDialog

        exam = self.exam
        if exam is None:
            return
        dialog = ExamOverviewDialog(exam, message, self.row)  # the row is on the panel: the dialog sits over it
        dialog.caseChosen.connect(self.go_to_case)
        dialog.handInRequested.connect(self.panel.handInRequested)
        self.dialog = dialog
        dialog.open()
