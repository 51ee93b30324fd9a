"""What an import of the official law text produces: the wording by section, and the figures it reports.

Kept apart from the reading (``importer``) and the splitting (``sections``)
because the library and the search index use the imported wording without
ever importing anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class OfficialImportError(ValueError):
    """The file could not be read as a law book; the message says why and what to do."""


@dataclass(frozen=True)
class Language:
    """How one language's law book names its parts.

    ``words_from_library`` says whether the library's own (English) text may serve as the
    vocabulary that mends words an extraction broke: only for a book in the library's language,
    since a German word must never be "mended" into an English one."""

    code: str
    law_words: tuple[str, ...]  # the word before a law's number in its heading
    introduction: str
    definitions: str
    index_words: tuple[str, ...]  # how the index after the last law may be headed
    contents_words: tuple[str, ...]  # how the table of contents may be headed
    words_from_library: bool


LANGUAGES = (
    Language("en", ("LAW",), "INTRODUCTION", "DEFINITIONS", ("INDEX",), ("CONTENTS", "TABLE OF CONTENTS"), True),
    Language("de", ("REGEL", "GESETZ"), "EINLEITUNG", "DEFINITIONEN",
             ("STICHWORTVERZEICHNIS", "SACHVERZEICHNIS", "SACHREGISTER", "REGISTER", "INDEX", "STICHWORTE"),
             ("INHALT", "INHALTSVERZEICHNIS"), False),
)

# A section's own key and the keys one level below it: "27" → "27A", "27B" → "27B1",
# "27B1" → "27B1(a)", "27B1(a)" → "27B1(a)(i)".
_CHILD = {
    0: re.compile(r"[A-H]"),
    1: re.compile(r"[1-9]"),
    2: re.compile(r"\([a-z]\)"),
    3: re.compile(r"\((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)\)"),
}
_DEPTH = re.compile(r"^\d{1,2}(?P<section>[A-H])?(?P<number>[1-9])?(?P<letter>\([a-z]\))?(?P<roman>\([ivx]+\))?$")


def _child_marker(parent: str, key: str) -> str | None:
    """How the book numbers ``key`` if it sits directly under ``parent`` ("B.", "1.", "(a)"), else None."""
    shape = _DEPTH.match(parent)
    if shape is None or not key.startswith(parent):
        return None
    depth = sum(1 for part in shape.groups() if part)
    rest = key[len(parent):]
    if depth not in _CHILD or not _CHILD[depth].fullmatch(rest):
        return None
    return f"{rest}." if depth < 2 else rest


@dataclass
class OfficialText:
    """Official wording by section key, and what could not be placed, kept under its law.

    ``sections`` holds each section's own words, in the book's order; ``unplaced`` holds,
    under its law, what the book has that the library has no place for."""

    source: str
    imported: str
    language: str
    sections: dict[str, str] = field(default_factory=dict)
    unplaced: dict[str, list[str]] = field(default_factory=dict)
    laws: list[int] = field(default_factory=list)

    def wording(self, key: str) -> str | None:
        """The section's wording; for one whose text lies wholly in its subsections (``9B1`` when the
        book runs straight on to ``(a)``), those subsections under their own numbering, as printed,
        and for ``Definitions`` every defined term."""
        own = self.sections.get(key)
        if own:
            return own
        if key == "Definitions":
            parts = [text for child, text in self.sections.items() if child.startswith("Definitions: ")]
            return "\n".join(parts) if parts else own
        parts = [f"{marker} {self.wording(child) or ''}".strip()
                 for child in self.sections if (marker := _child_marker(key, child)) is not None]
        parts = [part for part in parts if part]
        return " ".join(parts) if parts else own


@dataclass(frozen=True)
class ImportReport:
    """What an import placed, in figures a user can check.

    ``laws`` counts the law headings found in the book; ``worded`` the library's sections that
    now show official wording (their own, or their subsections'); ``missing`` names those left
    without any (a section whose subsections are all missing too stands for them, marked
    "whole"); ``unplaced`` names the book's pieces the library has no place for."""

    laws: int
    worded: int
    total: int
    missing: tuple[str, ...]
    unplaced: tuple[str, ...]

    def summary(self) -> str:
        text = f"{self.laws} laws, {self.worded} of {self.total} sections with official wording"
        if self.missing:
            text += f"; left without wording: {_listed(self.missing)}"
        reasons: dict[str, list[str]] = {}
        for entry in self.unplaced:  # "73B1", or "89 (a different law in your book)"
            key, _, reason = entry.partition(" (")
            reasons.setdefault(reason.rstrip(")"), []).append(key)
        for reason, keys in reasons.items():
            text += (f"; kept aside ({reason}): {_listed(tuple(keys))}" if reason
                     else f"; {len(keys)} kept unplaced (no such section in the library): {_listed(tuple(keys))}")
        return text


def _listed(keys: tuple[str, ...], shown: int = 40) -> str:
    return ", ".join(keys[:shown]) + (f", … ({len(keys) - shown} more)" if len(keys) > shown else "")
