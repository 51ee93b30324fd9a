"""On a class database the database decides who sees and does what: each statement here is typed
by hand, as plain SQL, on a trainee's (or instructor's) own login with its password — not through
the application — and must be refused or see nothing of anyone else's.

Ann and Bob are trainees, Ivy and Joe instructors. Each has used the application through their own
login first (attempts, an exam, review, bookmarks and notes, unfinished work, a live session), so
every table holds rows of more than one profile.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

import psycopg
import pytest
import sqlalchemy as sa
from class_server import ClassServer, class_on_server
from store_samples import ALL_RIGHT, HALF_RIGHT, T0, answered, sample_case

from app.store import Store
from app.store.class_security import ACCESS, LIVE_REVEALS, LIVE_SESSIONS, TABLES
from app.store.models import Base
from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.live import LiveAnswer, LivePhase, LiveStep
from app.training.practice import Mode
from app.training.study_plan import StudyPlan

pytestmark = pytest.mark.postgres
RLS = "row-level security"
DENIED = "permission denied"


@dataclass
class Room:
    server: ClassServer
    urls: dict[str, str]
    ids: dict[str, int]
    session_id: int


def _use_the_application(url: str, live_session: int | None, presenter: bool = False) -> int:
    """What a trainee does through the application, on their own login; returns their profile id."""
    with Store.open(url) as store:
        me = store.login_profile()
        assert me is not None
        store.record_attempt(me, answered(sample_case("ib-1"), HALF_RIGHT))
        store.add_bookmark(me, "27B2")
        store.set_note(me, "27B2", f"{me.name}'s own note")
        half = Attempt(sample_case("ib-2"), started_at=T0)
        half.answer(ALL_RIGHT[0])
        store.save_unfinished_attempt(me, half, Mode.PRACTICE)
        exam = Exam(ExamProfile("Mock", cases=1, minutes=30), [sample_case("ib-3")], T0, seed=3)
        exam.answer(ALL_RIGHT[0], T0 + timedelta(minutes=1))
        exam.finish(T0 + timedelta(minutes=2))
        store.record_exam(me, exam)
        store.set_study_plan(me, StudyPlan(exam.profile, T0.date() + timedelta(days=30)))
        if live_session is not None and not presenter:
            state, _mine = store.join_live_session(me, store.live_state(live_session).code)
            assert store.send_live_answer(me, state.session_id, LiveAnswer("first-option", 0, state.revision))
        return me.id


@pytest.fixture(scope="module")
def room() -> Iterator[Room]:
    with class_on_server() as server:
        urls, ids = {}, {}
        for name, instructor in (("Ann", False), ("Bob", False), ("Ivy", True), ("Joe", True)):
            _login, urls[name] = server.add(name, instructor=instructor)
        with Store.open(urls["Ivy"]) as store:
            ivy = store.login_profile()
            assert ivy is not None
            opening = LiveStep(LivePhase.QUESTION, "first-option", frozenset())
            session = store.start_live_session(ivy, sample_case(), 5, opening)
        for name in ("Ann", "Bob", "Ivy", "Joe"):
            ids[name] = _use_the_application(urls[name], session.session_id, presenter=name in ("Ivy", "Joe"))
        yield Room(server, urls, ids, session.session_id)


@pytest.fixture
def as_user(room: Room) -> Iterator[dict[str, psycopg.Connection]]:
    """Plain psycopg connections, autocommit, one per login, made with its URL and password."""
    made: dict[str, psycopg.Connection] = {}

    class Logins(dict):  # type: ignore[type-arg]
        def __missing__(self, name: str) -> psycopg.Connection:
            made[name] = psycopg.connect(room.urls[name], autocommit=True)
            return made[name]

    yield Logins()
    for connection in made.values():
        connection.close()


def _rows(connection: psycopg.Connection, sql: str) -> list[tuple]:  # type: ignore[type-arg]
    return connection.execute(sql).fetchall()


# -- every table says who may reach it ---------------------------------------------------------

def test_every_table_of_the_schema_has_its_access_named() -> None:
    assert sorted(TABLES) == sorted([*Base.metadata.tables, "alembic_version"])
    assert len(set(TABLES)) == len(TABLES)
    assert {access.table for access in ACCESS} | {LIVE_SESSIONS.table, LIVE_REVEALS.table} == set(TABLES)


# -- reading ---------------------------------------------------------------------------------

OWNED_DIRECTLY = ("attempts", "exams", "review_cards", "bookmarks", "notes", "open_attempts", "live_members",
                  "live_answers", "study_plans")


@pytest.mark.parametrize("table", OWNED_DIRECTLY)
def test_a_trainee_reads_only_their_own_rows(room: Room, as_user, table: str) -> None:  # type: ignore[no-untyped-def]
    bob = as_user["Bob"]
    owners = {owner for (owner,) in _rows(bob, f"SELECT profile_id FROM {table}")}
    assert owners == {room.ids["Bob"]}
    assert _rows(bob, f"SELECT * FROM {table} WHERE profile_id = {room.ids['Ann']}") == []


@pytest.mark.parametrize("table, key, parent", [("answers", "attempt_id", "attempts"),
                                                ("attempt_topics", "attempt_id", "attempts"),
                                                ("attempt_laws", "attempt_id", "attempts"),
                                                ("open_answers", "open_attempt_id", "open_attempts")])
def test_rows_that_hang_from_an_attempt_are_read_only_with_it(room: Room, as_user, table: str, key: str,
                                                             parent: str) -> None:  # type: ignore[no-untyped-def]
    bob, owner = as_user["Bob"], sa.create_engine(room.server.owner_url)
    with owner.connect() as connection:
        everyone = connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one()
        annes = connection.execute(sa.text(
            f"SELECT {key} FROM {table} JOIN {parent} p ON p.id = {key} WHERE p.profile_id = {room.ids['Ann']}")).all()
    owner.dispose()
    seen = _rows(bob, f"SELECT {key} FROM {table}")
    assert annes and 0 < len(seen) < everyone
    assert not {k for (k,) in seen} & {k for (k,) in annes}


def test_a_trainee_sees_only_their_own_profile(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    assert _rows(as_user["Bob"], "SELECT name FROM profiles") == [("Bob",)]


def test_a_trainee_cannot_read_a_classmates_live_answers(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    bob = as_user["Bob"]
    assert _rows(bob, f"SELECT answer FROM live_answers WHERE session_id = {room.session_id}") == [(0,)]
    assert _rows(bob, f"SELECT count(*) FROM live_answers WHERE profile_id <> {room.ids['Bob']}") == [(0,)]


def test_a_trainee_cannot_turn_row_level_security_off(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    bob = as_user["Bob"]
    bob.execute("SET row_security = off")
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        bob.execute("SELECT * FROM attempts")
    bob.execute("RESET row_security")


# -- writing ---------------------------------------------------------------------------------

WRITES_REFUSED = [
    ("INSERT INTO attempts (profile_id, case_id, case_title, edition, mode, points, max_points, score, seconds, "
     "started_at, finished_at) VALUES ({Ann}, 'x', 'x', 'wbf-2017', 'practice', 1, 1, 1, 1, now(), now())", RLS),
    ("INSERT INTO live_answers (session_id, profile_id, question_id, answer, seen_revision, answered_at) "
     "VALUES ({session}, {Ann}, 'free-correction', '1', 1, now())", RLS),
    ("INSERT INTO notes (profile_id, section_key, text, updated_at) VALUES ({Ann}, '64A', 'x', now())", RLS),
    ("INSERT INTO review_cards (profile_id, item_kind, item_key, card, due) VALUES ({Ann}, 'case', 'x', '{{}}', now())",
     RLS),
    ("INSERT INTO live_members (session_id, profile_id, joined_at) VALUES ({session}, {Ann}, now())", RLS),
    ("INSERT INTO profiles (name, role, created_at) VALUES ('Mallory', 'instructor', now())", DENIED),
    ("UPDATE profiles SET role = 'instructor' WHERE id = {Bob}", DENIED),
    ("UPDATE profiles SET login = 'someone_else' WHERE id = {Bob}", DENIED),
    ("UPDATE live_members SET profile_id = {Ann} WHERE profile_id = {Bob}", DENIED),
    ("UPDATE live_answers SET answer = '2'", DENIED),
    ("DELETE FROM attempts", DENIED),
    ("DELETE FROM live_answers", DENIED),
    ("INSERT INTO live_sessions (code, presenter_id, presenter_name, case_id, case_title, seed, phase, revision, "
     "started_at, updated_at) VALUES ('ZZZZZ', {Bob}, 'Bob', 'x', 'x', 1, 'table', 1, now(), now())", RLS),
    ("INSERT INTO live_reveals (session_id, question_id, revision, revealed_at) "
     "VALUES ({session}, 'free-correction', 9, now())", RLS),
    ("ALTER TABLE attempts DISABLE ROW LEVEL SECURITY", "must be owner"),
    ("DROP POLICY dt_read ON attempts", "must be owner"),
    ("CREATE TABLE mine (x int)", DENIED),
    ("SET ROLE {instructor}", DENIED),
    ("GRANT {instructor} TO CURRENT_USER", "admin option|permission denied"),
]


@pytest.mark.parametrize("sql, refusal", WRITES_REFUSED, ids=lambda v: str(v)[:50])
def test_a_trainee_cannot_write_under_another_profile_or_above_their_rights(room: Room, as_user, sql: str,
                                                                            refusal: str) -> None:  # type: ignore[no-untyped-def]
    statement = sql.format(session=room.session_id, instructor=f"{room.server.name}_instructor", **room.ids)
    with pytest.raises(psycopg.Error, match=refusal):
        as_user["Bob"].execute(statement)


def test_what_a_trainee_changes_or_removes_of_someone_else_is_nothing(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    bob, ann = as_user["Bob"], room.ids["Ann"]
    for sql in (f"UPDATE notes SET text = 'changed by Bob' WHERE profile_id = {ann}",
                f"DELETE FROM notes WHERE profile_id = {ann}",
                f"DELETE FROM bookmarks WHERE profile_id = {ann}",
                f"UPDATE review_cards SET due = now() WHERE profile_id = {ann}",
                f"DELETE FROM open_attempts WHERE profile_id = {ann}",
                f"UPDATE profiles SET name = 'Hacked' WHERE id = {ann}",
                f"UPDATE live_sessions SET phase = 'ended', ended_at = now() WHERE id = {room.session_id}",
                f"UPDATE live_members SET recorded_at = now() WHERE profile_id = {ann}"):
        assert bob.execute(sql).rowcount == 0, sql
    # answers can be added only to his own attempts: the INSERT … SELECT sees no one else's
    added = bob.execute("INSERT INTO answers (attempt_id, question_id, position, answer, fraction, points, max_points) "
                        "SELECT id, 'extra', 9, '0', 1, 1, 1 FROM attempts").rowcount
    assert added == 2  # his practice attempt and his exam's
    owner = sa.create_engine(room.server.owner_url)
    with owner.begin() as connection:
        assert connection.execute(sa.text(f"SELECT text FROM notes WHERE profile_id = {ann}")).scalar_one() == \
            "Ann's own note"
        assert connection.execute(sa.text(f"SELECT name FROM profiles WHERE id = {ann}")).scalar_one() == "Ann"
        assert connection.execute(sa.text(f"SELECT count(*) FROM bookmarks WHERE profile_id = {ann}")).scalar_one() == 1
        assert connection.execute(sa.text("SELECT ended_at FROM live_sessions")).scalar_one() is None
        extra = connection.execute(sa.text(
            "SELECT a.profile_id FROM answers x JOIN attempts a ON a.id = x.attempt_id WHERE x.question_id = 'extra'"))
        assert extra.scalars().all() == [room.ids["Bob"]] * 2
        connection.execute(sa.text("DELETE FROM answers WHERE question_id = 'extra'"))
    owner.dispose()


def test_a_wrong_password_is_refused(room: Room) -> None:
    url = sa.make_url(room.urls["Bob"].replace("postgresql://", "postgresql+psycopg://"))
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(host=url.host, port=url.port, dbname=url.database, user=url.username,
                        password="not-his-password")


# -- instructors -----------------------------------------------------------------------------

def test_an_instructor_reads_the_class_results_but_not_their_notes(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    ivy = as_user["Ivy"]
    owners = {owner for (owner,) in _rows(ivy, "SELECT profile_id FROM attempts")}
    assert owners == set(room.ids.values())
    assert {name for (name,) in _rows(ivy, "SELECT name FROM profiles")} == {"Ann", "Bob", "Ivy", "Joe"}
    assert len(_rows(ivy, f"SELECT * FROM live_answers WHERE session_id = {room.session_id}")) == 2
    assert _rows(ivy, "SELECT text FROM notes") == [("Ivy's own note",)]
    assert {owner for (owner,) in _rows(ivy, "SELECT profile_id FROM review_cards")} == {room.ids["Ivy"]}


def test_an_instructor_cannot_write_under_a_trainees_profile(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(psycopg.Error, match=RLS):
        as_user["Ivy"].execute(WRITES_REFUSED[0][0].format(**room.ids))


def test_a_second_presenter_cannot_take_over_a_running_session(room: Room, as_user) -> None:  # type: ignore[no-untyped-def]
    joe = as_user["Joe"]
    assert joe.execute(f"UPDATE live_sessions SET phase = 'answer', question_id = 'first-option' "
                       f"WHERE id = {room.session_id}").rowcount == 0
    with pytest.raises(psycopg.Error, match=RLS):
        joe.execute(f"INSERT INTO live_reveals (session_id, question_id, revision, revealed_at) "
                    f"VALUES ({room.session_id}, 'first-option', 9, now())")
    with pytest.raises(psycopg.Error, match=RLS):  # nor start one in Ivy's name
        joe.execute(f"INSERT INTO live_sessions (code, presenter_id, presenter_name, case_id, case_title, seed, "
                    f"phase, revision, started_at, updated_at) VALUES ('ZZZZZ', {room.ids['Ivy']}, 'Ivy', 'x', 'x', 1, "
                    "'table', 1, now(), now())")
    with Store.open(room.urls["Joe"]) as store, pytest.raises(Exception, match="another presenter"):
        store.set_live_step(room.session_id, LiveStep(LivePhase.ANSWER, "first-option", frozenset({"first-option"})))
    assert _rows(as_user["Ivy"], f"SELECT phase FROM live_sessions WHERE id = {room.session_id}") == [("question",)]
