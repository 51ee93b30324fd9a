"""Store tests run twice: on a SQLite file and on PostgreSQL (skipped unless
DT_TEST_POSTGRES_URL names a server). Each PostgreSQL test gets a schema of its own,
dropped afterwards, so no test sees another's rows."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from app.store import Store
from app.training.review import ReviewScheduler

POSTGRES_ENV = "DT_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'progress.sqlite3'}"
        return
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} is not set: no PostgreSQL server to test on")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(server)
    with admin.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield make_url(server).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    with Store.open(db_url, ReviewScheduler(fuzz=False)) as opened:
        yield opened
