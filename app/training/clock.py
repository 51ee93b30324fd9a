"""Wall-clock time in UTC, the one time zone the training layer and the store work in.

fsrs refuses naive or non-UTC datetimes, and a classroom database is shared across
machines, so every moment is made an aware UTC datetime at the edge and stays one.
"""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)


def local_now() -> datetime:
    """Now, aware, in the machine's time zone: a trainee's day (the study plan's, Home's Today box) starts
    at midnight where they are."""
    return datetime.now().astimezone()


def as_utc(moment: datetime) -> datetime:
    """The same moment in UTC; a naive datetime is refused because its zone is a guess."""
    if moment.tzinfo is None:
        raise ValueError(f"{moment.isoformat()} has no time zone; pass an aware datetime (UTC)")
    return moment.astimezone(UTC)
