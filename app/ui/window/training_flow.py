"""The cases a trainee works through from the main window: one case opened on its own, a practice
or review session case after case, and an exam against the clock, sealed (see ``exam_seal``) while
it runs and handed in when time is up. Kept apart from the window's construction so the flow from
case to case, and the rule that nothing else starts while an exam runs, read in one place. Saving
work as it is done and resuming it is ``work_keeping``'s."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.clock import utc_now
from app.training.exam import Exam, ExamError, ExamProfile, ExamReport
from app.training.exam_seal import Sealed, sealed_by
from app.training.mode import Mode
from app.ui.window.window_base import AREAS, WindowBase

if TYPE_CHECKING:
    from app.content.cases.model import Case
    from app.training.practice import PracticeSession
    from app.training.report import Report


class TrainingFlow(WindowBase):
    """The main window's part that opens cases, runs sessions and exams, and shows their reports."""

    def _busy(self) -> bool:
        """True (and says so) while an exam is running: nothing else may start."""
        return self.seal.refuses(Sealed.OTHER_WORK)

    def open_case(self, case_id: str) -> None:
        """Open a case on its own; a half-answered attempt at it is resumed where it was left."""
        if self._busy():
            return
        case = self.library.case(case_id)
        if case is None:
            self.statusBar().showMessage(f"No case {case_id!r}", 5000)
            return
        found = self.attempt_at(case, Attempt(case), None)
        if found is None:
            return
        attempt, self.case_mode = found
        self.session = None
        self._play(case, attempt)
        self.player.session_bar.setVisible(False)

    def _play(self, case: Case, attempt: Attempt) -> None:
        explanation = self.engine_explainer(case) if self.engine_explainer and case.expect else ""
        from app.training.sitting import CaseSitting  # with the first case opened, not to paint the window

        self.player.open_case(case, CaseSitting(attempt), explanation)
        self.areas.setCurrentRow(AREAS.index("Case"))
        answered = len(attempt.answers)
        self.say_in("Case", f"Case: {case.title}" + (
            f" — carried on from where you left it ({answered} of {len(case.questions)} answered)"
            if answered and not attempt.is_finished else ""), 6000)

    def way_on(self, way: str) -> None:
        """After a case's ruling: the next case (of the session, else of the case list as filtered and
        sorted), the same case afresh, or back to the list with the case under the cursor."""
        from app.ui.case.ruling_panel import BACK_TO_LIST, NEXT_CASE, TRY_AGAIN

        case = self.player.case
        if case is None or self._busy():
            return
        if way == TRY_AGAIN:
            self._play(case, Attempt(case))
        elif way == NEXT_CASE and self.session is not None:
            if self.session.remaining:
                self.next_in_session()
            else:
                self.end_session()
        elif way == NEXT_CASE:
            following = self.case_list.following(case.id)
            if following is None:
                self.statusBar().showMessage("That was the last case of the list.", 6000)
                self.areas.setCurrentRow(AREAS.index("Cases"))
            else:
                self.open_case(following)
        elif way == BACK_TO_LIST:
            self.areas.setCurrentRow(AREAS.index("Cases"))
            self.case_list.select(case.id)
            self.case_list.view.setFocus()

    def start_review(self) -> None:
        if self._busy():
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read what is due")
        if progress is None:
            return
        from app.training.practice import PracticeSession  # the sessions: at the first one, not to paint

        self._start_session(PracticeSession.review(self.library.cases, progress), len(self.library.cases))

    def start_practice(self, choice: CaseFilter, count: int) -> None:
        if self._busy():
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read your progress")
        if progress is None:
            return
        from app.training.practice import PracticeSession

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
        """The session's next case; one the trainee left half-answered carries on where it was left."""
        session = self.session
        if session is None:
            return
        attempt = session.next_attempt()
        if attempt is None:
            self.end_session()
            return
        found = self.attempt_at(attempt.case, attempt, session.mode)
        if found is None:  # its saved answers no longer fit, and the trainee kept them: leave it out
            session.attempts.pop()
            session.cases.remove(attempt.case)
            self.next_in_session()
            return
        session.attempts[-1] = attempt = found[0]
        self._play(attempt.case, attempt)
        kind = "Review" if session.mode == Mode.REVIEW else "Practice"
        self.player.session_label.setText(f"{kind}: case {len(session.attempts)} of {len(session.cases)}")
        self.player.timer_label.clear()
        self.player.next_case_button.setVisible(True)
        self.player.next_case_button.setEnabled(attempt.is_finished and session.remaining > 0)
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

    def attempt_mode(self) -> Mode:
        """Why the case on screen is being answered, as the store records it."""
        return self.session.mode if self.session is not None else self.case_mode

    def _sitting_finished(self, finished: object) -> None:
        from app.training.sitting import ExamSitting

        if isinstance(finished, ExamSitting):
            self.finish_exam()
            return
        assert isinstance(finished, Attempt)
        mode = self.attempt_mode()
        profile = self.profile
        self._safely(lambda: self.store.record_attempt(profile, finished, mode), "save the result")
        if self.session is not None:
            self.player.next_case_button.setEnabled(self.session.remaining > 0)
            if self.session.remaining == 0:
                self.player.end_button.setText("Finish and see the report")
        self.refresh_profile()

    def start_exam(self, profile: ExamProfile) -> None:
        """Draw a paper and sit it; not while another is kept unfinished (it would take its place)."""
        if self._busy():
            return
        trainee = self.profile
        if self._store is not None and self._safely(lambda: self.store.unfinished_exam(trainee), "read the "
                                                    "unfinished exam") is not None:
            self.home.show_exam_problem("An unfinished exam comes first: resume it or hand it in on Home.")
            return
        try:
            exam = Exam.start(profile, self.library.cases, utc_now(), seed=random.randrange(1 << 30))
        except ExamError as exc:
            self.home.show_exam_problem(str(exc))
            return
        self.sit_exam(exam)

    def sit_exam(self, exam: Exam) -> None:
        """Put a paper (new, or resumed from the store) on screen, seal the window and start the clock."""
        self.session = None
        self.exam = exam
        self.seal.apply(sealed_by(exam))
        self.statusBar().clearMessage()  # nothing about an earlier case stays on screen in the exam
        from app.training.sitting import ExamSitting

        sitting = ExamSitting(exam)
        current = exam.current
        assert current is not None
        self.player.open_case(current.case, sitting)
        self.player.session_label.setText(f"Exam: {exam.profile.name} — {len(exam.cases)} cases, marks at the end")
        self.player.next_case_button.setVisible(False)
        self.player.end_button.setText("Hand in")
        self.player.session_bar.setVisible(True)
        self.keep_exam()
        self.refresh_profile()
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
        else:
            self.exam_still_open()

    def _time_up(self, message: str) -> None:
        self.finish_exam()
        self.statusBar().showMessage(message, 10000)

    def _end_clicked(self) -> None:
        if self.exam is not None and not self.exam.is_finished:
            answer = QMessageBox.question(self, "Hand in", "Hand in the exam now? Unanswered questions score nothing.")
            if answer == QMessageBox.StandardButton.Yes:
                self.finish_exam()
        else:
            self.end_session()

    def finish_exam(self, show: bool = True) -> None:
        """Hand the paper in (or record one handed in already, such as a resumed paper whose time ran
        out), unseal the window and show the report."""
        exam = self.exam
        if exam is None:
            return
        self.exam_timer.stop()
        report = exam.finish(utc_now())
        profile = self.profile
        self._safely(lambda: self.store.record_exam(profile, exam), "save the exam")
        self.exam = None
        self.seal.apply(sealed_by(None))
        self.show_standing_status()  # in place of anything the exam said: it is over
        self.player.double_dummy.unlock()  # handed in: the analysis gives nothing away now
        self.player.session_bar.setVisible(False)
        self.refresh_profile()
        self.areas.setCurrentRow(AREAS.index("Progress"))
        if show:
            self._show_report(report.report.title, report)

    def show_exam_report(self, exam_id: int) -> None:
        report = self._safely(lambda: self.store.exam_report(exam_id), "read the exam")
        if report is not None:
            self._show_report(report.report.title, report)

    def _seal_views(self, sealed: frozenset[Sealed]) -> None:
        """What an exam seals in the window's own views: the library (closed book), the case player's
        cited law and double dummy, the laws in the case list and the library, presenter mode."""
        library = self.areas.item(AREAS.index("Library"))
        enabled = Qt.ItemFlag.ItemIsEnabled
        library.setFlags(library.flags() & ~enabled if Sealed.LAW_LIBRARY in sealed else library.flags() | enabled)
        if self._player is not None:
            self._player.seal_law(Sealed.LAW_LIBRARY in sealed)
            self._player.double_dummy.setVisible(Sealed.DOUBLE_DUMMY not in sealed)
        if self._case_list is not None:
            self._case_list.hide_laws(Sealed.CASE_LAWS in sealed)
        if self._library_view is not None:
            self._library_view.hide_cases(Sealed.CASE_LAWS in sealed)
        if Sealed.PRESENTER in sealed and self.presenter is not None:
            self.presenter.stop()
            self.presenter = None
        self._update_history_actions()

    def _show_report(self, title: str, report: Report | ExamReport) -> None:
        """A session's or exam's report in its own window (imported here: rarely needed at start-up)."""
        from app.training.report_html import report_html
        from app.ui.training.report_dialog import ReportDialog

        ReportDialog(title, report_html(report, self.profile.name, self.library.topics, self.library.book),
                     self).open()
