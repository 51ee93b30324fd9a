"""Persistence of trainees' progress through SQLAlchemy (SQLite by default)."""
