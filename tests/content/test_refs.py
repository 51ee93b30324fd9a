"""The law reference parser: every spelling a user or writer uses maps to one canonical reference."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.content.laws.refs import LawRef, RefError, find_refs, parse_ref


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("27B1(a)", "27B1(a)"),
        ("27b1a", "27B1(a)"),
        ("27B1a", "27B1(a)"),
        ("Law 16C", "16C"),
        ("law 16c", "16C"),
        ("  64 ", "64"),
        ("30B1(b)(i)", "30B1(b)(i)"),
        ("30b1bi", "30B1(b)(i)"),
        ("12C1e", "12C1(e)"),
        ("Introduction", "Introduction"),
        ("definitions: alert", "Definitions: Alert"),
        ("Definitions", "Definitions"),
    ],
)
def test_parse_accepts_every_usual_spelling(text: str, canonical: str) -> None:
    assert str(parse_ref(text)) == canonical


@pytest.mark.parametrize("text", ["", "hello", "94", "0", "27Z", "27BB", "Law"])
def test_parse_rejects_non_references_with_a_helpful_message(text: str) -> None:
    with pytest.raises(RefError, match="27B1"):
        parse_ref(text) if text != "94" else parse_ref("Law 94X")


def test_law_94_is_out_of_range() -> None:
    with pytest.raises(RefError, match="1 to 93"):
        parse_ref("94")


@pytest.mark.parametrize(("text", "law"), [("1", 1), ("Law 1", 1), ("1A", 1), ("93", 93), ("Law 93", 93), ("93C", 93)])
def test_the_first_and_last_laws_are_accepted(text: str, law: int) -> None:
    ref = parse_ref(text)
    assert ref.law == law and ref.whole_law() == LawRef(law)


@pytest.mark.parametrize(("text", "message"), [
    ("0", "'0' is not a law reference"),
    ("Law 0", "'Law 0' is not a law reference"),
    ("94", "there is no Law 94: the laws run from 1 to 93"),
    ("Law 94", "there is no Law 94: the laws run from 1 to 93"),
    ("94A", "there is no Law 94: the laws run from 1 to 93"),
])
def test_just_outside_the_laws_is_rejected(text: str, message: str) -> None:
    with pytest.raises(RefError) as error:
        parse_ref(text)
    assert str(error.value).startswith(message)


def test_the_boundaries_hold_in_running_text_too() -> None:
    spans = list(find_refs("Law 1 applies, Law 93 too, but not Law 94 or Law 0; Laws 92-93 and 93B1."))
    assert [s.text for s in spans] == ["Law 1", "Law 93", "Laws 92-93", "93B1"]
    assert [[str(r) for r in s.refs] for s in spans] == [["1"], ["93"], ["92", "93"], ["93B1"]]


def test_ancestors_run_from_the_law_down() -> None:
    ref = parse_ref("27B1(a)")
    assert [str(a) for a in ref.ancestors()] == ["27", "27B", "27B1"]
    assert ref.whole_law() == LawRef(27)
    assert ref.depth == 3
    assert parse_ref("Definitions: Alert").parent() == parse_ref("Definitions")


def test_find_refs_in_running_text() -> None:
    text = "See Law 27B1(a) and Laws 61–64; 16C applies. Take 13 tricks, bid 2D or 4H. Law 99."
    spans = list(find_refs(text))
    assert [s.text for s in spans] == ["Law 27B1(a)", "Laws 61–64", "16C"]
    assert [str(r) for r in spans[1].refs] == ["61", "62", "63", "64"]
    assert text[spans[0].start : spans[0].end] == "Law 27B1(a)"


def test_find_refs_follows_a_list_after_laws() -> None:
    spans = list(find_refs("Laws 12, 16 and 73C may apply."))
    assert [str(s.refs[0]) for s in spans] == ["12", "16", "73C"]


def test_bare_sections_are_references_but_calls_are_not() -> None:
    text = "as 12C1(c) says, and 5A too, after 1C (2D) 4H, or even an 8H bid (Law 38)"
    assert [s.text for s in find_refs(text)] == ["12C1(c)", "5A", "Law 38"]


_refs = st.builds(
    LawRef,
    law=st.integers(1, 93),
    section=st.sampled_from(["", "A", "B", "C"]),
    number=st.integers(0, 4),
    letter=st.sampled_from(["", "a", "b", "c"]),
).filter(lambda r: (r.section or not r.number) and (r.number or not r.letter))


@given(_refs)
def test_canonical_form_round_trips(ref: LawRef) -> None:
    assert parse_ref(str(ref)) == ref
    assert parse_ref(str(ref).lower().replace("(", "").replace(")", "")) == ref


def test_a_year_before_marks_an_older_code_not_a_reference() -> None:
    text = "The 2007 Law 23 and the 1997 Law 73B2 differ from Law 23A."
    assert [s.text for s in find_refs(text)] == ["Law 23A"]


@pytest.mark.parametrize(("text", "parent", "whole"), [
    ("30B1(b)(i)", "30B1(b)", "30"),
    ("27B1(a)", "27B1", "27"),
    ("27B1", "27B", "27"),
    ("27B", "27", "27"),
    ("Definitions: Alert", "Definitions", "Definitions"),
    ("Introduction", None, "Introduction"),
])
def test_each_reference_knows_its_parent_and_its_law(text: str, parent: str | None, whole: str) -> None:
    ref = parse_ref(text)
    assert (str(ref.parent()) if ref.parent() else None) == parent
    assert ref.whole_law() == parse_ref(whole) and str(ref.whole_law()) == whole
    assert parse_ref("27").parent() is None and parse_ref("Definitions").parent() is None


def test_labels_read_as_in_a_sentence() -> None:
    assert [parse_ref(t).label() for t in ("27b1a", "64", "Definitions: alert", "Introduction")] == [
        "Law 27B1(a)", "Law 64", "Definitions: Alert", "Introduction"]


def test_a_term_keeps_the_capitals_it_was_written_with() -> None:
    assert parse_ref("Definitions: Alert").term == "Alert"
    assert parse_ref("definitions: unauthorized information").term == "Unauthorized Information"
    assert parse_ref("Definitions: LHO").term == "LHO"
    assert parse_ref("intro") == LawRef(0, special="Introduction") < parse_ref("1")


def test_spans_mark_where_each_reference_is() -> None:
    text = "As Laws 61-64 say, and Laws 12, 16C and 73 add."
    spans = list(find_refs(text))
    assert [(s.start, s.end, s.text) for s in spans] == [
        (3, 13, "Laws 61-64"), (23, 30, "Laws 12"), (32, 35, "16C"), (40, 42, "73")]
    assert all(text[s.start:s.end] == s.text for s in spans)


def test_a_text_goes_on_after_what_is_not_a_reference() -> None:
    # a bare number, a call, an older code's law, a law out of range: each skipped, the rest still found
    # (99 ends the list after 'Laws 12', and 16C is then found on its own)
    text = "13 tricks; 4H by South; the 2007 Law 25B; Law 95; Laws 12, 99 and 16C; then 27B1(a) and Law 40"
    assert [s.text for s in find_refs(text)] == ["Laws 12", "16C", "27B1(a)", "Law 40"]
    assert [s.text for s in find_refs("Laws 12 and 16C, then Law 40")] == ["Laws 12", "16C", "Law 40"]


@pytest.mark.parametrize(("text", "found"), [
    ("9C applies", ["9C"]),  # Law 9C, not a call: calls stop at the eight level
    ("8C is a call", []),
    ("in 1997 Law 25 said", []),
    ("1997: Law 25 said", ["Law 25"]),  # the year is more than a few characters before the law
    ("Laws 40-40", ["Laws 40"]),  # not a range
    ("Laws 90-93", ["Laws 90-93"]),
    ("Laws 92-94", ["Laws 92"]),
])
def test_what_counts_as_a_reference_at_the_edges(text: str, found: list[str]) -> None:
    assert [s.text for s in find_refs(text)] == found


def test_an_older_codes_law_at_the_very_start_of_a_text_is_not_a_link() -> None:
    spans = list(find_refs("2007 Law 23 said otherwise; Law 23 now"))
    assert [(s.start, s.text) for s in spans] == [(28, "Law 23")]
    assert list(find_refs("1997 Law 25")) == []


def test_an_equal_reference_read_twice_is_the_same_object() -> None:
    first, again = parse_ref("27B1(a)"), parse_ref("27b1a")
    assert first == again and first is again
    assert parse_ref("64A2") is not first
    many = [parse_ref("12C1(e)") for _ in range(500)]
    # 500 references to one object pickle to a few bytes each, not 500 copies of its fields.
    assert len(pickle.dumps(many)) < 5 * len(pickle.dumps(many[0])) + 2 * len(many)
