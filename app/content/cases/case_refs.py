"""Law references in a case checked against the law book: ``laws:``, law questions' answers, and every
text a trainee reads, each problem at the line the reference is written on.

Why all the text: a reference to a section that does not exist (``Law 99``, ``27B1(z)``) in a choice's
feedback teaches as surely as one in the commentary, and a law question whose answer names no section
can never be answered right. ``director-trainer check`` runs this (through ``checks.check_case``) for
cases under the current code: a case under an older code cites that code's sections, which the
current book does not hold.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from app.content.cases.model import Case
from app.content.cases.yaml_lines import Located
from app.content.files.problems import ContentError, ContentProblem
from app.content.files.text_files import read_utf8
from app.content.laws.refs import LawRef, find_refs, impossible_refs

if TYPE_CHECKING:
    from app.content.laws.law_book import LawBook

TextPath = tuple[str | int, ...]
QUESTION_TEXTS = ("ask", "why")
CHOICE_TEXTS = ("text", "why")


def case_reference_problems(case: Case, book: LawBook, located: Located) -> list[ContentProblem]:
    """Every reference in the case that names no section of ``book`` (none for a case under another code);
    ``located`` is the case's file as parsed, for the lines."""
    if case.edition != book.edition:
        return []
    try:
        lines = read_utf8(case.path).split("\n")
    except (OSError, ContentError):
        return []  # the file changed since it loaded; the loader reports it on the next run
    finder = _Finder(case, book, located, lines)
    for index, ref in enumerate(case.laws):
        finder.ref(ref, ("laws", index), "laws")
    for index, question in enumerate(case.questions):
        if question.kind == "law":
            finder.ref(question.answer, ("questions", index, "answer"), "answer")
            for position, ref in enumerate(question.accept):
                finder.ref(ref, ("questions", index, "accept", position), "accept")
    for where, words in _texts(located.data):
        finder.text(words, where)
    return finder.problems


class _Finder:
    def __init__(self, case: Case, book: LawBook, located: Located, lines: list[str]) -> None:
        self.case, self.book, self.located, self.lines = case, book, located, lines
        self.starts = sorted(set(located.lines.values()))  # where each value begins: where a text ends
        self.problems: list[ContentProblem] = []

    def ref(self, ref: LawRef, where: TextPath, key: str) -> None:
        if self.book.get(ref) is None:
            self._add(self.located.line(*where), f"{key}: {ref.label()} does not match any section of the library")

    def text(self, words: str, where: TextPath) -> None:
        start = self.located.line(*where)
        for span in find_refs(words):
            for ref in span.refs:
                if self.book.get(ref) is None:
                    line = self._line_of(span.text, start, words.count("\n", 0, span.start))
                    self._add(line, f"{ref.label()} does not match any section of the library")
        for offset, message in impossible_refs(words):
            written = words[offset:].split("\n", 1)[0][:12]
            self._add(self._line_of(written, start, words.count("\n", 0, offset)), message)

    def _line_of(self, written: str, start: int, lines_in: int) -> int:
        """The file line a reference is written on: the first line of the value's own that shows it (a
        block of text starts on the line after its key), else as many lines into the value as it lies."""
        later = bisect_right(self.starts, start)
        end = self.starts[later] if later < len(self.starts) else len(self.lines) + 1
        for number in range(start, end):
            if written in self.lines[number - 1]:
                return number
        return start + lines_in

    def _add(self, line: int, message: str) -> None:
        self.problems.append(ContentProblem(self.case.path, line, message))


def _texts(data: dict[str, Any]) -> Iterator[tuple[TextPath, str]]:
    """Each Markdown text of a loaded case with its path: situation, ruling, commentary, and every
    question's words, choices and items."""
    for key in ("situation", "ruling", "commentary"):
        yield (key,), data[key]
    for index, question in enumerate(data["questions"]):
        for key in QUESTION_TEXTS:
            if key in question:
                yield ("questions", index, key), question[key]
        for position, choice in enumerate(question.get("choices", [])):
            for key in CHOICE_TEXTS:
                if key in choice:
                    yield ("questions", index, "choices", position, key), choice[key]
        for position, item in enumerate(question.get("items", [])):
            yield ("questions", index, "items", position), item
