"""Work in progress: a half-answered case and an exam paper being sat, saved answer by answer so
that nothing is lost when the window closes or the process dies; and the time an exam's clock
stood still.

Revision ID: 0003_work_in_progress
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_work_in_progress"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("exams") as exams:
        exams.add_column(sa.Column("paused_seconds", sa.Float(), server_default="0", nullable=False))
    op.create_table(
        "open_exams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("definition", sa.JSON(), nullable=False),
        sa.Column("case_ids", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("paused_seconds", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_open_exams_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_open_exams")),
        sa.UniqueConstraint("profile_id", name=op.f("uq_open_exams_profile_id")),
    )
    op.create_table(
        "open_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("open_exam_id", sa.Integer(), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("case_id", sa.String(200), nullable=False),
        sa.Column("case_title", sa.String(300), nullable=False),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("mode IN ('practice', 'review', 'exam')", name=op.f("ck_open_attempts_mode")),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_open_attempts_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["open_exam_id"], ["open_exams.id"],
                                name=op.f("fk_open_attempts_open_exam_id_open_exams"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_open_attempts")),
    )
    op.create_index(op.f("ix_open_attempts_open_exam_id"), "open_attempts", ["open_exam_id"])
    op.create_index("ix_open_attempts_profile_case", "open_attempts", ["profile_id", "case_id"])
    op.create_table(
        "open_answers",
        sa.Column("open_attempt_id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.String(100), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("answered_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["open_attempt_id"], ["open_attempts.id"],
                                name=op.f("fk_open_answers_open_attempt_id_open_attempts"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("open_attempt_id", "question_id", name=op.f("pk_open_answers")),
    )


def downgrade() -> None:
    op.drop_table("open_answers")
    op.drop_index("ix_open_attempts_profile_case", table_name="open_attempts")
    op.drop_index(op.f("ix_open_attempts_open_exam_id"), table_name="open_attempts")
    op.drop_table("open_attempts")
    op.drop_table("open_exams")
    with op.batch_alter_table("exams") as exams:
        exams.drop_column("paused_seconds")
