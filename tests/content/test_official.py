"""Importing the user's own copy of the official law text: real extraction layouts, a whole book, a PDF.

The fixtures are made-up words under the real numbering, laid out as real extractions lay out
the 2017 book: ``english-layout.txt`` as an ACBL text extraction (roman front-matter pages, a
contents list with its page numbers on lines of their own, items squeezed against their
numbers, footnotes at the foot of the page, a 2017 Law 89, an index with the publisher's price
and address), ``german-layout.txt`` as a German one saved in Windows-1252.
"""

import json
import random
import re
from pathlib import Path

import pytest

from app import cli
from app.content.laws.law_book import LawBook, Section, load_law_book
from app.content.official.importer import import_file, load, read_source, remove
from app.content.official.ligatures import Vocabulary, repair_words
from app.content.official.markers import split_sections
from app.content.official.sections import parse_law_book
from app.content.official.text import OfficialImportError, OfficialText

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "official"
WORD = re.compile(r"[^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹]+")


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
    # a two-line heading, a title run on into its first numbered item, lost ligatures mended
    assert official.sections["27"] == "INSUFFICIENT BID" and official.sections["1"] == "THE PACK"
    assert official.sections["27A"] == "Acceptance of Insufficient Bid"
    assert official.sections["27A1"].startswith("Any insufficient bid may be accepted")
    assert "offender makes" in official.sections["27B1(a)"]
    # a number glued to a word with no footnote printed for it is left as the book has it
    assert official.sections["26B"].endswith("what declarer may require1 of the leader.")
    assert official.sections["1B"] == "Card Faces Made-up text about faces."
    # the front matter: the Introduction and each defined term, the term as the book prints it
    assert official.sections["Introduction"].startswith("These made-up paragraphs")
    assert official.sections["Definitions: Auction"].endswith("runs on to the next line.")
    assert official.sections["Definitions: Bid"] == "Bid – an undertaking, in made-up words."
    # what has no place in the library is kept under its law, and said
    assert official.unplaced["27"][-1] == "27E: A made-up section this library does not have."
    assert report.unplaced == ("27A2(a)", "27E")
    assert report.summary().startswith(f"4 laws, {report.worded} of {sum(1 for _ in book.walk())} sections "
                                       "with official wording; left without wording: ")
    assert report.summary().endswith("; 2 kept unplaced (no such section in the library): 27A2(a), 27E")


def test_a_real_layout_is_placed_whole(book: LawBook) -> None:
    official, report = parse_law_book(read_source(FIXTURES / "english-layout.txt"), book, "acbl.txt")
    sections = official.sections
    # the front matter: the Introduction runs over a roman page number and stops at the next part
    assert sections["Introduction"] == ("These invented sentences stand where the book explains what the laws "
                                        "are for, and they run over a page break into the next page, where "
                                        "they end.")
    assert sections["Definitions: Honour"] == "Honor: a made-up list of high cards."  # the American spelling
    assert official.wording("Definitions").splitlines()[0] == "Alert: a made-up notice that runs on to a second line."
    # items squeezed against their numbers, run on inside a paragraph, romans with a dot
    assert "9B1" not in sections and sections["9B1(a)"] == "Invented text squeezed against its number."
    assert official.wording("9B1") == ("(a) Invented text squeezed against its number. (b) Invented text. "
                                       "(c) Invented text. (d) Invented text about the offender, whose "
                                       "ligature was lost, and an insufficient bid.")
    assert sections["12C1(e)"] == "Invented, then:"
    assert sections["12C1(e)(ii)"] == "Invented roman two."
    assert sections["16A1"] == "Someone may do invented things if:"
    assert sections["16A1(a)"] == "it is invented; or"
    assert sections["16A2"] == "Invented text squeezed against its number."
    # a cross-reference to an item is not the item
    assert sections["12C2(a)"] == "Invented text that cites (d) below and is not cut there."
    assert sections["50D1(a)"] == "Except as provided in (b) below, invented text."
    assert sections["50D1(b)"] == "Invented text that the cross-reference above must not steal."
    # footnotes: out of the running text, each shown with the section that refers to it
    assert sections["9C"] == "Premature Correction Invented text running on from the foot of the last page."
    assert sections["9B2"] == ("Invented text with a footnote mark that was glued on¹.\n"
                               "¹ A made-up footnote printed at the foot of a page.")
    assert sections["12C3"].endswith("text³ with a footnote whose text runs over two lines.\n"
                                     "³ A made-up footnote in two lines.")
    assert sections["12C4"].endswith("\n⁴ A made-up footnote sharing its line.")
    # the numbers of a table are not page numbers; the page numbers are
    assert sections["77"] == ("DUPLICATE BRIDGE SCORING TABLE Invented scores for each odd trick: Undoubled 20 30 "
                              "Doubled 40 60 The numbers in this table are not page numbers.")
    # a law of a few words is a law: 89 is not swallowed by 88 ...
    assert sections["88"] == "AWARD OF INDEMNITY POINTS See Law 12C2."
    # ... but the 2017 Law 89 is not the 2024 one: kept aside, and with it the 2017 wording of the
    # sections the 2024 changes rewrote
    assert "89" not in sections and official.unplaced["89"] == [
        "89 (a different law in your book): RECTIFICATION IN INDIVIDUAL EVENTS See Law 12C3."]
    assert {"73A2", "73B", "73C", "73C1"}.isdisjoint(sections) and sections["73D1"] == "Invented."
    # the index, the price and the address are not the last law's text
    assert sections["93C3(b)"] == ("Invented text that ends the last law.⁵\n⁵ A made-up footnote on the last law.")
    assert not any(word in text for text in sections.values() for word in ("Index", "$9.95", "Made-up Street"))
    assert official.laws == [1, 9, 12, 16, 50, 73, 77, 88, 89, 93]
    summary = report.summary()
    assert summary.startswith(f"10 laws, {report.worded} of 906 sections with official wording; left without "
                              "wording: Definitions: Adjusted Score, ")
    assert {"73A2", "73B", "73C (whole)", "73D3", "89 (whole)"} <= set(report.missing)
    assert summary.endswith("; kept aside (your book's wording is older than 2024): 73A2, 73B, 73B1, 73B2, 73C, "
                            "73C1, 73C2; kept aside (a different law in your book): 89")


def test_without_an_index_heading_the_publisher_s_lines_still_end_the_last_law(book: LawBook) -> None:
    text = read_source(FIXTURES / "english-layout.txt").replace("Index to Duplicate Laws\nCompiled by nobody, "
                                                                "for the test.\nAdjusted Score 12A, 12C\n"
                                                                "Appeal 92, 93C3(b)\n", "")
    official, _ = parse_law_book(text, book, "acbl.txt")
    assert official.sections["93C3(b)"].startswith("Invented text that ends the last law.⁵")
    assert "$9.95" not in official.sections["93C3(b)"]


def test_a_german_book_comes_out_as_it_went_in(book: LawBook) -> None:
    source = read_source(FIXTURES / "german-layout.txt")  # Windows-1252, with a € sign
    official, report = parse_law_book(source, book, "regeln.txt")
    sections = official.sections
    assert official.language == "de" and official.laws == [23, 27, 93] and report.laws == 3
    # no word is changed into one the book does not have (never into an English one)
    written = " ".join([*sections.values(), *(e for entries in official.unplaced.values() for e in entries)])
    assert set(WORD.findall(written)) <= set(WORD.findall(source))
    assert sections["23A"] == ("Definition Eine erfundene Erklärung mit einer Eröffnung und dem Turnierleiter, "
                               "wenn sie:")
    # an abbreviation's letter is not a section; an ordinal is not an item; "oder 2." is one
    assert sections["23A2"] == "erfundener Text, d. h. ein Beispiel; oder"
    assert sections["23A3"] == "erfundener Text (z. B. eine Frage) mit einer Eröffnung und einem Tre er."
    assert sections["23B"] == "keine Korrektur Erfundener Text über die nicht-schuldige Seite."
    assert sections["27A1"] == "Erfundene Erklärung, gültig ab dem 1. Januar eines Jahres."
    # mended only where certain: a lost ligature and a line-end hyphen as the book spells the word
    # elsewhere; a fragment the book never shows whole stays as it is
    assert sections["23C"] == ("nicht-schuldige Seite geschädigt Erfundener Text, den der Turnierleiter prüft, "
                               "für die nicht-schuldige Seite.")
    assert sections["27A2"] == "Erfundener Text mit a ect als Wortrest."
    # a title ending in a lower-case word before its first item; a footnote numbered by law
    assert sections["27B"] == "Ungenügendes Gebot nicht angenommen"
    assert sections["27B1(a)"] == "Erfundener Text zum Gebot²⁷·¹ hier.\n²⁷·¹ Eine erfundene Fußnote am Fuß der Seite."
    # the index, the price and the address are not Law 93's text
    assert sections["93C3(b)"] == "Erfundener Text, mit dem die letzte Regel endet."
    assert not any("€" in text or "Stichwort" in text for text in sections.values())


def test_stray_markers_inside_a_sentence_are_left_in_the_text() -> None:
    parts = dict(split_sections(40, "A. Title text that cites Law 12C1(e) and item (b) here. 1. First (a) one. (b) two. "
                                    "(i) roman one. (ii) roman two. (c) three. B. Next"))
    assert parts["40A"] == "Title text that cites Law 12C1(e) and item (b) here."
    assert parts["40A1(b)"] == "two."
    assert parts["40A1(b)(ii)"] == "roman two."
    assert parts["40A1(c)"] == "three."
    assert parts["40B"] == "Next"
    german = dict(split_sections(24, "A. Titel Ein Satz (siehe aber unten Punkt E.) und ein Beispiel, z. B. eine "
                                     "Frage. 1. Erster Punkt, gültig ab dem 2. Januar; oder\n2. zweiter Punkt."))
    assert german["24A"] == "Titel Ein Satz (siehe aber unten Punkt E.) und ein Beispiel, z. B. eine Frage."
    assert german["24A1"] == "Erster Punkt, gültig ab dem 2. Januar; oder"
    assert german["24A2"] == "zweiter Punkt." and "24B" not in german


def test_lost_ligatures_are_mended_only_when_certain() -> None:
    english = Vocabulary(frozenset(), frozenset({"insufficient", "offender", "in", "ate", "inflate", "a", "bid",
                                                 "ruffing", "staff"}))
    assert repair_words("an Insu cient bid by the o ender's partner", english) == \
        "an Insufficient bid by the offender's partner"
    assert repair_words("Insucient", english) == "Insufficient"  # the ligature lost without a space
    assert repair_words("they ate in ate", english) == "they ate in ate"  # two words as they stand
    # a German word is never "mended" into an English one, whatever the vocabulary holds
    assert repair_words("Die Erklärung gilt.", english) == "Die Erklärung gilt."
    german = Vocabulary(frozenset({"eröffnung", "die"}))
    assert repair_words("die Erö nung und ein Tre er", german) == "die Eröffnung und ein Tre er"
    ambiguous = Vocabulary(frozenset(), frozenset({"baffle", "bafile"}))
    assert repair_words("ba le", ambiguous) == "ba le"  # two ligatures would make a word: not certain


def test_a_section_whose_text_is_in_its_subsections_shows_them() -> None:
    official = OfficialText("book.txt", "2025-01-01", "en", sections={
        "9B": "After Attention", "9B1(a)": "First.", "9B1(b)": "Second.", "9B2": "Own text.",
        "Definitions: Bid": "Bid: a bid.", "Definitions: Call": "Call: a call."})
    assert official.wording("9B1") == "(a) First. (b) Second."
    assert official.wording("9B") == "After Attention"  # its own wording comes first, alone
    assert official.wording("Definitions") == "Bid: a bid.\nCall: a call."
    assert official.wording("9C") is None


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
    assert report.worded >= 0.95 * report.total
    assert official.sections["27B1(a)"] == "Lowest sufficient bid showing the same denomination(s) text of 27B1(a)."
    # a book with the 2024 Law 89 is not older than 2024: Laws 73 and 89 are placed like any other
    assert {"73A2", "73C1", "89A1", "89D3"} <= set(official.sections) and not official.unplaced.get("89")


def test_import_keeps_the_copy_in_the_user_folder_and_replaces_and_removes_it(book: LawBook, tmp_path: Path) -> None:
    source = tmp_path / "book.txt"
    source.write_text(_extraction_of(book, seed=3), encoding="utf-8")
    folder = tmp_path / "user"
    first = import_file(source, book, folder)
    assert first.laws == 93 and load(folder).source == "book.txt"
    source.write_bytes((FIXTURES / "english-extraction.txt").read_bytes())
    second = import_file(source, book, folder)
    assert second.laws == 4 and load(folder).laws == [1, 26, 27, 93]  # replaced, not merged
    assert remove(folder) and load(folder) is None and not remove(folder)


def test_the_command_reports_what_was_left_without_wording(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert cli.main(["import-laws", str(FIXTURES / "english-layout.txt"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["laws"] == 10 and report["total"] == 906
    assert "89 (whole)" in report["missing"] and "89 (a different law in your book)" in report["unplaced"]
    assert cli.main(["import-laws", str(FIXTURES / "english-layout.txt")]) == 0
    assert capsys.readouterr().out.startswith(f"10 laws, {report['worded']} of 906 sections with official wording")
    assert cli.main(["import-laws", "--remove"]) == 0
    assert capsys.readouterr().out.strip() == "removed the imported official text"


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


def test_latin1_german_headings_are_read(book: LawBook) -> None:
    official, report = parse_law_book(read_source(FIXTURES / "german-latin1.txt"), book, "regeln.txt")
    assert official.language == "de"
    assert official.laws == [27, 28]
    assert official.sections["27A"] == "Annahme eines ungenügenden Gebots"
    assert official.sections["27B1(b)"] == "Erfundener Text."
    assert report.laws == 2


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
