"""Checks of a SQLite progress file at open, and the two ways out of a damaged one.

Why at open: a file with damaged pages can open and read its first rows without a
word, and fail later in the middle of a save; a read-only file reads fine and fails
only at the first save, after the trainee has done the work. Both are found before
the window relies on the store, so the trainee can choose what to do while nothing
is lost yet. The checks use ``sqlite3`` directly: they run before SQLAlchemy sets the
file up (WAL mode is itself a write).

Why ``integrity_check`` and not only ``quick_check``: quick_check reads every page but
does not compare a table's rows with its indexes, so a garbled row (a name changed in
place, its unique index still holding the old one) passes it, opens without a word and
fails later, when those rows are read. integrity_check finds it. It costs more on a
large file, so it runs within a time budget; a file too large to finish in it gets the
quick check instead, which still finds damaged pages.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path

from app.store.errors import StoreError
from app.training.clock import utc_now

WHAT_TO_DO = "choose another file, or continue without saving"
# SQLite's extra files beside a database in WAL mode; they belong to the file they sit beside.
COMPANIONS = ("-wal", "-shm")
# How long the full check may take at open; a progress file of several years' work takes a tenth of it.
INTEGRITY_BUDGET_SECONDS = 2.0
_STEPS_BETWEEN_CLOCK_LOOKS = 10_000  # SQLite virtual-machine steps between two looks at the budget


class ReadOnlyStore(StoreError):
    """The progress file (or its folder) cannot be written: progress would be lost at the first save."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class DamagedStore(StoreError):
    """SQLite's own check finds the file damaged. ``backup`` is the copy taken before the last
    upgrade of the schema, if there is one beside the file."""

    def __init__(self, message: str, path: Path, backup: Path | None) -> None:
        super().__init__(message)
        self.path = path
        self.backup = backup


def prepare_folder(path: Path) -> None:
    """Create the folder of the progress file; a folder that cannot be made (a file in the way,
    a read-only disk, no permission) is a StoreError that says which folder and why."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = next((folder for folder in path.parents if folder.exists() and not folder.is_dir()), None)
        reason = f"{blocker} is a file, not a folder" if blocker is not None else exc.strerror or str(exc)
        raise StoreError(
            f"cannot create the folder {path.parent} for the progress database {path}: {reason}; {WHAT_TO_DO}"
        ) from exc


def check_file(path: Path) -> None:
    """Refuse a file that cannot be written (ReadOnlyStore) or that SQLite finds damaged
    (DamagedStore); a file that does not exist yet passes (it will be created)."""
    if not path.exists():
        if not os.access(path.parent, os.W_OK):
            raise ReadOnlyStore(f"the folder {path.parent} is read-only, so the progress database {path} "
                                f"cannot be created there; {WHAT_TO_DO}", path)
        return
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        where = "file" if not os.access(path, os.W_OK) else f"folder {path.parent}"
        raise ReadOnlyStore(f"the progress database {path} is read-only (its {where} cannot be written), so "
                            f"nothing you do would be saved; make it writable, or {WHAT_TO_DO}", path)
    problem = integrity_check(path)
    if problem is not None:
        backup = latest_backup(path)
        offer = ("restore the copy taken before the last upgrade" if backup is not None
                 else "start a fresh file (the damaged one is kept)")
        raise DamagedStore(f"the progress database {path} is damaged ({problem}); {offer}, or {WHAT_TO_DO}",
                           path, backup)


def integrity_check(path: Path, budget: float = INTEGRITY_BUDGET_SECONDS) -> str | None:
    """SQLite's ``PRAGMA integrity_check`` if it ends within ``budget`` seconds, else its ``quick_check``:
    None when the file is sound, else the first complaint, in words. A file that is not a database at
    all counts as damaged too."""
    deadline = time.monotonic() + budget
    try:
        connection = sqlite3.connect(path)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        connection.set_progress_handler(lambda: time.monotonic() > deadline, _STEPS_BETWEEN_CLOCK_LOOKS)
        try:
            return _first_complaint(connection, "integrity_check")
        except sqlite3.OperationalError as exc:
            if "interrupt" not in str(exc):
                return str(exc)
        connection.set_progress_handler(None, 0)
        return _first_complaint(connection, "quick_check")
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        connection.close()


def _first_complaint(connection: sqlite3.Connection, pragma: str) -> str | None:
    rows = [str(row[0]) for row in connection.execute(f"PRAGMA {pragma}")]
    if rows == ["ok"]:
        return None
    complaints = [line for row in rows for line in row.splitlines() if line.strip() and not line.startswith("***")]
    if not complaints:
        return f"{pragma} failed"
    first = complaints[0]
    if "missing from index" in first or "wrong # of entries in index" in first:
        return f"a table's rows no longer match its index: {first}"
    return first


def latest_backup(path: Path) -> Path | None:
    """The newest copy that ``migrate`` took of this file before an upgrade
    (``NAME.revREVISION-STAMP.bak``), or None."""
    copies = list(path.parent.glob(f"{path.name}.rev*-*.bak"))
    return max(copies, key=lambda copy: copy.name.rsplit("-", 1)[1], default=None)


def set_aside(path: Path) -> Path:
    """Rename a damaged file (and its WAL companions) out of the way, keeping it; returns its new name."""
    stamp = utc_now().strftime("%Y%m%dT%H%M%S%fZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        path.rename(aside)
        for suffix in COMPANIONS:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
    except OSError as exc:
        raise StoreError(f"cannot move the damaged progress database {path} aside: {exc.strerror or exc}") from exc
    return aside


def restore_backup(path: Path, backup: Path) -> Path:
    """Put the backup in place of the damaged file, which is kept beside it; returns where the damaged file went."""
    aside = set_aside(path)
    try:
        shutil.copy2(backup, path)
    except OSError as exc:
        raise StoreError(f"cannot copy the backup {backup} to {path}: {exc.strerror or exc}") from exc
    return aside
