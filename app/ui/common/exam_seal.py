"""The window's side of the exam seal: what ``app.training.exam_seal`` decides, applied to the
window's actions and views.

Each action that could show or work out an answer is tagged once, where it is made, with what
it would reveal (``tag``); ``apply`` turns the tagged actions off for the kinds an exam seals,
and on again when it ends. Each part of the window that owns a view or a window of its own
(the case editors, the calculators, the case list, the library, the case player) registers
a hook with ``on_change`` and trims or closes it there; a view built during an exam is brought
into line by ``refresh`` as it is built. Code reached other than through an action asks
``refuses(kind)``, which says on the status bar why not; that message goes when the exam ends.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStatusBar

from app.training.exam_seal import Sealed

Hook = Callable[[frozenset[Sealed]], object]


class ExamSeal:
    """The kinds sealed now, the actions tagged with a kind, and the hooks of the views they touch."""

    def __init__(self, status_bar: Callable[[], QStatusBar]) -> None:
        self.status_bar = status_bar
        self.sealed: frozenset[Sealed] = frozenset()
        self._actions: list[tuple[QAction, Sealed]] = []
        self._hooks: list[Hook] = []
        self._said = ""  # the last refusal shown on the status bar

    def tag(self, action: QAction, kind: Sealed) -> QAction:
        """Let ``action`` be used only while ``kind`` is not sealed."""
        self._actions.append((action, kind))
        action.setEnabled(kind not in self.sealed)
        return action

    def on_change(self, hook: Hook) -> None:
        """Call ``hook(sealed)`` now and whenever what is sealed changes or a view is built."""
        self._hooks.append(hook)
        hook(self.sealed)

    def allows(self, kind: Sealed) -> bool:
        return kind not in self.sealed

    def refuses(self, kind: Sealed) -> bool:
        """True, saying why on the status bar, when ``kind`` is sealed."""
        if kind not in self.sealed:
            return False
        self._said = kind.message
        self.status_bar().showMessage(kind.message, 8000)
        return True

    def apply(self, sealed: frozenset[Sealed]) -> None:
        """Seal exactly ``sealed`` (nothing, when an exam ends)."""
        self.sealed = sealed
        for action, kind in self._actions:
            action.setEnabled(kind not in sealed)
        self.refresh()
        if not sealed and self._said:
            if self.status_bar().currentMessage() == self._said:
                self.status_bar().clearMessage()
            self._said = ""

    def refresh(self) -> None:
        """Bring every view into line with what is sealed now (one built since has joined them)."""
        for hook in self._hooks:
            hook(self.sealed)
