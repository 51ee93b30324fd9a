"""A focus ring that a keyboard user can see in both themes.

Fusion marks the focused control with a faint tint of its frame, hard to find on a busy screen.
One ``QFocusFrame`` follows the focus through the whole application and draws a ring in
``FOCUS_COLOURS`` round the focused control, outside its own painting, so no widget has to
draw anything itself (the drawn table, which paints its own, keeps to its rectangle).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QApplication, QFocusFrame, QWidget

from app.ui.common.theme import FOCUS_COLOURS, is_dark

RING_WIDTH = 2.5


class FocusRing(QFocusFrame):
    """The ring round the focused control."""

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(FOCUS_COLOURS[is_dark(self.palette())]), RING_WIDTH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = RING_WIDTH / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(half, half, -half, -half), 4, 4)
        painter.end()


class FocusRings:
    """Keeps one ring on whichever control has the keyboard focus."""

    def __init__(self, app: QApplication) -> None:
        self.ring: FocusRing | None = None
        app.focusChanged.connect(self._follow)

    def _follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        # The ring lives in the focused control's parent, so it goes when that parent does.
        if self.ring is not None and not shiboken6.isValid(self.ring):
            self.ring = None
        if new is None or new.focusPolicy() == Qt.FocusPolicy.NoFocus or new.isWindow():
            if self.ring is not None:
                self.ring.hide()
            return
        if self.ring is None:
            self.ring = FocusRing()
        self.ring.setWidget(new)
        self.ring.show()


def install_focus_rings(app: QApplication) -> FocusRings:
    """Follow the focus with a ring in ``app`` (once, however often it is asked: each main window
    asks, and tests make many)."""
    rings = app.property("focusRings")
    if not isinstance(rings, FocusRings):
        rings = FocusRings(app)
        app.setProperty("focusRings", rings)
    return rings
