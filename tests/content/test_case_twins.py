"""Cases under an older code: no engine expect block, and twins that link the same table across codes."""

from pathlib import Path

from app.content.library import load_library, twin_problems
from tests.content.test_cases import EXAMPLE, _write

ROOT = Path(__file__).resolve().parents[2]


def _older(tmp_path: Path, name: str, extra: str = "", with_expect: bool = False) -> Path:
    path = _write(tmp_path, {"edition: wbf-2017": "edition: wbf-2007", "id: insufficient-bid-over-one-spade": f"id: {name}"},
                  name=name)
    text = path.read_text()
    if not with_expect:
        text = text[: text.index("expect:")]
    path.write_text(text + extra)
    return path


def test_an_older_code_case_may_not_carry_an_engine_expect_block(tmp_path: Path) -> None:
    from app.content.cases.loader import read_case

    path = _older(tmp_path, "old-with-expect", with_expect=True)
    case, problems = read_case(path, topics=None)
    assert case is None
    assert any("applies the 2017 Laws; a wbf-2007 case states its ruling" in str(p) for p in problems)
    fine, problems = read_case(_older(tmp_path, "old-case"), topics=None)
    assert problems == [] and fine is not None and fine.edition == "wbf-2007"


def test_twins_are_found_both_ways_and_bad_twins_are_reported(tmp_path: Path) -> None:
    from app.content.cases.loader import load_cases

    _older(tmp_path, "old-case", extra="twin: insufficient-bid-over-one-spade\n")
    (tmp_path / EXAMPLE.name).write_text(EXAMPLE.read_text())
    _older(tmp_path, "old-orphan", extra="twin: no-such-case\n")
    _older(tmp_path, "old-same-code", extra="twin: old-case\n")
    cases, problems = load_cases([tmp_path])
    assert problems == []
    text = [str(p) for p in twin_problems(cases)]
    assert any("old-orphan.yaml" in t and "twin 'no-such-case' is not a case in the library" in t for t in text)
    assert any("old-same-code.yaml" in t and "is set under the same code (wbf-2007)" in t for t in text)
    assert not any("old-case.yaml" in t for t in text)
    library = load_library(ROOT / "content", case_paths=[tmp_path])
    modern = library.case("insufficient-bid-over-one-spade")
    assert [c.id for c in library.twins(modern)] == ["old-case"]
    assert [c.id for c in library.twins(library.case("old-case"))] == ["insufficient-bid-over-one-spade", "old-same-code"]
    # an older-code case is not listed on the 2017 page its law numbers happen to match
    assert "old-case" not in [c.id for c in library.cases_citing("27")]
