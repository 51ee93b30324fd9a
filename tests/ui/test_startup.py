"""What the window does not do before its first paint: import SQLAlchemy and alembic, or build
the views a trainee reaches later (case player, progress, classroom)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

from app.content.library import load_library
from app.ui.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]


# Loaded when first needed, not when the window module is imported: the store's database libraries and
# review scheduler, the rules engine (explanations, the case editor's checks), the Markdown parser (pages).
LATER = ("sqlalchemy", "alembic", "fsrs", "app.rules.engine", "app.ui.case_editor", "markdown_it")


def test_importing_the_window_and_the_store_records_leaves_sqlalchemy_unloaded() -> None:
    probe = ("import sys, app.ui.app, app.ui.main_window, app.store.records, app.store.errors; "
             f"print(sorted(m for m in {LATER!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def test_rarely_used_views_are_built_on_first_use(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(load_library(ROOT / "content"), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert (window._player, window._progress, window._classroom) == (None, None, None)
    window.areas.setCurrentRow(AREAS.index("Progress"))
    assert window._progress is not None and window.stack.currentWidget() is window._progress
    window.open_case(window.library.cases[0].id)
    assert window._player is not None and window.stack.currentWidget() is window._player
    assert window.stack.count() == len(AREAS)
