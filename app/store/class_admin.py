"""Making a PostgreSQL database a class, and its logins: what ``director-trainer classroom`` does.

Run by the database's owner — a login that owns the application's tables and may create roles
(CREATEROLE). ``setup`` brings the schema up to date, names the class, creates its two group
roles and applies ``class_security``; ``add`` creates a trainee's (or an instructor's) own login
with a generated password, and the profile that belongs to it; ``remove`` drops a login (with the
trainee's progress, or keeping it for the instructors to read); ``make_instructor`` makes a login
an instructor's. Each is one transaction: PostgreSQL creates and drops roles transactionally, so
a failure leaves neither a login without a profile nor the reverse.

The password is sent to the server already hashed (a SCRAM-SHA-256 verifier), so it appears in no
server log; it is shown once, to the instructor, to hand to the trainee.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, delete, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from app.store.class_security import instructor_role, member_role, statements
from app.store.engine import create_store_engine, is_sqlite
from app.store.errors import StoreError
from app.store.location import database_url
from app.store.migrate import migrate
from app.store.models import ClassroomRow, ProfileRow
from app.store.records import Role
from app.store.sessions import _reason
from app.training.clock import utc_now

CLASS_NAME = re.compile(r"[a-z][a-z0-9_]{0,29}")
LOGIN_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
SCRAM_ITERATIONS = 4096


@dataclass(frozen=True)
class ClassLogin:
    """A login of the class and the profile that belongs to it; ``password`` only when just made."""

    name: str
    login: str
    role: Role
    password: str | None = None


def scram_verifier(password: str, salt: bytes | None = None, iterations: int = SCRAM_ITERATIONS) -> str:
    """The form PostgreSQL keeps a SCRAM-SHA-256 password in (RFC 5802 and 7677): sent as the password,
    the server stores it as it is, and the clear password never leaves this machine."""
    salt = salt or secrets.token_bytes(16)
    salted = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    client_key = hmac.new(salted, b"Client Key", "sha256").digest()
    server_key = hmac.new(salted, b"Server Key", "sha256").digest()

    def b64(data: bytes) -> str:
        return base64.b64encode(data).decode("ascii")

    return f"SCRAM-SHA-256${iterations}:{b64(salt)}${b64(hashlib.sha256(client_key).digest())}:{b64(server_key)}"


def slug(name: str) -> str:
    """A name as letters, digits and underscores for a login: "Zoë O'Neill" → ``zoe_o_neill``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_")


class ClassAdmin:
    """The class in one PostgreSQL database (the schema of the URL's search path), for its owner."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @classmethod
    def open(cls, db: str | None) -> ClassAdmin:
        """Connect as the owner, bringing the schema up to date first."""
        url = database_url(db)
        if is_sqlite(url):
            raise StoreError("a class needs a PostgreSQL database that every trainee's computer reaches: give its "
                             "URL with --db, e.g. --db postgresql://coach@server/club")
        engine = create_store_engine(url)
        try:
            migrate(engine)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise StoreError(f"cannot open {url.render_as_string(hide_password=True)}: {_reason(exc)}") from exc
        return cls(engine)

    def close(self) -> None:
        self._engine.dispose()

    def setup(self, name: str | None = None) -> str:
        """Make the database a class named ``name`` (default: after the database), or bring an
        existing class's privileges and policies up to date. Returns the class's name."""
        with self._begin() as connection:
            self._check_owner(connection)
            existing = connection.scalar(select(ClassroomRow.name))
            chosen = name or existing or _default_name(connection)
            if existing is not None and existing != chosen:
                raise StoreError(f"this database already holds the class {existing!r}; run setup without --class, "
                                 f"or with --class {existing}")
            if not CLASS_NAME.fullmatch(chosen):
                raise StoreError(f"{chosen!r} cannot name a class: use up to 30 lower-case letters, digits and "
                                 "underscores, starting with a letter (--class)")
            if existing is None:
                connection.execute(insert(ClassroomRow).values(name=chosen, created_at=utc_now()))
            quote = connection.dialect.identifier_preparer.quote
            for role in (member_role(chosen), instructor_role(chosen)):
                if not _role_exists(connection, role):
                    connection.exec_driver_sql(f"CREATE ROLE {quote(role)} NOLOGIN")
            database = connection.scalar(text("SELECT current_database()"))
            connection.exec_driver_sql(f"GRANT CONNECT ON DATABASE {quote(database)} TO {quote(member_role(chosen))}")
            schema = str(connection.scalar(text("SELECT current_schema()")))
            for statement in statements(chosen, schema, quote):
                connection.exec_driver_sql(statement)
            return chosen

    def add(self, name: str, login: str | None = None, instructor: bool = False) -> ClassLogin:
        """A new login with a generated password, and the profile that belongs to it."""
        name = name.strip()
        if not name:
            raise StoreError("give the trainee's name")
        with self._begin() as connection:
            class_name = self._class(connection)
            if connection.scalar(select(ProfileRow.id).where(ProfileRow.name == name)) is not None:
                raise StoreError(f"a profile named {name!r} already exists; choose another name, or remove it first")
            login = login or _free_login(connection, class_name, name)
            if not LOGIN_NAME.fullmatch(login):
                raise StoreError(f"{login!r} cannot be a login: use lower-case letters, digits and underscores")
            if _role_exists(connection, login):
                raise StoreError(f"the server already has a login {login!r}; choose another with --login")
            password = secrets.token_urlsafe(12)
            quote = connection.dialect.identifier_preparer.quote
            groups = [member_role(class_name)] + ([instructor_role(class_name)] if instructor else [])
            connection.exec_driver_sql(
                f"CREATE ROLE {quote(login)} LOGIN PASSWORD '{scram_verifier(password)}' "
                f"IN ROLE {', '.join(quote(group) for group in groups)}")
            role = Role.INSTRUCTOR if instructor else Role.TRAINEE
            connection.execute(insert(ProfileRow).values(name=name, role=role.value, login=login, created_at=utc_now()))
            return ClassLogin(name, login, role, password)

    def new_password(self, who: str) -> ClassLogin:
        """A fresh generated password for a login (the old one stops working)."""
        with self._begin() as connection:
            self._class(connection)
            found = _member(connection, who)
            password = secrets.token_urlsafe(12)
            quote = connection.dialect.identifier_preparer.quote
            connection.exec_driver_sql(f"ALTER ROLE {quote(found.login)} PASSWORD '{scram_verifier(password)}'")
            return ClassLogin(found.name, found.login, found.role, password)

    def make_instructor(self, who: str) -> ClassLogin:
        """Make a login of the class an instructor's (it then reads the class's results and may present)."""
        with self._begin() as connection:
            class_name = self._class(connection)
            found = _member(connection, who)
            quote = connection.dialect.identifier_preparer.quote
            connection.exec_driver_sql(f"GRANT {quote(instructor_role(class_name))} TO {quote(found.login)}")
            connection.execute(update(ProfileRow).where(ProfileRow.login == found.login).values(role=Role.INSTRUCTOR.value))
            return ClassLogin(found.name, found.login, Role.INSTRUCTOR)

    def remove(self, who: str, keep_progress: bool = False) -> ClassLogin:
        """Drop a login: it can no longer connect. Its profile and progress go too, unless
        ``keep_progress`` (the profile then stays, without a login, for instructors to read)."""
        with self._begin() as connection:
            class_name = self._class(connection)
            found = _member(connection, who)
            quote = connection.dialect.identifier_preparer.quote
            if _role_exists(connection, found.login):
                for group in (member_role(class_name), instructor_role(class_name)):
                    connection.exec_driver_sql(f"REVOKE {quote(group)} FROM {quote(found.login)}")
                connection.exec_driver_sql(f"DROP ROLE {quote(found.login)}")
            if keep_progress:
                connection.execute(update(ProfileRow).where(ProfileRow.login == found.login).values(login=None))
            else:
                connection.execute(delete(ProfileRow).where(ProfileRow.login == found.login))
            return found

    def logins(self) -> list[ClassLogin]:
        """Every login of the class, by name."""
        with self._begin() as connection:
            self._class(connection)
            rows = connection.execute(select(ProfileRow.name, ProfileRow.login, ProfileRow.role)
                                      .where(ProfileRow.login.is_not(None)).order_by(ProfileRow.name))
            return [ClassLogin(name, str(login), Role(role)) for name, login, role in rows]

    def url_for(self, login: ClassLogin, host: str | None = None) -> str:
        """The URL a login's owner starts the application with (``--db``), on ``host`` if the
        server is known to the class by another name than to the owner."""
        url = self._engine.url.set(drivername="postgresql", username=login.login, password=login.password,
                                   host=host or self._engine.url.host)
        return url.render_as_string(hide_password=False)

    # -- internals -----------------------------------------------------------------------------

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """One transaction on the owner's connection, with the database's refusals in its own words."""
        try:
            with self._engine.begin() as connection:
                yield connection
        except SQLAlchemyError as exc:
            raise StoreError(f"the class database refused: {_reason(exc)}") from exc

    @staticmethod
    def _class(connection: Connection) -> str:
        name = connection.scalar(select(ClassroomRow.name))
        if name is None:
            raise StoreError("this database is not a class yet: run `director-trainer classroom setup` first")
        return str(name)

    @staticmethod
    def _check_owner(connection: Connection) -> None:
        may = connection.execute(text(
            "SELECT r.rolsuper OR r.rolcreaterole, r.rolsuper OR t.tableowner = current_user FROM pg_roles r, "
            "pg_tables t WHERE r.rolname = current_user AND t.schemaname = current_schema() "
            "AND t.tablename = 'profiles'")).one()
        if not all(may):
            raise StoreError("connect as the login that owns the application's tables and may create roles "
                             "(CREATEROLE): the class's logins and their rights are made by it")


def _role_exists(connection: Connection, role: str) -> bool:
    return connection.scalar(text("SELECT 1 FROM pg_roles WHERE rolname = :role"), {"role": role}) is not None


def _default_name(connection: Connection) -> str:
    """The class is named after its database (and its schema, when not the usual one)."""
    database, schema = connection.execute(text("SELECT current_database(), current_schema()")).one()
    name = slug(database if schema == "public" else f"{database}_{schema}")
    return (name if name[:1].isalpha() else f"class_{name}")[:30].rstrip("_")


def _free_login(connection: Connection, class_name: str, name: str) -> str:
    base = f"{class_name}_{slug(name) or 'trainee'}"[:60].rstrip("_")
    login, number = base, 1
    while _role_exists(connection, login):
        number += 1
        login = f"{base}_{number}"
    return login


def _member(connection: Connection, who: str) -> ClassLogin:
    """The login of the class named by a profile name or a login."""
    row = connection.execute(select(ProfileRow.name, ProfileRow.login, ProfileRow.role).where(
        ProfileRow.login.is_not(None), (ProfileRow.name == who.strip()) | (ProfileRow.login == who.strip()))).first()
    if row is None:
        raise StoreError(f"no login of this class is named {who!r}; `director-trainer classroom list` shows them")
    return ClassLogin(row.name, str(row.login), Role(row.role))
