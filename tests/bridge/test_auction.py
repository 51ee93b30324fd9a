from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.auction import Auction, lowest_sufficient_bid
from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination, parse_call
from app.bridge.contract import Doubling
from app.bridge.errors import CallError
from app.bridge.seats import SEATS, Seat


def bid(text: str) -> Bid:
    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


def test_rotation_starts_with_the_dealer() -> None:
    auction = Auction(Seat.EAST)
    assert auction.whose_turn() is Seat.EAST
    auction.add(PASS)
    auction.add(bid("1H"))
    assert auction.whose_turn() is Seat.WEST
    assert auction.last_bidder() is Seat.SOUTH


def test_sufficiency() -> None:
    auction = Auction.from_calls(Seat.NORTH, ["1S"])
    assert not auction.is_sufficient(bid("1D"))
    assert not auction.is_sufficient(bid("1S"))
    assert auction.is_sufficient(bid("1NT"))
    assert auction.is_sufficient(bid("2C"))
    assert Auction(Seat.NORTH).is_sufficient(bid("1C"))


def test_lowest_sufficient_bid() -> None:
    auction = Auction.from_calls(Seat.NORTH, ["1S"])
    assert auction.lowest_sufficient_bid(Denomination.DIAMONDS) == bid("2D")
    assert auction.lowest_sufficient_bid(Denomination.NOTRUMP) == bid("1NT")
    assert auction.lowest_sufficient_bid(Denomination.SPADES) == bid("2S")
    assert Auction.from_calls(Seat.NORTH, ["7NT"]).lowest_sufficient_bid(Denomination.CLUBS) is None
    assert Auction.from_calls(Seat.NORTH, ["7S"]).lowest_sufficient_bid(Denomination.NOTRUMP) == bid("7NT")


@pytest.mark.parametrize(("last", "denomination", "lowest"), [
    (None, Denomination.CLUBS, "1C"),
    ("2H", Denomination.HEARTS, "3H"),  # the same bid again does not supersede it (Law 18B)
    ("2H", Denomination.DIAMONDS, "3D"),
    ("2H", Denomination.SPADES, "2S"),
    ("2S", Denomination.NOTRUMP, "2NT"),
    ("2NT", Denomination.NOTRUMP, "3NT"),
    ("6NT", Denomination.CLUBS, "7C"),
    ("7H", Denomination.HEARTS, None),
    ("7NT", Denomination.SPADES, None),
])
def test_the_one_lowest_sufficient_bid(last: str | None, denomination: Denomination, lowest: str | None) -> None:
    found = lowest_sufficient_bid(bid(last) if last else None, denomination)
    assert (str(found) if found else None) == lowest
    if found is not None and last is not None:
        assert found > bid(last) and not Bid(found.level - 1, denomination) > bid(last)


def test_doubles_and_redoubles() -> None:
    auction = Auction.from_calls(Seat.NORTH, ["1S"])
    assert auction.legal_double() and not auction.legal_redouble()  # East may double North's bid
    auction.add(PASS)
    assert not auction.legal_double()  # South may not double partner
    auction.add(PASS)
    assert auction.legal_double()  # West may: only passes since North's bid
    auction.add(DOUBLE)
    assert auction.legal_redouble() and not auction.legal_double()  # North may redouble
    auction.add(PASS)
    assert not auction.legal_redouble()  # East may not redouble partner's double
    auction.add(PASS)
    assert auction.legal_redouble()  # South may redouble
    auction.add(REDOUBLE)
    assert not auction.legal_double() and not auction.legal_redouble()


def test_nothing_to_double_at_the_start() -> None:
    assert not Auction(Seat.SOUTH).legal_double()
    assert Auction(Seat.SOUTH).illegality(DOUBLE) is not None


@pytest.mark.parametrize(
    ("calls", "message"),
    [
        (["1S", "1D"], r"call 2 \(East's 1D\) is not legal: 1D does not supersede the last bid, 1S"),
        (["1S", "P", "X"], "Law 19A1"),
        (["1S", "XX"], "Law 19B1"),
        (["8C"], "Law 38"),
        (["P", "P", "P", "P", "1C"], "Law 39"),
        (["1C", "P", "P", "P", "P"], "Law 39"),
    ],
)
def test_illegal_calls_are_not_recorded(calls: list[str], message: str) -> None:
    with pytest.raises(CallError, match=message):
        Auction.from_calls(Seat.NORTH, calls)


def test_predicates_leave_the_auction_unchanged() -> None:
    auction = Auction.from_calls(Seat.NORTH, ["1S"])
    assert not auction.is_legal(bid("1D"))
    assert auction.calls == [bid("1S")]


def test_passed_out() -> None:
    auction = Auction.from_calls(Seat.WEST, ["P", "P", "P"])
    assert not auction.is_complete()
    auction.add(PASS)
    assert auction.is_complete() and auction.is_passed_out()
    assert auction.final_contract() is None
    assert auction.whose_turn() is None


def test_incomplete_auction_has_no_contract() -> None:
    auction = Auction.from_calls(Seat.NORTH, ["1S", "P", "P"])
    assert not auction.is_complete()
    with pytest.raises(CallError, match="not ended"):
        auction.final_contract()


@pytest.mark.parametrize(
    ("dealer", "calls", "contract", "declarer"),
    [
        ("N", "1S P P P", "1S", "N"),
        ("N", "1C P 1H P 4H P P P", "4H", "S"),  # South named hearts first
        ("E", "1S X P 2S P 3C P 4S P P P", "4S", "N"),  # East's spades do not count for North-South
        ("N", "1S X P P P", "1SX", "N"),
        ("N", "1S X XX P P P", "1SXX", "N"),
        ("N", "1S X 2H P P P", "2H", "S"),  # a later bid supersedes the double (Law 19C)
        ("N", "1S X P P XX P P P", "1SXX", "N"),
        ("W", "P 1NT X 2C X P P P", "2CX", "S"),  # South bid 2C after West passed
        ("N", "1H 1S 2H 2S 3H 3S P P X P P P", "3SX", "E"),
    ],
)
def test_final_contract_and_declarer(dealer: str, calls: str, contract: str, declarer: str) -> None:
    auction = Auction.from_calls(Seat.parse(dealer), calls.split())
    assert auction.is_complete() and not auction.is_passed_out()
    final = auction.final_contract()
    assert final is not None
    assert str(final) == contract
    assert final.declarer is Seat.parse(declarer)


def legal_calls(auction: Auction) -> list[Call]:
    calls: list[Call] = [PASS, DOUBLE, REDOUBLE]
    calls += [Bid(level, denomination) for level in range(1, 8) for denomination in Denomination]
    return [call for call in calls if auction.is_legal(call)]


@given(st.sampled_from(SEATS), st.lists(st.integers(min_value=0, max_value=10_000), max_size=60))
def test_random_legal_auctions(dealer: Seat, choices: list[int]) -> None:
    auction = Auction(dealer)
    for choice in choices:
        options = legal_calls(auction)
        if not options:
            break
        # Favour passes so that auctions end.
        auction.add(PASS if choice % 3 else options[choice % len(options)])
    assert auction.is_complete() == (not legal_calls(auction))
    if auction.is_complete():
        contract = auction.final_contract()
        if contract is None:
            assert auction.calls == [PASS] * 4
        else:
            assert contract.bid == auction.last_bid()
            last_bidder = auction.last_bidder()
            assert last_bidder is not None and contract.declarer.side is last_bidder.side
            assert contract.doubled in (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
