"""Home's reading of the store and its snapshot, without Qt: until when a reading holds (``valid_until``),
the database file's stamp, and when a kept snapshot is given back (``read_snapshot``)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from store_samples import HALF_RIGHT, answered, sample_case

from app.store import Store, home_snapshot
from app.store.home_snapshot import file_stamp, read_snapshot, snapshot_path, wal_file, write_snapshot
from app.store.home_state import HomeState, chosen_profile, read_home_state, start_of_next_day, valid_until
from app.store.location import database_file
from app.store.records import Profile, Role
from app.training.exam import ExamProfile
from app.training.resume import SavedExam
from app.training.study_plan import StudyPlan

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 3, 10, 14, 0, tzinfo=UTC)
CLOSED_RUNS = ExamProfile(name="Runs", cases=2, minutes=60, quotas={}, clock_runs_while_closed=True)
CLOSED_STOPS = ExamProfile(name="Stops", cases=2, minutes=60, quotas={}, clock_runs_while_closed=False)


def exam(profile: ExamProfile, started: datetime) -> SavedExam:
    return SavedExam(profile, ("a", "b"), 1, started, timedelta(0), started, ())


# -- valid_until -----------------------------------------------------------------------------------


def test_a_reading_holds_until_the_next_local_day_without_anything_else() -> None:
    assert valid_until(NOW, None, None, None) == start_of_next_day(NOW).astimezone(UTC)
    midnight = start_of_next_day(NOW)
    assert midnight > NOW and midnight - NOW <= timedelta(days=1, hours=1)
    assert (midnight.hour, midnight.minute) == (0, 0) and midnight.date() > NOW.astimezone().date()


def test_a_review_item_falling_due_first_ends_it() -> None:
    soon = NOW + timedelta(minutes=7)
    assert valid_until(NOW, soon, None, None) == soon


def test_an_exam_whose_clock_runs_while_closed_ends_it_when_its_time_runs_out() -> None:
    started = NOW - timedelta(minutes=20)  # 40 minutes left
    assert valid_until(NOW, None, exam(CLOSED_RUNS, started), None) == NOW + timedelta(minutes=40)
    # a stopped clock leaves the same time left whenever it is resumed: nothing changes with the clock
    assert valid_until(NOW, None, exam(CLOSED_STOPS, started), None) == valid_until(NOW, None, None, None)
    # a paper whose time has already run out says so, and goes on saying it
    assert valid_until(NOW, None, exam(CLOSED_RUNS, NOW - timedelta(hours=2)), None) == valid_until(
        NOW, None, None, None)


def test_the_plans_exam_starting_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    try:
        plan = StudyPlan(CLOSED_RUNS, date(2026, 3, 10))  # the exam is today at 9:00; now is 8:00
        morning = datetime(2026, 3, 10, 8, 0, tzinfo=UTC)
        assert valid_until(morning, None, None, plan) == datetime(2026, 3, 10, 9, 0, tzinfo=UTC)
        assert valid_until(NOW, None, None, plan) == datetime(2026, 3, 11, 0, 0, tzinfo=UTC)  # past: the day
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_the_profile_chosen_is_the_setting_else_the_first_by_name() -> None:
    ann, bob = Profile(1, "Ann", Role.TRAINEE), Profile(2, "Bob", Role.TRAINEE)
    assert chosen_profile("Bob", [ann, bob]) == bob
    assert chosen_profile(" Bob ", [ann, bob]) == bob
    assert chosen_profile("Carl", [ann, bob]) == ann
    assert chosen_profile("", [ann, bob]) == ann
    assert chosen_profile("Ann", []) is None


# -- reading from the store ------------------------------------------------------------------------


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[Path, Store, Profile]]:
    """A SQLite file with a trainee who missed a case (due again later)."""
    db = tmp_path / "progress.sqlite3"
    store = Store.open(str(db))
    profile = store.add_profile("Ann")
    store.record_attempt(profile, answered(sample_case(), HALF_RIGHT, datetime.now(UTC)))
    yield db.resolve(), store, profile
    store.close()


def test_the_reading_holds_until_the_next_item_falls_due(kept: tuple[Path, Store, Profile]) -> None:
    _db, store, profile = kept
    now = datetime.now(UTC).astimezone()
    state = read_home_state(store, profile, now)
    next_due = store.next_due(profile, now)
    assert next_due is not None and next_due > now
    assert state.valid_until == min(next_due, start_of_next_day(now).astimezone(UTC))
    assert state.due == tuple(store.due_items(profile, now))
    assert [a.case_id for a in state.recent] == ["ib-1"] and state.profiles == (profile,)
    later = read_home_state(store, profile, next_due.astimezone())
    assert len(later.due) > len(state.due)  # at valid_until Home changes though the rows did not


# -- the stamp and the snapshot --------------------------------------------------------------------


def test_the_stamp_changes_with_a_write_and_sees_a_write_ahead_log(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    assert file_stamp(db) is None
    db.write_bytes(b"x" * 100)
    first = file_stamp(db)
    assert first is not None and first[1] is None
    os.utime(db, ns=(0, first[0][1] + 1))
    assert file_stamp(db) != first
    second = file_stamp(db)
    os.chmod(db, 0o400)  # made read-only: the store would refuse it, so the copy must not stand in for it
    assert file_stamp(db) != second
    second = file_stamp(db)
    wal_file(db).write_bytes(b"log")
    assert file_stamp(db) != second and file_stamp(db)[1] is not None  # type: ignore[index]


def _kept_snapshot(kept: tuple[Path, Store, Profile], cache: Path) -> HomeState:
    db, store, profile = kept
    state = read_home_state(store, profile)
    store.close()
    assert write_snapshot(db, state, cache)
    return state


def test_a_snapshot_is_given_back_while_the_file_is_unchanged(kept: tuple[Path, Store, Profile],
                                                              tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    state = _kept_snapshot(kept, cache)
    db = kept[0]
    assert read_snapshot(db, "", cache=cache) == state
    assert read_snapshot(db, "Ann", cache=cache) == state
    assert read_snapshot(db, "Bob", cache=cache) == state  # no Bob: the store opens on Ann too


def test_a_snapshot_is_not_given_back_after_a_write(kept: tuple[Path, Store, Profile], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _kept_snapshot(kept, cache)
    db, _store, profile = kept
    with Store.open(str(db)) as other:
        other.record_attempt(profile, answered(sample_case("ib-2"), HALF_RIGHT, datetime.now(UTC)))
    assert read_snapshot(db, "", cache=cache) is None


def test_a_snapshot_is_not_given_back_at_valid_until_nor_for_another_profile(kept: tuple[Path, Store, Profile],
                                                                            tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    state = _kept_snapshot(kept, cache)
    db = kept[0]
    assert read_snapshot(db, "", state.valid_until - timedelta(seconds=1), cache) == state
    assert read_snapshot(db, "", state.valid_until, cache) is None
    # A clock set back before the reading (corrected at the next boot, say): Home could list what is not due.
    assert read_snapshot(db, "", state.read_at, cache) == state
    assert read_snapshot(db, "", state.read_at - timedelta(days=4), cache) is None
    with Store.open(str(db)) as other:
        other.add_profile("Bob")
    state = _kept_snapshot((db, Store.open(str(db)), kept[2]), cache)
    assert read_snapshot(db, "Ann", cache=cache) == state
    assert read_snapshot(db, "Bob", cache=cache) is None


def test_garbage_another_versions_or_anothers_open_database_gives_no_snapshot(
        kept: tuple[Path, Store, Profile], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    state = _kept_snapshot(kept, cache)
    db = kept[0]
    path = snapshot_path(db, cache)
    saved = path.read_bytes()
    path.write_bytes(b"garbage")
    assert read_snapshot(db, "", cache=cache) is None
    path.write_bytes(pickle.dumps(("key", "stamp", "not a state")))
    assert read_snapshot(db, "", cache=cache) is None
    path.write_bytes(saved)
    monkeypatch.setattr(home_snapshot, "code_key", lambda: "another version")
    assert read_snapshot(db, "", cache=cache) is None
    monkeypatch.undo()
    assert read_snapshot(db, "", cache=cache) == state
    wal_file(db).write_bytes(b"another program's log")  # it has the database open: no copy, and none read
    assert not write_snapshot(db, state, cache)
    assert not path.exists()


def test_the_database_file_is_found_without_sqlalchemy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert database_file(str(tmp_path / "a.sqlite3")) == (tmp_path / "a.sqlite3").resolve()
    assert database_file("postgresql://u@h/db") is None and database_file("sqlite://") is None
    monkeypatch.setenv("DIRECTOR_TRAINER_DB", str(tmp_path / "env.sqlite3"))
    assert database_file(None) == (tmp_path / "env.sqlite3").resolve()
    probe = ("import sys; from app.store.location import database_file; import app.store.home_snapshot; "
             "database_file('x.sqlite3'); print('sqlalchemy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "False"


def test_a_cache_that_cannot_be_written_only_means_no_snapshot(kept: tuple[Path, Store, Profile],
                                                               tmp_path: Path) -> None:
    db, store, profile = kept
    state = read_home_state(store, profile)
    store.close()
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    assert not write_snapshot(db, state, blocked / "home")
    assert read_snapshot(db, "", cache=blocked / "home") is None


def test_a_reading_holds_from_its_moment_until_valid_until(kept: tuple[Path, Store, Profile], tmp_path: Path) -> None:
    state = _kept_snapshot(kept, tmp_path / "cache")
    assert state.holds_at(state.read_at) and state.holds_at(state.valid_until - timedelta(seconds=1))
    assert not state.holds_at(state.valid_until) and not state.holds_at(state.read_at - timedelta(seconds=1))
