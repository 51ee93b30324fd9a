"""The main window's care that nothing a trainee does is lost: every marked answer is written to
the store at once (a case on its own, or the whole exam paper as it stands), and Home's
unfinished work is carried on, handed in or discarded from here.

What is saved and how it is put back is decided below the GUI (``app.store.work_in_progress``,
``app.training.resume``); this part only says when, and turns problems into messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from app.store.errors import StoreError
from app.training.attempt import Attempt
from app.training.clock import utc_now
from app.training.exam import Exam
from app.training.mode import Mode
from app.ui.window.window_base import WindowBase

if TYPE_CHECKING:
    from app.content.cases.model import Case

# How often (in seconds of the exam's timer) the store hears that the paper is still open: if the
# program dies without warning, a practice paper's clock stops at the last such moment.
SEEN_EVERY = 15


class WorkKeeping(WindowBase):
    """The main window's part that saves work as it is done and brings it back."""

    # -- saving --------------------------------------------------------------------------------

    def answer_given(self) -> None:
        """An answer has just been marked: write it (one store transaction)."""
        if self.exam is not None:
            self.keep_exam()
            return
        attempt = self.player.ruling.attempt
        if attempt is None:
            return
        profile, mode = self.profile, self.attempt_mode()
        self._safely(lambda: self.store.save_unfinished_attempt(profile, attempt, mode), "save your answer")

    def keep_exam(self) -> None:
        """Write the paper being sat as it stands (after an answer, and when it moves to a new case)."""
        exam = self.exam
        if exam is None or exam.is_finished:
            return
        profile = self.profile
        self._safely(lambda: self.store.save_unfinished_exam(profile, exam, utc_now()), "save the exam so far")
        self._exam_ticks = 0

    def exam_still_open(self) -> None:
        """Called every second of an exam: now and then, note in the store that the paper is open."""
        self._exam_ticks += 1
        if self._exam_ticks < SEEN_EVERY:
            return
        self._exam_ticks = 0
        try:
            self.store.exam_seen(self.profile, utc_now())
        except StoreError as exc:  # said quietly: the answers themselves are saved as they are given
            self.statusBar().showMessage(f"Could not note the exam's time: {exc}", 5000)

    def may_leave_the_exam(self) -> bool:
        """Asked when the window closes during an exam: hand it in, keep it to resume from Home (it is
        saved as it goes, so nothing is lost), or stay with the paper (False)."""
        exam = self.exam
        if exam is None or exam.is_finished:
            return True
        clock = "keeps running" if exam.profile.clock_runs_while_closed else "stops"
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "An exam is running",
            "Hand the exam in before quitting?\n\nYes hands it in now. Save keeps it to resume from Home; its "
            f"clock {clock} while the application is closed. Cancel goes back to the paper.",
            buttons.Yes | buttons.Save | buttons.Cancel, buttons.Save)
        if answer == buttons.Yes:
            self.finish_exam(show=False)
        elif answer == buttons.Save:
            self.exam_timer.stop()
            self.keep_exam()
        return answer in (buttons.Yes, buttons.Save)

    # -- carrying on ---------------------------------------------------------------------------

    def attempt_at(self, case: Case, fresh: Attempt, mode: Mode | None) -> tuple[Attempt, Mode] | None:
        """The attempt to play at ``case``, and why it is made: a half-answered one kept in the store,
        resumed where it was left, else ``fresh``; ``mode`` is a session's, or None for a case on its
        own (practice, or what the kept one was made for). None if the kept one no longer fits the
        case and the trainee chose to keep its answers rather than start again."""
        fresh_mode = mode or Mode.PRACTICE
        if self._store is None:
            return fresh, fresh_mode
        profile = self.profile
        saved = self._safely(lambda: self.store.unfinished_attempt(profile, case.id), "read your unfinished work")
        if saved is None:
            return fresh, fresh_mode
        from app.training.resume import ResumeError, resume_attempt  # the store has imported it by now

        try:
            return resume_attempt(case, saved, utc_now()), mode or saved.mode
        except ResumeError as error:
            answer = QMessageBox.question(
                self, "Half-answered case", f"Your earlier answers to {case.title} cannot be put back: {error}.\n\n"
                "Start the case afresh? Your earlier answers to it are then discarded.")
            if answer != QMessageBox.StandardButton.Yes:
                return None
            self._safely(lambda: self.store.discard_unfinished_attempt(profile, case.id), "discard the answers")
            return fresh, fresh_mode

    def discard_unfinished(self, case_id: str) -> None:
        """Home's Discard: forget a half-answered case, once the trainee confirms."""
        if self._busy():
            return
        case = self.library.case(case_id)
        title = case.title if case is not None else case_id
        answer = QMessageBox.question(self, "Discard", f"Discard your answers so far to {title}? The case itself "
                                      "stays; you start it afresh next time.")
        if answer != QMessageBox.StandardButton.Yes:
            return
        profile = self.profile
        self._safely(lambda: self.store.discard_unfinished_attempt(profile, case_id), "discard the answers")
        self.refresh_profile()

    def resume_saved_exam(self) -> None:
        """Home's Resume: the paper back on screen as it was left, with its clock as its profile says;
        handed in at once if its time ran out meanwhile."""
        exam = self._saved_exam()
        if exam is None:
            return
        if exam.is_finished:
            self.exam = exam
            self.finish_exam()
            self.statusBar().showMessage("The exam's time ran out while it was closed: it has been handed in with "
                                         "the answers given.", 10000)
            return
        self.sit_exam(exam)

    def hand_in_saved_exam(self) -> None:
        """Home's Hand in: the paper marked as it was left, without sitting it further."""
        exam = self._saved_exam()
        if exam is not None:
            self.exam = exam
            self.finish_exam()

    def _saved_exam(self) -> Exam | None:
        """The paper kept in the store, rebuilt now; a message (and the offer to discard it) if it
        cannot be."""
        if self._busy():
            return None
        profile = self.profile
        saved = self._safely(lambda: self.store.unfinished_exam(profile), "read the unfinished exam")
        if saved is None:
            return None
        from app.training.resume import ResumeError, resume_exam

        try:
            return resume_exam(saved, {case.id: case for case in self.library.cases}, utc_now())
        except ResumeError as error:
            answer = QMessageBox.question(self, "Unfinished exam", f"The exam {saved.profile.name} cannot be "
                                          f"resumed: {error}.\n\nDiscard it?")
            if answer == QMessageBox.StandardButton.Yes:
                self._safely(lambda: self.store.discard_unfinished_exam(profile), "discard the exam")
                self.refresh_profile()
            return None
