"""Engine branches that no engine case reached: a concession that establishes a revoke, a remark at the
table, each way of writing a refusal, and what the table hears when a player accepts or refuses.
Expected values are taken from the 2017 law text (Laws 16B, 27A1, 63A3, 68, 71)."""

from __future__ import annotations

import pytest
from scenarios import FOUR_SPADES, event, scenario

from app.bridge.seats import Seat
from app.rules.engine import analyse
from app.rules.timeline import accepts, replay

REVOKE_BY_EAST = ["trick HT H2 HQ HA", "trick C6 C5 C2 S4"]  # East ruffs a club holding clubs, and wins


def judgement_laws(events: list[str], **kwargs: object) -> list[tuple[str, ...]]:
    return [item.laws for item in analyse(scenario(events, **kwargs)).all_judgement()]  # type: ignore[arg-type]


def test_a_concession_by_the_offending_side_establishes_the_revoke() -> None:
    analysis = analyse(scenario([*REVOKE_BY_EAST, "concede E:we lose the rest", "director"], board=3,
                                auction=FOUR_SPADES))
    assert analysis.conclusions()["established"] is True
    assert [s.laws for s in analysis.primary.steps][1] == ("63A3", "63B")  # type: ignore[union-attr]
    notes = [item.text for item in analysis.all_judgement()]
    assert notes[1].startswith("East conceded: play stops.")
    assert "A concession of a trick the side had in fact won, or could not lose by any normal play, is cancelled." \
        in notes
    assert judgement_laws([*REVOKE_BY_EAST, "concede E:the rest", "director"], board=3, auction=FOUR_SPADES) == [
        ("64C1", "12C1"), ("68", "68D", "69A", "70A"), ("71",), ("70B", "70C", "70D", "70E")]


def test_a_claim_is_not_a_concession() -> None:
    notes = analyse(scenario([*REVOKE_BY_EAST, "claim E:the rest are ours", "director"], board=3,
                             auction=FOUR_SPADES)).all_judgement()
    assert notes[1].text.startswith("East claimed: play stops.")
    assert all(item.laws != ("71",) for item in notes)


def test_a_remark_at_the_table_is_left_to_the_director() -> None:
    assert judgement_laws(["N:1S", "say E:That was quick", "E:P", "director"]) == [("16B", "20F", "21", "75", "12C1")]
    assert judgement_laws(["N:1S", "say E:Director, please!", "E:P", "director"]) == []  # calling him is no remark


@pytest.mark.parametrize(("word", "accepted"), [
    ("no", False), ("No", False), ("false", False), ("refuse", False), ("refused", False), ("declines", False),
    ("declined", False), ("yes", True), ("true", True), ("I accept it", True), ("spread", None),
])
def test_every_way_of_writing_a_refusal(word: str, accepted: bool | None) -> None:
    assert accepts(word) is accepted
    if accepted is not None:
        conclusions = analyse(scenario(["N:1S", "E:1D", "director", f"accept S:{word}"])).conclusions()
        assert conclusions["accepted"] is accepted


@pytest.mark.parametrize(("written", "heard"), [
    ("true", "I accept."), ("yes", "I accept."), ("", "I accept."), ("false", "I don't accept."),
    ("no", "I don't accept."), ("refused", "I don't accept."), ("declines", "I don't accept."),
    ("declined", "I don't accept."), ("refuse", "I don't accept."), ("spread", "I'll spread my hand and be dummy."),
    ("Fine, play on", "Fine, play on"),
])
def test_what_the_table_hears_when_a_player_answers(written: str, heard: str) -> None:
    timeline = replay(scenario(["N:1S", "E:1D", "director", f"accept S:{written}"]))
    balloon = timeline.states[4].balloons[0]
    assert (balloon.seat, balloon.kind, balloon.text) == (Seat.SOUTH, "accept", heard)
    assert event(f"accept S:{written}").text == written


def test_play_without_a_contract_is_a_problem_and_the_replay_presumes_one() -> None:
    case = scenario(["play W:HT", "director"], board=3)
    assert analyse(case).problems == [
        "the play starts without a contract: give contract: and declarer:, or an auction"]
    timeline = replay(case)
    # the player who leads is taken to be on declarer's left: 1NT by South, so that the lead can be replayed
    assert timeline.contract_presumed and str(timeline.contract) == "1NT"
    assert timeline.contract is not None and timeline.contract.declarer is Seat.SOUTH
    assert timeline.states[1].play_record is not None and timeline.states[1].play_record.card.symbol == "♥10"


def test_a_contract_without_a_result_or_the_whole_play_leaves_the_score_open() -> None:
    analysis = analyse(scenario(["trick HT H2 HQ HA", "director"], board=3, auction=FOUR_SPADES))
    assert "score_ns" not in analysis.conclusions() and "declarer_tricks" not in analysis.conclusions()
    for key in ("score_ns", "declarer_tricks"):
        assert analysis.why_unknown(key) == "the case gives no result and the play is not complete"


def test_the_director_step_is_the_state_he_arrives_to() -> None:
    called = scenario(["N:1S", "E:1D", "director", "E:2D"])
    timeline = replay(called)
    assert timeline.director_step(called) == 3 and timeline.at_director(called).director_called
    never = scenario(["N:1S", "E:P"])
    assert replay(never).director_step(never) == 2  # never called: the last step
    assert [state.step for state in replay(never)] == [0, 1, 2]


def test_each_step_shows_the_calls_so_far_and_only_its_own_words() -> None:
    states = replay(scenario(["N:1S!", "say E:hmm", "E:P", "director"])).states
    made = [[(c.seat, str(c.call), c.alerted) for c in state.calls] for state in states]
    assert made == [[], [(Seat.NORTH, "1S", True)], [(Seat.NORTH, "1S", True)],
                    [(Seat.NORTH, "1S", True), (Seat.EAST, "P", False)],
                    [(Seat.NORTH, "1S", True), (Seat.EAST, "P", False)]]
    assert [state.balloons for state in states][1:] == [(), (states[2].balloons[0],), (), ()]
    assert (states[2].balloons[0].seat, states[2].balloons[0].text) == (Seat.EAST, "hmm")
    assert all(state.play_record is None for state in states)


def test_a_card_seen_before_the_auction_is_explained_in_full() -> None:
    notes = analyse(scenario(["expose E:HQ", "N:1S", "director"])).judgement
    assert [(note.text, note.laws) for note in notes] == [(
        "A card was seen before the auction began: Law 24 does not apply; the card goes back to the hand and the "
        "director deals with the information, which may mean adjusting the players' positions, a redeal where "
        "allowed, or an adjusted score.", ("16D1", "16D2"))]


def test_the_engine_data_has_every_part_the_json_output_promises() -> None:
    analysis = analyse(scenario([*REVOKE_BY_EAST, "play E:DK", "director"], board=3, auction=FOUR_SPADES,
                                result=10))
    data = analysis.as_dict()
    assert list(data) == ["conclusions", "findings", "board", "judgement", "unknown", "problems"]
    assert list(data["findings"][0]) == ["irregularity", "offender", "event", "facts", "steps", "judgement", "unknown"]
    assert data["board"][0]["laws"] == ["64A", "77"]
    assert data["findings"][0]["judgement"][0]["laws"] == ["64C1", "12C1"]
