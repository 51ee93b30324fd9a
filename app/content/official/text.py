"""What an import of the official law text produces: the wording by section, and the figures it reports.

Kept apart from the reading (``official``) and the splitting
(``official_sections``) because the library and the search index use the
imported wording without ever importing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
