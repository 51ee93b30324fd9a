"""Law references: the one parser for ``27B1(a)``, ``27b1a``, ``Law 16C``, ``Laws 61–64``.

Every part of the application that meets a law reference — headings in the law
files, ``laws:`` in a case, a typed jump in the GUI, links in running text —
goes through this module, so they all agree on what a reference means.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

SPECIAL_NODES = ("Introduction", "Definitions")

_ROMAN = r"(?:viii|vii|iii|iv|vi|ix|ii|v|x|i)"
# law number, section letter, subsection number, bracketed letter, bracketed roman numeral
_REF_CORE = (
    r"(?P<law>[1-9][0-9]?)"
    r"(?:\s?(?P<section>[A-Ha-h])"
    r"(?:(?P<number>[1-9])"
    r"(?:\s?\(?(?P<letter>[a-z])\)?"
    rf"(?:\s?\(?(?P<roman>{_ROMAN})\)?)?"
    r")?)?)?"
)
_STANDALONE = re.compile(rf"^\s*(?:laws?\s+)?{_REF_CORE}\s*$", re.IGNORECASE)
_DEFINITION = re.compile(r"^\s*definitions?\s*(?::\s*(?P<term>.+?))?\s*$", re.IGNORECASE)
_INTRODUCTION = re.compile(r"^\s*intro(?:duction)?\s*$", re.IGNORECASE)

# In running text a reference needs the word "Law"/"Laws" before it, or the
# shape of a section reference (a number followed by a capital section letter),
# so that "13 tricks" or "2 boards" is never taken for a law.
_TEXT_REF = (
    r"(?P<law>[1-9][0-9]?)"
    r"(?:(?P<section>[A-H])"
    r"(?:(?P<number>[1-9])"
    r"(?:\((?P<letter>[a-z])\)"
    rf"(?:\((?P<roman>{_ROMAN})\))?"
    r")?)?)?"
)
_IN_TEXT = re.compile(
    rf"(?P<word>\bLaws?\s+)?\b(?P<ref>{_TEXT_REF})(?![0-9A-Za-z])"
    rf"(?:\s*(?:[–—-]|to)\s*(?P<upto>[1-9][0-9]?)\b)?"
)
# "the 1997 Law 73B2" or "2007 Law 23" names a section of an older code: not a link into this one.
_OLDER_CODE = re.compile(r"\b(?:19|20)\d\d\s*$")
# Further references after a first "Laws 12, 16 and 73C" share the word "Laws".
_CONTINUATION = re.compile(rf"\s*(?:,|and|or|&)\s*{_TEXT_REF}(?![0-9A-Za-z])")


class RefError(ValueError):
    """A string that is not a law reference; the message says what was expected."""


@dataclass(frozen=True, order=True)
class LawRef:
    """A reference to a law or one of its sections.

    ``law`` is 1–93, or 0 for the Introduction and Definitions, which sort first.
    ``term`` names a defined term under ``Definitions``.
    """

    law: int
    section: str = ""
    number: int = 0
    letter: str = ""
    roman: str = ""
    special: str = ""
    term: str = ""

    def __str__(self) -> str:
        if self.special:
            return f"{self.special}: {self.term}" if self.term else self.special
        text = str(self.law) + self.section
        if self.number:
            text += str(self.number)
        if self.letter:
            text += f"({self.letter})"
        if self.roman:
            text += f"({self.roman})"
        return text

    @property
    def key(self) -> str:
        """The canonical string used as a dictionary key everywhere."""
        return str(self)

    @property
    def depth(self) -> int:
        """0 for a whole law, 1 for ``27B``, 2 for ``27B1``, 3 for ``27B1(a)``, 4 beyond."""
        if self.special:
            return 1 if self.term else 0
        return sum(1 for part in (self.section, self.number, self.letter, self.roman) if part)

    def parent(self) -> LawRef | None:
        """The enclosing section, or None for a whole law."""
        if self.special:
            return LawRef(0, special=self.special) if self.term else None
        if self.roman:
            return LawRef(self.law, self.section, self.number, self.letter)
        if self.letter:
            return LawRef(self.law, self.section, self.number)
        if self.number:
            return LawRef(self.law, self.section)
        if self.section:
            return LawRef(self.law)
        return None

    def ancestors(self) -> list[LawRef]:
        """From the whole law down to (but not including) this reference."""
        chain: list[LawRef] = []
        node = self.parent()
        while node is not None:
            chain.append(node)
            node = node.parent()
        return list(reversed(chain))

    def whole_law(self) -> LawRef:
        """The law this reference belongs to."""
        return LawRef(0, special=self.special) if self.special else LawRef(self.law)

    def label(self) -> str:
        """How the reference reads in a sentence: ``Law 27B1(a)``."""
        return str(self) if self.special else f"Law {self}"


# Each reference read is kept here and handed out again for an equal one: the cases cite a few hundred
# sections thousands of times, and their pickled copy (the window's start-up) then holds each once.
_READ: dict[LawRef, LawRef] = {}


def _from_groups(groups: dict[str, str | None]) -> LawRef:
    law = int(groups["law"] or 0)
    if not 1 <= law <= 93:
        raise RefError(f"there is no Law {law}: the laws run from 1 to 93")
    ref = LawRef(
        law=law,
        section=(groups.get("section") or "").upper(),
        number=int(groups.get("number") or 0),
        letter=(groups.get("letter") or "").lower(),
        roman=(groups.get("roman") or "").lower(),
    )
    return _READ.setdefault(ref, ref)


def parse_ref(text: str) -> LawRef:
    """Parse one reference typed or written anywhere: ``27B1(a)``, ``27b1a``, ``Law 16C``,
    ``Definitions: Alert``, ``Introduction``.

    Raises RefError with a message that shows the accepted shapes.
    """
    if _INTRODUCTION.match(text):
        return LawRef(0, special="Introduction")
    definition = _DEFINITION.match(text)
    if definition:
        term = (definition.group("term") or "").strip()
        return LawRef(0, special="Definitions", term=term.title() if term.islower() else term)
    match = _STANDALONE.match(text)
    if not match:
        raise RefError(
            f"{text!r} is not a law reference; write it like 27, 27B, 27B1, 27B1(a) or 27b1a"
        )
    return _from_groups(match.groupdict())


@dataclass(frozen=True)
class RefSpan:
    """A reference found in running text: where it is and what it points to.

    A range such as ``Laws 61–64`` yields one span whose ``refs`` lists each law.
    """

    start: int
    end: int
    text: str
    refs: tuple[LawRef, ...]


def impossible_refs(text: str) -> Iterator[tuple[int, str]]:
    """Where running text names a law that does not exist (``Law 99``, ``Laws 61–99``): the offset of
    each and what is wrong. ``find_refs`` passes over these, as there is nothing to link them to, so a
    checker asks here."""
    for match in _IN_TEXT.finditer(text):
        if not match.group("word") or _OLDER_CODE.search(text, max(0, match.start() - 8), match.start()):
            continue
        for number in (match.group("law"), match.group("upto")):
            if number and not 1 <= int(number) <= 93:
                yield match.start(), f"there is no Law {number}: the laws run from 1 to 93"


def find_refs(text: str) -> Iterator[RefSpan]:
    """Every law reference in a piece of running text, in order.

    Accepted: ``Law 27``, ``Laws 61–64``, ``Laws 12, 16 and 73C``, and bare section
    references such as ``27B1(a)`` or ``16C`` (a bare whole-law number like ``27`` is
    only a reference after the word Law, because plain numbers are everywhere).
    A year just before (``the 2007 Law 23``) marks a section of an older code, which
    is not a reference into the current one.
    """
    pos = 0
    while True:
        match = _IN_TEXT.search(text, pos)
        if not match:
            return
        pos = match.end()
        has_word = bool(match.group("word"))
        if not has_word and not match.group("section"):
            continue
        if _OLDER_CODE.search(text, max(0, match.start() - 8), match.start()):
            continue
        if not has_word and not match.group("number") and int(match.group("law")) <= 8 \
                and match.group("section") in ("C", "D", "H"):
            continue  # "2D", "4H" or (Law 38) "8H" in prose is a call, not a law section
        try:
            first = _from_groups(match.groupdict())
        except RefError:
            continue
        upto = match.group("upto")
        if upto and has_word and not first.section and first.law < int(upto) <= 93:
            refs = tuple(LawRef(n) for n in range(first.law, int(upto) + 1))
            yield RefSpan(match.start(), match.end(), match.group(0), refs)
            continue
        pos = match.end("ref")
        yield RefSpan(match.start(), pos, text[match.start() : pos], (first,))
        if has_word and match.group("word").strip().lower() == "laws":
            while True:
                more = _CONTINUATION.match(text, pos)
                if not more:
                    break
                try:
                    ref = _from_groups(more.groupdict())
                except RefError:
                    break
                yield RefSpan(more.start("law"), more.end(), text[more.start("law") : more.end()], (ref,))
                pos = more.end()
