"""Case packs: export and import as a folder or a zip, data only, checked, names made safe, nothing replaced
without asking."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from app.content.cases.packs import export_pack, import_pack
from app.content.cases.skeleton import blank_case
from app.content.cases.writer import dump_case
from app.content.cases.loader import load_cases, read_case
from app.content.library import default_content_root

LIBRARY = default_content_root() / "cases"


def good(case_id: str, title: str = "A new case") -> str:
    data = blank_case(case_id)
    data["title"] = title
    return dump_case(data)


def never(name: str) -> bool:
    raise AssertionError(f"asked about {name} although nothing was there to replace")


def make_zip(path: Path, members: dict[str, str | bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize("suffix", [".zip", ""])
def test_exported_cases_import_again_and_load(tmp_path: Path, suffix: str) -> None:
    cases, _ = load_cases([LIBRARY / "bid-of-eight-spades.yaml", LIBRARY / "claim-with-a-finesse.yaml"])
    pack = tmp_path / f"club-pack{suffix}"
    export_pack(cases, pack)
    if suffix:
        assert sorted(zipfile.ZipFile(pack).namelist()) == ["bid-of-eight-spades.yaml", "claim-with-a-finesse.yaml"]
    mine = tmp_path / "mine"
    report = import_pack(pack, mine, never)
    assert [c.id for c in report.imported] == ["bid-of-eight-spades", "claim-with-a-finesse"]
    assert report.problems == [] and report.kept == []
    again, problems = load_cases([mine])
    assert problems == [] and [c.title for c in again] == [c.title for c in cases]
    assert (mine / "claim-with-a-finesse.yaml").read_text() == (LIBRARY / "claim-with-a-finesse.yaml").read_text()


def test_each_rule_of_import(tmp_path: Path) -> None:
    pack = make_zip(tmp_path / "pack.zip", {
        "cases/fine-case.yaml": good("fine-case"),
        "../evil.yaml": good("evil"),
        "/etc/absolute.yaml": good("absolute"),
        "C:\\windows\\drive.yaml": good("drive"),
        "sub/..\\..\\sneaky.yaml": good("sneaky"),
        "Bad Name.yaml": good("bad-name"),
        "run-me.py": "import os\nos.system('echo no')\n",
        "notes.txt": "not a case",
        "not-yaml.yaml": b"format: 1\nid: [unclosed\n\x00\x01",
        "wrong-level.yaml": good("wrong-level").replace("difficulty: 1", "difficulty: 9"),
    })
    mine = tmp_path / "user" / "cases"
    report = import_pack(pack, mine, never)
    assert [c.id for c in report.imported] == ["fine-case"]
    assert sorted(p.name for p in mine.iterdir()) == ["fine-case.yaml"]
    assert not (tmp_path / "user" / "evil.yaml").exists() and not (tmp_path / "evil.yaml").exists()
    by_file = {str(p.path): (p.line, p.message) for p in report.problems}
    assert "climbs out" in by_file["pack.zip/../evil.yaml"][1]
    assert "climbs out" in by_file["pack.zip/sub/..\\..\\sneaky.yaml"][1]
    assert "absolute" in by_file["pack.zip/etc/absolute.yaml"][1]  # Path() folds the leading "/" into the name
    assert "absolute" in by_file["pack.zip/C:\\windows\\drive.yaml"][1]
    assert "lower-case" in by_file["pack.zip/Bad Name.yaml"][1]
    assert "only case files" in by_file["pack.zip/run-me.py"][1]
    assert "only case files" in by_file["pack.zip/notes.txt"][1]
    assert by_file["pack.zip/not-yaml.yaml"][1].startswith("not valid YAML")
    assert by_file["pack.zip/wrong-level.yaml"] == (7, "difficulty must be a whole number from 1 to 5")
    assert len(report.problems) == 9


def test_nothing_is_replaced_without_asking(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "shared-case.yaml").write_text(good("shared-case", "Mine"), encoding="utf-8")
    pack = tmp_path / "folder-pack"
    pack.mkdir()
    (pack / "shared-case.yaml").write_text(good("shared-case", "Theirs"), encoding="utf-8")
    asked: list[str] = []

    def refuse(name: str) -> bool:
        asked.append(name)
        return False

    report = import_pack(pack, mine, refuse)
    assert asked == ["shared-case.yaml"] and report.kept == ["shared-case.yaml"] and report.imported == []
    case, _ = read_case(mine / "shared-case.yaml")
    assert case is not None and case.title == "Mine"
    report = import_pack(pack, mine, lambda name: True)
    case, _ = read_case(mine / "shared-case.yaml")
    assert case is not None and case.title == "Theirs" and [c.id for c in report.imported] == ["shared-case"]


def test_a_file_that_is_not_a_zip_is_reported(tmp_path: Path) -> None:
    fake = tmp_path / "pack.zip"
    fake.write_text("this is no archive")
    report = import_pack(fake, tmp_path / "mine", never)
    assert report.imported == [] and "cannot read this as a case pack" in report.problems[0].message
