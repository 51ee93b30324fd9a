"""The quick-reference card (content/quick_reference.yaml): the shipped card is whole and right by the
engine, every mechanical line is held to the rules engine (and would fail if it said otherwise), and a
mistake in the file is a ``file:line`` message, never a traceback."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.content.laws.quick_reference import (
    FILE_NAME,
    QuickReference,
    card_html,
    card_text,
    load_quick_reference,
    quick_reference_problems,
)
from app.content.laws.quick_reference_engine import engine_problems
from app.content.library import Library, load_library

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
TOPICS = ["Insufficient bid", "Calls out of rotation", "Leads out of turn", "Penalty cards", "Revokes",
          "Claims and concessions", "Hesitations and unauthorized information", "Misinformation", "Fouled board",
          "Adjusted scores"]
# Values no engine-held line of the card states, to show that each check can fail.
WRONG = {"partner_must_pass": "sometimes", "offender_must_pass": "sometimes", "penalty_card": "lost",
         "rectification": "12A1", "tricks_transferred": 7, "irregularity": "none"}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}  # a seat key made wrong: the right seat's partner


def wrong_value(key: str, value: object) -> object:
    """A value the engine must refuse in place of ``value``, or None for a key the test leaves alone."""
    if key in ("offender", "options_to"):
        return PARTNER[str(value)]
    if isinstance(value, bool):
        return not value
    return WRONG.get(key)


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(CONTENT)


@pytest.fixture(scope="module")
def card(library: Library) -> QuickReference:
    loaded, problems = load_quick_reference(CONTENT / FILE_NAME, library.book)
    assert problems == [] and loaded is not None
    return loaded


def test_the_card_has_the_topics_in_order_each_with_a_few_lines(card: QuickReference) -> None:
    assert [topic.title for topic in card.topics] == TOPICS
    assert all(3 <= len(topic.lines) <= 6 for topic in card.topics)
    assert all(line.laws for line in card.lines())


def test_every_line_cites_a_section_of_the_library(card: QuickReference, library: Library) -> None:
    cited = [ref for line in card.lines() for ref in line.laws]
    assert cited and all(library.book.get(ref) is not None for ref in cited)
    assert {"73C1", "89A3"} <= {str(ref) for ref in cited}  # the 2024 Laws 73 and 89


def test_the_mechanical_lines_agree_with_the_engine(card: QuickReference, library: Library) -> None:
    held = [line for line in card.lines() if line.engine is not None]
    assert len(held) >= 8
    cited = {str(ref) for line in held for ref in line.laws}
    assert {"64A1", "64A2", "64B1", "27B1(a)", "27B2", "30A", "31A1", "50B", "54D", "56B"} <= cited
    assert quick_reference_problems(CONTENT, library.book) == []


def test_each_engine_held_line_fails_when_it_says_otherwise(card: QuickReference) -> None:
    checked = 0
    for line in card.lines():
        if line.engine is None:
            continue
        for key, value in line.engine.expect.items():
            wrong = wrong_value(key, value)
            if wrong is None:
                continue
            altered = replace(line.engine, expect={key: wrong})
            problems = engine_problems(card.path, altered)
            assert problems, (line.text, key)
            assert problems[0].line == altered.expect_lines[key] and "the card line says otherwise" in problems[0].message
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("key, value, expected", [
    ("partner_must_pass", "throughout", 2),   # the 27B1(a) correction frees partner: the engine says "no"
    ("tricks_transferred", 1, 2),             # the 64A1 line's revoke transfers two tricks
])
def test_a_wrong_scenario_outcome_is_reported_at_its_line(tmp_path: Path, library: Library, key: str,
                                                         value: object, expected: int) -> None:
    text = (CONTENT / FILE_NAME).read_text(encoding="utf-8")
    if key == "partner_must_pass":
        old = 'expect: {rectification: "27B1(a)", partner_must_pass: "no", lead_restrictions: false}'
        new = f'expect: {{rectification: "27B1(a)", partner_must_pass: {value}, lead_restrictions: false}}'
    else:
        old = "expect: {irregularity: revoke, offender: E, established: true, tricks_transferred: 2}"
        new = f"expect: {{irregularity: revoke, offender: E, established: true, tricks_transferred: {value}}}"
    assert text.count(old) == 1
    (tmp_path / FILE_NAME).write_text(text.replace(old, new), encoding="utf-8")
    problems = quick_reference_problems(tmp_path, library.book)
    line = text[:text.index(old)].count("\n") + 1
    assert [(p.line, f"expect.{key} is {value} but the engine finds" in p.message) for p in problems] == [(line, True)]
    assert str(expected) in problems[0].message or "no" in problems[0].message


BAD = [
    # (what is replaced, by what, the message's words, the line offset from the replaced text)
    ('laws: ["27A1"]', 'laws: ["27Z9"]', "'27Z9'", 0),
    ('laws: ["27A1"]', 'laws: ["27B9"]', "27B9 does not match any section of the library", 0),
    ('    laws: "87"\n', '    laws: "87, 94"\n', "the library has no Law 94", 0),
    ('laws: ["27A1"]', 'law: ["27A1"]', "unknown key 'law'", 0),
    ("            - call: {E: 1D}\n            - director: true\n          expect: {irregularity: insufficient-bid",
     "            - call: {E: 1D}\n          expect: {irregularity: insufficient-bid", "never call the director", -1),
    ("            - call: {N: 1S}\n", "            - call: {N: 1Q}\n", "1Q", 0),
]


@pytest.mark.parametrize("old, new, words, offset", BAD, ids=[b[2][:30] for b in BAD])
def test_a_bad_entry_is_a_message_at_its_line(tmp_path: Path, library: Library, old: str, new: str, words: str,
                                              offset: int) -> None:
    text = (CONTENT / FILE_NAME).read_text(encoding="utf-8")
    assert old in text
    changed = text.replace(old, new, 1)
    path = tmp_path / FILE_NAME
    path.write_text(changed, encoding="utf-8")
    card, problems = load_quick_reference(path, library.book)
    assert card is None and problems
    line = changed[:changed.index(new)].count("\n") + 1 + offset
    assert any(words in p.message and p.line == line and p.path == path for p in problems), problems
    assert all(str(p).startswith(f"{path}:") for p in problems)


def test_a_topic_without_lines_is_reported_at_the_topic(tmp_path: Path, library: Library) -> None:
    text = (CONTENT / FILE_NAME).read_text(encoding="utf-8")
    start = text.index("  - title: Fouled board")
    end = text.index("  - title: Adjusted scores")
    changed = text[:start] + '  - title: Fouled board\n    laws: "87"\n    lines: []\n\n' + text[end:]
    (tmp_path / FILE_NAME).write_text(changed, encoding="utf-8")
    card, problems = load_quick_reference(tmp_path / FILE_NAME, library.book)
    line = changed[:changed.index("    lines: []")].count("\n") + 1
    assert card is None and [(p.line, "a topic has 1 to 6 lines" in p.message) for p in problems] == [(line, True)]


def test_broken_yaml_and_a_missing_file_are_messages(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("title: x\ntopics:\n  - title: [unclosed\n", encoding="utf-8")
    card, problems = load_quick_reference(path)
    assert card is None and len(problems) == 1 and problems[0].line >= 3
    card, problems = load_quick_reference(tmp_path / "none.yaml")
    assert card is None and "cannot read the quick-reference card" in problems[0].message


def test_the_html_has_a_box_per_topic_and_a_link_per_section(card: QuickReference) -> None:
    page = card_html(card)
    assert page.count("<table width='100%' cellspacing='0' cellpadding='3' border='1'") == len(card.topics)
    assert "href='law:27B1(a)'" in page and "href='law:64A1'" in page
    assert page.count("href='law:") == sum(len(line.laws) for line in card.lines())
    paper = card_html(card, links=False)
    assert "href=" not in paper and "27B1(a)" in paper


def test_the_text_lists_every_line_with_its_sections(card: QuickReference) -> None:
    text = card_text(card)
    flat = " ".join(text.split())
    for topic in card.topics:
        assert f"{topic.title} ({topic.laws_label})" in text
    for line in card.lines():
        assert f"{line.text} [{', '.join(str(ref) for ref in line.laws)}]" in flat
