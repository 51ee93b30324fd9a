"""Help › About: the version, where this user's data is kept, and what the library holds.

Why the folders are shown: a club director who moves to a new computer, or wants a backup,
needs to know which files are theirs — progress, their own cases and the imported law text
live in the user data folder, apart from the installed program, which is why upgrading or
removing the program keeps them. The paths are selectable so they can be copied.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app import __version__
from app.content.library import Library, library_counts


class AboutDialog(QDialog):
    """What Director Trainer this is, where the user's things are, and the library's size."""

    def __init__(self, library: Library, progress: str, user_cases: Path, official_text: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Director Trainer")
        counts = library_counts(library, user_cases)
        yours = f", {counts.user_cases} of them yours" if counts.user_cases else ""
        imported = "" if official_text.exists() else " (nothing imported)"
        self.text = QLabel(
            f"<h3>Director Trainer {escape(__version__)}</h3>"
            "<p>Learn to direct duplicate bridge: the 2017 Laws in plain language beside a drawn table, "
            "with cases marked against model rulings.</p>"
            "<p><b>Where your things are kept</b> (installing a newer version keeps them):</p>"
            f"<p>Progress: {escape(progress)}<br>"
            f"Your own cases: {escape(str(user_cases))}<br>"
            f"Imported official law text: {escape(str(official_text))}{imported}</p>"
            "<p><b>The library</b>: "
            f"{counts.sections} sections of the 2017 Laws, {counts.notes} notes on other codes, "
            f"{counts.glossary} glossary entries, {counts.cases} cases{yours} with {counts.questions} questions.</p>"
            f"<p>Content read from {escape(str(library.root))}</p>"
        )
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)
