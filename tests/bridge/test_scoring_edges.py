"""Scoring at its edges: the smallest traveller, the ends of each range, the exact messages a director
reads, and the figures that only an unusual contract reaches. Each expected value is worked out by hand
from Laws 12, 77 and 78."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from app.bridge.contract import parse_contract
from app.bridge.errors import ScoringError
from app.bridge.rota import Vulnerability
from app.bridge.scoring import (
    IBL,
    ArtificialScore,
    TravellerRow,
    WeightedScore,
    breakdown,
    get_scheme,
    load_traveller,
    matchpoint,
    parse_artificial,
    parse_session_percentages,
    parse_table_score,
    parse_weighted,
    read_traveller,
    round_half_away,
    score_ns,
)
from app.bridge.scoring.schemes import undertrick_schedule


def test_two_results_are_enough_to_matchpoint() -> None:
    rows = [TravellerRow("1", "11", 420), TravellerRow("2", "12", -50)]
    scored = matchpoint(rows)
    assert [(r.row, r.ns, r.ew, r.top) for r in scored] == [(rows[0], 2, 0, 2), (rows[1], 0, 2, 2)]


def test_matchpointing_refuses_with_a_clear_message() -> None:
    with pytest.raises(ScoringError) as one_row:
        matchpoint([TravellerRow("1", "11", 420)])
    assert str(one_row.value) == "a traveller needs at least two results to matchpoint"
    with pytest.raises(ScoringError) as zero:
        matchpoint([TravellerRow("1", "11", 420), TravellerRow("2", "12", 50)], per_beaten=0)
    assert str(zero.value) == "matchpoints per score beaten must be 1 or more, not 0"


@pytest.mark.parametrize(("contract", "declarer", "tricks", "vul", "expected"), [
    ("4S", "N", 10, Vulnerability.NONE, 420),  # North-South declare: their score as it is
    ("4S", "S", 9, Vulnerability.NS, -100),
    ("4S", "E", 10, Vulnerability.NONE, -420),  # East-West declare: the sign turns
    ("4S", "W", 9, Vulnerability.EW, 100),
])
def test_score_from_north_souths_side(contract: str, declarer: str, tricks: int, vul: Vulnerability,
                                      expected: int) -> None:
    assert score_ns(parse_contract(contract, declarer), tricks, vul) == expected


def test_score_ns_uses_the_scheme_asked_for() -> None:
    # IBL: spades are 20 a trick, so 4S making is 80 + 50 (a part score), not the WBF 420.
    assert score_ns(parse_contract("4S", "N"), 10, Vulnerability.NONE, IBL) == 130
    assert score_ns(parse_contract("4S", "E"), 10, Vulnerability.NONE, IBL) == -130


def test_breakdown_counts_the_overtricks() -> None:
    parts = breakdown(parse_contract("4S", "S"), 12, Vulnerability.NONE)
    assert (parts.overtricks, parts.overtrick_points, parts.total) == (2, 60, 480)


@pytest.mark.parametrize(("contract", "tricks", "vul", "expected"), [
    ("4S", 0, Vulnerability.NONE, -500),  # undoubled, ten down: 50 each
    ("4S", 0, Vulnerability.BOTH, -1000),  # vulnerable: 100 each
    ("4SX", 6, Vulnerability.NONE, -800),  # doubled, four down: 100 + 200 + 200 + 300
    ("4SX", 5, Vulnerability.NONE, -1100),  # five down: and 300 more
    ("4SXX", 6, Vulnerability.NONE, -1600),  # redoubled: twice the doubled figures
])
def test_undertricks_from_the_fourth_on(contract: str, tricks: int, vul: Vulnerability, expected: int) -> None:
    assert score_ns(parse_contract(contract, "N"), tricks, vul) == expected


def test_the_undertrick_schedule_follows_the_table_layout() -> None:
    assert undertrick_schedule(50, 50) == (50, 50, 50, 50)
    assert undertrick_schedule(100, 200, 100) == (100, 200, 200, 300)


def test_an_unknown_scheme_lists_the_known_ones() -> None:
    with pytest.raises(ScoringError) as error:
        get_scheme("acbl")
    assert str(error.value) == "unknown scoring scheme 'acbl': choose from wbf, ibl, ibl-nt30"


@pytest.mark.parametrize(("value", "expected"), [("0.5", 1), ("0.6", 1), ("-0.5", -1), ("0", 0)])
def test_rounding_just_either_side_of_zero(value: str, expected: int) -> None:
    assert round_half_away(Fraction(value)) == expected


@pytest.mark.parametrize("text", ["A0/A100", "A100/A0", "A0"])
def test_artificial_scores_may_reach_both_ends(text: str) -> None:
    score = parse_artificial(text)
    assert str(score) == (text if "/" in text else "A0/A0")


def test_an_artificial_score_prints_as_it_is_written() -> None:
    assert str(ArtificialScore(Fraction(125, 2), Fraction(75, 2))) == "A62.5/A37.5"
    assert str(parse_artificial("A+/A-")) == "A60/A40"


def test_messages_for_scores_that_cannot_be_read() -> None:
    cases = [
        (lambda: parse_artificial("A60/B40"),
         "cannot read artificial score 'A60/B40': write A60/A40 (North-South, then East-West) or one grade "
         "such as A50 for both"),
        (lambda: parse_weighted("70%:420;30%"),
         "cannot read '30%' in weighted score '70%:420;30%': write WEIGHT%:SCORE parts separated by ';', "
         "e.g. 70%:420;30%:-50"),
        (lambda: WeightedScore(()), "a weighted score needs at least one result"),
        (lambda: parse_table_score("lots"),
         "cannot read score 'lots': write a North-South score (420, -50), an artificial score (A60/A40) or a "
         "weighted score (70%:420;30%:-50)"),
    ]
    for call, message in cases:
        with pytest.raises(ScoringError) as error:
            call()
        assert str(error.value) == message


def test_a_traveller_keeps_both_pairs_and_skips_indented_comments() -> None:
    rows = read_traveller("  # board 4, late play\n1,11,420\n  # a note\n2,12,-50\n")
    assert rows == [TravellerRow("1", "11", 420), TravellerRow("2", "12", -50)]


@pytest.mark.parametrize(("text", "message"), [
    ("1,11,420\n2,,-50\n", "traveller, line 2: the East-West pair is missing"),
    ("1,11,420\n,12,-50\n", "traveller, line 2: the North-South pair is missing"),
    ("1,11,420\n2,11,-50\n", "traveller, line 2: East-West pair 11 already played this board (line 1)"),
])
def test_traveller_pair_errors(text: str, message: str) -> None:
    with pytest.raises(ScoringError) as error:
        read_traveller(text)
    assert str(error.value) == message


def test_load_traveller_reads_a_file_and_names_it_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "board-4.csv"
    good.write_text("ns,ew,score\n1,11,420\n2,12,A60/A40\n", encoding="utf-8")
    assert load_traveller(good) == [TravellerRow("1", "11", 420),
                                    TravellerRow("2", "12", ArtificialScore(Fraction(60), Fraction(40)))]
    bad = tmp_path / "board-5.csv"
    bad.write_text("1,11,420\n2,12,lots\n", encoding="utf-8")
    with pytest.raises(ScoringError, match=rf"^{bad}, line 2: cannot read score 'lots'"):
        load_traveller(bad)
    with pytest.raises(ScoringError) as missing:
        load_traveller(tmp_path / "absent.csv")
    assert str(missing.value) == f"cannot read traveller {tmp_path / 'absent.csv'}: No such file or directory"
    latin = tmp_path / "latin.csv"
    latin.write_bytes("1,11,420\n# Müller\n".encode("latin-1"))
    with pytest.raises(ScoringError) as not_utf8:
        load_traveller(latin)
    assert str(not_utf8.value) == f"cannot read traveller {latin}: it is not UTF-8 text"


def test_session_percentages() -> None:
    assert parse_session_percentages(["7=62.5", " 12 = 40% ", "3=0", "4=100"]) == {
        "7": Fraction(125, 2), "12": Fraction(40), "3": Fraction(0), "4": Fraction(100)}
    assert parse_session_percentages([]) == {}


@pytest.mark.parametrize("item", ["7", "=55", "7=101", "7=-1", "7=lots", " =50", "7=6=50"])
def test_bad_session_percentages(item: str) -> None:
    with pytest.raises(ScoringError) as error:
        parse_session_percentages(["1=50", item])
    assert str(error.value) == (f"session percentage {item!r}: write PAIR=PERCENT with a percentage from 0 to 100, "
                                "e.g. 7=62.5")
