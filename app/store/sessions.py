"""One transaction per store method: the read and write sessions, with database errors in the user's words.

The base of ``Store`` and of its parts (``results``, ``bookmarks``): every
method of theirs opens one of these sessions, so that a write lands whole or
not at all, and a trainee's profile row is locked before his data changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from app.store.engine import describe, sqlite_file, writer
from app.store.errors import StoreError
from app.store.models import ProfileRow
from app.store.records import Profile
from app.training.review import ReviewScheduler


class StoreSessions:
    """The engine, its sessions and the review scheduler a store writes with."""

    def __init__(self, engine: Engine, scheduler: ReviewScheduler | None = None, backup: Path | None = None) -> None:
        self._engine = engine
        self._reads = sessionmaker(engine, expire_on_commit=False)
        self._writes = sessionmaker(writer(engine), expire_on_commit=False)
        self._scheduler = scheduler or ReviewScheduler()
        self.backup = backup

    @property
    def location(self) -> str:
        """Where progress goes, for the user: a SQLite file's path, else the URL without its password."""
        return describe(self._engine.url)

    @property
    def file(self) -> Path | None:
        """The SQLite file the progress is kept in, resolved; None for an in-memory or a server database."""
        return sqlite_file(self._engine.url)

    def close(self) -> None:
        self._engine.dispose()

    @contextmanager
    def _read(self) -> Iterator[Session]:
        try:
            with self._reads.begin() as session:
                yield session
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read the progress database {self.location}: {_reason(exc)}") from exc

    @contextmanager
    def _write(self) -> Iterator[Session]:
        try:
            with self._writes.begin() as session:
                yield session
        except IntegrityError as exc:
            raise StoreError(
                f"the change clashes with data saved at the same moment in {self.location}: {_reason(exc)}; try again"
            ) from exc
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot save to the progress database {self.location}: {_reason(exc)}") from exc

    def _lock(self, session: Session, profile: Profile) -> ProfileRow:
        row = session.get(ProfileRow, profile.id, with_for_update=True)
        if row is None:
            raise StoreError(f"the profile {profile.name!r} no longer exists in {self.location}; choose another")
        return row


def _reason(exc: BaseException) -> str:
    """The database's own words, without SQLAlchemy's SQL echo and documentation link."""
    original = getattr(exc, "orig", None) or exc
    return str(original).strip().splitlines()[0]
