"""Presenter mode (View › Present, F5): a case revealed step by step to a room, full screen.

A thin view over ``app.training.presentation``: the model holds the steps and where the room is;
this module draws the step, sends the presenter's keys to the model, and puts the windows on the
screens the model chooses — the room's view full screen, and with a second screen the presenter's
notes (model ruling, commentary, the answer to come, what comes next, and every step to jump to) on
the laptop. With one screen the notes are a window the presenter brings up with N (the room sees it
too on a mirrored projector, so it starts hidden). Nothing is marked or recorded: a presentation is
not an attempt. On a class's shared database, S starts a class session (``live_presenting``): the
trainees answer on their own computers, the notes show how many have, and A puts the room's answers
(no names) on the room's screen.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QKeyEvent, QScreen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.bridge.seats import SEATS
from app.content.cases.model import Case
from app.content.laws.render import Renderer
from app.store.records import Profile
from app.training.presentation import Presentation, Screen, StepKind, place_windows
from app.ui.case.table_widget import TableLook, TableWidget
from app.ui.common.theme import readable
from app.ui.presenter.answer_bars import AnswerBars
from app.ui.presenter.live_presenting import JOIN_HOW, LivePresenting, cannot_start, on_shared_database

if TYPE_CHECKING:
    from app.store.store import Store

# Text on the room's screen, in pixels at 1920×1080; it scales with the screen's height.
CAPTION_PX = 40
TEXT_PX = 34
NOTES_PX = 22  # the presenter's own screen, read from arm's length
JOIN_PX = 26  # the class session's code, along the top of the room's screen
REFERENCE_HEIGHT = 1080
# The table draws on a fixed canvas scaled to its size; this enlarges its text further so that
# cards and calls are at least 28 px on a 1080-line projector.
TABLE_TEXT_SCALE = 1.4
NEXT_KEYS = {Qt.Key.Key_Right, Qt.Key.Key_PageDown, Qt.Key.Key_Space, Qt.Key.Key_Down}
BACK_KEYS = {Qt.Key.Key_Left, Qt.Key.Key_PageUp, Qt.Key.Key_Up}
# D: the director call; T / Shift+T: a trick on or back; Home / End: the first step, the ruling;
# N: the notes window on one screen; B blank; H hands; S a class session; A the room's answers; Esc leave.
OTHER_KEYS = {Qt.Key.Key_D, Qt.Key.Key_T, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_N, Qt.Key.Key_B,
              Qt.Key.Key_H, Qt.Key.Key_S, Qt.Key.Key_A, Qt.Key.Key_Escape}
KEYS_HELP = ("→ / PageDown next · ← / PageUp back · T a trick on, Shift+T back · D the director call · "
             "Home / End first step, ruling · B blank · H hands · N notes (one screen)")
LIVE_KEYS_HELP = "S class session · A the room's answers"


REFERENCE_WIDTH = 1920


def _px(width: int, height: int, size: int) -> int:
    """``size`` pixels at 1920×1080, in proportion on another screen."""
    return max(12, round(size * min(height / REFERENCE_HEIGHT, width / REFERENCE_WIDTH)))


def step_html(presentation: Presentation, renderer: Renderer) -> str:
    """The words beside the table on a question, answer or ruling step (empty on a table step)."""
    step, case = presentation.step, presentation.case
    question = step.question
    if step.kind is StepKind.RULING:
        return f"<h2>The ruling</h2>{renderer.markdown(case.ruling)}"
    if question is None:
        return ""
    parts = [f"<h2>{html.escape(step.caption)}</h2><p>{html.escape(question.ask)}</p>"]
    if step.kind is StepKind.QUESTION:
        if question.choices:
            parts.append("<ol type='A'>" + "".join(f"<li>{html.escape(choice.text)}</li>"
                                                   for _letter, choice in presentation.lettered(question)) + "</ol>")
        elif question.items:  # shuffled as each trainee's form starts, never in the right order
            parts.append("<ol type='A'>" + "".join(f"<li>{html.escape(item)}</li>"
                                                   for _letter, item in presentation.lettered_items(question)) + "</ol>")
        return "".join(parts)
    parts.append("<ul>" + "".join(f"<li><b>{html.escape(item)}</b></li>"
                                  for item in presentation.answer_text(question)) + "</ul>")
    why = question.why or " ".join(c.why for c in question.choices if c.correct and c.why)
    if why:
        parts.append(renderer.markdown(why))
    return "".join(parts)


class RoomView(QWidget):
    """What the room sees: the table, the words of a question, answer or ruling, and a caption."""

    keyPressed = Signal(int, int)  # the key and its modifiers

    def __init__(self, look: TableLook, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Director Trainer — presenting")
        self.setObjectName("presenterRoom")
        self.setStyleSheet("#presenterRoom { background: black; } QLabel#presenterCaption { color: white; }")
        self.table = TableWidget()
        self.table.look = look
        self.table.text_scale = TABLE_TEXT_SCALE
        self.words = readable(QTextBrowser())
        self.words.setAccessibleName("Question, answer or ruling")
        self.words.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.caption = QLabel()
        self.caption.setObjectName("presenterCaption")
        self.caption.setAccessibleName("Caption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setWordWrap(True)
        self.join = QLabel()
        self.join.setObjectName("presenterCaption")
        self.join.setAccessibleName("Class session")
        self.join.setWordWrap(True)
        self.join.setVisible(False)
        self.answers = AnswerBars()
        self.answers.setVisible(False)
        content = self.content = QWidget()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.table, 3)
        row.addWidget(self.words, 2)
        row.addWidget(self.answers, 2)
        column = QVBoxLayout(content)
        column.setContentsMargins(8, 8, 8, 8)
        column.addWidget(self.join)
        column.addLayout(row, 1)
        column.addWidget(self.caption)
        self.blank = QWidget()
        self.blank.setObjectName("presenterBlank")
        self.blank.setAccessibleName("Blank screen")
        self.blank.setStyleSheet("background: black;")
        self.stack = QStackedWidget()
        self.stack.addWidget(content)
        self.stack.addWidget(self.blank)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def show_step(self, presentation: Presentation, renderer: Renderer) -> None:
        step = presentation.step
        case = presentation.case
        self.stack.setCurrentWidget(self.blank if presentation.blanked else self.content)
        shown = [seat for seat in SEATS if seat in presentation.shown]
        self.table.set_board(case.board, case.dealer, case.vulnerability, shown)
        self.table.set_state(step.state)
        text = step_html(presentation, renderer)
        self.words.setHtml(text)
        self.words.setVisible(bool(text))
        self.caption.setText(step.caption if step.kind not in (StepKind.QUESTION, StepKind.ANSWER,
                                                               StepKind.RULING) else "")
        self.caption.setVisible(bool(self.caption.text()))
        self._fonts()

    def show_live(self, live: LivePresenting | None, answers_shown: bool, message: str) -> None:
        """The class session along the top (how to join, its code, how many are in it and have answered),
        and with A the room's answers in place of the words; or why a session could not start."""
        running = live is not None and live.state is not None
        if live is not None and live.state is not None:
            present, answered = len(live.room.present), live.answered()
            self.join.setText(f"Join with {JOIN_HOW}, code {live.state.code} · {present} in the session"
                              + (f" · {answered} answered" if live.presentation.step.question is not None else ""))
        else:
            self.join.setText(message)
        self.join.setVisible(bool(self.join.text()))
        shown = running and answers_shown
        self.answers.setVisible(shown)
        if live is not None and shown:
            heading = ("The room's answers" if live.revealed()
                       else f"{live.answered()} of {live.asked()} have answered")
            self.answers.show_room(heading, live.room_answers(), _px(self.width(), self.height(), TEXT_PX))
        self.words.setVisible(bool(self.words.toPlainText()) and not shown)

    def _fonts(self) -> None:
        join = QFont(self.font())
        join.setPixelSize(_px(self.width(), self.height(), JOIN_PX))
        self.join.setFont(join)
        caption = QFont(self.font())
        caption.setPixelSize(_px(self.width(), self.height(), CAPTION_PX))
        caption.setBold(True)
        self.caption.setFont(caption)
        # The words start at projector size and shrink (to no less than two thirds) until they fit,
        # since the presenter has no mouse to scroll with.
        size = _px(self.width(), self.height(), TEXT_PX)
        smallest = size * 2 // 3
        words = QFont(self.font())
        while True:
            words.setPixelSize(size)
            self.words.document().setDefaultFont(words)
            self.words.document().setTextWidth(self.words.viewport().width())
            if size <= smallest or self.words.document().size().height() <= self.words.viewport().height():
                break
            size -= 1

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fonts()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        self.keyPressed.emit(int(event.key()), int(event.modifiers().value))


class NotesView(QWidget):
    """The presenter's screen: where the room is, what comes next, the answer, ruling and commentary,
    and the list of every step, to jump to one (Enter or a double click)."""

    keyPressed = Signal(int, int)
    stepChosen = Signal(int)

    def __init__(self, one_screen: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Director Trainer — presenter's notes" + (
            " (on a mirrored projector the room sees these too)" if one_screen else ""))
        self.text = readable(QTextBrowser())
        self.text.setAccessibleName("Presenter's notes")
        self.steps = QListWidget()
        self.steps.setAccessibleName("Steps of the presentation")
        self.steps.itemActivated.connect(lambda item: self.stepChosen.emit(self.steps.row(item)))
        for view in (self.text, self.steps):
            view.installEventFilter(self)
        split = QSplitter()
        split.addWidget(self.text)
        split.addWidget(self.steps)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split)

    def toPlainText(self) -> str:  # noqa: N802 (as a text browser's)
        return self.text.toPlainText()

    def show_notes(self, presentation: Presentation, renderer: Renderer, live: str | None = None) -> None:
        """``live``: what the class session says (who joined, who answered, the room's answers); None
        where there are no class sessions (one person's own file): nothing about them is shown."""
        outline = presentation.outline()
        if self.steps.count() != len(outline):
            self.steps.clear()
            self.steps.addItems(outline)
        self.steps.setCurrentRow(presentation.index)
        self._show_text(presentation, renderer, live)

    def _show_text(self, presentation: Presentation, renderer: Renderer, live: str | None) -> None:
        notes = presentation.notes()
        case = presentation.case
        state = []
        if presentation.blanked:
            state.append("the room's screen is blank (B)")
        if presentation.hands_hidden:
            state.append("hands hidden (H)")
        answer = ("<p><b>Answer:</b> " + "; ".join(html.escape(a) for a in notes.answer) + "</p>") if notes.answer else ""
        self.text.setHtml(
            f"<h2>{html.escape(case.title)}</h2>"
            "<p><i>" + html.escape(" · ".join(
                [KEYS_HELP, *([LIVE_KEYS_HELP] if live is not None else []), "Esc leave"])) + "</i></p>"
            f"<p><b>{notes.position}</b> — now: {html.escape(notes.now)}"
            + (f" <i>({', '.join(state)})</i>" if state else "") + "</p>"
            f"<p><b>Next:</b> {html.escape(notes.coming)}</p>{answer}{live or ''}"
            f"<h3>Model ruling</h3>{renderer.markdown(case.ruling)}"
            f"<h3>Commentary</h3>{renderer.markdown(case.commentary)}")

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        font = QFont(self.font())
        font.setPixelSize(_px(self.width(), self.height(), NOTES_PX))
        self.text.document().setDefaultFont(font)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The presenter's keys reach the presentation from anywhere in the notes, but in the step
        list the up and down arrows move through the list and Enter goes to the step."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            in_list = watched is self.steps and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Return,
                                                                   Qt.Key.Key_Enter)
            if not in_list and self._presenter_key(event):
                return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._presenter_key(event):
            super().keyPressEvent(event)

    def _presenter_key(self, event: QKeyEvent) -> bool:
        if event.key() in NEXT_KEYS | BACK_KEYS | OTHER_KEYS:
            self.keyPressed.emit(int(event.key()), int(event.modifiers().value))
            return True
        return False

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if not self.property("oneScreen"):  # on one screen, closing the notes only hides them
            self.keyPressed.emit(int(Qt.Key.Key_Escape), 0)
        super().closeEvent(event)


def screens_of(qscreens: list[QScreen], current: QScreen | None) -> list[Screen]:
    return [Screen(s.name(), s.geometry().width(), s.geometry().height(), s is current) for s in qscreens]


class Presenter(QObject):
    """Runs one presentation: the model, the room's window and, with two screens, the notes."""

    ended = Signal()

    def __init__(self, case: Case, renderer: Renderer, look: TableLook, current: QScreen | None = None,
                 qscreens: list[QScreen] | None = None, store: Store | None = None,
                 profile: Profile | None = None) -> None:
        """``store`` and ``profile``: where a class session would run, and who would present it."""
        super().__init__()
        self.presentation = Presentation(case)
        self.renderer = renderer
        self.store, self.profile = store, profile
        self.live: LivePresenting | None = None
        self.answers_shown = False  # A: the room's answers on the room's screen
        self.live_message = ""  # why S could not start a class session
        self.stopped = False
        qscreens = qscreens if qscreens is not None else list(QGuiApplication.screens())
        room_screen, notes_screen = place_windows(screens_of(qscreens, current or QGuiApplication.primaryScreen()))
        by_name = {s.name(): s for s in qscreens}
        self.room = RoomView(look)
        self.room.keyPressed.connect(self.key)
        self.one_screen = notes_screen is None
        self.notes: NotesView | None = NotesView(self.one_screen)
        notes = self.notes
        notes.setProperty("oneScreen", self.one_screen)
        notes.keyPressed.connect(self.key)
        notes.stepChosen.connect(self.presentation.go_to)
        if notes_screen is not None:
            self._place(notes, by_name.get(notes_screen.name), full=False)
        else:  # brought up with N, over the room's view, a window the presenter can move
            screen = by_name.get(room_screen.name)
            if screen is not None:
                area = screen.availableGeometry()
                notes.resize(area.width() * 9 // 20, area.height() * 3 // 5)
        self.presentation.on_change(self.refresh)
        self._place(self.room, by_name.get(room_screen.name), full=True)
        self.refresh()
        self.room.activateWindow()
        self.room.setFocus()

    @staticmethod
    def _place(widget: QWidget, screen: QScreen | None, full: bool) -> None:
        if screen is not None:
            widget.setScreen(screen)
            widget.setGeometry(screen.geometry())
        if full:
            widget.showFullScreen()
        else:
            widget.showMaximized()

    def refresh(self) -> None:
        self.room.show_step(self.presentation, self.renderer)
        self.room.show_live(self.live, self.answers_shown, self.live_message)
        if self.notes is not None:
            live: str | None = None
            if self.live is not None:
                live = self.live.notes_html()
            elif on_shared_database(self.store):
                live = f"<p style='color:#c8102e'>{html.escape(self.live_message)}</p>" if self.live_message else ""
            self.notes.show_notes(self.presentation, self.renderer, live)

    def key(self, key: int, modifiers: int = 0) -> None:
        """The presenter's keys (``KEYS_HELP``, and S and A for a class session)."""
        self.live_message = ""
        model = self.presentation
        shifted = bool(modifiers & Qt.KeyboardModifier.ShiftModifier.value)
        moves = {Qt.Key.Key_D: model.to_director, Qt.Key.Key_Home: lambda: model.go_to(0),
                 Qt.Key.Key_End: lambda: model.go_to(len(model.steps) - 1),
                 Qt.Key.Key_T: model.previous_trick if shifted else model.next_trick,
                 Qt.Key.Key_B: model.toggle_blank, Qt.Key.Key_H: model.toggle_hands,
                 Qt.Key.Key_N: self.toggle_notes, Qt.Key.Key_S: self.start_class_session,
                 Qt.Key.Key_A: self.toggle_room_answers, Qt.Key.Key_Escape: self.stop}
        if key in NEXT_KEYS:
            model.next()
        elif key in BACK_KEYS:
            model.back()
        elif key in moves:
            moves[Qt.Key(key)]()

    def toggle_notes(self) -> None:
        """One screen: show or hide the notes window over the room's view."""
        if self.notes is None or not self.one_screen:
            return
        if self.notes.isVisible():
            self.notes.hide()
            self.room.activateWindow()
        else:
            self.notes.show()
            self.notes.raise_()
            self.notes.activateWindow()

    def toggle_room_answers(self) -> None:
        """A: the room's answers (no names) on the room's screen, or off it."""
        self.answers_shown = not self.answers_shown
        self.refresh()

    def start_class_session(self) -> None:
        """Open a class session of this presentation on the class's database (once)."""
        if self.live is not None or not on_shared_database(self.store):
            return  # on one person's own file, S does nothing, as before there were class sessions
        self.live_message = cannot_start(self.profile)
        if self.live_message or self.store is None or self.profile is None:
            self.refresh()
            return
        self.live = LivePresenting(self.store, self.profile, self.presentation, self)
        self.live.changed.connect(self.refresh)
        self.live.start()
        self.refresh()

    def stop(self) -> None:
        """Leave presenter mode (once: Esc, the window quitting and an exam may each ask), ending a
        class session on every screen."""
        if self.stopped:
            return
        self.stopped = True
        if self.live is not None:
            self.live.end()
        for window in (self.room, self.notes):
            if window is not None:
                window.setProperty("oneScreen", True)  # closing it now must not stop again
                window.hide()
                window.deleteLater()
        self.notes = None
        self.ended.emit()


def start_presenting(window: QMainWindow) -> Presenter | None:
    """Present the case open in the window's case player; say why not when there is none. (The
    window's exam seal keeps this from being reached during an exam.)"""
    player = window.player  # type: ignore[attr-defined]
    if player.case is None:
        window.statusBar().showMessage("Open a case first, then View › Present (F5) shows it to the room.", 8000)
        return None
    presenter = Presenter(player.case, window.renderer, player.table.look,  # type: ignore[attr-defined]
                          window.screen(), store=window._store, profile=window.profile)  # type: ignore[attr-defined]
    presenter.ended.connect(window.activateWindow)
    return presenter
