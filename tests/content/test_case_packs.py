"""Case packs: export and import as a folder or a zip, data only, checked, names made safe, nothing replaced
without asking."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from zip_damage import patch_member

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


# --- packs that never fail silently -------------------------------------------------------------------------

def three_case_pack(path: Path) -> Path:
    return make_zip(path, {f"case-{n}.yaml": good(f"case-{n}", f"Case {n}") for n in (1, 2, 3)})


@pytest.mark.parametrize(("change", "words"), [
    ({"flag": 0x1}, "is encrypted (the zip was made with a password)"),
    ({"method": 9}, "is compressed with Deflate64, which Director Trainer cannot unpack"),
    ({"crc": 0x12345678}, "is damaged and cannot be read (Bad CRC-32"),
])
def test_a_member_the_standard_library_cannot_read_is_named_and_the_others_come_in(
        tmp_path: Path, change: dict[str, int], words: str) -> None:
    pack = three_case_pack(tmp_path / "pack.zip")
    patch_member(pack, "case-2.yaml", **change)
    report = import_pack(pack, tmp_path / "mine", never)
    assert [c.id for c in report.imported] == ["case-1", "case-3"]  # the one after it is not skipped
    assert [(str(p.path), p.line) for p in report.problems] == [("pack.zip/case-2.yaml", 0)]
    assert words in report.problems[0].message and report.problems[0].message.endswith("left out")
    assert "1 file(s) left out with problems" in report.summary()


def test_a_damaged_zip_is_reported_by_name(tmp_path: Path) -> None:
    pack = three_case_pack(tmp_path / "pack.zip")
    pack.write_bytes(pack.read_bytes()[:-30])  # cut short: the directory at the end is incomplete
    report = import_pack(pack, tmp_path / "mine", never)
    assert report.imported == [] and report.problems[0].path == pack
    assert "cannot read this as a case pack" in report.problems[0].message


def test_a_limit_on_files_is_reported_not_applied_quietly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.content.cases.packs.MAX_FILES", 2)
    report = import_pack(three_case_pack(tmp_path / "pack.zip"), tmp_path / "mine", never)
    assert [c.id for c in report.imported] == ["case-1", "case-2"]
    assert [(p.path.name, p.message) for p in report.problems] == [
        ("pack.zip", "the pack holds 3 files, more than the 2 one import reads: the first 2 were read, the other 1 "
                     "left out; split the pack and import the rest")]


def test_the_full_file_limit_is_reported_too(tmp_path: Path) -> None:
    from app.content.cases.packs import MAX_FILES

    members: dict[str, str | bytes] = {f"note-{n}.txt": "" for n in range(MAX_FILES + 3)}
    report = import_pack(make_zip(tmp_path / "big.zip", members), tmp_path / "mine", never)
    assert "the other 3 left out" in report.problems[0].message
    assert len(report.problems) == MAX_FILES + 1  # the limit, and each file read that is not a case


def test_a_cap_on_the_total_size_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    size = len(good("case-1", "Case 1").encode())
    monkeypatch.setattr("app.content.cases.packs.MAX_PACK_BYTES", 2 * size + 10)
    report = import_pack(three_case_pack(tmp_path / "pack.zip"), tmp_path / "mine", never)
    assert [c.id for c in report.imported] == ["case-1", "case-2"]
    assert [p.message for p in report.problems] == [
        "the pack's files come to more than 0 MB: case-3.yaml and the 0 file(s) after it were left out; split the "
        "pack and import the rest"]


def test_reading_a_pack_writes_nothing_to_disk(tmp_path: Path) -> None:
    """Members are checked from memory: a pack of large members once wrote every one to a scratch folder
    (299 MB for a 1.4 MB pack). Counted with the kernel's tally of bytes this process writes."""
    io = Path("/proc/self/io")
    if not io.exists():
        pytest.skip("the kernel's tally of bytes written is Linux's")
    members: dict[str, str | bytes] = {f"big-{n}.yaml": "title: x\n" + "#" * 900_000 for n in range(40)}
    members["fine-case.yaml"] = good("fine-case")
    pack = make_zip(tmp_path / "pack.zip", members)

    def written() -> int:
        return int(next(line for line in io.read_text().splitlines() if line.startswith("wchar:")).split()[1])

    before = written()
    report = import_pack(pack, tmp_path / "mine", never)
    assert written() - before < 200_000  # the one case, and nothing for the 36 MB of large members
    assert [c.id for c in report.imported] == ["fine-case"] and len(report.problems) == 40
    assert "more than a case file may hold" in report.problems[0].message


def test_a_pack_case_with_a_built_in_id_is_kept_beside_it(tmp_path: Path) -> None:
    original = (LIBRARY / "claim-with-a-finesse.yaml").read_text(encoding="utf-8")
    pack = make_zip(tmp_path / "pack.zip", {"claim-with-a-finesse.yaml": original})
    mine = tmp_path / "mine"
    report = import_pack(pack, mine, never, library_ids=frozenset({"claim-with-a-finesse"}))
    assert [c.id for c in report.imported] == ["claim-with-a-finesse-pack"]
    assert report.beside == [("claim-with-a-finesse", "claim-with-a-finesse-pack")]
    assert sorted(p.name for p in mine.iterdir()) == ["claim-with-a-finesse-pack.yaml"]
    again, problems = load_cases([mine])
    assert problems == [] and again[0].id == "claim-with-a-finesse-pack"
    assert "kept beside it under a new id" in report.summary()
    # A second import of the same pack takes the next free id rather than the first one's.
    report = import_pack(pack, mine, never, library_ids=frozenset({"claim-with-a-finesse"}))
    assert [c.id for c in report.imported] == ["claim-with-a-finesse-pack-2"]


def test_a_cancelled_reading_writes_nothing(tmp_path: Path) -> None:
    from app.content.cases.packs import read_pack, write_pack

    seen: list[tuple[int, int]] = []

    def stop_at_the_second(done: int, total: int) -> bool:
        seen.append((done, total))
        return done < 1

    contents = read_pack(three_case_pack(tmp_path / "pack.zip"), tmp_path / "mine", progress=stop_at_the_second)
    assert contents.cancelled and seen == [(0, 3), (1, 3)]
    report = write_pack(contents, tmp_path / "mine", never)
    assert report.cancelled and report.imported == [] and not (tmp_path / "mine").exists()
    assert report.summary() == "0 case(s) imported; cancelled: nothing was written"


def test_a_new_id_never_takes_the_name_of_another_file_in_the_pack(tmp_path: Path) -> None:
    original = (LIBRARY / "claim-with-a-finesse.yaml").read_text(encoding="utf-8")
    pack = make_zip(tmp_path / "pack.zip", {"claim-with-a-finesse.yaml": original,
                                           "claim-with-a-finesse-pack.yaml": good("claim-with-a-finesse-pack", "Ours")})
    report = import_pack(pack, tmp_path / "mine", never, library_ids=frozenset({"claim-with-a-finesse"}))
    assert sorted(c.id for c in report.imported) == ["claim-with-a-finesse-pack", "claim-with-a-finesse-pack-2"]
    assert report.beside == [("claim-with-a-finesse", "claim-with-a-finesse-pack-2")]
    case, _ = read_case(tmp_path / "mine" / "claim-with-a-finesse-pack.yaml")
    assert case is not None and case.title == "Ours"
