"""A trainee's bookmarks and notes on law sections, as the law library keeps them.

A part of ``Store``: they belong to a profile like the attempts do, and are
written in the same locked transactions, but nothing else in the store reads
them.
"""

from __future__ import annotations

from sqlalchemy import delete, select

from app.store.models import BookmarkRow, NoteRow
from app.store.records import Profile
from app.store.sessions import StoreSessions
from app.training.clock import utc_now


class StoreBookmarks(StoreSessions):
    """Bookmarked sections and notes on sections, per trainee."""

    def add_bookmark(self, profile: Profile, key: str) -> None:
        with self._write() as session:
            self._lock(session, profile)
            if session.get(BookmarkRow, (profile.id, key)) is None:
                session.add(BookmarkRow(profile_id=profile.id, section_key=key, created_at=utc_now()))

    def remove_bookmark(self, profile: Profile, key: str) -> None:
        with self._write() as session:
            self._lock(session, profile)
            session.execute(delete(BookmarkRow).where(BookmarkRow.profile_id == profile.id,
                                                      BookmarkRow.section_key == key))

    def bookmarks(self, profile: Profile) -> list[str]:
        """Section keys, in the order they were bookmarked."""
        with self._read() as session:
            return list(session.scalars(
                select(BookmarkRow.section_key).where(BookmarkRow.profile_id == profile.id)
                .order_by(BookmarkRow.created_at, BookmarkRow.section_key)
            ))

    def set_note(self, profile: Profile, key: str, text: str) -> None:
        """Keep the trainee's note on a section; an empty note deletes it."""
        text = text.strip()
        with self._write() as session:
            self._lock(session, profile)
            row = session.get(NoteRow, (profile.id, key))
            if not text:
                if row is not None:
                    session.delete(row)
            elif row is None:
                session.add(NoteRow(profile_id=profile.id, section_key=key, text=text, updated_at=utc_now()))
            else:
                row.text, row.updated_at = text, utc_now()

    def note_for(self, profile: Profile, key: str) -> str:
        with self._read() as session:
            row = session.get(NoteRow, (profile.id, key))
            return row.text if row else ""

    def notes(self, profile: Profile) -> dict[str, str]:
        """Section key → note, for every section the trainee has written on."""
        with self._read() as session:
            rows = session.execute(select(NoteRow.section_key, NoteRow.text).where(NoteRow.profile_id == profile.id))
            return {key: text for key, text in rows}
