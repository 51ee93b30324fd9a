"""Start-up of the desktop application: names for settings, the content, the main window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app import shipped
from app.content.cases.user_cases import user_case_folder
from app.content.files.collector import collector_paused
from app.content.library_cache import load_library_cached
from app.ui.window.main_window import MainWindow

if TYPE_CHECKING:
    from app.content.cases.model import Case

ORGANISATION = "Director Trainer"
APPLICATION = "Director Trainer"


ICON = shipped("resources") / "icons" / "director-trainer.svg"


def create_main_window(content_root: Path | None = None, db: str | None = None) -> MainWindow:
    """Load the library and build the main window, which opens the progress database off the GUI
    thread once it has painted; a QApplication must exist already. ``db`` is the ``--db`` value
    (None: $DIRECTOR_TRAINER_DB or the default)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication), "create a QApplication first"
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName("director-trainer")
    if ICON.exists():
        app.setWindowIcon(QIcon(str(ICON)))
    # Everything made from here to the first paint (the library, the window and its views) stays alive as
    # long as the window: the collector's scans of it would find nothing (see collector.py).
    with collector_paused(for_good=True):
        library = load_library_cached(content_root, user_cases=user_case_folder())
        window = MainWindow(library, engine_explainer=engine_explainer())
    window.open_store(db)
    return window


def engine_explainer() -> Callable[[Case], str]:
    """The rules engine's step-by-step explanation of a mechanical case, for the ruling panel.
    The engine is imported at the first explanation, not at start-up (it takes a tenth of a second)."""

    def explain(case: Case) -> str:
        from app.rules.engine import analyse
        from app.rules.explain import explanation_markdown

        return explanation_markdown(analyse(case.scenario()))

    return explain
