"""The study plan: the exam paper a trainee is preparing for, its date, and the cases a day he chose.

Revision ID: 0005_study_plan
Revises: 0004_classroom
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_study_plan"
down_revision = "0004_classroom"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "study_plans",
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("definition", sa.JSON(), nullable=False),
        sa.Column("exam_date", sa.Date(), nullable=False),
        sa.Column("cases_per_day", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_study_plans_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("profile_id", name=op.f("pk_study_plans")),
    )


def downgrade() -> None:
    op.drop_table("study_plans")
