"""Start-up of the desktop application: names for settings, the content, the main window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.content.library import load_library
from app.ui.main_window import MainWindow

ORGANISATION = "Director Trainer"
APPLICATION = "Director Trainer"
ICON = Path(__file__).resolve().parents[2] / "resources" / "icons" / "director-trainer.svg"


def create_main_window(content_root: Path | None = None) -> MainWindow:
    """Load the library and build the main window; a QApplication must exist already."""
    app = QApplication.instance()
    assert isinstance(app, QApplication), "create a QApplication first"
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName("director-trainer")
    if ICON.exists():
        app.setWindowIcon(QIcon(str(ICON)))
    library = load_library(content_root)
    return MainWindow(library)
