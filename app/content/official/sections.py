"""Splitting a cleaned law book into the library's sections, and saying what it placed and what it could not.

The heart of the import of the official wording (``official``): it finds the
body's law headings past the table of contents, splits each law at its section
markers, mends only the words that are certainly broken, gives each footnote to
the sections that refer to it, and keeps whatever has no place in the library
under its law. A law whose numbering shares nothing with the library's law of
that number is a different law (a 2017 book's Law 89 against the 2024 Law 89):
it is kept aside, never shown as the wording of the other; and such a book is
older than the 2024 changes, so its wording of the sections those changes
rewrote (73A2, 73B, 73C) is kept aside too. Neither states the law the
library teaches.
"""

from __future__ import annotations

from datetime import date

from app.content.laws.law_book import LawBook, Section
from app.content.official.cleaning import SUPERSCRIPTS, CleanBook, clean_book, footnote_refs
from app.content.official.front_matter import front_matter
from app.content.official.headings import Heading, back_matter_start, body_chain, law_headings
from app.content.official.ligatures import Vocabulary, repair_words, vocabulary
from app.content.official.markers import split_sections
from app.content.official.text import LANGUAGES, ImportReport, Language, OfficialImportError, OfficialText


CHANGED_2024 = "Changed in 2024"  # the kind of note the library gives a section the 2024 changes rewrote
_DIFFERENT_LAW = "a different law in your book"
_OLDER = "your book's wording is older than 2024"


def parse_law_book(text: str, book: LawBook, source: str = "") -> tuple[OfficialText, ImportReport]:
    """Split an extracted law book into our sections, keeping what cannot be placed."""
    cleaned = clean_book(text)
    lines = cleaned.lines
    language, chain = _best_language(lines)
    if len(chain) < 2:
        raise OfficialImportError(
            f"{source or 'the file'}: no law headings found (looked for lines such as 'LAW 27'); "
            "is it the law book, and is its text extractable?")
    end = back_matter_start(lines, chain[-1].line, language)
    words = vocabulary(lines[:end], book if language.words_from_library else None)
    official = OfficialText(source, date.today().isoformat(), language.code)
    for key, wording in front_matter(lines, chain[0].line, language, book, lambda t: repair_words(t, words)).items():
        official.sections[key] = _with_footnotes(wording, cleaned)
    laws = []
    for index, heading in enumerate(chain):
        stop = chain[index + 1].line if index + 1 < len(chain) else end
        law_lines = [heading.title, *lines[heading.line + 1: stop]]  # its title: on the heading line, or the next
        body = repair_words("\n".join(line for line in law_lines if line), words)
        laws.append((heading.law, [(key, _with_footnotes(wording, cleaned))
                                   for key, wording in split_sections(heading.law, body)]))
    different = {law for law, pieces in laws if _is_different_law(law, pieces, book)}
    # a book in which a law the 2024 changes touched is a different law is older than 2024
    older = _rewritten_in_2024(book) if any(_changed_in_2024(book.get(str(law))) for law in different) else set()
    for law, pieces in laws:
        _place_law(law, pieces, book, law in different, older, official)
    return official, _report(official, book)


def _best_language(lines: list[str]) -> tuple[Language, list[Heading]]:
    results = [(lang, body_chain(law_headings(lines, lang), lines)) for lang in LANGUAGES]
    return max(results, key=lambda item: len(item[1]))


def _is_different_law(law: int, pieces: list[tuple[str, str]], book: LawBook) -> bool:
    """Whether the book's law of this number shares none of the library law's numbering (a 2017
    book's Law 89, "Rectification in Individual Events", against the 2024 Law 89 with its A–D)."""
    section = book.get(str(law))
    return bool(section is not None and section.children and not any(book.get(key) for key, _ in pieces[1:]))


def _changed_in_2024(section: Section | None) -> bool:
    return section is not None and any(note.kind == CHANGED_2024 for note in section.annotations)


def _rewritten_in_2024(book: LawBook) -> set[str]:
    """The sections the 2024 changes rewrote, with everything under them: those whose own note says
    so (a law's note sums up the whole law, most of which may be unchanged)."""
    return {inner.key for section in book.walk() if section.ref.section and _changed_in_2024(section)
            for inner in section.walk()}


def _place_law(law: int, pieces: list[tuple[str, str]], book: LawBook, different: bool, older: set[str],
               official: OfficialText) -> None:
    """Put each piece of one law under its section, or aside under the law (saying why).

    A law that is a different law is kept aside whole, and so is a piece of a book older than 2024
    where the 2024 changes rewrote the section: neither states the law the library teaches."""
    official.laws.append(law)
    aside = official.unplaced.setdefault(str(law), [])
    if different:
        text = " ".join(wording if key == str(law) else f"{key}: {wording}" for key, wording in pieces if wording)
        aside.append(f"{law} ({_DIFFERENT_LAW}): {text}")
        return
    for key, wording in pieces:
        if not wording:
            continue
        nearest = book.resolve(key)
        if nearest is not None and nearest.key in older:
            aside.append(f"{key} ({_OLDER}): {wording}")
        elif book.get(key) is not None:
            official.sections[key] = (official.sections.get(key, "") + " " + wording).strip()
        else:
            aside.append(f"{key}: {wording}")
    if not aside:
        del official.unplaced[str(law)]


def _with_footnotes(wording: str, cleaned: CleanBook) -> str:
    """The wording followed by the text of each footnote it refers to (``… deck¹ …\\n¹ A 'sorted deck' …``)."""
    notes = [f"{number.translate(SUPERSCRIPTS)} {cleaned.footnotes[number]}"
             for number in footnote_refs(wording) if number in cleaned.footnotes]
    return "\n".join([wording, *notes]) if notes else wording


# --- the report -----------------------------------------------------------------------


def _report(official: OfficialText, book: LawBook) -> ImportReport:
    """Figures for the user: which of the library's sections now show wording, which do not."""
    sections = list(book.walk())
    worded = {s.key for s in sections if official.wording(s.key)}
    missing = tuple(_missing(book.laws, worded))
    unplaced = tuple(entry.split(":")[0] for entries in official.unplaced.values() for entry in entries)
    return ImportReport(len(set(official.laws)), len(worded), len(sections), missing, unplaced)


def _missing(nodes: list[Section], worded: set[str]) -> list[str]:
    """The sections without wording, a section standing for its subsections when none has any."""
    found: list[str] = []
    for node in nodes:
        if node.key in worded:
            found.extend(_missing(node.children, worded))
        elif node.children and not any(s.key in worded for s in node.walk()):
            found.append(f"{node.key} (whole)")
        else:
            found.append(node.key)
            found.extend(_missing(node.children, worded))
    return found
