"""The director's calculators in one window, a pane each, opened from the Tools menu.

Every figure a pane shows comes from the same function the command line calls
(``app.bridge.scoring``, ``app.bridge.rota``, ``app.rules.revoke_rules``); a pane
only reads its fields, asks, and lays out the answer. Input the functions
reject comes back as their message, shown in the pane.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

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


def install_tools_menu(window: QMainWindow, menu: QMenu, show_law: Callable[[str], object]) -> None:
    """Fill the Tools menu with one entry per calculator the first time it opens (the panes' module
    costs a noticeable part of start-up), and build their window on first use."""
    holder: list[CalculatorsDialog] = []

    def open_pane(index: int) -> None:
        if not holder:
            dialog = CalculatorsDialog(window)
            dialog.setObjectName("calculators")
            dialog.lawRequested.connect(show_law)
            holder.append(dialog)
        holder[0].show_pane(index)

    def fill() -> None:
        if menu.actions():
            return
        from app.ui.tools.calculators_panes import PANES

        for index, kind in enumerate(PANES):
            action = menu.addAction(f"{kind.menu_text}…")
            action.triggered.connect(lambda _=False, i=index: open_pane(i))

    menu.aboutToShow.connect(fill)
