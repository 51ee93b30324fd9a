"""Who may read and write what on a class database, as PostgreSQL grants and row-level security
policies: the database decides it, so a trainee's own login cannot read a classmate's answers or
write under another profile, even with SQL typed by hand.

Every login of a class belongs to the group role ``<class>_member``; instructors also to
``<class>_instructor``. The group holds the table privileges the application uses and no more
(a trainee never updates an attempt, or a profile's role). Row-level security then lets each
login reach only its own profile's rows: the profile whose ``login`` is the connected user, and
the rows that hang from it. Instructors also read the class's results and live sessions; only the
presenter who started a live session can move it on or end it.

``ACCESS`` names every table of the schema; ``tests/store/test_class_security.py`` fails when a
table is added without saying who may reach it. ``director-trainer classroom setup`` applies it
(again after an upgrade: it is safe to run any number of times).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

OWN_PROFILE = "(SELECT id FROM profiles WHERE login = current_user)"


@dataclass(frozen=True)
class Access:
    """One table: the privileges a class login has on it, which rows are the login's own (an SQL
    condition; empty when every row is shared with the class), and whether instructors read every row.
    ``joins``: what a new row must also satisfy (an open session to join)."""

    table: str
    privileges: tuple[str, ...]
    own: str = ""
    instructors_read: bool = False
    joins: str = ""


def _of(table: str, key: str, condition: str) -> str:
    """Rows owned through another table: ``key`` names a row of ``table`` that satisfies ``condition``."""
    return f"{key} IN (SELECT id FROM {table} WHERE {condition})"


_OWN = f"profile_id IN {OWN_PROFILE}"
_OWN_ATTEMPT = _of("attempts", "attempt_id", _OWN)
_READ, _ADD, _CHANGE, _REMOVE = "SELECT", "INSERT", "UPDATE", "DELETE"

ACCESS: tuple[Access, ...] = (
    Access("alembic_version", (_READ,)),
    Access("classroom", (_READ,)),
    # The name only: a trainee may correct how their name is spelt, never their login or role. (The
    # store locks a trainee's profile row FOR UPDATE before writing for them, which needs UPDATE.)
    Access("profiles", (_READ, f"{_CHANGE} (name)"), own="login = current_user", instructors_read=True),
    Access("attempts", (_READ, _ADD), own=_OWN, instructors_read=True),
    Access("answers", (_READ, _ADD), own=_OWN_ATTEMPT, instructors_read=True),
    Access("attempt_topics", (_READ, _ADD), own=_OWN_ATTEMPT, instructors_read=True),
    Access("attempt_laws", (_READ, _ADD), own=_OWN_ATTEMPT, instructors_read=True),
    Access("exams", (_READ, _ADD), own=_OWN, instructors_read=True),
    Access("review_cards", (_READ, _ADD, _CHANGE), own=_OWN),
    Access("bookmarks", (_READ, _ADD, _REMOVE), own=_OWN),
    Access("notes", (_READ, _ADD, _CHANGE, _REMOVE), own=_OWN),
    Access("open_exams", (_READ, _ADD, _CHANGE, _REMOVE), own=_OWN),
    Access("open_attempts", (_READ, _ADD, _CHANGE, _REMOVE), own=_OWN),
    Access("open_answers", (_READ, _ADD, _CHANGE, _REMOVE), own=_of("open_attempts", "open_attempt_id", _OWN)),
    Access("live_members", (_READ, _ADD, f"{_CHANGE} (left_at, recorded_at, attempt_id)"), own=_OWN,
           instructors_read=True, joins=_of("live_sessions", "session_id", "ended_at IS NULL")),
    Access("live_answers", (_READ, _ADD), own=_OWN, instructors_read=True),
    Access("study_plans", (_READ, _ADD, _CHANGE, _REMOVE), own=_OWN),
)
# Shared with the whole class for reading (a trainee joins a session by its code), written only by
# its presenter, who must be an instructor.
_PRESENTER = f"presenter_id IN {OWN_PROFILE}"
LIVE_SESSIONS = Access("live_sessions", (_READ, _ADD, f"{_CHANGE} (phase, question_id, revision, updated_at, ended_at)"))
LIVE_REVEALS = Access("live_reveals", (_READ, _ADD))
TABLES = tuple(access.table for access in (*ACCESS, LIVE_SESSIONS, LIVE_REVEALS))


def member_role(class_name: str) -> str:
    return f"{class_name}_member"


def instructor_role(class_name: str) -> str:
    return f"{class_name}_instructor"


def statements(class_name: str, schema: str, quote: Callable[[str], str]) -> list[str]:
    """The SQL that gives the class's roles their privileges and policies on every table of
    ``schema`` (replacing what an earlier run gave): GRANTs, then row-level security. ``quote``
    quotes an identifier (the dialect's)."""
    member = quote(member_role(class_name))
    is_instructor = f"pg_has_role({_literal(instructor_role(class_name))}, 'MEMBER')"
    sql = [f"GRANT USAGE ON SCHEMA {quote(schema)} TO {member}",
           f"REVOKE CREATE ON SCHEMA {quote(schema)} FROM PUBLIC",
           f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA {quote(schema)} TO {member}"]
    for access in (*ACCESS, LIVE_SESSIONS, LIVE_REVEALS):
        table = f"{quote(schema)}.{quote(access.table)}"
        sql.append(f"REVOKE ALL ON {table} FROM PUBLIC, {member}")
        sql += [f"GRANT {privilege} ON {table} TO {member}" for privilege in access.privileges]
        sql.append(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        sql += [f"DROP POLICY IF EXISTS {name} ON {table}" for name in POLICY_NAMES]
        sql += _policies(access, table, member, is_instructor)
    return sql


POLICY_NAMES = ("dt_read", "dt_add", "dt_change", "dt_remove")


def _policies(access: Access, table: str, member: str, is_instructor: str) -> list[str]:
    kinds = {privilege.split()[0] for privilege in access.privileges}
    if access is LIVE_SESSIONS:
        return [f"CREATE POLICY dt_read ON {table} FOR SELECT TO {member} USING (true)",
                f"CREATE POLICY dt_add ON {table} FOR INSERT TO {member} WITH CHECK ({_PRESENTER} AND {is_instructor})",
                f"CREATE POLICY dt_change ON {table} FOR UPDATE TO {member} USING ({_PRESENTER}) "
                f"WITH CHECK ({_PRESENTER})"]
    if access is LIVE_REVEALS:
        presented = _of("live_sessions", "session_id", _PRESENTER)
        return [f"CREATE POLICY dt_read ON {table} FOR SELECT TO {member} USING (true)",
                f"CREATE POLICY dt_add ON {table} FOR INSERT TO {member} WITH CHECK ({presented})"]
    if not access.own:
        return [f"CREATE POLICY dt_read ON {table} FOR SELECT TO {member} USING (true)"]
    own = f"({access.own})"
    read = f"{own} OR {is_instructor}" if access.instructors_read else own
    added = f"{own} AND ({access.joins})" if access.joins else own
    policies = [f"CREATE POLICY dt_read ON {table} FOR SELECT TO {member} USING ({read})"]
    if "INSERT" in kinds:
        policies.append(f"CREATE POLICY dt_add ON {table} FOR INSERT TO {member} WITH CHECK ({added})")
    if "UPDATE" in kinds:
        policies.append(f"CREATE POLICY dt_change ON {table} FOR UPDATE TO {member} USING ({own}) WITH CHECK ({own})")
    if "DELETE" in kinds:
        policies.append(f"CREATE POLICY dt_remove ON {table} FOR DELETE TO {member} USING ({own})")
    return policies


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"

