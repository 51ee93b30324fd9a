from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.errors import NotationError
from app.bridge.rota import Vulnerability, board_conditions
from app.bridge.seats import Seat, Side

# Law 2's table, written out board by board for the first 16.
LAW_2 = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "Both"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "Both"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "Both"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "Both"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}  # fmt: skip


@pytest.mark.parametrize("number", sorted(LAW_2))
def test_first_sixteen_boards(number: int) -> None:
    dealer, vulnerability = LAW_2[number]
    assert board_conditions(number) == (Seat.parse(dealer), Vulnerability.parse(vulnerability))


@given(st.integers(min_value=1, max_value=10_000))
def test_cycle_of_sixteen(number: int) -> None:
    assert board_conditions(number) == board_conditions(number + 16)


@given(st.integers(min_value=1, max_value=10_000))
def test_dealer_rotates_and_vulnerability_follows_the_usual_formula(number: int) -> None:
    # An independent description of the rota: dealer moves one seat clockwise a board, and the
    # vulnerability advances None → NS → EW → Both a board, shifted one step every four boards.
    conditions = board_conditions(number)
    assert conditions.dealer is Seat.NORTH.offset(number - 1)
    order = [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH]
    assert conditions.vulnerability is order[((number - 1) + (number - 1) // 4) % 4]


def test_later_groups_repeat() -> None:
    # Law 2's note: boards added after 36 take the markings of boards 5 to 8.
    assert [board_conditions(n) for n in (37, 38, 39, 40)] == [board_conditions(n) for n in (5, 6, 7, 8)]


@pytest.mark.parametrize("number", [0, -3])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(NotationError, match="numbered from 1"):
        board_conditions(number)


def test_is_vulnerable() -> None:
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH) and not Vulnerability.NS.is_vulnerable(Seat.EAST)
    assert Vulnerability.BOTH.is_vulnerable(Side.EW)
    assert not Vulnerability.NONE.is_vulnerable(Seat.NORTH)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("None", Vulnerability.NONE), ("love", Vulnerability.NONE), ("-", Vulnerability.NONE),
     ("ns", Vulnerability.NS), ("N-S", Vulnerability.NS), ("EW", Vulnerability.EW),
     ("Both", Vulnerability.BOTH), ("All", Vulnerability.BOTH)],
)  # fmt: skip
def test_vulnerability_spellings(text: str, expected: Vulnerability) -> None:
    assert Vulnerability.parse(text) is expected


def test_unknown_vulnerability() -> None:
    with pytest.raises(NotationError, match="use None, NS, EW or Both"):
        Vulnerability.parse("Everyone")
