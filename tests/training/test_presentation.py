"""Presenter mode's model, without a display: the steps a case is revealed in, the keys' moves, and
where the windows go on one, two or three screens."""

from pathlib import Path

import pytest

from app.bridge.seats import SEATS, Seat
from app.content.cases.loader import read_case
from app.rules.timeline import replay
from app.training.deal_analysis import played_cards
from app.training.feedback import model_answer_items
from app.training.presentation import Presentation, Screen, StepKind, build_steps, place_windows

CASES = Path(__file__).resolve().parents[2] / "content" / "cases"


def load(name: str):  # type: ignore[no-untyped-def]
    case, problems = read_case(CASES / f"{name}.yaml")
    assert case is not None, problems
    return case


def kinds(steps) -> list[StepKind]:  # type: ignore[no-untyped-def]
    return [step.kind for step in steps]


def test_a_claim_case_is_revealed_hand_by_hand_call_by_call_card_by_card() -> None:
    case = load("claim-with-a-finesse")
    steps = build_steps(case)
    scenario = case.scenario()
    timeline = replay(scenario)
    final = timeline.states[timeline.director_step(scenario)]

    board = steps[0]
    assert board.kind is StepKind.BOARD and board.caption == "Board 7: dealer South, both sides vulnerable"
    assert not board.shown and not board.state.calls and board.state.contract is None

    hands = [s for s in steps if s.kind is StepKind.HAND]
    assert [sorted(s.shown, key=SEATS.index) for s in hands] == [list(SEATS[:n]) for n in range(1, 5)]

    calls = [s for s in steps if s.kind is StepKind.CALL]
    assert [len(s.state.calls) for s in calls] == list(range(1, len(case.auction) + 1))
    assert calls[0].caption == "South: 1♠"
    assert all(s.state.contract is None for s in calls[:-1]) and str(calls[-1].state.contract) == "4S"

    cards = [s for s in steps if s.kind is StepKind.CARD]
    assert [len(played_cards(s.state)) for s in cards] == list(range(1, 25))  # one card a press
    assert cards[0].caption == "West leads the ♣K" and cards[1].caption == "North plays the ♣4"
    # A card leaves its owner's hand as it reaches the table.
    west = cards[0].state.hands[Seat.WEST]
    assert west is not None and len(west) == 12 and all(str(c) != "CK" for c in west)

    table_steps = [s for s in steps if s.kind not in (StepKind.QUESTION, StepKind.ANSWER, StepKind.RULING)]
    assert table_steps[-1].kind is StepKind.DIRECTOR and table_steps[-1].state == final
    assert [s.caption for s in table_steps[-4:-1]][0].startswith("South claims")

    tail = steps[len(table_steps):]
    assert kinds(tail) == [StepKind.QUESTION, StepKind.ANSWER] * len(case.questions) + [StepKind.RULING]
    for number, question in enumerate(case.questions):
        asked, answered = tail[2 * number], tail[2 * number + 1]
        assert asked.question is question and not asked.answer
        assert answered.answer == tuple(model_answer_items(question))
    tricks = next(s for s in tail if s.kind is StepKind.ANSWER and s.question.id == "tricks")
    assert tricks.answer == ("10",)  # ten tricks to North-South


def test_all_hands_at_once_and_only_the_hands_the_case_shows() -> None:
    case = load("claim-with-a-finesse")
    hands = [s for s in build_steps(case, hands_one_at_a_time=False) if s.kind is StepKind.HAND]
    assert len(hands) == 1 and hands[0].shown == frozenset(SEATS)
    stayman = load("stayman-two-clubs-over-two-notrump")
    shown = [s.shown for s in build_steps(stayman) if s.kind is StepKind.HAND]
    assert shown == [frozenset(stayman.show)]


def test_keys_move_blank_and_hide_and_listeners_hear_each() -> None:
    presentation = Presentation(load("claim-with-a-finesse"))
    heard: list[int] = []
    presentation.on_change(lambda: heard.append(presentation.index))
    assert not presentation.back() and presentation.index == 0
    assert presentation.next() and presentation.next()
    assert presentation.step.kind is StepKind.HAND and presentation.shown == {Seat.NORTH, Seat.EAST}
    presentation.toggle_hands()
    assert presentation.shown == frozenset() and presentation.step.shown == {Seat.NORTH, Seat.EAST}
    presentation.toggle_hands()
    presentation.toggle_blank()
    assert presentation.blanked
    presentation.next()  # moving on brings the screen back
    assert not presentation.blanked and presentation.index == 3
    assert presentation.notes().coming == "West's hand"
    while presentation.next():
        pass
    assert presentation.step.kind is StepKind.RULING and presentation.notes().coming == "The end"
    assert presentation.back() and presentation.step.kind is StepKind.ANSWER
    assert presentation.notes().answer == presentation.step.answer
    assert len(heard) >= 8


def test_windows_on_one_two_and_three_screens() -> None:
    laptop = Screen("laptop", 1366, 768, has_main_window=True)
    projector = Screen("projector", 1920, 1080)
    small = Screen("monitor", 1280, 1024)
    assert place_windows([laptop]) == (laptop, None)
    assert place_windows([laptop, projector]) == (projector, laptop)
    assert place_windows([projector, laptop]) == (projector, laptop)
    assert place_windows([small, laptop, projector]) == (projector, laptop)
    # The main window on the big screen: the notes stay with it, the room gets the other one.
    big_main = Screen("projector", 1920, 1080, has_main_window=True)
    assert place_windows([laptop.__class__("laptop", 1366, 768), big_main])[1] is big_main
    with pytest.raises(ValueError):
        place_windows([])


def test_a_claim_case_reaches_its_director_call_in_one_key_or_trick_by_trick() -> None:
    presentation = Presentation(load("claim-with-a-finesse"))
    presentation.to_director()
    assert presentation.step.kind is StepKind.DIRECTOR and presentation.step.state.director_called
    presentation.go_to(0)
    presses = 0
    while presentation.step.kind is not StepKind.DIRECTOR:
        if presentation.step.kind in (StepKind.CARD, StepKind.CALL) or presentation.upcoming.kind is StepKind.CARD:
            presentation.next_trick()
        else:
            presentation.next()
        presses += 1
    assert presses < 25  # card by card it took 52
    first_card = next(i for i, s in enumerate(presentation.steps) if s.kind is StepKind.CARD)
    presentation.go_to(first_card - 1)
    presentation.next_trick()  # the whole first trick: four cards on, turned and counted
    assert presentation.index == first_card + 3 and len(presentation.step.state.quitted) == 1
    presentation.next_trick()
    assert len(presentation.step.state.quitted) == 2 and presentation.steps[presentation.index + 1].leads
    presentation.previous_trick()
    assert presentation.index == first_card + 3


def test_the_step_list_names_every_step_and_going_to_one_shows_it() -> None:
    presentation = Presentation(load("claim-with-a-finesse"))
    outline = presentation.outline()
    assert len(outline) == len(presentation.steps) and outline[0].startswith("1. Board 7")
    answers = [line for line in outline if "Answer" in line]
    assert answers and all(line.split(". ", 1)[1].startswith("Answer ") for line in answers)  # no answer text
    heard: list[int] = []
    presentation.on_change(lambda: heard.append(presentation.index))
    presentation.toggle_blank()
    assert presentation.go_to(5) and presentation.index == 5 and not presentation.blanked and heard[-1] == 5
    assert not presentation.go_to(5) and presentation.go_to(10_000) and presentation.step.kind is StepKind.RULING


def test_an_order_question_is_put_to_the_room_shuffled_and_answered_with_its_letters() -> None:
    case = load("bid-out-of-rotation-rho-passes")
    question = next(q for q in case.questions if q.kind == "order")
    for seed in range(20):
        presentation = Presentation(case, seed=seed)
        shown = [item for _letter, item in presentation.lettered_items(question)]
        assert sorted(shown) == sorted(question.items)
        assert shown not in (list(question.items), list(reversed(question.items)))  # it would give the answer away
        letters = {item: mark for mark, item in presentation.lettered_items(question)}
        assert presentation.answer_text(question) == tuple(f"{letters[item]}. {item}" for item in question.items)


def test_the_questions_revealed_are_those_whose_answer_the_room_has_been_shown() -> None:
    presentation = Presentation(load("claim-with-a-finesse"))
    first, second = presentation.case.questions[:2]
    while presentation.step.kind is not StepKind.QUESTION:
        presentation.next()
    assert presentation.revealed == frozenset()
    presentation.next()
    assert presentation.step.kind is StepKind.ANSWER and presentation.revealed == {first.id}
    presentation.back()
    presentation.back()  # going back does not take the answer out of the room's memory
    assert presentation.revealed == {first.id}
    while presentation.step.question is not second or presentation.step.kind is not StepKind.ANSWER:
        presentation.next()
    assert presentation.revealed == {first.id, second.id}
