"""The first schema: profiles, attempts with their answers, topics and laws, review cards, exams.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("role IN ('trainee', 'instructor')", name=op.f("ck_profiles_role")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_profiles")),
        sa.UniqueConstraint("name", name=op.f("uq_profiles_name")),
    )
    op.create_table(
        "exams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("definition", sa.JSON(), nullable=False),
        sa.Column("case_ids", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("max_points", sa.Float(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("timed_out", sa.Boolean(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_exams_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exams")),
    )
    op.create_index(op.f("ix_exams_profile_id"), "exams", ["profile_id"])
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("exam_id", sa.Integer(), nullable=True),
        sa.Column("case_id", sa.String(200), nullable=False),
        sa.Column("case_title", sa.String(300), nullable=False),
        sa.Column("edition", sa.String(20), nullable=False),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("max_points", sa.Float(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("mode IN ('practice', 'review', 'exam')", name=op.f("ck_attempts_mode")),
        sa.ForeignKeyConstraint(["exam_id"], ["exams.id"], name=op.f("fk_attempts_exam_id_exams"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_attempts_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_attempts")),
    )
    op.create_index("ix_attempts_profile_case", "attempts", ["profile_id", "case_id"])
    op.create_index(op.f("ix_attempts_exam_id"), "attempts", ["exam_id"])
    op.create_table(
        "answers",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.String(100), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("fraction", sa.Float(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("max_points", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["attempt_id"], ["attempts.id"], name=op.f("fk_answers_attempt_id_attempts"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("attempt_id", "question_id", name=op.f("pk_answers")),
    )
    op.create_table(
        "attempt_topics",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(100), nullable=False),
        sa.ForeignKeyConstraint(["attempt_id"], ["attempts.id"], name=op.f("fk_attempt_topics_attempt_id_attempts"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("attempt_id", "topic", name=op.f("pk_attempt_topics")),
    )
    op.create_table(
        "attempt_laws",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("law_key", sa.String(100), nullable=False),
        sa.ForeignKeyConstraint(["attempt_id"], ["attempts.id"], name=op.f("fk_attempt_laws_attempt_id_attempts"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("attempt_id", "law_key", name=op.f("pk_attempt_laws")),
    )
    op.create_table(
        "review_cards",
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("item_kind", sa.String(10), nullable=False),
        sa.Column("item_key", sa.String(200), nullable=False),
        sa.Column("card", sa.Text(), nullable=False),
        sa.Column("due", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_review_cards_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("profile_id", "item_kind", "item_key", name=op.f("pk_review_cards")),
    )
    op.create_index("ix_review_cards_profile_due", "review_cards", ["profile_id", "due"])


def downgrade() -> None:
    for table in ("review_cards", "attempt_laws", "attempt_topics", "answers", "attempts", "exams", "profiles"):
        op.drop_table(table)
