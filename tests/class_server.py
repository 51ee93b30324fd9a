"""A class on the test PostgreSQL server (DT_TEST_POSTGRES_URL), for the tests that need real
logins: a schema of its own, made a class by ``ClassAdmin`` as its owner would, and everything it
made — the schema and the class's roles, which belong to the whole server — dropped afterwards."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from app.store.class_admin import ClassAdmin, ClassLogin

POSTGRES_ENV = "DT_TEST_POSTGRES_URL"


def server_url() -> str:
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} is not set: no PostgreSQL server to test on")
    return server


def in_schema(url: str, schema: str) -> str:
    return make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False)


@dataclass
class ClassServer:
    """The class's owner (``admin``, connected as the tests' superuser), its schema and name."""

    admin: ClassAdmin
    owner_url: str
    schema: str
    name: str

    def add(self, name: str, instructor: bool = False) -> tuple[ClassLogin, str]:
        """A login of the class and the URL it connects with (its password in it)."""
        login = self.admin.add(name, instructor=instructor)
        return login, self.admin.url_for(login)


@contextmanager
def class_on_server(named: bool = True) -> Iterator[ClassServer]:
    """A class on the server; ``named`` False lets setup name it after the database and schema."""
    server = server_url()
    schema, name = f"test_{uuid.uuid4().hex[:12]}", f"t{uuid.uuid4().hex[:10]}"
    owner = sa.create_engine(server)
    with owner.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
    admin = ClassAdmin.open(in_schema(server, schema))
    try:
        name = admin.setup(name if named else None)
        yield ClassServer(admin, in_schema(server, schema), schema, name)
    finally:
        admin.close()
        with owner.begin() as connection:
            connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
            roles = connection.execute(sa.text("SELECT rolname FROM pg_roles WHERE rolname LIKE :prefix"),
                                       {"prefix": f"{name}\\_%"}).scalars().all()
            for role in sorted(roles, key=lambda r: r.endswith(("_member", "_instructor"))):  # logins first
                connection.execute(sa.text(f'DROP OWNED BY "{role}" CASCADE'))
                connection.execute(sa.text(f'DROP ROLE "{role}"'))
        owner.dispose()
