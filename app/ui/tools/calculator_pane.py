"""What every calculator pane shares: a heading with its law as a link, a form, the answer and any message.

Kept apart from the dialog that holds the panes (``calculators``) and the panes themselves
(``calculators_panes``), so that both can import it and neither imports the other's module back.
"""

from __future__ import annotations

from urllib.parse import unquote

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

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
