"""The cases a trainee works through from the main window: one case opened on its own, a practice
or review session case after case, and an exam against the clock that keeps the library shut
when it is closed-book and hands in when time is up. Kept apart from the window's construction
so the flow from case to case, and the rule that nothing else starts while an exam runs, read
in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.content.cases.model import Case
from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.clock import utc_now
from app.training.exam import Exam, ExamError, ExamProfile, ExamReport
from app.training.practice import Mode, PracticeSession
from app.training.sitting import CaseSitting, ExamSitting
from app.ui.window.window_base import AREAS, WindowBase

if TYPE_CHECKING:
    from app.training.report import Report


class TrainingFlow(WindowBase):
    """The main window's part that opens cases, runs sessions and exams, and shows their reports."""

    def _busy(self, what: str) -> bool:
        """True (and says so) while an exam is running: nothing else may start."""
        if self.exam is not None and not self.exam.is_finished:
            self.statusBar().showMessage(f"An exam is running: hand it in before you {what}.", 6000)
            return True
        return False

    def open_case(self, case_id: str) -> None:
        if self._busy("open another case"):
            return
        case = self.library.case(case_id)
        if case is None:
            self.statusBar().showMessage(f"No case {case_id!r}", 5000)
            return
        self.session = None
        self._play(case, Attempt(case))
        self.player.session_bar.setVisible(False)

    def _play(self, case: Case, attempt: Attempt) -> None:
        explanation = self.engine_explainer(case) if self.engine_explainer and case.expect else ""
        self.player.open_case(case, CaseSitting(attempt), explanation)
        self.areas.setCurrentRow(AREAS.index("Case"))
        self.statusBar().showMessage(f"Case: {case.title}", 4000)

    def start_review(self) -> None:
        if self._busy("start a review"):
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read what is due")
        if progress is None:
            return
        self._start_session(PracticeSession.review(self.library.cases, progress), len(self.library.cases))

    def start_practice(self, choice: CaseFilter, count: int) -> None:
        if self._busy("start a practice"):
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read your progress")
        if progress is None:
            return
        session = PracticeSession.practice(self.library.cases, choice, progress)
        if not session.cases:
            self.home.show_practice_problem("No case matches that choice: widen the topic, law or difficulty.")
            return
        self._start_session(session, count)

    def _start_session(self, session: PracticeSession, count: int) -> None:
        session.cases = session.cases[:count]
        if not session.cases:
            self.statusBar().showMessage("Nothing is due for review.", 5000)
            return
        self.session = session
        self.next_in_session()

    def next_in_session(self) -> None:
        session = self.session
        if session is None:
            return
        attempt = session.next_attempt()
        if attempt is None:
            self.end_session()
            return
        self._play(attempt.case, attempt)
        kind = "Review" if session.mode == Mode.REVIEW else "Practice"
        self.player.session_label.setText(f"{kind}: case {len(session.attempts)} of {len(session.cases)}")
        self.player.timer_label.clear()
        self.player.next_case_button.setVisible(True)
        self.player.next_case_button.setEnabled(False)
        self.player.end_button.setText("End session")
        self.player.session_bar.setVisible(True)

    def end_session(self) -> None:
        session = self.session
        self.session = None
        self.player.session_bar.setVisible(False)
        if session is not None and any(a.marks for a in session.attempts):
            report = session.report("Review session" if session.mode == Mode.REVIEW else "Practice session")
            self._show_report(report.title, report)
        self.areas.setCurrentRow(AREAS.index("Home"))

    def _sitting_finished(self, finished: object) -> None:
        if isinstance(finished, ExamSitting):
            self.finish_exam()
            return
        assert isinstance(finished, Attempt)
        mode = self.session.mode if self.session is not None else Mode.PRACTICE
        profile = self.profile
        self._safely(lambda: self.store.record_attempt(profile, finished, mode), "save the result")
        if self.session is not None:
            self.player.next_case_button.setEnabled(self.session.remaining > 0)
            if self.session.remaining == 0:
                self.player.end_button.setText("Finish and see the report")
        self.refresh_profile()

    def start_exam(self, profile: ExamProfile) -> None:
        if self._busy("start another exam"):
            return
        try:
            exam = Exam.start(profile, self.library.cases, utc_now())
        except ExamError as exc:
            self.home.show_exam_problem(str(exc))
            return
        self.session = None
        self.exam = exam
        self.statusBar().clearMessage()  # nothing about an earlier case stays on screen in the exam
        sitting = ExamSitting(exam)
        current = exam.current
        assert current is not None
        self.player.open_case(current.case, sitting)
        self.player.session_label.setText(f"Exam: {profile.name} — {len(exam.cases)} cases, marks at the end")
        self.player.next_case_button.setVisible(False)
        self.player.end_button.setText("Hand in")
        self.player.session_bar.setVisible(True)
        self._lock_library(exam.library_locked)
        self.areas.setCurrentRow(AREAS.index("Case"))
        self._tick()
        self.exam_timer.start()

    def _tick(self) -> None:
        exam = self.exam
        if exam is None:
            return
        left = exam.time_left(utc_now())
        minutes, seconds = divmod(int(left.total_seconds()), 60)
        hours, minutes = divmod(minutes, 60)
        self.player.timer_label.setText(f"Time left {hours}:{minutes:02d}:{seconds:02d}")
        if left.total_seconds() <= 0 and not exam.is_finished:
            self._time_up("Time is up: the answers given so far have been marked.")

    def _time_up(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        self.finish_exam()

    def _end_clicked(self) -> None:
        if self.exam is not None and not self.exam.is_finished:
            answer = QMessageBox.question(self, "Hand in", "Hand in the exam now? Unanswered questions score nothing.")
            if answer == QMessageBox.StandardButton.Yes:
                self.finish_exam()
        else:
            self.end_session()

    def finish_exam(self, show: bool = True) -> None:
        exam = self.exam
        if exam is None:
            return
        self.exam_timer.stop()
        report = exam.finish(utc_now())
        profile = self.profile
        self._safely(lambda: self.store.record_exam(profile, exam), "save the exam")
        self.exam = None
        self._lock_library(False)
        self.player.session_bar.setVisible(False)
        self.refresh_profile()
        self.areas.setCurrentRow(AREAS.index("Progress"))
        if show:
            self._show_report(report.report.title, report)

    def show_exam_report(self, exam_id: int) -> None:
        report = self._safely(lambda: self.store.exam_report(exam_id), "read the exam")
        if report is not None:
            self._show_report(report.report.title, report)

    def _show_report(self, title: str, report: Report | ExamReport) -> None:
        """A session's or exam's report in its own window (imported here: rarely needed at start-up)."""
        from app.training.report_html import report_html
        from app.ui.training.report_dialog import ReportDialog

        ReportDialog(title, report_html(report, self.profile.name, self.library.topics), self).open()

    def _lock_library(self, locked: bool) -> None:
        """A closed-book exam hides the law library and the cited-law pane until it ends."""
        item = self.areas.item(AREAS.index("Library"))
        flags = item.flags()
        item.setFlags(flags & ~Qt.ItemFlag.ItemIsEnabled if locked else flags | Qt.ItemFlag.ItemIsEnabled)
        self.player.law_box.setVisible(not locked)
