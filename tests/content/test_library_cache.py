"""The window's cached copy of the library is used only while nothing it was built from changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.content.library import load_library
from app.content.library_cache import load_library_cached

ROOT = Path(__file__).resolve().parents[2]


def test_the_copy_matches_a_fresh_load_and_follows_a_changed_file(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    cache = tmp_path / "cache" / "library.pickle"
    first = load_library_cached(content, cache=cache)
    assert cache.exists()
    again = load_library_cached(content, cache=cache)
    fresh = load_library(content)
    assert [c.id for c in again.cases] == [c.id for c in fresh.cases]
    assert again.book.sections.keys() == fresh.book.sections.keys()
    assert again.topics == fresh.topics and len(again.problems) == len(fresh.problems)
    assert again.index.query("penalty card")  # the search index is rebuilt from the copy

    topics = content / "topics.yaml"
    topics.write_text(topics.read_text(encoding="utf-8") + 'made-up-topic: "A topic added after the copy"\n',
                      encoding="utf-8")
    changed = load_library_cached(content, cache=cache)
    assert changed.topics["made-up-topic"] == "A topic added after the copy"
    assert "made-up-topic" not in first.topics


def test_the_cached_cases_and_problems_are_unpacked_when_first_read(tmp_path: Path) -> None:
    """The window paints before anything reads the cases; the first read, from any thread, unpacks them once."""
    import threading

    mine, cache = tmp_path / "mine", tmp_path / "library.pickle"
    _user_case(mine, "my-own-case")
    (mine / "my-broken-case.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    library = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert not library.cases_unpacked
    assert library.book.get("64A1") is not None  # the rest is there at once
    seen: list[int] = []
    readers = [threading.Thread(target=lambda: seen.append(len(library.cases))) for _ in range(4)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert library.cases_unpacked
    assert len(set(seen)) == 1 and seen[0] == len(load_library(ROOT / "content").cases) + 1
    assert library.case("my-own-case") is not None
    assert [p.path.name for p in library.problems if p.path.parent == mine] == ["my-broken-case.yaml"]
    fresh = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert any(p.path.name == "my-broken-case.yaml" for p in fresh.problems)  # problems also unpack the cases
    assert fresh.cases_unpacked


def test_cases_that_fail_to_unpack_are_tried_again_at_the_next_read(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from app.content import library_cache

    cache = tmp_path / "library.pickle"
    load_library_cached(ROOT / "content", cache=cache)
    library = load_library_cached(ROOT / "content", cache=cache)
    real, calls = library_cache._merge_user_cases, []

    def fails_once(*arguments):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the user's folder went away for a moment")
        return real(*arguments)

    monkeypatch.setattr(library_cache, "_merge_user_cases", fails_once)
    library = load_library_cached(ROOT / "content", cache=cache, user_cases=tmp_path / "mine")
    with pytest.raises(RuntimeError):
        _ = library.cases
    assert not library.cases_unpacked
    assert len(library.cases) == len(load_library(ROOT / "content").cases) and len(calls) == 2


def test_a_damaged_copy_is_replaced(tmp_path: Path) -> None:
    cache = tmp_path / "library.pickle"
    cache.write_bytes(b"not a pickle")
    library = load_library_cached(ROOT / "content", cache=cache)
    assert library.cases and cache.read_bytes() != b"not a pickle"


def _user_case(folder: Path, case_id: str, title: str = "A case of my own") -> Path:
    from app.content.cases.skeleton import blank_case
    from app.content.cases.writer import dump_case

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{case_id}.yaml"
    path.write_text(dump_case({**blank_case(case_id), "title": title}), encoding="utf-8")
    return path


def test_the_users_cases_are_read_again_only_when_their_file_changes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of user cases must not be parsed at every start, nor all again when one is added."""
    from app.content.cases import loader

    mine, cache = tmp_path / "mine", tmp_path / "cache" / "library.pickle"
    for number in range(4):
        _user_case(mine, f"my-case-{number}")
    (mine / "my-broken-case.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    real, read = loader.read_case, []

    def counted(path: Path, topics: set[str] | None = None):  # type: ignore[no-untyped-def]
        read.append(path.name)
        return real(path, topics)

    monkeypatch.setattr(loader, "read_case", counted)
    first = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert sorted(read) == ["my-broken-case.yaml", *[f"my-case-{n}.yaml" for n in range(4)]]
    read.clear()
    again = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert [c.id for c in again.cases] == [c.id for c in first.cases]
    assert read == []  # every file unchanged: all from the copy
    assert [str(p) for p in again.problems if p.path.parent == mine] == \
           [str(p) for p in first.problems if p.path.parent == mine] != []  # the broken file is still reported
    _user_case(mine, "my-case-2", "Changed since")
    _user_case(mine, "my-case-9")
    (mine / "my-case-0.yaml").unlink()
    changed = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert read == []  # the user's folder is gone through with the cases, when they are first read
    assert len(changed.cases) == len(first.cases)
    assert sorted(read) == ["my-case-2.yaml", "my-case-9.yaml"]
    assert changed.case("my-case-2").title == "Changed since"  # type: ignore[union-attr]
    assert changed.case("my-case-0") is None and changed.case("my-case-9") is not None


def test_cases_an_import_has_checked_are_not_read_at_the_next_start(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import zipfile

    from app.content.cases import loader
    from app.content.cases.packs import import_pack
    from app.content.library_cache import remember_user_cases

    mine, cache = tmp_path / "mine", tmp_path / "cache" / "library.pickle"
    library = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    source = tmp_path / "source"
    with zipfile.ZipFile(tmp_path / "pack.zip", "w") as archive:
        for number in range(3):
            archive.write(_user_case(source, f"pack-case-{number}"), f"pack-case-{number}.yaml")
    report = import_pack(tmp_path / "pack.zip", mine, lambda name: False)
    remember_user_cases(report.imported, set(library.topics), cache)
    monkeypatch.setattr(loader, "read_case", lambda *args: pytest.fail(f"read {args[0]} again"))
    again = load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    assert [again.case(f"pack-case-{n}") is not None for n in range(3)] == [True] * 3


def test_a_change_among_the_users_cases_keeps_the_librarys_copy(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from app.content import library_cache

    mine, cache = tmp_path / "mine", tmp_path / "cache" / "library.pickle"
    load_library_cached(ROOT / "content", cache=cache, user_cases=mine)
    monkeypatch.setattr(library_cache, "load_library", lambda *args: pytest.fail("the library was read again"))
    _user_case(mine, "my-new-case")
    assert load_library_cached(ROOT / "content", cache=cache, user_cases=mine).case("my-new-case") is not None


def test_in_the_bundle_the_executable_stands_for_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundle holds its modules inside the executable: a new build of the same version must not read copies
    pickled by the old one."""
    import sys

    from app.content import library_cache

    executable = tmp_path / "director-trainer"
    executable.write_bytes(b"first build")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))
    library_cache.code_stamp.cache_clear()
    first = library_cache.code_stamp()
    executable.write_bytes(b"the second build, longer")
    library_cache.code_stamp.cache_clear()
    try:
        assert library_cache.code_stamp() != first
    finally:
        monkeypatch.undo()
        library_cache.code_stamp.cache_clear()
