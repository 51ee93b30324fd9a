"""A horizontal bar chart of scores (0–100 %), one bar per law or topic, drawn with QPainter.

Qt's chart module is not part of PySide6-Essentials; a chart this simple does not
justify the larger package.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.ui.common.score_colours import score_colour

ROW_HEIGHT = 26
LABEL_WIDTH = 260
NOT_TRIED = "not tried"


class BarChart(QWidget):
    """Bars for (label, fraction, count) rows; a vertical line marks the pass mark. A row whose
    fraction is None has not been tried: its track stays empty and says so. ``marked`` rows get a
    dot before their label (what it means is the caller's legend); ``rowClicked(row)`` when a row
    is clicked, if ``clickable``."""

    rowClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None, clickable: bool = False) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, float | None, int]] = []
        self.marked: frozenset[int] = frozenset()
        self.pass_mark = 0.65
        self.clickable = clickable
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Scores chart")
        if clickable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_rows(self, rows: list[tuple[str, float | None, int]], pass_mark: float = 0.65,
                 marked: Collection[int] = ()) -> None:
        self.rows = rows
        self.pass_mark = pass_mark
        self.marked = frozenset(marked)
        self.setMinimumHeight(max(1, len(rows)) * ROW_HEIGHT + 24)
        self.setAccessibleDescription("; ".join(
            f"{label}: {NOT_TRIED}" if value is None else f"{label}: {value:.0%} of {count}"
            for label, value, count in rows))
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, max(1, len(self.rows)) * ROW_HEIGHT + 24)

    def label_width(self) -> int:
        """The room for the labels: wider when the chart is, so long topic names show whole."""
        return max(LABEL_WIDTH, min(420, self.width() - 520))

    def track_width(self) -> float:
        """The length of a full (100 %) bar."""
        return max(50.0, self.width() - self.label_width() - 70.0)

    def row_at(self, y: float) -> int | None:
        row = int((y - 4) // ROW_HEIGHT)
        return row if 0 <= row < len(self.rows) and y >= 4 else None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        row = self.row_at(event.position().y())
        if self.clickable and row is not None:
            self.rowClicked.emit(row)
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.text().color()
        if not self.rows:
            painter.setPen(text)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No results yet")
            return
        label_width, width = self.label_width(), self.track_width()
        for i, (label, value, count) in enumerate(self.rows):
            y = 4 + i * ROW_HEIGHT
            if i in self.marked:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(palette.highlight())
                painter.drawEllipse(QRectF(4, y + ROW_HEIGHT / 2 - 6, 8, 8))
            painter.setPen(text)
            shown = painter.fontMetrics().elidedText(label, Qt.TextElideMode.ElideRight, label_width - 24)
            painter.drawText(QRectF(14, y, label_width - 20, ROW_HEIGHT - 4),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, shown)
            track = QRectF(label_width, y + 4, width, ROW_HEIGHT - 12)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.alternateBase())
            painter.drawRoundedRect(track, 4, 4)
            if value is not None:
                painter.setBrush(score_colour(value, self.pass_mark))
                filled = track.width() * max(0.0, min(1.0, value))
                painter.drawRoundedRect(QRectF(track.x(), track.y(), filled, track.height()), 4, 4)
            painter.setPen(text)
            painter.drawText(QRectF(track.right() + 6, y, 64, ROW_HEIGHT - 4), Qt.AlignmentFlag.AlignVCenter,
                             NOT_TRIED if value is None else f"{value:.0%} ({count})")
        x = label_width + width * self.pass_mark
        painter.setPen(QColor(120, 120, 120))
        painter.drawLine(int(x), 0, int(x), 4 + len(self.rows) * ROW_HEIGHT)
        painter.end()
