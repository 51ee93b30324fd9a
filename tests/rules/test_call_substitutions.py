"""Calls that take another call's place: the intended call after an unintended one (Law 25A), the call
after an attempted double in place of an insufficient bid (Law 27B3), and the free correction of an
artificial insufficient bid by what it specified (Law 27B1(a))."""

from app.bridge.calls import Denomination, parse_call
from app.bridge.seats import Seat
from app.rules.call_entries import CallKind, Duty, Resolution, is_free_correction
from app.rules.legal_auction import LegalAuction

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def calls(legal: LegalAuction, *steps: str) -> LegalAuction:
    """'E:1D' a call, 'E:1D*' the intended call after an unintended one, 'director', 'refuse W', 'lead'."""
    for item in steps:
        if item == "director":
            legal.attention()
        elif item == "lead":
            legal.opening_lead()
        elif item.startswith("refuse"):
            legal.accept(Seat.parse(item.split()[1]), False)
        else:
            seat, call = item.split(":")
            legal.call(Seat.parse(seat), parse_call(call.rstrip("*")), intended=call.endswith("*"))
    return legal


def standing(legal: LegalAuction) -> list[str]:
    return [f"{s.seat.letter}:{s.call}" for s in legal.standing]


def test_an_intended_call_takes_the_unintended_ones_place_with_no_option() -> None:
    legal = calls(LegalAuction(N), "N:1D", "E:P", "S:1NT", "S:1S*", "W:P")
    assert standing(legal) == ["N:1D", "E:P", "S:1S", "W:P"]
    change = legal.entries[3]
    assert change.kind is CallKind.CHANGE and change.resolution is Resolution.SUBSTITUTED
    assert legal.entries[2].resolution is Resolution.CANCELLED
    assert legal.entries[4].kind is CallKind.IN_TURN  # West's pass is a call in turn, not an acceptance
    assert legal.obligations == []


def test_an_unintended_final_pass_may_be_replaced_until_the_opening_lead() -> None:
    # Law 25A5: the auction ended with West's pass; his double reopens it (Clarification Period).
    legal = calls(LegalAuction(S), "S:1H", "W:P", "N:4H", "E:P", "S:P", "W:P")
    assert legal.is_complete
    calls(legal, "W:X*")
    assert not legal.is_complete and legal.turn is N
    calls(legal, "N:P", "E:P", "S:P")
    assert str(legal.contract()) == "4HX"


def test_after_the_opening_lead_the_same_double_is_a_call_after_the_final_pass() -> None:
    legal = calls(LegalAuction(S), "S:1H", "W:P", "N:4H", "E:P", "S:P", "W:P", "lead", "W:X*")
    assert legal.entries[-1].kind is CallKind.AFTER_FINAL_PASS
    assert str(legal.contract()) == "4H"


def test_no_substitution_once_partner_has_called() -> None:
    # Law 25A4: North has called since South's 1NT, so South's 2S is an ordinary call out of rotation.
    legal = calls(LegalAuction(N), "N:1C", "E:1D", "S:1NT", "W:P", "N:2NT", "S:2S*")
    assert legal.entries[-1].kind is CallKind.OUT_OF_ROTATION
    assert standing(legal)[2] == "S:1NT"


def test_the_call_after_a_cancelled_attempted_double_replaces_the_insufficient_bid() -> None:
    legal = calls(LegalAuction(N), "N:1S", "E:2H", "S:2D", "director", "refuse W", "S:X", "S:3D")
    double, replacement = legal.entries[3], legal.entries[4]
    assert double.resolution is Resolution.CANCELLED
    assert replacement.kind is CallKind.IN_TURN and replacement.replaces == double.number
    assert standing(legal) == ["N:1S", "E:2H", "S:3D"]
    barred = [o for o in legal.obligations if o.seat is N]
    assert [(o.duty, o.law, o.conditional) for o in barred] == [(Duty.PASS_THROUGHOUT, "27B3", False)]


def test_a_double_the_next_player_calls_over_stays_for_the_directors_judgement() -> None:
    legal = calls(LegalAuction(N), "N:1S", "E:2H", "S:2D", "director", "refuse W", "S:X", "W:P")
    assert standing(legal) == ["N:1S", "E:2H", "S:X", "W:P"]
    barred = [o for o in legal.obligations if o.seat is N]
    assert [(o.law, o.conditional) for o in barred] == [("27B3", True)]


def _insufficient(specifies: tuple[Denomination, ...], replacement: str, alerted: bool = False) -> bool:
    legal = LegalAuction(N)
    legal.call(N, parse_call("1NT"))
    legal.call(E, parse_call("2S"))
    bid = legal.call(S, parse_call("2D"), alerted=True, specifies=specifies)
    return is_free_correction(bid, legal.call(S, parse_call(replacement), alerted=alerted))


def test_an_artificial_insufficient_bid_is_corrected_by_what_it_specified() -> None:
    hearts = (Denomination.HEARTS,)
    assert _insufficient(hearts, "3H")  # the transfer specified hearts: 3H is the lowest heart bid
    assert not _insufficient(hearts, "3D")  # its own denomination is not what it specified
    assert not _insufficient(hearts, "4H")  # not the lowest
    assert not _insufficient(hearts, "3H", alerted=True)  # an artificial replacement: the director decides
    assert not _insufficient((), "3H")  # nothing said about what the alerted bid specified
    assert not _insufficient((Denomination.HEARTS, Denomination.SPADES), "3H")  # two suits, one named


def test_the_left_hand_opponent_may_take_back_his_call_over_an_unintended_one() -> None:
    """Law 25A6: West doubled South's unintended 1NT; once 1S replaces it, West's next call, made before
    anyone else calls, takes the double's place."""
    legal = calls(LegalAuction(N), "N:1D", "E:P", "S:1NT", "W:X", "S:1S*", "W:P")
    assert standing(legal) == ["N:1D", "E:P", "S:1S", "W:P"]
    assert legal.entries[3].resolution is Resolution.WITHDRAWN
    assert legal.entries[5].kind is CallKind.IN_TURN and legal.entries[5].replaces == 3
    assert legal.turn is N


def test_once_another_player_calls_the_left_hand_opponents_call_stands() -> None:
    legal = calls(LegalAuction(N), "N:1D", "E:P", "S:1NT", "W:X", "S:1S*", "N:2S", "E:P", "S:P", "W:P")
    assert standing(legal) == ["N:1D", "E:P", "S:1S", "W:X", "N:2S", "E:P", "S:P", "W:P"]
    assert legal.entries[3].resolution is Resolution.STANDS
    assert legal.entries[8].replaces is None
