"""Progress files for the tests of a store that cannot be used: one filled and then damaged, one
first written by the oldest schema revision (so that opening it writes the pre-upgrade backup).
A plain module beside the top conftest.py, so store and window tests import the same one."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from app.store import Store
from app.store.engine import create_store_engine, writer
from app.store.location import database_url
from app.store.migrate import upgrade

FIRST_REVISION = "0001"


def filled(path: Path, profiles: int = 200) -> Path:
    """A progress file with enough profiles to span several pages."""
    with Store.open(str(path)) as store:
        for number in range(profiles):
            store.add_profile(f"Trainee number {number} with a name long enough to fill pages")
    return path


def damage(path: Path) -> None:
    """Overwrite the middle of the second-to-last page: the header and schema stay readable,
    so the file opens and its first rows read, but a table's pages are garbage."""
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    start = len(data) - 2 * page + 100
    data[start:start + page - 200] = b"\x5a" * (page - 200)
    path.write_bytes(bytes(data))


def upgraded_from_first_revision(path: Path, name: str) -> Path | None:
    """A file made by the first schema revision holding one profile, then opened (and so upgraded);
    returns the backup the upgrade wrote."""
    engine = create_store_engine(database_url(str(path)))
    with writer(engine).begin() as connection:
        upgrade(connection, FIRST_REVISION)
        connection.execute(sa.text("INSERT INTO profiles (name, role, created_at) VALUES (:name, 'trainee', "
                                   "'2024-05-01')"), {"name": name})
    engine.dispose()
    with Store.open(str(path)) as store:
        return store.backup


def garble_row(path: Path, profiles: int = 50) -> Path:
    """A filled file in which one profile's name is changed in place, byte for byte, as a bad sector or a
    stray write would: every page still reads (quick_check passes), but the name no longer matches the
    unique index on profile names."""
    filled(path, profiles)
    settle_into_one_file(path)
    data = bytearray(path.read_bytes())
    at = data.find(b"Trainee number 17 with")
    assert at > 0, "the profile name is not in the file"
    data[at:at + len(b"Trainee")] = b"Trainer"
    path.write_bytes(bytes(data))
    return path


def settle_into_one_file(path: Path) -> None:
    """Fold the write-ahead log into the file itself, so that its bytes hold every row."""
    import sqlite3

    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
