"""An item delegate that draws an item's text as rich text (bold title, highlighted words).

Painting HTML in a delegate keeps a results list fast: no widget per row.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

HTML_ROLE = Qt.ItemDataRole.UserRole + 10
PADDING = 4


class RichTextDelegate(QStyledItemDelegate):
    """Paints the HTML stored under HTML_ROLE, wrapped to the view's width."""

    def _document(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QTextDocument:
        document = QTextDocument()
        document.setDefaultFont(option.font)  # type: ignore[attr-defined]
        document.setHtml(str(index.data(HTML_ROLE) or ""))
        width = option.rect.width() or (option.widget.width() if option.widget else 300)  # type: ignore[attr-defined]
        document.setTextWidth(max(80, width - 2 * PADDING))
        return document

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        widget = option.widget  # type: ignore[attr-defined]
        background = QStyleOptionViewItem(option)
        self.initStyleOption(background, index)
        background.text = ""  # type: ignore[attr-defined]
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, widget)
        document = self._document(option, index)
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))  # type: ignore[attr-defined]
        painter.save()
        top_left = option.rect.topLeft()  # type: ignore[attr-defined]
        painter.translate(top_left.x() + PADDING, top_left.y() + PADDING / 2)
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        document = self._document(option, index)
        return QSize(int(document.idealWidth()) + 2 * PADDING, int(document.size().height()) + PADDING)
