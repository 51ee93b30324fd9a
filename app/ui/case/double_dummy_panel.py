"""The case player's Double dummy panel: the deal's trick table and par, and for a claim or an
adjusted-score case what each side takes with best play from the position on the table.

It stays locked until the case's questions have been marked (an exam's, until the paper is handed
in). The trick table and the tricks from the position are what claim and adjusted-score questions
ask for, so showing them earlier would hand the trainee the answer; and a "show anyway" button
would invite a look before answering while the marks still counted as earned. Once unlocked it
opens with a click, so it does not take room from the table until wanted.

The solver runs through ``run_off_thread`` with a busy bar, and its answers are kept per deal (and
per position), so stepping through the timeline never solves the same thing twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.bridge.calls import Denomination
from app.bridge.errors import BridgeError
from app.bridge.seats import Seat
from app.content.cases.model import Case
from app.rules.timeline import TableState
from app.training.deal_analysis import (
    DealAnalysis,
    PositionAnalysis,
    analyse_deal,
    analyse_position,
    deal_key,
    played_cards,
    wants_position,
)
from app.ui.common.operations import run_off_thread
from app.ui.common.tables import make_read_only

LOCKED = "Double dummy: opens once you have answered this case's questions."
DENOMINATIONS = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS,
                 Denomination.CLUBS)
DECLARERS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
DENOMINATION_LABELS = {Denomination.NOTRUMP: "NT", Denomination.SPADES: "♠", Denomination.HEARTS: "♥",
                       Denomination.DIAMONDS: "♦", Denomination.CLUBS: "♣"}


class DoubleDummyPanel(QWidget):
    """Trick table, par and position analysis for the case on the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.case: Case | None = None
        self.state: TableState | None = None
        self.locked = True
        self._deals: dict[str, DealAnalysis | str] = {}
        self._positions: dict[tuple[str, tuple[str, ...]], PositionAnalysis | str] = {}
        self._running: set[object] = set()

        self.toggle = QToolButton()
        self.toggle.setText("Double dummy")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAccessibleName("Show double-dummy analysis")
        self.toggle.toggled.connect(self._toggled)
        self.status = QLabel(LOCKED)
        self.status.setAccessibleName("Double-dummy status")
        self.status.setWordWrap(True)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(120)
        self.busy.setAccessibleName("Solving")
        self.busy.setVisible(False)
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.toggle)
        header.addWidget(self.status, 1)
        header.addWidget(self.busy)

        self.grid = QTableWidget(len(DENOMINATIONS), len(DECLARERS))
        self.grid.setAccessibleName("Tricks for each declarer and denomination")
        self.grid.setHorizontalHeaderLabels([seat.english for seat in DECLARERS])
        self.grid.setVerticalHeaderLabels([DENOMINATION_LABELS[d] for d in DENOMINATIONS])
        make_read_only(self.grid)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.par = QLabel()
        self.par.setAccessibleName("Par")
        self.par.setWordWrap(True)
        self.position = QLabel()
        self.position.setAccessibleName("Best play from this position")
        self.position.setWordWrap(True)
        self.body = QWidget()
        body = QHBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.grid)
        words = QVBoxLayout()
        words.addWidget(self.par)
        words.addWidget(self.position)
        words.addStretch(1)
        body.addLayout(words, 1)
        self.body.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.body)
        self._fit_grid()
        self._show()

    # what the case player tells it ------------------------------------------------------
    def set_case(self, case: Case) -> None:
        """A new case is on the table: lock again until its questions are answered."""
        self.case = case
        self.locked = True
        self.toggle.setChecked(False)
        self._show()

    def set_state(self, state: TableState) -> None:
        """The timeline moved: the position analysis follows it."""
        self.state = state
        self._show()

    def unlock(self, *_finished: object) -> None:
        """The case's questions have been marked: the analysis may be seen."""
        self.locked = False
        self._show()

    # showing and solving ----------------------------------------------------------------
    def _toggled(self, on: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self._show()

    def _fit_grid(self) -> None:
        self.grid.resizeColumnsToContents()
        self.grid.resizeRowsToContents()
        width = self.grid.verticalHeader().width() + sum(
            self.grid.columnWidth(c) for c in range(self.grid.columnCount())) + 4
        height = self.grid.horizontalHeader().height() + sum(
            self.grid.rowHeight(r) for r in range(self.grid.rowCount())) + 4
        self.grid.setFixedSize(width, height)

    def _position_key(self) -> tuple[str, tuple[str, ...]] | None:
        if self.case is None or self.state is None or not wants_position(self.case):
            return None
        return deal_key(self.case), tuple(str(card) for card in played_cards(self.state))

    def _show(self) -> None:
        case = self.case
        self.toggle.setEnabled(case is not None and not self.locked)
        open_ = self.toggle.isChecked() and self.toggle.isEnabled()
        self.body.setVisible(open_)
        if case is None or self.locked:
            self.status.setText(LOCKED if case is not None else "")
            self.busy.setVisible(False)
            return
        if not open_:
            self.status.setText("Trick table, par and best play, from endplay's double-dummy solver.")
            self.busy.setVisible(False)
            return
        key = deal_key(case)
        deal = self._deals.get(key)
        if deal is None:
            self._solve(key, lambda: analyse_deal(case.deal, case.dealer, case.vulnerability), self._deals)
        position_key = self._position_key()
        position: PositionAnalysis | str | None = None
        if position_key is not None and self.state is not None:
            position = self._positions.get(position_key)
            if position is None:
                state = self.state
                self._solve(position_key, lambda: analyse_position(case.deal, state), self._positions)
        self.busy.setVisible(bool(self._running))
        self.status.setText("Solving…" if self._running else "")
        self._fill(deal, position, position_key is not None)

    def _solve(self, key: Any, work: Callable[[], object], cache: dict[Any, Any]) -> None:
        if key in self._running:
            return
        self._running.add(key)

        def done(result: object) -> None:
            self._running.discard(key)
            cache[key] = result
            self._show()

        def failed(error: Exception) -> None:
            reason = str(error) if isinstance(error, BridgeError) else f"the solver failed: {error}"
            done(reason)

        run_off_thread(work, done, failed, owner=self)

    def _fill(self, deal: DealAnalysis | str | None, position: PositionAnalysis | str | None,
              asks_position: bool) -> None:
        for row, denomination in enumerate(DENOMINATIONS):
            for column, seat in enumerate(DECLARERS):
                text = str(deal.tricks[denomination][seat]) if isinstance(deal, DealAnalysis) else ""
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.grid.setItem(row, column, item)
        if isinstance(deal, DealAnalysis):
            self.par.setText(str(deal.par))
        else:
            self.par.setText(f"No trick table: {deal}." if isinstance(deal, str) else "")
        if not asks_position:
            self.position.setText("")
        elif isinstance(position, PositionAnalysis):
            self.position.setText(position.describe())
        else:
            self.position.setText(f"No analysis of this position: {position}." if isinstance(position, str) else "")
