"""Rich text exactly as tall as its content: a page that scrolls with the panel it sits in
rather than inside a scroll bar of its own, so a panel never stacks one scroll area in another."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

from app.ui.common.theme import readable


class FittedText(QTextBrowser):
    """A QTextBrowser (links, selection, a screen reader's text) without scroll bars, whose height
    follows its document laid out at its width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        readable(self)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._heights: dict[tuple[int, float], int] = {}  # (width, text size) → height, for this text
        self.document().contentsChanged.connect(self._changed)
        self.document().documentLayout().documentSizeChanged.connect(lambda _size: self.updateGeometry())

    def _changed(self) -> None:
        self._heights.clear()
        self.updateGeometry()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        key = (width, self.document().defaultFont().pointSizeF())
        if key not in self._heights:
            document = self.document().clone()
            document.setTextWidth(max(1, width - 2 * self.frameWidth()))
            self._heights[key] = int(document.size().height()) + 2 * self.frameWidth() + 1
            document.deleteLater()
        return self._heights[key]

    def sizeHint(self) -> QSize:
        width = max(self.width(), 200)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(100, self.heightForWidth(max(self.width(), 200)))
