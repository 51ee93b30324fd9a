from __future__ import annotations

import pytest

from app.bridge.cards import Card, Suit
from app.bridge.contract import parse_contract
from app.bridge.deal import Deal, Hand
from app.bridge.errors import PlayError
from app.bridge.play import Play, PlayedCard, can_follow, is_revoke, trick_winner
from app.bridge.seats import Seat, Side

EXAMPLE = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
# Each player holds one whole suit: North spades, East hearts, South diamonds, West clubs.
ONE_SUIT_EACH = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def plays(*pairs: str) -> list[PlayedCard]:
    return [PlayedCard(Seat.parse(pair[0]), Card.parse(pair[1:])) for pair in pairs]


def test_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    trick = plays("WH5", "NHK", "EHQ", "SHA")
    assert trick_winner(trick, None) is Seat.SOUTH
    # A higher card of another suit does not win (Law 44F).
    assert trick_winner(plays("WH5", "NSA", "EH6", "SC2"), None) is Seat.EAST


def test_highest_trump_wins() -> None:
    trick = plays("WH5", "NHK", "ES2", "SHA")
    assert trick_winner(trick, Suit.SPADES) is Seat.EAST
    assert trick_winner(plays("WH5", "NS3", "ES2", "SHA"), Suit.SPADES) is Seat.NORTH
    # A trick with no trump in it goes to the suit led even in a trump contract (Law 44E/F).
    assert trick_winner(trick, Suit.CLUBS) is Seat.SOUTH


def test_winner_of_an_unfinished_trick_and_of_none() -> None:
    assert trick_winner(plays("WH5", "NHK"), None) is Seat.NORTH
    with pytest.raises(PlayError):
        trick_winner([], None)


def test_following_suit_and_revokes() -> None:
    hand = Hand.from_pbn("3.T965.T876.T985")
    assert can_follow(hand, Suit.SPADES)
    assert is_revoke(hand, Suit.SPADES, Card.parse("C5"))
    assert not is_revoke(hand, Suit.SPADES, Card.parse("S3"))
    void = hand.without(Card.parse("S3"))
    assert not can_follow(void, Suit.SPADES)
    assert not is_revoke(void, Suit.SPADES, Card.parse("C5"))


def test_whole_deal_in_a_trump_contract() -> None:
    # 1S by North: East leads; every trick is ruffed or won by North's spades.
    contract = parse_contract("1S", "N")
    play = Play(ONE_SUIT_EACH, contract)
    assert play.opening_leader is Seat.EAST and play.dummy is Seat.SOUTH
    while not play.is_finished:
        play.play_in_turn(_only_card(play))
    assert play.tricks[0].plays == tuple(plays("EHA", "SDA", "WCA", "NSA"))
    assert play.tricks_won(Side.NS) == 13 and play.declarer_tricks == 13
    assert {trick.winner for trick in play.tricks} == {Seat.NORTH}
    assert not any(record.revoke for record in play.records)
    with pytest.raises(PlayError, match="all 13 tricks"):
        play.play(Seat.NORTH, "S2")


def _only_card(play: Play) -> str:
    """The highest card the player due to play still holds (they each hold one suit)."""
    hand = play.remaining[play.next_to_play()]
    assert hand is not None
    return str(max(hand.cards))


def test_whole_deal_at_no_trump() -> None:
    # 1NT by North: East leads hearts and wins every trick.
    play = Play(ONE_SUIT_EACH, parse_contract("1NT", "N"))
    while not play.is_finished:
        play.play_in_turn(_only_card(play))
    assert play.tricks_won(Side.EW) == 13 and play.declarer_tricks == 0
    assert {trick.winner for trick in play.tricks} == {Seat.EAST}


def test_replay_tracks_state_and_flags_a_revoke() -> None:
    # 4S by South: West leads; trick 2 West discards a club while holding the S3.
    play = Play.from_cards(EXAMPLE, parse_contract("4S", "S"), ["H5", "H2", "HQ", "HA", "S6", "C5", "SA", "S4"])
    first, second = play.tricks
    assert first.winner is Seat.SOUTH and first.leader is Seat.WEST and first.led_suit is Suit.HEARTS
    assert second.winner is Seat.NORTH
    revoke = play.records[5]
    assert revoke.seat is Seat.WEST and revoke.revoke and revoke.in_turn and not revoke.is_lead
    assert not any(record.revoke for index, record in enumerate(play.records) if index != 5)
    assert play.next_to_play() is Seat.NORTH  # the winner of the last trick leads (Law 44G)
    assert play.trick_number == 3
    west = play.remaining[Seat.WEST]
    assert west is not None and len(west) == 11 and Card.parse("S3") in west
    assert play.tricks_won(Side.NS) == 2


def test_out_of_turn_play_is_recorded_not_refused() -> None:
    play = Play(EXAMPLE, parse_contract("4S", "S"))
    record = play.play(Seat.NORTH, "SA")  # dummy "leads" before West
    assert not record.in_turn and record.expected is Seat.WEST and record.is_lead
    assert play.current == plays("NSA")
    assert play.next_to_play() is Seat.EAST
    assert play.undo() == record
    assert play.current == [] and play.next_to_play() is Seat.WEST
    assert Card.parse("SA") in (play.remaining[Seat.NORTH] or ())


def test_undo_reopens_a_quitted_trick() -> None:
    play = Play.from_cards(EXAMPLE, parse_contract("4S", "S"), ["H5", "H2", "HQ", "HA"])
    assert len(play.tricks) == 1
    play.undo()
    assert play.tricks == [] and len(play.current) == 3 and play.next_to_play() is Seat.SOUTH


def test_impossible_plays_are_refused() -> None:
    play = Play(EXAMPLE, parse_contract("4S", "S"))
    with pytest.raises(PlayError, match="not in West's hand"):
        play.play(Seat.WEST, "SA")
    play.play(Seat.WEST, "H5")
    with pytest.raises(PlayError, match="already been played"):
        play.play(Seat.NORTH, "H5")
    with pytest.raises(PlayError, match="no card has been played"):
        Play(EXAMPLE, parse_contract("4S", "S")).undo()


def test_unknown_hands_can_still_play() -> None:
    deal = Deal.from_pbn("N:AKQ2.K32.Q54.A32 - T9876.A87.A9.J76 -")
    play = Play(deal, parse_contract("3NT", "S"))
    assert play.play(Seat.WEST, "HT").revoke is False  # a lead is never a revoke
    play.play(Seat.NORTH, "H2")
    assert play.play(Seat.EAST, "C4").revoke is None  # East's hand is unknown: cannot be told
    with pytest.raises(PlayError, match="not in West's hand"):
        play.play(Seat.WEST, "SA")  # West's hand is unknown, but North holds the ace


def test_a_trick_turned_over_short_is_won_on_the_cards_it_has() -> None:
    """Law 67: West never played to the first trick; it is won on three cards and its winner leads."""
    play = Play.from_cards(EXAMPLE, parse_contract("4S", "S"), ["H5", "H2", "HQ"])
    trick = play.turn_over()
    assert [str(p) for p in trick.plays] == ["W:H5", "N:H2", "E:HQ"] and trick.winner is Seat.EAST
    assert play.next_to_play() is Seat.EAST and play.trick_number == 2
    with pytest.raises(PlayError, match="no trick in progress"):
        play.turn_over()
    with pytest.raises(PlayError, match="cannot be undone"):
        play.undo()


def test_an_extra_card_leaves_the_hand_but_no_trick_counts_it() -> None:
    play = Play.from_cards(EXAMPLE, parse_contract("4S", "S"), ["H5", "H2", "HQ", "HA"])
    play.put_with_played(Seat.WEST, Card.parse("H6"))
    assert Card.parse("H6") not in (play.remaining[Seat.WEST] or ())
    assert play.set_aside == [(1, PlayedCard(Seat.WEST, Card.parse("H6")))]
    assert len(play.tricks[0].plays) == 4
    with pytest.raises(PlayError, match="already been played"):
        play.play(Seat.WEST, "H6")


def test_a_played_card_taken_back_may_be_played_again() -> None:
    play = Play.from_cards(EXAMPLE, parse_contract("4S", "S"), ["H5", "H2", "HQ", "HA"])
    play.take_back(Seat.WEST, Card.parse("H5"))
    assert Card.parse("H5") in (play.remaining[Seat.WEST] or ()) and play.tricks[0].winner is Seat.SOUTH
    with pytest.raises(PlayError, match="has not played"):
        play.take_back(Seat.NORTH, Card.parse("HK"))
