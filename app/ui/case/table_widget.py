"""The bridge table, drawn the way players know a hand diagram.

North at the top; the compass in the middle with the board number, the dealer
and the vulnerability; each hand shown or hidden; the current trick; dummy;
exposed cards face up in front of their owner; remarks and claims as balloons.
Beside the felt, a column with the auction in the usual columns with alerts,
the contract and the quitted tricks (``app.ui.case.table_side``).

The felt is painted on a logical canvas scaled to the room left beside the
column and stretched to that room's shape, so the drawing fills the widget;
the column is laid out in the widget's own pixels, so its text stays at
``MIN_POINT_SIZE`` or more when the table is small.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.bridge.cards import Card, Suit
from app.bridge.deal import Hand
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat
from app.rules.timeline import TableState
from app.ui.case.table_look import TableLook
from app.ui.case.table_side import MIN_POINT_SIZE, SideColumn

__all__ = ["MIN_POINT_SIZE", "TableLook", "TableWidget"]

FULL_W, FULL_H = 1180.0, 800.0  # the whole drawing at full size (scale 1)
MARGIN = 10.0
GAP = 8.0  # pixels between the felt and the column
REFERENCE_POINT_SIZE = 10.0  # the application text size the design sizes are drawn for
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
MIN_HAND_W, HAND_H = 150.0, 140.0  # a hand's box at full size: at least this wide, this tall
HALF_COMPASS = 70.0
CARD_W, CARD_H = 56.0, 78.0
PLAYED_OUT = "Every card played: the deal as dealt"


class TableWidget(QWidget):
    """Paints one TableState with the board's conditions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: TableState | None = None
        self.board = 0
        self.dealer = Seat.NORTH
        self.vulnerability = Vulnerability.NONE
        self.shown: set[Seat] = set(SEATS)
        self.look = TableLook()
        self.text_scale = 1.0  # presenter mode enlarges cards and calls for a projector
        self.felt = QRectF(MARGIN, MARGIN, 720.0, 660.0)
        self.felt_scale = 1.0
        self._hand_w: dict[Seat, float] = dict.fromkeys(SEATS, MIN_HAND_W)
        self._hand_h = HAND_H
        self.drawn = QRectF()  # the part of the widget the last paint covered
        self.points: dict[str, float] = {}  # the smallest size of each kind of text last drawn, in points
        self.setMinimumSize(480, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Bridge table")

    def sizeHint(self) -> QSize:
        return QSize(960, 600)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return int(width * FULL_H / FULL_W)

    @property
    def zoom(self) -> float:
        """How much larger than designed all text is: it follows View › Larger/Smaller text."""
        size = self.font().pointSizeF()
        return size / REFERENCE_POINT_SIZE if size > 0 else 1.0

    def set_board(self, board: int, dealer: Seat, vulnerability: Vulnerability, shown: list[Seat]) -> None:
        self.board, self.dealer, self.vulnerability = board, dealer, vulnerability
        self.shown = set(shown)
        self.update()

    def set_state(self, state: TableState) -> None:
        self.state = state
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        """A plain-text account of the table for screen readers and tests."""
        if self.state is None:
            return "No case open"
        parts = [f"Board {self.board}, dealer {self.dealer.english}, vulnerability: {self.vulnerability.english}"]
        if self.state.calls:
            parts.append("Auction: " + " ".join(f"{c.seat.letter}:{c.call}" for c in self.state.calls))
        if self.state.shown_contract is not None:
            parts.append(f"Contract {self.state.shown_contract} by {self.state.shown_contract.declarer.english}")
        if self.state.current_trick:
            parts.append("On the table: " + " ".join(f"{s.letter}:{c}" for s, c in self.state.current_trick))
        for seat, cards in self.state.exposed.items():
            if cards:
                parts.append(f"{seat.english} has face up: {' '.join(str(c) for c in cards)}")
        for balloon in self.state.balloons:
            parts.append(f"{balloon.seat.english} ({balloon.kind}): {balloon.text}")
        if self.state.played_out:
            parts.append(f"{PLAYED_OUT}, faded")
        if self.state.director_called:
            parts.append("The director has been called")
        return ". ".join(parts)

    # painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.points = {}
        width, height = float(self.width()), float(self.height())
        column: SideColumn | None = None
        names, column_w = True, 0.0
        if self.state is not None:
            column = SideColumn(self.font(), self.look, self.dealer, self.vulnerability,
                                min(width / FULL_W, height / FULL_H), self.zoom, self.text_scale)
            contract = self.state.shown_contract.symbol if self.state.shown_contract is not None else ""
            names = column.width(True, contract) <= width * 0.3  # seat names if they fit, else letters
            column_w = column.width(names, contract) + GAP
        room_w = max(1.0, width - column_w)
        self._measure_hands()
        needed_w, needed_h = self._felt_needed()
        scale = self.felt_scale = min(room_w / needed_w, height / needed_h)
        self.felt = QRectF(MARGIN, MARGIN, room_w / scale - 2 * MARGIN, height / scale - 2 * MARGIN)
        painter.save()
        painter.scale(scale, scale)
        self._paint_table(painter)
        if self.state is not None:
            self._paint_hands(painter)
            self._paint_trick(painter)
            self._paint_exposed(painter)
            self._paint_balloons(painter)
        painter.restore()
        if column is not None and self.state is not None:
            inset = MARGIN * scale
            column.paint(painter, QRectF(room_w - inset + GAP, inset, column_w - GAP, height - 2 * inset),
                         self.state, names)
            self.points.update(column.points)
        self.drawn = QRectF(MARGIN * scale, MARGIN * scale, width - 2 * MARGIN * scale, height - 2 * MARGIN * scale)
        painter.end()

    def _font(self, size: float, bold: bool = False, content: bool = False, floor: bool = False,
              record: str = "") -> QFont:
        """A felt font of ``size`` canvas points, times the text zoom; ``content`` (cards) grows
        with ``text_scale`` too; ``floor`` keeps it at ``MIN_POINT_SIZE`` or more as drawn.
        ``record`` notes the drawn size under that name in ``points``."""
        points = size * self.zoom * (self.text_scale if content else 1.0)
        if floor:
            points = max(points, MIN_POINT_SIZE / self.felt_scale)
        font = QFont(self.font())
        font.setPointSizeF(points)
        font.setBold(bold)
        if record:
            drawn = points * self.felt_scale
            self.points[record] = min(self.points.get(record, drawn), drawn)
        return font

    def _paint_table(self, p: QPainter) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.look.felt)
        p.drawRoundedRect(self.felt, 28, 28)
        centre = self.felt.center()
        label_font = self._font(18, bold=True, floor=True, record="seat labels")
        side = self._label_side()
        half = self._half_compass()
        box = QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(box, 14, 14)
        reach = half - side / 2 - 3
        offsets = {Seat.NORTH: (0, -reach), Seat.SOUTH: (0, reach), Seat.WEST: (-reach, 0), Seat.EAST: (reach, 0)}
        for seat, (dx, dy) in offsets.items():
            rect = QRectF(centre.x() + dx - side / 2, centre.y() + dy - side / 2, side, side)
            vulnerable = self.vulnerability.is_vulnerable(seat)
            p.setBrush(self.look.vulnerable if vulnerable else QColor(255, 255, 255, 40))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(rect, 6, 6)
            p.setPen(QColor("white"))
            p.setFont(label_font)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, seat.letter + ("*" if seat is self.dealer else ""))
        p.setFont(self._font(12, bold=True))
        p.setPen(QColor("white"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"Board\n{self.board}")

    def _measure_hands(self) -> None:
        """Size each hand's box to its longest suit, so short hands leave room for larger text."""
        metrics = QFontMetricsF(self._font(16, bold=True, content=True))
        title = QFontMetricsF(self._font(11, bold=True, floor=True))
        widths: dict[Seat, float] = {}
        for seat in SEATS:
            hand = self._hand_shown(seat)[0] if self.state is not None else None
            longest = 0.0
            if hand is not None:
                for suit in SUITS:
                    ranks = hand.holding(suit)
                    longest = max(longest, metrics.horizontalAdvance(" ".join(r.display for r in ranks) or "—"))
            minimum = max(MIN_HAND_W * self.zoom, title.horizontalAdvance(self._hand_title(seat)) + 24)
            widths[seat] = max(minimum, longest + 30 * self.zoom * self.text_scale + 28)
        self._hand_w = widths
        self._hand_h = HAND_H * max(1.0, self.zoom * self.text_scale)

    def _felt_needed(self) -> tuple[float, float]:
        """The canvas the felt needs: West, a card, the compass, a card and East across; North,
        a card, the compass, a card and South down."""
        half, gap, inset = self._half_compass(), 6.0, 12.0
        across = self._hand_w[Seat.WEST] + self._hand_w[Seat.EAST] + 2 * (CARD_W + 2 * gap) + 2 * half
        down = 2 * self._hand_h + 2 * (CARD_H + 2 * gap) + 2 * half + 24
        return across + 2 * (inset + MARGIN), down + 2 * (inset + MARGIN)

    def _label_side(self) -> float:
        """The side of a compass seat box: room for "S*" however large the floor makes the label."""
        return max(40.0, 2.0 * max(18 * self.zoom, MIN_POINT_SIZE / self.felt_scale))

    def _half_compass(self) -> float:
        return max(HALF_COMPASS, 1.6 * self._label_side())

    def _hand_rect(self, seat: Seat) -> QRectF:
        t = self.felt
        c = t.center()
        inset = 12.0
        w, h = self._hand_w[seat], self._hand_h
        return {
            Seat.NORTH: QRectF(c.x() - w / 2, t.y() + inset, w, h),
            Seat.SOUTH: QRectF(c.x() - w / 2, t.bottom() - inset - h, w, h),
            Seat.WEST: QRectF(t.x() + inset, c.y() - h / 2, w, h),
            Seat.EAST: QRectF(t.right() - inset - w, c.y() - h / 2, w, h),
        }[seat]

    def _paint_hands(self, p: QPainter) -> None:
        assert self.state is not None
        dummy = self.state.dummy if self.state.dummy_visible else None
        for seat in SEATS:
            rect = self._hand_rect(seat)
            hand, as_dealt = self._hand_shown(seat)
            visible = (seat in self.shown or seat is dummy) and hand is not None
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.look.paper)
            p.drawRoundedRect(rect, 10, 10)
            p.setPen(self.look.muted)
            p.setFont(self._font(11, bold=True, floor=True, record="hand titles"))
            title = self._hand_title(seat)
            title_h = max(22.0, 2.0 * MIN_POINT_SIZE / self.felt_scale)
            p.drawText(QRectF(rect.x() + 12, rect.y() + 3, rect.width() - 18, title_h), Qt.AlignmentFlag.AlignLeft, title)
            if not visible:
                p.setFont(self._font(12))
                count = len(hand) if hand is not None else 0
                text = "hand not given" if hand is None else "all played" if as_dealt else f"{count} cards, face down"
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
                continue
            assert hand is not None
            lines = QRectF(rect.x() + 12, rect.y() + title_h, rect.width() - 16, rect.height() - title_h - 4)
            self._paint_suit_lines(p, hand, lines, faded=as_dealt)
        if self.state.played_out:  # in the corner under West: why the hands are faded
            corner = QRectF(QPointF(self.felt.x() + 12, self._hand_rect(Seat.WEST).bottom() + 10),
                            QPointF(self._hand_rect(Seat.SOUTH).x() - 10, self.felt.bottom() - 12))
            p.setPen(QColor(255, 255, 255, 210))
            p.setFont(self._font(11, floor=True, record="legend"))
            p.drawText(corner, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignBottom, PLAYED_OUT)

    def _hand_shown(self, seat: Seat) -> tuple[Hand | None, bool]:
        """The cards to draw for ``seat``, and whether they are the hand as dealt: once every card is
        played (a director called after the last trick) the deal is drawn faded, not four empty hands."""
        assert self.state is not None
        dealt = self.state.dealt.get(seat)
        if self.state.played_out and dealt is not None and len(dealt):
            return dealt, True
        return self.state.hands.get(seat), False

    def _hand_title(self, seat: Seat) -> str:
        title = seat.english
        if self.state is not None and self.state.shown_contract is not None:
            if seat is self.state.shown_contract.declarer:
                title += " · declarer"
            elif seat is self.state.dummy and self.state.dummy_visible:
                title += " · dummy"
        return title

    def _paint_suit_lines(self, p: QPainter, hand: Hand, rect: QRectF, faded: bool = False) -> None:
        """One line a suit; ``faded`` (cards already played) draws them see-through."""
        p.setOpacity(0.45 if faded else 1.0)
        line_h = rect.height() / 4
        for row, suit in enumerate(SUITS):
            y = rect.y() + row * line_h
            p.setPen(self.look.suit(suit))
            p.setFont(self._font(17, content=True))
            p.drawText(QRectF(rect.x(), y, 30, line_h), Qt.AlignmentFlag.AlignVCenter, suit.symbol)
            ranks = hand.holding(suit)
            text = " ".join(r.display for r in ranks) if ranks else "—"
            p.setPen(self.look.ink)
            p.setFont(self._font(16, bold=True, content=True, record="hands"))
            p.drawText(QRectF(rect.x() + 30, y, rect.width() - 30, line_h), Qt.AlignmentFlag.AlignVCenter, text)
        p.setOpacity(1.0)

    def _card_rect(self, seat: Seat) -> QRectF:
        """Where a card played by ``seat`` lies: between the compass and that player's hand."""
        c = self.felt.center()
        w, h, gap, half = CARD_W, CARD_H, 6.0, self._half_compass()
        return {
            Seat.NORTH: QRectF(c.x() - w / 2, c.y() - half - gap - h, w, h),
            Seat.SOUTH: QRectF(c.x() - w / 2, c.y() + half + gap, w, h),
            Seat.WEST: QRectF(c.x() - half - gap - w, c.y() - h / 2, w, h),
            Seat.EAST: QRectF(c.x() + half + gap, c.y() - h / 2, w, h),
        }[seat]

    def _paint_card(self, p: QPainter, card: Card, rect: QRectF, highlight: QColor | None = None) -> None:
        p.setPen(QPen(highlight or QColor("#888888"), 3 if highlight else 1))
        p.setBrush(QColor("#ffffff"))
        p.drawRoundedRect(rect, 7, 7)
        colour = TableLook(dark=False, four_colour=self.look.four_colour).suit(card.suit)
        p.setPen(colour)
        p.setFont(self._font(rect.height() / 4.2, bold=True, content=True))
        p.drawText(QRectF(rect.x(), rect.y() + 4, rect.width(), rect.height() / 2), Qt.AlignmentFlag.AlignCenter,
                   card.rank.display)
        p.setFont(self._font(rect.height() / 3.6, content=True))
        p.drawText(QRectF(rect.x(), rect.center().y() - 4, rect.width(), rect.height() / 2),
                   Qt.AlignmentFlag.AlignCenter, card.suit.symbol)

    def _paint_trick(self, p: QPainter) -> None:
        """The cards on the table: the trick in progress or, just after a trick is completed,
        that trick, left face up as at the table until the next card is led."""
        state = self.state
        assert state is not None
        cards = list(state.current_trick)
        just_completed = not cards and state.quitted and state.event is not None and \
            state.event.kind in ("play", "trick")
        if just_completed:
            cards = [(play.seat, play.card) for play in state.quitted[-1].plays]
        last = state.play_record
        for seat, card in cards:
            irregular = last is not None and last.card == card and (not last.in_turn or bool(last.revoke))
            self._paint_card(p, card, self._card_rect(seat), QColor("#ffb000") if irregular else None)
        if just_completed:
            winner = state.quitted[-1].winner
            p.setPen(QColor("white"))
            font = self._font(11, bold=True, floor=True)
            p.setFont(font)
            rect = self._card_rect(winner)
            p.drawText(QRectF(rect.x() - 60, rect.bottom() + 2, rect.width() + 120, font.pointSizeF() * 2),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, f"won by {winner.english}")

    def _paint_exposed(self, p: QPainter) -> None:
        assert self.state is not None
        for seat, cards in self.state.exposed.items():
            if not cards:
                continue
            base = self._hand_rect(seat)
            w, h = 44, 60
            total = len(cards) * (w + 6)
            if seat in (Seat.NORTH, Seat.SOUTH):
                x0 = base.right() + 12
                y0 = base.y() + 30
            else:
                x0 = base.center().x() - total / 2
                y0 = base.bottom() + 10
            for i, card in enumerate(cards):
                self._paint_card(p, card, QRectF(x0 + i * (w + 6), y0, w, h), QColor("#e0455a"))
            p.setPen(QColor("white"))
            font = self._font(10, bold=True, floor=True)
            p.setFont(font)
            p.drawText(QRectF(x0, y0 + h + 2, max(total, 120), font.pointSizeF() * 2), Qt.AlignmentFlag.AlignLeft,
                       "face up")

    def _paint_balloons(self, p: QPainter) -> None:
        assert self.state is not None
        felt = self.felt
        for balloon in self.state.balloons:
            anchor = self._hand_rect(balloon.seat)
            width, height = min(300.0, felt.width() - 12), 74.0
            if balloon.seat is Seat.NORTH:
                rect = QRectF(anchor.right() + 10, anchor.y() + 10, width, height)
            elif balloon.seat is Seat.SOUTH:
                rect = QRectF(anchor.right() + 10, anchor.y() + 30, width, height)
            elif balloon.seat is Seat.WEST:
                rect = QRectF(anchor.x() + 10, anchor.y() - height - 14, width, height)
            else:
                rect = QRectF(anchor.right() - width - 10, anchor.y() - height - 14, width, height)
            rect.moveLeft(max(felt.x() + 6, min(rect.x(), felt.right() - width - 6)))
            path = QPainterPath()
            path.addRoundedRect(rect, 14, 14)
            tail = QPainterPath()
            target = QPointF(anchor.center().x(), anchor.center().y())
            near = QPointF(min(max(target.x(), rect.x() + 20), rect.right() - 20),
                           rect.bottom() if target.y() > rect.bottom() else rect.y())
            tail.moveTo(near.x() - 10, near.y())
            tail.lineTo((near.x() + target.x()) / 2, (near.y() + target.y()) / 2 if abs(near.y() - target.y()) < 60
                        else near.y() + (18 if target.y() > near.y() else -18))
            tail.lineTo(near.x() + 10, near.y())
            path = path.united(tail)
            p.setPen(QPen(QColor("#555555"), 1.5))
            p.setBrush(QColor("#fffbe6") if balloon.kind == "say" else QColor("#e6f2ff"))
            p.drawPath(path)
            p.setPen(QColor("#1a1a1a"))
            label = {"say": "", "claim": "Claim: ", "concede": "Concedes: ", "accept": ""}.get(balloon.kind, "")
            p.setFont(self._font(11))
            p.drawText(rect.adjusted(12, 8, -12, -8), Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignVCenter,
                       f"{balloon.seat.english}: {label}“{balloon.text}”")
