"""Help › How answers are marked: the rules of ``app.training.marking_help``, each with its worked example."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from app.training.marking_help import EXAMS_AND_REVIEW, marking_rules
from app.ui.common.theme import readable


def marking_html() -> str:
    rows = "".join(f"<h3>{html.escape(rule.kind)}</h3><p>{html.escape(rule.rule)}</p>"
                   f"<p><i>For example:</i> {html.escape(rule.example)}</p>" for rule in marking_rules())
    return f"<h2>How answers are marked</h2>{rows}<h3>Practice, exams and review</h3><p>{html.escape(EXAMS_AND_REVIEW)}</p>"


class MarkingHelpDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How answers are marked")
        self.view = readable(QTextBrowser())
        self.view.setAccessibleName("How answers are marked")
        self.view.setHtml(marking_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        screen = (parent.screen() if parent is not None else None) or self.screen()
        room = screen.availableGeometry()
        self.resize(min(620, int(room.width() * 0.9)), min(640, int(room.height() * 0.85)))
