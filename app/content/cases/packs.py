"""Case packs: a set of cases as a folder or a ``.zip``, for an instructor to hand to a class.

A pack is data only. Importing one reads the bytes of its ``*.yaml`` files and
nothing else: no file in it is run, opened by another program or unpacked to
a path the pack chooses. Each file's name is checked before it is used (no
folders climbing out with ``..``, no absolute paths, no links, only
``[a-z0-9-].yaml``, which is also what a case id may be), each file is read
with the case loader from its bytes, and a bad one is reported with its line
and left out.

Nothing is ever dropped without a word. A member the standard library cannot
read (encrypted, compressed with Deflate64, damaged) is reported by name and
the members after it are still read; a limit on files or bytes that stops the
reading is reported with what was left unread. A case with the id of a
built-in case is kept beside it under a new id, never in its place; a file
that would replace one of the user's own cases is written only if the
caller's ``replace`` says so (the window asks first).

Why two steps, ``read_pack`` then ``write_pack``: the window reads off the GUI
thread with a progress bar and a Cancel button, asks about the user's cases
the pack would replace (a question needs the GUI thread), and only then
writes. Nothing reaches the disk before the trainee has answered, and a
cancelled reading writes nothing.
"""

from __future__ import annotations

import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path, PurePosixPath, PureWindowsPath

from app.content.cases.loader import MAX_FILE_BYTES, case_from_text
from app.content.cases.model import Case
from app.content.cases.writer import case_data, dump_case
from app.content.files.collector import collector_paused
from app.content.files.problems import ContentError, ContentProblem
from app.content.files.text_files import decode_utf8

CASE_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$")
MAX_FILES = 10_000  # twice the largest pack anyone has asked for; more is reported and left unread
MAX_PACK_BYTES = 100 * 1024 * 1024  # what all the case files of a pack may come to, unpacked
BESIDE = "pack"  # the word added to the id of a pack case that shares a built-in case's id
# The compression methods Python's zipfile reads; Deflate64 (9), which Windows and 7-Zip use for large files,
# and the rest are not among them.
_READABLE = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
_METHOD_NAMES = {9: "Deflate64", 98: "PPMd", 99: "AES encryption", 93: "Zstandard"}
_ENCRYPTED = 0x1

# Called as the work goes on with (items done, items in all); returns False once the user has asked to stop.
Progress = Callable[[int, int], bool]


def _going_on(_done: int, _total: int) -> bool:
    return True


@dataclass
class PackCase:
    """A case of the pack that loads, with the bytes to write and the file name to write them under."""

    name: str
    data: bytes
    case: Case
    renamed_from: str | None = None  # the id it had in the pack, when that was a built-in case's


@dataclass
class PackContents:
    """What reading a pack found: the cases that load and the files left out, with why."""

    source: Path
    cases: list[PackCase] = field(default_factory=list)
    problems: list[ContentProblem] = field(default_factory=list)
    cancelled: bool = False

    def already_there(self, folder: Path) -> list[str]:
        """The file names of the user's cases that these would replace."""
        return [pack_case.name for pack_case in self.cases if (folder / pack_case.name).exists()]


@dataclass
class PackImport:
    """What an import did: the cases written, the files left out with why, the existing cases kept, the
    cases put beside a built-in case of the same id (old id, new id), and whether it was cancelled."""

    imported: list[Case] = field(default_factory=list)
    problems: list[ContentProblem] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    beside: list[tuple[str, str]] = field(default_factory=list)
    cancelled: bool = False

    def summary(self) -> str:
        parts = [f"{len(self.imported)} case(s) imported"]
        if self.cancelled:
            parts.append("cancelled before the end" if self.imported else "cancelled: nothing was written")
        if self.beside:
            parts.append(f"{len(self.beside)} with the id of a library case, kept beside it under a new id")
        if self.kept:
            parts.append(f"{len(self.kept)} kept as they were (not replaced)")
        if self.problems:
            files = len({p.path for p in self.problems})
            parts.append(f"{files} file(s) left out with problems")
        return "; ".join(parts)


def export_pack(cases: Iterable[Case], target: Path) -> list[Path]:
    """Write the cases to ``target``: a ``.zip`` file, or else a folder (created if need be).

    Each case goes out as its own file's text, comments included, or as written by the case
    writer if the file is gone. Returns the names written, as paths inside the pack.
    """
    files = {f"{case.id}.yaml": _case_text(case) for case in cases}
    if target.suffix.lower() == ".zip":
        partial = target.with_name(target.name + ".part")
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, text in files.items():
                archive.writestr(name, text)
        partial.replace(target)
    else:
        target.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (target / name).write_text(text, encoding="utf-8")
    return [target / name for name in files]


def _case_text(case: Case) -> str:
    try:
        return case.path.read_text(encoding="utf-8")
    except OSError:
        return dump_case(case_data(case))


def import_pack(source: Path, folder: Path, replace: Callable[[str], bool], topics: set[str] | None = None,
                library_ids: frozenset[str] = frozenset()) -> PackImport:
    """Read a pack and write its cases into ``folder`` in one go (``read_pack``, then ``write_pack``).

    ``replace(name)`` is asked before a file of the same name in ``folder`` is overwritten.
    """
    return write_pack(read_pack(source, folder, topics, library_ids), folder, replace)


def read_pack(source: Path, folder: Path, topics: set[str] | None = None,
              library_ids: frozenset[str] = frozenset(), progress: Progress = _going_on) -> PackContents:
    """Read and check every case file of a pack (a ``.zip`` or a folder), writing nothing.

    ``folder`` is the user's case folder, whose names a renamed case must not take; ``library_ids`` are
    the built-in cases' ids, which a pack case may not replace. Up to ``MAX_FILES`` files and
    ``MAX_PACK_BYTES`` in all are read; what a limit leaves unread is reported.
    """
    contents = PackContents(source)
    seen: set[str] = set()
    taken = set(library_ids) | ({path.stem for path in folder.glob("*.yaml")} if folder.is_dir() else set())
    total = 0
    with _opened(source, contents.problems) as entries, collector_paused():  # the cases read all stay alive
        if len(entries) > MAX_FILES:
            contents.problems.append(ContentProblem(source, 0, f"the pack holds {len(entries):,} files, more than "
                                                               f"the {MAX_FILES:,} one import reads: the first "
                                                               f"{MAX_FILES:,} were read, the other "
                                                               f"{len(entries) - MAX_FILES:,} left out; split the "
                                                               "pack and import the rest"))
            entries = entries[:MAX_FILES]
        taken |= {PureWindowsPath(member).name.removesuffix(".yaml") for member, _read in entries}  # a new id
        for number, (member, read) in enumerate(entries):
            if not progress(number, len(entries)):
                contents.cancelled = True
                return contents
            where = Path(f"{source.name}/{member}")
            name = _safe_name(member, where, contents.problems)
            if name is None:
                continue
            if name in seen:
                contents.problems.append(ContentProblem(where, 0, f"a second {name} in the pack; left out"))
                continue
            data = read()
            if data is None:
                continue
            total += len(data)
            if total > MAX_PACK_BYTES:
                contents.problems.append(ContentProblem(source, 0, f"the pack's files come to more than "
                                                                   f"{MAX_PACK_BYTES // (1024 * 1024)} MB: {member} "
                                                                   f"and the {len(entries) - number - 1:,} file(s) "
                                                                   "after it were left out; split the pack and "
                                                                   "import the rest"))
                break
            seen.add(name)
            pack_case = _checked(name, data, where, topics, contents.problems)
            if pack_case is not None and pack_case.case.id in library_ids:
                pack_case = _beside(pack_case, where, taken, topics, contents.problems)
            if pack_case is not None:
                taken.add(pack_case.case.id)
                seen.add(pack_case.name)
                contents.cases.append(pack_case)
        progress(len(entries), len(entries))
    return contents


def write_pack(contents: PackContents, folder: Path, replace: Callable[[str], bool],
               progress: Progress = _going_on) -> PackImport:
    """Write the cases read from a pack into ``folder``; ``replace(name)`` decides about a file already there.

    Each file is written beside its name and renamed, so a stop (Cancel, a full disk) never leaves half
    a case. A cancelled reading writes nothing.
    """
    report = PackImport(problems=list(contents.problems), cancelled=contents.cancelled)
    if contents.cancelled:
        return report
    for number, pack_case in enumerate(contents.cases):
        if not progress(number, len(contents.cases)):
            report.cancelled = True
            break
        target = folder / pack_case.name
        if target.exists() and not replace(pack_case.name):
            report.kept.append(pack_case.name)
            continue
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f".{pack_case.name}.part"
        partial.write_bytes(pack_case.data)
        partial.replace(target)
        pack_case.case.path = target
        report.imported.append(pack_case.case)
        if pack_case.renamed_from is not None:
            report.beside.append((pack_case.renamed_from, pack_case.case.id))
    return report


def _checked(name: str, data: bytes, where: Path, topics: set[str] | None,
             problems: list[ContentProblem]) -> PackCase | None:
    """The member read as a case under its file name, or None with its problems reported at ``where``."""
    try:
        text = decode_utf8(data)
    except ContentError as error:
        problems.append(ContentProblem(where, error.line, error.message))
        return None
    case, found = case_from_text(text, Path(name), topics)
    if case is None:
        problems.extend(ContentProblem(where, p.line, p.message) for p in found)
        return None
    return PackCase(name, data, case)


def _beside(pack_case: PackCase, where: Path, taken: set[str], topics: set[str] | None,
            problems: list[ContentProblem]) -> PackCase | None:
    """The case under a new id (``ID-pack``, ``ID-pack-2``, …), so that it stands beside the built-in case of
    its id instead of replacing it; None, reported, if its ``id:`` line is not one this can rewrite."""
    old = pack_case.case.id
    new = next(candidate for n in range(1, len(taken) + 2)
               if (candidate := f"{old}-{BESIDE}" + (f"-{n}" if n > 1 else "")) not in taken)
    text = pack_case.data.decode("utf-8")
    line = re.compile(rf"^id:[ \t]*(['\"]?){re.escape(old)}\1[ \t]*(?=#|$)", re.MULTILINE)
    renamed, count = line.subn(f"id: {new}", text, count=1)
    case, _problems = case_from_text(renamed, Path(f"{new}.yaml"), topics) if count else (None, [])
    if case is None:
        problems.append(ContentProblem(where, 0, f"{old} is the id of a case in the library, which a pack may not "
                                                 "replace; give the case another id (and its file that name) to "
                                                 "import it; left out"))
        return None
    return PackCase(f"{new}.yaml", renamed.encode("utf-8"), case, renamed_from=old)


Entry = tuple[str, Callable[[], "bytes | None"]]  # a file's name in the pack, and how to read its bytes


@contextmanager
def _opened(source: Path, problems: list[ContentProblem]) -> Iterator[list[Entry]]:
    """The files of a zip or a folder, each with a reader that returns its bytes or reports why it cannot;
    a zip stays open while they are read. A source that is neither is reported, with no files."""
    if source.is_dir():
        yield _folder_entries(source, problems)
        return
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, OSError) as error:
        problems.append(ContentProblem(source, 0, f"cannot read this as a case pack (a .zip or a folder): {error}"))
        yield []
        return
    with archive:
        yield [(info.filename, partial(_zip_member, archive, info, source, problems))
               for info in archive.infolist() if not info.is_dir()]


def _folder_entries(source: Path, problems: list[ContentProblem]) -> list[Entry]:
    entries: list[Entry] = []
    for path in sorted(source.rglob("*")):
        name = path.relative_to(source).as_posix()
        if path.is_symlink():
            problems.append(ContentProblem(Path(f"{source.name}/{name}"), 0,
                                           "a link in a pack is not followed; left out"))
        elif path.is_file():
            entries.append((name, partial(_folder_member, path, source, problems)))
    return entries


def _zip_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, source: Path,
                problems: list[ContentProblem]) -> bytes | None:
    """A zip member's bytes (no more than a case file may hold), or None with the reason it cannot be read."""
    where = Path(f"{source.name}/{info.filename}")
    reason = _unreadable(info)
    if reason is None and info.file_size > MAX_FILE_BYTES:
        reason = _too_big(info.file_size)
    if reason is None:
        try:
            with archive.open(info) as stream:  # read no more than the limit, whatever the size claimed
                data = stream.read(MAX_FILE_BYTES + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, NotImplementedError) as error:
            reason = f"this file in the zip is damaged and cannot be read ({error}); left out"
        else:
            return data if len(data) <= MAX_FILE_BYTES else _report(problems, where, _too_big(len(data)))
    return _report(problems, where, reason)


def _unreadable(info: zipfile.ZipInfo) -> str | None:
    """Why a zip member cannot be read before trying: a password, a compression method, a link."""
    if info.flag_bits & _ENCRYPTED:
        return ("this file in the zip is encrypted (the zip was made with a password), and a case pack is read "
                "without one; make the zip again without a password; left out")
    if info.compress_type not in _READABLE:
        method = _METHOD_NAMES.get(info.compress_type, f"method {info.compress_type}")
        return (f"this file in the zip is compressed with {method}, which Director Trainer cannot unpack; make the "
                "zip again with ordinary (Deflate) compression; left out")
    if stat.S_ISLNK(info.external_attr >> 16):
        return "a link in a pack is not followed; left out"
    return None


def _folder_member(path: Path, source: Path, problems: list[ContentProblem]) -> bytes | None:
    where = Path(f"{source.name}/{path.relative_to(source).as_posix()}")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return _report(problems, where, _too_big(size))
        return path.read_bytes()
    except OSError as error:
        return _report(problems, where, f"cannot read the file ({error.strerror or error}); left out")


def _too_big(size: int) -> str:
    return f"{size:,} bytes is more than a case file may hold ({MAX_FILE_BYTES:,} bytes); left out"


def _report(problems: list[ContentProblem], where: Path, reason: str) -> bytes | None:
    """Report a file left out; returns no bytes for it."""
    problems.append(ContentProblem(where, 0, reason))
    return None


def _safe_name(member: str, where: Path, problems: list[ContentProblem]) -> str | None:
    """The file name a pack member is saved under, or None (reported) if it may not be used."""
    posix, windows = PurePosixPath(member), PureWindowsPath(member)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or member.startswith(("/", "\\")):
        problems.append(ContentProblem(where, 0, "an absolute path in a pack is not allowed; left out"))
        return None
    if ".." in posix.parts or ".." in windows.parts:
        problems.append(ContentProblem(where, 0, "a path that climbs out of the pack (..) is not allowed; left out"))
        return None
    name = windows.name  # the last part, whichever separator the pack was made with
    if not name.endswith(".yaml"):
        problems.append(ContentProblem(where, 0, "only case files (*.yaml) are imported; left out"))
        return None
    if not CASE_NAME.match(name):
        problems.append(ContentProblem(where, 0, "a case file name is lower-case letters, digits and hyphens, "
                                                 "then .yaml (the case's id); left out"))
        return None
    return name
