"""Everything in ``content/`` loaded together: law book, glossary, topics, cases, search index.

The GUI and the commands load the library once through ``load_library``; its
``problems`` list is what ``director-trainer check`` prints, and what the GUI
shows in its status bar instead of failing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app import shipped
from app.content.laws.editions import Editions
from app.content.files.problems import ContentProblem

# The loaders and the search index are imported where they are used: the window starts from a
# cached copy of the library and needs neither to show it.
if TYPE_CHECKING:
    from app.content.cases.model import Case
    from app.content.laws.glossary import Glossary
    from app.content.laws.law_book import LawBook
    from app.content.official.text import OfficialText
    from app.content.laws.search import Document, SearchIndex

CURRENT_EDITION = "wbf-2017"
CONTENT_ENV = "DIRECTOR_TRAINER_CONTENT"
_UNPACKING = threading.RLock()


def default_content_root() -> Path:
    """Where ``content/`` is: $DIRECTOR_TRAINER_CONTENT if set, else the content shipped with the
    code (inside the installed package, or beside it in a checkout: see ``app.shipped``)."""
    if os.environ.get(CONTENT_ENV):
        return Path(os.environ[CONTENT_ENV])
    return shipped("content")


@dataclass
class Library:
    """The loaded content and every problem found while loading it."""

    root: Path
    book: LawBook
    glossary: Glossary
    topics: dict[str, str]
    cases: list[Case]
    problems: list[ContentProblem] = field(default_factory=list)
    editions: Editions = field(default_factory=Editions)
    official: OfficialText | None = None
    _index: SearchIndex | None = None

    # The cases of a library read from the start-up cache are unpacked at their first use, not with the rest:
    # they are two thirds of the cache and nothing the window paints first needs them (see library_cache).
    # The problems wait with them, as the user's cases merged in then may add to them.
    # Hidden from the type checker, which would otherwise take every misspelt attribute for a valid one.
    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            if name not in ("cases", "problems"):
                raise AttributeError(name)
            with _UNPACKING:
                pending = self.__dict__.pop("_unpack_cases", None)
                if pending is not None:  # set only once complete: other threads read them without the lock
                    unpack, problems = pending
                    try:
                        cases, more = unpack()
                    except BaseException:
                        self.__dict__["_unpack_cases"] = pending  # the next read tries again
                        raise
                    self.problems = [*problems, *more]
                    self.cases = cases
            if name not in self.__dict__:
                raise AttributeError(name)
            return self.__dict__[name]

    def unpack_cases_later(self, unpack: Callable[[], tuple[list[Case], list[ContentProblem]]]) -> None:
        """Leave ``cases`` (and ``problems``) unset until either is first read, which calls ``unpack`` once,
        from whichever thread reads first, for the cases and any problems they add."""
        problems = self.__dict__.pop("problems", [])
        self.__dict__.pop("cases", None)
        self.__dict__["_unpack_cases"] = (unpack, problems)

    @property
    def cases_unpacked(self) -> bool:
        """Whether the cases are in memory (reading ``cases`` would not have to unpack them first)."""
        return "cases" in self.__dict__

    @property
    def index(self) -> SearchIndex:
        """The full-text index, built on first use (a few milliseconds)."""
        if self._index is None:
            from app.content.laws.search import SearchIndex, edition_documents, glossary_documents, law_documents

            self._index = SearchIndex(
                [*law_documents(self.book), *edition_documents(self.editions), *glossary_documents(self.glossary),
                 *case_documents(self.cases), *official_documents(self.book, self.official)],
                self.book, self.editions, self.glossary,
            )
        return self._index

    def set_official(self, official: OfficialText | None) -> None:
        """Use (or drop) the user's imported official wording; the search index follows."""
        self.official = official
        self._index = None

    def put_case(self, case: Case) -> None:
        """Put a saved case into the loaded library: in place of the case with its id, or at the end."""
        self.put_cases([case])

    def put_cases(self, cases: list[Case]) -> None:
        """``put_case`` for many at once (a pack of thousands), in one pass over the library."""
        if not cases:
            return
        index = {existing.id: position for position, existing in enumerate(self.cases)}
        for case in cases:
            if case.id in index:
                self.cases[index[case.id]] = case
            else:
                index[case.id] = len(self.cases)
                self.cases.append(case)
        self._index = None  # the search index is rebuilt with the cases on use

    def case(self, case_id: str) -> Case | None:
        return next((c for c in self.cases if c.id == case_id), None)

    def twins(self, case: Case) -> list[Case]:
        """The same table under another code: the case this one names as its twin, and any naming it."""
        return [c for c in self.cases if c.id != case.id and (c.id == case.twin or c.twin == case.id)]

    def cases_citing(self, key: str) -> list[Case]:
        """Cases whose ``laws`` name this section or one inside it."""
        section = self.book.get(key)
        if section is None:
            return []
        return [c for c in self.cases if c.edition == self.book.edition
                and any(ref == section.ref or section.ref in ref.ancestors() for ref in c.laws)]


@dataclass(frozen=True)
class LibraryCounts:
    """How much the loaded library holds, for Help › About and the README's figures."""

    sections: int
    cases: int
    user_cases: int
    questions: int
    notes: int
    glossary: int


def library_counts(library: Library, user_cases: Path | None = None) -> LibraryCounts:
    """Count sections of the current code, cases (and of them those loaded from ``user_cases``),
    their questions, the notes on other codes and the glossary's entries."""
    mine = 0 if user_cases is None else sum(1 for case in library.cases if user_cases in case.path.parents)
    return LibraryCounts(
        sections=sum(1 for _ in library.book.walk()), cases=len(library.cases), user_cases=mine,
        questions=sum(len(case.questions) for case in library.cases), notes=len(library.editions.notes),
        glossary=len(library.glossary.entries),
    )


def official_documents(book: LawBook, official: OfficialText | None) -> Iterable[Document]:
    """The imported official wording, one document per section, so search finds its words too."""
    from app.content.laws.search import Document

    if official is None:
        return
    for key, wording in official.sections.items():
        section = book.get(key)
        if section is not None:
            yield Document("official", section.key, f"Official wording: {section.heading()}", wording, book.edition)


def case_documents(cases: Iterable[Case]) -> Iterable[Document]:
    from app.content.laws.search import Document

    for case in cases:
        body = "\n\n".join([case.situation, case.ruling, case.commentary, " ".join(case.topics)])
        yield Document("case", case.id, case.title, body, case.edition)


def load_library(root: Path | None = None, edition: str = CURRENT_EDITION,
                 case_paths: Iterable[Path] | None = None, check_references: bool = False,
                 user_cases: Path | None = None) -> Library:
    """Load laws, glossary, topics and cases, collecting problems rather than raising.

    ``user_cases`` is the user's own case folder (``user_cases.user_case_folder``), loaded beside
    ``content/cases`` with the same checks; the window passes it, ``director-trainer check`` does not.

    ``check_references`` also reports every law reference that names no section; it
    costs a pass over all the text, so the GUI leaves it to ``director-trainer check``.
    """
    from app.content.cases.loader import load_cases, load_topics
    from app.content.laws.editions import check_mappings, load_editions
    from app.content.laws.glossary import load_glossary
    from app.content.laws.law_book import load_law_book
    from app.content.cases.user_cases import merge_user_cases

    root = root or default_content_root()
    book, problems = load_law_book(root / "laws" / edition, edition)
    glossary, glossary_problems = load_glossary(root / "glossary" / "glossary.yaml")
    topics, topic_problems = load_topics(root / "topics.yaml")
    cases, case_problems = load_cases(case_paths or [root / "cases"], set(topics) or None)
    if user_cases is not None:
        cases, user_problems = merge_user_cases(cases, user_cases, set(topics) or None)
        case_problems += user_problems
    editions, edition_problems = load_editions(root / "editions")
    edition_problems += check_mappings(editions, (s.key for s in book.walk()))
    library = Library(root, book, glossary, topics, cases,
                      problems + glossary_problems + topic_problems + case_problems + edition_problems, editions)
    if case_paths is None:
        library.problems += twin_problems(library.cases)
    if check_references:
        library.problems += reference_problems(library)
    return library


def twin_problems(cases: list[Case], only: Path | None = None) -> list[ContentProblem]:
    """A twin must be another case in the library, set under a different code. ``only``: the cases of that
    folder alone (the user's, merged into a library already checked). A file is read, for the line of its
    ``twin:``, only when there is something to report."""
    by_id = {case.id: case for case in cases}
    problems = []
    for case in cases:
        if not case.twin or (only is not None and only not in case.path.parents):
            continue
        twin = by_id.get(case.twin)
        if twin is None:
            message = f"twin {case.twin!r} is not a case in the library"
        elif twin.edition == case.edition:
            message = (f"twin {case.twin!r} is set under the same code ({case.edition}); a twin rules the table "
                       "under another")
        else:
            continue
        line = _line_containing(case.path.read_text(encoding="utf-8").splitlines(), "twin:")
        problems.append(ContentProblem(case.path, line, message))
    return problems


def reference_problems(library: Library) -> list[ContentProblem]:
    """Every law reference in the laws and the glossary that names no section. (A case's references are
    checked with the rest of the case, by ``checks.check_case``, which reads its file once for both.)"""
    from app.content.laws.law_book import check_book_references

    book = library.book
    problems = check_book_references(book)
    glossary_path = library.glossary.path or library.root / "glossary" / "glossary.yaml"
    for entry in library.glossary.entries:
        for ref in entry.laws:
            if book.get(ref) is None:
                problems.append(ContentProblem(glossary_path, entry.line,
                                               f"{entry.term}: {ref.label()} does not match any section"))
    return problems


def _line_containing(lines: list[str], needle: str) -> int:
    """The first line of a file that mentions a reference, so a problem points near it."""
    return next((i for i, line in enumerate(lines, 1) if needle in line), 0)
