"""Engines set up for safe concurrent use: SQLite in WAL mode with foreign keys, a busy
timeout and full syncing; write transactions that take the write lock at once.

Why ``BEGIN IMMEDIATE`` for writes: a deferred SQLite transaction that reads first and
writes later can find, at its first write, that another process committed in between;
SQLite then fails at once with "database is locked" instead of waiting. Taking the
write lock at the start makes a second writer wait (up to the busy timeout) instead.
Reads stay deferred, so they never wait for a writer (WAL lets them run side by side).

Why one shared connection for an in-memory database (``sqlite://``): each SQLite connection to
``:memory:`` has a database of its own, and SQLAlchemy's default pool gives each thread its own
connection; the window opens the store off the GUI thread and uses it on the GUI thread, which
would then find an empty database ("no such table"). A single connection, shared by the threads
(SQLite serialises them), keeps one database for the life of the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from app.store.errors import StoreError
from app.store.health import check_file, prepare_folder

WRITE_OPTION = "director_trainer_write"
BUSY_TIMEOUT_MS = 30_000
# A class database is reached over a network that can drop (a trainee's Wi-Fi): libpq is told to give
# up on a silent connection within seconds rather than TCP's minutes, so the window can say so, keep
# the trainee's answers and send them once it is back. A value in the URL's query wins.
POSTGRES_NETWORK = {"connect_timeout": 5, "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2,
                    "keepalives_count": 3, "tcp_user_timeout": 10_000}


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def sqlite_file(url: URL) -> Path | None:
    """The database file of a SQLite URL, or None for an in-memory database."""
    if not is_sqlite(url) or url.database in (None, "", ":memory:"):
        return None
    return Path(str(url.database))


def create_store_engine(url: URL) -> Engine:
    """An engine for the progress database; ``writer(engine)`` gives its write-transaction twin.
    A SQLite file is checked first (see ``health``): its folder made, read-only or damaged refused."""
    options: dict[str, Any] = {}
    if is_sqlite(url) and sqlite_file(url) is None:
        options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    elif url.get_backend_name() == "postgresql":
        # pre-ping: a connection the network dropped is replaced at its next use, not reported as an error
        options = {"pool_pre_ping": True,
                   "connect_args": {key: value for key, value in POSTGRES_NETWORK.items() if key not in url.query}}
    try:
        engine = create_engine(url, **options)
    except (ArgumentError, NoSuchModuleError) as exc:
        raise StoreError(
            f"{url.render_as_string(hide_password=True)} names no database type SQLAlchemy knows: {exc}"
        ) from exc
    except ImportError as exc:
        raise StoreError(
            f"the driver for {url.get_backend_name()} is not installed ({exc.name}); for PostgreSQL "
            "install it with: pip install 'psycopg[binary]'"
        ) from exc
    if is_sqlite(url):
        path = sqlite_file(url)
        if path is not None:
            prepare_folder(path)
            check_file(path)
        event.listen(engine, "connect", _configure_sqlite)
        event.listen(engine, "begin", _begin_sqlite)
    return engine


def describe(url: URL) -> str:
    """Where the progress is, as a user would write it: the file's path for SQLite, else the URL
    without its password."""
    if is_sqlite(url):
        path = sqlite_file(url)
        return str(path) if path is not None else "memory (not saved)"
    return url.render_as_string(hide_password=True)


def writer(engine: Engine) -> Engine:
    """The same engine, marked so that its transactions are write transactions."""
    return engine.execution_options(**{WRITE_OPTION: True})


def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite's own would be deferred).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # FULL: a commit is on disk before it returns, so power loss cannot take it back either.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _begin_sqlite(connection: Connection) -> None:
    immediate = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
