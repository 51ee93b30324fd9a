"""The glossary: defined terms of the laws, in our own words, from ``content/glossary/``.

The GUI shows a definition when the pointer rests on a term; the search index
covers the glossary too. Terms are matched case-insensitively, with aliases for
inflected forms ("alerted", "penalty cards").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from app.content.files.problems import ContentProblem
from app.content.laws.refs import LawRef, RefError, parse_ref
from app.content.cases.yaml_lines import YamlSyntaxError, load_located


@dataclass(frozen=True)
class GlossaryEntry:
    """One term with its definition and the laws where it matters."""

    term: str
    definition: str
    aliases: tuple[str, ...] = ()
    laws: tuple[LawRef, ...] = ()
    line: int = 0

    def forms(self) -> tuple[str, ...]:
        """Every spelling that should show this definition."""
        return (self.term, *self.aliases)


@dataclass
class Glossary:
    """All entries, with a lookup by any form of a term."""

    entries: list[GlossaryEntry] = field(default_factory=list)
    path: Path | None = None
    # Every form, lower-cased, to the first entry that has it: a page looks up each term it links.
    _forms: dict[str, GlossaryEntry] = field(default_factory=dict, repr=False, compare=False)
    _forms_of: int = field(default=0, repr=False, compare=False)  # how many entries _forms was built from

    def lookup(self, word: str) -> GlossaryEntry | None:
        if self._forms_of != len(self.entries):
            self._forms = {}
            for entry in self.entries:
                for form in entry.forms():
                    self._forms.setdefault(form.lower(), entry)
            self._forms_of = len(self.entries)
        return self._forms.get(word.strip().lower())

    def pattern(self) -> re.Pattern[str] | None:
        """A regular expression that finds any form of any term in running text,
        longest forms first so "major penalty card" wins over "penalty card"."""
        forms = sorted({f for e in self.entries for f in e.forms() if f.strip()}, key=len, reverse=True)
        if not forms:
            return None
        return re.compile(r"\b(" + "|".join(re.escape(f) for f in forms) + r")\b", re.IGNORECASE)


def load_glossary(path: Path) -> tuple[Glossary, list[ContentProblem]]:
    """Read ``glossary.yaml``; a broken entry is reported and skipped, the rest load."""
    problems: list[ContentProblem] = []
    glossary = Glossary(path=path)
    if not path.exists():
        return glossary, [ContentProblem(path, 0, "the glossary file is missing")]
    try:
        located = load_located(path.read_text(encoding="utf-8"))
    except YamlSyntaxError as exc:
        return glossary, [ContentProblem(path, exc.line, exc.message)]
    entries = located.data
    if entries is None:
        return glossary, problems
    if not isinstance(entries, list):
        return glossary, [ContentProblem(path, 1, "the glossary must be a list of entries")]
    seen: dict[str, int] = {}
    for index, data in enumerate(entries):
        line = located.line(index)
        if not isinstance(data, dict):
            problems.append(ContentProblem(path, line, "an entry must be a mapping with term: and definition:"))
            continue
        term, definition = data.get("term"), data.get("definition")
        if not isinstance(term, str) or not term.strip():
            problems.append(ContentProblem(path, line, "an entry without term:"))
            continue
        if not isinstance(definition, str) or not definition.strip():
            problems.append(ContentProblem(path, line, f"{term!r} has no definition:"))
            continue
        if term.lower() in seen:
            problems.append(ContentProblem(path, line, f"{term!r} is defined twice (first at line {seen[term.lower()]})"))
            continue
        seen[term.lower()] = line
        laws: list[LawRef] = []
        for raw in data.get("laws") or []:
            try:
                laws.append(parse_ref(str(raw)))
            except RefError as exc:
                problems.append(ContentProblem(path, line, f"{term!r}: {exc}"))
        aliases = tuple(str(a) for a in data.get("aliases") or [])
        glossary.entries.append(GlossaryEntry(term.strip(), " ".join(definition.split()), aliases, tuple(laws), line))
    return glossary, problems
