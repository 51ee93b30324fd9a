"""``director-trainer classroom``: an instructor sets up a class on a PostgreSQL server, adds trainees
(each with a login and a generated password that works), makes an instructor, gives a new password,
and removes a trainee with or without their progress; mistakes are one-line messages."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa
from class_server import ClassServer, class_on_server, server_url

from app.content.cases.loader import read_case
from app.store import Store, StoreError
from app.store.class_admin import ClassAdmin, scram_verifier, slug
from app.store.records import Role
from app.training.attempt import Attempt
from tests.cli_run import run


def test_the_command_needs_the_owners_url_of_a_postgresql_database(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run(capsys, "classroom", "list")
    assert code == 2 and "--db postgresql://OWNER@SERVER/DATABASE classroom" in err
    code, _out, err = run(capsys, "--db", str(tmp_path / "mine.sqlite3"), "classroom", "setup")
    assert code == 2 and "a class needs a PostgreSQL database" in err and "Traceback" not in err


def test_names_become_logins_and_passwords_are_kept_as_scram_verifiers() -> None:
    assert slug("Zoë O'Neill") == "zoe_o_neill" and slug("  Ann  Smith ") == "ann_smith" and slug("李") == ""
    verifier = scram_verifier("secret", salt=b"0123456789abcdef")
    assert verifier.startswith("SCRAM-SHA-256$4096:MDEyMzQ1Njc4OWFiY2RlZg==$") and "secret" not in verifier


@pytest.mark.postgres
def test_an_instructor_sets_up_a_class_step_by_step(capsys, class_server: ClassServer) -> None:  # type: ignore[no-untyped-def]
    db = class_server.owner_url
    code, out, _err = run(capsys, "--db", db, "classroom", "setup")  # again: safe to repeat
    assert code == 0 and class_server.name in out
    code, out, err = run(capsys, "--db", db, "classroom", "setup", "--class", "another")
    assert code == 2 and f"already holds the class {class_server.name!r}" in err

    code, out, _err = run(capsys, "--db", db, "classroom", "add", "Ann Smith", "--json", "--host", "127.0.0.1")
    ann = json.loads(out)
    assert code == 0 and ann["login"] == f"{class_server.name}_ann_smith" and ann["role"] == "trainee"
    with psycopg.connect(ann["url"]) as connection:  # the printed URL, password and all, connects
        assert connection.execute("SELECT current_user").fetchone() == (ann["login"],)
    with Store.open(ann["url"]) as store:
        me = store.login_profile()
        assert me is not None and me.name == "Ann Smith" and me.role is Role.TRAINEE

    code, out, _err = run(capsys, "--db", db, "classroom", "add", "Ann Smith")
    code, _out, err = run(capsys, "--db", db, "classroom", "add", "Ann Smith")
    assert code == 2 and "already exists" in err

    code, out, _err = run(capsys, "--db", db, "classroom", "instructor", "Ivy", "--json")
    ivy = json.loads(out)
    assert code == 0 and ivy["role"] == "instructor" and ivy["password"]
    code, out, _err = run(capsys, "--db", db, "classroom", "instructor", ann["login"], "--json")
    assert json.loads(out)["role"] == "instructor" and json.loads(out)["password"] is None  # promoted, same password
    with Store.open(ann["url"]) as store:
        me = store.login_profile()
        assert me is not None and me.role is Role.INSTRUCTOR
        assert {p.name for p in store.profiles()} == {"Ann Smith", "Ivy"}  # an instructor reads the class

    code, out, _err = run(capsys, "--db", db, "classroom", "password", "Ann Smith", "--json")
    fresh = json.loads(out)
    assert code == 0 and fresh["password"] != ann["password"]
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(ann["url"])
    psycopg.connect(fresh["url"]).close()

    code, out, _err = run(capsys, "--db", db, "classroom", "list")
    assert code == 0 and out.splitlines() == [f"Ann Smith\t{ann['login']}\tinstructor",
                                              f"Ivy\t{ivy['login']}\tinstructor"]


@pytest.mark.postgres
def test_removing_a_trainee_drops_the_login_with_or_without_their_progress(capsys,  # type: ignore[no-untyped-def]
                                                                            class_server: ClassServer) -> None:
    case, _problems = read_case(Path(__file__).parent / "content" / "fixtures" / "cases" /
                                "insufficient-bid-over-one-spade.yaml")
    assert case is not None
    db = class_server.owner_url
    kept, kept_url = class_server.add("Kim")
    gone, gone_url = class_server.add("Gus")
    for url in (kept_url, gone_url):
        with Store.open(url) as store:
            me = store.login_profile()
            assert me is not None
            attempt = Attempt(case)
            for answer in (0, 1, "27A1"):
                attempt.answer(answer)
                attempt.next()
            store.record_attempt(me, attempt)
    assert run(capsys, "--db", db, "classroom", "remove", "Kim", "--keep-progress")[0] == 0
    assert run(capsys, "--db", db, "classroom", "remove", gone.login)[0] == 0
    for url in (kept_url, gone_url):
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(url)
    owner = sa.create_engine(db)
    with owner.connect() as connection:
        rows = connection.execute(sa.text("SELECT p.name, p.login, count(a.id) FROM profiles p "
                                          "LEFT JOIN attempts a ON a.profile_id = p.id GROUP BY p.name, p.login"))
        assert rows.all() == [("Kim", None, 1)]
        assert connection.execute(sa.text("SELECT count(*) FROM pg_roles WHERE rolname IN (:a, :b)"),
                                  {"a": kept.login, "b": gone.login}).scalar_one() == 0
    owner.dispose()
    code, _out, err = run(capsys, "--db", db, "classroom", "remove", "Nobody")
    assert code == 2 and "no login of this class is named 'Nobody'" in err


@pytest.mark.postgres
def test_a_login_that_does_not_own_the_tables_cannot_set_up_a_class(class_server: ClassServer) -> None:
    _login, url = class_server.add("Bob")
    admin = ClassAdmin.open(url)
    with pytest.raises(StoreError, match="owns the application's tables"):
        admin.setup()
    admin.close()


@pytest.mark.postgres
def test_a_class_is_named_after_its_database_by_default() -> None:
    with class_on_server(named=False) as made:
        database = sa.make_url(server_url()).database
        assert made.name == f"{database}_{made.schema}"[:30].rstrip("_")
        assert made.admin.setup() == made.name  # already a class: it keeps its name


@pytest.mark.postgres
def test_a_trainee_whose_class_is_older_than_their_application_is_told_who_can_upgrade_it(
        class_server: ClassServer) -> None:
    _login, url = class_server.add("Bob")
    owner = sa.create_engine(class_server.owner_url)
    with owner.begin() as connection:  # as a class made by the previous version would stand
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '0003_work_in_progress'"))
    with pytest.raises(StoreError, match="ask the instructor to run director-trainer --db OWNER_URL classroom setup"):
        Store.open(url)
    with owner.begin() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one() == \
            "0003_work_in_progress"  # nothing half done
    owner.dispose()
