"""The column beside the felt: the auction, the contract and tricks, the quitted tricks and the
legend, drawn in the widget's own pixels so its text never falls below ``MIN_POINT_SIZE``
however small the table is (the felt beside it is scaled; this column is laid out instead)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from app.bridge.calls import Bid, Special
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat
from app.rules.timeline import MadeCall, TableState
from app.ui.case.table_look import TableLook

MIN_POINT_SIZE = 10.0
AUCTION_ORDER = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
# Design sizes in points at full scale.
SIZES = {"heading": 15.0, "seat": 13.0, "call": 17.0, "pass": 13.0, "contract": 15.0, "line": 13.0,
         "quitted": 13.0, "number": 12.0, "legend": 11.0, "badge": 11.0}
CONTENT = frozenset({"call", "pass", "quitted"})  # calls and cards


def auction_rows(calls: tuple[MadeCall, ...], dealer: Seat) -> list[list[MadeCall | None]]:
    """Calls placed in the column of the seat that made them, starting a new row whenever a
    call would not sit to the right of the previous one (so calls out of turn stay legible)."""
    rows: list[list[MadeCall | None]] = []
    row: list[MadeCall | None] = [None] * 4
    last = AUCTION_ORDER.index(dealer) - 1
    for call in calls:
        col = AUCTION_ORDER.index(call.seat)
        if col <= last:
            rows.append(row)
            row = [None] * 4
        row[col] = call
        last = col
    rows.append(row)
    return rows


@dataclass
class SideColumn:
    """Lays out and paints the column for one paint of the table.

    ``scale`` is how large the whole table would be drawn (1 = full size), multiplied by
    ``zoom`` (View › Larger text); no text is drawn below ``MIN_POINT_SIZE``.
    ``points`` records the smallest size of each kind of text as drawn, for tests.
    """

    base: QFont
    look: TableLook
    dealer: Seat
    vulnerability: Vulnerability
    scale: float
    zoom: float = 1.0
    content_scale: float = 1.0  # presenter mode: calls and cards larger still
    points: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.factor = self.scale * self.zoom

    def font(self, kind: str, bold: bool = False) -> QFont:
        content = self.content_scale if kind in CONTENT else 1.0
        font = QFont(self.base)
        font.setPointSizeF(max(MIN_POINT_SIZE, SIZES[kind] * self.factor * content))
        font.setBold(bold)
        return font

    def _metrics(self, kind: str, bold: bool = False) -> QFontMetricsF:
        return QFontMetricsF(self.font(kind, bold))

    @property
    def pad(self) -> float:
        return max(6.0, 12 * self.factor)

    def column_width(self, names: bool) -> float:
        """The width of one seat column: a seat's name (or letter), a bid, or a card."""
        seat = self._metrics("seat", True)
        call = self._metrics("call", True)
        card = self._metrics("quitted", True)
        labels = [s.english if names else s.letter for s in AUCTION_ORDER]
        return max(max(seat.horizontalAdvance(t) for t in labels), call.horizontalAdvance("7NT"),
                   call.horizontalAdvance("XX"), card.horizontalAdvance("♣10")) + 10 * self.factor

    def number_width(self) -> float:
        return self._metrics("number").horizontalAdvance("13.") + 6 * self.factor

    def width(self, names: bool = True, contract: str = "") -> float:
        """The column's width: a number column and four seat columns (or the contract line, if
        wider), with padding."""
        grid = self.number_width() + 4 * self.column_width(names)
        line = self._metrics("contract", True).horizontalAdvance(f"Contract: {contract}") if contract else 0.0
        return max(grid, line) + 2 * self.pad

    # painting -------------------------------------------------------------------------
    def paint(self, p: QPainter, rect: QRectF, state: TableState, names: bool) -> None:
        look = self.look
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(look.paper)
        p.drawRoundedRect(rect, 12, 12)
        inner = rect.adjusted(self.pad, self.pad * 0.75, -self.pad, -self.pad * 0.75)
        legend_h = self._legend_height(inner.width())
        body = QRectF(inner.x(), inner.y(), inner.width(), inner.height() - legend_h)
        y = self._paint_auction(p, body, state, names)
        y = self._paint_contract(p, body.x(), y + 6 * self.factor, body.width(), state)
        self._paint_quitted(p, QRectF(body.x(), y + 6 * self.factor, body.width(), body.bottom() - y), state, names)
        self._paint_legend(p, QRectF(inner.x(), inner.bottom() - legend_h, inner.width(), legend_h))

    def _columns(self, x: float, names: bool) -> list[float]:
        first = x + self.number_width()
        width = self.column_width(names)
        return [first + i * width for i in range(4)]

    def _text(self, p: QPainter, kind: str, rect: QRectF, flags: Qt.AlignmentFlag, text: str,
              colour: QColor, bold: bool = False, record: str = "") -> None:
        font = self.font(kind, bold)
        p.setFont(font)
        p.setPen(colour)
        p.drawText(rect, flags, text)
        if record:
            self.points[record] = min(self.points.get(record, font.pointSizeF()), font.pointSizeF())

    def _paint_auction(self, p: QPainter, rect: QRectF, state: TableState, names: bool) -> float:
        look = self.look
        heading = self._metrics("heading", True).height()
        self._text(p, "heading", QRectF(rect.x(), rect.y(), rect.width(), heading), Qt.AlignmentFlag.AlignLeft,
                   "Auction", look.ink, bold=True, record="headings")
        y = rect.y() + heading + 2 * self.factor
        columns = self._columns(rect.x(), names)
        col_w = self.column_width(names)
        seat_h = self._metrics("seat", True).height()
        for x, seat in zip(columns, AUCTION_ORDER, strict=True):
            colour = look.vulnerable if self.vulnerability.is_vulnerable(seat) else look.muted
            self._text(p, "seat", QRectF(x, y, col_w, seat_h), Qt.AlignmentFlag.AlignCenter,
                       seat.english if names else seat.letter, colour, bold=True, record="seat labels")
        y += seat_h + 4 * self.factor
        row_h = self._metrics("call", True).height() * 1.15
        rows = auction_rows(state.calls, self.dealer) if state.calls else []
        room = max(1, int((rect.bottom() - y) * 0.55 / row_h))  # the auction leaves room for the tricks
        for row in rows[-room:]:
            for x, made in zip(columns, row, strict=True):
                if made is not None:
                    self._paint_call(p, made, QRectF(x, y, col_w, row_h))
            y += row_h
        if not rows:
            self._text(p, "pass", QRectF(rect.x(), y, rect.width(), row_h), Qt.AlignmentFlag.AlignCenter,
                       "no calls yet", look.muted, record="auction")
            y += row_h
        return y

    def _paint_call(self, p: QPainter, made: MadeCall, cell: QRectF) -> None:
        look = self.look
        if not made.in_rotation:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 176, 0, 90))
            p.drawRoundedRect(cell.adjusted(3, 1, -3, -1), 5, 5)
        call = made.call
        if isinstance(call, Bid):
            font = self.font("call", True)
            p.setFont(font)
            self.points["auction"] = min(self.points.get("auction", 99.0), font.pointSizeF())
            metrics = QFontMetricsF(font)
            level, symbol = str(call.level), call.denomination.symbol
            x = cell.center().x() - metrics.horizontalAdvance(level + symbol) / 2
            baseline = cell.center().y() + (metrics.ascent() - metrics.descent()) / 2
            suit = call.denomination.suit
            p.setPen(look.ink)
            p.drawText(QPointF(x, baseline), level)
            p.setPen(look.suit(suit) if suit is not None else look.ink)
            p.drawText(QPointF(x + metrics.horizontalAdvance(level), baseline), symbol)
        else:
            assert isinstance(call, Special)
            colour = look.ink if call is not Special.PASS else look.muted
            self._text(p, "pass", cell, Qt.AlignmentFlag.AlignCenter, call.symbol, colour,
                       bold=call is not Special.PASS, record="auction")
        if made.alerted:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#2f7de1"))
            radius = 4 * self.factor
            p.drawEllipse(QPointF(cell.right() - radius * 1.5, cell.y() + radius * 1.5), radius, radius)

    def _paint_contract(self, p: QPainter, x: float, y: float, width: float, state: TableState) -> float:
        look = self.look
        contract = state.shown_contract
        height = self._metrics("contract", True).height()
        self._text(p, "contract", QRectF(x, y, width, height), Qt.AlignmentFlag.AlignLeft,
                   f"Contract: {contract.symbol}" if contract else "Contract: —", look.ink, bold=True)
        y += height + 2 * self.factor
        if state.quitted or state.current_trick:
            ns = sum(1 for t in state.quitted if t.winner.side.value == "NS")
            line = self._metrics("line").height()
            self._text(p, "line", QRectF(x, y, width, line), Qt.AlignmentFlag.AlignLeft,
                       f"Tricks won: NS {ns} · EW {len(state.quitted) - ns}", look.ink)
            y += line + 2 * self.factor
        if state.director_called:
            badge = self.font("badge", True)
            box = QRectF(x, y, QFontMetricsF(badge).horizontalAdvance("Director called") + 16 * self.factor,
                         QFontMetricsF(badge).height() + 6 * self.factor)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#c8102e"))
            p.drawRoundedRect(box, 6, 6)
            self._text(p, "badge", box, Qt.AlignmentFlag.AlignCenter, "Director called", QColor("white"), bold=True)
            y += box.height() + 2 * self.factor
        return y

    def _paint_quitted(self, p: QPainter, rect: QRectF, state: TableState, names: bool) -> None:
        """Quitted tricks under the seat columns: the card each player contributed, the leader's
        marked ▸ and the winner's underlined."""
        if not state.quitted:
            return
        look = self.look
        heading = self._metrics("line", True).height()
        self._text(p, "line", QRectF(rect.x(), rect.y(), rect.width(), heading), Qt.AlignmentFlag.AlignLeft,
                   "Quitted tricks", look.ink, bold=True, record="quitted tricks")
        y = rect.y() + heading + 2 * self.factor
        row_h = self._metrics("quitted", True).height() * 1.1
        columns = self._columns(rect.x(), names)
        col_w = self.column_width(names)
        room = max(1, int((rect.bottom() - y) / row_h))
        for trick in state.quitted[-room:]:
            self._text(p, "number", QRectF(rect.x(), y, self.number_width(), row_h), Qt.AlignmentFlag.AlignVCenter,
                       f"{trick.number}.", look.muted, record="quitted tricks")
            for play in trick.plays:
                cell = QRectF(columns[AUCTION_ORDER.index(play.seat)], y, col_w, row_h)
                font = self.font("quitted", True)
                font.setUnderline(play.seat is trick.winner)
                p.setFont(font)
                p.setPen(look.suit(play.card.suit))
                mark = "▸" if play.seat is trick.leader else ""
                p.drawText(cell, Qt.AlignmentFlag.AlignCenter, mark + play.card.symbol)
                self.points["quitted tricks"] = min(self.points["quitted tricks"], font.pointSizeF())
            y += row_h

    def legend_text(self) -> str:
        vulnerable = self.vulnerability.english + (" (in red)" if self.vulnerability is not Vulnerability.NONE else "")
        return f"* dealer {self.dealer.english} · {vulnerable} · ▸ led, underlined: won the trick"

    def _legend_height(self, width: float) -> float:
        metrics = self._metrics("legend")
        bound = metrics.boundingRect(QRectF(0, 0, width, 1000), Qt.TextFlag.TextWordWrap, self.legend_text())
        return bound.height() + 4 * self.factor

    def _paint_legend(self, p: QPainter, rect: QRectF) -> None:
        self._text(p, "legend", rect, Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextWordWrap,
                   self.legend_text(), self.look.muted, record="legend")
