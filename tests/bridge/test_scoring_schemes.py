"""The IBL scheme, and properties every scheme must have."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.calls import Denomination
from app.bridge.contract import Contract, Doubling, parse_contract
from app.bridge.errors import ScoringError
from app.bridge.rota import Vulnerability
from app.bridge.scoring import IBL, IBL_NT_40_30, SCHEMES, WBF, ScoringScheme, breakdown, get_scheme, score
from app.bridge.seats import SEATS, Seat


@pytest.mark.parametrize(
    ("text", "vul", "tricks", "expected"),
    [
        # Worked by hand from the IBL table: majors 20, minors 30, no trump 40 a trick;
        # game at 100 trick points; WBF bonuses; no fourth-undertrick step.
        ("4H", "None", 10, 130),  # 80 + 50
        ("5H", "None", 11, 400),  # 100 + 300
        ("4C", "None", 10, 420),  # 120 + 300
        ("5C", "Both", 11, 650),  # 150 + 500 (the proposal's own example uses the WBF 600)
        ("3NT", "None", 9, 420),  # 120 + 300
        ("3NT", "None", 10, 460),  # + 40
        ("6NT", "None", 12, 1040),  # 240 + 300 + 500
        ("7S", "Both", 13, 2140),  # 140 + 500 + 1500
        ("2CX", "None", 8, 470),  # 120 + 300 + 50
        ("1CXX", "None", 7, 520),  # 120 + 300 + 100
        ("4HX", "None", 6, -700),  # 100 + 200 + 200 + 200
        ("4HXX", "None", 5, -1800),  # 200 + 400 x 4
        ("4HX", "Both", 6, -1100),  # 200 + 300 x 3, as WBF
        ("3H", "None", 10, 130),  # 60 + 50 + 20 overtrick
        ("3HX", "Both", 10, 870),  # 120 (game) + 500 + 50 + 200 doubled overtrick
    ],
)
def test_ibl_anchors(text: str, vul: str, tricks: int, expected: int) -> None:
    assert score(parse_contract(text, "N"), tricks, Vulnerability.parse(vul), IBL) == expected


def test_ibl_alternate_no_trump_scoring() -> None:
    # The footnote's 40 for the first trick and 30 after, doubled values following.
    assert score(parse_contract("3NT", "N"), 9, Vulnerability.NONE, IBL_NT_40_30) == 400  # 100 + 300
    assert score(parse_contract("2NT", "N"), 8, Vulnerability.NONE, IBL_NT_40_30) == 120  # 70 + 50
    assert score(parse_contract("2NT", "N"), 9, Vulnerability.NONE, IBL_NT_40_30) == 150  # + 30
    assert score(parse_contract("4H", "N"), 10, Vulnerability.NONE, IBL_NT_40_30) == 130  # suits unchanged


def test_schemes_by_name() -> None:
    assert get_scheme("WBF") is WBF and get_scheme("ibl") is IBL
    assert set(SCHEMES) == {"wbf", "ibl", "ibl-nt30"}
    with pytest.raises(ScoringError, match="unknown scoring scheme 'acbl'"):
        get_scheme("acbl")


def test_breakdown_items_add_up() -> None:
    parts = breakdown(parse_contract("2SX", "S"), 9, Vulnerability.BOTH)
    assert (parts.trick_score, parts.game_or_partscore_bonus, parts.making_bonus, parts.overtrick_points) == (
        120,
        500,
        50,
        200,
    )
    assert parts.total == 870 and parts.made
    down = breakdown(parse_contract("2SX", "S"), 6, Vulnerability.BOTH)
    assert not down.made and down.undertricks == 2 and down.total == -500


@pytest.mark.parametrize("tricks", [-1, 14])
def test_tricks_out_of_range(tricks: int) -> None:
    with pytest.raises(ScoringError, match="0 to 13"):
        score(parse_contract("1C", "N"), tricks, Vulnerability.NONE)


contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Denomination)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(SEATS),
)


@given(contracts, st.sampled_from(list(Vulnerability)), st.sampled_from(list(SCHEMES.values())))
def test_score_grows_with_tricks_and_is_positive_exactly_when_made(
    contract: Contract, vulnerability: Vulnerability, scheme: ScoringScheme
) -> None:
    scores = [score(contract, tricks, vulnerability, scheme) for tricks in range(14)]
    assert all(earlier < later for earlier, later in zip(scores, scores[1:], strict=False))
    for tricks, points in enumerate(scores):
        assert (points > 0) == (tricks >= contract.tricks_needed)


@given(contracts, st.integers(0, 13), st.sampled_from(list(SCHEMES.values())))
def test_vulnerability_never_helps_a_failing_contract_nor_hurts_a_made_one(
    contract: Contract, tricks: int, scheme: ScoringScheme
) -> None:
    side = contract.declarer.side
    vulnerable = Vulnerability.BOTH
    not_vulnerable = Vulnerability.EW if side.value == "NS" else Vulnerability.NS
    made = tricks >= contract.tricks_needed
    v, nv = score(contract, tricks, vulnerable, scheme), score(contract, tricks, not_vulnerable, scheme)
    assert (v >= nv) if made else (v <= nv)


def test_declarer_side_not_seat_matters() -> None:
    for seat in (Seat.NORTH, Seat.SOUTH):
        assert score(parse_contract("4S", seat), 10, Vulnerability.NS) == 620
