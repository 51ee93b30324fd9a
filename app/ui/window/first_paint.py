"""The main window's first paint, and the work that waits for it.

Why wait: start-up does a good deal that the first screen does not need to be drawn (the library's cases
unpacked, Home filled, the progress store opened on a thread, the saved official wording read). Done
before the paint, each of those delays the moment the trainee sees the window; a zero timer is not enough
to put them after it, because Qt runs one before the paint a ``show()`` leads to (the paint waits for the
layout to settle), and a thread started there competes with the painting for the interpreter.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QPaintEvent

from app.ui.window.window_base import WindowBase


class FirstPaint(WindowBase):
    """Holds steps until the window has painted once (``_painted`` and ``_after_paint`` are set up by
    MainWindow)."""

    def after_first_paint(self, step: Callable[[], object], first: bool = False) -> None:
        """Run ``step`` once the window has painted for the first time (``first``: before the steps already
        waiting); if, when the events already queued have been handled, the window has painted or is not
        on screen (a window built and shown in one go is by then), at that moment.

        A window shown but not painted within half a second (minimised, say) runs its steps anyway."""
        if not self._after_paint:
            QTimer.singleShot(0, self._run_unless_painting)
        self._after_paint.insert(0 if first else len(self._after_paint), step)

    def _run_unless_painting(self) -> None:
        if self._painted or not self.isVisible():
            self._run_after_paint()
        else:
            QTimer.singleShot(500, self._run_after_paint)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self._run_after_paint)  # once the window's children have painted too

    def _run_after_paint(self) -> None:
        """Run the waiting steps, each even if one before it fails (that one's error is raised after)."""
        self._painted = True
        steps, self._after_paint = self._after_paint, []
        failed: list[Exception] = []
        for step in steps:
            try:
                step()
            except Exception as error:  # noqa: BLE001 - raised again below, once every step has had its turn
                failed.append(error)
        if failed:
            raise failed[0]
