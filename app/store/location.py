"""Which database holds the progress: ``--db``, else $DIRECTOR_TRAINER_DB, else a SQLite file
in the platform's user data folder.

A value with ``://`` is an SQLAlchemy URL (``postgresql://user@host/dbname`` for a
classroom); anything else is a file path for SQLite, so ``--db ~/class.sqlite3`` works
without knowing URL syntax.

SQLAlchemy is imported only to make a URL: the window asks ``database_file`` which file it
will open before the store is opened (to show Home from its snapshot, see ``home_snapshot``),
and that must not cost SQLAlchemy's import on the way to the first paint.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from app.store.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

DB_ENV = "DIRECTOR_TRAINER_DB"
APP_NAME = "director-trainer"
DEFAULT_FILE = "progress.sqlite3"
# psycopg 3 is the PostgreSQL driver the project tests with; SQLAlchemy's bare
# "postgresql://" would otherwise look for psycopg2.
POSTGRES_DRIVER = "postgresql+psycopg"


def default_database_path() -> Path:
    return platformdirs.user_data_path(APP_NAME) / DEFAULT_FILE


def database_value(option: str | None = None) -> str:
    """What names the database: the ``--db`` value if given, else the environment, else the default file."""
    return option or os.environ.get(DB_ENV) or str(default_database_path())


def database_file(option: str | None = None) -> Path | None:
    """The SQLite file ``database_url`` opens for this value, resolved; None for a URL (even a
    ``sqlite:///`` one: only a plain path is read without SQLAlchemy)."""
    value = database_value(option)
    if "://" in value:
        return None
    return Path(value).expanduser().resolve()


def database_url(option: str | None = None) -> URL:
    """The URL to open: the ``--db`` value if given, else the environment, else the default file."""
    from sqlalchemy.engine import URL, make_url
    from sqlalchemy.exc import ArgumentError

    path = database_file(option)
    if path is not None:
        return URL.create("sqlite", database=str(path))
    value = database_value(option)
    try:
        url = make_url(value)
    except (ArgumentError, ValueError) as exc:
        raise StoreError(
            f"{value!r} is not a database URL; write sqlite:////path/to/progress.sqlite3, "
            "postgresql://user:password@host/dbname, or just a file path"
        ) from exc
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername=POSTGRES_DRIVER)
    return url
