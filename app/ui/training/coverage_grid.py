"""Every law as a tile, so a trainee sees at a glance the ground he has covered and the ground he has
not: a tile filled in the colour of his mark on it (green at or above the pass mark, amber, red), an
empty tile for a law never touched, a faint dashed one for a law the library has no case on yet,
and a thick highlight-coloured border on a law with something due for review.

A click (or Enter on the tile with the focus, moved with the arrow keys) emits
``lawActivated(key)``: the window practises that law, or opens it in the library when there is no
case to practise.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.training.coverage import Coverage, Standing
from app.ui.common.score_colours import score_colour

TILE_W, TILE_H, GAP = 46, 40, 4


def describe(cover: Coverage) -> str:
    """What a tile says in words (its tooltip, and the grid's description for a screen reader)."""
    head = f"Law {cover.key} — {cover.title}"
    if not cover.in_library:
        return f"{head}: no case in the library yet; click to read it"
    if not cover.tried:
        return f"{head}: never touched; {cover.in_library} case{'s' if cover.in_library != 1 else ''} to practise"
    text = f"{head}: {cover.tally.fraction:.0%} on {cover.tried} of {cover.in_library} cases"
    if cover.due:
        text += f"; {cover.due} item{'s' if cover.due != 1 else ''} due for review"
    if cover.recall is not None:
        text += f"; recall on the exam day {cover.recall:.0%}"
    return text


class CoverageGrid(QWidget):
    lawActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.laws: list[Coverage] = []
        self.pass_mark = 0.65
        self.current = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setMouseTracking(True)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName("Every law")

    def set_laws(self, laws: Sequence[Coverage], pass_mark: float) -> None:
        self.laws, self.pass_mark = list(laws), pass_mark
        self.current = min(self.current, max(0, len(self.laws) - 1))
        self.setAccessibleDescription("; ".join(describe(cover) for cover in self.laws))
        self.updateGeometry()
        self.update()

    def columns(self, width: int | None = None) -> int:
        return max(1, ((self.width() if width is None else width) + GAP) // (TILE_W + GAP))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        rows = -(-len(self.laws) // self.columns(width)) if self.laws else 1
        return rows * (TILE_H + GAP)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(10 * (TILE_W + GAP), self.heightForWidth(10 * (TILE_W + GAP)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(4 * (TILE_W + GAP), TILE_H)

    def tile(self, index: int) -> QRectF:
        row, column = divmod(index, self.columns())
        return QRectF(column * (TILE_W + GAP), row * (TILE_H + GAP), TILE_W, TILE_H)

    def index_at(self, point: QPoint) -> int | None:
        return next((i for i in range(len(self.laws)) if self.tile(i).contains(point.toPointF())), None)

    # input ----------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        index = self.index_at(event.position().toPoint())
        if index is not None:
            self.current = index
            self.update()
            self.lawActivated.emit(self.laws[index].key)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.laws:
            super().keyPressEvent(event)
            return
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -self.columns(),
                Qt.Key.Key_Down: self.columns()}.get(Qt.Key(event.key()))
        if step is not None:
            self.current = max(0, min(len(self.laws) - 1, self.current + step))
            self.setAccessibleDescription(describe(self.laws[self.current]))
            self.update()
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.lawActivated.emit(self.laws[self.current].key)
        else:
            super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(event.pos())
            if index is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), describe(self.laws[index]), self)
            return True
        return super().event(event)

    # painting -------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        number_font, figure_font = QFont(self.font()), QFont(self.font())
        number_font.setBold(True)
        figure_font.setPointSizeF(max(7.0, self.font().pointSizeF() * 0.8))
        for index, cover in enumerate(self.laws):
            rect = self.tile(index).adjusted(1.5, 1.5, -1.5, -1.5)
            if cover.tried:
                fill, ink, figure = score_colour(cover.tally.fraction, self.pass_mark), QColor("white"), \
                    f"{cover.tally.fraction:.0%}"
            elif cover.in_library:
                fill, ink, figure = palette.base().color(), palette.text().color(), "·"
            else:
                fill, ink, figure = palette.window().color(), palette.placeholderText().color(), ""
            border = QPen(palette.mid().color(), 1, Qt.PenStyle.SolidLine if cover.in_library else Qt.PenStyle.DashLine)
            if cover.standing is Standing.DUE:
                border = QPen(palette.highlight().color(), 3)
            painter.setPen(border)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 5, 5)
            painter.setPen(ink)
            painter.setFont(number_font)
            painter.drawText(rect.adjusted(0, 2, 0, -rect.height() / 2 + 4), Qt.AlignmentFlag.AlignCenter, cover.key)
            painter.setFont(figure_font)
            painter.drawText(rect.adjusted(0, rect.height() / 2, 0, -2), Qt.AlignmentFlag.AlignCenter, figure)
        if self.hasFocus() and self.laws:
            painter.setPen(QPen(palette.text().color(), 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.tile(self.current).adjusted(-1, -1, 1, 1), 6, 6)
        painter.end()
