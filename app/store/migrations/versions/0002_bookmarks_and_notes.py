"""Bookmarks and personal notes on law sections, for the law library.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bookmarks",
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("section_key", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_bookmarks_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("profile_id", "section_key", name=op.f("pk_bookmarks")),
    )
    op.create_table(
        "notes",
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("section_key", sa.String(100), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name=op.f("fk_notes_profile_id_profiles"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("profile_id", "section_key", name=op.f("pk_notes")),
    )


def downgrade() -> None:
    op.drop_table("notes")
    op.drop_table("bookmarks")
