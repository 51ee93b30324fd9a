"""Mending words an extraction broke: lost ligatures (``Insu cient``, ``o ender``) and words split
over two lines (``Turnier-`` / ``leiter``), and nothing else.

A step of the import of the official wording (``official``). The user's wording
must come out as it went in, so a word is mended only where the mending is certain
in the book's own language: the mended word must be known in that language (seen
intact elsewhere in the same book, or, for a book in the library's language, used
by the library's own text), and exactly one mending must make it. The library's
English is never used on a book in another language: "Erklärung" is a German word,
not a broken English one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.content.laws.law_book import LawBook

LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")
# A run of letters in any alphabet; digits, underscores and footnote superscripts are not letters.
LETTERS = r"[^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹]+"
_WORD = re.compile(LETTERS)
_COMPOUND = re.compile(rf"{LETTERS}(?:-{LETTERS})+")  # "nicht-schuldige", "North-South"
_LINE_END_HYPHEN = re.compile(rf"(?P<head>{LETTERS})-\n(?P<tail>{LETTERS})")
_TAIL = re.compile(rf"^(?P<head>.*?)(?P<tail>{LETTERS})$", re.DOTALL)  # "(non-o" → "(non-" + "o"
_LEAD = re.compile(rf"^(?P<lead>{LETTERS})(?P<rest>.*)$", re.DOTALL)  # "ender's" → "ender" + "'s"
_MIN_MENDED = 4  # letters: a shorter run is as likely an abbreviation as a broken word


@dataclass(frozen=True)
class Vocabulary:
    """The words a mended word may become: ``attested`` seen intact in the book itself; ``language``
    the library's words, given only when the book is in the library's language."""

    attested: frozenset[str]
    language: frozenset[str] = frozenset()
    compounds: frozenset[str] = frozenset()  # hyphenated words seen intact in the book

    def knows(self, word: str) -> bool:
        lowered = word.lower()
        return lowered in self.attested or lowered in self.language

    def is_word(self, fragment: str) -> bool:
        """Whether a fragment is a word of the language by itself (only the library can say so)."""
        return fragment.lower() in self.language


def vocabulary(book_text: Iterable[str], library: LawBook | None) -> Vocabulary:
    """The book's own words, with the library's words only when ``library`` is given (same language)."""
    lines = list(book_text)
    attested = frozenset(w.lower() for line in lines for w in _WORD.findall(line))
    compounds = frozenset(w.lower() for line in lines for w in _COMPOUND.findall(line))
    language = frozenset(_library_words(library)) if library is not None else frozenset()
    return Vocabulary(attested, language, compounds)


def _library_words(book: LawBook) -> set[str]:
    words: set[str] = set()
    for section in book.walk():
        words.update(w.lower() for w in _WORD.findall(section.title + " " + section.summary))
        for note in section.annotations:
            words.update(w.lower() for w in _WORD.findall(note.body))
    return words


def repair_words(text: str, words: Vocabulary) -> str:
    """``Insu cient`` → ``Insufficient``; ``Insucient`` → ``Insufficient`` (only with the library's
    words, which alone can say that a run of letters is not already a word); ``Turnier-``/``leiter``
    → ``Turnierleiter`` and ``nicht-``/``schuldige`` → ``nicht-schuldige``, as the book spells the
    word elsewhere; all else untouched. Line breaks in ``text`` are kept."""
    text = _LINE_END_HYPHEN.sub(lambda m: _rejoined(m, words), text)
    tokens = text.split(" ")
    out: list[str] = []
    index = 0
    while index < len(tokens):
        if index + 1 < len(tokens):
            joined = _joined(tokens[index], tokens[index + 1], words)
            if joined is not None:
                tokens[index + 1] = joined
                index += 1
                continue
        out.append(_WORD.sub(lambda m: _mended(m.group(0), words), tokens[index]) if words.language else tokens[index])
        index += 1
    return " ".join(out)


def _rejoined(match: re.Match[str], words: Vocabulary) -> str:
    """A word hyphenated at the end of a line, joined as the book writes it whole, if it does."""
    head, tail = match.group("head"), match.group("tail")
    whole, hyphened = head + tail, f"{head}-{tail}"
    if words.knows(whole) and hyphened.lower() not in words.compounds:
        return whole
    if hyphened.lower() in words.compounds and not words.knows(whole):
        return hyphened
    return match.group(0)


def _joined(left: str, right: str, words: Vocabulary) -> str | None:
    """The two tokens as one word with the ligature between them restored, if exactly one does it."""
    before, after = _TAIL.match(left), _LEAD.match(right)
    if before is None or after is None:
        return None
    tail, lead = before.group("tail"), after.group("lead")
    if words.is_word(tail) and words.is_word(lead):
        return None  # two words of the language, as they stand
    made = [tail + ligature + lead for ligature in LIGATURES if words.knows(tail + ligature + lead)]
    if len(made) != 1:
        return None
    return before.group("head") + made[0] + after.group("rest")


def _mended(word: str, words: Vocabulary) -> str:
    if len(word) < _MIN_MENDED or words.is_word(word):
        return word
    made = {word[:i] + ligature + word[i:] for i in range(1, len(word)) for ligature in LIGATURES
            if words.is_word(word[:i] + ligature + word[i:])}
    return made.pop() if len(made) == 1 else word
