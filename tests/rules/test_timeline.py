"""The replay: each event moves the table on, and irregular calls and plays are recorded as made."""

from pathlib import Path

from scenarios import DEAL, FOUR_SPADES, event, scenario

from app.bridge.calls import parse_call
from app.bridge.cards import Card
from app.bridge.rota import board_conditions
from app.bridge.seats import Seat
from app.content.cases.loader import read_case
from app.rules.scenario import AuctionCall, Event, Scenario
from app.rules.timeline import replay


def _scenario(auction: list[str], events: list[Event], board: int = 1) -> Scenario:
    dealer, vul = board_conditions(board)
    return Scenario(DEAL, board, dealer, vul, [AuctionCall(parse_call(c)) for c in auction], events)


def test_the_auction_gives_the_contract_and_play_follows_it() -> None:
    events = [
        Event("play", seat=Seat.WEST, cards=(Card.parse("HT"),)),
        Event("trick", cards=tuple(Card.parse(c) for c in ("H2", "HQ", "HA"))),
        Event("expose", seat=Seat.EAST, cards=(Card.parse("DK"),)),
        Event("claim", seat=Seat.SOUTH, text="The rest are mine."),
        Event("director"),
    ]
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], events, board=3))
    assert timeline.contract is not None
    assert str(timeline.contract) == "4S" and timeline.contract.declarer is Seat.SOUTH
    first = timeline.states[1]
    assert first.current_trick == ((Seat.WEST, Card.parse("HT")),) and first.dummy_visible
    after_trick = timeline.states[2]
    assert after_trick.quitted[0].winner is Seat.SOUTH and after_trick.current_trick == ()
    assert Card.parse("HA") not in (after_trick.hands[Seat.SOUTH] or ())
    assert timeline.states[3].exposed[Seat.EAST] == (Card.parse("DK"),)
    assert timeline.states[4].balloons[0].text == "The rest are mine."
    assert timeline.states[4].exposed[Seat.EAST] == (Card.parse("DK"),)
    assert timeline.states[5].director_called
    # the claim statement is still on the table when the director arrives to rule on it
    assert timeline.states[5].balloons == timeline.states[4].balloons


def test_a_claim_statement_stands_at_the_director_call_and_other_words_do_not() -> None:
    events = [
        Event("play", seat=Seat.WEST, cards=(Card.parse("HT"),)),
        Event("claim", seat=Seat.SOUTH, text="The rest are mine."),
        Event("say", seat=Seat.EAST, text="How are you playing the diamonds?"),
        Event("director"),
    ]
    states = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], events, board=3)).states
    assert [b.text for b in states[4].balloons] == ["The rest are mine."]  # the statement, not the question
    words = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], [events[0], events[2], events[3]], board=3)).states
    assert words[3].balloons == ()  # only what was said, and no claim: the step shows its own words


def test_a_call_out_of_rotation_is_recorded_with_whose_turn_it_was() -> None:
    events = [Event("call", seat=Seat.NORTH, call=parse_call("1S")), Event("call", seat=Seat.SOUTH, call=parse_call("1H"))]
    timeline = replay(_scenario([], events, board=1))
    first, second = timeline.calls
    assert first.in_rotation
    assert second.seat is Seat.SOUTH and second.expected is Seat.EAST and not second.in_rotation


def test_a_lead_by_the_wrong_defender_is_recorded_as_out_of_turn() -> None:
    events = [Event("play", seat=Seat.EAST, cards=(Card.parse("HQ"),))]
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], events, board=3))
    record = timeline.plays[0]
    assert record.is_lead and record.expected is Seat.WEST and not record.in_turn


def _events(*texts: str) -> list[Event]:
    return [event(t) for t in texts]


def test_a_replacement_call_is_in_rotation_and_the_contract_follows_the_calls_that_stand() -> None:
    timeline = replay(_scenario([], _events("N:1S", "E:1D", "director", "E:2D", "S:P", "W:P", "N:P"), board=1))
    assert [c.in_rotation for c in timeline.calls] == [True, True, True, True, True, True]
    assert str(timeline.contract) == "2D" and timeline.contract is not None and timeline.contract.declarer is Seat.EAST
    assert timeline.states[-1].contract == timeline.contract


def test_the_turn_reverts_after_a_call_out_of_rotation_is_cancelled() -> None:
    timeline = replay(_scenario([], _events("S:1S", "director", "N:1H", "E:P", "S:2S"), board=1))
    assert [(c.seat, c.expected) for c in timeline.calls] == [
        (Seat.SOUTH, Seat.NORTH), (Seat.NORTH, Seat.NORTH), (Seat.EAST, Seat.EAST), (Seat.SOUTH, Seat.SOUTH)]


def test_a_call_after_the_final_pass_had_no_turn() -> None:
    timeline = replay(_scenario(["1NT", "P", "P", "P"], _events("E:2C"), board=1))
    assert timeline.calls[-1].expected is None and not timeline.calls[-1].in_rotation


def test_a_card_shown_in_the_auction_lies_face_up_and_goes_back_to_declarer() -> None:
    timeline = replay(_scenario([], _events("E:1H", "expose E:HQ", "S:P", "W:P", "N:P", "play S:C6"), board=2))
    assert timeline.states[2].exposed[Seat.EAST] == (Card.parse("HQ"),)
    assert timeline.states[-1].exposed[Seat.EAST] == ()  # East declares: Law 24D


def test_a_retracted_opening_lead_stays_face_up_before_the_offender() -> None:
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], _events("play E:HQ", "director", "play W:HT"),
                                board=3))
    last = timeline.states[-1]
    assert last.current_trick == ((Seat.WEST, Card.parse("HT")),)
    assert last.exposed[Seat.EAST] == (Card.parse("HQ"),)


def test_declarer_spreading_after_an_opening_lead_out_of_turn_becomes_dummy() -> None:
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], _events("play E:HQ", "accept S:spread"), board=3))
    assert timeline.contract is not None and timeline.contract.declarer is Seat.NORTH
    assert timeline.states[-1].dummy is Seat.SOUTH


def test_presumed_declarer_who_starts_to_spread_becomes_dummy_when_play_resumes() -> None:
    """Law 54A: he exposed a card in beginning to spread after East's opening lead out of turn. The table at
    the director's call still shows him as presumed declarer; the hands change places once play goes on."""
    events = ["play E:HQ", "expose S:HA", "accept S:false", "director", "play S:H7"]
    built = scenario(events, board=3, auction=FOUR_SPADES)
    timeline = replay(built)
    at_call = timeline.at_director(built)
    assert at_call.contract is not None and at_call.contract.declarer is Seat.SOUTH
    assert at_call.exposed[Seat.SOUTH] == (Card.parse("HA"),)
    assert timeline.contract is not None and timeline.contract.declarer is Seat.NORTH
    assert [str(card) for _, card in timeline.states[-1].current_trick] == ["HQ", "H7"]  # his refusal came too late
    stopped = replay(scenario(events[:4], board=3, auction=FOUR_SPADES))
    assert stopped.contract is not None and stopped.contract.declarer is Seat.NORTH


def test_the_hands_as_dealt_stay_with_every_state_and_say_when_every_card_is_played() -> None:
    case, problems = read_case(Path(__file__).parents[2] / "content" / "cases" / "revoke-trick-won-in-dummy.yaml")
    assert case is not None and not problems
    built = case.scenario()
    timeline = replay(built)
    at_call = timeline.at_director(built)
    assert len(at_call.quitted) == 13 and at_call.played_out  # the director is called after the last trick
    assert all(hand is not None and not len(hand) for hand in at_call.hands.values())
    assert at_call.dealt == {seat: built.deal[seat] for seat in Seat}
    assert all(state.dealt == at_call.dealt for state in timeline)
    assert [state.played_out for state in timeline] == [len(state.quitted) == 13 for state in timeline]
    assert sum(1 for state in timeline if not state.played_out) == 13  # before the last trick, cards are left
