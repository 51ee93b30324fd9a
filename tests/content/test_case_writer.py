"""The case writer: every case in the library reads back the same after it is written out."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from app.content.cases.model import Case
from app.content.cases.writer import case_data, dump_case
from app.content.cases.loader import case_files, read_case
from app.content.library import default_content_root

CASE_FILES = case_files([default_content_root() / "cases"])


def meaning(case: Case) -> dict[str, Any]:
    """What a case says, without the lines and the path that depend on how the file is laid out."""
    fields = {f.name: getattr(case, f.name) for f in dataclasses.fields(case)}
    del fields["path"], fields["expect_line"]
    fields["questions"] = [dataclasses.replace(q, line=0) for q in case.questions]
    fields["events"] = [dataclasses.replace(e, line=0) for e in case.events]
    fields["solver"] = [dataclasses.replace(c, line=0) for c in case.solver]
    return fields


def test_the_library_has_cases_to_round_trip() -> None:
    assert len(CASE_FILES) >= 80


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_written_case_reads_back_the_same(path: Path, tmp_path: Path) -> None:
    case, problems = read_case(path)
    assert case is not None, problems
    copy = tmp_path / path.name
    copy.write_text(dump_case(case_data(case)), encoding="utf-8")
    again, problems = read_case(copy)
    assert again is not None, [str(p) for p in problems]
    assert meaning(again) == meaning(case)


def test_markdown_keeps_its_lines_and_short_lists_stay_on_one_line() -> None:
    text = dump_case({"format": 1, "id": "x", "laws": ["27B1(a)", "26"], "situation": "One.\n\nTwo: *yes*\n",
                      "events": [{"call": {"N": "1S"}}, {"director": True}], "title": "yes"})
    assert 'laws: ["27B1(a)", "26"]' in text
    assert "situation: |\n  One.\n\n  Two: *yes*\n" in text
    assert "  - call: {N: 1S}\n  - director: true\n" in text
    assert 'title: "yes"' in text  # plain yes would read back as a boolean


def test_a_tab_in_a_text_is_written_as_an_escape_the_loader_accepts(tmp_path: Path) -> None:
    case, _ = read_case(CASE_FILES[0])
    assert case is not None
    tabbed = dataclasses.replace(case, title="One\ttwo", situation="Columns:\n\tA\tB\n")
    text = dump_case(case_data(tabbed))
    assert "\t" not in text and 'title: "One\\ttwo"' in text
    copy = tmp_path / CASE_FILES[0].name
    copy.write_text(text, encoding="utf-8")
    again, problems = read_case(copy)
    assert again is not None, [str(p) for p in problems]
    assert (again.title, again.situation) == ("One\ttwo", "Columns:\n\tA\tB\n")
