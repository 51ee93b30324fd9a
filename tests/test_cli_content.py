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
