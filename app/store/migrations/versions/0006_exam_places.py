"""Where a candidate is on an exam paper: the case on screen, the question on screen in each case
(an answer stays open to change until the case's next question is shown), and the questions
flagged to look at again, so that a paper resumes exactly as it was left.

Revision ID: 0006_exam_places
Revises: 0005_study_plan
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_exam_places"
down_revision = "0005_study_plan"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("open_exams") as exams:
        exams.add_column(sa.Column("position", sa.Integer(), nullable=True))
        exams.add_column(sa.Column("flags", sa.JSON(), nullable=True))
    with op.batch_alter_table("open_attempts") as attempts:
        attempts.add_column(sa.Column("question_index", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("open_attempts") as attempts:
        attempts.drop_column("question_index")
    with op.batch_alter_table("open_exams") as exams:
        exams.drop_column("flags")
        exams.drop_column("position")
