"""The mark over time: one point a week joined by a line, the mock papers as diamonds on the day they
were sat, and the pass mark as a dashed line, drawn with QPainter (as ``bar_chart``, for the same
reason: Qt's chart module is not in PySide6-Essentials).

A week with no answers leaves a gap in the line, so a fortnight off does not look like steady work.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.ui.common.score_colours import score_colour

LEFT, RIGHT, TOP, BOTTOM = 44.0, 16.0, 10.0, 26.0
POINT = 4.0


class LineChart(QWidget):
    """``weeks``: (Monday, mark or None for a week without answers, answers); ``papers``: (day, mark)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.weeks: list[tuple[date, float | None, int]] = []
        self.papers: list[tuple[date, float]] = []
        self.pass_mark = 0.65
        self.setMinimumHeight(150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Mark week by week")

    def set_points(self, weeks: Sequence[tuple[date, float | None, int]], papers: Sequence[tuple[date, float]],
                   pass_mark: float) -> None:
        self.weeks, self.papers, self.pass_mark = list(weeks), list(papers), pass_mark
        self.setAccessibleDescription("; ".join(
            [f"week of {week:%d %b}: {mark:.0%} from {count} answers" for week, mark, count in weeks if mark is not None]
            + [f"mock paper on {day:%d %b}: {mark:.0%}" for day, mark in papers]))
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, 170)

    def plot(self) -> QRectF:
        """Where the marks are drawn, inside the axes."""
        return QRectF(LEFT, TOP, max(10.0, self.width() - LEFT - RIGHT), max(10.0, self.height() - TOP - BOTTOM))

    def x_of(self, day: date, into: float = 0.5) -> float:
        """The x of a moment ``into`` days after the start of ``day``: the weeks spread evenly from the
        first Monday to the last Sunday shown (a week's mark sits in its middle, ``into`` 3.5)."""
        plot = self.plot()
        first = self.weeks[0][0]
        span = (self.weeks[-1][0] + timedelta(days=7) - first).days
        return plot.left() + plot.width() * ((day - first).days + into) / span

    def y_of(self, mark: float) -> float:
        plot = self.plot()
        return plot.bottom() - plot.height() * max(0.0, min(1.0, mark))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text, plot = palette.text().color(), self.plot()
        painter.setPen(text)
        if not self.weeks:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No answers yet")
            return
        grid = QColor(palette.mid().color())
        for mark in (0.0, 0.5, 1.0):
            y = self.y_of(mark)
            painter.setPen(QPen(grid, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(text)
            painter.drawText(QRectF(0, y - 9, LEFT - 6, 18), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             f"{mark:.0%}")
        painter.setPen(QPen(QColor(120, 120, 120), 1.5, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), self.y_of(self.pass_mark)), QPointF(plot.right(), self.y_of(self.pass_mark)))
        self._paint_weeks(painter)
        for day, mark in self.papers:
            if self.weeks[0][0] <= day:
                centre = QPointF(self.x_of(day), self.y_of(mark))
                painter.setPen(QPen(text, 1))
                painter.setBrush(score_colour(mark, self.pass_mark))
                painter.drawPolygon(QPolygonF([centre + QPointF(0, -7), centre + QPointF(7, 0), centre + QPointF(0, 7),
                                               centre + QPointF(-7, 0)]))
        painter.end()

    def _paint_weeks(self, painter: QPainter) -> None:
        """The weekly marks as a line through dots, broken at a week without answers, and the weeks'
        dates under the axis (as many as fit)."""
        line = self.palette().highlight().color()
        path, drawing = QPainterPath(), False
        for week, mark, _ in self.weeks:
            if mark is None:
                drawing = False
                continue
            point = QPointF(self.x_of(week, 3.5), self.y_of(mark))
            if drawing:
                path.lineTo(point)
            else:
                path.moveTo(point)
            drawing = True
        painter.setPen(QPen(line, 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setBrush(line)
        for week, mark, _ in self.weeks:
            if mark is not None:
                painter.drawEllipse(QPointF(self.x_of(week, 3.5), self.y_of(mark)), POINT, POINT)
        painter.setPen(self.palette().text().color())
        label_w = painter.fontMetrics().horizontalAdvance("00 Mmm") + 12
        step = max(1, int(len(self.weeks) * label_w / max(1.0, self.plot().width())) + 1)
        for index in range(0, len(self.weeks), step):
            week = self.weeks[index][0]
            x = self.x_of(week, 3.5)
            painter.drawText(QRectF(x - label_w / 2, self.plot().bottom() + 4, label_w, BOTTOM - 4),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, f"{week:%d %b}")
