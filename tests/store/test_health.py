"""A SQLite progress file that cannot be used is found at open, with a message that says why
and what to do: a folder that cannot be made, a read-only file, damaged pages; and the two
ways out of a damaged file (restore the pre-upgrade backup, or start afresh) keep it."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from damaged_stores import damage, filled, garble_row, settle_into_one_file, upgraded_from_first_revision

from app.store import Store, StoreError
from app.store.health import DamagedStore, ReadOnlyStore, integrity_check, latest_backup, restore_backup, set_aside


@pytest.fixture
def read_only() -> Iterator[list[Path]]:
    """Makes files read-only for the test: chmod, and for root (whom chmod does not stop) the
    immutable attribute; skips where neither works. Undone afterwards so tmp_path can be removed."""
    made: list[Path] = []
    yield made
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)
        path.chmod(0o644)


def _make_read_only(path: Path, made: list[Path]) -> None:
    path.chmod(0o444)
    made.append(path)
    if os.access(path, os.W_OK):
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)],
                                                            capture_output=True, check=False).returncode:
            pytest.skip("cannot make a file read-only for this user")


def test_a_folder_that_cannot_be_made_is_a_store_error_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(StoreError) as raised:
        Store.open(str(blocker / "sub" / "progress.sqlite3"))
    message = str(raised.value)
    assert str(blocker / "sub") in message and "cannot create the folder" in message
    assert f"{blocker} is a file, not a folder" in message
    assert "choose another file" in message


def test_a_read_only_file_is_refused_at_open_not_at_the_first_save(tmp_path: Path, read_only: list[Path]) -> None:
    path = filled(tmp_path / "progress.sqlite3", profiles=1)
    _make_read_only(path, read_only)
    with pytest.raises(ReadOnlyStore) as raised:
        Store.open(str(path))
    assert raised.value.path == path
    assert "read-only" in str(raised.value) and str(path) in str(raised.value)


def test_a_sound_file_passes_the_check_and_damaged_pages_are_found(tmp_path: Path) -> None:
    path = filled(tmp_path / "progress.sqlite3")
    assert integrity_check(path) is None
    damage(path)
    # Reading the first rows still works, which is why the check is needed at open.
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT name FROM profiles WHERE id = 1")).scalar_one()
    engine.dispose()
    complaint = integrity_check(path)
    assert complaint is not None and not complaint.startswith("***")
    with pytest.raises(DamagedStore) as raised:
        Store.open(str(path))
    assert raised.value.path == path and raised.value.backup is None
    assert "damaged" in str(raised.value) and "start a fresh file" in str(raised.value)


def test_a_file_that_is_not_a_database_counts_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is a text file, not SQLite" * 200)
    with pytest.raises(DamagedStore):
        Store.open(str(path))


def test_the_backup_before_the_last_upgrade_is_offered_and_restores_the_data(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    backup = upgraded_from_first_revision(path, "Ann")
    with Store.open(str(path)) as store:
        store.add_profile("Bob")
    assert backup is not None and latest_backup(path) == backup
    filled(path)
    damage(path)
    with pytest.raises(DamagedStore) as raised:
        Store.open(str(path))
    assert raised.value.backup == backup and "restore the copy taken before the last upgrade" in str(raised.value)

    aside = restore_backup(path, backup)
    assert aside.exists() and aside.read_bytes() != path.read_bytes()  # the damaged file is kept
    with Store.open(str(path)) as store:
        assert [p.name for p in store.profiles()] == ["Ann"]  # as it was before the upgrade


def test_a_fresh_start_keeps_the_damaged_file_beside_it(tmp_path: Path) -> None:
    path = filled(tmp_path / "progress.sqlite3")
    damage(path)
    damaged = path.read_bytes()
    aside = set_aside(path)
    assert not path.exists() and aside.read_bytes() == damaged and aside.parent == path.parent
    with Store.open(str(path)) as store:
        assert store.profiles() == []


def test_the_location_is_a_path_for_sqlite_and_a_url_without_password_otherwise(tmp_path: Path) -> None:
    with Store.open(str(tmp_path / "progress.sqlite3")) as store:
        assert store.location == str(tmp_path / "progress.sqlite3")
    with Store.open("sqlite://") as store:
        assert "://" not in store.location


def out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full check looks at its budget at every step, so a budget of 0 stops it at once."""
    monkeypatch.setattr("app.store.health._STEPS_BETWEEN_CLOCK_LOOKS", 1)


def test_a_garbled_row_that_quick_check_passes_is_found_at_open(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A row changed in place reads without error and passes quick_check, which compares no index with its
    table; the full check at open finds it, before the trainee's new work goes on top of it."""
    path = garble_row(tmp_path / "progress.sqlite3")
    with monkeypatch.context() as patched:
        out_of_time(patched)
        assert integrity_check(path, budget=0) is None  # with no time for the full check, only quick_check runs
    complaint = integrity_check(path)
    assert complaint is not None and "no longer match its index" in complaint
    before = path.read_bytes()
    with pytest.raises(DamagedStore) as raised:
        Store.open(str(path))
    assert raised.value.path == path and "damaged" in str(raised.value) and "start a fresh file" in str(raised.value)
    assert path.read_bytes() == before  # refused before anything was written to it


def test_damaged_pages_are_found_even_when_the_full_check_runs_out_of_time(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = filled(tmp_path / "progress.sqlite3")
    damage(path)
    out_of_time(monkeypatch)
    assert integrity_check(path, budget=0) is not None


def test_a_file_from_a_newer_release_is_refused_as_it_was_found(tmp_path: Path) -> None:
    """A schema revision this release does not know is refused before anything changes the file: not even
    the switch to WAL mode, which the release that wrote it may not expect."""
    path = filled(tmp_path / "progress.sqlite3", profiles=3)
    settle_into_one_file(path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as raised:
        Store.open(str(path))
    assert "9999_from_the_future" in str(raised.value) and "newer Director Trainer" in str(raised.value)
    assert path.read_bytes() == before
    assert not path.with_name(path.name + "-wal").exists()


def test_an_in_memory_store_opened_on_one_thread_is_used_on_another() -> None:
    """The window opens the store off the GUI thread and uses it on the GUI thread; an in-memory database
    must be the same database on both (each SQLite connection to :memory: has its own)."""
    opened: list[Store] = []
    worker = threading.Thread(target=lambda: opened.append(Store.open("sqlite://")))
    worker.start()
    worker.join()
    with opened[0] as store:
        store.add_profile("Ann")
        assert [p.name for p in store.profiles()] == ["Ann"]
