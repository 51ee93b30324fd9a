"""The case screen's keys, in one place: the widgets bind them from here and Help › Keyboard
shortcuts lists them from here, so the page cannot drift from what the keys do."""

from __future__ import annotations

import html

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from app.training.feedback import letter
from app.ui.common.theme import readable

MARK = "Ctrl+Return"
NEXT_QUESTION = "Ctrl+Right"
NEXT_CASE = "Ctrl+Shift+N"
STEP_FORWARD = "Ctrl+Shift+Right"
STEP_BACK = "Ctrl+Shift+Left"
EXAM_BACK = "Ctrl+Left"
EXAM_FLAG = "Ctrl+Shift+F"
EXAM_OVERVIEW = "Ctrl+Shift+O"
MOVE_UP = "Alt+Up"
MOVE_DOWN = "Alt+Down"
# The case screen's keys that a text box would otherwise keep for moving or selecting by word: a
# typed answer (a law reference, a number) has no words to move over, so the screen's meaning wins.
OVER_TEXT = (EXAM_BACK, NEXT_QUESTION, STEP_BACK, STEP_FORWARD)


def choice_key(index: int) -> str:
    """The key that picks choice ``index`` (0-based, as shown) of a question while the question has
    the keyboard focus: its letter, as the choices are lettered on screen and in a room."""
    return letter(index)


CASE_KEYS: tuple[tuple[str, str], ...] = (
    (f"{choice_key(0)}, {choice_key(1)}, {choice_key(2)} …", "pick or tick that choice (the question has the focus)"),
    ("Enter", "mark the answer, once one is chosen; on a button, press it"),
    ("Tab / Shift+Tab", "move between the table, the situation, the question and the buttons"),
    ("← / → on the table", "step the table back or forward in time; Home and End: first step, director call"),
    (MARK, "mark the answer"),
    (NEXT_QUESTION, "next question, after marking"),
    (f"{MOVE_UP} / {MOVE_DOWN}", "move the selected item of an order question"),
    (f"{STEP_BACK} / {STEP_FORWARD}", "step the table back or forward in time"),
    (NEXT_CASE, "next case of a practice or review session"),
    (EXAM_BACK, "in an exam: the case before"),
    (EXAM_FLAG, "in an exam: flag the question to look at again, or unflag it"),
    (EXAM_OVERVIEW, "in an exam: the paper's overview, to go to a case or hand in"),
)


def shortcuts_html(actions: list[QAction]) -> str:
    """The page: the case screen's keys, then every menu command that has a key."""
    def rows(pairs: list[tuple[str, str]]) -> str:
        return "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>" for k, v in pairs)

    menu = []
    seen: set[str] = set()
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        text = action.text().replace("&", "").rstrip("…")
        if keys and action.isVisible() and keys not in seen:
            seen.add(keys)
            menu.append((keys, text))
    return ("<h2>Keyboard shortcuts</h2><h3>Answering a case</h3><table cellpadding='4'>"
            + rows(list(CASE_KEYS)) + "</table><h3>Menus</h3><table cellpadding='4'>" + rows(menu) + "</table>")


class ShortcutsDialog(QDialog):
    """Help › Keyboard shortcuts."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.view = readable(QTextBrowser())
        self.view.setHtml(shortcuts_html(actions))
        self.view.setAccessibleName("Keyboard shortcuts")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(520, 560)
