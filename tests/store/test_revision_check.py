"""Opening an up-to-date database checks its schema revision by one query, without alembic;
alembic is loaded only when an upgrade is due (a new file, or one of an older release)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.store.migrate import MIGRATIONS, head_revision, newest_revision, recorded_revision, upgrade
from app.store.store import Store

ROOT = Path(__file__).resolve().parents[2]
OPEN_AND_REPORT = """
import sys
from app.store.store import Store
store = Store.open(sys.argv[1])
print(store.backup is not None, "alembic" in sys.modules)
store.close()
"""


def open_in_a_fresh_interpreter(path: Path) -> str:
    result = subprocess.run([sys.executable, "-c", OPEN_AND_REPORT, str(path)], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    return result.stdout.strip()


def test_the_files_name_the_head_alembic_finds() -> None:
    assert newest_revision() == head_revision()


def test_alembic_is_loaded_only_when_an_upgrade_is_due(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    assert open_in_a_fresh_interpreter(path) == "False True"  # a new file: created by the migrations
    assert open_in_a_fresh_interpreter(path) == "False False"  # up to date: one query
    first = sorted(p.name for p in (MIGRATIONS / "versions").glob("*.py"))[0].split("_")[0]
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    with engine.begin() as connection:
        upgrade(connection, first)
    engine.dispose()
    if first != head_revision():
        # An older release's file: alembic upgrades it, after a backup.
        assert open_in_a_fresh_interpreter(tmp_path / "old.sqlite3") == "True True"


def test_the_recorded_revision_is_read_by_one_query(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    with engine.connect() as connection:
        assert recorded_revision(connection) is None
    Store.open(str(tmp_path / "p.sqlite3")).close()
    with engine.connect() as connection:
        assert recorded_revision(connection) == head_revision()
    engine.dispose()


@pytest.mark.parametrize(("text", "head"), [
    ('revision = "b"\ndown_revision = "a"\n', "b"),
    ('revision: str = "b"\ndown_revision: str | None = "a"\n', "b"),
    ('revision = "b"\ndown_revision = None\n', None),  # two roots, two heads: alembic decides
])
def test_newest_revision_reads_plain_and_annotated_files(text: str, head: str | None, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    versions = tmp_path / "versions"
    versions.mkdir()
    (versions / "0001_a.py").write_text('revision = "a"\ndown_revision = None\n', encoding="utf-8")
    (versions / "0002_b.py").write_text(text, encoding="utf-8")
    monkeypatch.setattr("app.store.migrate.MIGRATIONS", tmp_path)
    assert newest_revision() == head
