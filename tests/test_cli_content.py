"""`director-trainer law` and `search` answer from the real law library."""

import json
import re
from pathlib import Path

import pytest

from tests.cli_run import run

LAWS = Path(__file__).resolve().parents[1] / "content" / "laws" / "wbf-2017"
SECTION_HEADING = re.compile(r"^#{2,4} (\d+[A-H]\S*)(?: — (.*))?$")


def section_in_file(law: int, key: str) -> tuple[str, str, list[tuple[str, str]]]:
    """A section as its Markdown file writes it: title, text, and each annotation's heading and text."""
    lines = (LAWS / f"law-{law:02d}.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if (m := SECTION_HEADING.match(line)) and m.group(1) == key)
    end = next((i for i in range(start + 1, len(lines)) if SECTION_HEADING.match(lines[i])), len(lines))
    title = SECTION_HEADING.match(lines[start]).group(2)  # type: ignore[union-attr]
    parts: list[tuple[str, list[str]]] = [("", [])]
    for line in lines[start + 1 : end]:
        if line.startswith("#### "):
            parts.append((line.removeprefix("#### "), []))
        else:
            parts[-1][1].append(line)
    return title, " ".join(" ".join(parts[0][1]).split()), [(h, " ".join(" ".join(b).split())) for h, b in parts[1:]]


def test_law_prints_a_section_with_its_annotations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "27b1a")
    assert code == 0
    title, text, notes = section_in_file(27, "27B1(a)")
    heading = f"Law 27B1(a) — {title}"
    lines = out.splitlines()
    assert lines[:2] == [heading, "=" * len(heading)]
    assert [line.strip() for line in lines if line.startswith("  [")] == [f"[{h}]" for h, _ in notes]
    printed = " ".join(out.split())
    assert printed.startswith(f"{heading} {'=' * len(heading)} {text}")
    for note_heading, body in notes:  # each note's text follows its heading
        assert f"[{note_heading}] {body}" in printed
    assert notes, "27B1(a) has annotations to print"


def test_law_of_a_whole_law_includes_its_subsections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "64", "--json")
    data = json.loads(out)
    assert code == 0 and data["reference"] == "64"
    assert [s["reference"] for s in data["sections"]][:2] == ["64A", "64B"]


@pytest.mark.parametrize(("ref", "message"), [("99", "1 to 93"), ("27Q", "nearest section is Law 27"),
                                             ("27B9", "nearest"), ("Q", "not a law reference")])
def test_law_rejects_bad_references_with_exit_2(capsys: pytest.CaptureFixture[str], ref: str, message: str) -> None:
    code, _, err = run(capsys, "law", ref)
    assert code == 2 and message in err


def test_search_ranks_hits_and_marks_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "revoke established", "--json", "--limit", "5")
    hits = json.loads(out)
    assert code == 0 and len(hits) == 5
    # the laws whose titles say both words come first, a whole law before its sections, in the book's order
    assert [(h["kind"], h["key"]) for h in hits[:2]] == [("law", "63"), ("law", "64")]
    title, _, _ = section_in_file(63, "63A")  # and a section is titled as the law file names it
    assert ("law", "63A", f"Law 63A — {title}") in {(h["kind"], h["key"], h["title"]) for h in hits}
    assert {h["kind"] for h in hits} <= {"law", "glossary", "case", "edition"}
    assert all(h["title"] == f"Law {h['key']}" or h["title"].startswith(f"Law {h['key']} — ")
               for h in hits if h["kind"] == "law")  # a section's title follows a dash, when it has one


def test_search_by_code_and_a_typed_reference_into_another_code(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "search", "insufficient", "--edition", "wbf-1997", "--json", "--limit", "5")
    hits = json.loads(out)
    notes = [h for h in hits if h["kind"] == "edition"]
    assert notes and all(h["key"].startswith("wbf-1997/") and h["title"].startswith("1997: ") for h in notes)
    # besides the code's notes, only cases set under that code
    assert all(h["kind"] == "case" and "(1997 Laws)" in h["title"] for h in hits if h["kind"] != "edition")
    _, out, _ = run(capsys, "search", "2007 27B1", "--json", "--limit", "1")
    assert json.loads(out)[0]["key"] == "wbf-2007/27B1(a)"
    code, _, err = run(capsys, "search", "bid", "--edition", "wbf-2099")
    assert code == 2 and "invalid choice: 'wbf-2099'" in err


def test_search_with_a_reference_puts_that_section_first(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "search", "64a2", "--json")
    assert json.loads(out)[0]["key"] == "64A2"


def test_search_without_matches_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "xylophonequartz")
    assert (code, out) == (0, "No matches for 'xylophonequartz'.\n")


def test_search_with_a_typo_suggests_the_library_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "penalyt crad")
    assert (code, out) == (0, "No matches for 'penalyt crad'.\nDid you mean 'penalty card'?\n")


def test_check_reports_unresolved_references_in_laws_glossary_and_cases(
        tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    laws = tmp_path / "laws" / "wbf-2017"
    laws.mkdir(parents=True)
    (laws / "law-27.md").write_text("---\nlaw: 27\ntitle: T\n---\n\n# Law 27\n\nSee Law 27B9 and Law 16C.\n")
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "glossary.yaml").write_text('- term: Bid\n  definition: An offer.\n  laws: ["18A"]\n')
    (tmp_path / "topics.yaml").write_text("insufficient-bid: Insufficient bids\n")
    (tmp_path / "cases").mkdir()
    monkeypatch.setenv("DIRECTOR_TRAINER_CONTENT", str(tmp_path))
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert "law-27.md:8: Law 27B9 does not match" in out
    assert "law-27.md:8: Law 16C does not match" in out
    assert "glossary.yaml:1: Bid: Law 18A does not match" in out
