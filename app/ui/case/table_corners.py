"""The corners of the felt: the room the hands, the compass and the trick leave free, where cards
face up and speech balloons go so that they never cover a hand.

Each seat owns the corner clockwise of its hand for the cards it has face up (North the
north-east, East the south-east, …); a balloon goes in one of the two corners beside its
speaker, the one no face-up cards use (else below them). Geometry only, in canvas units.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum

from PySide6.QtCore import QRectF

from app.bridge.seats import Seat

GAP = 8.0


class Corner(Enum):
    NW = "north-west"
    NE = "north-east"
    SE = "south-east"
    SW = "south-west"


# (clockwise, anticlockwise) of each hand
BESIDE = {Seat.NORTH: (Corner.NE, Corner.NW), Seat.EAST: (Corner.SE, Corner.NE),
          Seat.SOUTH: (Corner.SW, Corner.SE), Seat.WEST: (Corner.NW, Corner.SW)}


def corner_rects(felt: QRectF, hands: Mapping[Seat, QRectF], inset: float) -> dict[Corner, QRectF]:
    """The four free corners: beside North's or South's hand across, above or below West's and
    East's hands down."""
    north, south, west, east = hands[Seat.NORTH], hands[Seat.SOUTH], hands[Seat.WEST], hands[Seat.EAST]
    left, right = felt.x() + inset, felt.right() - inset
    top, bottom = felt.y() + inset, felt.bottom() - inset

    def box(x1: float, y1: float, x2: float, y2: float) -> QRectF:
        return QRectF(x1, y1, max(0.0, x2 - x1), max(0.0, y2 - y1))

    return {
        Corner.NW: box(left, top, north.x() - GAP, west.y() - GAP),
        Corner.NE: box(north.right() + GAP, top, right, east.y() - GAP),
        Corner.SE: box(south.right() + GAP, east.bottom() + GAP, right, bottom),
        Corner.SW: box(left, west.bottom() + GAP, south.x() - GAP, bottom),
    }


def place_exposed(seat: Seat, count: int, corners: Mapping[Corner, QRectF], width: float, height: float,
                  label: float) -> tuple[Corner, list[QRectF]]:
    """Where ``count`` cards face up in front of ``seat`` go: rows in its own corner, each card
    ``width`` × ``height`` or smaller so the rows and a ``label`` line fit."""
    corner = BESIDE[seat][0]
    room = corners[corner]
    gap = 6.0
    scale = 1.0
    while True:
        w, h = width * scale, height * scale
        per_row = max(1, int((room.width() + gap) // (w + gap)))
        rows = -(-count // per_row)
        if rows * (h + gap) + label <= room.height() or scale <= 0.5:
            break
        scale -= 0.05
    cells = [QRectF(room.x() + (i % per_row) * (w + gap), room.y() + (i // per_row) * (h + gap), w, h)
             for i in range(count)]
    return corner, cells


def place_balloon(seat: Seat, corners: Mapping[Corner, QRectF], used: Mapping[Corner, float],
                  height_for: Callable[[float], float]) -> QRectF:
    """The balloon's rectangle for what ``seat`` said: in the free corner beside the speaker (the
    anticlockwise one first, since cards face up take the clockwise one), as wide as the corner
    and as tall as its words need, wrapped to that width."""
    corner = sorted(BESIDE[seat][::-1], key=lambda c: c in used)[0]
    room = corners[corner]
    height = height_for(room.width())
    if corner in used:
        return QRectF(room.x(), used[corner], room.width(), height)
    # against the side of the corner the speaker's hand is on: North's and South's beside their
    # hand; West's and East's above or below it
    northern = corner in (Corner.NW, Corner.NE)
    top_side = seat is Seat.NORTH if northern else seat is not Seat.SOUTH
    top = room.y() if top_side else max(room.y(), room.bottom() - height)
    return QRectF(room.x(), top, room.width(), height)
