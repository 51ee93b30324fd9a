"""Persistence of trainees' progress through SQLAlchemy (SQLite by default, PostgreSQL for a
classroom), with alembic migrations applied at open. The GUI uses ``Store`` and the records.

The names are loaded on first use: SQLAlchemy and alembic take about a third of a second
to import, and the window paints before the store is opened (see ``app/ui/app.py``), so
importing ``app.store.records`` or ``app.store.errors`` must not pull them in.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.store.errors import StoreError
    from app.store.location import DB_ENV, database_url, default_database_path
    from app.store.records import AttemptSummary, CaseResult, ClassResults, ExamSummary, GroupResult, Profile, Role
    from app.store.store import Store

_HOMES = {
    "StoreError": "errors",
    "DB_ENV": "location", "database_url": "location", "default_database_path": "location",
    "AttemptSummary": "records", "CaseResult": "records", "ClassResults": "records", "ExamSummary": "records",
    "GroupResult": "records", "Profile": "records", "Role": "records",
    "Store": "store",
}

__all__ = [
    "DB_ENV", "AttemptSummary", "CaseResult", "ClassResults", "ExamSummary", "GroupResult", "Profile", "Role",
    "Store", "StoreError", "database_url", "default_database_path",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"app.store.{home}"), name)
