"""The bridge table, drawn the way players know a hand diagram.

North at the top; the compass in the middle with the board number, the dealer
and the vulnerability; each hand shown or hidden; the auction in the usual
columns with alerts; the current trick; quitted tricks; dummy; exposed cards
face up in front of their owner; remarks and claims as balloons.

Everything is painted on a fixed logical canvas that is scaled to the widget,
so the picture is the same on a laptop and on a projector, only bigger.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.bridge.calls import Bid, Special
from app.bridge.cards import Card, Suit
from app.bridge.deal import Hand
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat
from app.content.render import DARK_FOUR_COLOURS, DARK_SUIT_COLOURS, FOUR_COLOURS, SUIT_COLOURS
from app.rules.timeline import MadeCall, TableState

CANVAS_W, CANVAS_H = 1180.0, 800.0
TABLE_RECT = QRectF(20, 20, 820, 760)
SIDE_RECT = QRectF(860, 20, 300, 760)
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
AUCTION_ORDER = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)


@dataclass
class TableLook:
    """Colours of the table; the GUI switches them with the palette and the suit option."""

    dark: bool = False
    four_colour: bool = False

    @property
    def felt(self) -> QColor:
        return QColor("#1f5c3f") if not self.dark else QColor("#17402d")

    @property
    def paper(self) -> QColor:
        return QColor("#fbfaf6") if not self.dark else QColor("#2a2c30")

    @property
    def ink(self) -> QColor:
        return QColor("#1a1a1a") if not self.dark else QColor("#e8e8e8")

    @property
    def muted(self) -> QColor:
        return QColor("#6b6b6b") if not self.dark else QColor("#a0a0a0")

    @property
    def vulnerable(self) -> QColor:
        return QColor("#c8102e")

    def suit(self, suit: Suit) -> QColor:
        symbol = suit.symbol
        table = (DARK_FOUR_COLOURS if self.four_colour else DARK_SUIT_COLOURS) if self.dark else (
            FOUR_COLOURS if self.four_colour else SUIT_COLOURS)
        return QColor(table[symbol])


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
        self.setMinimumSize(480, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Bridge table")

    def sizeHint(self) -> QSize:
        return QSize(960, 600)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return int(width * CANVAS_H / CANVAS_W)

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
        if self.state.contract is not None:
            parts.append(f"Contract {self.state.contract} by {self.state.contract.declarer.english}")
        if self.state.current_trick:
            parts.append("On the table: " + " ".join(f"{s.letter}:{c}" for s, c in self.state.current_trick))
        for seat, cards in self.state.exposed.items():
            if cards:
                parts.append(f"{seat.english} has face up: {' '.join(str(c) for c in cards)}")
        for balloon in self.state.balloons:
            parts.append(f"{balloon.seat.english} ({balloon.kind}): {balloon.text}")
        if self.state.director_called:
            parts.append("The director has been called")
        return ". ".join(parts)

    # painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scale = min(self.width() / CANVAS_W, self.height() / CANVAS_H)
        painter.translate((self.width() - CANVAS_W * scale) / 2, (self.height() - CANVAS_H * scale) / 2)
        painter.scale(scale, scale)
        self._paint_table(painter)
        if self.state is not None:
            self._paint_hands(painter)
            self._paint_trick(painter)
            self._paint_exposed(painter)
            self._paint_balloons(painter)
            self._paint_side(painter)
        painter.end()

    def _font(self, size: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(size)
        font.setBold(bold)
        return font

    def _paint_table(self, p: QPainter) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.look.felt)
        p.drawRoundedRect(TABLE_RECT, 28, 28)
        centre = TABLE_RECT.center()
        box = QRectF(centre.x() - 80, centre.y() - 80, 160, 160)
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(box, 14, 14)
        offsets = {Seat.NORTH: (0, -58), Seat.SOUTH: (0, 58), Seat.WEST: (-58, 0), Seat.EAST: (58, 0)}
        for seat, (dx, dy) in offsets.items():
            rect = QRectF(centre.x() + dx - 22, centre.y() + dy - 20, 44, 40)
            vulnerable = self.vulnerability.is_vulnerable(seat)
            p.setBrush(self.look.vulnerable if vulnerable else QColor(255, 255, 255, 40))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(rect, 6, 6)
            p.setPen(QColor("white"))
            p.setFont(self._font(18, bold=True))
            label = seat.letter + ("*" if seat is self.dealer else "")
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        p.setFont(self._font(13, bold=True))
        p.setPen(QColor("white"))
        p.drawText(QRectF(box.x(), box.y() + 55, box.width(), 50), Qt.AlignmentFlag.AlignCenter, f"Board {self.board}")
        p.setFont(self._font(9))
        p.setPen(QColor(255, 255, 255, 200))
        p.drawText(QRectF(TABLE_RECT.x() + 14, TABLE_RECT.bottom() - 30, 400, 22), Qt.AlignmentFlag.AlignLeft,
                   f"* dealer {self.dealer.english}   ·   red: vulnerable ({self.vulnerability.english})")

    def _hand_rect(self, seat: Seat) -> QRectF:
        t = TABLE_RECT
        return {
            Seat.NORTH: QRectF(t.center().x() - 130, t.y() + 16, 260, 150),
            Seat.SOUTH: QRectF(t.center().x() - 130, t.bottom() - 186, 260, 150),
            Seat.WEST: QRectF(t.x() + 16, t.center().y() - 75, 230, 150),
            Seat.EAST: QRectF(t.right() - 246, t.center().y() - 75, 230, 150),
        }[seat]

    def _paint_hands(self, p: QPainter) -> None:
        assert self.state is not None
        dummy = self.state.dummy if self.state.dummy_visible else None
        for seat in SEATS:
            rect = self._hand_rect(seat)
            hand = self.state.hands.get(seat)
            visible = (seat in self.shown or seat is dummy) and hand is not None
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.look.paper)
            p.drawRoundedRect(rect, 10, 10)
            p.setPen(self.look.muted)
            p.setFont(self._font(10, bold=True))
            title = seat.english
            if self.state.contract is not None:
                if seat is self.state.contract.declarer:
                    title += " · declarer"
                elif seat is self.state.dummy and self.state.dummy_visible:
                    title += " · dummy"
            p.drawText(QRectF(rect.x() + 12, rect.y() + 4, rect.width() - 24, 22), Qt.AlignmentFlag.AlignLeft, title)
            if not visible:
                p.setFont(self._font(12))
                count = len(hand) if hand is not None else 0
                text = f"{count} cards, face down" if hand is not None else "hand not given"
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
                continue
            assert hand is not None
            self._paint_suit_lines(p, hand, QRectF(rect.x() + 14, rect.y() + 28, rect.width() - 20, rect.height() - 32))

    def _paint_suit_lines(self, p: QPainter, hand: Hand, rect: QRectF) -> None:
        line_h = rect.height() / 4
        for row, suit in enumerate(SUITS):
            y = rect.y() + row * line_h
            p.setPen(self.look.suit(suit))
            p.setFont(self._font(17))
            p.drawText(QRectF(rect.x(), y, 30, line_h), Qt.AlignmentFlag.AlignVCenter, suit.symbol)
            ranks = hand.holding(suit)
            text = " ".join(r.display for r in ranks) if ranks else "—"
            p.setPen(self.look.ink)
            p.setFont(self._font(16, bold=True))
            p.drawText(QRectF(rect.x() + 30, y, rect.width() - 30, line_h), Qt.AlignmentFlag.AlignVCenter, text)

    def _card_rect(self, seat: Seat) -> QRectF:
        """Where a card played by ``seat`` lies: between the compass and that player's hand."""
        c = TABLE_RECT.center()
        w, h, gap, half = 62.0, 86.0, 8.0, 80.0  # card size, space to the compass, compass half-size
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
        p.setFont(self._font(rect.height() / 4.2, bold=True))
        p.drawText(QRectF(rect.x(), rect.y() + 4, rect.width(), rect.height() / 2), Qt.AlignmentFlag.AlignCenter,
                   card.rank.display)
        p.setFont(self._font(rect.height() / 3.6))
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
            p.setFont(self._font(10, bold=True))
            rect = self._card_rect(winner)
            p.drawText(QRectF(rect.x() - 30, rect.bottom() + 2, rect.width() + 60, 16),
                       Qt.AlignmentFlag.AlignCenter, f"won by {winner.english}")

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
                y0 = base.y() + 40
            else:
                x0 = base.center().x() - total / 2
                y0 = base.bottom() + 10 if seat is Seat.WEST else base.bottom() + 10
            for i, card in enumerate(cards):
                self._paint_card(p, card, QRectF(x0 + i * (w + 6), y0, w, h), QColor("#e0455a"))
            p.setPen(QColor("white"))
            p.setFont(self._font(9, bold=True))
            p.drawText(QRectF(x0, y0 + h + 2, max(total, 90), 16), Qt.AlignmentFlag.AlignLeft, "face up")

    def _paint_balloons(self, p: QPainter) -> None:
        assert self.state is not None
        for balloon in self.state.balloons:
            anchor = self._hand_rect(balloon.seat)
            width, height = 300.0, 74.0
            c = TABLE_RECT.center()
            if balloon.seat is Seat.NORTH:
                rect = QRectF(anchor.right() + 10, anchor.y() + 10, width, height)
            elif balloon.seat is Seat.SOUTH:
                rect = QRectF(anchor.right() + 10, anchor.y() + 30, width, height)
            elif balloon.seat is Seat.WEST:
                rect = QRectF(anchor.x() + 10, anchor.y() - height - 14, width, height)
            else:
                rect = QRectF(anchor.right() - width - 10, anchor.y() - height - 14, width, height)
            rect.moveLeft(max(TABLE_RECT.x() + 6, min(rect.x(), TABLE_RECT.right() - width - 6)))
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
            _ = c

    # side panel: auction, contract, tricks ------------------------------------------------
    def _paint_side(self, p: QPainter) -> None:
        assert self.state is not None
        r = SIDE_RECT
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.look.paper)
        p.drawRoundedRect(r, 12, 12)
        y = self._paint_auction(p, QRectF(r.x() + 14, r.y() + 12, r.width() - 28, 380))
        y = self._paint_contract(p, r.x() + 14, y + 8, r.width() - 28)
        self._paint_quitted(p, QRectF(r.x() + 14, y + 8, r.width() - 28, r.bottom() - y - 20))

    def _auction_rows(self, calls: tuple[MadeCall, ...]) -> list[list[MadeCall | None]]:
        """Calls placed in the column of the seat that made them, starting a new row whenever a
        call would not sit to the right of the previous one (so calls out of turn stay legible)."""
        rows: list[list[MadeCall | None]] = []
        column = AUCTION_ORDER.index(self.dealer)
        row: list[MadeCall | None] = [None] * 4
        last = column - 1
        for call in calls:
            col = AUCTION_ORDER.index(call.seat)
            if col <= last:
                rows.append(row)
                row = [None] * 4
            row[col] = call
            last = col
        rows.append(row)
        return rows

    def _paint_auction(self, p: QPainter, rect: QRectF) -> float:
        assert self.state is not None
        p.setPen(self.look.ink)
        p.setFont(self._font(15, bold=True))
        p.drawText(QRectF(rect.x(), rect.y(), rect.width(), 26), Qt.AlignmentFlag.AlignLeft, "Auction")
        col_w = rect.width() / 4
        y = rect.y() + 28
        for i, seat in enumerate(AUCTION_ORDER):
            vul = self.vulnerability.is_vulnerable(seat)
            p.setPen(self.look.vulnerable if vul else self.look.muted)
            p.setFont(self._font(13, bold=True))
            p.drawText(QRectF(rect.x() + i * col_w, y, col_w, 24), Qt.AlignmentFlag.AlignCenter, seat.english)
        y += 30
        row_h = 32.0
        rows = self._auction_rows(self.state.calls) if self.state.calls else []
        max_rows = int((rect.bottom() - y) / row_h)
        for row in rows[-max_rows:]:
            for i, made in enumerate(row):
                if made is None:
                    continue
                cell = QRectF(rect.x() + i * col_w, y, col_w, row_h)
                self._paint_call(p, made, cell)
            y += row_h
        if not rows:
            p.setPen(self.look.muted)
            p.setFont(self._font(11))
            p.drawText(QRectF(rect.x(), y, rect.width(), row_h), Qt.AlignmentFlag.AlignCenter, "no calls yet")
            y += row_h
        return y

    def _paint_call(self, p: QPainter, made: MadeCall, cell: QRectF) -> None:
        if not made.in_rotation:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 176, 0, 90))
            p.drawRoundedRect(cell.adjusted(6, 2, -6, -2), 5, 5)
        call = made.call
        p.setFont(self._font(17, bold=True))
        if isinstance(call, Bid):
            level = str(call.level)
            suit = call.denomination.suit
            symbol = call.denomination.symbol
            fm = p.fontMetrics()
            width = fm.horizontalAdvance(level + symbol)
            x = cell.center().x() - width / 2
            p.setPen(self.look.ink)
            p.drawText(QPointF(x, cell.center().y() + fm.ascent() / 2 - 2), level)
            p.setPen(self.look.suit(suit) if suit is not None else self.look.ink)
            p.drawText(QPointF(x + fm.horizontalAdvance(level), cell.center().y() + fm.ascent() / 2 - 2), symbol)
        else:
            assert isinstance(call, Special)
            p.setFont(self._font(13, bold=call is not Special.PASS))
            p.setPen(self.look.ink if call is not Special.PASS else self.look.muted)
            p.drawText(cell, Qt.AlignmentFlag.AlignCenter, call.symbol)
        if made.alerted:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#2f7de1"))
            p.drawEllipse(QPointF(cell.right() - 14, cell.y() + 8), 5, 5)

    def _paint_contract(self, p: QPainter, x: float, y: float, width: float) -> float:
        assert self.state is not None
        contract = self.state.contract
        p.setPen(self.look.ink)
        p.setFont(self._font(15, bold=True))
        text = f"Contract: {contract.symbol}" if contract else "Contract: not yet"
        p.drawText(QRectF(x, y, width, 28), Qt.AlignmentFlag.AlignLeft, text)
        y += 32
        ns = sum(1 for t in self.state.quitted if t.winner.side.value == "NS")
        ew = len(self.state.quitted) - ns
        if self.state.quitted or self.state.current_trick:
            p.setFont(self._font(13))
            p.drawText(QRectF(x, y, width, 24), Qt.AlignmentFlag.AlignLeft, f"Tricks won: NS {ns} · EW {ew}")
            y += 30
        if self.state.director_called:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#c8102e"))
            p.drawRoundedRect(QRectF(x, y, 170, 26), 6, 6)
            p.setPen(QColor("white"))
            p.setFont(self._font(11, bold=True))
            p.drawText(QRectF(x, y, 170, 26), Qt.AlignmentFlag.AlignCenter, "Director called")
            y += 32
        return y

    def _paint_quitted(self, p: QPainter, rect: QRectF) -> None:
        assert self.state is not None
        if not self.state.quitted:
            return
        p.setPen(self.look.ink)
        p.setFont(self._font(13, bold=True))
        p.drawText(QRectF(rect.x(), rect.y(), rect.width(), 24), Qt.AlignmentFlag.AlignLeft, "Quitted tricks")
        y = rect.y() + 28
        row_h = 25.0
        max_rows = max(1, int((rect.bottom() - y) / row_h))
        for trick in self.state.quitted[-max_rows:]:
            x = rect.x()
            p.setFont(self._font(12))
            p.setPen(self.look.muted)
            p.drawText(QRectF(x, y, 30, row_h), Qt.AlignmentFlag.AlignVCenter, f"{trick.number}.")
            x += 30
            p.drawText(QRectF(x, y, 22, row_h), Qt.AlignmentFlag.AlignVCenter, trick.leader.letter)
            x += 22
            for play in trick.plays:
                p.setPen(self.look.suit(play.card.suit))
                p.setFont(self._font(13, bold=True))
                p.drawText(QRectF(x, y, 52, row_h), Qt.AlignmentFlag.AlignVCenter, play.card.symbol)
                x += 48
            p.setPen(self.look.ink)
            p.setFont(self._font(12))
            p.drawText(QRectF(x, y, 50, row_h), Qt.AlignmentFlag.AlignVCenter, f"→ {trick.winner.letter}")
            y += row_h
