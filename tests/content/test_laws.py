"""The law file loader builds the tree from references and reports every mistake with its line."""

from pathlib import Path

from app.content.laws.glossary import load_glossary
from app.content.laws.law_book import check_book_references, load_law_book
from app.content.laws.search import HIGHLIGHT_START, SearchIndex, glossary_documents, law_documents

FIXTURES = Path(__file__).parent / "fixtures"


def _book():
    return load_law_book(FIXTURES / "laws", "wbf-2017")


def test_sections_hang_under_their_parents_by_reference() -> None:
    book, _ = _book()
    law27 = book.get("27")
    assert law27 is not None and law27.title == "Insufficient Bid"
    assert [c.key for c in law27.children] == ["27A", "27B"]
    assert [c.key for c in book.get("27B").children] == ["27B1"]
    assert book.get("27b1a").summary.startswith("Lowest sufficient bid")
    assert [s.key for s in book.walk()][:4] == ["26", "26B1", "27", "27A"]


def test_annotations_attach_to_the_section_above() -> None:
    book, _ = _book()
    notes = book.get("27A1").annotations
    assert [n.kind for n in notes] == ["At the table", "Common mistakes"]
    example = book.get("27B1(a)").annotations[0]
    assert (example.kind, example.title) == ("Example", "One diamond over one spade")


def test_problems_name_file_line_and_fix() -> None:
    _, problems = _book()
    text = [str(p) for p in problems]
    assert any("law-26.md:10: Law 26B1 needs a heading for Law 26B above it" in t for t in text)
    assert any("law-26.md:14:" in t and "neither a law reference" in t for t in text)


def test_resolve_falls_back_to_the_nearest_existing_section() -> None:
    book, _ = _book()
    assert book.get("27B2") is None
    assert book.resolve("27B2").key == "27B"


def test_unresolved_references_are_reported_with_their_line() -> None:
    book, _ = _book()
    problems = [str(p) for p in check_book_references(book)]
    # "Law 99" is not a reference (no such law); 27Z is not a section shape; calls are not laws.
    assert any("law-27.md:24: Law 16C does not match" in p for p in problems)
    assert any("law-26.md:12: Law 26B does not match" in p for p in problems)
    assert not any("2D" in p or "4H" in p for p in problems)


def test_glossary_reports_duplicates_and_missing_terms_and_keeps_the_rest() -> None:
    glossary, problems = load_glossary(FIXTURES / "glossary.yaml")
    assert [e.term for e in glossary.entries] == ["Alert", "Penalty card", "Major penalty card"]
    assert glossary.lookup("ALERTED").term == "Alert"
    text = [str(p) for p in problems]
    assert any(":12: 'Alert' is defined twice (first at line 1)" in t for t in text)
    assert any(":14: an entry without term:" in t for t in text)
    pattern = glossary.pattern()
    assert pattern.search("a major penalty card").group(0) == "major penalty card"


def test_search_ranks_titles_and_finds_prefixes() -> None:
    book, _ = _book()
    glossary, _ = load_glossary(FIXTURES / "glossary.yaml")
    index = SearchIndex([*law_documents(book), *glossary_documents(glossary)], book)
    hits = index.query("penalty car")
    assert hits[0].kind == "glossary" and hits[0].key in {"Penalty card", "Major penalty card"}
    assert HIGHLIGHT_START in hits[0].snippet
    assert index.query("27b1a")[0].key == "27B1(a)"
    assert index.query('"AND (NEAR') == []  # operators typed by a user are words, not syntax
    assert index.query("sufficient", kinds=("glossary",)) == []


def test_laws_are_grouped_by_part() -> None:
    from app.content.laws.law_book import parts

    book, _ = _book()
    grouped = dict(parts(book))
    assert [law.key for law in grouped["The auction (Laws 17–39)"]] == ["26", "27"]
    assert grouped["The play (Laws 40–71)"] == []
