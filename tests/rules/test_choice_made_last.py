"""The engine rules on a choice once it is made, whether or not the events go on after it.

A refusal (``accept: false``) or a card played at RHO's turn can be the last
event of a case; the engine must then say what it says when the auction or the
play continues (Laws 25B2, 27B, 29B–31, 54D, 55B, 56B, 57D).
"""

import pytest
from scenarios import FOUR_SPADES, scenario

from app.bridge.cards import Card
from app.bridge.seats import Seat
from app.rules.card_actions import CardKind
from app.rules.engine import analyse
from app.rules.timeline import replay

# (events up to the choice, the events that may follow it, board, auction)
CHOICES = [
    (["play E:HQ", "director", "accept S:false"], ["play W:HT"], 3, FOUR_SPADES),  # 54D
    (["play E:HQ", "accept S:false", "director"], ["play W:HT"], 3, FOUR_SPADES),  # 54D, refused before the call
    (["trick HT H2 HQ HA", "play E:D2", "director", "accept S:false"], ["play S:S6"], 3, FOUR_SPADES),  # 56B
    (["trick HT H2 HQ H7", "play S:S6", "director", "accept W:false"], ["play E:C4"], 3, FOUR_SPADES),  # 55B1
    (["trick HT H2 HQ HA", "play N:S2", "director", "accept E:false"], ["play S:S6"], 3, FOUR_SPADES),  # 55B2
    (["play W:HT", "play E:HQ", "director"], ["play N:H2"], 3, FOUR_SPADES),  # 57D, legal
    (["play W:HT", "play E:D2", "director"], ["play N:H2"], 3, FOUR_SPADES),  # 57D, not legal
    (["E:P", "director", "accept S:false"], ["N:P"], 1, []),  # 30A
    (["W:P", "director", "accept N:false"], ["N:1C"], 1, []),  # 30B1
    (["S:1H", "director", "accept W:false"], ["N:P"], 1, []),  # 31B
    (["N:1C", "E:1D", "S:1S", "S:1NT", "director", "accept W:false"], ["W:P"], 1, []),  # 25B2
    (["N:1S", "E:1D", "director", "accept S:false"], ["E:3D"], 1, []),  # 27B
]


@pytest.mark.parametrize(("events", "more", "board", "auction"), CHOICES, ids=[" ".join(c[0]) for c in CHOICES])
def test_the_ruling_does_not_wait_for_the_events_after_the_choice(events: list[str], more: list[str], board: int,
                                                                   auction: list[str]) -> None:
    stopped = analyse(scenario(events, board=board, auction=auction))
    going_on = analyse(scenario(events + more, board=board, auction=auction))
    assert stopped.primary is not None and going_on.primary is not None
    assert not stopped.problems and not going_on.problems
    keys = ("irregularity", "offender", "options_to", "accepted", "rectification", "penalty_card",
            "declarer_lead_options")
    first = {k: stopped.primary.facts.get(k) for k in keys}
    then = {k: going_on.primary.facts.get(k) for k in keys}
    assert first == then
    if any(e.startswith("accept") for e in events):
        assert first["accepted"] is False  # the refusal is the choice: the call or lead is not accepted


def test_a_bid_out_of_rotation_at_rhos_turn_refused_last_waits_only_for_rhos_call() -> None:
    analysis = analyse(scenario(["E:1H", "director", "accept S:false"]))
    finding = analysis.primary
    assert finding is not None and finding.facts["accepted"] is False  # Law 29B: cancelled
    assert "rectification" not in finding.facts  # 31A1 or 31A2: North's call decides
    assert "North's call" in finding.unknown["offender_must_repeat"]


def test_a_refused_lead_leaves_the_trick_and_lies_face_up_at_once() -> None:
    case = scenario(["play E:HQ", "director", "accept S:false"], board=3, auction=FOUR_SPADES)
    timeline = replay(case)
    last = timeline.states[-1]
    assert last.current_trick == ()  # the lead is retracted: West, the right leader, is to lead
    assert last.exposed[Seat.EAST] == (Card.parse("HQ"),)  # a major penalty card (Law 54D)
    assert timeline.table is not None and timeline.table.due() is Seat.WEST


def test_a_refused_lead_by_declarer_goes_back_to_his_hand() -> None:
    case = scenario(["trick HT H2 HQ H7", "play S:S6", "director", "accept W:false"], board=3, auction=FOUR_SPADES)
    last = replay(case).states[-1]
    assert last.current_trick == () and last.exposed[Seat.SOUTH] == ()  # Laws 48A, 55B1
    assert Card.parse("S6") in last.hands[Seat.SOUTH]


def test_only_the_option_holder_refuses_a_defenders_lead() -> None:
    # Dummy has no say over a lead out of turn (Law 56: declarer chooses).
    analysis = analyse(scenario(["play E:HQ", "director", "accept N:false"], board=3, auction=FOUR_SPADES))
    assert analysis.primary is not None and "accepted" not in analysis.primary.facts


def test_a_card_played_illegally_at_rhos_turn_is_a_penalty_card_before_his_turn_comes() -> None:
    # East holds hearts, so the two of diamonds cannot go to a heart trick (Law 57D).
    case = scenario(["play W:HT", "play E:D2", "director"], board=3, auction=FOUR_SPADES)
    timeline = replay(case)
    assert timeline.table is not None
    action = timeline.table.actions[-1]
    assert action.kind is CardKind.EARLY and not action.legal_to_trick
    assert timeline.states[-1].exposed[Seat.EAST] == (Card.parse("D2"),)
    legal = replay(scenario(["play W:HT", "play E:HQ", "director"], board=3, auction=FOUR_SPADES))
    assert legal.table is not None and legal.table.actions[-1].legal_to_trick
    assert legal.states[-1].exposed[Seat.EAST] == ()


def test_a_legal_card_played_at_rhos_turn_lies_before_its_owner_until_his_turn() -> None:
    early = replay(scenario(["play W:HT", "play E:HQ", "director"], board=3, auction=FOUR_SPADES)).states[-1]
    assert early.current_trick == ((Seat.WEST, Card.parse("HT")), (Seat.EAST, Card.parse("HQ")))
    assert Card.parse("HQ") not in early.hands[Seat.EAST] and early.exposed[Seat.EAST] == ()
    turn = replay(scenario(["play W:HT", "play E:HQ", "director", "play N:H2"], board=3,
                           auction=FOUR_SPADES)).states[-1]
    assert [seat for seat, _ in turn.current_trick] == [Seat.WEST, Seat.NORTH, Seat.EAST]  # played at his turn
