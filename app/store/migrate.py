"""Bringing a database's schema up to date at open, with a backup of a SQLite file first.

The alembic configuration is built in code and points at ``migrations/`` beside this
module, so it works from a checkout, an installed wheel and a PyInstaller bundle
(which must ship that folder as data). Two programs opening one database at the same
moment do not both migrate it: the upgrade runs in a write transaction (SQLite) or
under an advisory lock (PostgreSQL), and the revision is read again once inside.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

from app.store.engine import sqlite_file, writer
from app.store.errors import StoreError
from app.training.clock import utc_now

MIGRATIONS = Path(__file__).with_name("migrations")
# Any fixed number: PostgreSQL advisory locks are keyed by an integer the programs agree on.
MIGRATION_LOCK = 7_000_007


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the migrations folder has no revisions"
    return head


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` inside the connection's transaction."""
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def migrate(engine: Engine) -> Path | None:
    """Upgrade the database to the latest schema. Returns the backup taken, if any: one is
    taken of a SQLite file that already held an older schema, before touching it."""
    head = head_revision()
    with engine.connect() as connection:
        if current_revision(connection) == head:
            return None
    with writer(engine).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        current = current_revision(connection)
        if current == head:
            return None
        known = {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
        if current is not None and current not in known:
            raise StoreError(
                f"the progress database {engine.url.render_as_string(hide_password=True)} has schema revision "
                f"{current}, written by a newer Director Trainer; update the application, or open another "
                "database with --db"
            )
        path = sqlite_file(engine.url)
        backup = _backup(path, current) if path is not None and current is not None else None
        upgrade(connection)
        return backup


def _backup(path: Path, revision: str) -> Path:
    """A consistent copy of the file, WAL included, through SQLite's online backup."""
    stamp = utc_now().strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(f"{path.name}.rev{revision}-{stamp}.bak")
    source = sqlite3.connect(path)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target


