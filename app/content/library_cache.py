"""Pickled copies of the loaded library and of the user's checked cases, for the window's start-up.

Why: parsing the law files, glossary and cases (YAML, Markdown, PBN deals) is the
largest single cost of opening the window, and the content rarely changes between
two starts. The library's copy is used only while every file it was built from is
unchanged: its stamp lists the path, size and modification time of each content
file and each module of the ``app`` package (whose classes the pickle holds), with
the Python and application versions. Anything else — a missing, stale or unreadable
copy — loads the content afresh and writes a new copy. ``director-trainer check``
never uses it.

Why the user's cases have a copy of their own, kept file by file: a user may have
thousands (a class's packs), and adds or edits one at a time. Were they part of the
library's stamp, every saved case would make the next start read them all again
(5000 cases took 25 s). Each file's checked case (or its problems) is kept with the
file's size and modification time, under a key of the code and the topic list it
was checked against; at start only new or changed files are read, and an import
puts the cases it has just checked into the copy itself (``remember_user_cases``).
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import platformdirs

from app import __version__
from app.content.files.collector import collector_paused
from app.content.files.problems import ContentProblem
from app.content.library import CURRENT_EDITION, Library, default_content_root, load_library, twin_problems

APP_PACKAGE = Path(__file__).resolve().parents[1]
CACHE_NAME = "library.pickle"
USER_CACHE_NAME = "user-cases.pickle"
_UNUSABLE = (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError)

# A user file's entry: (size, modification time in ns) when checked, and what checking it gave.
Entry = tuple[tuple[int, int], Any, list[ContentProblem]]


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


@functools.cache
def code_stamp() -> str:
    """``stamp`` of the ``app`` package, once per process: the code that is loaded, whose classes a
    pickled copy holds (this one's and Home's, see ``app.store.home_snapshot``). In the bundle the modules
    are inside the executable, not files beside it, so the executable's own size and time stand for them:
    two builds of one version are told apart."""
    code = stamp([APP_PACKAGE])
    if getattr(sys, "frozen", False):
        info = os.stat(sys.executable)
        code += f":{info.st_size}:{info.st_mtime_ns}"
    return code


def load_library_cached(root: Path | None = None, case_paths: list[Path] | None = None,
                        cache: Path | None = None, user_cases: Path | None = None) -> Library:
    """``load_library``'s result, from the cached copies where nothing they were built from has changed."""
    root = root or default_content_root()
    cache = cache or cache_path()
    code = code_stamp()
    current = f"{stamp([root, *(case_paths or [])])}:{code}"
    saved = _load(cache, current)
    if isinstance(saved, tuple) and len(saved) == 2 and isinstance(saved[0], Library) and isinstance(saved[1], bytes):
        library, packed = saved
        library.unpack_cases_later(lambda: _unpack_cases(library, packed, root, case_paths, user_cases, code, cache))
        return library
    library = load_library(root, CURRENT_EDITION, case_paths)
    _save(cache, current, library)
    if user_cases is not None:
        library.cases, problems = _merge_user_cases(library.cases, library.topics, user_cases,
                                                    cache.with_name(USER_CACHE_NAME), code)
        library.problems += problems
    return library


def _unpack_cases(library: Library, packed: bytes, root: Path, case_paths: list[Path] | None,
                  user_cases: Path | None, code: str, cache: Path) -> tuple[list[Any], list[ContentProblem]]:
    """The cached library's cases, with the user's merged in, and the problems those add: what
    ``library.cases`` and ``library.problems`` give at their first read."""
    try:
        with collector_paused(for_good=True):  # the cases live as long as the library
            cases = pickle.loads(packed)
    except _UNUSABLE:  # written by the same code as it is read with (see the stamp): only a damaged disk
        cases = load_library(root, CURRENT_EDITION, case_paths).cases
    if user_cases is None:
        return cases, []
    return _merge_user_cases(cases, library.topics, user_cases, cache.with_name(USER_CACHE_NAME), code)


def remember_user_cases(cases: Iterable[Any], topics: set[str] | None, cache: Path | None = None) -> None:
    """Put cases just checked and written into the user folder (a pack's) into the copy of the user's cases,
    so that the next start does not read them again."""
    user_cache = (cache or cache_path()).with_name(USER_CACHE_NAME)
    key = _user_key(code_stamp(), topics)
    saved = _load(user_cache, key)
    entries: dict[str, Entry] = saved if isinstance(saved, dict) else {}
    for case in cases:
        try:
            info = case.path.stat()
        except OSError:
            continue
        entries[str(case.path)] = ((info.st_size, info.st_mtime_ns), case, [])
    _write(user_cache, key, entries)


def _merge_user_cases(cases: list[Any], known_topics: dict[str, str], folder: Path, user_cache: Path,
                      code: str) -> tuple[list[Any], list[ContentProblem]]:
    """``cases`` with the user's merged in (see ``user_cases.merge_user_cases``), each unchanged file
    taken from the copy, and the problems found; the copy is written again if any file was read."""
    from app.content.cases.user_cases import merge_user_cases

    topics = set(known_topics) or None
    key = _user_key(code, topics)
    saved = _load(user_cache, key)
    entries: dict[str, Entry] = saved if isinstance(saved, dict) else {}
    kept: dict[str, Entry] = {}
    fresh: list[str] = []

    def read(path: Path, topics: set[str] | None) -> tuple[Any, list[ContentProblem]]:
        from app.content.cases.loader import read_case  # only a file's first or changed reading needs it

        try:
            info = path.stat()
        except OSError:
            return read_case(path, topics)  # the loader reports it
        name, now = str(path), (info.st_size, info.st_mtime_ns)
        entry = entries.get(name)
        if entry is None or entry[0] != now:
            entry = (now, *read_case(path, topics))
            fresh.append(name)
        kept[name] = entry
        return entry[1], entry[2]

    merged, problems = merge_user_cases(cases, folder, topics, read)
    if fresh or kept.keys() != entries.keys():
        _write(user_cache, key, kept)
    return merged, [*problems, *twin_problems(merged, only=folder)]


def _user_key(code: str, topics: set[str] | None) -> str:
    """What a user case's check depends on besides its file: the code, and the topics it may name."""
    return f"{code}:{hashlib.sha256(repr(sorted(topics or ())).encode()).hexdigest()}"


def _load(cache: Path, key: str) -> Any:
    """What was saved under ``key``, or None if the copy is missing, stale or unreadable.

    The cyclic garbage collector is paused while the copy is read: unpickling makes hundreds of thousands
    of objects, none of them garbage, and the collector would scan them again and again (a copy of 3000
    user cases took 3.7 s to read with it running, 1.0 s without)."""
    try:
        with collector_paused(), cache.open("rb") as stream:
            saved, value = pickle.load(stream)
    except _UNUSABLE:
        return None
    return value if saved == key else None


def _save(cache: Path, current: str, library: Library) -> None:
    """Keep the library with its cases packed apart, to be unpacked only when first read."""
    index, library._index = library._index, None  # the search index is an SQLite connection: rebuilt on use
    cases = library.cases
    packed = pickle.dumps(cases, protocol=pickle.HIGHEST_PROTOCOL)
    del library.cases  # pickled apart, above
    try:
        _write(cache, current, (library, packed))
    finally:
        library.cases = cases
        library._index = index


def _write(cache: Path, key: str, value: Any) -> None:
    """Write the copy beside its final name and rename it, so a reader never sees half a file."""
    partial = cache.with_name(f"{cache.name}.{os.getpid()}.part")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as stream:
            pickle.dump((key, value), stream, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(cache)
    except OSError:
        partial.unlink(missing_ok=True)  # a read-only cache folder only costs the next start its speed
