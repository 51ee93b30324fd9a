"""The play as it stands: leads taken back, revokes corrected, early and premature cards."""

from scenarios import DEAL

from app.bridge.cards import Card
from app.bridge.contract import parse_contract
from app.bridge.seats import Seat
from app.rules.card_actions import CardKind
from app.rules.table_play import TablePlay

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def table(*plays: str) -> TablePlay:
    """4S by South; plays as 'W:HT', 'director'."""
    play = TablePlay(DEAL, parse_contract("4S", "S"))
    for index, item in enumerate(plays):
        if item == "director":
            play.director()
            continue
        seat, card = item.split(":")
        play.act(Seat.parse(seat), Card.parse(card), index)
    return play


def test_the_right_leader_leading_takes_back_a_lead_out_of_turn() -> None:
    play = table("E:HQ", "director", "W:HT")
    assert [str(p.card) for p in play.play.current] == ["HT"]
    withdrawal = play.withdrawals[0]
    assert play.actions[withdrawal.action].card == Card.parse("HQ") and withdrawal.face_up  # Law 54D
    assert play.face_up()[E] == (Card.parse("HQ"),)


def test_a_proper_lead_before_anyone_notices_returns_the_card_to_hand() -> None:
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "W:CT", "S:S6")
    assert not play.withdrawals[0].face_up  # Law 53B
    assert play.face_up()[W] == ()


def test_the_next_hand_playing_accepts_a_lead_out_of_turn() -> None:
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "W:CT", "N:C2")
    assert play.withdrawals == [] and play.actions[-1].in_turn


def test_declarer_spreading_his_hand_makes_dummy_declarer() -> None:
    play = table("E:HQ")
    play.spread()
    assert play.declarer is N and play.due() is S  # the lead is now in turn; South's hand plays next


def test_a_revoke_corrected_in_the_trick_just_quitted_changes_its_winner() -> None:
    # East ruffs a club with the spade four holding clubs and wins; noticed before his side plays again.
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "S:C6", "W:C5", "N:C2", "E:S4", "director", "E:CK")
    assert play.actions[-1].kind is CardKind.CORRECTION
    assert play.play.tricks[1].winner is E  # still East: the king of clubs is the highest club
    assert play.withdrawals[-1].face_up  # Law 62B1: the spade four is a major penalty card
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "S:C6", "W:C5", "N:C2", "E:S4", "director", "E:C4")
    assert play.play.tricks[1].winner is S  # with the four of clubs, declarer's six wins


def test_a_card_led_to_the_next_trick_too_soon_is_not_played() -> None:
    play = table("W:HT", "N:HK", "E:H4", "S:H7", "N:SA", "E:S4", "S:S6", "E:D2")
    action = play.actions[-1]
    assert action.kind is CardKind.NOT_PLAYED and action.is_lead and action.trick == 3
    assert len(play.play.current) == 3 and play.face_up()[E] == (Card.parse("D2"),)  # Law 57A


def test_a_card_played_at_rhos_turn_goes_to_the_trick_at_its_proper_turn() -> None:
    play = table("W:HT", "E:HQ", "N:H2")
    assert [p.seat for p in play.play.current] == [W, N, E]  # Law 57D
    illegal = table("W:HT", "E:D2", "N:H2")
    assert [p.seat for p in illegal.play.current] == [W, N] and illegal.face_up()[E] == (Card.parse("D2"),)


def test_a_defender_playing_before_partner_after_declarer_played_both_hands_has_played() -> None:
    play = table("W:HT", "N:HK", "E:H4", "S:H7", "N:SA", "S:S6", "W:S3")
    assert [p.seat for p in play.play.current] == [N, S, W] and play.due() is E  # Law 57C1


def _with_shown(shown: str, *plays: str) -> TablePlay:
    """``table(*plays)`` with West's card ``shown`` exposed after trick two, which East won."""
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "S:D9", "W:D6", "N:D4", "E:DK")
    play.show(W, Card.parse(shown))
    for index, item in enumerate(plays, len(play.actions)):
        if item == "director":
            play.director()
        else:
            seat, card = item.split(":")
            play.act(Seat.parse(seat), Card.parse(card), index)
    return play


def test_a_lead_before_declarer_chose_his_option_is_not_played() -> None:
    """Law 50D2: with West's major penalty card on the table, East may not lead until declarer chooses."""
    play = _with_shown("CT", "E:HJ")
    assert play.actions[-1].kind is CardKind.BEFORE_OPTION
    assert play.play.current == [] and play.due() is E
    assert play.face_up()[E] == (Card.parse("HJ"),)  # a penalty card now (Law 49)


def test_after_the_director_has_given_declarer_his_choice_the_lead_is_played() -> None:
    play = _with_shown("CT", "director", "E:HJ")
    assert play.actions[-1].kind is CardKind.PLAYED and [str(p.card) for p in play.play.current] == ["HJ"]


def test_a_minor_penalty_card_does_not_hold_up_partners_lead() -> None:
    play = _with_shown("C5", "E:HJ")  # a single low card: minor (Law 50B), no lead options (Law 50C)
    assert play.actions[-1].kind is CardKind.PLAYED


def test_a_card_omitted_is_supplied_to_its_trick_when_noticed_in_time() -> None:
    """Law 67A1: East never played to trick two; North has led to trick three when the director comes, so
    East's next card goes to trick two, and North's lead stands."""
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "S:S6", "W:S3", "N:SA")
    assert play.turn(7)
    play.act(Seat.NORTH, Card.parse("SK"), 8)
    play.director(9)
    (omitted,) = play.defects
    assert (omitted.seat, omitted.trick, omitted.law) == (E, 2, "67A1")
    play.act(E, Card.parse("S4"), 10)
    assert omitted.supplied == len(play.actions) - 1
    assert [str(p.card) for p in play.play.tricks[1].plays] == ["S6", "S3", "SA", "S4"]
    assert [str(p.card) for p in play.play.current] == ["SK"]


def test_an_omission_found_after_both_sides_played_on_is_not_put_right() -> None:
    play = table("W:HT", "N:H2", "E:HQ", "S:HA", "S:S6", "W:S3", "N:SA")
    play.turn(7)
    for index, item in enumerate(("N:SK", "E:S4", "S:S7", "W:H5"), 8):
        seat, card = item.split(":")
        play.act(Seat.parse(seat), Card.parse(card), index)
    play.director(12)
    assert (play.defects[0].law, play.defects[0].holds_suit_led) == ("67B1", True)  # East still holds spades
    assert len(play.play.tricks[1].plays) == 3


def test_an_extra_card_goes_back_to_its_hand_when_play_resumes() -> None:
    """Law 67B2: West's only spade went unseen with his heart to trick one; once it is back, his club on
    the spade lead at trick two was a revoke."""
    play = table("W:HT", "N:H2", "E:HQ", "S:HA")
    play.extra(W, Card.parse("S3"), 4)
    for index, item in enumerate(("S:S6", "W:C5", "N:SA", "E:S4", "N:SK"), 5):
        seat, card = item.split(":")
        play.act(Seat.parse(seat), Card.parse(card), index)
    play.director(10)
    assert play.defects[0].law == "67B2"
    assert Card.parse("S3") not in (play.play.remaining[W] or ())  # not until play resumes
    play.restore()
    assert Card.parse("S3") in (play.play.remaining[W] or ())
    assert next(a for a in play.actions if a.card == Card.parse("C5")).revoke
