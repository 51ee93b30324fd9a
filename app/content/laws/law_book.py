"""The law library: Markdown files under ``content/laws/<edition>/`` read into a tree.

The format is documented in ``content/README.md``. A heading that starts with a
law reference opens a section (the reference alone places it in the tree); any
other heading opens an annotation of the section above it, or of the section
named in brackets at its end (``placement.py`` says why). Keeping the
structure in the references rather than in heading levels means an instructor
cannot break the tree by using ``###`` where ``####`` was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path


from app.content.files.problems import ContentProblem
from app.content.laws.placement import (outline_problem, placed_section, split_placement,
                                         wider_reference_problem)
from app.content.laws.refs import LawRef, RefError, find_refs, parse_ref

# "In brief" is the few lines a director reads at the table; the page shows it first, so it is kept short.
IN_BRIEF = "In brief"
IN_BRIEF_MAX_WORDS = 80

ANNOTATION_KINDS = {
    "at the table": "At the table",
    "common mistakes": "Common mistakes",
    "changed from 2007": "Changed from 2007",
    "changed in 2024": "Changed in 2024",
    "under 1997": "Under 1997",
    "in brief": "In brief",
    "example": "Example",
    "note": "Note",
}

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SECTION_HEADING = re.compile(
    r"^(?:Law\s+)?(?P<ref>[0-9]{1,2}[A-H]?[0-9]?(?:\([a-z]\))?(?:\([ivx]+\))?)"
    r"(?:\s*[—–-]\s*(?P<title>.+))?$"
)
_SPECIAL_HEADING = re.compile(r"^(?P<ref>Introduction|Definitions(?::\s*.+)?)$")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass
class Annotation:
    """A director's note on a section: its kind (see ANNOTATION_KINDS), title and Markdown.

    ``placed`` is True when the heading named the section the note belongs to, in brackets,
    rather than leaving it to the section heading above it.
    """

    kind: str
    title: str
    body: str
    line: int
    body_line: int = 0
    heading_level: int = 0
    placed: bool = False

    def heading(self) -> str:
        """The heading as written, without any placement: ``Example: One diamond over one spade``."""
        return f"{self.kind}: {self.title}" if self.title else self.kind


@dataclass
class Section:
    """One addressable part of a law: ``27``, ``27B``, ``27B1(a)``, or a defined term."""

    ref: LawRef
    title: str
    summary: str
    path: Path
    line: int
    summary_line: int = 0
    heading_level: int = 0
    annotations: list[Annotation] = field(default_factory=list)
    children: list[Section] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.ref.key

    def heading(self) -> str:
        """The section as it is named in lists: ``Law 27B1(a) — title``."""
        label = self.ref.label()
        return f"{label} — {self.title}" if self.title and not self.ref.term else label

    def walk(self) -> Iterator[Section]:
        """This section and everything under it, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class LawBook:
    """Every section of one edition, as a tree of laws and as a lookup by reference."""

    edition: str
    laws: list[Section] = field(default_factory=list)
    sections: dict[str, Section] = field(default_factory=dict)

    def walk(self) -> Iterator[Section]:
        for law in self.laws:
            yield from law.walk()

    def get(self, ref: LawRef | str) -> Section | None:
        """The section a reference names, or None. Defined terms match regardless of case."""
        if isinstance(ref, str):
            try:
                ref = parse_ref(ref)
            except RefError:
                return None
        found = self.sections.get(ref.key)
        if found is None and ref.term:
            found = self.sections.get(_term_key(ref.term))
        return found

    def resolve(self, ref: LawRef | str) -> Section | None:
        """Like get, but a reference to a missing subsection falls back to its nearest
        existing ancestor, so a link is never dead while its law exists."""
        if isinstance(ref, str):
            try:
                ref = parse_ref(ref)
            except RefError:
                return None
        node: LawRef | None = ref
        while node is not None:
            found = self.get(node)
            if found is not None:
                return found
            node = node.parent()
        return None


def _term_key(term: str) -> str:
    return f"Definitions: {term}".lower()


@dataclass
class _Block:
    """Text collected under one heading while a file is read."""

    heading_line: int
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.lines).strip()

    def first_text_line(self) -> int:
        """The file line on which the block's text starts, after any blank lines."""
        blank = next((i for i, line in enumerate(self.lines) if line.strip()), 0)
        return self.heading_line + 1 + blank


def _split_header(text: str, path: Path, problems: list[ContentProblem]) -> tuple[dict[str, object], int]:
    """Return the YAML header and the number of lines it took (0 when there is none)."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        problems.append(ContentProblem(path, 1, "missing the header: start the file with ---, law:, title:, ---"))
        return {}, 0
    import yaml  # here, not at the top: a start from the cached library parses no law file

    for end, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            try:
                # libyaml's loader where PyYAML has it: ten times faster than the pure-Python one.
                header = yaml.load("\n".join(lines[1:end]), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
            except yaml.YAMLError as exc:
                problems.append(ContentProblem(path, 1, f"the header is not valid YAML: {exc}"))
                return {}, end + 1
            if not isinstance(header, dict):
                problems.append(ContentProblem(path, 1, "the header must be 'key: value' lines"))
                return {}, end + 1
            return header, end + 1
    problems.append(ContentProblem(path, 1, "the header is not closed: add a line with --- after it"))
    return {}, 0


def read_law_file(path: Path, problems: list[ContentProblem]) -> list[Section]:
    """Read one law file into its sections (flat, in file order); mistakes go to problems."""
    text = path.read_text(encoding="utf-8")
    header, body_start = _split_header(text, path, problems)
    sections: list[Section] = []
    current_section: Section | None = None
    block: _Block | None = None
    current_annotation: Annotation | None = None
    in_fence = False

    def close_block() -> None:
        if block is None:
            return
        body = block.text()
        if current_annotation is not None:
            current_annotation.body = body
            current_annotation.body_line = block.first_text_line()
            if not body:
                problems.append(ContentProblem(path, block.heading_line, "this annotation is empty"))
        elif current_section is not None:
            current_section.summary = body
            current_section.summary_line = block.first_text_line()

    lines = text.splitlines()
    for index in range(body_start, len(lines)):
        line = lines[index]
        lineno = index + 1
        if _FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else _HEADING.match(line)
        if heading is None:
            if block is not None:
                block.lines.append(line)
            elif line.strip():
                problems.append(ContentProblem(path, lineno, "text before the first heading: start with '# Law N — title'"))
            continue
        close_block()
        heading_text = heading.group(2)
        block = _Block(lineno)
        section_match = _SECTION_HEADING.match(heading_text) or _SPECIAL_HEADING.match(heading_text)
        if section_match:
            try:
                ref = parse_ref(section_match.group("ref"))
            except RefError as exc:
                problems.append(ContentProblem(path, lineno, str(exc)))
                continue
            title = (section_match.groupdict().get("title") or "").strip()
            if ref.term:
                title = ref.term
            current_section = Section(ref, title, "", path, lineno, heading_level=len(heading.group(1)))
            current_annotation = None
            sections.append(current_section)
            continue
        if current_section is None:
            problems.append(ContentProblem(path, lineno, "an annotation before the first section heading"))
            current_annotation = None
            continue
        current_annotation = _annotation(heading_text, len(heading.group(1)), lineno, sections, path, problems)
    close_block()

    _check_header(header, sections, path, problems)
    for section in sections:
        if not section.summary and section.ref.depth > 0 and not section.children:
            problems.append(ContentProblem(path, section.line, f"{section.ref.label()} has no summary"))
        _check_in_brief(section, path, problems)
    return sections


def _annotation(heading_text: str, level: int, line: int, sections: list[Section], path: Path,
                problems: list[ContentProblem]) -> Annotation:
    """Open the annotation a heading starts and attach it to its section: the one named in brackets
    at the end of the heading, else the last section read (``sections[-1]``)."""
    text, placed_at = split_placement(heading_text)
    kind, _, title = text.partition(":")
    canonical = ANNOTATION_KINDS.get(kind.strip().lower())
    if canonical is None:
        problems.append(ContentProblem(
            path, line,
            f"heading {heading_text!r} is neither a law reference nor an annotation kind "
            f"({', '.join(sorted(set(ANNOTATION_KINDS.values())))})",
        ))
        canonical, title = "Note", text
    note = Annotation(canonical, title.strip(), "", line, heading_level=level)
    owner = sections[-1]
    if placed_at:
        named, mistake = placed_section(placed_at, [s.ref for s in sections], path, line)
        if mistake is not None:
            problems.append(mistake)  # the note stays under the section above it: nothing is lost
        elif named is not None:
            owner, note.placed = sections[named], True
    outline_owner = next((s.ref for s in reversed(sections) if s.heading_level < level), None)
    problem = outline_problem(path, line, level, text.strip(), owner.ref, owner.heading_level,
                              outline_owner, note.placed)
    if problem is not None:
        problems.append(problem)
    owner.annotations.append(note)
    return note


def _check_in_brief(section: Section, path: Path, problems: list[ContentProblem]) -> None:
    """An "In brief" belongs to a whole law and must stay short enough to read at the table."""
    for note in section.annotations:
        if note.kind != IN_BRIEF:
            continue
        words = len(note.body.split())
        if section.ref.depth > 0:
            problems.append(ContentProblem(
                path, note.line, "an 'In brief' belongs under the law's own heading, not a section"))
        if words > IN_BRIEF_MAX_WORDS:
            problems.append(ContentProblem(
                path, note.line, f"'In brief' has {words} words; keep it to {IN_BRIEF_MAX_WORDS} or fewer"))


def _check_header(header: dict[str, object], sections: list[Section], path: Path,
                  problems: list[ContentProblem]) -> None:
    if not header:
        return
    if "title" not in header:
        problems.append(ContentProblem(path, 1, "the header has no title:"))
    law = header.get("law")
    if law is None:
        problems.append(ContentProblem(path, 1, "the header has no law: (a number, or introduction / definitions)"))
        return
    expected = str(law).capitalize() if isinstance(law, str) else str(law)
    if sections and sections[0].ref.whole_law().key != expected:
        problems.append(ContentProblem(
            path, sections[0].line,
            f"the first heading is {sections[0].ref.label()}, but the header says law: {law}",
        ))
    for section in sections:
        if section.ref.whole_law().key != expected:
            problems.append(ContentProblem(
                path, section.line, f"{section.ref.label()} belongs in another law's file (this file is law {law})"
            ))


def load_law_book(folder: Path, edition: str | None = None) -> tuple[LawBook, list[ContentProblem]]:
    """Load every ``*.md`` law file in a folder into a LawBook, collecting problems.

    Sections are linked to their parents by reference; a section whose parent is
    missing is reported and hung on its nearest existing ancestor so it stays
    reachable.
    """
    problems: list[ContentProblem] = []
    book = LawBook(edition or folder.name)
    flat: list[Section] = []
    for path in sorted(folder.glob("*.md")):
        if path.name.lower() == "readme.md":
            continue
        try:
            flat.extend(read_law_file(path, problems))
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(ContentProblem(path, 0, f"cannot read the file: {exc}"))
    flat.sort(key=lambda s: (s.ref.law, s.ref.special != "Introduction", s.ref.special, _order_key(s.ref)))
    for section in flat:
        key = section.ref.key if not section.ref.term else _term_key(section.ref.term)
        if key in book.sections:
            first = book.sections[key]
            problems.append(ContentProblem(
                section.path, section.line, f"{section.ref.label()} appears twice (first at line {first.line})"
            ))
            continue
        book.sections[key] = section
        parent_ref = section.ref.parent()
        if parent_ref is None:
            book.laws.append(section)
            continue
        parent = book.resolve(parent_ref)
        if parent is None:
            problems.append(ContentProblem(section.path, section.line,
                                           f"{section.ref.label()} has no enclosing law heading"))
            book.laws.append(section)
            continue
        if parent.ref != parent_ref:
            problems.append(ContentProblem(
                section.path, section.line, f"{section.ref.label()} needs a heading for {parent_ref.label()} above it"
            ))
        parent.children.append(section)
    return book, problems


def _order_key(ref: LawRef) -> tuple[object, ...]:
    """Sort sections as the law book prints them: 27, 27A, 27A1, 27B, 27B1(a) ..."""
    return (ref.section, ref.number, ref.letter, _roman_value(ref.roman), ref.term)


_ROMAN_VALUES = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def _roman_value(roman: str) -> int:
    return _ROMAN_VALUES.get(roman, 0)


def unresolved_references(book: LawBook, text: str, path: Path, first_line: int) -> list[ContentProblem]:
    """Every law reference in a text that names no section of the book.

    ``first_line`` is the file line the text starts on, so problems point at the
    right line.
    """
    problems: list[ContentProblem] = []
    for span in find_refs(text):
        for ref in span.refs:
            if book.get(ref) is None:
                line = first_line + text.count("\n", 0, span.start)
                problems.append(ContentProblem(path, line, f"{ref.label()} does not match any section of the library"))
    return problems


def check_book_references(book: LawBook) -> list[ContentProblem]:
    """Unresolved references in every summary and annotation of the book, and every note that
    names a wider section but nothing of the one it hangs under (``placement.py``)."""
    problems: list[ContentProblem] = []
    for section in book.walk():
        problems += unresolved_references(book, section.summary, section.path, section.summary_line)
        for note in section.annotations:
            problems += unresolved_references(book, note.body, section.path, note.body_line)
            if note.placed:
                continue
            refs = [ref for span in find_refs(f"{note.title}\n{note.body}") for ref in span.refs]
            heading = f"{'#' * note.heading_level} {note.heading()}"
            problem = wider_reference_problem(section.path, note.line, heading, section.ref, refs)
            if problem is not None:
                problems.append(problem)
    return problems


PARTS: tuple[tuple[str, int, int], ...] = (
    ("Introduction and Definitions", 0, 0),
    ("Preliminaries (Laws 1–8)", 1, 8),
    ("General laws (Laws 9–16)", 9, 16),
    ("The auction (Laws 17–39)", 17, 39),
    ("The play (Laws 40–71)", 40, 71),
    ("Proprieties (Laws 72–76)", 72, 76),
    ("Scoring (Laws 77–79)", 77, 79),
    ("The Director and appeals (Laws 80–93)", 80, 93),
)


def parts(book: LawBook) -> list[tuple[str, list[Section]]]:
    """The laws grouped as the law book groups them, for the library's tree."""
    return [(title, [law for law in book.laws if first <= law.ref.law <= last]) for title, first, last in PARTS]
