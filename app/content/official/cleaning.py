"""Tidying an extracted law book: page numbers, running headers and footnotes out of the running text.

A step of the import of the official wording (``official``). A real extraction
prints a page's number, its running header and its footnotes in the middle of a
law's sentences; left there they would end up inside a section's wording. What
is taken out is only what is certainly layout: a page number is a lone number in
the book's run of page numbers (a lone "20" in the scoring table is not one), a
running header is a short line repeated beside page breaks, and a footnote is a
numbered line at the foot of a page whose number is glued to a word above it.
The footnotes are not dropped: each is kept, to be shown with the section that
refers to it (``deck¹`` … ``¹ A 'sorted deck' is …``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from app.content.official.text import LANGUAGES

_PAGE_NUMBER = re.compile(r"^(?:page\s+|seite\s+)?[-–—]?\s*(\d{1,3})\s*[-–—]?$", re.IGNORECASE)
_ROMAN_PAGE = re.compile(r"^[ivxl]{1,6}$")
_MIN_PAGE_RUN = 5  # fewer numbered pages than this is no page numbering, just numbers in a table
_MAX_PAGE_STEP = 3  # a run of page numbers may skip a blank page or two
_HEADER_MAX = 60  # characters: a running header is a short line
_HEADER_MIN_REPEATS = 3
_FOOTNOTE_MAX_LINES = 8  # a footnote block at the foot of a page is short; a longer "block" is text

SUPERSCRIPTS = str.maketrans("0123456789.", "⁰¹²³⁴⁵⁶⁷⁸⁹·")
_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹·", "0123456789.")
_REFERENCE = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?:·[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?")
# A word with a footnote number glued to it ("deck1", "ends.5", "Paket6.1"); the number may not be
# followed by more letters or digits, and the word must not start with a digit ("12C2" is a law).
_GLUED = re.compile(r"(?<![\w])(?P<word>[^\W\d_]{2,})(?P<punct>[.,;:]?)(?P<number>\d{1,2}(?:\.\d{1,2})?)(?![\w])")
_FOOTNOTE_START = re.compile(r"^(?P<number>\d{1,2}(?:\.\d{1,2})?)\s+(?P<text>(?:[^\W\d_]|[`'\"‘“„(]).*)$")


@dataclass
class CleanBook:
    """The book's lines without layout, and its footnotes by number (``"1"``, or ``"6.1"``)."""

    lines: list[str]
    footnotes: dict[str, str] = field(default_factory=dict)


def clean_book(text: str) -> CleanBook:
    """Lines with page numbers, running headers and footnotes taken out of the running text."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    raw = [" ".join(line.split()) for line in text.replace("\f", "\n\f\n").split("\n")]
    feeds = {i for i, line in enumerate(raw) if line == "\f"}
    run = _page_number_lines(raw)
    headers, numbered = _running_headers(raw, run | feeds)
    pages = run | numbered
    breaks = sorted(pages | feeds | {-1})
    lines = ["" if i in pages or i in headers or i in feeds else line for i, line in enumerate(raw)]
    footnotes = _take_footnotes(lines, breaks)
    return CleanBook(lines, footnotes)


def _page_number_lines(lines: list[str]) -> set[int]:
    """The lone numbers that are the book's page numbers: the longest run of lone numbers that rises
    a page (or a few) at a time. Roman numerals on a line of their own number the front matter."""
    roman = {i for i, line in enumerate(lines) if _ROMAN_PAGE.match(line)}
    candidates = [(i, int(m.group(1))) for i, line in enumerate(lines) if (m := _PAGE_NUMBER.match(line))]
    best = [1] * len(candidates)
    previous: list[int | None] = [None] * len(candidates)
    for j, (_, value) in enumerate(candidates):
        for i in range(j):
            step = value - candidates[i][1]
            if 1 <= step <= _MAX_PAGE_STEP and best[i] + 1 > best[j]:
                best[j], previous[j] = best[i] + 1, i
    if not candidates or max(best) < _MIN_PAGE_RUN:
        return roman
    cursor: int | None = max(range(len(candidates)), key=lambda k: best[k])
    run = set()
    while cursor is not None:
        run.add(candidates[cursor][0])
        cursor = previous[cursor]
    return run | roman


def _running_headers(lines: list[str], breaks: set[int]) -> tuple[set[int], set[int]]:
    """The running headers (a book title, a chapter name printed on every page) and the page numbers
    printed beside them. A header is a short line of two words or more, repeated beside page breaks
    or beside lone numbers, and never a law heading; a lone number beside a header is a page number
    even where the extraction has too few pages for a run of them ("Undoubled" beside the "20" of
    the scoring table is one word: a table's label, not a header)."""
    lone = {i for i, line in enumerate(lines) if _PAGE_NUMBER.match(line)}
    marks = breaks | lone | {-1}
    near: dict[int, list[int]] = {}
    for at in marks:
        for index in _nonblank_around(lines, at):
            near.setdefault(index, []).append(at)
    counts = Counter(lines[i] for i in near if lines[i] and lines[i] != "\f")
    repeated = {line for line, count in counts.items()
                if count >= _HEADER_MIN_REPEATS and len(line) <= _HEADER_MAX and len(line.split()) >= 2
                and not _looks_like_heading(line)}
    headers = {i for i in near if lines[i] in repeated}
    numbered = {at for i in headers for at in near[i] if at in lone and abs(at - i) <= 2}
    return headers, numbered


def _nonblank_around(lines: list[str], at: int, reach: int = 1) -> list[int]:
    """The indices of up to ``reach`` non-blank lines on each side of a page break or page number."""
    found: list[int] = []
    for direction in (-1, 1):
        index, taken = at + direction, 0
        while 0 <= index < len(lines) and taken < reach:
            if lines[index] and lines[index] != "\f":
                found.append(index)
                taken += 1
            index += direction
    return found


def _looks_like_heading(line: str) -> bool:
    return any(re.match(rf"^{word}\s+\d", line, re.IGNORECASE) for lang in LANGUAGES for word in lang.law_words)


def _take_footnotes(lines: list[str], breaks: list[int]) -> dict[str, str]:
    """Move each footnote out of the running text (in place) and mark its references with superscripts.

    A footnote starts a line at the foot of a page with a number that a word above it carries
    glued on ("deck1"); it runs to the page break, and two may share a line ("… Law 59. 14 If …")."""
    footnotes: dict[str, str] = {}
    bounds = [*breaks, len(lines)]
    for start, end in zip(bounds, bounds[1:]):
        page = range(start + 1, end)
        referenced = _referenced(lines, max(0, _page_start(bounds, start)), end)
        first = next((i for i in page if (m := _FOOTNOTE_START.match(lines[i])) and m.group("number") in referenced), None)
        if first is None:
            continue
        block = [i for i in range(first, end) if lines[i]]
        if len(block) > _FOOTNOTE_MAX_LINES:
            block = [first]
        text = " ".join(lines[i] for i in block)
        for i in block:
            lines[i] = ""
        footnotes.update(_split_footnotes(text, referenced))
    if footnotes:
        for index, line in enumerate(lines):
            lines[index] = _GLUED.sub(lambda m: _superscript(m, footnotes), line)
    return footnotes


def _page_start(bounds: list[int], start: int) -> int:
    """The start of the page before this one: a reference may sit at the foot of the previous page."""
    position = bounds.index(start)
    return bounds[position - 1] if position > 0 else start


def _referenced(lines: list[str], start: int, end: int) -> set[str]:
    return {m.group("number") for line in lines[start:end] for m in _GLUED.finditer(line)}


def _split_footnotes(text: str, referenced: set[str]) -> dict[str, str]:
    """The footnotes in a block by number: a new one starts after a sentence with a number referred to."""
    numbers = "|".join(re.escape(n) for n in sorted(referenced, key=len, reverse=True))
    pieces = re.split(rf"(?:^|(?<=[.!?)\]])\s+)({numbers})\s+(?=\S)", text)
    return {number: body.strip() for number, body in zip(pieces[1::2], pieces[2::2])}


def _superscript(match: re.Match[str], footnotes: dict[str, str]) -> str:
    number = match.group("number")
    if number not in footnotes:
        return match.group(0)
    return match.group("word") + match.group("punct") + number.translate(SUPERSCRIPTS)


def footnote_refs(text: str) -> list[str]:
    """The footnote numbers a piece of wording refers to, in order (``¹``, ``⁶·¹`` → ``"1"``, ``"6.1"``)."""
    found: list[str] = []
    for match in _REFERENCE.finditer(text):
        number = match.group(0).translate(_PLAIN)
        if number not in found:
            found.append(number)
    return found
