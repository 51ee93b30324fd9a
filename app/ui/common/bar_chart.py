"""A horizontal bar chart of scores (0–100 %), one bar per law or topic, drawn with QPainter.

Qt's chart module is not part of PySide6-Essentials; a chart this simple does not
justify the larger package.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

ROW_HEIGHT = 26
LABEL_WIDTH = 260


class BarChart(QWidget):
    """Bars for (label, fraction, count) rows; a vertical line marks the pass mark."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, float, int]] = []
        self.pass_mark = 0.65
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Scores chart")

    def set_rows(self, rows: list[tuple[str, float, int]], pass_mark: float = 0.65) -> None:
        self.rows = rows
        self.pass_mark = pass_mark
        self.setMinimumHeight(max(1, len(rows)) * ROW_HEIGHT + 24)
        self.setAccessibleDescription("; ".join(f"{label}: {value:.0%} of {count}" for label, value, count in rows))
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, max(1, len(self.rows)) * ROW_HEIGHT + 24)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.text().color()
        if not self.rows:
            painter.setPen(text)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No results yet")
            return
        width = max(50.0, self.width() - LABEL_WIDTH - 70.0)
        for i, (label, value, count) in enumerate(self.rows):
            y = 4 + i * ROW_HEIGHT
            painter.setPen(text)
            shown = painter.fontMetrics().elidedText(label, Qt.TextElideMode.ElideRight, LABEL_WIDTH - 14)
            painter.drawText(QRectF(4, y, LABEL_WIDTH - 10, ROW_HEIGHT - 4),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, shown)
            track = QRectF(LABEL_WIDTH, y + 4, width, ROW_HEIGHT - 12)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.alternateBase())
            painter.drawRoundedRect(track, 4, 4)
            colour = QColor("#2e8b57" if value >= self.pass_mark else "#d08000" if value >= 0.4 else "#c8102e")
            painter.setBrush(colour)
            filled = track.width() * max(0.0, min(1.0, value))
            painter.drawRoundedRect(QRectF(track.x(), track.y(), filled, track.height()), 4, 4)
            painter.setPen(text)
            painter.drawText(QRectF(track.right() + 6, y, 64, ROW_HEIGHT - 4), Qt.AlignmentFlag.AlignVCenter,
                             f"{value:.0%} ({count})")
        x = LABEL_WIDTH + width * self.pass_mark
        painter.setPen(QColor(120, 120, 120))
        painter.drawLine(int(x), 0, int(x), 4 + len(self.rows) * ROW_HEIGHT)
        painter.end()
