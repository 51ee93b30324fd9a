"""The director's calculators in one window, a pane each, opened from the Tools menu.

Every figure a pane shows comes from the same function the command line calls
(``app.bridge.scoring``, ``app.bridge.rota``, ``app.rules.revoke_rules``); a pane
only reads its fields, asks, and lays out the answer. Input the functions
reject comes back as their message, shown in the pane.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.training.exam_seal import Sealed
from app.ui.common.exam_seal import ExamSeal

if TYPE_CHECKING:  # the panes are imported when the window is first opened, not with the menu
    from app.ui.tools.calculator_pane import CalculatorPane


class CalculatorsDialog(QDialog):
    """The calculators as tabs of one non-modal window, so a director can keep it beside the case."""

    lawRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from app.ui.tools.calculators_panes import PANES

        self.setWindowTitle("Calculators")
        self.tabs = QTabWidget()
        self.panes: list[CalculatorPane] = []
        for kind in PANES:
            pane = kind()
            pane.lawRequested.connect(self.lawRequested)
            pane.recompute()
            self.panes.append(pane)
            self.tabs.addTab(pane, kind.tab_title)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.resize(720, 560)

    def show_pane(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        self.show()
        self.raise_()
        self.activateWindow()


class ToolsMenu:
    """The Tools menu: one entry per calculator, added the first time the menu opens (the panes'
    module costs a noticeable part of start-up), and their window, built on first use. During an
    exam the window's ``seal`` turns the entries off and puts the window away: they work out the
    answers to an exam's number questions."""

    def __init__(self, window: QMainWindow, menu: QMenu, show_law: Callable[[str], object], seal: ExamSeal) -> None:
        self.window = window
        self.menu = menu
        self.show_law = show_law
        self.seal = seal
        self.dialog: CalculatorsDialog | None = None
        menu.aboutToShow.connect(self._fill)
        seal.on_change(self._sealed)

    def _sealed(self, sealed: frozenset[Sealed]) -> None:
        if Sealed.CALCULATORS in sealed and self.dialog is not None:
            self.dialog.hide()

    def open_pane(self, index: int) -> None:
        if self.dialog is None:
            self.dialog = CalculatorsDialog(self.window)
            self.dialog.setObjectName("calculators")
            self.dialog.lawRequested.connect(self.show_law)
        self.dialog.show_pane(index)

    def _fill(self) -> None:
        if self.menu.actions():
            return
        from app.ui.tools.calculators_panes import PANES

        for index, kind in enumerate(PANES):
            action = self.menu.addAction(f"{kind.menu_text}…")
            action.triggered.connect(lambda _=False, i=index: self.open_pane(i))
            self.seal.tag(action, Sealed.CALCULATORS)

