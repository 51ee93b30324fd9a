"""A copy of what Home showed when the window closed, to fill Home at the next start before the
progress store is open.

Why: opening the store costs SQLAlchemy's import and the database's check (about half a second
after the first paint); without a copy Home stays empty until then. The copy is a cache of
derived data: deleting it only costs that half-second.

Why it is safe to show: the window writes it at close (``write_snapshot``), with the database
closed (SQLite has then folded its write-ahead log into the file and removed it), from a
``HomeState`` read from the store just before, with the file's stamp (size, modification and
change times and inode of the file, and of its ``-wal`` log if there is one: a change of
permissions, or a file put in its place, counts as a change too). ``read_snapshot`` gives it back
only if
- the file's stamp is the same now: no program has written to the database since;
- ``now`` is between the reading's moment and its ``valid_until``: nothing on Home has changed with the
  clock (a clock set back since the reading, after which Home could list what is not yet due, counts
  as a change too);
- the profile is the one the store would open on (``home_state.chosen_profile``);
- it was written by this version of the code and unpickles into a ``HomeState``.
A write-ahead log still there after the close means another program has the database open and
may write at any moment, even before the stamp is taken: no copy is written then.
Anything else — a missing, stale or unreadable copy — is ignored, and Home waits for the store.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from datetime import datetime
from pathlib import Path

import platformdirs

from app import __version__
from app.store.home_state import HomeState, chosen_profile
from app.store.location import APP_NAME
from app.training.clock import utc_now

FORMAT = 1
FOLDER = "home"
_UNUSABLE = (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError, KeyError,
             TypeError, ValueError)

# (size, modification time, change time (ns), inode) of the file, and of its -wal log (None: no log)
FileStamp = tuple[tuple[int, int, int, int], tuple[int, int, int, int] | None]


def snapshot_path(db_file: Path, cache: Path | None = None) -> Path:
    """Where the copy for the database ``db_file`` (resolved) is kept: one per database."""
    folder = cache if cache is not None else platformdirs.user_cache_path(APP_NAME) / FOLDER
    return folder / f"{hashlib.sha256(str(db_file).encode()).hexdigest()}.pickle"


def wal_file(db_file: Path) -> Path:
    return db_file.with_name(f"{db_file.name}-wal")


def file_stamp(db_file: Path) -> FileStamp | None:
    """The database file's stamp now; None if the file cannot be read."""
    try:
        info = os.stat(db_file)
    except OSError:
        return None
    try:
        log = os.stat(wal_file(db_file))
    except FileNotFoundError:
        wal = None
    except OSError:
        return None
    else:
        wal = (log.st_size, log.st_mtime_ns, log.st_ctime_ns, log.st_ino)
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino), wal


def code_key() -> str:
    """The copy's format, the Python and application versions and the stamp of the ``app`` package, whose
    classes the copy holds (the reading, the records, the training layer's objects inside them): a change to
    any of it makes older copies unusable, as it does the library's cached copy."""
    from app.content.library_cache import code_stamp

    return f"{FORMAT}:{sys.version}:{__version__}:{code_stamp()}"


def write_snapshot(db_file: Path, state: HomeState, cache: Path | None = None) -> bool:
    """Keep ``state``, read from the database ``db_file`` (resolved) just before it was closed; returns
    whether a copy was written. Any problem writing only means no copy (see the module's docstring)."""
    stamp = file_stamp(db_file)
    target = snapshot_path(db_file, cache)
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    try:
        if stamp is None or stamp[1] is not None:  # another program has the database open
            target.unlink(missing_ok=True)
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as stream:
            pickle.dump((code_key(), stamp, state), stream, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(target)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        return False
    return True


def read_snapshot(db_file: Path, wanted_profile: str, now: datetime | None = None,
                  cache: Path | None = None) -> HomeState | None:
    """The copy for ``db_file`` (resolved), if it still shows what the store would (see the module's
    docstring); ``wanted_profile`` is the setting of the profile used last. None otherwise."""
    try:
        with snapshot_path(db_file, cache).open("rb") as stream:
            key, stamp, state = pickle.load(stream)
        if key != code_key() or not isinstance(state, HomeState):
            return None
        moment = now if now is not None else utc_now()
        if stamp != file_stamp(db_file) or not state.holds_at(moment):
            return None  # written since, or the clock has moved past what Home shows (or back before it)
        if chosen_profile(wanted_profile, state.profiles) != state.profile:
            return None
    except _UNUSABLE:
        return None
    return state
