"""Other codes beside the 2017 Laws: "what differs" notes, each tied to the 2017 sections it concerns.

An older or other code (the 2007 and 1997 Laws, the 1997 Laws as adapted for online
play, the IBL proposal) is not reproduced: the library holds, per edition, one file
``content/editions/<edition>.yaml`` whose notes say how that code treats a matter
differently from 2017, in the project's own words, each citing where the fact comes
from. The mapping to 2017 sections is what lets a trainee open any 2017 section and
see its counterparts in one click, and lets a note link back to the 2017 text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.content.files.problems import ContentProblem
from app.content.laws.refs import LawRef, RefError, parse_ref
from app.content.cases.yaml_lines import Located, YamlSyntaxError, load_located

CURRENT = "wbf-2017"
# The other codes, in the order the library lists them, with the words a user may type for each.
OTHER_EDITIONS = ("wbf-2007", "wbf-1997", "okbridge-1997", "ibl")
EDITION_WORDS = {
    "2017": CURRENT, "wbf-2017": CURRENT,
    "2007": "wbf-2007", "wbf-2007": "wbf-2007",
    "1997": "wbf-1997", "wbf-1997": "wbf-1997",
    "okbridge": "okbridge-1997", "online": "okbridge-1997", "okbridge-1997": "okbridge-1997",
    "ibl": "ibl",
}

# Short names for a code where no edition file is at hand (a case set under it, the current code).
EDITION_LABELS = {
    CURRENT: "2017 Laws", "wbf-2007": "2007 Laws", "wbf-1997": "1997 Laws",
    "okbridge-1997": "1997 Laws adapted for online play", "ibl": "IBL proposal",
}

# What a note says about its 2017 counterpart; the label is what the library shows.
STATUSES = {
    "differs": "Differs",
    "same": "No difference of substance",
    "not-in-sources": "Text not held",
    "added": "Added by this code",
    "removed": "Left out by this code",
}

# A section in the edition's own numbering: WBF style (27B1(a)) or the IBL's (L25C2).
_OWN_REF = re.compile(
    r"^(?:L)?[1-9][0-9]?(?:[A-H](?:[1-9](?:\([a-z]\))?(?:\([ivx]+\))?)?)?$|^(?:Introduction|Definitions|Scoring)$"
)
_KEYS = {"ref", "title", "maps_to", "status", "source", "text"}


@dataclass(frozen=True)
class Edition:
    """One other code: its id, the name shown, a short label for tabs, and what it is."""

    id: str
    name: str
    short: str
    about: str


@dataclass(frozen=True)
class Counterpart:
    """A "what differs" note: a section of another code against the 2017 sections it concerns."""

    edition: str
    ref: str
    title: str
    maps_to: tuple[LawRef, ...]
    status: str
    source: str
    text: str
    path: Path
    line: int

    @property
    def key(self) -> str:
        """Unique within the library, and what links and search hits carry: ``wbf-2007/27B1``."""
        return f"{self.edition}/{self.ref}"

    def heading(self) -> str:
        prefix = "" if self.ref.startswith("L") else "Law "
        return f"{prefix}{self.ref} — {self.title}" if self.title else f"{prefix}{self.ref}"


@dataclass
class Editions:
    """Every other code's notes, with look-ups both ways between them and 2017 sections."""

    editions: dict[str, Edition] = field(default_factory=dict)
    notes: list[Counterpart] = field(default_factory=list)

    def get(self, key: str) -> Counterpart | None:
        return next((n for n in self.notes if n.key == key), None)

    def of_edition(self, edition: str) -> list[Counterpart]:
        """An edition's notes in its own order (law by law), for its tree in the library."""
        return sorted((n for n in self.notes if n.edition == edition), key=lambda n: _own_sort_key(n.ref))

    def counterparts(self, ref: LawRef) -> dict[str, list[Counterpart]]:
        """For a 2017 section, each other edition's notes on it.

        A note on the section itself wins; failing that, notes on its nearest ancestor
        (a note on the whole of Law 27 speaks for 27B1(a) too). An edition with neither
        maps to an empty list, which the library shows as "no difference known"."""
        result: dict[str, list[Counterpart]] = {}
        chain = [ref, *reversed(ref.ancestors())]
        for edition in self.editions:
            found: list[Counterpart] = []
            for candidate in chain:
                found = [n for n in self.notes if n.edition == edition and candidate in n.maps_to]
                if found:
                    break
            result[edition] = found
        return result

    def nearest(self, edition: str, ref: LawRef) -> Counterpart | None:
        """The note of an edition to open in place of a 2017 section when the reader switches codes:
        its counterpart (see ``counterparts``), else the note on the nearest law the edition has a
        note on (the earlier of two equally near), else None for an edition with no notes."""
        found = self.counterparts(ref).get(edition)
        if found:
            return found[0]
        notes = self.of_edition(edition)
        if not notes:
            return None
        return min(notes, key=lambda n: (min(abs(m.law - ref.law) for m in n.maps_to),
                                         min(m.law for m in n.maps_to), _own_sort_key(n.ref)))

    def find(self, edition: str, own_ref: str) -> Counterpart | None:
        """A typed reference in an edition's own numbering (``2007 27B``): that note, else its first
        subsection's note, else its nearest parent's."""
        wanted = own_ref.strip().upper().replace(" ", "")
        notes = self.of_edition(edition)
        exact = next((n for n in notes if n.ref.upper() == wanted), None)
        below = next((n for n in notes if _is_within(n.ref.upper(), wanted)), None)
        if exact is not None or below is not None:
            return exact or below
        while wanted:
            for note in notes:
                if note.ref.upper() == wanted:
                    return note
            wanted = _shorten(wanted)
        return None


def edition_of_words(text: str) -> tuple[str | None, str]:
    """Split a typed ``2007 27B`` or ``ibl L12`` into (edition id, the rest); no edition word → (None, text)."""
    first, _, rest = text.strip().partition(" ")
    edition = EDITION_WORDS.get(first.lower())
    return (edition, rest.strip()) if edition else (None, text)


def load_editions(folder: Path) -> tuple[Editions, list[ContentProblem]]:
    """Load ``<folder>/<edition>.yaml`` for each known other edition; a missing folder is no edition."""
    editions = Editions()
    problems: list[ContentProblem] = []
    if not folder.is_dir():
        return editions, problems
    for path in sorted(folder.glob("*.yaml")):
        if path.stem not in OTHER_EDITIONS:
            problems.append(ContentProblem(path, 1, f"unknown edition {path.stem!r}: name the file after one of "
                                                    f"{', '.join(OTHER_EDITIONS)}"))
            continue
        _load_file(path, editions, problems)
    order = {e: i for i, e in enumerate(OTHER_EDITIONS)}
    editions.editions = dict(sorted(editions.editions.items(), key=lambda item: order[item[0]]))
    return editions, problems


def _load_file(path: Path, editions: Editions, problems: list[ContentProblem]) -> None:
    try:
        located = load_located(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        problems.append(ContentProblem(path, 1, f"not UTF-8 text ({exc.reason}); save the file as UTF-8"))
        return
    except YamlSyntaxError as exc:
        problems.append(ContentProblem(path, exc.line, exc.message))
        return
    data = located.data
    if not isinstance(data, dict):
        problems.append(ContentProblem(path, 1, "expected a mapping with name, short, about and notes"))
        return
    header = {k: data.get(k) for k in ("name", "short", "about")}
    missing = [k for k, v in header.items() if not isinstance(v, str) or not v.strip()]
    if missing:
        problems.append(ContentProblem(path, 1, f"missing {', '.join(missing)} (text) in the edition header"))
        return
    editions.editions[path.stem] = Edition(path.stem, str(header["name"]).strip(), str(header["short"]).strip(),
                                           str(header["about"]).strip())
    items = data.get("notes")
    if not isinstance(items, list):
        problems.append(ContentProblem(path, located.line("notes"), "notes: expected a list of notes"))
        return
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        note = _note(path.stem, item, path, located, index, problems)
        if note is None:
            continue
        if note.ref in seen:
            problems.append(ContentProblem(path, note.line, f"a second note for {note.ref} (the first is at line "
                                                            f"{seen[note.ref]}); merge them"))
            continue
        seen[note.ref] = note.line
        editions.notes.append(note)


def _note(edition: str, data: Any, path: Path, located: Located, index: int,
          problems: list[ContentProblem]) -> Counterpart | None:
    line = located.line("notes", index)

    def line_of(key: str) -> int:
        return located.line("notes", index, key)

    if not isinstance(data, dict):
        problems.append(ContentProblem(path, line, "a note must be a mapping with ref, title, maps_to, status, "
                                                   "source and text"))
        return None
    unknown = sorted(str(k) for k in set(data) - _KEYS)
    if unknown:
        problems.append(ContentProblem(path, line, f"unknown key(s) {', '.join(unknown)}; a note has "
                                                   f"{', '.join(sorted(_KEYS))}"))
    missing = [k for k in ("ref", "status", "source") if not isinstance(data.get(k), str | int) or not str(data[k]).strip()]
    if missing:
        problems.append(ContentProblem(path, line, f"missing {', '.join(missing)}"))
        return None
    ref = str(data["ref"]).strip()
    if not _OWN_REF.match(ref):
        problems.append(ContentProblem(path, line_of("ref"),
                                       f"ref {ref!r} is not a section of this code (27B1, 27B1(a), or L25C2 for the IBL)"))
        return None
    status = str(data["status"]).strip()
    if status not in STATUSES:
        problems.append(ContentProblem(path, line_of("status"), f"status {status!r}: use one of {', '.join(STATUSES)}"))
        return None
    text = data.get("text") or ""
    if not isinstance(text, str) or (status != "not-in-sources" and not text.strip()):
        problems.append(ContentProblem(path, line, f"{ref}: a note with status {status} needs a text"))
        return None
    raw_maps = data.get("maps_to")
    if not isinstance(raw_maps, list) or not raw_maps:
        problems.append(ContentProblem(path, line_of("maps_to"),
                                       f"{ref}: maps_to must list the 2017 section(s) the note concerns"))
        return None
    maps_to: list[LawRef] = []
    for raw in raw_maps:
        try:
            maps_to.append(parse_ref(str(raw)))
        except RefError as exc:
            problems.append(ContentProblem(path, line_of("maps_to"), f"{ref}: maps_to: {exc}"))
    if not maps_to:
        return None
    return Counterpart(edition, ref, str(data.get("title") or "").strip(), tuple(maps_to), status,
                       str(data["source"]).strip(), text.strip(), path, line)


def check_mappings(editions: Editions, book_has: Iterable[str] | None = None) -> list[ContentProblem]:
    """Every maps_to names a 2017 section that exists (``book_has`` holds the section keys)."""
    if book_has is None:
        return []
    keys = set(book_has)
    return [ContentProblem(note.path, note.line, f"{note.key}: maps_to {ref.label()} does not match any 2017 section")
            for note in editions.notes for ref in note.maps_to if ref.key not in keys]


def _own_sort_key(ref: str) -> tuple[int, str]:
    digits = re.match(r"L?(\d+)", ref)
    return (int(digits.group(1)) if digits else 0, ref)


def _is_within(ref: str, parent: str) -> bool:
    """Whether ``ref`` is ``parent`` or lies inside it (27B1(A) within 27B1, not 27B10 within 27B1)."""
    while ref:
        if ref == parent:
            return True
        ref = _shorten(ref)
    return False


def _shorten(ref: str) -> str:
    """27B1(A) → 27B1 → 27B → 27 → '' (and L25C2 → L25C → L25 → '')."""
    if ref.endswith(")"):
        return ref[: ref.rindex("(")]
    if ref[-1:].isalpha() and len(ref) > 1 and not ref[:-1].endswith("L") and ref[:-1] != "L":
        return ref[:-1]
    if ref[-1:].isdigit():
        stripped = ref.rstrip("0123456789")
        if stripped in ("", "L"):
            return ""
        # a trailing section number (27B1 → 27B); a bare law number has no parent
        return stripped if stripped[-1].isalpha() and stripped != "L" else ""
    return ""
