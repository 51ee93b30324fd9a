"""The bridge table, drawn the way players know a hand diagram.

North at the top; the compass in the middle with the board number, the dealer
and the vulnerability; each hand shown or hidden; the current trick; dummy;
exposed cards face up in front of their owner; remarks and claims as balloons
in the corners of the felt, where they cover no hand.
Beside the felt, a column with the auction in the usual columns with alerts,
the contract and the quitted tricks (``app.ui.case.table_side``).

The felt is painted on a logical canvas scaled to the room left beside the
column, so the drawing fills the widget. Its text is designed for the
application's text size (View › Larger text grows the canvas's text), and the
widget asks for room enough (``minimumSizeHint``) that the hands are never
drawn smaller than the text around them. The column is laid out in the
widget's own pixels, so its text stays at ``MIN_POINT_SIZE`` or more.

The table takes the keyboard focus (Tab reaches it): the arrow keys, Home and
End step through the timeline, and a screen reader reads the table, hands
included, from its accessible description (``app.ui.case.table_words``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QFont, QFontMetricsF, QKeyEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.bridge.deal import Hand
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat
from app.rules.timeline import TableState
from app.ui.case.table_corners import corner_rects
from app.ui.case.table_felt import (
    BOARD_POINTS,
    CARD_GAP,
    CARD_H,
    CARD_W,
    FULL_H,
    FULL_W,
    GAP,
    HALF_COMPASS,
    HAND_POINTS,
    INSET,
    LABEL_POINTS,
    MARGIN,
    MAX_FELT_SCALE,
    MIN_FELT_SCALE,
    MIN_HAND_W,
    REFERENCE_POINT_SIZE,
    TITLE_POINTS,
    FeltLayout,
)
from app.ui.case.table_look import TableLook
from app.ui.case.table_pieces import TablePieces
from app.ui.case.table_side import MIN_POINT_SIZE, SideColumn
from app.ui.case.table_words import PLAYED_OUT, SUITS, describe_table, hand_shown, held

__all__ = ["MIN_POINT_SIZE", "TableLook", "TableWidget"]


class TableWidget(TablePieces, QWidget):
    """Paints one TableState with the board's conditions."""

    stepRequested = Signal(int)  # a key on the focused table: -1 or +1 a step, FIRST or LAST
    FIRST, LAST = -10_000, 10_000

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: TableState | None = None
        self.board = 0
        self.dealer = Seat.NORTH
        self.vulnerability = Vulnerability.NONE
        self.shown: set[Seat] = set(SEATS)
        self.look = TableLook()
        self.text_scale = 1.0  # presenter mode enlarges cards and calls for a projector
        self.layout_now = self._layout(960.0, 600.0)
        self.drawn = QRectF()  # the part of the widget the last paint covered
        self.points: dict[str, float] = {}  # the smallest size of each kind of text last drawn, in points
        # what the last paint drew, in the widget's pixels, for tests: each label with its box and the
        # width its text needs; each hand's and each balloon's box
        self.labels: list[tuple[str, QRectF, float]] = []
        self.boxes: dict[str, list[QRectF]] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Bridge table")

    # sizes ------------------------------------------------------------------------------
    @property
    def felt(self) -> QRectF:
        return self.layout_now.felt

    @property
    def felt_scale(self) -> float:
        return self.layout_now.scale

    def sizeHint(self) -> QSize:
        return QSize(960, 600)

    def minimumSizeHint(self) -> QSize:
        """Room for the felt at ``MIN_FELT_SCALE`` (hands as large as the text) and the column."""
        width, height = self._needed(self._measure(MIN_FELT_SCALE))
        felt_w, felt_h = width * MIN_FELT_SCALE, height * MIN_FELT_SCALE
        column_w = 0.0
        if self.state is not None:
            column = self._column(felt_w, felt_h)
            column_w = column.width(False, self._contract_text()) + GAP
        return QSize(int(felt_w + column_w) + 1, int(felt_h) + 1)

    @property
    def zoom(self) -> float:
        """How much larger than designed all text is: it follows View › Larger/Smaller text."""
        size = self.font().pointSizeF()
        return size / REFERENCE_POINT_SIZE if size > 0 else 1.0

    def set_board(self, board: int, dealer: Seat, vulnerability: Vulnerability, shown: list[Seat]) -> None:
        self.board, self.dealer, self.vulnerability = board, dealer, vulnerability
        self.shown = set(shown)
        self._described()

    def set_state(self, state: TableState) -> None:
        self.state = state
        self._described()
        self.updateGeometry()  # the hands (and so the room they need) change with the play

    def _described(self) -> None:
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        """A plain-text account of the table for screen readers and tests, hands included."""
        return describe_table(self.state, self.board, self.dealer, self.vulnerability, self.shown)

    # keys and focus -----------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1,
                 Qt.Key.Key_Home: self.FIRST, Qt.Key.Key_End: self.LAST}
        step = steps.get(Qt.Key(event.key())) if not event.modifiers() else None
        if step is None:
            super().keyPressEvent(event)
            return
        self.stepRequested.emit(step)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.update()

    # layout -----------------------------------------------------------------------------
    def _column(self, width: float, height: float) -> SideColumn:
        return SideColumn(self.font(), self.look, self.dealer, self.vulnerability,
                          min(width / FULL_W, height / FULL_H), self.zoom, self.text_scale)

    def _contract_text(self) -> str:
        contract = self.state.shown_contract if self.state is not None else None
        return contract.symbol if contract is not None else ""

    def _font(self, size: float, scale: float, bold: bool = False, content: bool = False,
              floor: bool = False) -> QFont:
        """A felt font of ``size`` canvas points, times the text zoom; ``content`` (cards) grows
        with ``text_scale`` too; ``floor`` keeps it at ``MIN_POINT_SIZE`` or more as drawn at
        ``scale``."""
        points = size * self.zoom * (self.text_scale if content else 1.0)
        if floor:
            points = max(points, MIN_POINT_SIZE / scale)
        font = QFont(self.font())
        font.setPointSizeF(points)
        font.setBold(bold)
        return font

    def _label(self, p: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str) -> None:
        """Draw text in ``rect`` (canvas units) and note the width its longest line needs."""
        p.drawText(rect, flags, text)
        scale = self.layout_now.scale
        metrics = QFontMetricsF(p.font())
        needed = max(metrics.horizontalAdvance(line) for line in text.split("\n")) * scale
        self.labels.append((text, QRectF(rect.x() * scale, rect.y() * scale, rect.width() * scale,
                                         rect.height() * scale), needed))

    def _box(self, kind: str, rect: QRectF) -> None:
        scale = self.layout_now.scale
        self.boxes.setdefault(kind, []).append(QRectF(rect.x() * scale, rect.y() * scale, rect.width() * scale,
                                                      rect.height() * scale))

    def _record(self, kind: str, font: QFont) -> QFont:
        """Note ``font``'s size as drawn under ``kind`` in ``points`` (for tests) and return it."""
        drawn = font.pointSizeF() * self.felt_scale
        self.points[kind] = min(self.points.get(kind, drawn), drawn)
        return font

    def _hand_title(self, seat: Seat) -> str:
        title = seat.english
        if self.state is not None and self.state.shown_contract is not None:
            if seat is self.state.shown_contract.declarer:
                title += " · declarer"
            elif seat is self.state.dummy and self.state.dummy_visible:
                title += " · dummy"
        return title

    def _label_side(self, scale: float) -> float:
        """The side of a compass seat box: room for "S*" however large the floor makes the label."""
        metrics = QFontMetricsF(self._font(LABEL_POINTS, scale, bold=True))
        return max(34.0, metrics.horizontalAdvance("W*") + 10, metrics.height() + 6)

    def _layout(self, width: float, height: float, scale: float | None = None) -> FeltLayout:
        """The felt's layout fitted to ``width`` × ``height`` pixels (a few rounds, since text
        with a floor grows as the scale shrinks), or at ``scale`` when one is given."""
        if scale is None:
            scale = self.layout_now.scale if hasattr(self, "layout_now") else 1.0
            for _ in range(4):
                needed_w, needed_h = self._needed(self._measure(scale))
                fitted = min(width / needed_w, height / needed_h)
                settled = abs(fitted - scale) < 0.002
                scale = fitted
                if settled:
                    break
            scale = min(scale, MAX_FELT_SCALE)
        layout = self._measure(scale)
        layout.felt = QRectF(MARGIN, MARGIN, width / scale - 2 * MARGIN, height / scale - 2 * MARGIN)
        layout.corners = corner_rects(layout.felt, {seat: layout.hand_rect(seat) for seat in SEATS}, INSET)
        return layout

    def _measure(self, scale: float) -> FeltLayout:
        """Each hand's box sized to its longest suit and its title, at ``scale``."""
        ranks = QFontMetricsF(self._font(HAND_POINTS, scale, bold=True, content=True))
        symbol = QFontMetricsF(self._font(17, scale, content=True))
        title = QFontMetricsF(self._font(TITLE_POINTS, scale, bold=True))
        symbol_w = symbol.horizontalAdvance("♠") + 8
        widths: dict[Seat, float] = {}
        for seat in SEATS:
            hand = hand_shown(self.state, seat)[0] if self.state is not None else None
            longest = ranks.horizontalAdvance("A K Q J")  # room for a fair suit even when hidden
            if hand is not None:
                for suit in SUITS:
                    text = " ".join(r.display for r in hand.holding(suit)) or "—"
                    longest = max(longest, ranks.horizontalAdvance(text))
            widths[seat] = max(MIN_HAND_W * self.zoom, title.horizontalAdvance(self._hand_title(seat)) + 24,
                               longest + symbol_w + 20)
        title_h = title.height() + 8
        hand_h = title_h + 4 * max(ranks.height(), symbol.height()) * 1.12 + 8
        side = self._label_side(scale)
        board = QFontMetricsF(self._font(BOARD_POINTS, scale, bold=True))
        # the compass holds four seat boxes round a centre with room for "Board" over its number
        half = max(HALF_COMPASS, side + board.horizontalAdvance("Board") / 2 + 6, side + board.height() + 6)
        return FeltLayout(scale, QRectF(), widths, hand_h, title_h, half, side)

    @staticmethod
    def _needed(layout: FeltLayout) -> tuple[float, float]:
        """The canvas the felt needs: West, a card, the compass, a card and East across; North,
        a card, the compass, a card and South down."""
        half, gap = layout.half_compass, CARD_GAP
        across = layout.hand_w[Seat.WEST] + layout.hand_w[Seat.EAST] + 2 * (CARD_W + 2 * gap) + 2 * half
        down = 2 * layout.hand_h + 2 * (CARD_H + 2 * gap) + 2 * half
        return across + 2 * (INSET + MARGIN), down + 2 * (INSET + MARGIN)

    # painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.points, self.labels, self.boxes = {}, [], {}
        width, height = float(self.width()), float(self.height())
        column: SideColumn | None = None
        names, column_w = True, 0.0
        if self.state is not None:
            column = self._column(width, height)
            contract = self._contract_text()
            names = column.width(True, contract) <= width * 0.3  # seat names if they fit, else letters
            column_w = column.width(names, contract) + GAP
        room_w = max(1.0, width - column_w)
        layout = self.layout_now = self._layout(room_w, height)
        scale = layout.scale
        painter.save()
        painter.scale(scale, scale)
        self._paint_table(painter)
        if self.state is not None:
            self._paint_hands(painter)
            self._paint_trick(painter)
            used = self._paint_exposed(painter)
            self._paint_balloons(painter, used)
        painter.restore()
        if column is not None and self.state is not None:
            inset = MARGIN * scale
            column.paint(painter, QRectF(room_w - inset + GAP, inset, column_w - GAP, height - 2 * inset),
                         self.state, names)
            self.points.update(column.points)
        if self.hasFocus():  # the focus ring: the table is in the Tab chain like any control
            pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 3)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
        self.drawn = QRectF(MARGIN * scale, MARGIN * scale, width - 2 * MARGIN * scale, height - 2 * MARGIN * scale)
        painter.end()

    def _paint_table(self, p: QPainter) -> None:
        layout = self.layout_now
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.look.felt)
        p.drawRoundedRect(layout.felt, 28, 28)
        centre = layout.felt.center()
        label_font = self._record("compass", self._font(LABEL_POINTS, layout.scale, bold=True))
        side, half = layout.label_side, layout.half_compass
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
            self._label(p, rect, Qt.AlignmentFlag.AlignCenter, seat.letter + ("*" if seat is self.dealer else ""))
        # the board number in the square the four seat boxes leave free, with the word "Board"
        # above it where the square is wide enough (the title above the table names the board too)
        inner = half - side - 3
        font = self._record("board", self._font(BOARD_POINTS, layout.scale, bold=True))
        metrics = QFontMetricsF(font)
        fits = metrics.horizontalAdvance("Board") <= 2 * inner and 2 * metrics.height() <= 2 * inner
        p.setFont(font)
        p.setPen(QColor("white"))
        self._label(p, QRectF(centre.x() - inner, centre.y() - inner, 2 * inner, 2 * inner),
                    Qt.AlignmentFlag.AlignCenter, f"Board\n{self.board}" if fits else str(self.board))

    def _paint_hands(self, p: QPainter) -> None:
        assert self.state is not None
        layout = self.layout_now
        dummy = self.state.dummy if self.state.dummy_visible else None
        for seat in SEATS:
            rect = layout.hand_rect(seat)
            self._box(f"hand {seat.letter}", rect)
            hand, as_dealt = hand_shown(self.state, seat)
            visible = (seat in self.shown or seat is dummy) and hand is not None
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.look.paper)
            p.drawRoundedRect(rect, 10, 10)
            p.setPen(self.look.muted)
            p.setFont(self._record("hand titles", self._font(TITLE_POINTS, layout.scale, bold=True)))
            self._label(p, QRectF(rect.x() + 12, rect.y() + 3, rect.width() - 16, layout.title_h),
                        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self._hand_title(seat))
            if not visible:
                p.setFont(self._font(TITLE_POINTS, layout.scale))
                text = ("hand not given" if hand is None else "all played" if as_dealt
                        else f"{len(held(hand, self.state, seat))} cards, face down")
                p.drawText(rect.adjusted(8, layout.title_h, -8, 0), Qt.AlignmentFlag.AlignCenter
                           | Qt.TextFlag.TextWordWrap, text)
                continue
            assert hand is not None
            lines = QRectF(rect.x() + 12, rect.y() + layout.title_h, rect.width() - 16,
                           rect.height() - layout.title_h - 6)
            self._paint_suit_lines(p, hand if as_dealt else held(hand, self.state, seat), lines, faded=as_dealt)
        if self.state.played_out:  # in the corner under West: why the hands are faded
            corner = QRectF(QPointF(layout.felt.x() + 12, layout.hand_rect(Seat.WEST).bottom() + 10),
                            QPointF(layout.hand_rect(Seat.SOUTH).x() - 10, layout.felt.bottom() - 12))
            p.setPen(QColor(255, 255, 255, 210))
            p.setFont(self._record("legend", self._font(TITLE_POINTS, layout.scale, floor=True)))
            p.drawText(corner, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignBottom, PLAYED_OUT)

    def _paint_suit_lines(self, p: QPainter, hand: Hand, rect: QRectF, faded: bool = False) -> None:
        """One line a suit; ``faded`` (cards already played) draws them see-through."""
        p.setOpacity(0.45 if faded else 1.0)
        scale = self.layout_now.scale
        line_h = rect.height() / 4
        symbol_font = self._font(17, scale, content=True)
        symbol_w = QFontMetricsF(symbol_font).horizontalAdvance("♠") + 8
        ranks_font = self._record("hands", self._font(HAND_POINTS, scale, bold=True, content=True))
        for row, suit in enumerate(SUITS):
            y = rect.y() + row * line_h
            p.setPen(self.look.suit(suit))
            p.setFont(symbol_font)
            p.drawText(QRectF(rect.x(), y, symbol_w, line_h), Qt.AlignmentFlag.AlignVCenter, suit.symbol)
            ranks = hand.holding(suit)
            p.setPen(self.look.ink)
            p.setFont(ranks_font)
            self._label(p, QRectF(rect.x() + symbol_w, y, rect.width() - symbol_w, line_h),
                        Qt.AlignmentFlag.AlignVCenter, " ".join(r.display for r in ranks) if ranks else "—")
        p.setOpacity(1.0)
