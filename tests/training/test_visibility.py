"""No answer on screen before its question: the rule itself, and every case of the library held to it."""

from dataclasses import replace
from pathlib import Path

import pytest

from app.content.cases.model import Choice, Question
from app.content.laws.refs import parse_ref
from app.content.library import Library, load_library
from app.rules.timeline import replay
from app.training.visibility import FEEDBACK, STORY, TABLE, Shown, gives_away, law_pane, leaks, table_panel_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


def test_no_case_of_the_library_shows_an_answer_before_its_question(library: Library) -> None:
    pane = law_pane(library.book)  # the law pane read as the trainee sees it, the page's notes included
    found = [f"{case.id}: {leak}" for case in library.cases for leak in leaks(case, pane=pane)]
    assert not found, "\n".join(found)


LAW = Question("law", "law", "Which law?", 1, answer=parse_ref("70E1"), accept=(parse_ref("70D1"),))
TRICKS = Question("tricks", "number", "How many tricks does declarer take?", 1, answer=10)
SCORE = Question("score", "number", "What is the score?", 1, answer=-620)


@pytest.mark.parametrize(("text", "kind", "named"), [
    ("Law 70E1 forbids an unstated finesse.", FEEDBACK, ["Law 70E1"]),
    ("Laws 70A and 70D1 decide doubtful points.", FEEDBACK, ["Law 70D1"]),  # an accepted answer
    ("Under the 2007 Law 70E1 it was the same.", FEEDBACK, ["Law 70E1"]),  # an older code's reference too
    ("Law 70E sets out the unstated line.", FEEDBACK, ["Law 70E1"]),  # the section around the answer
    ("Law 70 governs contested claims.", FEEDBACK, []),  # the whole law only: the section is still to find
    ("Law 70E2 lets the Regulating Authority set an order.", FEEDBACK, []),  # a neighbouring section
])
def test_a_law_answer_is_given_away_by_its_section_or_one_around_it(text: str, kind: str, named: list[str]) -> None:
    assert gives_away(LAW, Shown("here", text, kind)) == named


@pytest.mark.parametrize(("question", "text", "kind", "given_away"), [
    (TRICKS, "Declarer loses only the ♦K: ten tricks.", FEEDBACK, True),
    (TRICKS, "He made 10 in the end.", FEEDBACK, True),
    (TRICKS, "West played the ♠10 at trick 10.", FEEDBACK, False),  # a card and a trick number
    (TRICKS, "Table 10 played the board first.", FEEDBACK, False),
    (TRICKS, "The result at table 3 was 10.5 matchpoints.", FEEDBACK, False),
    (TRICKS, "East made ten tricks in the end.", STORY, True),
    (TRICKS, "He won ten IMPs.", STORY, False),  # the story's count is of something else
    (SCORE, "North–South scored minus 620 on the traveller.", STORY, True),
    (SCORE, "East–West scored plus 620.", STORY, False),  # the other sign is not this answer
    (SCORE, "Board 6, dealer East.", STORY, False),
])
def test_a_figure_is_given_away_by_feedback_or_by_the_story_when_it_carries_the_unit_asked(
        question: Question, text: str, kind: str, given_away: bool) -> None:
    assert bool(gives_away(question, Shown("here", text, kind))) == given_away


def test_a_contract_only_a_right_choice_names_is_given_away_by_the_table() -> None:
    question = Question("contract", "single", "What is the contract?", 1,
                        choices=(Choice("7NT by North", True), Choice("7♠ doubled by East")))
    assert gives_away(question, Shown("the table's side panel", "Contract 7NT by North", TABLE)) == ["7NT"]
    assert gives_away(question, Shown("the table's side panel", "Contract 7♠X by East", TABLE)) == []


def test_feedback_that_names_a_later_law_question_is_found_in_a_case(library: Library) -> None:
    case = library.case("claim-with-a-finesse")
    assert case is not None and not list(leaks(case))
    law = next(q for q in case.questions if q.kind == "law")
    asked_last = replace(case, questions=[*(q for q in case.questions if q is not law), law])
    places = {leak.place for leak in leaks(asked_last, pane=law_pane(library.book))}
    assert any(place.startswith("the feedback on") for place in places)
    assert any(place.startswith("the law pane after") for place in places)


def test_the_table_does_not_show_the_contract_a_ruling_would_make(library: Library) -> None:
    """After West's 8♠ the engine puts a pass in its place, which ends the auction in 7NT: that is the
    answer to the case's first question, so the table at the director call shows no contract."""
    case = library.case("bid-of-eight-spades")
    assert case is not None
    state = replay(case.scenario()).at_director(case.scenario())
    assert state.contract is not None and str(state.contract).startswith("7NT")
    assert state.shown_contract is None and "7NT" not in table_panel_text(case)


def test_the_table_shows_the_contract_that_is_being_played(library: Library) -> None:
    case = library.case("claim-with-a-finesse")
    assert case is not None
    state = replay(case.scenario()).at_director(case.scenario())
    assert state.shown_contract == state.contract and state.contract is not None
    assert "4S by South" in table_panel_text(case)
