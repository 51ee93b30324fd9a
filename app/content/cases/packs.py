"""Case packs: a set of cases as a folder or a ``.zip``, for an instructor to hand to a class.

A pack is data only. Importing one reads the bytes of its ``*.yaml`` files and
nothing else: no file in it is run, opened by another program or unpacked to
a path the pack chooses. Each file's name is checked before it is used (no
folders climbing out with ``..``, no absolute paths, only ``[a-z0-9-].yaml``,
which is also what a case id may be), each file is read with the case loader
under that name, and a bad one is reported with its line and left out. A file
that would replace one of the user's cases is written only if the caller's
``replace`` callback says so (the window asks with a dialog).
"""

from __future__ import annotations

import re
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath

from app.content.cases.model import Case
from app.content.cases.writer import case_data, dump_case
from app.content.cases.loader import read_case
from app.content.files.problems import ContentProblem

CASE_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$")
MAX_CASE_BYTES = 1_000_000  # the largest case in the library is a few kilobytes; anything this big is not one
MAX_FILES = 5_000


@dataclass
class PackImport:
    """What an import did: the cases written, the files left out with why, the existing cases kept."""

    imported: list[Case] = field(default_factory=list)
    problems: list[ContentProblem] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)

    def summary(self) -> str:
        parts = [f"{len(self.imported)} case(s) imported"]
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


def import_pack(source: Path, folder: Path, replace: Callable[[str], bool],
                topics: set[str] | None = None) -> PackImport:
    """Bring the cases of a pack (a ``.zip`` or a folder) into ``folder``, checking each one.

    ``replace(name)`` is asked before a file of the same name in ``folder`` is overwritten.
    """
    report = PackImport()
    seen: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="director-trainer-pack-") as scratch:
        for member, data in _members(source, report):
            where = Path(f"{source.name}/{member}")
            name = _safe_name(member, where, report)
            if name is None:
                continue
            if name in seen:
                report.problems.append(ContentProblem(where, 0, f"a second {name} in the pack; left out"))
                continue
            seen.add(name)
            checked = Path(scratch) / name
            checked.write_bytes(data)
            case, problems = read_case(checked, topics)
            if case is None:
                report.problems.extend(ContentProblem(where, p.line, p.message) for p in problems)
                continue
            target = folder / name
            if target.exists() and not replace(name):
                report.kept.append(name)
                continue
            folder.mkdir(parents=True, exist_ok=True)
            partial = folder / f".{name}.part"
            partial.write_bytes(data)
            partial.replace(target)
            case.path = target
            report.imported.append(case)
    return report


def _members(source: Path, report: PackImport) -> Iterator[tuple[str, bytes]]:
    """(name inside the pack, bytes) of each regular file in a zip or a folder, within the size limits."""
    if source.is_dir():
        paths = [p for p in sorted(source.rglob("*")) if not p.is_symlink() and p.is_file()][:MAX_FILES]
        entries = [(p.relative_to(source).as_posix(), p.stat().st_size, p) for p in paths]
        for name, size, path in entries:
            if _small_enough(name, size, source, report):
                yield name, path.read_bytes()
        return
    try:
        with zipfile.ZipFile(source) as archive:
            for info in archive.infolist()[:MAX_FILES]:
                if info.is_dir():
                    continue
                if _small_enough(info.filename, info.file_size, source, report):
                    with archive.open(info) as stream:  # read no more than the limit, whatever the size claimed
                        data = stream.read(MAX_CASE_BYTES + 1)
                    if _small_enough(info.filename, len(data), source, report):
                        yield info.filename, data
    except (zipfile.BadZipFile, OSError) as error:
        report.problems.append(ContentProblem(source, 0, f"cannot read this as a case pack (a .zip or a folder): "
                                                         f"{error}"))


def _small_enough(name: str, size: int, source: Path, report: PackImport) -> bool:
    if size <= MAX_CASE_BYTES:
        return True
    report.problems.append(ContentProblem(Path(f"{source.name}/{name}"), 0,
                                          f"{size} bytes is far more than any case file; left out"))
    return False


def _safe_name(member: str, where: Path, report: PackImport) -> str | None:
    """The file name a pack member is saved under, or None (reported) if it may not be used."""
    posix, windows = PurePosixPath(member), PureWindowsPath(member)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or member.startswith(("/", "\\")):
        report.problems.append(ContentProblem(where, 0, "an absolute path in a pack is not allowed; left out"))
        return None
    if ".." in posix.parts or ".." in windows.parts:
        report.problems.append(ContentProblem(where, 0, "a path that climbs out of the pack (..) is not allowed; "
                                                        "left out"))
        return None
    name = windows.name  # the last part, whichever separator the pack was made with
    if not name.endswith(".yaml"):
        report.problems.append(ContentProblem(where, 0, "only case files (*.yaml) are imported; left out"))
        return None
    if not CASE_NAME.match(name):
        report.problems.append(ContentProblem(where, 0, "a case file name is lower-case letters, digits and "
                                                        "hyphens, then .yaml (the case's id); left out"))
        return None
    return name
