"""Home's exam box: setting up a mock accreditation paper, or — when one was left mid-way — how far it got,
the time it would have on resuming, and the choice to resume it or hand it in.

One paper at a time: while one is unfinished the box offers only that one, so that a new paper never
takes the place of the one kept in the store.
"""

from __future__ import annotations

import html
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.content.library import Library
from app.training.exam import ExamError, ExamProfile
from app.ui.common.combo import narrow_combo

if TYPE_CHECKING:
    from app.training.resume import SavedExam

SET_UP_TITLE = "Mock accreditation exam"
UNFINISHED_TITLE = "Unfinished exam"


class ExamBox(QGroupBox):
    """A paper to start (``examRequested(profile)``), or the unfinished one to resume or hand in."""

    examRequested = Signal(object)  # ExamProfile
    resumeRequested = Signal()
    handInRequested = Signal()

    def __init__(self, library: Library, exam_profiles: list[ExamProfile], parent: QWidget | None = None) -> None:
        super().__init__(SET_UP_TITLE, parent)
        self.library = library
        self.exam_profiles = exam_profiles

        self.exam_profile = narrow_combo("Exam paper")
        for profile in exam_profiles:
            self.exam_profile.addItem(profile.name)
        self.exam_profile.currentIndexChanged.connect(self._describe_exam)
        self.exam_description = QLabel()
        self.exam_description.setWordWrap(True)
        self.exam_cases, self.exam_minutes, self.exam_pass = QSpinBox(), QSpinBox(), QSpinBox()
        self.exam_cases.setRange(1, 100)
        self.exam_minutes.setRange(1, 600)
        self.exam_minutes.setSuffix(" min")
        self.exam_pass.setRange(1, 100)
        self.exam_pass.setSuffix(" %")
        self.exam_open_book = QCheckBox("Open book (the law library stays available)")
        self.exam_clock_runs = QCheckBox("Clock runs on while the application is closed")
        self.exam_clock_runs.setToolTip("As in an exam room. Untick for a practice paper whose clock stops while "
                                        "the application is closed and resumes where it stood.")
        self.exam_error = QLabel()
        self.exam_error.setWordWrap(True)
        self.exam_error.setStyleSheet("color: #c8102e")
        self.start_button = start_exam = QPushButton("Start exam")
        start_exam.setAutoDefault(True)  # Enter presses it once Tab has reached it, as Space does
        start_exam.clicked.connect(self._exam)
        self.set_up = QWidget()
        set_up = QVBoxLayout(self.set_up)
        set_up.setContentsMargins(0, 0, 0, 0)
        set_up.addWidget(self.exam_profile)
        set_up.addWidget(self.exam_description)
        form = QFormLayout()
        form.addRow("Cases", self.exam_cases)
        form.addRow("Time", self.exam_minutes)
        form.addRow("Pass mark", self.exam_pass)
        form.addRow(self.exam_open_book)
        form.addRow(self.exam_clock_runs)
        set_up.addLayout(form)
        set_up.addWidget(self.exam_error)
        set_up.addStretch(1)
        set_up.addWidget(start_exam)

        self.unfinished_label = QLabel()
        self.unfinished_label.setWordWrap(True)
        self.unfinished_label.setAccessibleName("Unfinished exam")
        self.resume_button = QPushButton("Resume the exam")
        self.resume_button.clicked.connect(self.resumeRequested)
        self.hand_in_button = QPushButton("Hand it in as it stands")
        self.hand_in_button.clicked.connect(self.handInRequested)
        self.unfinished = QWidget()
        unfinished = QVBoxLayout(self.unfinished)
        unfinished.setContentsMargins(0, 0, 0, 0)
        unfinished.addWidget(self.unfinished_label)
        unfinished.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.hand_in_button)
        unfinished.addLayout(buttons)
        self.unfinished.setVisible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.unfinished)
        layout.addWidget(self.set_up)
        self._describe_exam(0)

    def show_unfinished(self, exam: SavedExam | None, now: datetime) -> None:
        """The paper left mid-way, if any, in place of the set-up: how far it got, the time it would have
        on resuming, and what its clock did while the application was closed."""
        self.setTitle(UNFINISHED_TITLE if exam is not None else SET_UP_TITLE)
        self.unfinished.setVisible(exam is not None)
        self.set_up.setVisible(exam is None)
        if exam is None:
            return
        questions = sum(len(case.questions) for case_id in exam.case_ids if (case := self.library.case(case_id)))
        left = int(exam.time_left(now).total_seconds())
        hours, minutes, seconds = left // 3600, left // 60 % 60, left % 60
        clock = ("its clock kept running while the application was closed"
                 if exam.profile.clock_runs_while_closed else "its clock stopped while the application was closed")
        remaining = (f"{hours}:{minutes:02d}:{seconds:02d} left — {clock}." if left > 0 else
                     f"Its time ran out while the application was closed ({clock}): resuming hands it in with the "
                     "answers given.")
        self.unfinished_label.setText(
            f"<p><b>{html.escape(exam.profile.name)}</b></p><p>{exam.answered} of {questions} questions answered "
            f"on {len(exam.case_ids)} cases; {remaining}</p><p>Resume it to go on where you left it, or hand it in "
            "to be marked as it stands. A new paper can be started once this one is done.</p>")

    def _describe_exam(self, index: int) -> None:
        if not 0 <= index < len(self.exam_profiles):
            return
        profile = self.exam_profiles[index]
        quotas = "; ".join(f"{count} on {self.library.topics.get(topic, topic)}"
                           for topic, count in sorted(profile.quotas.items()))
        self.exam_description.setText(
            f"{profile.description} No marks are shown until the end."
            + (f"\nAt least: {quotas}." if quotas else "")
        )
        self.exam_cases.setValue(profile.cases)
        self.exam_minutes.setValue(profile.minutes)
        self.exam_pass.setValue(round(profile.pass_mark * 100))
        self.exam_open_book.setChecked(profile.open_book)
        self.exam_clock_runs.setChecked(profile.clock_runs_while_closed)
        self.exam_error.clear()

    def exam_choice(self) -> ExamProfile:
        """The chosen paper with the figures as set in the form; ExamError if they contradict it."""
        profile = self.exam_profiles[self.exam_profile.currentIndex()]
        chosen = (self.exam_cases.value(), self.exam_minutes.value(), self.exam_pass.value() / 100,
                  self.exam_open_book.isChecked(), self.exam_clock_runs.isChecked())
        changed = chosen != (profile.cases, profile.minutes, profile.pass_mark, profile.open_book,
                             profile.clock_runs_while_closed)
        return replace(profile, name=f"{profile.name} (custom)" if changed else profile.name,
                       cases=chosen[0], minutes=chosen[1], pass_mark=chosen[2], open_book=chosen[3],
                       clock_runs_while_closed=chosen[4])

    def _exam(self) -> None:
        try:
            choice = self.exam_choice()
        except ExamError as exc:
            self.exam_error.setText(str(exc))
            return
        self.exam_error.clear()
        self.examRequested.emit(choice)

    def show_exam_problem(self, message: str) -> None:
        self.exam_error.setText(message)
