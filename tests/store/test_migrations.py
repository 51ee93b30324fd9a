"""Schema migrations: the revisions build exactly the models' schema, a database made by the
first revision (or by 0002, before work in progress was kept) upgrades with its data intact
(and a backup of a SQLite file), and a database from a newer version is refused with a message."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from store_samples import HALF_RIGHT, T0, answered, sample_case

from app.store import Role, Store, StoreError
from app.store.engine import BUSY_TIMEOUT_MS, create_store_engine, writer
from app.store.location import database_url
from app.store.migrate import current_revision, head_revision, upgrade
from app.store.models import Base
from app.training.attempt import Attempt
from app.training.exam import ExamProfile
from app.training.live import LivePhase, LiveStep
from app.training.practice import Mode
from app.training.report import Report
from app.training.review import ReviewScheduler

FIRST = "0001"


def _engine(db_url: str) -> sa.Engine:
    return create_store_engine(database_url(db_url))


def test_the_migrations_build_the_schema_the_models_describe(store: Store, db_url: str) -> None:
    engine = _engine(db_url)
    with engine.connect() as connection:
        assert current_revision(connection) == head_revision()
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


def test_a_database_from_the_first_revision_opens_with_its_data(db_url: str) -> None:
    engine = _engine(db_url)
    with writer(engine).begin() as connection:
        upgrade(connection, FIRST)
        connection.execute(sa.text(
            "INSERT INTO profiles (name, role, created_at) VALUES ('Ann', 'trainee', :t)"
        ), {"t": datetime(2024, 5, 1, 20, 0)})
        ann_id = connection.execute(sa.text("SELECT id FROM profiles")).scalar_one()
        connection.execute(sa.text(
            "INSERT INTO attempts (profile_id, case_id, case_title, edition, mode, points, max_points, score, "
            "seconds, started_at, finished_at) VALUES (:ann, 'ib-1', 'An old case', 'wbf-2017', 'practice', "
            "1.5, 3, 0.5, 42, :t, :t)"
        ), {"ann": ann_id, "t": datetime(2024, 5, 1, 20, 5)})
    engine.dispose()

    with Store.open(db_url, ReviewScheduler(fuzz=False)) as store:
        [ann] = store.profiles()
        assert ann.name == "Ann"
        assert store.last_results(ann) == {"ib-1": 0.5}
        [old] = store.recent_attempts(ann)
        assert old.finished_at == datetime(2024, 5, 1, 20, 5, tzinfo=UTC)
        store.set_note(ann, "27B2", "a table revision 0002 added")  # the new tables work
        store.record_attempt(ann, answered(sample_case(), HALF_RIGHT, T0))
        assert store.notes(ann) == {"27B2": "a table revision 0002 added"}
        backup = store.backup
    if db_url.startswith("sqlite"):
        assert backup is not None and backup.exists()
        copy = sa.create_engine(f"sqlite:///{backup}")
        with copy.connect() as connection:
            assert current_revision(connection) == FIRST
            assert connection.execute(sa.text("SELECT name FROM profiles")).scalars().all() == ["Ann"]
        copy.dispose()
    else:
        assert backup is None  # a server database is backed up by its administrator, not by us


def test_an_up_to_date_or_new_database_is_not_backed_up(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with Store.open(str(path)) as store:
        assert store.backup is None
    with Store.open(str(path)) as store:
        assert store.backup is None
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".bak")] == []


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    Store.open(str(path)).close()
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StoreError, match="newer Director Trainer"):
        Store.open(str(path))


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    engine = _engine(str(tmp_path / "progress.sqlite3"))
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == BUSY_TIMEOUT_MS
    engine.dispose()


def _ann_with_an_attempt(connection: sa.Connection) -> int:
    """A trainee, Ann, with one finished practice attempt at 'ib-1' (half marks), written as an older
    schema holds them; her profile id."""
    connection.execute(sa.text(
        "INSERT INTO profiles (name, role, created_at) VALUES ('Ann', 'trainee', :t)"), {"t": datetime(2024, 5, 1)})
    ann_id: int = connection.execute(sa.text("SELECT id FROM profiles")).scalar_one()
    connection.execute(sa.text(
        "INSERT INTO attempts (profile_id, case_id, case_title, edition, mode, points, max_points, score, "
        "seconds, started_at, finished_at) VALUES (:ann, 'ib-1', 'An old case', 'wbf-2017', 'practice', "
        "1.5, 3, 0.5, 42, :t, :t)"), {"ann": ann_id, "t": datetime(2024, 5, 1, 20, 5)})
    return ann_id


def test_a_database_at_revision_0002_upgrades_with_its_data(db_url: str) -> None:
    """0003 adds the work in progress and an exam's paused time: a database of 0002 with a profile,
    an attempt, an exam and a note opens with all of them, and can keep unfinished work."""
    engine = _engine(db_url)
    with writer(engine).begin() as connection:
        upgrade(connection, "0002")
        ann_id = _ann_with_an_attempt(connection)
        connection.execute(sa.text(
            "INSERT INTO exams (profile_id, name, definition, case_ids, seed, started_at, finished_at, points, "
            "max_points, passed, timed_out, report) VALUES (:ann, 'Old paper', :definition, '[\"ib-1\"]', NULL, "
            ":start, :end, 2, 3, :passed, :timed_out, :report)"),
            {"ann": ann_id, "definition": json.dumps(ExamProfile("Old paper", cases=1, minutes=30).to_dict()),
             "start": datetime(2024, 5, 2, 19), "end": datetime(2024, 5, 2, 19, 20), "passed": True,
             "timed_out": False, "report": json.dumps(Report("Old paper", ()).to_dict())})
        connection.execute(sa.text("INSERT INTO notes (profile_id, section_key, text, updated_at) "
                                   "VALUES (:ann, '27B2', 'kept', :t)"), {"ann": ann_id, "t": datetime(2024, 5, 1)})
    engine.dispose()

    with Store.open(db_url, ReviewScheduler(fuzz=False)) as store:
        [ann] = store.profiles()
        assert store.last_results(ann) == {"ib-1": 0.5} and store.notes(ann) == {"27B2": "kept"}
        [old_exam] = store.exams(ann)
        report = store.exam_report(old_exam.id)
        assert report.paused == timedelta(0) and report.time_taken == timedelta(minutes=20)
        assert report.profile.clock_runs_while_closed  # a paper saved before the setting: the honest default
        attempt = Attempt(sample_case(), started_at=T0)
        attempt.answer(HALF_RIGHT[0])
        store.save_unfinished_attempt(ann, attempt, Mode.PRACTICE)
        assert [saved.case_id for saved in store.unfinished_attempts(ann)] == ["ib-1"]
        backup = store.backup
    if db_url.startswith("sqlite"):
        assert backup is not None and backup.exists()
        copy = sa.create_engine(f"sqlite:///{backup}")
        with copy.connect() as connection:
            assert current_revision(connection) == "0002"
            assert connection.execute(sa.text("SELECT name FROM exams")).scalars().all() == ["Old paper"]
        copy.dispose()
    else:
        assert backup is None


def test_a_database_at_revision_0003_upgrades_with_its_data(db_url: str) -> None:
    """0004 adds the classroom: a profile's login and the live sessions. Adding the login column must
    not copy the profiles table (on SQLite, dropping the old copy would cascade to every attempt)."""
    engine = _engine(db_url)
    with writer(engine).begin() as connection:
        upgrade(connection, "0003_work_in_progress")
        ann_id = _ann_with_an_attempt(connection)
        connection.execute(sa.text("INSERT INTO bookmarks (profile_id, section_key, created_at) "
                                   "VALUES (:ann, '27B2', :t)"), {"ann": ann_id, "t": datetime(2024, 5, 1)})
    engine.dispose()

    with Store.open(db_url, ReviewScheduler(fuzz=False)) as store:
        [ann] = store.profiles()
        assert store.last_results(ann) == {"ib-1": 0.5} and store.bookmarks(ann) == ["27B2"]
        assert store.login_profile() is None  # no class logins on a database that was not made a class
        ivy = store.add_profile("Ivy", Role.INSTRUCTOR)
        state = store.start_live_session(ivy, sample_case(), 1, LiveStep(LivePhase.TABLE, None, frozenset()))
        store.join_live_session(ann, state.code)
        assert store.live_room(state.session_id, None).present == ("Ann",)
