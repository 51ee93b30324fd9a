"""The felt's geometry: the design sizes the table is drawn at, and where the hands, the cards played
and the free corners go for one size of the widget (in canvas units, which ``TableWidget`` scales
to its pixels)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QRectF

from app.bridge.seats import Seat
from app.ui.case.table_corners import Corner

FULL_W, FULL_H = 1180.0, 800.0  # the whole drawing at full size (scale 1), for the column's text
MARGIN = 10.0
GAP = 8.0  # pixels between the felt and the column
INSET = 8.0  # canvas units between the felt's edge and a hand
REFERENCE_POINT_SIZE = 10.0  # the application text size the design sizes are drawn for
HAND_POINTS = 16.0  # a hand's ranks, in canvas points at the reference text size
# The felt is never drawn smaller than this (the widget asks for the room): the hands are then
# as large as the application's text, and grow with it.
MIN_FELT_SCALE = REFERENCE_POINT_SIZE / HAND_POINTS
# Nor larger than this, however large the window: the hands then stay within twice the text's size,
# so that View › Larger text grows them on a large screen too.
MAX_FELT_SCALE = 2 * MIN_FELT_SCALE
MIN_HAND_W = 112.0
HALF_COMPASS = 56.0
CARD_W, CARD_H = 46.0, 64.0
CARD_GAP = 4.0
# The felt's other words, in proportion to the hands (whose least size the widget asks room for),
# so that the room they need grows and shrinks with the felt and never out of step with it.
TITLE_POINTS, LABEL_POINTS, BOARD_POINTS = 14.0, 15.0, 12.0  # hand titles; the compass's letters and board


@dataclass
class FeltLayout:
    """Where everything on the felt goes for one size of the widget, in canvas units."""

    scale: float
    felt: QRectF
    hand_w: dict[Seat, float]
    hand_h: float
    title_h: float
    half_compass: float
    label_side: float
    corners: dict[Corner, QRectF] = field(default_factory=dict)

    def hand_rect(self, seat: Seat) -> QRectF:
        t, c = self.felt, self.felt.center()
        w, h = self.hand_w[seat], self.hand_h
        return {
            Seat.NORTH: QRectF(c.x() - w / 2, t.y() + INSET, w, h),
            Seat.SOUTH: QRectF(c.x() - w / 2, t.bottom() - INSET - h, w, h),
            Seat.WEST: QRectF(t.x() + INSET, c.y() - h / 2, w, h),
            Seat.EAST: QRectF(t.right() - INSET - w, c.y() - h / 2, w, h),
        }[seat]

    def card_rect(self, seat: Seat) -> QRectF:
        """Where a card played by ``seat`` lies: between the compass and that player's hand."""
        c, half = self.felt.center(), self.half_compass
        w, h, gap = CARD_W, CARD_H, CARD_GAP
        return {
            Seat.NORTH: QRectF(c.x() - w / 2, c.y() - half - gap - h, w, h),
            Seat.SOUTH: QRectF(c.x() - w / 2, c.y() + half + gap, w, h),
            Seat.WEST: QRectF(c.x() - half - gap - w, c.y() - h / 2, w, h),
            Seat.EAST: QRectF(c.x() + half + gap, c.y() - h / 2, w, h),
        }[seat]
