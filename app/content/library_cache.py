"""A pickled copy of the loaded library for the window's start-up.

Why: parsing the law files, glossary and cases (YAML, Markdown, PBN deals) is the
largest single cost of opening the window, and the content rarely changes between
two starts. The copy is used only while every file it was built from is unchanged:
its stamp lists the path, size and modification time of each content file and each
module of the ``app`` package (whose classes the pickle holds), with the Python and
application versions. Anything else — a missing, stale or unreadable copy — loads
the content afresh and writes a new copy. ``director-trainer check`` never uses it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Iterable
from pathlib import Path

import platformdirs

from app import __version__
from app.content.library import CURRENT_EDITION, Library, default_content_root, load_library

APP_PACKAGE = Path(__file__).resolve().parents[1]
CACHE_NAME = "library.pickle"


def cache_path() -> Path:
    return platformdirs.user_cache_path("director-trainer") / CACHE_NAME


def stamp(folders: Iterable[Path]) -> str:
    """A digest of every file's path, size and modification time under the folders."""
    digest = hashlib.sha256(f"{sys.version}\n{__version__}\n".encode())
    for folder in folders:
        for directory, _subfolders, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = os.path.join(directory, name)
                info = os.stat(path)
                digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def load_library_cached(root: Path | None = None, case_paths: list[Path] | None = None,
                        cache: Path | None = None, user_cases: Path | None = None) -> Library:
    """``load_library``'s result, from the cached copy when nothing it was built from has changed."""
    root = root or default_content_root()
    cache = cache or cache_path()
    current = stamp([root, *(case_paths or []), *([user_cases] if user_cases else []), APP_PACKAGE])
    try:
        with cache.open("rb") as stream:
            saved, library = pickle.load(stream)
        if saved == current and isinstance(library, Library):
            return library
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass  # no usable copy: load afresh below
    library = load_library(root, CURRENT_EDITION, case_paths, user_cases=user_cases)
    _save(cache, current, library)
    return library


def _save(cache: Path, current: str, library: Library) -> None:
    """Write the copy beside its final name and rename it, so a reader never sees half a file."""
    index, library._index = library._index, None  # the search index is an SQLite connection: rebuilt on use
    partial = cache.with_name(f"{cache.name}.{os.getpid()}.part")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as stream:
            pickle.dump((current, library), stream, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(cache)
    except OSError:
        partial.unlink(missing_ok=True)  # a read-only cache folder only costs the next start its speed
    finally:
        library._index = index
