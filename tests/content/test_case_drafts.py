"""The case editor's "expect from the engine": every conclusion the engine reaches, written as a case file
writes it, must load and pass ``check`` (a list of suits is a list, not the engine's text)."""

from pathlib import Path

import pytest

from app.content.cases.checks import check_case
from app.content.cases.drafts import engine_expect
from app.content.cases.loader import read_case
from app.content.cases.writer import case_data, dump_case

CASES = Path(__file__).resolve().parents[1] / "cases_engine"
FILES = sorted(CASES.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_engines_expect_block_passes_check(path: Path, tmp_path: Path) -> None:
    case, _ = read_case(path)
    assert case is not None
    data = case_data(case)
    data["expect"] = engine_expect(case)
    copy = tmp_path / path.name
    copy.write_text(dump_case(data), encoding="utf-8")
    again, problems = read_case(copy)
    assert again is not None, [str(p) for p in problems]
    assert [str(p) for p in check_case(again)] == []


def test_suits_are_written_as_a_list() -> None:
    case, _ = read_case(CASES / "lead-restriction-suits-double.yaml")
    assert case is not None
    assert engine_expect(case)["lead_restriction_suits"] == ["D", "C"]
