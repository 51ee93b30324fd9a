"""Which section a note belongs to: the bracketed reference in its heading, and the two checks that
catch a note about a wider section left under a last subsection (issue 26)."""

import shutil
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


def test_each_misplaced_or_badly_placed_note_is_reported_at_its_heading() -> None:
    found = problems_of(FIXTURE)
    where = [p.split(": ", 1)[0].rsplit(":", 1)[1] for p in found]
    assert sorted(where, key=int) == ["30", "34", "50", "54", "62"]
    by_line = {int(line): text for line, text in zip(where, found)}
    assert "the file's outline puts it under Law 12C1" in by_line[30]
    assert "'#### At the table (12C1)'" in by_line[30]
    assert "names Law 12C1(e) but nothing within Law 12C1(e)(ii)" in by_line[34]
    assert "'##### Changed from 2007 (12C1(e))'" in by_line[34]
    assert "(12C2)" in by_line[50] and "names no section above this note" in by_line[50]
    assert "names Law 16B1, which is not in this law" in by_line[54]
    assert "shallower than that of Law 12C1 (###), the section it belongs to" in by_line[62]


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


@pytest.mark.parametrize(("law", "heading"), [
    (12, "#### At the table (12C1)"),
    (12, "#### Changed from 2007 (12C1)"),
    (12, "#### Changed from 2007 (12C2)"),
    (30, "#### At the table (30B1)"),
    (68, "#### Note: How the WBF reads 68D2 (68D2)"),
    (10, "## Changed from 2007 (10)"),
    (5, "### Changed from 2007 (5)"),
])
def test_a_found_note_is_reported_again_once_its_brackets_are_removed(tmp_path: Path, law: int, heading: str) -> None:
    folder = tmp_path / "wbf-2017"
    shutil.copytree(LAWS, folder)
    path = folder / f"law-{law:02d}.md"
    text = path.read_text(encoding="utf-8")
    line = text.splitlines().index(heading) + 1
    path.write_text(text.replace(f"\n{heading}\n", f"\n{split_placement(heading)[0]}\n"), encoding="utf-8")
    found = problems_of(folder)
    assert found and all(f"law-{law:02d}.md:{line}: " in problem for problem in found)


def test_check_fails_on_a_misplaced_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    laws = tmp_path / "laws" / "wbf-2017"
    laws.mkdir(parents=True)
    (laws / "law-05.md").write_text(
        "---\nlaw: 5\ntitle: Assignment of Seats\n---\n\n# Law 5 — Assignment of Seats\n\nWhere players sit.\n\n"
        "## 5A — Initial position\n\nThe Director assigns it.\n\n## 5B — Change of direction or table\n\n"
        "Players move as instructed.\n\n### Changed from 2007\n\nLaw 5 is unchanged.\n", encoding="utf-8")
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "glossary.yaml").write_text("[]\n", encoding="utf-8")
    (tmp_path / "topics.yaml").write_text("seating: Seating\n", encoding="utf-8")
    (tmp_path / "cases").mkdir()
    monkeypatch.setenv("DIRECTOR_TRAINER_CONTENT", str(tmp_path))
    assert cli.main(["check"]) == 1
    out = capsys.readouterr().out
    assert "law-05.md:18: this note names Law 5 but nothing within Law 5B" in out
    assert "'### Changed from 2007 (5)'" in out
