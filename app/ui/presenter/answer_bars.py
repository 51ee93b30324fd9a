"""The room's answers on the room's screen (presenter mode, A): before the answer is shown, how many
have answered; after, a bar per choice (or per common answer) with the model answer's in green.
No names: the room sees how the class answered, never who answered what.

Drawn with QPainter at projector size, in proportion to the screen like the rest of the room's view.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from app.training.room_answers import RoomAnswers

RIGHT = QColor("#2e8b57")
OTHER = QColor("#8a8a8a")


class AnswerBars(QWidget):
    """Set with ``show_room``; white on the room's black."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("The room's answers")
        self.heading = ""
        self.answers: RoomAnswers | None = None
        self.text_px = 34

    def show_room(self, heading: str, answers: RoomAnswers | None, text_px: int) -> None:
        self.heading, self.answers, self.text_px = heading, answers, text_px
        bars = answers.bars if answers is not None else ()
        self.setAccessibleDescription("; ".join([heading, *(f"{bar.label}: {bar.count}" for bar in bars)]))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(self.text_px)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(Qt.GlobalColor.white)
        line = self.text_px * 1.6
        painter.drawText(QRectF(0, 0, self.width(), line), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.heading)
        answers = self.answers
        if answers is None or not answers.bars:
            painter.end()
            return
        font.setBold(False)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        most = max(max(bar.count for bar in answers.bars), 1)
        top = line * 1.3
        room = (self.height() - top - line) / len(answers.bars)
        height = min(line * 1.8, room)
        track = self.width() - metrics.horizontalAdvance("000") - 12
        for index, bar in enumerate(answers.bars):
            y = top + index * height
            label = metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight, int(self.width()))
            painter.setPen(Qt.GlobalColor.white)
            painter.drawText(QRectF(0, y, self.width(), height / 2), Qt.AlignmentFlag.AlignBottom, label)
            filled = track * bar.count / most
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(RIGHT if bar.right else OTHER)
            painter.drawRoundedRect(QRectF(0, y + height / 2 + 2, max(filled, 3), height / 2 - 8), 4, 4)
            painter.setPen(Qt.GlobalColor.white)
            painter.drawText(QRectF(filled + 8, y + height / 2, 80, height / 2 - 4),
                             Qt.AlignmentFlag.AlignVCenter, str(bar.count))
        summary = f"Right {answers.right} · partly right {answers.partly} · wrong {answers.wrong}"
        painter.drawText(QRectF(0, self.height() - line, self.width(), line), Qt.AlignmentFlag.AlignVCenter, summary)
        painter.end()
