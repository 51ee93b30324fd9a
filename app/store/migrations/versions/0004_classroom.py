"""The classroom: the database login each profile belongs to, the class a database holds, and live
sessions — the case a presenter shows, who joined it, the questions whose answers were revealed, and
every trainee's answers. On PostgreSQL, triggers tell the session's screens of every change
(LISTEN/NOTIFY), so that no screen has to ask again and again.

Roles, grants and row-level security are not made here: they name the class's own roles, so
``director-trainer classroom setup`` makes them (a database without a class is not touched).

Revision ID: 0004_classroom
Revises: 0003_work_in_progress
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_classroom"
down_revision = "0003_work_in_progress"
branch_labels = None
depends_on = None

# One channel per live session, "dt_live_<session id>"; the payload says which table changed.
NOTIFY_FUNCTIONS = {
    "dt_live_session_changed": "PERFORM pg_notify('dt_live_' || NEW.id, TG_TABLE_NAME);",
    "dt_live_room_changed": "PERFORM pg_notify('dt_live_' || NEW.session_id, TG_TABLE_NAME);",
}
TRIGGERS = (
    ("live_sessions", "AFTER UPDATE", "dt_live_session_changed"),
    ("live_members", "AFTER INSERT OR UPDATE", "dt_live_room_changed"),
    ("live_answers", "AFTER INSERT", "dt_live_room_changed"),
)


def upgrade() -> None:
    # A plain ADD COLUMN and a unique index: SQLite does both in place, where a unique constraint
    # would have the batch mode copy the table, and dropping the old copy of profiles would take
    # every row that cascades from it.
    op.add_column("profiles", sa.Column("login", sa.String(63), nullable=True))
    op.create_index(op.f("ix_profiles_login"), "profiles", ["login"], unique=True)
    op.create_table(
        "classroom",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_classroom")),
    )
    op.create_table(
        "live_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("presenter_id", sa.Integer(), nullable=False),
        sa.Column("presenter_name", sa.String(100), nullable=False),
        sa.Column("case_id", sa.String(200), nullable=False),
        sa.Column("case_title", sa.String(300), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("phase", sa.String(10), nullable=False),
        sa.Column("question_id", sa.String(100), nullable=True),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("phase IN ('table', 'question', 'answer', 'ended')", name=op.f("ck_live_sessions_phase")),
        sa.ForeignKeyConstraint(["presenter_id"], ["profiles.id"], name=op.f("fk_live_sessions_presenter_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_sessions")),
        sa.UniqueConstraint("code", name=op.f("uq_live_sessions_code")),
    )
    op.create_index(op.f("ix_live_sessions_presenter_id"), "live_sessions", ["presenter_id"])
    op.create_table(
        "live_reveals",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.String(100), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("revealed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["live_sessions.id"],
                                name=op.f("fk_live_reveals_session_id_live_sessions"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("session_id", "question_id", name=op.f("pk_live_reveals")),
    )
    op.create_table(
        "live_members",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.Column("left_at", sa.DateTime(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(), nullable=True),
        sa.Column("attempt_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["session_id"], ["live_sessions.id"],
                                name=op.f("fk_live_members_session_id_live_sessions"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_live_members_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["attempt_id"], ["attempts.id"], name=op.f("fk_live_members_attempt_id_attempts"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("session_id", "profile_id", name=op.f("pk_live_members")),
    )
    op.create_index(op.f("ix_live_members_profile_id"), "live_members", ["profile_id"])
    op.create_table(
        "live_answers",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.String(100), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("seen_revision", sa.Integer(), nullable=False),
        sa.Column("answered_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["session_id", "profile_id"], ["live_members.session_id", "live_members.profile_id"],
                                name=op.f("fk_live_answers_session_id_live_members"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("session_id", "profile_id", "question_id", name=op.f("pk_live_answers")),
    )
    if op.get_bind().dialect.name == "postgresql":
        for name, body in NOTIFY_FUNCTIONS.items():
            op.execute(f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {body} "
                       "RETURN NULL; END $$")
        for table, when, function in TRIGGERS:
            op.execute(f"CREATE TRIGGER {table}_notify {when} ON {table} FOR EACH ROW EXECUTE FUNCTION {function}()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table, _when, _function in TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_notify ON {table}")
        for name in NOTIFY_FUNCTIONS:
            op.execute(f"DROP FUNCTION IF EXISTS {name}()")
    op.drop_table("live_answers")
    op.drop_index(op.f("ix_live_members_profile_id"), table_name="live_members")
    op.drop_table("live_members")
    op.drop_table("live_reveals")
    op.drop_index(op.f("ix_live_sessions_presenter_id"), table_name="live_sessions")
    op.drop_table("live_sessions")
    op.drop_table("classroom")
    op.drop_index(op.f("ix_profiles_login"), table_name="profiles")
    op.drop_column("profiles", "login")
