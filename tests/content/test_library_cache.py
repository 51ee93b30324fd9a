"""The window's cached copy of the library is used only while nothing it was built from changed."""

from __future__ import annotations

import shutil
from pathlib import Path

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


def test_a_damaged_copy_is_replaced(tmp_path: Path) -> None:
    cache = tmp_path / "library.pickle"
    cache.write_bytes(b"not a pickle")
    library = load_library_cached(ROOT / "content", cache=cache)
    assert library.cases and cache.read_bytes() != b"not a pickle"
