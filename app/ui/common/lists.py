"""A list whose long entries wrap onto more lines instead of making the list scroll sideways: case
titles and paper names are long, and a list half a 1024-pixel window wide cannot show them on one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget


def wrapping_list(name: str) -> QListWidget:
    """An empty list named ``name`` for screen readers, whose entries wrap and re-wrap as it is resized."""
    found = QListWidget()
    found.setAccessibleName(name)
    found.setWordWrap(True)
    found.setTextElideMode(Qt.TextElideMode.ElideNone)
    found.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    found.setResizeMode(QListWidget.ResizeMode.Adjust)
    return found
