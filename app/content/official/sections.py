"""Splitting a cleaned law book into the library's sections: law headings, section markers, the front matter.

The heart of the import of the official wording (``official``): it finds the
body's law headings past a table of contents, splits each law at the markers
its numbering allows, and places the Introduction and the Definitions, keeping
whatever it cannot place under its law.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from app.content.laws.law_book import LawBook
from app.content.official.cleaning import clean_lines, repair_words, vocabulary_of
from app.content.official.text import LANGUAGES, ImportReport, Language, OfficialImportError, OfficialText

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
