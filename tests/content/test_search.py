"""Search over the real library: the section a director means comes first, common words are neither
matched nor marked, snippets are plain text, and a misspelt word gets a suggestion."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.content.laws.search import HIGHLIGHT_END, HIGHLIGHT_START, plain_snippet
from app.content.laws.search_words import STOP_WORDS
from app.content.library import Library, load_library

ROOT = Path(__file__).resolve().parents[2]

# What each query must bring first, decided from the 2017 Laws (not from what the search returned):
# - penalty card: Law 50 disposes of a penalty card (the definition itself points to Law 50);
# - revoke: Law 61 opens the revoke laws and defines a revoke (61A), before 62-64;
# - insufficient bid: Law 27 is the law of that name (18D only says what one is);
# - claim: Law 68 defines a claim and a concession, before 69 (agreed) and 70 (contested);
# - unauthorized information: Law 16 is "Authorized and Unauthorized Information";
# - lead out of turn: Law 53 lets any lead out of turn be accepted, before 54-56 treat the cases;
# - dummy: Law 42 gives dummy's rights, the first law about dummy, before 43 (limitations);
# - fouled board: Law 87 defines one and scores it;
# - misinformation: Law 21 is the law of that name;
# - comparable call: Law 23 defines it;
# - trick twelve: 62D is the revoke on trick twelve;
# - hesitation: 16B1 names a hesitation among the ways partner's information becomes unauthorized.
FIRST = {
    "penalty card": "50",
    "revoke": "61",
    "insufficient bid": "27",
    "claim": "68",
    "unauthorized information": "16",
    "lead out of turn": "53",
    "dummy": "42",
    "fouled board": "87",
    "misinformation": "21",
    "comparable call": "23",
    "trick twelve": "62D",
    "hesitation": "16B1",
}


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


@pytest.mark.parametrize("query", sorted(FIRST))
def test_a_query_brings_the_section_it_names_first(library: Library, query: str) -> None:
    hits = library.index.query(query, limit=10)
    assert (hits[0].kind, hits[0].key) == ("law", FIRST[query]), [h.key for h in hits[:5]]


def test_a_laws_own_section_comes_before_a_one_line_cross_reference(library: Library) -> None:
    keys = [h.key for h in library.index.query("penalty card", limit=10) if h.kind == "law"]
    assert keys.index("50") < keys.index("45C5")  # 45C5 only says a penalty card may have to be played


def test_other_codes_notes_come_after_the_2017_laws_a_query_names(library: Library) -> None:
    for query in ("revoke", "claim", "insufficient bid"):
        kinds = [h.kind for h in library.index.query(query, limit=5)]
        assert kinds[0] == "law" and kinds.count("edition") <= 1, (query, kinds)


def test_typing_a_word_that_is_not_yet_finished_finds_the_named_law(library: Library) -> None:
    assert library.index.query("penalty ca")[0].key == "50"  # the last word matches as a prefix
    assert library.index.query("fouled boa")[0].key == "87"


def test_a_glossary_word_form_names_the_laws_of_its_term(library: Library) -> None:
    hits = library.index.query("huddle", limit=5)  # a word form of the term Hesitation, in no law text
    assert [h.key for h in hits[:2]] == ["16B1", "73D1"] and "Hesitation" in [h.key for h in hits]


def test_stop_words_are_neither_matched_nor_marked(library: Library) -> None:
    index = library.index
    assert index.query("is") == [] and index.query("the of and") == []
    assert [h.key for h in index.query("the revoke", limit=20)] == [h.key for h in index.query("revoke", limit=20)]
    marked = [m.lower() for hit in index.query("what is a revoke", limit=30)
              for m in re.findall(f"{HIGHLIGHT_START}(.*?){HIGHLIGHT_END}", hit.snippet)]
    assert len(marked) > 20 and not set(marked) & STOP_WORDS, set(marked)


def test_marks_on_a_page_are_whole_words_matched_as_the_index_matches(library: Library) -> None:
    text = "This is the revoke law. A revoked card is his; the revoker's partner is here."
    marked = [text[start:end] for start, end in library.index.marks(text, "is revoke")]
    assert marked == ["revoke", "revoked", "revoker"]  # "is" nowhere, and not inside "This" or "his"
    assert library.index.marks(text, "the of") == []
    assert library.index.marks("Penalty cards: a penalty card.", "penalty ca") == [(0, 7), (8, 13), (17, 24), (25, 29)]


def test_snippets_are_plain_text(library: Library) -> None:
    markup = re.compile(r"\*|`|^\s*[-#>]|\|")
    queries = ("penalty card", "revoke", "lead out of turn", "comparable call", "throughout", "claim",
               "major penalty card", "replacement")
    snippets = [hit.snippet for q in queries for hit in library.index.query(q, limit=40)]
    assert len(snippets) > 200
    assert [s for s in snippets if markup.search(s) or "\n" in s] == []
    # the table of Law 27's outcomes reads as cells, not as Markdown
    table = next(h for h in library.index.query("throughout", limit=40) if h.key == "27B")
    assert f"27B2 · passes {HIGHLIGHT_START}throughout{HIGHLIGHT_END} · yes" in table.snippet
    assert "---" not in table.snippet and "· ·" not in table.snippet


def test_plain_snippet_takes_out_markdown_left_in_a_piece_of_text() -> None:
    piece = (f"…on **the {HIGHLIGHT_START}revoke{HIGHLIGHT_END}** (see [Law 64](law:64))\n- a `card`\n"
             f"| a | {HIGHLIGHT_START}is{HIGHLIGHT_END} |\n| --- | --- |\n> quoted _here_")
    assert plain_snippet(piece) == (f"…on the {HIGHLIGHT_START}revoke{HIGHLIGHT_END} (see Law 64) a card"
                                    " · a · is · quoted here")  # the common word "is" is not marked


@pytest.mark.parametrize(("typed", "meant"), [
    ("penalyt", "penalty"),  # two letters swapped
    ("penalyt crad", "penalty card"),
    ("misinfromation", "misinformation"),
    ("dumy", "dummy"),  # a letter missing
    ("lead out of trun", "lead out of turn"),
    ("insuficient bid", "insufficient bid"),
])
def test_a_misspelt_word_gets_the_library_word_nearest_it(library: Library, typed: str, meant: str) -> None:
    assert library.index.query(typed) == []
    assert library.index.suggest(typed) == meant
    assert library.index.query(meant)  # and the suggestion finds something


def test_no_suggestion_for_words_the_library_holds_or_nothing_near(library: Library) -> None:
    for query in ("penalty card", "revok", "the", "xylophonequartz", ""):
        assert library.index.suggest(query) is None, query
