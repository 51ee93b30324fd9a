"""The window's navigation: the work areas down the window's side as a desktop application's
navigation rail — each an icon with its name under it, the one on screen plainly marked — narrow,
so that the case screen keeps its room on a 1024-pixel screen.

The icons are line drawings in ``resources/icons/areas`` (shipped with the code, see
``app.shipped``) drawn in the palette's text colour, so they follow the light and the dark theme;
the area on screen is a filled bar in the highlight colour whether or not the list has the focus
(a desktop's own lists grey their selection out when they lose it, and this one rarely has it).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app import shipped

ICON_SIZE = 22
ROW_HEIGHT = 54
WIDTH = 84
CAPTION_SCALE = 0.9  # the name under the icon, a little smaller than the window's text
ICONS = shipped("resources") / "icons" / "areas"


def area_icon(area: str, colour: QColor, size: int = ICON_SIZE) -> QPixmap:
    """The area's line drawing in ``colour`` (empty if its file is missing: the name still shows)."""
    path = ICONS / f"{area.lower()}.svg"
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    if not path.is_file():
        return pixmap
    drawing = path.read_text(encoding="utf-8").replace("currentColor", colour.name())
    renderer = QSvgRenderer(QByteArray(drawing.encode("utf-8")))
    painter = QPainter(pixmap)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return pixmap


class AreaDelegate(QStyledItemDelegate):
    """Draws one area: a rounded highlight tile when it is the one on screen, a light one under the
    mouse, the icon, and the name under it (bold when on screen); a disabled area (the library in a
    closed-book exam) is drawn faded."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        return QSize(WIDTH - 8, ROW_HEIGHT)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,  # type: ignore[override]
              index: QModelIndex | QPersistentModelIndex) -> None:
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        rect: QRect = option.rect  # type: ignore[attr-defined]
        state = option.state  # type: ignore[attr-defined]
        selected = bool(state & QStyle.StateFlag.State_Selected)
        enabled = bool(index.flags() & Qt.ItemFlag.ItemIsEnabled)
        active = QPalette.ColorGroup.Active
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        bar = QRectF(rect).adjusted(5, 2, -5, -2)
        if selected:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.color(active, QPalette.ColorRole.Highlight))
            painter.drawRoundedRect(bar, 6, 6)
        elif state & QStyle.StateFlag.State_MouseOver and enabled:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.color(active, QPalette.ColorRole.AlternateBase))
            painter.drawRoundedRect(bar, 6, 6)
        ink = palette.color(active, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        if not enabled:
            ink = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        name = str(index.data(Qt.ItemDataRole.DisplayRole))
        painter.drawPixmap(rect.left() + (rect.width() - ICON_SIZE) // 2, rect.top() + 7, area_icon(name, ink))
        font = QFont(option.font)  # type: ignore[attr-defined]
        font.setPointSizeF(max(7.0, font.pointSizeF() * CAPTION_SCALE))
        font.setWeight(QFont.Weight.Bold if selected else QFont.Weight.Normal)
        painter.setFont(font)
        painter.setPen(ink)
        caption = QRect(rect.left() + 2, rect.top() + 9 + ICON_SIZE, rect.width() - 4, rect.height() - ICON_SIZE - 11)
        painter.drawText(caption, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, name)
        painter.restore()


class AreaList(QListWidget):
    """The areas, one row each; the window hides the ones a profile may not use."""

    def __init__(self, areas: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("areas")
        self.setAccessibleName("Work areas")
        self.setItemDelegate(AreaDelegate(self))
        self.setMouseTracking(True)  # the hover bar
        self.setFrameShape(QListWidget.Shape.NoFrame)
        self.setBackgroundRole(QPalette.ColorRole.Window)  # a side bar, not a white box
        self.viewport().setBackgroundRole(QPalette.ColorRole.Window)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFixedWidth(WIDTH)
        for area in areas:
            item = QListWidgetItem(area)
            item.setToolTip(area)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, area)
            self.addItem(item)
