from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.cards import FULL_PACK, Card
from app.bridge.deal import Deal, Hand
from app.bridge.errors import DealError
from app.bridge.seats import SEATS, Seat

EXAMPLE = "N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985"


def test_reads_the_example_deal() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    north = deal.hand(Seat.NORTH)
    assert len(north) == 13
    assert Card.parse("SA") in north and Card.parse("HT") in deal.hand(Seat.WEST)
    assert str(north) == "♠AKQ2 ♥K32 ♦Q54 ♣A32"
    assert deal.holder(Card.parse("DA")) is Seat.SOUTH
    assert deal.to_pbn() == EXAMPLE


def test_first_seat_other_than_north() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    from_east = deal.to_pbn(Seat.EAST)
    assert from_east == "E:J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985 AKQ2.K32.Q54.A32"
    assert Deal.from_pbn(from_east) == deal


def test_unknown_hands() -> None:
    deal = Deal.from_pbn("S:T9876.A87.A9.J76 - AKQ2.K32.Q54.A32 -")
    assert deal[Seat.WEST] is None and deal[Seat.EAST] is None
    assert not deal.is_complete
    assert deal.to_pbn() == "N:AKQ2.K32.Q54.A32 - T9876.A87.A9.J76 -"
    assert deal.holder(Card.parse("SJ")) is None
    with pytest.raises(DealError, match="West's hand is not known"):
        deal.hand(Seat.WEST)


def test_voids() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert deal.hand(Seat.EAST).holding(Card.parse("HA").suit)[0].letter == "A"
    assert str(deal.hand(Seat.NORTH)).endswith("♥— ♦— ♣—")
    assert Deal.from_pbn(deal.to_pbn()) == deal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "N:AKQ2.K32.Q54.A32 AJ4.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985",
            "the ♠A appears in North's and East's hands",
        ),
        ("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T98", "West has 12 cards, needs 13"),
        ("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A8X.A9.J76 3.T965.T876.T985", "unknown rank 'X' in South's hearts"),
        ("N:AAQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985", "the ♠A appears twice in North's hand"),
        ("N:AKQ2.K32.Q54 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985", "North's hand 'AKQ2.K32.Q54' has 3"),
        ("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76", "has 3 hand"),
        ("AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985", "starts with the first hand's seat"),
        ("X:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985", "unknown first seat 'X'"),
    ],
)
def test_malformed_deals_are_explained(text: str, message: str) -> None:
    with pytest.raises(DealError, match=message):
        Deal.from_pbn(text)


def test_hand_helpers() -> None:
    hand = Hand.from_pbn("AKQ2.K32.Q54.A32")
    spade_ace = Card.parse("SA")
    assert hand.has_suit(spade_ace.suit)
    smaller = hand.without(spade_ace)
    assert spade_ace not in smaller and len(smaller) == 12
    assert Hand.of("SA", "SK").to_pbn() == "AK..."
    assert list(Hand.of("C2", "SA", "HK")) == [Card.parse("SA"), Card.parse("HK"), Card.parse("C2")]


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    pack = draw(st.permutations(FULL_PACK))
    hidden = draw(st.sets(st.sampled_from(SEATS), max_size=4))
    hands = {
        seat: None if seat in hidden else Hand(frozenset(pack[13 * index : 13 * index + 13]))
        for index, seat in enumerate(SEATS)
    }
    return Deal.from_hands(hands)


@given(deals(), st.sampled_from(SEATS))
def test_pbn_round_trip(deal: Deal, first: Seat) -> None:
    text = deal.to_pbn(first)
    assert text.startswith(f"{first.letter}:")
    assert Deal.from_pbn(text) == deal


@given(deals())
def test_every_card_has_one_holder_in_a_complete_deal(deal: Deal) -> None:
    if deal.is_complete:
        assert all(deal.holder(card) is not None for card in FULL_PACK)


def test_endplay_conversion_round_trip() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    assert Deal.from_endplay(deal.to_endplay()) == deal
    with pytest.raises(DealError, match="unknown hands"):
        Deal.from_pbn("N:AKQ2.K32.Q54.A32 - - -").to_endplay()
