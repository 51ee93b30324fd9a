from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.cards import FULL_PACK, Card, Rank, Suit
from app.bridge.errors import NotationError
from app.bridge.seats import SEATS, Seat, Side


def test_suits_rank_spades_hearts_diamonds_clubs() -> None:
    # Law 1A
    assert sorted(Suit, key=lambda suit: suit.order) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert Suit.SPADES.symbol == "♠" and Suit.CLUBS.letter == "C"
    assert Suit.HEARTS.is_major and not Suit.DIAMONDS.is_major


def test_ranks_run_two_to_ace() -> None:
    assert [rank.letter for rank in sorted(Rank)] == list("23456789TJQKA")
    assert Rank.parse("t") is Rank.TEN and Rank.parse("10") is Rank.TEN
    assert Rank.TEN.display == "10"


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("SA", Suit.SPADES, Rank.ACE),
        ("HT", Suit.HEARTS, Rank.TEN),
        ("d2", Suit.DIAMONDS, Rank.TWO),
        ("♣K", Suit.CLUBS, Rank.KING),
        ("H10", Suit.HEARTS, Rank.TEN),
    ],
)
def test_card_parse(text: str, suit: Suit, rank: Rank) -> None:
    assert Card.parse(text) == Card(suit, rank)


@pytest.mark.parametrize("text", ["", "S", "XA", "S1", "SAA"])
def test_card_parse_rejects_nonsense(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_card_text_forms() -> None:
    card = Card(Suit.HEARTS, Rank.TEN)
    assert str(card) == "HT"
    assert card.symbol == "♥10"


def test_full_pack_has_52_different_cards() -> None:
    assert len(set(FULL_PACK)) == 52


def test_cards_order_by_suit_then_rank() -> None:
    assert Card.parse("C2") < Card.parse("CA") < Card.parse("D2") < Card.parse("SA")
    assert max(FULL_PACK) == Card.parse("SA")


@given(st.sampled_from(FULL_PACK))
def test_card_text_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card


def test_rotation_relations() -> None:
    assert Seat.NORTH.lho is Seat.EAST and Seat.NORTH.next is Seat.EAST
    assert Seat.NORTH.rho is Seat.WEST
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.WEST.lho is Seat.NORTH
    assert Seat.EAST.side is Side.EW and Seat.SOUTH.side is Side.NS
    assert Side.NS.other is Side.EW and Side.EW.seats == (Seat.EAST, Seat.WEST)


@given(st.sampled_from(SEATS), st.integers(-20, 20), st.integers(-20, 20))
def test_rotation_properties(seat: Seat, a: int, b: int) -> None:
    assert seat.lho.rho is seat
    assert seat.partner.partner is seat
    assert seat.lho.lho is seat.partner
    assert seat.offset(4) is seat
    assert seat.offset(a).offset(b) is seat.offset(a + b)
    assert seat.partner.side is seat.side and seat.lho.side is not seat.side
    assert seat.is_opponent_of(seat.rho) and not seat.is_opponent_of(seat.partner)


def test_seat_parse() -> None:
    assert Seat.parse("s") is Seat.SOUTH and Seat.parse("West") is Seat.WEST
    with pytest.raises(NotationError, match="unknown seat 'Q'"):
        Seat.parse("Q")


def test_a_pickled_card_comes_back_as_the_one_card_of_the_pack() -> None:
    """The window's cached library holds thousands of cards: each must come back equal, and as the one
    shared object for that card rather than a fresh copy."""
    for text in ("S2", "SA", "HT", "DQ", "C2", "CA"):
        card = Card.parse(text)
        back = pickle.loads(pickle.dumps(card))
        assert back == card and str(back) == text
        assert back is FULL_PACK[FULL_PACK.index(card)]
    assert pickle.loads(pickle.dumps(list(FULL_PACK))) == list(FULL_PACK)


def test_cards_read_from_files_are_the_packs_own_so_a_pickle_holds_each_once() -> None:
    """A deal read from PBN holds the pack's 52 card objects, so pickling many deals writes each card once
    and refers to it after (the cached library's cases: 23,000 cards)."""
    from app.bridge.deal import Deal

    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.432.J65 65432.J.AKQ.T987 .765432.JT98.AKQ")
    cards = [card for hand in (deal.north, deal.east, deal.south, deal.west) if hand for card in hand.cards]
    assert len(cards) == 52 and all(any(card is own for own in FULL_PACK) for card in cards)
    assert Card.parse("♥10") is Card.of(Suit.HEARTS, Rank.TEN)
    made = Card(Suit.HEARTS, Rank.TEN)  # a card made apart still equals, and hashes as, the pack's
    assert made == Card.parse("HT") and hash(made) == hash(Card.parse("HT")) and made in set(FULL_PACK)
    assert len({hash(card) for card in FULL_PACK}) == 52
    single = len(pickle.dumps(deal))  # its 52 cards written out: 594 bytes
    # Ten deals read apart: the cards are written once and referred to after (2,200 bytes; 5,008 when each
    # deal held cards of its own).
    assert len(pickle.dumps([Deal.from_pbn(deal.to_pbn()) for _ in range(10)])) < 5 * single
