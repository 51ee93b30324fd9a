"""The library's other codes: a tree per code and the Compare window.

The notes and their mapping to 2017 come from ``app.content.laws.editions``; the HTML from
``app.content.laws.compare``. This module only lays them out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QDialog, QLabel, QSplitter, QTextBrowser, QVBoxLayout, QWidget

from app.content.laws.compare import compare_columns
from app.content.laws.editions import Editions
from app.content.laws.law_book import Section
from app.content.laws.render import Renderer
from app.ui.common.theme import readable

KEY_ROLE = Qt.ItemDataRole.UserRole + 1


def edition_model(editions: Editions, edition: str, parent: QWidget | None = None) -> QStandardItemModel:
    """One code's notes as a tree: a row per law of that code, its notes beneath it."""
    model = QStandardItemModel(parent)
    laws: dict[str, QStandardItem] = {}
    for note in editions.of_edition(edition):
        law = re.match(r"L?\d+|[A-Za-z]+", note.ref)
        law_label = law.group(0) if law else note.ref
        group = laws.get(law_label)
        if group is None:
            title = law_label if law_label.startswith("L") or not law_label[0].isdigit() else f"Law {law_label}"
            group = QStandardItem(title)
            group.setEditable(False)
            group.setSelectable(False)
            model.invisibleRootItem().appendRow(group)
            laws[law_label] = group
        item = QStandardItem(note.heading())
        item.setEditable(False)
        item.setData(note.key, KEY_ROLE)
        item.setToolTip(note.heading())
        group.appendRow(item)
    return model


class CompareDialog(QDialog):
    """A 2017 section beside its counterparts in the other codes, one column each.

    Links in any column are handed to ``follow`` (the library), so a reference opens
    in the main window rather than in a column."""

    def __init__(self, renderer: Renderer, editions: Editions, section: Section,
                 follow: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Compare the codes — {section.heading()}")
        self.columns: list[QTextBrowser] = []
        splitter = QSplitter(Qt.Orientation.Horizontal)
        for title, page in compare_columns(renderer, editions, section):
            column = QWidget()
            layout = QVBoxLayout(column)
            layout.setContentsMargins(2, 2, 2, 2)
            label = QLabel(f"<b>{title}</b>")
            label.setAccessibleName(f"Column {title}")
            browser = readable(QTextBrowser())
            browser.setOpenLinks(False)
            browser.setAccessibleName(f"{title} text")
            browser.setHtml(page)
            browser.anchorClicked.connect(lambda url: follow(url.toString()))
            layout.addWidget(label)
            layout.addWidget(browser, 1)
            splitter.addWidget(column)
            self.columns.append(browser)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        width = min(1400, screen.width() - 40) if screen is not None else 1000
        height = min(800, screen.height() - 80) if screen is not None else 640
        self.resize(width, height)
