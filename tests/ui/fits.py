"""Geometry checks for window tests: a widget lies inside the window, a label's text fits its box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, QSettings
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from app.content.library import Library
from app.store import Store
from app.ui.window.main_window import MainWindow


def make_window(qtbot: Any, library: Library, tmp_path: Path, width: int, height: int) -> MainWindow:
    """A main window of its own (progress and settings in ``tmp_path``) shown at a given size."""
    store = Store.open(str(tmp_path / "progress.sqlite3"))
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), store)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    return window


def rect_in(ancestor: QWidget, widget: QWidget) -> QRect:
    """The widget's rectangle in an ancestor's coordinates."""
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def overflowing(ancestor: QWidget, within: QWidget | None = None) -> list[str]:
    """Every visible widget under ``within`` (default: the ancestor) that reaches past the ancestor's
    rectangle, named for the failure message; empty when all fit."""
    area = ancestor.rect()
    return [f"{type(w).__name__} {w.accessibleName() or w.objectName()} at {rect_in(ancestor, w)}"
            for w in (within or ancestor).findChildren(QWidget)
            if w.isVisible() and not w.isWindow() and not area.contains(rect_in(ancestor, w))]


def text_fits(widget: QLabel | QAbstractButton) -> bool:
    """Whether a label's or button's text is drawn whole inside it: one line within its width, or,
    for a label that wraps, as many lines as its width needs within its height."""
    if isinstance(widget, QLabel):
        if widget.wordWrap():
            return widget.heightForWidth(widget.contentsRect().width()) <= widget.height()
        return widget.fontMetrics().horizontalAdvance(_plain(widget.text())) <= widget.contentsRect().width()
    return widget.sizeHint().width() <= widget.width()


def _plain(text: str) -> str:
    """A label's text as drawn (rich text without its tags)."""
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()
