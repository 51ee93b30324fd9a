"""The user's own copy of the official law text, read from a PDF or a text extraction of one.

The official wording is copyright, so the project ships its own summaries only; a
user who owns the book may import it. A real extraction is untidy: a table of
contents before the body and an index after it, page numbers and running headers
between lines, law headings split over two lines, section text run on from its
heading, ligatures lost (``Insu cient``), footnote numbers glued to words. This
module turns such text into wording per section of the library's tree and says
what it could not place; nothing is dropped. The result lives in the user's data
folder, never in ``content/``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

from app.content.laws import LawBook

FILE_NAME = "official-wbf-2017.json"
APP_NAME = "director-trainer"


def default_folder() -> Path:
    """The user's data folder, where the imported copy is kept (never ``content/``)."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME)


class OfficialImportError(ValueError):
    """The file could not be read as a law book; the message says why and what to do."""


@dataclass(frozen=True)
class Language:
    """How one language's law book names its parts."""

    code: str
    law_words: tuple[str, ...]  # the word before a law's number in its heading
    introduction: str
    definitions: str
    index: str


LANGUAGES = (
    Language("en", ("LAW",), "INTRODUCTION", "DEFINITIONS", "INDEX"),
    Language("de", ("REGEL", "GESETZ"), "EINLEITUNG", "DEFINITIONEN", "STICHWORTVERZEICHNIS"),
)


@dataclass
class OfficialText:
    """Official wording by section key, and what could not be placed, kept under its law."""

    source: str
    imported: str
    language: str
    sections: dict[str, str] = field(default_factory=dict)
    unplaced: dict[str, list[str]] = field(default_factory=dict)
    laws: list[int] = field(default_factory=list)

    def wording(self, key: str) -> str | None:
        return self.sections.get(key)


@dataclass(frozen=True)
class ImportReport:
    """What an import placed, in figures a user can check."""

    laws: int
    matched: int
    total: int
    unplaced: tuple[str, ...]

    def summary(self) -> str:
        text = f"{self.laws} laws, {self.matched} of {self.total} sections matched"
        if self.unplaced:
            shown = ", ".join(self.unplaced[:12]) + (", …" if len(self.unplaced) > 12 else "")
            text += f"; {len(self.unplaced)} kept unplaced: {shown}"
        return text


# --- reading the file ----------------------------------------------------------------


def read_source(path: Path) -> str:
    """The text of a PDF (pages separated by form feeds) or of a text file in UTF-8 or Latin-1."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise OfficialImportError(f"{path}: cannot be read ({exc.strerror or exc}); check the path") from exc
    if data.startswith(b"%PDF"):
        return _pdf_text(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _pdf_text(path: Path) -> str:
    # pypdf is imported here: it is needed only by this rarely used import.
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            raise OfficialImportError(f"{path}: the PDF is encrypted; save an unprotected copy and import that")
        return "\f".join(page.extract_text() or "" for page in reader.pages)
    except PdfReadError as exc:
        raise OfficialImportError(f"{path}: not a readable PDF ({exc}); try a text extraction of it instead") from exc


# --- cleaning ------------------------------------------------------------------------

_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?[-–—]?\s*\d{1,3}\s*[-–—]?\s*$", re.IGNORECASE)
_FOOTNOTE = re.compile(r"\b([A-Za-z]{2,}[a-z])(\d{1,2})(?=[\s.,;:)]|$)")
_LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")
_WORDS = re.compile(r"[A-Za-z]+")


def clean_lines(text: str) -> list[str]:
    """Lines with page numbers and repeated running headers removed; form feeds become breaks."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    lines = [" ".join(line.split()) for line in text.split("\n")]
    counts = Counter(line for line in lines if line)
    kept = []
    for line in lines:
        if _PAGE_NUMBER.match(line) and line:
            continue
        # a short line printed on many pages is a running header or footer, not law text
        if line and counts[line] >= 5 and len(line) < 60 and not _looks_like_heading(line):
            continue
        kept.append(line)
    return kept


def _looks_like_heading(line: str) -> bool:
    return any(re.match(rf"^{word}\s+\d", line) for lang in LANGUAGES for word in lang.law_words)


def repair_words(text: str, vocabulary: set[str]) -> str:
    """Put back ligatures lost in extraction and drop footnote numbers glued to words."""
    text = _FOOTNOTE.sub(lambda m: m.group(1) if m.group(1).lower() in vocabulary else m.group(0), text)

    text = _join_split_words(text, vocabulary)

    def mend(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.lower() in vocabulary or len(word) < 3:
            return word
        for i in range(1, len(word)):
            for ligature in _LIGATURES:
                candidate = word[:i] + ligature + word[i:]
                if candidate.lower() in vocabulary:
                    return candidate
        return word

    return _WORDS.sub(mend, text)


def _join_split_words(text: str, vocabulary: set[str]) -> str:
    """``Insu cient`` → ``Insufficient``: two fragments that make a known word with a ligature between."""
    parts = re.split(r"( )", text)
    out: list[str] = []
    index = 0
    while index < len(parts):
        left = parts[index]
        if index + 2 < len(parts) and left.isalpha() and parts[index + 2].isalpha():
            right = parts[index + 2]
            joined = _with_ligature(left, right, vocabulary)
            if joined is not None:
                out.append(joined)
                index += 3
                continue
        out.append(left)
        index += 1
    return "".join(out)


def _with_ligature(left: str, right: str, vocabulary: set[str]) -> str | None:
    if left.lower() in vocabulary and right.lower() in vocabulary:
        return None
    for ligature in _LIGATURES:
        whole = left + ligature + right
        if whole.lower() in vocabulary:
            return whole
    return None


def vocabulary_of(book: LawBook) -> set[str]:
    """Every word of the library's own text: enough to recognise a word a ligature was lost from."""
    words: set[str] = set()
    for section in book.walk():
        words.update(w.lower() for w in _WORDS.findall(section.title + " " + section.summary))
        for note in section.annotations:
            words.update(w.lower() for w in _WORDS.findall(note.body))
    return words


# --- splitting into laws -------------------------------------------------------------

_MIN_LAW_BODY = 15  # characters: less than this between two headings is a contents page, not a law
# A contents line: the title followed by dot leaders or a page number.
_CONTENTS_LINE = re.compile(r"(?:\.{3,}|…)\s*\d+\s*$|\s\d{1,3}$")


@dataclass
class _Heading:
    line: int
    law: int
    skip: int  # lines the heading takes (two when the title is on the next line)


def _law_headings(lines: list[str], language: Language) -> list[_Heading]:
    words = "|".join(language.law_words)
    pattern = re.compile(rf"^(?:{words})\s+(\d{{1,2}})\b\s*(?P<rest>.*)$", re.IGNORECASE)
    found = []
    for index, line in enumerate(lines):
        match = pattern.match(line)
        if not match:
            continue
        number = int(match.group(1))
        rest = match.group("rest").strip()
        word = line.split()[0]
        # A sentence that starts "Law 16 applies" is not a heading: a heading is in capitals, or its
        # title follows a dash, or the title is on a line of its own.
        if not (word.isupper() or rest[:1] in "-–—:" or not rest):
            continue
        if not 1 <= number <= 93 or _CONTENTS_LINE.search(rest):
            continue
        skip = 2 if not rest and index + 1 < len(lines) and lines[index + 1].isupper() else 1
        found.append(_Heading(index, number, skip))
    return found


def _body_chain(headings: list[_Heading], lines: list[str]) -> list[_Heading]:
    """The headings of the body: the longest run of rising law numbers with real text between them.

    A contents page lists the same headings with almost nothing between them, so it cannot
    form such a run; where two candidates tie, the later one (the body's) is kept."""
    if not headings:
        return []
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def between(a: _Heading, b: _Heading) -> int:
        return offsets[b.line] - offsets[a.line + a.skip]

    best = [1] * len(headings)
    previous: list[int | None] = [None] * len(headings)
    for j, later in enumerate(headings):
        for i in range(j):
            earlier = headings[i]
            if earlier.law < later.law and between(earlier, later) >= _MIN_LAW_BODY and best[i] + 1 >= best[j]:
                best[j], previous[j] = best[i] + 1, i
    end = max(range(len(headings)), key=lambda k: (best[k], k))
    chain = []
    cursor: int | None = end
    while cursor is not None:
        chain.append(headings[cursor])
        cursor = previous[cursor]
    return chain[::-1]


# --- splitting a law into sections ----------------------------------------------------

_MARKER = re.compile(
    r"(?<!\S)(?:(?P<section>[A-H])\.|(?P<number>[1-9])\.|\((?P<letter>[a-z])\)|\((?P<roman>i{1,3}|iv|v|vi{1,3}|ix|x)\))(?=\s)"
)
_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def split_sections(law: int, text: str) -> list[tuple[str, str]]:
    """(section key, its own text) in order, the law's own text first (key ``27``).

    A marker counts only where it is the next one the law's numbering allows (after B
    comes C; after 2, 3; the first child of a section is 1, of a number (a), of a letter
    (i)), so a stray "(a)" or "2." inside a sentence is left in the text."""
    path: list[str] = []
    pieces: list[tuple[str, int, int]] = []  # key, start of text, end of marker
    for match in _MARKER.finditer(text):
        level, value = _marker_level(match, path)
        if level is None:
            continue
        path = [*path[:level], value]
        pieces.append((_key(law, path), match.start(), match.end()))
    result = [(str(law), text[: pieces[0][1] if pieces else len(text)].strip())]
    for index, (key, _start, body_start) in enumerate(pieces):
        end = pieces[index + 1][1] if index + 1 < len(pieces) else len(text)
        result.append((key, text[body_start:end].strip()))
    return result


def _marker_level(match: re.Match[str], path: list[str]) -> tuple[int | None, str]:
    if match.group("section"):
        letter = match.group("section")
        expected = chr(ord(path[0]) + 1) if path else "A"
        return (0, letter) if letter == expected else (None, "")
    if match.group("number"):
        number = match.group("number")
        if len(path) >= 1:
            expected = str(int(path[1]) + 1) if len(path) >= 2 else "1"
            if number == expected:
                return 1, number
        return None, ""
    token = match.group("letter") or match.group("roman")
    # "(i)" may be the ninth letter or the first roman numeral: whichever the numbering expects,
    # the letter when both would do.
    if len(token) == 1 and len(path) >= 2:
        expected = chr(ord(path[2]) + 1) if len(path) >= 3 else "a"
        if token == expected:
            return 2, token
    if token in _ROMANS and len(path) >= 3:
        position = _ROMANS.index(path[3]) + 1 if len(path) >= 4 else 0
        expected_roman = _ROMANS[position] if position < len(_ROMANS) else ""
        if token == expected_roman:
            return 3, token
    return None, ""


def _key(law: int, path: list[str]) -> str:
    key = str(law) + "".join(path[:2])
    return key + "".join(f"({part})" for part in path[2:])


# --- the whole import ----------------------------------------------------------------


def parse_law_book(text: str, book: LawBook, source: str = "") -> tuple[OfficialText, ImportReport]:
    """Split an extracted law book into our sections, keeping what cannot be placed."""
    lines = clean_lines(text)
    language, chain = _best_language(lines)
    if len(chain) < 2:
        raise OfficialImportError(
            f"{source or 'the file'}: no law headings found (looked for lines such as 'LAW 27'); "
            "is it the law book, and is its text extractable?")
    vocabulary = vocabulary_of(book)
    official = OfficialText(source, date.today().isoformat(), language.code)
    placed: set[str] = set()
    upper_lines = [line.upper() for line in lines]
    _front_matter(lines, upper_lines, chain[0].line, language, book, vocabulary, official, placed)
    for index, heading in enumerate(chain):
        end = chain[index + 1].line if index + 1 < len(chain) else _index_start(upper_lines, heading.line, language)
        body = " ".join(line for line in lines[heading.line + heading.skip : end] if line)
        body = repair_words(body, vocabulary)
        official.laws.append(heading.law)
        for key, wording in split_sections(heading.law, body):
            if book.get(key) is not None:
                placed.add(key)
                if wording:
                    official.sections[key] = (official.sections.get(key, "") + " " + wording).strip()
            elif wording:
                official.unplaced.setdefault(str(heading.law), []).append(f"{key}: {wording}")
    total = sum(1 for _ in book.walk())
    unplaced = tuple(entry.split(":")[0] for entries in official.unplaced.values() for entry in entries)
    return official, ImportReport(len(set(official.laws)), len(placed), total, unplaced)


def _best_language(lines: list[str]) -> tuple[Language, list[_Heading]]:
    results = [(lang, _body_chain(_law_headings(lines, lang), lines)) for lang in LANGUAGES]
    return max(results, key=lambda item: len(item[1]))


def _index_start(upper_lines: list[str], after: int, language: Language) -> int:
    """Where the index at the back begins (the last law runs up to it), or the end of the text."""
    for index in range(after + 1, len(upper_lines)):
        if upper_lines[index] == language.index:
            return index
    return len(upper_lines)


def _front_matter(lines: list[str], upper: list[str], first_law: int, language: Language, book: LawBook,
                  vocabulary: set[str], official: OfficialText, placed: set[str]) -> None:
    """The Introduction and the Definitions, term by term, from the text before Law 1."""
    intro = _last_index(upper, language.introduction, first_law)
    definitions = _last_index(upper, language.definitions, first_law)
    if intro is not None and book.get("Introduction") is not None:
        stop = definitions if definitions is not None and definitions > intro else first_law
        text = repair_words(" ".join(line for line in lines[intro + 1 : stop] if line), vocabulary)
        if text:
            official.sections["Introduction"] = text
            placed.add("Introduction")
    if definitions is None:
        return
    terms = {s.ref.term.lower(): s.key for s in book.walk() if s.ref.term}
    current: str | None = None
    for line in lines[definitions + 1 : first_law]:
        term = _defined_term(line, terms)
        if term is not None:
            current = terms[term]
            placed.add(current)
            line = line[len(term):].lstrip(" .:-–—")
        if current is not None and line:
            official.sections[current] = (official.sections.get(current, "") + " " + line).strip()
    if book.get("Definitions") is not None:
        placed.add("Definitions")


_AFTER_TERM = ("", " ", "-", "–", "—", ":", ".")


def _defined_term(line: str, terms: dict[str, str]) -> str | None:
    lowered = line.lower()
    matches = [t for t in terms if lowered.startswith(t) and lowered[len(t):len(t) + 1] in _AFTER_TERM]
    return max(matches, key=len) if matches else None


def _last_index(upper: list[str], word: str, before: int) -> int | None:
    found = [i for i in range(before) if upper[i] == word]
    return found[-1] if found else None


# --- keeping it ----------------------------------------------------------------------


def save(official: OfficialText, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(official), ensure_ascii=False, indent=1), encoding="utf-8")
    temporary.replace(path)  # a re-import replaces the old copy in one step
    return path


def load(folder: Path) -> OfficialText | None:
    """The imported wording, or None if there is none (or the file is unreadable: re-import then)."""
    path = folder / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return OfficialText(**data)
    except (OSError, ValueError, TypeError):
        return None


def remove(folder: Path) -> bool:
    path = folder / FILE_NAME
    if path.exists():
        path.unlink()
        return True
    return False


def import_file(path: Path, book: LawBook, folder: Path) -> ImportReport:
    """Read, split and keep a law book in one step (what the command and the menu item call)."""
    official, report = parse_law_book(read_source(path), book, path.name)
    save(official, folder)
    return report


def documents(official: OfficialText | None) -> Iterable[tuple[str, str]]:
    """(section key, wording) pairs for the search index."""
    return official.sections.items() if official is not None else ()
