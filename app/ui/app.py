"""Start-up of the desktop application: names for settings, the content, the main window."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from app.content.case_model import Case
from app.content.library import load_library
from app.store import Store, StoreError
from app.ui.main_window import MainWindow

ORGANISATION = "Director Trainer"
APPLICATION = "Director Trainer"


def resources_root() -> Path:
    """``resources/``: inside a PyInstaller bundle, or beside ``app/`` in a checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) / "resources" if bundle else Path(__file__).resolve().parents[2] / "resources"


ICON = resources_root() / "icons" / "director-trainer.svg"


def open_store(db: str | None) -> Store | None:
    """The progress database; when it cannot be opened, say why in a dialog and carry on without
    one (the window then says progress is not being kept) rather than refuse to start."""
    try:
        return Store.open(db)
    except StoreError as exc:
        QMessageBox.warning(None, "Progress database",
                            f"Your progress cannot be saved this time.\n\n{exc}")
        return None


def create_main_window(content_root: Path | None = None, db: str | None = None) -> MainWindow:
    """Load the library, open the progress database and build the main window; a QApplication
    must exist already. ``db`` is the ``--db`` value (None: $DIRECTOR_TRAINER_DB or the default)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication), "create a QApplication first"
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName("director-trainer")
    if ICON.exists():
        app.setWindowIcon(QIcon(str(ICON)))
    library = load_library(content_root)
    return MainWindow(library, store=open_store(db), engine_explainer=engine_explainer())


def engine_explainer() -> Callable[[Case], str]:
    """The rules engine's step-by-step explanation of a mechanical case, for the ruling panel."""
    from app.rules.engine import analyse
    from app.rules.explain import explanation_markdown

    return lambda case: explanation_markdown(analyse(case.scenario()))
