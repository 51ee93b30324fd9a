"""What lies on the felt besides the hands: the cards of the trick, cards face up in front of their
owner, and what was said, in balloons. A part of ``TableWidget`` (its fonts and layout are the
widget's), kept apart so the widget's module holds its sizes and the hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from app.bridge.cards import Card
from app.rules.timeline import TableState
from app.ui.case.table_corners import Corner, place_balloon, place_exposed
from app.ui.case.table_felt import CARD_H, CARD_W, FeltLayout
from app.ui.case.table_look import TableLook


class TablePieces:
    """The trick, face-up cards and balloons, painted by the table widget."""

    state: TableState | None
    look: TableLook
    layout_now: FeltLayout

    if TYPE_CHECKING:  # the widget's, declared for mypy
        def _font(self, size: float, scale: float, bold: bool = False, content: bool = False,
                  floor: bool = False) -> QFont: ...
        def _record(self, kind: str, font: QFont) -> QFont: ...
        def _box(self, kind: str, rect: QRectF) -> None: ...

    def _paint_card(self, p: QPainter, card: Card, rect: QRectF, highlight: QColor | None = None) -> None:
        p.setPen(QPen(highlight or QColor("#888888"), 3 if highlight else 1))
        p.setBrush(QColor("#ffffff"))
        p.drawRoundedRect(rect, 7, 7)
        colour = TableLook(dark=False, four_colour=self.look.four_colour).suit(card.suit)
        p.setPen(colour)
        scale = self.layout_now.scale
        p.setFont(self._font(rect.height() / 4.2, scale, bold=True, content=True))
        p.drawText(QRectF(rect.x(), rect.y() + 4, rect.width(), rect.height() / 2), Qt.AlignmentFlag.AlignCenter,
                   card.rank.display)
        p.setFont(self._font(rect.height() / 3.6, scale, content=True))
        p.drawText(QRectF(rect.x(), rect.center().y() - 4, rect.width(), rect.height() / 2),
                   Qt.AlignmentFlag.AlignCenter, card.suit.symbol)

    def _paint_trick(self, p: QPainter) -> None:
        """The cards on the table: the trick in progress or, just after a trick is completed,
        that trick, left face up as at the table until the next card is led."""
        state = self.state
        assert state is not None
        layout = self.layout_now
        cards = list(state.current_trick)
        just_completed = not cards and state.quitted and state.event is not None and \
            state.event.kind in ("play", "trick")
        if just_completed:
            cards = [(play.seat, play.card) for play in state.quitted[-1].plays]
        last = state.play_record
        for seat, card in cards:
            irregular = last is not None and last.card == card and (not last.in_turn or bool(last.revoke))
            self._paint_card(p, card, layout.card_rect(seat), QColor("#ffb000") if irregular else None)
        if just_completed:
            winner = state.quitted[-1].winner
            p.setPen(QColor("white"))
            font = self._font(11, layout.scale, bold=True, floor=True)
            p.setFont(font)
            rect = layout.card_rect(winner)
            p.drawText(QRectF(rect.x() - 60, rect.bottom() + 2, rect.width() + 120, font.pointSizeF() * 2),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, f"won by {winner.english}")

    def _paint_exposed(self, p: QPainter) -> dict[Corner, float]:
        """Cards face up in front of their owner, in the owner's corner of the felt (clockwise of
        the hand); returns how far down each corner they reach, for the balloons."""
        assert self.state is not None
        layout = self.layout_now
        used: dict[Corner, float] = {}
        label = self._font(10, layout.scale, bold=True, floor=True)
        label_h = QFontMetricsF(label).height()
        for seat, cards in self.state.exposed.items():
            if not cards:
                continue
            corner, cells = place_exposed(seat, len(cards), layout.corners, CARD_W * 0.8, CARD_H * 0.8, label_h)
            for card, cell in zip(cards, cells, strict=True):
                self._paint_card(p, card, cell, QColor("#e0455a"))
            bottom = max(cell.bottom() for cell in cells)
            p.setPen(QColor("white"))
            p.setFont(label)
            p.drawText(QRectF(cells[0].x(), bottom + 2, layout.corners[corner].width(), label_h),
                       Qt.AlignmentFlag.AlignLeft, "face up")
            used[corner] = bottom + 4 + label_h
        return used

    def _paint_balloons(self, p: QPainter, used: dict[Corner, float]) -> None:
        """What was said, in a corner beside the speaker that no face-up cards use, pointing at
        the speaker's hand."""
        assert self.state is not None
        layout = self.layout_now
        font = self._font(11, layout.scale, floor=True)
        metrics = QFontMetricsF(font)
        for balloon in self.state.balloons:
            label = {"say": "", "claim": "Claim: ", "concede": "Concedes: ", "accept": ""}.get(balloon.kind, "")
            text = f"{balloon.seat.english}: {label}“{balloon.text}”"
            anchor = layout.hand_rect(balloon.seat)

            def height_for(width: float, words: str = text) -> float:
                bound = metrics.boundingRect(QRectF(0, 0, max(10.0, width - 24), 10_000),
                                             int(Qt.TextFlag.TextWordWrap), words)
                return bound.height() + 18

            rect = place_balloon(balloon.seat, layout.corners, used, height_for)
            self._box("balloon", rect)
            path = QPainterPath()
            path.addRoundedRect(rect, 12, 12)
            tail = QPainterPath()
            target = anchor.center()
            near = QPointF(min(max(target.x(), rect.x() + 16), rect.right() - 16),
                           min(max(target.y(), rect.y() + 16), rect.bottom() - 16))
            edge = QPointF(anchor.right() if anchor.right() < rect.x() else anchor.x() if anchor.x() > rect.right()
                           else near.x(),
                           anchor.bottom() if anchor.bottom() < rect.y() else anchor.y() if anchor.y() > rect.bottom()
                           else near.y())
            tail.moveTo(near.x() - 8, near.y())
            tail.lineTo(edge)
            tail.lineTo(near.x() + 8, near.y())
            tail.closeSubpath()
            path = path.united(tail)
            p.setPen(QPen(QColor("#555555"), 1.5))
            p.setBrush(QColor("#fffbe6") if balloon.kind == "say" else QColor("#e6f2ff"))
            p.drawPath(path)
            p.setPen(QColor("#1a1a1a"))
            p.setFont(self._record("balloons", font))
            p.drawText(rect.adjusted(12, 9, -12, -9), Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignVCenter, text)
