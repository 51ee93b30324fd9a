"""Solver claims in case files: read with their lines, checked by the real double-dummy solver."""

from pathlib import Path

import pytest

from app.commands.check import check_case
from app.content.cases.loader import read_case

BEFORE_HEARTS = ("[DA, D5, D2, D4, DK, D8, D3, D7, CA, C5, C6, C2, C3, C8, C7, CK, "
                 "SA, D6, S3, S2, SK, D9, S4, S8, SJ, DJ, S6, ST]")
# In 4♠ East cashes three winners and exits; trumps are drawn; the tenth trick is a two-way heart
# finesse, and East holds the ♥Q. In 3NT by South, West leads a diamond and East takes six diamonds
# and the ♣A before North–South get in: six tricks for them.
CASE = f"""\
format: 1
id: heart-guess
title: A two-way guess for the ♥Q
edition: wbf-2017
laws: ["12C1(c)"]
topics: [adjusted-scores]
difficulty: 3
board: {{number: 5}}
deal: "N:AKJ75.AJ3.74.KQ2 .Q865.AKQJ96.A43 Q9643.KT2.85.J85 T82.974.T32.T976"
auction: [1S, 2D, 4S, P, P, P]
events:
  - trick: [DA, D5, D2, D4]
  - director: true
situation: A test.
questions:
  - {{id: q, kind: number, ask: How many?, answer: 10}}
ruling: A test.
commentary: A test.
solver:
  - {{tricks: 10}}
  - {{after: events, tricks: 10}}
  - after: {BEFORE_HEARTS}
    then: [H3, H5, HT]
    tricks: 10
  - after: {BEFORE_HEARTS}
    then: [H3, H5, HK, H4, H2, H7, HJ]
    tricks: 9
  - {{contract: 3NT, declarer: S, tricks: 6}}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "heart-guess.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, fragment: str, occurrence: int = 1) -> int:
    lines = [i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line]
    return lines[occurrence - 1]


def test_claims_that_hold_pass(tmp_path: Path) -> None:
    case, problems = read_case(write(tmp_path, CASE))
    assert problems == [] and case is not None
    assert len(case.solver) == 5
    assert [str(p) for p in check_case(case)] == []


def test_a_false_claim_is_reported_at_its_line(tmp_path: Path) -> None:
    # The finesse against West loses to East's queen: claiming ten tricks for it is false.
    text = CASE.replace("then: [H3, H5, HK, H4, H2, H7, HJ]\n    tricks: 9",
                        "then: [H3, H5, HK, H4, H2, H7, HJ]\n    tricks: 10")
    path = write(tmp_path, text)
    case, _ = read_case(path)
    assert case is not None
    problems = check_case(case)
    assert len(problems) == 1
    assert problems[0].line == line_of(path, "tricks: 10", 4)
    assert "win 9 trick(s)" in problems[0].message and "not 10" in problems[0].message


def test_a_chosen_leader_changes_the_answer(tmp_path: Path) -> None:
    # With North on lead in 3NT, North–South run five spades and cash the ♥A-K before East gets in:
    # at least seven tricks, so the claim of six is false and named at its line.
    path = write(tmp_path, CASE.replace("declarer: S, tricks: 6", "declarer: S, lead: N, tricks: 6"))
    case, _ = read_case(path)
    assert case is not None
    problems = check_case(case)
    assert [p.line for p in problems] == [line_of(path, "lead: N, tricks: 6")]
    assert "with North on lead" in problems[0].message and "not 6" in problems[0].message


@pytest.mark.parametrize(("replace", "fragment", "message"), [
    ("  - {tricks: 10}\n", "  - {tricks: 10, declarer: N}\n", "give contract: and declarer: together"),
    ("  - {tricks: 10}\n", "  - {tricks: 14}\n", "0 to 13"),
    ("  - {tricks: 10}\n", "  - {tricks: 10, trumps: S}\n", "unknown key 'trumps' in a solver claim"),
    ("  - {tricks: 10}\n", "  - {tricks: 10, after: [DA, D5, ZZ]}\n", "unknown suit 'Z'"),
])
def test_mistakes_in_a_claim_are_reported_at_their_line(tmp_path: Path, replace: str, fragment: str,
                                                          message: str) -> None:
    path = write(tmp_path, CASE.replace(replace, fragment))
    case, problems = read_case(path)
    assert case is None
    assert [p.line for p in problems] == [line_of(path, fragment.strip())]
    assert message in problems[0].message


@pytest.mark.parametrize(("claim", "message"), [
    ("{after: [DA, D5, D2, S5], tricks: 10}", "revoke by North"),
    ("{after: events, then: [DK, D8], lead: E, tricks: 10}", "lead is East, but after these cards West is to play"),
])
def test_a_position_the_play_cannot_reach_is_reported(tmp_path: Path, claim: str, message: str) -> None:
    path = write(tmp_path, CASE.replace("  - {tricks: 10}\n", f"  - {claim}\n")
                 )
    case, _ = read_case(path)
    assert case is not None
    problems = check_case(case)
    assert [p.line for p in problems] == [line_of(path, claim)]
    assert message in problems[0].message
