"""The shipped 2017 pages: what a trainee reads stands on its own, and the long laws open with a digest."""

from pathlib import Path

import pytest

from app.content.laws.law_book import IN_BRIEF, IN_BRIEF_MAX_WORDS, load_law_book
from app.content.laws.render import Renderer, Style

ROOT = Path(__file__).resolve().parents[2]
LAWS = ROOT / "content" / "laws" / "wbf-2017"

# Phrases that point the trainee at documents the application never shows.
UNSEEN_SOURCES = ("the notes", "course notes", "change notes", "2017 notes", "in the sources", "the sources do",
                  "reference documents", "accreditation notes")


@pytest.fixture(scope="module")
def book():
    book, problems = load_law_book(LAWS)
    assert problems == []
    return book


@pytest.mark.parametrize("path", sorted(LAWS.glob("*.md")), ids=lambda p: p.name)
def test_pages_cite_laws_not_unseen_sources(path: Path) -> None:
    text = " ".join(path.read_text(encoding="utf-8").lower().split())
    assert [phrase for phrase in UNSEEN_SOURCES if phrase in text] == []


def test_every_long_law_opens_with_a_short_digest(book) -> None:
    long_laws = {int(p.stem[4:]) for p in LAWS.glob("law-*.md") if len(p.read_text(encoding="utf-8").split()) > 2500}
    for law in sorted(long_laws | {12, 16, 27, 40, 64}):
        section = book.get(str(law))
        briefs = [note for note in section.annotations if note.kind == IN_BRIEF]
        assert len(briefs) == 1, f"Law {law} has no In brief"
        assert 20 <= len(briefs[0].body.split()) <= IN_BRIEF_MAX_WORDS


def test_the_digest_is_shown_before_the_summary(book) -> None:
    page = Renderer(book, None, Style()).section(book.get("27"), include_children=False)
    assert page.index(IN_BRIEF) < page.index("does not outrank the last bid")


def test_a_long_or_misplaced_digest_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "wbf-2017"
    folder.mkdir()
    words = " ".join(["word"] * (IN_BRIEF_MAX_WORDS + 1))
    (folder / "law-27.md").write_text(
        "---\nlaw: 27\ntitle: Insufficient Bid\n---\n\n# Law 27 — Insufficient Bid\n\nSummary.\n\n"
        f"#### In brief\n\n{words}\n\n## 27A — Acceptance\n\nSummary of A.\n\n#### In brief\n\nShort.\n\n"
        "#### Under 1997\n\nWhat the older code said.\n",
        encoding="utf-8")
    book, problems = load_law_book(folder)
    text = [str(p) for p in problems]
    assert any("law-27.md:10:" in t and f"{IN_BRIEF_MAX_WORDS + 1} words" in t for t in text)
    assert any("law-27.md:18:" in t and "belongs under the law's own heading" in t for t in text)
    assert [n.kind for n in book.get("27A").annotations] == [IN_BRIEF, "Under 1997"]
