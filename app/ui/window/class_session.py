"""The main window's side of a live class session, for a trainee: File › Join class session…, the
session's own window, leaving it when an exam starts or the application quits, and recording the
answers of a session that ended while the window was closed.

Only on a shared (PostgreSQL) database: the menu entry is not there for someone studying alone on
their own SQLite file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.store.errors import StoreError
from app.training.exam_seal import Sealed
from app.ui.common.operations import run_off_thread
from app.ui.window.window_base import WindowBase

if TYPE_CHECKING:
    from app.ui.classroom.live_seat import LiveSeat
    from app.ui.classroom.live_window import LiveWindow


class ClassSessions(WindowBase):
    """Joining the presenter's session, and what becomes of it when the window needs it gone."""

    join_action: QAction
    live_seat: LiveSeat | None
    live_window: LiveWindow | None
    join_dialog: QInputDialog | None

    def show_class_actions(self) -> None:
        """Join class session… is offered on a shared database only."""
        self.join_action.setVisible(self._store is not None and self._store.is_shared)

    def join_class_session(self) -> None:
        """Ask for the code on the presenter's screen (not during an exam: the menu entry is sealed)."""
        if self.seal.refuses(Sealed.OTHER_WORK):
            return
        if self.live_window is not None:
            self.live_window.raise_()
            self.live_window.activateWindow()
            return
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Join class session")
        dialog.setLabelText("The code on the presenter's screen:")
        dialog.textValueSelected.connect(self.join_with_code)
        self.join_dialog = dialog
        dialog.open()

    def join_with_code(self, code: str) -> None:
        if not code.strip() or self.live_seat is not None or self.seal.refuses(Sealed.OTHER_WORK):
            return
        from app.ui.classroom.live_seat import LiveSeat

        seat = LiveSeat(self.store, self.profile, self.library, self)
        seat.joined.connect(lambda: self._show_live(seat))
        seat.failed.connect(self._join_failed)
        seat.done.connect(self._live_done)
        self.live_seat = seat
        self.statusBar().showMessage("Joining the class session…")
        seat.join(code)

    def _show_live(self, seat: LiveSeat) -> None:
        from app.ui.case.answer_form import law_choices  # the case screen's forms: not at start-up
        from app.ui.classroom.live_window import LiveWindow

        self.statusBar().clearMessage()
        window = LiveWindow(seat, self.renderer, law_choices(self.library.book), self)
        window.destroyed.connect(self._live_window_gone)
        window.lawRequested.connect(self.show_law)
        self.live_window = window
        window.show()
        window.activateWindow()

    def _join_failed(self, reason: str) -> None:
        self.live_seat = None
        self.statusBar().showMessage(f"Could not join the class session: {reason}", 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, "Join class session", "Could not join the class session.",
                          QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(reason[:1].upper() + reason[1:] + ".")
        box.open()

    def _live_done(self) -> None:
        """The answers are in the trainee's progress: Home and Progress show them."""
        self.live_seat = None
        self.refresh_profile()

    def _live_window_gone(self) -> None:
        self.live_window = None

    def seal_class_session(self, sealed: frozenset[Sealed]) -> None:
        """An exam started: the session's window would show answers to a case that may be on the paper,
        so the trainee leaves it (the answers so far go into their progress)."""
        if Sealed.OTHER_WORK in sealed and self.live_seat is not None:
            seat = self.live_seat
            seat.leave()
            if self.live_window is not None:
                self.live_window.hide()

    def may_leave_the_class(self) -> bool:
        """Quitting during a session: leave it, sending what waits and recording the answers; if the
        class cannot be reached, the trainee decides whether to quit anyway."""
        seat = self.live_seat
        if seat is None:
            return True
        problem = seat.leave_now()
        if not problem:
            return True
        answer = QMessageBox.question(
            self, "Class session",
            f"Your answers could not reach the class ({problem}). Quit anyway? Answers not yet sent are lost; "
            "those the class holds go into your progress the next time you start Director Trainer.")
        return answer == QMessageBox.StandardButton.Yes

    def record_class_sessions(self) -> None:
        """Answers in sessions that ended while this window was closed, or its network down, go into
        the trainee's progress now (off the GUI thread: the class database is across a network)."""
        store, profile, library = self._store, self.profile, self.library
        if store is None or not store.is_shared:
            return

        def record() -> int:
            recorded = 0
            for session_id, case_id in store.live_sessions_to_record(profile):
                case = library.case(case_id)
                if case is not None and store.record_live_session(profile, session_id, case) is not None:
                    recorded += 1
            return recorded

        def recorded(count: int) -> None:
            if count:
                self.refresh_profile()
                self.statusBar().showMessage(
                    f"Your answers in {count} class session{'s' if count != 1 else ''} are now in your progress.", 8000)

        def failed(error: Exception) -> None:
            if not isinstance(error, StoreError):
                raise error
            self.statusBar().showMessage(f"Could not record your answers in an earlier class session: {error}", 10000)

        run_off_thread(record, recorded, failed, owner=self)
