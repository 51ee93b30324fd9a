"""The user case folder: saved cases load beside content/cases with the same checks, content/ untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.content.cases.skeleton import blank_case
from app.content.cases.writer import case_data, dump_case
from app.content.library import default_content_root, load_library
from app.content.cases.user_cases import save_user_case, user_case_folder

CONTENT_CASES = default_content_root() / "cases"


def content_snapshot() -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in CONTENT_CASES.iterdir()}


@pytest.fixture(scope="module")
def library_cases():  # type: ignore[no-untyped-def]
    return load_library().cases


def test_the_folder_is_in_the_user_data_folder_not_content() -> None:
    folder = user_case_folder()
    assert folder.name == "cases" and folder.parent.name == "director-trainer"
    assert default_content_root().resolve() not in folder.resolve().parents


def test_saved_cases_load_beside_the_library_and_broken_ones_are_reported(tmp_path: Path, library_cases) -> None:  # type: ignore[no-untyped-def]
    before = content_snapshot()
    case, problems = save_user_case(dump_case(blank_case("my-own-case", 3)), "my-own-case", tmp_path)
    assert case is not None and problems == [] and case.path == tmp_path / "my-own-case.yaml"
    (tmp_path / "broken-case.yaml").write_text(dump_case(blank_case("broken-case")).replace("difficulty: 1",
                                                                                             "difficulty: 9"))
    library = load_library(user_cases=tmp_path)
    ids = [c.id for c in library.cases]
    assert "my-own-case" in ids and "broken-case" not in ids
    assert len(library.cases) == len(library_cases) + 1
    broken = [p for p in library.problems if p.path.name == "broken-case.yaml"]
    assert [(p.line, p.message) for p in broken] == [(7, "difficulty must be a whole number from 1 to 5")]
    assert content_snapshot() == before


def test_a_user_copy_of_a_library_case_stands_in_for_it(tmp_path: Path, library_cases) -> None:  # type: ignore[no-untyped-def]
    original = library_cases[0]
    data = case_data(original)
    data["title"] = "My version of it"
    case, problems = save_user_case(dump_case(data), original.id, tmp_path)
    assert case is not None, problems
    library = load_library(user_cases=tmp_path)
    assert len(library.cases) == len(library_cases)
    mine = library.case(original.id)
    assert mine is not None and mine.title == "My version of it" and mine.path.parent == tmp_path


def test_a_case_that_does_not_load_is_not_saved(tmp_path: Path) -> None:
    text = dump_case(blank_case("half-done")).replace("kind: single", "kind: essay")
    case, problems = save_user_case(text, "half-done", tmp_path)
    assert case is None
    assert problems and problems[0].path == tmp_path / "half-done.yaml" and "question kind" in problems[0].message
    assert list(tmp_path.iterdir()) == []
