"""The Law 77 table, cell by cell, against an oracle written separately from the law's wording.

``law_77`` below does not use the scoring scheme data: it spells the table out
as the law states it (trick score, premiums, overtricks, undertricks with the
non-vulnerable step from the fourth). The anchors were worked out by hand.
"""

from __future__ import annotations

import itertools

import pytest

from app.bridge.calls import Denomination
from app.bridge.contract import Contract, Doubling, parse_contract
from app.bridge.rota import Vulnerability
from app.bridge.scoring import WBF, score, score_ns
from app.bridge.seats import Seat

LEVELS = range(1, 8)
STRAINS = ("C", "D", "H", "S", "NT")


def law_77(level: int, strain: str, doubling: int, vulnerable: bool, tricks: int) -> int:
    """Score for declarer's side, read straight off the Law 77 table."""
    needed = 6 + level
    if tricks < needed:
        penalty = 0
        for undertrick in range(1, needed - tricks + 1):
            if doubling == 0:
                penalty += 100 if vulnerable else 50
                continue
            if undertrick == 1:
                doubled_value = 200 if vulnerable else 100
            else:
                doubled_value = 300 if vulnerable else 200
                if undertrick >= 4 and not vulnerable:
                    doubled_value += 100  # the bonus for the fourth and later undertricks
            penalty += doubled_value * (2 if doubling == 2 else 1)
        return -penalty
    if strain == "NT":
        undoubled = 40 + 30 * (level - 1)
        trick_value = 30
    else:
        trick_value = 20 if strain in ("C", "D") else 30
        undoubled = trick_value * level
    trick_score = undoubled * [1, 2, 4][doubling]
    total = trick_score
    if trick_score >= 100:
        total += 500 if vulnerable else 300
    else:
        total += 50
    if level == 6:
        total += 750 if vulnerable else 500
    if level == 7:
        total += 1500 if vulnerable else 1000
    total += [0, 50, 100][doubling]
    over = tricks - needed
    if doubling == 0:
        total += over * trick_value
    else:
        total += over * (200 if vulnerable else 100) * (2 if doubling == 2 else 1)
    return total


def contract(level: int, strain: str, doubling: int, declarer: Seat = Seat.SOUTH) -> Contract:
    return Contract(level, Denomination.parse(strain), Doubling(doubling), declarer)


def vulnerability_for(vulnerable: bool) -> Vulnerability:
    return Vulnerability.NS if vulnerable else Vulnerability.EW


CELLS = list(itertools.product(LEVELS, STRAINS, range(3), (False, True)))


@pytest.mark.parametrize(("level", "strain", "doubling", "vulnerable"), CELLS)
def test_every_cell_of_the_table(level: int, strain: str, doubling: int, vulnerable: bool) -> None:
    """Made exactly, every possible overtrick, and every possible undertrick (1 to 6 + level)."""
    for tricks in range(0, 14):
        expected = law_77(level, strain, doubling, vulnerable, tricks)
        got = score(contract(level, strain, doubling), tricks, vulnerability_for(vulnerable), WBF)
        assert got == expected, f"{level}{strain}{'X' * doubling} {'V' if vulnerable else 'NV'} {tricks} tricks"


@pytest.mark.parametrize(
    ("text", "vul", "tricks", "expected"),
    [
        # Worked by hand from the table.
        ("4SX", "None", 7, -500),  # 100 + 200 + 200
        ("4SX", "Both", 8, -500),  # 200 + 300
        ("3NTX", "None", 5, -800),  # 100 + 200 + 200 + 300: the fourth-undertrick step
        ("3NTXX", "None", 5, -1600),  # twice the doubled figures
        ("7NTX", "None", 0, -3500),  # 100 + 200 + 200 + 10 x 300
        ("7NTXX", "None", 0, -7000),  # 200 + 400 + 400 + 10 x 600
        ("7NTXX", "Both", 0, -7600),  # 400 + 12 x 600
        ("3NT", "Both", 9, 600),  # 40 + 60 + 500
        ("3NT", "Both", 10, 630),
        ("1NT", "None", 7, 90),  # 40 + 50
        ("2C", "None", 8, 90),  # 40 + 50
        ("5D", "None", 11, 400),  # 100 + 300
        ("4H", "None", 12, 480),  # 120 + 300 + 2 x 30
        ("6H", "Both", 12, 1430),  # 180 + 500 + 750
        ("6C", "None", 12, 920),  # 120 + 300 + 500
        ("7NT", "Both", 13, 2220),  # 220 + 500 + 1500
        ("7NTXX", "Both", 13, 2980),  # 880 + 500 + 1500 + 100
        ("1CX", "None", 7, 140),  # 40 + 50 partscore + 50 for the double
        ("2HX", "None", 8, 470),  # 120 (game) + 300 + 50
        ("1NTXX", "Both", 7, 760),  # 160 (game) + 500 + 100
        ("1NTX", "None", 8, 280),  # 80 + 50 + 50 + 100 overtrick
        ("2SX", "Both", 9, 870),  # 120 + 500 + 50 + 200 overtrick
        ("6CX", "None", 12, 1090),  # 240 + 300 + 500 + 50
        ("4S", "Both", 9, -100),
        ("4S", "None", 6, -200),
    ],
)
def test_hand_worked_anchors(text: str, vul: str, tricks: int, expected: int) -> None:
    assert score(parse_contract(text, "S"), tricks, Vulnerability.parse(vul)) == expected


def test_score_ns_takes_the_declaring_side_into_account() -> None:
    four_spades = parse_contract("4S", "E")
    assert score_ns(four_spades, 10, Vulnerability.EW) == -620
    assert score_ns(four_spades, 9, Vulnerability.EW) == 100


def test_passed_out_board_scores_zero() -> None:
    assert score_ns(None, 0, Vulnerability.BOTH) == 0
