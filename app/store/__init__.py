"""Persistence of trainees' progress through SQLAlchemy (SQLite by default, PostgreSQL for a
classroom), with alembic migrations applied at open. The GUI uses ``Store`` and the records."""

from app.store.errors import StoreError
from app.store.location import DB_ENV, database_url, default_database_path
from app.store.records import AttemptSummary, CaseResult, ClassResults, ExamSummary, GroupResult, Profile, Role
from app.store.store import Store

__all__ = [
    "DB_ENV", "AttemptSummary", "CaseResult", "ClassResults", "ExamSummary", "GroupResult", "Profile", "Role",
    "Store", "StoreError", "database_url", "default_database_path",
]
