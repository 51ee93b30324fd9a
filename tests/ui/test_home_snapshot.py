"""Home at start from the snapshot kept at the last close: the same Home the store then shows, shown before
the store is attached; and not shown (Home stays empty until the store attaches) when the database was
written since, a review item fell due since, another profile is chosen, the database is a URL or
temporary, or the snapshot is garbage. Home's actions clicked before the store is open wait for it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.content.cases.model import Question
from app.content.library import Library
from app.store import Store, home_snapshot
from app.store.home_snapshot import snapshot_path
from app.store.records import Profile
from app.training.attempt import Attempt
from app.training.clock import utc_now
from app.training.marking import Answer
from app.ui.app import create_main_window
from app.ui.common.operations import wait_for_work
from app.ui.training.home_view import KEY_ROLE
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]
UNFINISHED = "claim-with-a-finesse"


def junk(question: Question) -> Answer:
    """An answer of the question's kind, right or wrong."""
    if question.kind == "order":
        return tuple(reversed(range(len(question.items))))
    return {"single": 0, "multi": frozenset({0}), "number": 0.0}.get(question.kind, "70")


def missed(case_id: str, library: Library, when: object) -> Attempt:
    case = library.case(case_id)
    assert case is not None
    attempt = Attempt(case, started_at=when)  # type: ignore[arg-type]
    for question in case.questions:
        attempt.answer(junk(question))
        attempt.next(when)  # type: ignore[arg-type]
    return attempt


def with_history(db: Path, library: Library, name: str = "Ann") -> Profile:
    """A trainee who missed cases three days ago (due now), missed one just now (due later) and left one
    half-answered."""
    with Store.open(str(db)) as store:
        profile = store.add_profile(name)
        missed_ones = [case for case in library.cases if missed(case.id, library, utc_now()).score < 1]
        for case in missed_ones[:2]:
            store.record_attempt(profile, missed(case.id, library, utc_now() - timedelta(days=3)))
        store.record_attempt(profile, missed(missed_ones[2].id, library, utc_now()))
        half = library.case(UNFINISHED)
        assert half is not None
        attempt = Attempt(half)
        attempt.answer(junk(half.questions[0]))
        from app.training.practice import Mode

        store.save_unfinished_attempt(profile, attempt, Mode.PRACTICE)
        return profile


def home_of(window: MainWindow) -> dict[str, object]:
    """What Home shows: the greeting, profiles, due and recent lists, the Today box and the exam box."""
    home = window.home

    def texts(widget) -> list[str]:  # type: ignore[no-untyped-def]
        return [widget.item(row).text() for row in range(widget.count())]

    return {"greeting": home.greeting.text(), "profiles": [home.profile_box.itemText(i) for i in range(
        home.profile_box.count())], "due_label": home.due_label.text(), "due": texts(home.due_list),
        "recent": texts(home.recent_list), "today": [home.today.headline.text(), home.today.work.text(),
                                                     home.today.pace.text(), home.today.estimate.text()],
        "exam": home.exam_box.title()}


@pytest.fixture
def start(qtbot, library: Library) -> Iterator:  # type: ignore[no-untyped-def, type-arg]
    """``start(db)``: the window as the application builds it, store not yet attached. Settings start empty."""
    app = QApplication.instance()
    assert app is not None
    app.setOrganizationName("Director Trainer")
    app.setApplicationName("Director Trainer")
    QSettings().clear()
    windows: list[MainWindow] = []

    def make(db: str, hold: bool = True) -> MainWindow:
        """``hold``: the store is not opened until ``release``, so that what Home shows before can be seen."""
        window = create_main_window(ROOT / "content", db)
        qtbot.addWidget(window)
        if hold:
            opener = window.store_opener
            real = opener.open
            opener.open = lambda value: setattr(window, "release", lambda: real(value))  # type: ignore[method-assign]
        window.show()
        if hold:  # Home is filled from the snapshot once the window has painted, just before the store opens
            qtbot.waitUntil(lambda: hasattr(window, "release"), timeout=20000)
        windows.append(window)
        return window

    yield make
    wait_for_work()
    QSettings().clear()


def attached(qtbot, window: MainWindow) -> MainWindow:  # type: ignore[no-untyped-def]
    """The window once its store is attached (opened now if it was held)."""
    release = getattr(window, "release", None)
    if release is not None:
        release()
    qtbot.waitUntil(lambda: window.store_opener.done, timeout=20000)
    return window


def first_run(qtbot, start, db: Path) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """A window on ``db`` until the store is attached, then closed: what its Home showed."""
    window = attached(qtbot, start(str(db), hold=False))
    shown = home_of(window)
    window.close()
    assert snapshot_path(db.resolve(), home_snapshot_folder()).exists()
    return shown


def home_snapshot_folder() -> Path:
    import platformdirs

    return platformdirs.user_cache_path("director-trainer") / home_snapshot.FOLDER


def empty_until_attached(qtbot, window: MainWindow) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Asserts Home is empty while the store is not attached, at once and after the first paint's events;
    then what Home shows once it is."""
    for _ in range(2):
        assert window._store is None and not window.store_opener.done
        assert not window.home_ready and window.home_state is None
        assert window.home.greeting.text() == "" and window.home.due_list.count() == 0
        assert window.home.recent_list.count() == 0
        qtbot.wait(50)
    attached(qtbot, window)
    assert window.home_ready
    return home_of(window)


def test_the_next_start_shows_home_from_the_snapshot_before_the_store(qtbot, start,  # type: ignore[no-untyped-def]
                                                                      library: Library, tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    shown = first_run(qtbot, start, db)
    assert shown["greeting"] == "Welcome, Ann" and len(shown["due"]) >= 2  # type: ignore[arg-type]
    assert any(str(entry).startswith("Continue: ") for entry in shown["recent"])  # type: ignore[attr-defined]

    again = start(str(db))  # painted, and the store's opening held
    assert again._store is None and not again.store_opener.done
    assert again.home_ready and home_of(again) == shown
    attached(qtbot, again)
    assert again.home_state is not None and again.home_state.profile.name == "Ann"
    assert home_of(again) == shown


def test_not_used_once_the_database_was_written_since(qtbot, start, library: Library,  # type: ignore[no-untyped-def]
                                                      tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    profile = with_history(db, library)
    shown = first_run(qtbot, start, db)
    assert any(str(entry).startswith("Continue: ") for entry in shown["recent"])  # type: ignore[attr-defined]
    with Store.open(str(db)) as store:  # another program finishes the half-answered case
        store.record_attempt(profile, missed(UNFINISHED, library, utc_now() - timedelta(days=5)))
    now = empty_until_attached(qtbot, start(str(db)))
    assert now["greeting"] == "Welcome, Ann"
    assert not any(str(entry).startswith("Continue: ") for entry in now["recent"])  # type: ignore[attr-defined]
    assert now["recent"] != shown["recent"]


def test_not_used_once_a_review_item_has_fallen_due(qtbot, start, library: Library, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    shown = first_run(qtbot, start, db)
    with Store.open(str(db)) as store:
        next_due = store.next_due(store.profiles()[0], utc_now())
    assert next_due is not None  # the case missed just now
    monkeypatch.setattr(home_snapshot, "utc_now", lambda: next_due)
    assert empty_until_attached(qtbot, start(str(db))) == shown  # the store's own clock has not got there


def test_not_used_when_another_profile_is_chosen(qtbot, start, library: Library, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "progress.sqlite3"
    with_history(db, library, "Ann")
    with_history(db, library, "Bob")
    shown = first_run(qtbot, start, db)
    assert shown["greeting"] == "Welcome, Ann"  # the first by name
    QSettings().setValue("profile/name", "Bob")
    assert empty_until_attached(qtbot, start(str(db)))["greeting"] == "Welcome, Bob"


def test_not_used_for_a_url_nor_kept_for_a_temporary_store(qtbot, start, library: Library,  # type: ignore[no-untyped-def]
                                                          tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    shown = first_run(qtbot, start, db)  # a snapshot for the file exists
    assert empty_until_attached(qtbot, start(f"sqlite:///{db}")) == shown

    before = sorted(home_snapshot_folder().iterdir())
    window = start(str(tmp_path / "never.sqlite3"))  # held, as if it could not be opened:
    window.attach_store(Store.open("sqlite://"), True)  # the trainee continued without saving
    window.close()
    assert sorted(home_snapshot_folder().iterdir()) == before


def test_not_used_when_the_snapshot_is_garbage(qtbot, start, library: Library, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    shown = first_run(qtbot, start, db)
    snapshot_path(db.resolve(), home_snapshot_folder()).write_bytes(b"\x80\x05not a pickle at all")
    assert empty_until_attached(qtbot, start(str(db))) == shown


def test_a_due_case_clicked_before_the_store_opens_once_it_has(qtbot, start, library: Library,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    first_run(qtbot, start, db)
    window = start(str(db))
    qtbot.waitUntil(lambda: window.home_ready)
    assert window._store is None
    entry = window.home.due_list.item(0)
    _kind, key = entry.data(KEY_ROLE)
    window.home.due_list.itemActivated.emit(entry)
    assert window.statusBar().currentMessage() == "Opening your progress…"
    assert window._player is None  # nothing opened yet
    attached(qtbot, window)
    assert window.stack.currentIndex() == AREAS.index("Case")
    assert window.player.case is not None and window.player.case.id == key


FROM_THE_SNAPSHOT = """
import sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.ui.app import create_main_window
window = create_main_window(db=sys.argv[1])
opener, held = window.store_opener, []
real = opener.open
opener.open = held.append  # the store's opening held, to see Home just before it
window.show()
while not held:
    app.processEvents()
print(window.home.greeting.text() or "-", sorted(m for m in ("sqlalchemy", "alembic") if m in sys.modules))
real(held[0])
while not window.store_opener.done:
    app.processEvents()
    time.sleep(0.001)
window.close()
"""


def test_home_from_the_snapshot_needs_no_sqlalchemy(tmp_path: Path) -> None:
    """Two starts, as a user's: the first creates the database and keeps Home at close; the second fills Home
    before the store, without importing SQLAlchemy."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    lines = [subprocess.run([sys.executable, "-c", FROM_THE_SNAPSHOT, str(tmp_path / "progress.sqlite3")],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=True
                            ).stdout.strip().splitlines()[-1] for _ in range(2)]
    assert lines[0] == "- []"
    assert lines[1].startswith("Welcome, ") and lines[1].endswith(" []")


def test_clicks_before_the_store_opens_are_carried_out_in_order(qtbot, start, library: Library,  # type: ignore[no-untyped-def]
                                                                 tmp_path: Path) -> None:
    """A profile chosen, then Start review: both, in that order, once the store is open."""
    db = tmp_path / "progress.sqlite3"
    with_history(db, library, "Ann")
    with_history(db, library, "Bob")
    first_run(qtbot, start, db)
    window = start(str(db))
    assert window.home_ready and window._store is None and window.profile.name == ""
    window.home.profileChosen.emit("Bob")
    window.home.reviewRequested.emit()
    attached(qtbot, window)
    assert window.profile.name == "Bob"
    assert window.session is not None and window.stack.currentIndex() == AREAS.index("Case")


def test_clicks_are_forgotten_when_the_trainee_leaves_home_or_the_progress_is_not_the_one_shown(  # type: ignore[no-untyped-def]
        qtbot, start, library: Library, tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    with_history(db, library)
    first_run(qtbot, start, db)
    window = start(str(db))
    window.home.reviewRequested.emit()
    window.areas.setCurrentRow(AREAS.index("Library"))  # off to read a law meanwhile
    attached(qtbot, window)
    assert window.session is None and window.stack.currentIndex() == AREAS.index("Library")

    window = start(str(db))
    window.home.reviewRequested.emit()
    window.attach_store(Store.open("sqlite://"), True)  # as if the file failed and the trainee went on unsaved
    assert window.session is None and window.stack.currentIndex() == AREAS.index("Home")
    assert "choose again" in window.statusBar().currentMessage()


def test_a_step_after_the_paint_that_fails_leaves_the_store_to_open(qtbot, start, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from app.ui.library.official_import import OfficialTextActions
    from app.ui.window.home_snapshots import HomeSnapshots

    loaded: list[bool] = []
    monkeypatch.setattr(OfficialTextActions, "load_saved", lambda self: loaded.append(True))
    monkeypatch.setattr(HomeSnapshots, "show_home_snapshot", lambda self, db: 1 / 0)
    window = start(str(tmp_path / "progress.sqlite3"), hold=False)
    with qtbot.captureExceptions() as raised:
        qtbot.waitUntil(lambda: window.store_opener.done and bool(loaded), timeout=20000)
    assert window._store is not None and loaded == [True]
    assert [kind for kind, *_ in raised] == [ZeroDivisionError]  # reported, not swallowed


def test_home_that_cannot_be_read_shows_the_profile_chosen_with_nothing_listed(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, store: Store, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not the Home of the profile shown before: a read failing after a switch leaves an empty Home of the new one."""
    from app.store.errors import StoreError

    store.record_attempt(store.add_profile("Ann"), missed(library.cases[0].id, library, utc_now()))
    store.add_profile("Zed")
    window.choose_profile("Ann")
    assert window.home.greeting.text() == "Welcome, Ann" and window.home.recent_list.count() > 0

    def locked(*_arguments: object) -> object:
        raise StoreError("the database is locked")

    warned: list[str] = []
    monkeypatch.setattr("app.ui.window.profile_actions.QMessageBox.warning",
                        lambda _parent, _title, text: warned.append(text))
    monkeypatch.setattr(Store, "recent_attempts", locked)
    window.choose_profile("Zed")
    assert window.profile.name == "Zed" and window.home.greeting.text() == "Welcome, Zed"
    assert window.home.due_list.count() == 0 and window.home_state is None
    assert warned and "read your home page" in warned[0]
