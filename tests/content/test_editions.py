"""Other codes' "what differs" notes: loading, the mapping both ways, typed references and search by edition."""

from pathlib import Path

from app.content.laws.editions import edition_of_words, load_editions
from app.content.laws.law_book import load_law_book
from app.content.laws.refs import parse_ref
from app.content.laws.search import SearchIndex, edition_documents, law_documents

FIXTURES = Path(__file__).parent / "fixtures"

WBF_2007 = """\
name: The 2007 Laws
short: "2007"
about: The code in force from 2008 to 2017.
notes:
  - ref: "27"
    title: Insufficient bid
    maps_to: ["27"]
    status: differs
    source: "003: Law 27"
    text: The 2007 law had no comparable-call test; a replacement in another denomination barred partner.
  - ref: "27B1"
    title: Corrections that let the auction go on
    maps_to: ["27B1(a)"]
    status: differs
    source: "003: Law 27B1"
    text: Only the lowest sufficient bid in the same denomination avoided a bar, and only when both bids were natural.
"""

IBL = """\
name: The IBL proposal
short: IBL
about: A private proposal for a reformed code.
notes:
  - ref: L25C2
    title: Insufficient bid
    maps_to: ["27", "25"]
    status: differs
    source: "002: L25C2"
    text: The proposal folds the insufficient bid into its law on changes of call.
"""


def _write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def test_a_section_finds_its_own_note_or_its_laws(tmp_path: Path) -> None:
    _write(tmp_path, "wbf-2007", WBF_2007)
    _write(tmp_path, "ibl", IBL)
    editions, problems = load_editions(tmp_path)
    assert problems == []
    assert list(editions.editions) == ["wbf-2007", "ibl"]
    found = editions.counterparts(parse_ref("27B1(a)"))
    assert [n.key for n in found["wbf-2007"]] == ["wbf-2007/27B1"]
    assert [n.key for n in found["ibl"]] == ["ibl/L25C2"]  # through Law 27, its ancestor
    # 27A has no note of its own in 2007, so the note on the whole law speaks for it
    assert [n.key for n in editions.counterparts(parse_ref("27A"))["wbf-2007"]] == ["wbf-2007/27"]
    assert editions.counterparts(parse_ref("16B"))["wbf-2007"] == []


def test_typed_references_name_an_edition_and_fall_back_to_the_parent(tmp_path: Path) -> None:
    _write(tmp_path, "wbf-2007", WBF_2007)
    _write(tmp_path, "ibl", IBL)
    editions, _ = load_editions(tmp_path)
    assert edition_of_words("2007 27B") == ("wbf-2007", "27B")
    assert edition_of_words("ibl L12") == ("ibl", "L12")
    assert edition_of_words("27B") == (None, "27B")
    assert editions.find("wbf-2007", "27b1").key == "wbf-2007/27B1"
    assert editions.find("wbf-2007", "27B1(a)").key == "wbf-2007/27B1"
    assert editions.find("wbf-2007", "27C").key == "wbf-2007/27"
    assert editions.find("ibl", "L25C2(b)").key == "ibl/L25C2"
    assert editions.find("ibl", "L12") is None
    assert editions.find("wbf-2007", "27B").key == "wbf-2007/27B1"  # its first subsection with a note
    assert editions.find("ibl", "L25").key == "ibl/L25C2"


def test_mistakes_are_reported_at_their_line_and_the_rest_loads(tmp_path: Path) -> None:
    broken = WBF_2007 + """\
  - ref: "27Z"
    maps_to: ["27"]
    status: differs
    source: "003"
    text: x
  - ref: "28"
    maps_to: ["28"]
    status: maybe
    source: "003"
    text: x
  - ref: "29"
    maps_to: []
    status: same
    source: "003"
    text: x
  - ref: "27"
    maps_to: ["27"]
    status: same
    source: "003"
    text: again
"""
    _write(tmp_path, "wbf-2007", broken)
    _write(tmp_path, "wbf-2099", IBL)
    editions, problems = load_editions(tmp_path)
    text = [str(p) for p in problems]
    assert any("wbf-2007.yaml:17:" in t and "'27Z' is not a section" in t for t in text)
    assert any("wbf-2007.yaml:24:" in t and "status 'maybe'" in t for t in text)
    assert any("wbf-2007.yaml:28:" in t and "maps_to must list" in t for t in text)
    assert any("wbf-2007.yaml:32:" in t and "a second note for 27 (the first is at line 5)" in t for t in text)
    assert any("wbf-2099.yaml:1:" in t and "unknown edition" in t for t in text)
    assert [n.key for n in editions.notes] == ["wbf-2007/27", "wbf-2007/27B1"]


def test_search_filters_by_edition_and_jumps_to_a_typed_edition_reference(tmp_path: Path) -> None:
    _write(tmp_path, "wbf-2007", WBF_2007)
    editions, _ = load_editions(tmp_path)
    book, _ = load_law_book(FIXTURES / "laws", "wbf-2017")
    index = SearchIndex([*law_documents(book), *edition_documents(editions)], book, editions)
    everything = {(h.kind, h.key) for h in index.query("insufficient")}
    assert ("edition", "wbf-2007/27") in everything and ("law", "27") in everything
    only_2007 = index.query("insufficient", edition="wbf-2007")
    assert only_2007 and {h.edition for h in only_2007} == {"wbf-2007"}
    assert {h.edition for h in index.query("insufficient", edition="wbf-2017")} == {"wbf-2017"}
    jump = index.query("2007 27B1")[0]
    assert (jump.kind, jump.key) == ("edition", "wbf-2007/27B1")
    assert jump.title == "2007: Law 27B1 — Corrections that let the auction go on"
    assert index.query("27b1a")[0].key == "27B1(a)"


def test_shipped_notes_state_facts_without_naming_source_documents() -> None:
    import re

    root = Path(__file__).resolve().parents[2] / "content" / "editions"
    editions, problems = load_editions(root)
    assert problems == []
    assert set(editions.editions) == {"wbf-2007", "wbf-1997", "okbridge-1997", "ibl"}
    named = [n.key for n in editions.notes if re.search(r"\b00[0-4]\b|the (course )?notes\b|the sources\b", n.text)]
    assert named == []


def test_switching_codes_opens_the_counterpart_else_the_nearest_law_with_a_note(tmp_path: Path) -> None:
    _write(tmp_path, "wbf-2007", WBF_2007)
    _write(tmp_path, "ibl", IBL)
    editions, _ = load_editions(tmp_path)
    assert editions.nearest("wbf-2007", parse_ref("27B1(a)")).key == "wbf-2007/27B1"  # its own note
    assert editions.nearest("wbf-2007", parse_ref("27C")).key == "wbf-2007/27"  # the note on its law
    assert editions.nearest("wbf-2007", parse_ref("29B")).key == "wbf-2007/27"  # no note on Law 29: the nearest law's
    assert editions.nearest("ibl", parse_ref("26A")).key == "ibl/L25C2"  # maps_to 25 and 27: one law away
    assert editions.nearest("wbf-1997", parse_ref("27")) is None  # a code without notes has no page to open
