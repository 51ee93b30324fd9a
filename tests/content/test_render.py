"""Rendering: references become links, terms become definition links, suits are coloured."""

from pathlib import Path

from app.content.laws.glossary import load_glossary
from app.content.laws.law_book import load_law_book
from app.content.laws.render import Renderer, Style

FIXTURES = Path(__file__).parent / "fixtures"


def _renderer(**style: bool) -> Renderer:
    book, _ = load_law_book(FIXTURES / "laws", "wbf-2017")
    glossary, _ = load_glossary(FIXTURES / "glossary.yaml")
    return Renderer(book, glossary, Style(**style))


def test_references_become_links_to_the_nearest_section() -> None:
    out = _renderer().markdown("Apply Law 27B1(a), then 27B2.")
    assert '<a href="law:27B1(a)">Law 27B1(a)</a>' in out
    assert '<a href="law:27B">27B2</a>' in out  # no 27B2 in the fixture: falls back to 27B


def test_unknown_law_is_marked_not_linked() -> None:
    out = _renderer().markdown("See Law 44C.")
    assert 'class="missing-ref"' in out and "href" not in out


def test_terms_link_once_and_longest_form_wins() -> None:
    out = _renderer().markdown("A major penalty card stays. Another penalty card. A major penalty card again.")
    assert out.count('href="term:Major%20penalty%20card"') == 1
    assert 'href="term:Penalty%20card"' in out


def test_links_in_markdown_are_left_alone_and_html_is_escaped() -> None:
    out = _renderer().markdown("[Law 27](https://example.org) <script>x</script>")
    assert "law:27" not in out
    assert "<script>" not in out


def test_suits_are_coloured_by_scheme() -> None:
    two = _renderer().markdown("1♦")
    four = _renderer(four_colour=True).markdown("1♦")
    assert "#c8102e" in two and "#e07000" in four


def test_section_page_has_trail_children_annotations_and_cases() -> None:
    renderer = _renderer()
    section = renderer.book.get("27B")
    page = renderer.section(section, [("ib-1", "An insufficient bid")])
    assert '<a href="law:27">Law 27</a>' in page
    assert "27B1(a)" in page and "One diamond over one spade" in page
    assert '<a href="case:ib-1">An insufficient bid</a>' in page
