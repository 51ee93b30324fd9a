"""`director-trainer law` and `search` answer from the real law library."""

import json

import pytest

from app import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_law_prints_a_section_with_its_annotations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "27b1a")
    assert code == 0
    assert out.startswith("Law 27B1(a)")
    assert "[" in out and "]" in out  # annotations are printed with their kind


def test_law_of_a_whole_law_includes_its_subsections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "law", "64", "--json")
    data = json.loads(out)
    assert code == 0 and data["reference"] == "64"
    assert [s["reference"] for s in data["sections"]][:2] == ["64A", "64B"]


@pytest.mark.parametrize(("ref", "message"), [("99", "1 to 93"), ("27Q", "not a law reference"), ("27B9", "nearest")])
def test_law_rejects_bad_references_with_exit_2(capsys: pytest.CaptureFixture[str], ref: str, message: str) -> None:
    code, _, err = run(capsys, "law", ref)
    assert code == 2 and message in err


def test_search_ranks_hits_and_marks_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "revoke established", "--json", "--limit", "5")
    hits = json.loads(out)
    assert code == 0 and 1 <= len(hits) <= 5
    assert any(h["key"].startswith("63") for h in hits)


def test_search_with_a_reference_puts_that_section_first(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "search", "64a2", "--json")
    assert json.loads(out)[0]["key"] == "64A2"


def test_search_without_matches_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "xylophonequartz")
    assert code == 0 and "No matches" in out
