"""Which section a note belongs to: the bracketed reference in its heading (issue 26)."""

from pathlib import Path

import pytest

from app import cli
from app.content.laws.law_book import check_book_references, load_law_book
from app.content.laws.placement import split_placement

ROOT = Path(__file__).resolve().parents[2]
LAWS = ROOT / "content" / "laws" / "wbf-2017"
FIXTURE = Path(__file__).parent / "fixtures" / "placement"


def problems_of(folder: Path) -> list[str]:
    book, problems = load_law_book(folder)
    return [str(p) for p in problems + check_book_references(book)]


@pytest.mark.parametrize(("heading", "expected"), [
    ("Changed from 2007 (20F4)", ("Changed from 2007", "20F4")),
    ("Example: A double shot (Law 12C1(e))", ("Example: A double shot", "12C1(e)")),
    ("At the table (12C1(e)(ii))", ("At the table", "12C1(e)(ii)")),
    ("Example: Pass (forcing)", ("Example: Pass (forcing)", "")),
    ("Example: 1NT (2D) over a double", ("Example: 1NT (2D) over a double", "")),
    ("Under 1997 (1997)", ("Under 1997 (1997)", "")),
])
def test_only_a_reference_in_brackets_at_the_very_end_places_a_note(heading: str, expected: tuple[str, str]) -> None:
    assert split_placement(heading) == expected


def test_a_note_goes_to_the_section_its_heading_names() -> None:
    book, _ = load_law_book(FIXTURE)
    assert [n.heading() for n in book.get("12C1").annotations] == ["Common mistakes", "Under 1997"]
    assert [n.heading() for n in book.get("12C1(e)").annotations] == ["Example: A double shot"]
    # Without brackets, or with brackets that name no section above, a note stays where it stands.
    assert [n.heading() for n in book.get("12C1(e)(ii)").annotations] == [
        "At the table", "Changed from 2007", "Note: A pointer", "Note: Ahead of itself", "Note: Another law"]
    assert [n.placed for n in book.get("12C1(e)(ii)").annotations] == [False, False, True, False, False]


def test_the_shipped_library_places_every_note() -> None:
    assert problems_of(LAWS) == []


def test_the_notes_issue_26_found_now_sit_on_their_sections() -> None:
    book, _ = load_law_book(LAWS)

    def notes(key: str) -> list[str]:
        return [n.heading() for n in book.get(key).annotations]

    assert notes("12C1(e)(ii)") == []
    assert {"At the table", "Common mistakes", "Changed from 2007", "Under 1997"} <= set(notes("12C1"))
    assert {"At the table", "Common mistakes", "Changed from 2007"} <= set(notes("12C2"))
    assert notes("12C2(d)") == ["Note: check local regulations"]
    assert notes("20F6") == []
    assert {"At the table: explanations", "Common mistakes", "Changed from 2007"} <= set(notes("20F"))
    assert "Changed from 2007" in notes("20F4")
    assert notes("30B1(b)(ii)") == ["Example: A non-comparable call and the one-turn bar"]
    assert notes("68D2(b)(ii)") == []
    assert notes("10C4") == ["Example: A barred partner"]


def test_the_law_command_shows_20F4s_change_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["law", "20F4"]) == 0
    printed = capsys.readouterr().out
    section = printed.split("Law 20F4(a)")[0]  # 20F4's own page, before its subsections
    assert "[Changed from 2007]" in section
    assert "the end of the Clarification Period" in section.split("[Changed from 2007]")[1]
