"""What the window does not do before its first paint: import SQLAlchemy and alembic, YAML, the search
index or the calculators, or build the views a trainee reaches later (library, case list, case player,
progress, classroom)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

from app.content.library import load_library
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]


# Loaded when first needed, not when the window module is imported: the store's database libraries and
# review scheduler, the rules engine (explanations, the case editor's checks), the Markdown parser (pages),
# the case loader (the cached library and an absent user folder need none), the case screen's forms, the
# calculators' panes (and the law renderer they bring), the progress report, the presenter's steps.
LATER = ("sqlalchemy", "alembic", "fsrs", "app.rules.engine", "app.ui.editor.case_editor", "markdown_it", "yaml",
         "app.content.laws.search", "app.ui.tools.calculators_panes", "app.ui.library.library_view",
         "app.ui.training.case_list", "app.ui.training.report_dialog", "app.content.cases.loader",
         "app.ui.case.answer_form", "app.ui.tools.calculator_pane", "app.content.laws.render",
         "app.training.progress_report", "app.training.presentation", "app.rules.timeline",
         "app.content.official.importer", "app.store.health", "app.training.sitting", "app.training.practice",
         "app.training.report", "app.bridge.auction", "app.bridge.play")

# Not to paint the window from the cached library, whose cases are unpacked just after the paint: the cases'
# model, the bridge objects their deals are made of, and the rules' scenario.
WITH_THE_CASES = ("app.content.cases.model", "app.bridge.deal", "app.rules.scenario")


# Imported once the store is open (by the store, or to fill Home from it): not to paint the window.
ONCE_THE_STORE_IS_OPEN = ("app.training.outlook", "app.training.resume", "app.training.recall", "app.training.readiness")


def test_importing_the_window_and_the_store_records_leaves_sqlalchemy_unloaded() -> None:
    probe = ("import sys, app.ui.app, app.ui.window.main_window, app.store.records, app.store.errors; "
             f"print(sorted(m for m in {LATER + ONCE_THE_STORE_IS_OPEN!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def test_rarely_used_views_are_built_on_first_use(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(load_library(ROOT / "content"), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert (window._library_view, window._case_list, window._player, window._progress, window._classroom) == (
        None, None, None, None, None)
    window.areas.setCurrentRow(AREAS.index("Cases"))
    assert window._case_list is not None and window.stack.currentWidget() is window._case_list
    assert sorted(window.case_list.visible_ids()) == sorted(case.id for case in window.library.cases)
    window.show_law("64A1")
    assert window._library_view is not None and window.stack.currentWidget() is window._library_view
    assert window.library_view.current_key == "64A1"
    window.areas.setCurrentRow(AREAS.index("Progress"))
    assert window._progress is not None and window.stack.currentWidget() is window._progress
    window.open_case(window.library.cases[0].id)
    assert window._player is not None and window.stack.currentWidget() is window._player
    assert window.stack.count() == len(AREAS)


STARTS_FROM_THE_CACHE = """
import os, sys, tempfile
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.ui.app import create_main_window
window = create_main_window(db=os.path.join(tempfile.mkdtemp(), "progress.sqlite3"))
window.show()
app.processEvents()
loaded = sorted(m for m in {later!r} if m in sys.modules)
print(len(window.library.cases), loaded)
"""


def test_a_start_from_the_cached_library_paints_without_yaml_search_or_rarely_used_views(tmp_path: Path) -> None:
    """Twice: the first start writes the library cache, the second reads it, as a user's next start would."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    # The store opens (SQLAlchemy and all) off the GUI thread as soon as the window has painted.
    probe = STARTS_FROM_THE_CACHE.format(later=tuple(m for m in LATER + WITH_THE_CASES
                                                     if m not in ("sqlalchemy", "alembic", "fsrs")))
    for _ in range(2):
        result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env,
                                timeout=120)
    count, loaded = result.stdout.strip().splitlines()[-1].split(" ", 1)
    assert int(count) == len(load_library(ROOT / "content").cases)
    assert loaded == "[]"


REOPENS_THE_STORE = """
import sys
from app.store.store import Store
Store.open(sys.argv[1]).close()
print(sorted(m for m in ("alembic", "app.training.presentation", "app.rules.timeline", "app.ui.app") if m in sys.modules))
"""


def test_reopening_an_up_to_date_store_imports_neither_alembic_nor_the_presenter(tmp_path: Path) -> None:
    """The store thread's work before Home is ready: the first open creates the file (alembic runs), the
    second finds it up to date and needs neither alembic nor the presentation's steps (the rules' timeline)."""
    db = str(tmp_path / "progress.sqlite3")
    for _ in range(2):
        result = subprocess.run([sys.executable, "-c", REOPENS_THE_STORE, db], capture_output=True, text=True,
                                cwd=ROOT, check=True, timeout=120)
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_the_cases_and_the_store_wait_for_the_first_paint(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A start from the cached library paints before it unpacks the cases or starts opening the store, then
    does both: Home offers the cases' editions and the easiest case, the status bar counts them."""
    from PySide6.QtCore import QEvent, QObject

    from app.ui.app import create_main_window

    db = str(tmp_path / "progress.sqlite3")
    first = create_main_window(db=db)  # writes the library's cached copy, as a user's first start does
    qtbot.addWidget(first)
    qtbot.waitUntil(lambda: first.store_opener.done, timeout=20000)
    window = create_main_window(db=db)
    qtbot.addWidget(window)
    at_first_paint: list[tuple[bool, str | None]] = []

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Paint and not at_first_paint:
                at_first_paint.append((window.library.cases_unpacked, window.store_opener.db))
            return False

    watcher = FirstPaint()
    window.home.installEventFilter(watcher)
    assert not window.library.cases_unpacked
    assert window.home.edition.count() == 1 and not window.home.first_case_button.isEnabled()
    # Home painted before it is filled: nothing to start or continue yet, and no plan's buttons.
    today = window.home.today
    assert not window.home.review_button.isEnabled() and not window.home.continue_button.isEnabled()
    assert all(widget.isHidden() for widget in (today.start_button, today.change_button, today.clear_button))
    assert "Preparing for an exam?" in today.headline.text()
    window.show()
    qtbot.waitUntil(lambda: window.store_opener.done, timeout=20000)
    assert at_first_paint == [(False, None)]
    cases = window.library.cases
    assert window.home.edition.count() == 1 + len({case.edition for case in cases})
    assert window.home.first_case_button.isEnabled()
    assert f"{len(cases)} cases" in window.statusBar().currentMessage()


def test_a_window_never_shown_still_opens_its_store(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from app.ui.app import create_main_window

    window = create_main_window(db=str(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.store_opener.done, timeout=20000)
    assert window.home.first_case_button.isEnabled() and window._store is not None
