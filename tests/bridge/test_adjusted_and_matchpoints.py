from __future__ import annotations

from fractions import Fraction

import pytest

from app.bridge.errors import ScoringError
from app.bridge.scoring import (
    ArtificialScore,
    Grade,
    TravellerRow,
    adjusted_percent,
    artificial_imps,
    matchpoint,
    parse_artificial,
    parse_weighted,
    read_traveller,
    round_half_away,
    weighted_imps,
)


def rows(*scores: object) -> list[TravellerRow]:
    return [
        TravellerRow(str(number), str(10 + number), score)  # type: ignore[arg-type]
        for number, score in enumerate(scores, start=1)
    ]


def test_plain_traveller_two_units_per_score_beaten() -> None:
    # Worked by hand: 420 beats -50 and ties 420: 2 + 1; 450 beats the other three: 6.
    result = matchpoint(rows(420, 420, 450, -50))
    assert [r.ns for r in result] == [3, 3, 6, 0]
    assert [r.ew for r in result] == [3, 3, 0, 6]
    assert result[0].top == 6
    assert result[2].ns_percent == 100 and result[0].ns_percent == 50


def test_half_point_scale_is_the_same_ranking_halved() -> None:
    result = matchpoint(rows(420, 420, 450, -50), per_beaten=1)
    assert [r.ns for r in result] == [Fraction(3, 2), Fraction(3, 2), 3, 0]
    assert result[0].top == 3


def test_artificial_scores_and_neuberg_factoring() -> None:
    # Four rows, three real results. Among the three: 420 beats two (4), 170 one (2), -50 none (0).
    # Factored to four rows: (mp + 1) x 4/3 - 1.
    result = matchpoint(rows(420, 170, -50, parse_artificial("A60/A40")))
    assert [r.ns for r in result[:3]] == [Fraction(17, 3), 3, Fraction(1, 3)]
    assert [r.ew for r in result[:3]] == [Fraction(1, 3), 3, Fraction(17, 3)]
    assert (result[3].ns, result[3].ew) == (Fraction(36, 10), Fraction(24, 10))  # 60 % and 40 % of 6


def test_session_percentage_replaces_an_artificial_score_where_law_12c2c_says() -> None:
    table = rows(420, 170, -50, parse_artificial("A60/A40"))
    better = matchpoint(table, session_percent={"4": 65, "14": 35})[3]
    assert (better.ns_percent, better.ew_percent) == (65, 35)
    unchanged = matchpoint(table, session_percent={"4": 55, "14": 45})[3]
    assert (unchanged.ns_percent, unchanged.ew_percent) == (60, 40)


def test_weighted_score_on_a_traveller() -> None:
    # Worked by hand. Row 4 is half 420, half 170.
    # 420: beats 170 and -50 (4), against row 4: half a tie, half a win (1.5) -> 5.5
    # 170: beats -50 (2), against row 4: half a loss, half a tie (0.5) -> 2.5
    # row 4 as 420: tie, win, win = 5; as 170: loss, tie, win = 3 -> 4
    result = matchpoint(rows(420, 170, -50, parse_weighted("50%:420;50%:170")))
    assert [r.ns for r in result] == [Fraction(11, 2), Fraction(5, 2), 0, 4]
    assert sum(r.ns + r.ew for r in result) == 4 * 6


def test_traveller_needs_two_rows() -> None:
    with pytest.raises(ScoringError, match="at least two"):
        matchpoint(rows(420))


def test_grades() -> None:
    assert (Grade.AVERAGE_PLUS.percent, Grade.AVERAGE.percent, Grade.AVERAGE_MINUS.percent) == (60, 50, 40)
    assert (Grade.AVERAGE_PLUS.imps, Grade.AVERAGE.imps, Grade.AVERAGE_MINUS.imps) == (3, 0, -3)


@pytest.mark.parametrize(
    ("awarded", "session", "expected"),
    [(60, 64, 64), (60, 55, 60), (40, 38, 38), (40, 45, 40), (50, 70, 50), (50, 30, 50), (60, None, 60)],
)
def test_law_12c2c_session_percentages(awarded: int, session: int | None, expected: int) -> None:
    assert adjusted_percent(awarded, session) == expected


def test_artificial_imps() -> None:
    assert artificial_imps(Grade.AVERAGE_PLUS) == 3
    assert artificial_imps(Grade.AVERAGE_PLUS, 4) == 4  # +28 over 7 boards averages 4
    assert artificial_imps(Grade.AVERAGE_PLUS, 2) == 3
    assert artificial_imps(Grade.AVERAGE_MINUS, -5) == -5
    assert artificial_imps(Grade.AVERAGE_MINUS, -1) == -3
    assert artificial_imps(Grade.AVERAGE, 6) == 0


def test_weighted_imps_against_the_other_table() -> None:
    # Each result against +650 at the other table: +780 is 13, +30 is 1, 0 is 0, -750 is -13;
    # weighted 30/40/20/10 %: 3.9 + 0.4 + 0 - 1.3 = 3.
    weighted = parse_weighted("30%:1430;40%:680;20%:650;10%:-100")
    assert weighted_imps(weighted, 650) == 3
    # 420 is 9 IMPs and -50 is -2: half of each is 3.5.
    assert weighted_imps(parse_weighted("50%:420;50%:-50"), 0) == Fraction(7, 2)


@pytest.mark.parametrize(("value", "expected"), [("3.0", 3), ("2.5", 3), ("-2.5", -3), ("2.4", 2), ("-0.4", 0)])
def test_rounding_halves_away_from_zero(value: str, expected: int) -> None:
    assert round_half_away(Fraction(value)) == expected


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [("A60/A40", 60, 40), ("a40/a60", 40, 60), ("A50", 50, 50), ("A60", 60, 60), ("A+/A-", 60, 40), ("A", 50, 50)],
)
def test_parse_artificial(text: str, ns: int, ew: int) -> None:
    assert parse_artificial(text) == ArtificialScore(Fraction(ns), Fraction(ew))


@pytest.mark.parametrize(("text", "message"), [("A160", "0 % to 100 %"), ("A60/B40", "cannot read artificial")])
def test_bad_artificial(text: str, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        parse_artificial(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("70%:420;20%:-50", "add up to 90 %, not 100 %"),
        ("70%:420;30%", "cannot read '30%'"),
        ("100%:420;0%:-50", "more than 0 %"),
    ],
)
def test_bad_weighted(text: str, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        parse_weighted(text)


def test_read_traveller() -> None:
    text = "# board 7\nns,ew,score\n1,11,420\n\n2,12,-50\n3,13,A60/A40\n4,14,70%:420;30%:-50\n"
    table = read_traveller(text)
    assert [row.ns_pair for row in table] == ["1", "2", "3", "4"]
    assert table[0].score == 420 and table[2].score == ArtificialScore(Fraction(60), Fraction(40))
    assert str(table[3].score) == "70%:420;30%:-50"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1,11,420\n2,12\n", "traveller, line 2: expected NS_PAIR,EW_PAIR,SCORE, found 2"),
        ("1,11,420\n2,12,lots\n", "line 2: cannot read score 'lots'"),
        ("1,11,420\n1,12,-50\n", "line 2: North-South pair 1 already played this board \\(line 1\\)"),
        ("1,11,420\n2,12,A60/A140\n", "line 2: an artificial score must be"),
        ("# nothing\n", "no results"),
    ],
)
def test_bad_travellers_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        read_traveller(text)


def test_mitchell_pair_numbers_may_repeat_across_directions() -> None:
    assert len(read_traveller("1,1,420\n2,2,-50\n")) == 2
