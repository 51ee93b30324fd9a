"""Alembic's entry point, run by ``app.store.migrate`` with an open connection in
``config.attributes["connection"]`` (there is no alembic.ini: the configuration is built in code)."""

from alembic import context

from app.store.models import Base

connection = context.config.attributes["connection"]
# Batch mode lets later revisions alter SQLite tables (which cannot ALTER most things in place).
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
