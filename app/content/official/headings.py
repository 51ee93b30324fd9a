"""Finding the law headings of a book's body, past its table of contents, and where its back matter begins.

A step of the import of the official wording (``official``). A heading is a
line such as ``LAW 27`` (its title in capitals on the next line) or
``LAW 27 - INSUFFICIENT BID``; the contents pages list the same headings, so the
body's are told apart as the longest run of rising law numbers with text between
each two. After the last law comes the index (headed "Index to
Duplicate Laws", "Stichwortverzeichnis" …) and the publisher's lines (a price,
an address, an ISBN): none of that is law text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.content.official.text import Language

# A contents line: the title followed by dot leaders or a page number.
_CONTENTS_LINE = re.compile(r"(?:\.{3,}|…)\s*\d+\s*$|\s\d{1,3}$")
# The publisher's lines after the last law when no index heading says where it starts.
_BACK_MATTER = re.compile(r"^(?:ISBN\b|[$€£]\s?\d|\d+[.,]\d\d\s?(?:€|EUR|USD)\b|www\.|https?://|©|copyright\b)",
                          re.IGNORECASE)
_MAX_TITLE_WORDS = 8  # a heading line of the index or the contents is short


@dataclass
class Heading:
    """A law heading: the line it is on, the law it opens, and the title on the same line, if any."""

    line: int
    law: int
    title: str = ""


def law_headings(lines: list[str], language: Language) -> list[Heading]:
    """Every line that looks like a law heading (in the contents and in the body)."""
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
        found.append(Heading(index, number, rest.lstrip("-–—:").strip()))
    return found


def body_chain(headings: list[Heading], lines: list[str]) -> list[Heading]:
    """The headings of the body: the longest run of rising law numbers with text between each two.

    A contents page lists the same headings with little or nothing between them, so it cannot
    hold the whole run; of the longest runs the one with the least text between its headings is
    kept, since a run that starts in the contents and jumps into the body takes the rest of the
    contents (and the Definitions) for law text."""
    if not headings:
        return []
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))  # characters of text, blank lines counting nothing

    def between(a: Heading, b: Heading) -> int:
        return offsets[b.line] - offsets[a.line + 1]

    score: list[tuple[int, int]] = [(1, 0)] * len(headings)  # (laws in the run, minus the text in it)
    previous: list[int | None] = [None] * len(headings)
    for j, later in enumerate(headings):
        for i in range(j):
            earlier = headings[i]
            gap = between(earlier, later)
            if earlier.law < later.law and gap > 0:
                candidate = (score[i][0] + 1, score[i][1] - gap)
                if candidate > score[j]:
                    score[j], previous[j] = candidate, i
    end = max(range(len(headings)), key=lambda k: score[k])
    chain = []
    cursor: int | None = end
    while cursor is not None:
        chain.append(headings[cursor])
        cursor = previous[cursor]
    return chain[::-1]


def back_matter_start(lines: list[str], after: int, language: Language) -> int:
    """Where the index or the publisher's lines begin after the last law (else the end of the text)."""
    for index in range(after + 1, len(lines)):
        line = lines[index]
        if _is_title(line, language.index_words) or _BACK_MATTER.match(line):
            return index
    return len(lines)


def contents_start(lines: list[str], before: int, language: Language) -> int | None:
    """The line that heads the table of contents before ``before``, if there is one."""
    found = [i for i in range(before) if _is_title(lines[i], language.contents_words)]
    return found[0] if found else None


def _is_title(line: str, words: tuple[str, ...]) -> bool:
    """A short line that starts with one of ``words`` ("Index to Duplicate Laws", "INHALT")."""
    upper = line.upper()
    return (0 < len(line.split()) <= _MAX_TITLE_WORDS and not line.rstrip().endswith((".", ","))
            and any(upper == word or upper.startswith(word + " ") for word in words))
