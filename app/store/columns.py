"""Column types shared by the models and the migrations."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from app.training.clock import as_utc


class UTCDateTime(TypeDecorator[datetime]):
    """A moment stored as naive UTC and read back as aware UTC.

    SQLite has no time zones and PostgreSQL's would convert to the session's zone;
    storing plain UTC behaves the same on both, and the training layer always gets
    the aware datetimes fsrs insists on.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else as_utc(value).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)
