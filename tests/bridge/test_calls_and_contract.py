from __future__ import annotations

import pytest

from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Denomination, parse_annotated_call, parse_call
from app.bridge.contract import Doubling, parse_contract
from app.bridge.errors import CallError, ContractError
from app.bridge.seats import Seat, Side


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1NT", Bid(1, Denomination.NOTRUMP)),
        ("1N", Bid(1, Denomination.NOTRUMP)),
        ("4s", Bid(4, Denomination.SPADES)),
        ("7♥", Bid(7, Denomination.HEARTS)),
        ("P", PASS),
        ("pass", PASS),
        ("X", DOUBLE),
        ("XX", REDOUBLE),
        ("3C!", Bid(3, Denomination.CLUBS)),
    ],
)
def test_parse_call(text: str, expected: object) -> None:
    assert parse_call(text) == expected


def test_annotations_are_kept_when_asked_for() -> None:
    assert parse_annotated_call("3C!") == (Bid(3, Denomination.CLUBS), True, None)
    assert parse_annotated_call("2D=1=") == (Bid(2, Denomination.DIAMONDS), False, "1")
    assert parse_annotated_call("X") == (DOUBLE, False, None)


@pytest.mark.parametrize("text", ["", "!", "1Z", "NT", "0S", "XXX", "1 NTT"])
def test_bad_calls(text: str) -> None:
    with pytest.raises(CallError):
        parse_call(text)


def test_a_bid_above_seven_is_readable_but_inadmissible() -> None:
    # Law 38 needs to be able to talk about it.
    bid = parse_call("8C")
    assert isinstance(bid, Bid) and not bid.is_admissible
    assert Bid(7, Denomination.NOTRUMP).is_admissible


def test_bid_order_follows_law_18() -> None:
    ordered = [Bid(level, denomination) for level in range(1, 8) for denomination in Denomination]
    assert sorted(reversed(ordered)) == ordered
    assert Bid(1, Denomination.NOTRUMP) < Bid(2, Denomination.CLUBS)
    assert Bid(1, Denomination.SPADES) > Bid(1, Denomination.HEARTS)
    assert str(Bid(3, Denomination.NOTRUMP)) == "3NT" and Bid(4, Denomination.SPADES).symbol == "4♠"


@pytest.mark.parametrize(
    ("text", "level", "denomination", "doubled"),
    [
        ("4SX", 4, Denomination.SPADES, Doubling.DOUBLED),
        ("3NT", 3, Denomination.NOTRUMP, Doubling.UNDOUBLED),
        ("7NTXX", 7, Denomination.NOTRUMP, Doubling.REDOUBLED),
        ("2cx", 2, Denomination.CLUBS, Doubling.DOUBLED),
        ("1N", 1, Denomination.NOTRUMP, Doubling.UNDOUBLED),
    ],
)
def test_parse_contract(text: str, level: int, denomination: Denomination, doubled: Doubling) -> None:
    contract = parse_contract(text, "W")
    assert (contract.level, contract.denomination, contract.doubled, contract.declarer) == (
        level,
        denomination,
        doubled,
        Seat.WEST,
    )
    assert contract.side is Side.EW
    assert contract.tricks_needed == 6 + level


def test_contract_text() -> None:
    contract = parse_contract("4sx", Seat.SOUTH)
    assert str(contract) == "4SX"
    assert contract.symbol == "4♠X by South"
    assert contract.doubled == 1  # doubling is also 0/1/2


@pytest.mark.parametrize(
    ("text", "declarer", "message"),
    [
        ("8S", "S", "level must be 1 to 7"),
        ("0NT", "S", "level must be 1 to 7"),
        ("4Z", "S", "cannot read contract '4Z'"),
        ("4SXXX", "S", "cannot read contract"),
        ("4S", "Q", "unknown seat 'Q'"),
    ],
)
def test_bad_contracts(text: str, declarer: str, message: str) -> None:
    with pytest.raises(ContractError, match=message):
        parse_contract(text, declarer)
