"""The main window's road to the exam: the study plan set and removed from Home, today's work started,
and the outlook (Home) and progress summary (Progress) read from the store and worked out by the
training layer (``app.training.outlook``, ``app.training.progress_report``); a law or topic clicked
on Progress practised; the progress report shown to save as PDF.

Times here are the trainee's own (the machine's time zone): his day starts at his midnight.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from app.content.laws.refs import RefError, parse_ref
from app.store.home_state import HomeHistory, read_history
from app.training.case_filter import CaseFilter
from app.training.clock import local_now, utc_now
from app.training.exam import ExamError
from app.training.mode import Mode
from app.ui.window.window_base import WindowBase

if TYPE_CHECKING:
    from app.training.study_plan import StudyPlan

CASES_PER_CLICK = 5  # a law or topic clicked on Progress: a short practice on it


class StudyFlow(WindowBase):
    """The main window's part for the study plan, readiness and progress."""

    def set_plan(self, plan: StudyPlan) -> None:
        profile = self.profile
        if self._safely(lambda: self.store.set_study_plan(profile, plan), "save the study plan") is not None:
            self.statusBar().showMessage(f"Study plan set: {plan.paper.name} on {plan.exam_date:%d %B %Y}", 5000)
            self.home.today.change_button.setChecked(False)
            self.refresh_profile()

    def clear_plan(self) -> None:
        profile = self.profile
        if self._safely(lambda: self.store.clear_study_plan(profile), "remove the study plan") is not None:
            self.refresh_profile()

    def refresh_outlook(self) -> None:
        """Home's Today box: the plan's day and the readiness for its paper (without a plan, for the
        paper chosen in the box). Before the store is open, from the reading Home was filled from, if
        that is still good (see ``home_snapshot``)."""
        if self._store is None:
            shown = self.home_state
            if shown is not None and shown.holds_at(utc_now()):
                self.show_outlook(shown.history, local_now())
            return
        profile, now = self.profile, local_now()
        history = self._safely(lambda: read_history(self.store, profile, now), "read your history")
        if history is not None:
            self.show_outlook(history, now)

    def show_outlook(self, history: HomeHistory, now: datetime) -> None:
        """The outlook worked out from ``history`` at ``now`` (aware, local), for the plan's paper or the
        paper chosen in the Today box."""
        try:
            paper = history.plan.paper if history.plan is not None else self.home.today.chosen_paper()
        except ExamError:
            paper = self.home.today.papers[0]
        self.home.show_outlook(history.outlook(paper, self.library.cases, now), now.date())

    def start_today(self) -> None:
        """Today's work under the plan, as one session: the reviews due first, then the new cases."""
        if self._busy():
            return
        self.refresh_outlook()  # what was done since Home was drawn counts
        shown = self.home.today.outlook
        day = shown.day if shown is not None else None
        if day is None or not day.cases:
            self.statusBar().showMessage("Nothing is planned for today.", 5000)
            return
        from app.training.practice import PracticeSession  # the sessions: at the first one, not to paint

        self.session = PracticeSession(list(day.cases), Mode.REVIEW if not day.new and not day.again else Mode.PRACTICE)
        self.next_in_session()

    def _refresh_progress(self) -> None:
        """Fill the progress view, if it has been built, from the store."""
        if self._progress is None or self._store is None:
            return
        profile, now = self.profile, local_now()
        found = self._safely(lambda: (self.store.answer_history(profile), self.store.paper_results(profile),
                                      self.store.due_items(profile, now), self.store.review_cards(profile),
                                      self.store.study_plan(profile), self.store.recent_attempts(profile, 20),
                                      self.store.exams(profile)), "read your progress")
        if found is None:
            return
        answers, results, due, cards, plan, recent, exams = found
        from app.training.progress_report import progress_summary  # the Progress view's, built on first use

        laws = [(law.key, law.title) for law in self.library.book.laws if not law.ref.special]
        summary = progress_summary(profile.name, laws, self.library.topics, self.library.cases, answers, due, results,
                                   cards, plan, now)
        self._progress.refresh(summary, recent, exams)
        self._progress_summary = summary

    def practise_law(self, key: str) -> None:
        """A law clicked on Progress: a short practice on it, or its page when no case cites it."""
        try:
            ref = parse_ref(key)
        except RefError:
            return
        choice = CaseFilter(law=ref)
        if not choice.apply(self.library.cases):
            if self.show_law(key):
                self.statusBar().showMessage(f"No case in the library turns on Law {key} yet: here is the law.", 6000)
            return
        self.start_practice(choice, CASES_PER_CLICK)

    def practise_topic(self, topic: str) -> None:
        choice = CaseFilter(topics=frozenset({topic}))
        if not choice.apply(self.library.cases):
            self.statusBar().showMessage(f"No case in the library carries the topic {self.library.topics.get(topic, topic)}"
                                         " yet.", 6000)
            return
        self.start_practice(choice, CASES_PER_CLICK)

    def show_progress_report(self) -> None:
        """The progress page as a report, with Save as PDF and Save as HTML."""
        self._refresh_progress()
        summary = self._progress_summary
        if summary is None:
            return
        from app.training.progress_report import progress_html
        from app.ui.training.report_dialog import ReportDialog

        self.progress_report = ReportDialog(f"Progress report — {self.profile.name}", progress_html(summary), self)
        self.progress_report.open()
