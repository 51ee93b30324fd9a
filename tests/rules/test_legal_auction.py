"""The legal auction: which calls stand, whose turn it is and who must pass, worked out from the laws."""

from app.bridge.calls import parse_call
from app.bridge.seats import Seat
from app.rules.call_entries import CallKind, Duty, Relation, Resolution, lowest_sufficient
from app.rules.legal_auction import LegalAuction

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def auction(dealer: Seat, *steps: str) -> LegalAuction:
    """Steps: 'E:1D' a call, 'director', 'accept W' or 'refuse W'."""
    legal = LegalAuction(dealer)
    for item in steps:
        if item == "director":
            legal.attention()
        elif item.startswith(("accept", "refuse")):
            legal.accept(Seat.parse(item.split()[1]), item.startswith("accept"))
        else:
            seat, call = item.split(":")
            legal.call(Seat.parse(seat), parse_call(call))
    return legal


def standing(legal: LegalAuction) -> list[str]:
    return [f"{s.seat.letter}:{s.call}" for s in legal.standing]


def test_an_accepted_insufficient_bid_becomes_the_contract() -> None:
    # Law 27A1: accepted, it is treated as legal; three passes then end the auction.
    legal = auction(N, "N:1S", "E:1D", "S:P", "W:P", "N:P")
    assert str(legal.contract()) == "1D" and legal.contract().declarer is E  # type: ignore[union-attr]


def test_a_replacement_stands_in_the_insufficient_bids_place() -> None:
    legal = auction(N, "N:1S", "E:1D", "director", "E:2D", "S:P", "W:P", "N:P")
    assert standing(legal) == ["N:1S", "E:2D", "S:P", "W:P", "N:P"]
    first, second = legal.entries[1], legal.entries[2]
    assert first.kind is CallKind.INSUFFICIENT and first.resolution is Resolution.CANCELLED
    assert second.replaces == 1 and second.turn is E and not second.premature


def test_lho_may_still_accept_after_a_premature_replacement() -> None:
    # Law 27C: the substitution stands unless the insufficient bid is accepted.
    legal = auction(N, "N:1S", "E:1D", "E:2D", "director", "accept S")
    assert legal.entries[2].premature
    assert standing(legal) == ["N:1S", "E:1D"]
    assert legal.entries[1].resolution is Resolution.ACCEPTED and legal.turn is S


def test_a_second_insufficient_bid_not_accepted_bars_partner_even_after_a_natural_correction() -> None:
    # Law 27B4 rules as 27B3: partner passes throughout, whatever the final replacement.
    legal = auction(N, "N:1S", "E:1D", "director", "E:1H", "E:2H")
    duties = legal.duties(W)
    assert [(d.duty, d.law, d.conditional) for d in duties] == [(Duty.PASS_THROUGHOUT, "27B4", False)]


def test_a_free_correction_brings_no_obligation_but_another_call_a_conditional_one() -> None:
    assert auction(N, "N:1S", "E:1D", "director", "E:2D").duties(W) == []
    conditional = auction(N, "N:1S", "E:1D", "director", "E:3D").duties(W)
    assert [(d.law, d.conditional) for d in conditional] == [("27B2", True)]


def test_the_same_bid_again_is_insufficient_and_its_free_correction_is_one_level_up() -> None:
    # East repeats North's 2H: it does not supersede it (Law 18B), so it is insufficient; 3H is the lowest
    # sufficient bid in hearts, so it corrects it freely (27B1(a)), while 2H again or 4H do not.
    legal = auction(N, "N:2H", "E:2H", "director", "E:3H")
    assert legal.entries[1].kind is CallKind.INSUFFICIENT
    assert lowest_sufficient(legal.entries[1].standing_before, legal.entries[1].call) == parse_call("3H")
    assert legal.duties(W) == []
    assert [(d.law, d.conditional) for d in auction(N, "N:2H", "E:2H", "director", "E:4H").duties(W)] == [
        ("27B2", True)]


def test_an_accepted_call_out_of_rotation_shifts_the_rotation() -> None:
    # Law 29A: East opened at North's turn and South called over it; North's turn was skipped.
    legal = auction(N, "E:1H", "S:1S", "W:P", "N:P", "E:P", "S:P")
    assert standing(legal)[:2] == ["E:1H", "S:1S"]
    assert legal.entries[0].relation is Relation.RHO and legal.entries[0].resolution is Resolution.ACCEPTED
    assert str(legal.contract()) == "1S"


def test_the_correct_player_calling_first_cancels_without_rectification() -> None:
    legal = auction(N, "E:1H", "N:1S")
    assert legal.entries[0].resolution is Resolution.CANCELLED_BY_TURN  # Law 28B
    assert legal.obligations == [] and legal.turn is E


def test_at_lhos_own_turn_his_call_after_the_director_reverts_the_auction() -> None:
    legal = auction(W, "S:P", "director", "W:P")
    assert legal.entries[0].relation is Relation.LHO
    assert legal.entries[0].resolution is Resolution.CANCELLED
    accepted = auction(W, "S:P", "director", "accept W", "W:P")
    assert accepted.entries[0].resolution is Resolution.ACCEPTED


def test_a_pass_out_of_rotation_at_rhos_turn_makes_the_offender_pass_once() -> None:
    legal = auction(E, "S:P", "director", "E:1C", "S:1H")
    assert legal.entries[2].kind is CallKind.BREAKS_PASS  # Law 30A, then Law 37
    assert legal.entries[2].broken is not None and legal.entries[2].broken.law == "30A"


def test_rho_passing_after_a_bid_out_of_rotation_requires_the_same_call() -> None:
    repeated = auction(E, "S:1S", "director", "E:P", "S:1S")
    assert repeated.entries[2].broken is None and repeated.entries[2].kind is CallKind.IN_TURN
    changed = auction(E, "S:1S", "director", "E:P", "S:2S")
    assert changed.entries[2].broken is not None and changed.entries[2].broken.law == "31A1"


def test_partner_is_barred_once_not_throughout_after_a_bid_out_of_rotation() -> None:
    legal = auction(N, "S:1S", "director", "N:1H", "E:P", "S:2S")
    assert [(d.seat, d.duty, d.law, d.conditional) for d in legal.obligations] == [
        (N, Duty.PASS_ONCE, "31B", True)]
    legal.call(W, parse_call("P"))
    legal.call(N, parse_call("P"))  # his next turn is over: the obligation is spent
    assert legal.obligations == []


def test_a_call_at_rhos_turn_when_rho_must_pass_counts_as_in_rotation() -> None:
    # East shows an honour (Law 24B), so West must pass at his next turn; North calls at West's turn.
    legal = auction(N, "N:1H", "E:P", "S:1NT")
    legal.exposed(E, "24B")
    entry = legal.call(N, parse_call("2H"))
    assert entry.kind is CallKind.IN_TURN  # Law 28A
    assert standing(legal)[-2:] == ["W:P", "N:2H"] and legal.obligations == [] and legal.turn is E


def test_an_inadmissible_double_noticed_after_the_lead_is_ignored_in_the_contract() -> None:
    legal = auction(N, "N:1NT", "E:P", "S:X", "W:P", "N:P", "E:P")
    assert str(legal.contract()) == "1NTX"
    legal.opening_lead()
    assert str(legal.contract()) == "1NT" and legal.entries[2].resolution is Resolution.DISREGARDED  # Law 36C


def test_lho_calling_over_an_inadmissible_double_cancels_it_and_every_later_call() -> None:
    legal = auction(N, "N:1NT", "E:P", "S:X", "W:P", "director")
    assert standing(legal) == ["N:1NT", "E:P"] and legal.turn is S  # Law 36A
    assert legal.obligations == []


def test_a_bid_of_eight_is_replaced_by_a_pass_and_bars_the_side() -> None:
    legal = auction(N, "N:7NT", "E:8C", "S:P", "director")
    assert standing(legal) == ["N:7NT", "E:P"] and legal.turn is S  # Law 38B: South's pass went with it
    assert {(d.seat, d.duty) for d in legal.obligations} == {(E, Duty.PASS_THROUGHOUT), (W, Duty.PASS_THROUGHOUT)}
    assert legal.entries[1].lho_called


def test_three_passes_that_skip_a_player_do_not_end_the_auction() -> None:
    legal = auction(N, "N:1H", "E:1S", "S:2S", "W:4S", "E:P", "S:P", "W:P")
    assert not legal.is_complete and legal.turn is N  # Law 17D3
    assert [e.resolution for e in legal.entries[4:]] == [Resolution.REVERTED] * 3


def test_a_call_after_the_final_pass_changes_nothing() -> None:
    legal = auction(N, "N:1NT", "E:P", "S:P", "W:P", "E:2C")
    assert legal.entries[-1].kind is CallKind.AFTER_FINAL_PASS and legal.entries[-1].turn is None
    assert str(legal.contract()) == "1NT"


def test_a_change_of_call_accepted_by_lho_replaces_the_first() -> None:
    legal = auction(N, "N:1C", "E:1D", "S:1S", "S:1NT", "W:P")
    assert standing(legal) == ["N:1C", "E:1D", "S:1NT", "W:P"]  # Law 25B1
    refused = auction(N, "N:1C", "E:1D", "S:1S", "S:1NT", "refuse W", "W:P")
    assert standing(refused) == ["N:1C", "E:1D", "S:1S", "W:P"]  # Law 25B2


def test_a_change_of_call_accepted_by_a_statement_also_withdraws_the_first() -> None:
    legal = auction(N, "N:1C", "E:1D", "S:1S", "S:1NT", "director", "accept W")
    assert standing(legal) == ["N:1C", "E:1D", "S:1NT"] and legal.turn is W
