"""The director's calculators in one window, a pane each, opened from the Tools menu.

Every figure a pane shows comes from the same function the command line calls
(``app.bridge.scoring``, ``app.bridge.rota``, ``app.rules.revoke_rules``); a pane
only reads its fields, asks, and lays out the answer. Input the functions
reject comes back as their message, shown in the pane.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.bridge.errors import BridgeError
from app.content.laws.render import law_href


class CalculatorPane(QWidget):
    """One calculator: a heading with its law as a link, a form, the answer and any message.

    Subclasses add their fields to ``form``, call ``watch`` on each so that the answer follows the
    input, and implement ``compute``, which returns the answer as HTML or raises ``ValueError``
    (``BridgeError`` is one) with a message for the user.
    """

    title = ""
    tab_title = ""
    menu_text = ""
    laws: tuple[str, ...] = ()
    lawRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        heading = QLabel(f"<b>{self.title}</b> — " + ", ".join(
            f'<a href="{law_href(key)}">Law {key}</a>' for key in self.laws))
        heading.setObjectName("calculatorHeading")
        heading.setTextFormat(Qt.TextFormat.RichText)
        heading.linkActivated.connect(self._link)
        self.form = QFormLayout()
        self.result = QLabel()
        self.result.setObjectName("calculatorResult")
        self.result.setAccessibleName(f"{self.title}: result")
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("calculatorMessage")
        self.message.setAccessibleName(f"{self.title}: message")
        self.message.setStyleSheet("color: #c8102e;")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(self.form)
        layout.addWidget(self.message)
        layout.addWidget(self.result)
        if not self.extend(layout):
            layout.addStretch(1)

    def extend(self, layout: QVBoxLayout) -> bool:
        """Add widgets below the answer (a table of results); True if they take the spare room."""
        return False

    def watch(self, *signals: object) -> None:
        for signal in signals:
            signal.connect(self.recompute)  # type: ignore[attr-defined]

    def compute(self) -> str:
        raise NotImplementedError

    def recompute(self, *_args: object) -> None:
        try:
            answer = self.compute()
        except (BridgeError, ValueError) as error:
            self.message.setText(str(error))
            self.result.clear()
            self.clear_extra()
        else:
            self.message.clear()
            self.result.setText(answer)

    def clear_extra(self) -> None:
        """Empty what ``extend`` added, when the input is bad."""

    def _link(self, href: str) -> None:
        if href.startswith("law:"):
            self.lawRequested.emit(unquote(href[len("law:"):]))


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
