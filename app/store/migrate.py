"""Bringing a database's schema up to date at open, with a backup of a SQLite file first.

The alembic configuration is built in code and points at ``migrations/`` beside this
module, so it works from a checkout, an installed wheel and a PyInstaller bundle
(which must ship that folder as data). Two programs opening one database at the same
moment do not both migrate it: the upgrade runs in a write transaction (SQLite) or
under an advisory lock (PostgreSQL), and the revision is read again once inside.

Why alembic is imported only when an upgrade is due: with mako and its helpers it takes
about a fifth of a second, at every start, yet the schema changes once per release. An
up-to-date database is recognised by one query of the revision alembic recorded, compared
with the newest revision named in the migration files (read as text, not imported).
"""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import DBAPIError

from app.store.engine import sqlite_file, writer
from app.store.errors import StoreError
from app.training.clock import utc_now

MIGRATIONS = Path(__file__).with_name("migrations")
# Any fixed number: PostgreSQL advisory locks are keyed by an integer the programs agree on.
MIGRATION_LOCK = 7_000_007
# PostgreSQL's code for "permission denied": a class login upgrading the class's tables.
INSUFFICIENT_PRIVILEGE = "42501"


if TYPE_CHECKING:
    from alembic.config import Config


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the migrations folder has no revisions"
    return head


def current_revision(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` inside the connection's transaction."""
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def recorded_revision(connection: Connection) -> str | None:
    """The schema revision alembic recorded in the database, by one query without alembic;
    None for a database that has none (a new one)."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def newest_revision() -> str | None:
    """The head revision as the migration files name it, read as text: the one revision no other
    revises. None if the files do not say it plainly (alembic then reads them itself)."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for names in _migration_files():
        revisions.add(str(names.get("revision")))
        down = names.get("down_revision")
        revised.update(down if isinstance(down, tuple | list) else [] if down is None else [str(down)])
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


def known_revisions() -> set[str]:
    """Every revision the migration files name, read as text."""
    return {str(names.get("revision")) for names in _migration_files()}


def _migration_files() -> list[dict[str, object]]:
    return [_revision_names(path) for path in (MIGRATIONS / "versions").glob("*.py")]


def _revision_names(path: Path) -> dict[str, object]:
    """``revision`` and ``down_revision`` as a migration file sets them (plain or annotated)."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
            found[target.id] = ast.literal_eval(value)
    return found


def migrate(engine: Engine) -> Path | None:
    """Upgrade the database to the latest schema. Returns the backup taken, if any: one is
    taken of a SQLite file that already held an older schema, before touching it."""
    path = sqlite_file(engine.url)
    if path is not None and path.exists():
        _refuse_newer_file(path)
    with engine.connect() as connection:
        recorded = recorded_revision(connection)
    if recorded is not None and recorded == newest_revision():
        return None
    from alembic.script import ScriptDirectory  # an upgrade is due (or the files are unusual): alembic decides

    head = head_revision()
    with writer(engine).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        current = current_revision(connection)
        if current == head:
            return None
        known = {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
        if current is not None and current not in known:
            raise _newer(engine.url.render_as_string(hide_password=True), current)
        backup = _backup(path, current) if path is not None and current is not None else None
        try:
            upgrade(connection)
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE:
                raise StoreError(
                    f"the class database {engine.url.render_as_string(hide_password=True)} was made by an older "
                    "Director Trainer, and your login may not bring it up to date: ask the instructor to run "
                    "director-trainer --db OWNER_URL classroom setup") from exc
            raise
        return backup


def _refuse_newer_file(path: Path) -> None:
    """Refuse a SQLite file whose schema a newer release wrote, reading it with ``sqlite3`` before the
    engine's first connection switches it to WAL mode: a file that is refused is left as it was found
    (the release that wrote it may not expect WAL, and the user may take it back to that release)."""
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return  # the engine's own connection reports a file it cannot open
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return  # no revision recorded (a new file): nothing newer to refuse
    finally:
        connection.close()
    if row is not None and str(row[0]) not in known_revisions():
        raise _newer(str(path), str(row[0]))


def _newer(where: str, revision: str) -> StoreError:
    return StoreError(f"the progress database {where} has schema revision {revision}, written by a newer Director "
                      "Trainer; update the application, or open another database with --db")


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


