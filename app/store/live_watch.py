"""Waiting for a live session to change, without asking the database again and again.

On PostgreSQL the session's screens LISTEN on its channel, and triggers (revision 0004) NOTIFY
it when the presenter moves on, a trainee joins or an answer arrives: a screen hears of a change
within milliseconds. Where the server will not LISTEN (a connection pooler in transaction mode,
another database) the watcher falls back to waking once a second, and the caller reads the state
each time: a screen then follows within a second.

A dropped connection is reported (``StoreError``) and tried again at the next wait, no faster
than once a ``timeout``; after it comes back the first wait says "changed", since notifications
sent meanwhile were lost and the caller must read the state afresh.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from app.store.errors import StoreError
from app.store.sessions import _reason

POLL_SECONDS = 1.0
# Even while listening, a reading this often: a notification lost on the way (a connection pooler that
# takes the LISTEN but never passes NOTIFY on) leaves a screen behind for seconds, not for good.
RECHECK_SECONDS = 5.0


def channel(session_id: int) -> str:
    """The NOTIFY channel of a live session (the triggers of revision 0004 name it the same way)."""
    return f"dt_live_{session_id}"


class LiveWatcher:
    """Blocks in ``wait`` until the session changes, on a connection of its own (not the store's
    pool: LISTEN belongs to one connection for as long as it is open). Used from one thread at a time."""

    def __init__(self, engine: Engine, session_id: int, listen: bool = True) -> None:
        """``listen`` False: poll even where LISTEN works (``bench/live_load.py`` compares the two)."""
        self._engine = engine
        self._session_id = session_id
        self._listen = listen
        self._connection: Any = None  # the driver's own connection, taken out of the engine's pool
        self._fresh = True  # nothing heard yet on this connection: the caller should read
        self._read_at = time.monotonic()  # when the caller was last told to read
        self.listening = False

    def wait(self, timeout: float = POLL_SECONDS) -> bool:
        """Wait up to ``timeout`` seconds; True if the session may have changed (a notification, a
        poll interval, a connection just made, or ``RECHECK_SECONDS`` without a reading), False if
        LISTEN heard nothing. StoreError while the database cannot be reached."""
        started = time.monotonic()
        try:
            if self._connection is None:
                self._connect()
        except (SQLAlchemyError, OSError, self._engine.dialect.loaded_dbapi.Error) as exc:  # the driver's own, raw
            time.sleep(max(0.0, timeout - (time.monotonic() - started)))
            raise StoreError(f"lost the connection to the class database: {_reason(exc)}") from exc
        if self._fresh:
            self._fresh = False
            return self._read()
        if not self.listening:
            time.sleep(timeout)
            return self._read()
        if self._heard(timeout) or time.monotonic() - self._read_at >= RECHECK_SECONDS:
            return self._read()
        return False

    def _read(self) -> bool:
        self._read_at = time.monotonic()
        return True

    def close(self) -> None:
        """Let the connection go (the server forgets the LISTEN with it)."""
        connection, self._connection = self._connection, None
        self.listening = False
        if connection is not None:
            try:
                connection.close()
            except Exception:  # noqa: BLE001 - a connection already broken has nothing left to close
                pass

    def _connect(self) -> None:
        pooled = self._engine.raw_connection()
        driver: Any = pooled.driver_connection
        pooled.detach()  # kept for LISTEN, never handed to anyone else
        self._connection, self._fresh = driver, True
        if self._engine.dialect.name != "postgresql" or not self._listen:
            return
        import psycopg

        try:
            driver.rollback()
            driver.autocommit = True
            driver.execute(f'LISTEN "{channel(self._session_id)}"')
            self.listening = True
        except psycopg.errors.FeatureNotSupported:  # behind a pooler that cannot LISTEN: poll instead
            self.listening = False

    def _heard(self, timeout: float) -> bool:
        import psycopg

        driver = self._connection
        try:
            heard = any(True for _ in driver.notifies(timeout=timeout, stop_after=1))
            if heard:  # several changes at once are one reading for the caller
                for _ in driver.notifies(timeout=0.001):
                    pass
            return heard
        except psycopg.Error as exc:
            self.close()
            raise StoreError(f"lost the connection to the class database: {_reason(exc)}") from exc

