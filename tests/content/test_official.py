"""Importing the user's own copy of the official law text: real extraction quirks, a whole book, a PDF."""

import random
from pathlib import Path

import pytest

from app.content.laws.law_book import LawBook, Section, load_law_book
from app.content.official.importer import import_file, load, read_source, remove
from app.content.official.sections import parse_law_book, split_sections
from app.content.official.text import OfficialImportError

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "official"


@pytest.fixture(scope="module")
def book() -> LawBook:
    loaded, _ = load_law_book(ROOT / "content" / "laws" / "wbf-2017")
    return loaded


def test_an_untidy_extraction_is_placed_section_by_section(book: LawBook) -> None:
    official, report = parse_law_book(read_source(FIXTURES / "english-extraction.txt"), book, "book.txt")
    # contents page, running headers, page numbers and the index are not mistaken for law text
    assert official.laws == [1, 26, 27, 93]
    assert "INDEX" not in official.sections["93C"] and "Acceptance, of" not in official.sections["93C"]
    assert "THE LAWS OF DUPLICATE BRIDGE" not in " ".join(official.sections.values())
    # a two-line heading, a title run on into its first numbered item, ligatures and footnotes mended
    assert official.sections["27A"] == "Acceptance of Insufficient Bid"
    assert official.sections["27A1"].startswith("Any insufficient bid may be accepted")
    assert "offender makes" in official.sections["27B1(a)"]
    assert official.sections["26B"].endswith("what declarer may require of the leader.")
    assert official.sections["1B"] == "Card Faces Made-up text about faces."
    # the front matter: the Introduction and each defined term
    assert official.sections["Introduction"].startswith("These made-up paragraphs")
    assert official.sections["Definitions: Auction"].endswith("runs on to the next line.")
    assert official.sections["Definitions: Bid"] == "an undertaking, in made-up words."
    # what has no place in the library is kept under its law, and said
    assert official.unplaced["27"][-1] == "27E: A made-up section this library does not have."
    assert report.unplaced == ("27A2(a)", "27E")
    assert report.summary().startswith(f"4 laws, {report.matched} of {sum(1 for _ in book.walk())} sections matched; "
                                       "2 kept unplaced: 27A2(a), 27E")


def test_a_stray_marker_inside_a_sentence_is_left_in_the_text() -> None:
    parts = dict(split_sections(40, "A. Title text that cites Law 12C1(e) and item (b) here. 1. First (a) one. (b) two. "
                                    "(i) roman one. (ii) roman two. (c) three. B. Next"))
    assert parts["40A"] == "Title text that cites Law 12C1(e) and item (b) here."
    assert parts["40A1(b)"] == "two."
    assert parts["40A1(b)(ii)"] == "roman two."
    assert parts["40A1(c)"] == "three."
    assert parts["40B"] == "Next"


def test_latin1_german_headings_are_read(book: LawBook) -> None:
    official, report = parse_law_book(read_source(FIXTURES / "german-latin1.txt"), book, "regeln.txt")
    assert official.language == "de"
    assert official.laws == [27, 28]
    assert official.sections["27A"] == "Annahme eines ungenügenden Gebots"
    assert official.sections["27B1(b)"] == "Erfundener Text."
    assert report.laws == 2


def _extraction_of(book: LawBook, seed: int) -> str:
    """A whole book in the layout of a real extraction: contents, page numbers, headers, two-line and
    dashed headings, titles run on into their text, an index, made-up words under the real numbering."""
    rng = random.Random(seed)
    lines = ["THE LAWS OF DUPLICATE BRIDGE", "CONTENTS"]
    lines += [f"LAW {law.ref.law} - {law.title.upper()} {'.' * 20} {law.ref.law + 6}" for law in book.laws if law.ref.law]
    body: list[str] = ["INTRODUCTION", "Made-up introduction text.", "DEFINITIONS"]
    body += [f"{s.ref.term} - made-up definition of {s.ref.term.lower()}." for s in book.walk() if s.ref.term]

    def section_text(section: Section, depth: int) -> str:
        marker = {1: f"{section.ref.section}.", 2: f"{section.ref.number}.", 3: f"({section.ref.letter})",
                  4: f"({section.ref.roman})"}[depth]
        words = f"{marker} {section.title or 'Made-up'} text of {section.key}."
        return " ".join([words, *(section_text(c, depth + 1) for c in section.children)])

    for law in (s for s in book.laws if s.ref.law):
        if rng.random() < 0.5:
            body += [f"LAW {law.ref.law}", law.title.upper()]
        else:
            body.append(f"LAW {law.ref.law} – {law.title.upper()}")
        text = " ".join([f"Made-up opening of Law {law.ref.law}.", *(section_text(c, 1) for c in law.children)])
        words = text.split()
        while words:  # wrap at a random width, as a PDF's lines fall
            width = rng.randint(8, 16)
            body.append(" ".join(words[:width]))
            words = words[width:]
    paged: list[str] = []
    for start in range(0, len(body), 40):
        paged += body[start:start + 40] + ["", "THE LAWS OF DUPLICATE BRIDGE", str(start // 40 + 1), "\f"]
    return "\n".join(lines + ["\f"] + paged + ["INDEX", "Acceptance, 27A", "Zero, 1"])


def test_a_whole_book_places_every_law_and_nearly_every_section(book: LawBook) -> None:
    official, report = parse_law_book(_extraction_of(book, seed=7), book, "whole.txt")
    assert sorted(set(official.laws)) == list(range(1, 94))
    assert report.laws == 93
    assert report.matched >= 0.95 * report.total
    assert official.sections["27B1(a)"] == "Lowest sufficient bid showing the same denomination(s) text of 27B1(a)."


def test_import_keeps_the_copy_in_the_user_folder_and_replaces_and_removes_it(book: LawBook, tmp_path: Path) -> None:
    source = tmp_path / "book.txt"
    source.write_text(_extraction_of(book, seed=3), encoding="utf-8")
    folder = tmp_path / "user"
    first = import_file(source, book, folder)
    assert first.laws == 93 and load(folder).source == "book.txt"
    (FIXTURES / "english-extraction.txt").read_bytes()
    source.write_bytes((FIXTURES / "english-extraction.txt").read_bytes())
    second = import_file(source, book, folder)
    assert second.laws == 4 and load(folder).laws == [1, 26, 27, 93]  # replaced, not merged
    assert remove(folder) and load(folder) is None and not remove(folder)


def test_a_file_that_is_not_a_law_book_gets_a_clear_message(book: LawBook, tmp_path: Path) -> None:
    other = tmp_path / "letter.txt"
    other.write_text("Dear club members,\nthe bar opens at seven.\n", encoding="utf-8")
    with pytest.raises(OfficialImportError, match="letter.txt: no law headings found"):
        parse_law_book(read_source(other), book, "letter.txt")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not really a pdf")
    with pytest.raises(OfficialImportError, match="broken.pdf: not a readable PDF"):
        read_source(broken)
    with pytest.raises(OfficialImportError, match="cannot be read"):
        read_source(tmp_path / "missing.pdf")


def test_a_pdf_is_read_page_by_page(book: LawBook, tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

    pdf = tmp_path / "laws.pdf"
    writer = QPdfWriter(str(pdf))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    document = QTextDocument()
    lines = (FIXTURES / "english-extraction.txt").read_text(encoding="utf-8").splitlines()
    document.setPlainText("\n".join(lines))
    document.print_(writer)
    del writer
    official, report = parse_law_book(read_source(pdf), book, "laws.pdf")
    assert official.laws == [1, 26, 27, 93]
    assert official.sections["27B1(b)"] == "Made-up text for a comparable call."
