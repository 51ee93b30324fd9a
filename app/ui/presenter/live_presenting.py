"""A class session run from presenter mode: S starts it on the class's shared database and gives
it a code; from then on every step the presenter shows goes to the trainees' screens, and the
presenter sees who has joined, how many have answered the question on the screen and, once its
answer is shown, how the room answered. Leaving presenter mode ends the session on every screen.

The step the trainees follow is ``app.training.live.live_step`` of the presentation; the room's
answers are counted by ``app.training.room_answers``. This object carries them to and from the
class database off the GUI thread, and says ``changed`` when there is something new to show.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.store.errors import StoreError
from app.store.records import LiveRoom, Profile, Role
from app.training.live import LivePhase, LiveState, LiveStep, live_step
from app.training.presentation import Presentation
from app.training.room_answers import RoomAnswers, room_answers
from app.ui.common.live_loop import Coalesced, WatchLoop
from app.ui.common.operations import run_off_thread

if TYPE_CHECKING:
    from app.store.live_watch import LiveWatcher
    from app.store.store import Store

JOIN_HOW = "File › Join class session…"


def on_shared_database(store: Store | None) -> bool:
    """Whether class sessions exist at all for this window: not for one person's SQLite file, where
    presenter mode stays as it was."""
    return store is not None and store.is_shared


def cannot_start(profile: Profile | None) -> str:
    """Why this profile cannot start a class session on a shared database (empty if it can)."""
    if profile is None or profile.role is not Role.INSTRUCTOR:
        return "Only an instructor's profile can start a class session."
    return ""


class LivePresenting(QObject):
    """One class session, from S to the end of the presentation."""

    changed = Signal()

    def __init__(self, store: Store, profile: Profile, presentation: Presentation, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store, self.profile, self.presentation = store, profile, presentation
        self.state: LiveState | None = None
        self.room = LiveRoom((), (), None)
        self.problem = ""
        self.ended = False
        self._question: str | None = None  # the question whose answers the room reading counts
        self._sent: LiveStep | None = None
        self._watcher: LiveWatcher | None = None
        self._loop: WatchLoop[LiveRoom | None] | None = None
        self._sender: Coalesced[LiveStep, LiveState] | None = None

    def start(self) -> None:
        store, profile, presentation = self.store, self.profile, self.presentation
        step = live_step(presentation)
        run_off_thread(lambda: store.start_live_session(profile, presentation.case, presentation.seed, step),
                       self._started, self._failed, owner=self)

    def _started(self, state: LiveState) -> None:
        if self.ended:  # presenter mode was left while the session was being made
            self._end(state.session_id)
            return
        self.state, self.problem = state, ""
        self._sent = live_step(self.presentation)
        self._question = state.question_id
        self._watcher = self.store.live_watcher(state.session_id)
        self._loop = WatchLoop(self._wait_and_look, self._looked, self._failed, self)
        self._sender = Coalesced(lambda: live_step(self.presentation), self._send, self._step_sent, self._failed,
                                 parent=self)
        self.presentation.on_change(self._moved)
        self._loop.start()
        self.changed.emit()

    def _failed(self, error: Exception) -> None:
        self.problem = str(error) if isinstance(error, StoreError) else f"the class database did not answer: {error}"
        self.changed.emit()

    # -- the presenter's steps -----------------------------------------------------------------

    def _moved(self) -> None:
        if self.ended or self._sender is None:
            return
        step = live_step(self.presentation)
        if step != self._sent:  # blanking the screen or hiding the hands is not the trainees' concern
            self._sent = step
            if step.question_id != self._question:  # no answers to the new question read yet
                self._question = step.question_id
                self.room = LiveRoom(self.room.present, (), step.question_id)
            self._sender.request()
            self.changed.emit()

    def _send(self, step: LiveStep) -> LiveState:
        assert self.state is not None
        return self.store.set_live_step(self.state.session_id, step)

    def _step_sent(self, state: LiveState) -> None:
        self.state, self.problem = state, ""
        self.changed.emit()

    # -- the room ------------------------------------------------------------------------------

    def _wait_and_look(self) -> LiveRoom | None:
        """Off the GUI thread: wait for a trainee to join or answer, then read who and what."""
        assert self._watcher is not None and self.state is not None
        if not self._watcher.wait():
            return None
        return self.store.live_room(self.state.session_id, self._question)

    def _looked(self, room: LiveRoom | None) -> None:
        if room is not None and room.question_id != self._question:
            return  # read for the question before the presenter moved on: the move brings a new reading
        if room is not None and room != self.room:
            self.room = room
            self.changed.emit()
        elif self.problem:
            self.problem = ""
            self.changed.emit()

    def answered(self) -> int:
        """How many have answered the question on the screen."""
        return len(self.room.answers) if self._question is not None else 0

    def asked(self) -> int:
        """How many the question on the screen is put to: those in the session, and any who answered
        it and left since (their answers count)."""
        return len(set(self.room.present) | {name for name, _answer in self.room.answers})

    def revealed(self) -> bool:
        """Whether the answer to the question on the screen has been shown (the room's answers may be)."""
        return self._sent is not None and self._sent.phase is LivePhase.ANSWER

    def room_answers(self) -> RoomAnswers | None:
        """How the room answered the question on the screen: only once its answer has been shown."""
        question = self.presentation.step.question
        if question is None or not self.revealed() or question.id != self._question:
            return None
        return room_answers(question, self.presentation.seed, [answer for _name, answer in self.room.answers])

    # -- the end -------------------------------------------------------------------------------

    def end(self) -> None:
        """Close the session on every screen (the trainees' answers then go into their progress)."""
        if self.ended:
            return
        self.ended = True
        if self._sender is not None:
            self._sender.cancel()
        if self.state is not None:
            self._end(self.state.session_id)

    def _end(self, session_id: int) -> None:
        store, watcher = self.store, self._watcher

        def end() -> None:
            store.end_live_session(session_id)

        def close() -> None:
            if watcher is not None:
                run_off_thread(watcher.close, lambda _none: None, lambda _error: None)

        run_off_thread(end, lambda _none: None, lambda _error: None)  # nothing left on screen to tell
        if self._loop is not None:
            self._loop.stop(then=close)

    # -- what the presenter's notes say --------------------------------------------------------

    def notes_html(self) -> str:
        if self.state is None:
            starting = "Starting the class session…" if not self.problem else ""
            return f"<h3>Class session</h3><p>{starting}</p>" + self._problem_html()
        present = self.room.present
        parts = [f"<h3>Class session {self.state.code}</h3>",
                 f"<p>Trainees join with {JOIN_HOW} and the code <b>{self.state.code}</b>. "
                 f"{len(present)} in the session" + (f": {html.escape(', '.join(present))}" if present else "") + ".</p>"]
        if self._question is not None:
            answered = {name for name, _answer in self.room.answers}
            waiting = [name for name in present if name not in answered]
            parts.append(f"<p><b>{len(answered)} of {self.asked()}</b> have answered this question"
                         + (f"; waiting for {html.escape(', '.join(waiting))}" if waiting else "") + ".</p>")
        shown = self.room_answers()
        if shown is not None:
            parts.append(answers_html(shown))
        return "".join(parts) + self._problem_html()

    def _problem_html(self) -> str:
        if not self.problem:
            return ""
        return f"<p style='color:#c8102e'>⚠ {html.escape(self.problem)}</p>"


def answers_html(shown: RoomAnswers) -> str:
    """The room's answers as the presenter's notes show them: a bar per choice or common answer,
    the model answer's in green."""
    most = max([bar.count for bar in shown.bars] + [1])
    rows = []
    for bar in shown.bars:
        width = max(1, round(60 * bar.count / most)) if bar.count else 0
        colour = "#2e8b57" if bar.right else "#8a8a8a"
        cell = f"<td bgcolor='{colour}' width='{width}%'></td>" if width else ""
        rows.append(f"<tr><td>{html.escape(bar.label)}</td><td><table width='100%' cellspacing='0'><tr>{cell}"
                    f"<td>&nbsp;{bar.count}</td></tr></table></td></tr>")
    tally = f"Right {shown.right} · partly right {shown.partly} · wrong {shown.wrong}"
    if shown.unreadable:
        tally += f" · {shown.unreadable} not readable"
    return f"<p><b>The room's answers</b> ({shown.answered})</p><table width='100%'>{''.join(rows)}</table><p>{tally}</p>"
