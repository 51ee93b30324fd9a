"""The book's text before Law 1 that the library has a place for: the Introduction and each defined term.

A step of the import of the official wording (``official``). The front matter
also holds a title page, a preface, lists of committee members and the table
of contents; only the Introduction (up to the next part of the book) and the
Definitions (term by term, up to Law 1) are law text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app.content.laws.law_book import LawBook
from app.content.official.headings import contents_start
from app.content.official.text import Language

_AFTER_TERM = ("", " ", "-", "–", "—", ":", ".")
_MAX_PART_TITLE_WORDS = 5  # "Promulgating Bodies", "Table of Contents": a new part of the front matter


def front_matter(lines: list[str], first_law: int, language: Language, book: LawBook,
                 mend: Callable[[str], str]) -> dict[str, str]:
    """The wording of ``Introduction`` and of each ``Definitions: term`` found before ``first_law``
    (a term's wording starts with the term as the book prints it: "Honor: Any Ace, …")."""
    found: dict[str, str] = {}
    definitions = _last_heading(lines, language.definitions, first_law, exact=True)
    intro = _last_heading(lines, language.introduction, definitions if definitions is not None else first_law)
    if intro is not None and book.get("Introduction") is not None:
        stop = _introduction_end(lines, intro, definitions if definitions is not None else first_law, language)
        text = mend(" ".join(line for line in lines[intro + 1: stop] if line))
        if text:
            found["Introduction"] = text
    if definitions is None:
        return found
    terms = {_spelling(s.ref.term): s.key for s in book.walk() if s.ref.term}
    current: str | None = None
    for line in lines[definitions + 1: first_law]:
        term = _defined_term(line, terms)
        if term is not None:
            current = terms[_spelling(term)]  # the wording keeps the term as the book prints it
        if current is not None and line:
            found[current] = (found.get(current, "") + " " + mend(line)).strip()
    return found


def _last_heading(lines: list[str], word: str, before: int, exact: bool = False) -> int | None:
    """The last line before ``before`` that heads a part: ``word`` alone, or (unless ``exact``)
    ``word`` opening a short title such as "Introduction to the 2017 Laws of Duplicate Bridge"."""
    found = [i for i in range(before) if _heads(lines[i], word, exact)]
    return found[-1] if found else None


def _heads(line: str, word: str, exact: bool) -> bool:
    upper = line.upper()
    if upper == word:
        return True
    return (not exact and upper.startswith(word + " ") and len(line.split()) <= 8
            and not line.endswith((".", ",", ";", ":")))


def _introduction_end(lines: list[str], intro: int, limit: int, language: Language) -> int:
    """Where the Introduction stops: at the contents, or at the title of the next part of the book
    (a short line standing alone between blank lines, such as "Promulgating Bodies")."""
    contents = contents_start(lines[:limit], limit, language)
    end = contents if contents is not None and contents > intro else limit
    for index in range(intro + 1, end):
        line = lines[index]
        alone = (index > 0 and not lines[index - 1]) and (index + 1 >= len(lines) or not lines[index + 1])
        if alone and _is_part_title(line):
            return index
    return end


def _is_part_title(line: str) -> bool:
    words = line.split()
    return (0 < len(words) <= _MAX_PART_TITLE_WORDS and line[0].isupper()
            and not re.search(r"[.,;:!?]$", line))


def _spelling(term: str) -> str:
    """A defined term as compared: case and the -our/-or spellings ("Honour", "Honor") set aside."""
    return re.sub(r"our\b", "or", term.lower())


def _defined_term(line: str, terms: dict[str, str]) -> str | None:
    """The defined term that opens ``line``, as the book spells it, if any."""
    lowered = _spelling(line)
    matches = [t for t in terms if lowered.startswith(t) and lowered[len(t):len(t) + 1] in _AFTER_TERM]
    if not matches:
        return None
    longest = max(matches, key=len)
    # the -our/-or difference changes the length: measure the term in the book's own spelling
    for length in range(len(longest) - 1, len(longest) + 2):
        if _spelling(line[:length]) == longest and line[length:length + 1] in _AFTER_TERM:
            return line[:length]
    return None
