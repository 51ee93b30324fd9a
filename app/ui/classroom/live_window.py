"""The trainee's window in a live class session: the question on the presenter's screen, in the
room's order of choices and with its letters, a form to answer it, whether the answer has reached
the class, and — only once the presenter reveals the answer — the mark.

A thin view over ``LiveSeat`` (which follows the session) and ``LiveTrainee`` (which says what may
be shown): it draws again on every ``changed``, keeping the form the trainee is filling in as long
as the question stays the same.
"""

from __future__ import annotations

import html
from urllib.parse import unquote

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.content.laws.render import Renderer
from app.training.feedback import choice_verdicts, model_answer_items
from app.training.live import LiveError, LivePhase
from app.training.marking import AnswerError
from app.ui.case.answer_form import QuestionForm
from app.ui.case.mark_html import inline, mark_html
from app.ui.classroom.live_seat import LiveSeat, Stage
from app.ui.common.theme import emphasise, readable

WAITING = "Watch the presenter's screen: the next question will appear here."


class LiveWindow(QWidget):
    """One trainee's view of one session; closing it leaves the session (after asking). A law the
    mark cites opens in the main window's library (``lawRequested``)."""

    lawRequested = Signal(str)

    def __init__(self, seat: LiveSeat, renderer: Renderer, law_keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.seat, self.renderer, self.law_keys = seat, renderer, law_keys
        self.setWindowTitle("Director Trainer — class session")
        self.setAccessibleName("Class session")
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        emphasise(self.heading)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Connection")
        self.waiting = QLabel(WAITING)
        self.waiting.setWordWrap(True)
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.where = QLabel()
        emphasise(self.where)
        self.ask = QLabel()
        self.ask.setWordWrap(True)
        self.ask.setTextFormat(Qt.TextFormat.RichText)
        self.form_host = QVBoxLayout()
        self.send = QPushButton("Send answer")
        self.send.setDefault(True)
        self.send.clicked.connect(self._send)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setAccessibleName("Your answer")
        self.feedback = readable(QTextBrowser())
        self.feedback.setAccessibleName("Your mark")
        self.feedback.setOpenLinks(False)
        self.feedback.anchorClicked.connect(self._link)
        question_page = QWidget()
        column = QVBoxLayout(question_page)
        column.addWidget(self.where)
        column.addWidget(self.ask)
        column.addLayout(self.form_host)
        row = QHBoxLayout()
        row.addWidget(self.send)
        row.addStretch(1)
        column.addLayout(row)
        column.addWidget(self.note)
        column.addWidget(self.feedback, 10)
        column.addStretch(1)  # the question stays at the top while there is no mark below it
        self.pages = QStackedWidget()
        self.pages.addWidget(self.waiting)
        self.pages.addWidget(question_page)
        self.leave_button = QPushButton("Leave the session")
        self.leave_button.clicked.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.status)
        layout.addWidget(self.pages, 1)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.leave_button)
        layout.addLayout(bottom)
        self.form: QuestionForm | None = None
        self._form_for: str | None = None
        seat.changed.connect(self.refresh)
        seat.done.connect(self._done)
        self.resize(760, 640)
        self.refresh()

    def refresh(self) -> None:
        trainee, seat = self.seat.trainee, self.seat
        if trainee is None:
            return
        state = trainee.state
        self.heading.setText(f"Class session {state.code}: {html.escape(trainee.case.title)}, "
                             f"presented by {html.escape(state.presenter)}")
        self.status.setText(self._status())
        if seat.stage is Stage.DONE or state.phase is LivePhase.ENDED:
            self._show_end()
            return
        question = trainee.question
        if question is None:
            self.pages.setCurrentWidget(self.waiting)
            self.waiting.setText(WAITING)
            return
        self.pages.setCurrentIndex(1)
        number = trainee.case.questions.index(question) + 1
        revealed = state.phase is LivePhase.ANSWER
        self.where.setText(f"Question {number} of {len(trainee.case.questions)}" + (" — the answer" if revealed else ""))
        if self._form_for != question.id:
            self._new_form()
            self.ask.setText(self.renderer.markdown(question.ask))
        assert self.form is not None
        open_now = trainee.can_answer and seat.stage is Stage.FOLLOWING
        self.send.setVisible(open_now)
        if not open_now and not self.form.locked:
            self.form.lock()
        self.note.setText(self._note())
        self.feedback.setVisible(revealed)
        if revealed:
            self.feedback.setHtml(self._feedback())

    def _link(self, url: QUrl) -> None:
        target = url.toString()
        if target.startswith("law:"):
            self.lawRequested.emit(unquote(target[4:]))
        elif target.startswith("term:"):
            self.lawRequested.emit(f"Definitions: {unquote(target[5:])}")

    def _new_form(self) -> None:
        trainee = self.seat.trainee
        assert trainee is not None and trainee.question is not None
        if self.form is not None:
            self.form.setParent(None)  # type: ignore[call-overload]
            self.form.deleteLater()
        question = trainee.question
        self.form = QuestionForm(question, self.law_keys, trainee.state.seed, letters=True)
        self.form.submitted.connect(self._send)
        self.form_host.addWidget(self.form)
        self._form_for = question.id
        given = trainee.answers.get(question.id)
        if given is not None:  # answered before a restart: shown as given
            self._show_given(given)

    def _show_given(self, given: object) -> None:
        """Put an answer the class already holds back into a fresh form (after rejoining)."""
        form = self.form
        assert form is not None
        if form.question.kind == "single" and isinstance(given, int):
            button = form.group.button(given)
            if button is not None:
                button.setChecked(True)
        elif form.question.kind == "multi" and isinstance(given, frozenset):
            for index, box in zip(form.shown, form.boxes, strict=True):
                box.setChecked(index in given)
        elif form.line is not None:
            form.line.setText(f"{given:g}" if isinstance(given, float) else str(given))
        elif form.law_box is not None:
            form.law_box.setCurrentText(str(given))

    def _send(self) -> None:
        if self.form is None or not self.send.isVisible():
            return
        try:
            self.seat.answer(self.form.answer())
        except (AnswerError, LiveError) as exc:
            self.note.setText(f"<span style='color:#c8102e'>{html.escape(str(exc).capitalize())}.</span>")
            return
        self.form.lock()

    def _status(self) -> str:
        seat, trainee = self.seat, self.seat.trainee
        assert trainee is not None
        waiting = len(trainee.pending())
        if not seat.online:
            kept = (f" Your answer{'s' if waiting != 1 else ''} ({waiting}) will be sent when it returns."
                    if waiting else "")
            return (f"<span style='color:#c8102e'>⚠ The connection to the class is lost; trying again.{kept}</span>"
                    f"<br><small>{html.escape(seat.problem)}</small>")
        if seat.stage is Stage.RECORDING:
            return "Putting your answers into your progress…"
        return "● Connected to the class." + (" Sending your answer…" if waiting else "")

    def _note(self) -> str:
        trainee = self.seat.trainee
        assert trainee is not None and trainee.question is not None
        question_id = trainee.question.id
        if question_id in trainee.refused:
            return "Your answer reached the class after the answer was shown, so it does not count."
        if question_id in trainee.sent:
            return ("Your answer has reached the class." if trainee.state.phase is LivePhase.ANSWER
                    else "Your answer has reached the class. Your mark comes when the presenter shows the answer.")
        if question_id in trainee.answers:
            return "Your answer is kept here and will be sent as soon as the connection allows."
        if trainee.state.phase is LivePhase.ANSWER or question_id in trainee.state.revealed:
            return "You did not answer this question."
        return "Choose your answer and send it."

    def _feedback(self) -> str:
        trainee = self.seat.trainee
        assert trainee is not None and trainee.question is not None and self.form is not None
        question = trainee.question
        result = trainee.mark_shown()
        if result is None:
            items = "".join(f"<li>{inline(self.renderer, item)}</li>" for item in model_answer_items(question))
            return f"<p><b>Model answer:</b></p><ul>{items}</ul>" + self.renderer.markdown(question.why)
        given = trainee.answers[question.id]
        if question.kind == "multi" and isinstance(given, frozenset):
            self.form.show_verdicts(choice_verdicts(question, given))
        elif question.kind == "single" and isinstance(given, int):
            self.form.show_single(given)
        return mark_html(question, given, result, self.form.shown, self.renderer, self.palette())

    def _show_end(self) -> None:
        seat, trainee = self.seat, self.seat.trainee
        assert trainee is not None
        self.pages.setCurrentWidget(self.waiting)
        self.leave_button.setText("Close")
        if seat.stage is not Stage.DONE:
            self.waiting.setText("The session is over. Your answers are going into your progress…")
            return
        answered = trainee.answered
        total = len(trainee.case.questions)
        if seat.attempt_id is None:
            self.waiting.setText("The session is over. You answered no question, so nothing was added to your progress.")
            return
        points, most = trainee.points
        self.waiting.setText(f"The session is over. Your answers to {answered} of {total} questions are in your "
                             f"progress, as practice: {points:g} of {most:g} points.")

    def _done(self) -> None:
        if self.seat.trainee is not None and self.seat.trainee.state.phase is not LivePhase.ENDED:
            self.hide()  # the trainee left: nothing more to show
            self.deleteLater()
        else:
            self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        """Leaving before the end puts the answers so far into progress; the session cannot be joined again."""
        if self.seat.stage is not Stage.FOLLOWING:
            if self.seat.stage is Stage.DONE:
                super().closeEvent(event)
            else:
                event.ignore()  # still recording: it closes itself when done
            return
        answer = QMessageBox.question(
            self, "Leave the class session",
            "Leave the session now? Your answers so far go into your progress, and you cannot join this session "
            "again.")
        event.ignore()
        if answer == QMessageBox.StandardButton.Yes:
            self.seat.leave()
            self.refresh()

