"""The engine's whole reasoning for every engine case, compared with a reviewed record of it.

The ``expect`` blocks pin each case's conclusions. These records pin the rest of what a trainee, an
instructor or ``director-trainer analyse`` reads: every step's words and the laws it cites, the facts
of secondary findings, the points left to the director's judgement, and why a key cannot be decided.
Any change to it fails here with a diff. If the change is meant, read the diff (a wrong law cited is
the worst kind of bug), then write the records again:

    DT_RECORD_ENGINE=1 .venv/bin/python -m pytest -q tests/rules/test_engine_records.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
import yaml

from app.content.cases.loader import read_case
from app.rules.engine import analyse
from app.rules.explain import explanation_markdown, explanation_text
from app.rules.findings import Analysis

CASES = Path(__file__).resolve().parents[1] / "cases_engine"
RECORDS = Path(__file__).parent / "engine_records"
FILES = sorted(CASES.glob("*.yaml"))
REWRITE = "DT_RECORD_ENGINE"


def record(path: Path) -> str:
    """What the engine says about one case: the text ``analyse`` prints, then every finding's facts and
    every key it leaves open, with the reason."""
    case, problems = read_case(path)
    assert case is not None, problems
    analysis = analyse(case.scenario())
    data = analysis.as_dict()
    # the steps are in the text already; the data adds what the text leaves out
    facts = {"findings": [{key: finding[key] for key in ("irregularity", "offender", "event", "facts", "unknown")}
                          for finding in data["findings"]],
             "unknown": data["unknown"], "problems": data["problems"]}
    return "\n\n".join([f"# {case.id}", explanation_text(analysis), "# facts and open questions",
                        yaml.safe_dump(facts, allow_unicode=True, sort_keys=False, width=110)])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_engines_reasoning_matches_its_record(path: Path) -> None:
    stored = RECORDS / f"{path.stem}.txt"
    now = record(path)
    if os.environ.get(REWRITE):
        stored.write_text(now, encoding="utf-8")
    assert stored.exists(), f"no record for {path.name}: run with {REWRITE}=1 once, then read what it wrote"
    before = stored.read_text(encoding="utf-8")
    diff = "\n".join(difflib.unified_diff(before.splitlines(), now.splitlines(), "record", "engine now", lineterm=""))
    assert now == before, f"the engine's reasoning for {path.name} changed:\n{diff}"


def test_every_record_belongs_to_a_case() -> None:
    assert sorted(p.stem for p in RECORDS.glob("*.txt")) == sorted(p.stem for p in FILES)


def test_the_gui_gets_the_same_reasoning_as_markdown() -> None:
    # Two findings (steps numbered afresh in each, no 'called to this' mark), the result, the judgement.
    case, _ = read_case(CASES / "revoke-second-in-same-suit.yaml")
    assert case is not None
    revoke = "when clubs were led and he held one: a revoke. (Laws 44C, 61A)"
    established = ("The offending side played to the next trick, so the revoke is established and can no longer be "
                   "corrected. (Laws 63A1, 63B)")
    assert explanation_markdown(analyse(case.scenario())).split("\n\n") == [
        "**Revoke by East**",
        f"1. East played ♦2 to trick 2, {revoke}\n"
        f"2. {established}\n"
        "3. The case's result gives the offending side 4 tricks in all, 4 of them after the revoke trick. (Law 64A)\n"
        "4. The revoke trick was won by the non-offending side (North). (Law 64A2)\n"
        "5. The offending side won that trick or a later one, so one trick goes to the non-offending side at the end "
        "of play. (Law 64A2)",
        "**Revoke by East**",
        f"1. East played ♦3 to trick 3, {revoke}\n"
        f"2. {established}\n"
        "3. No automatic trick adjustment: it is a second revoke in clubs by the same player, after the first was "
        "established. (Law 64B2)",
        "**Result**",
        "- 4♠ by South (East-West vulnerable): declarer's side won 9 tricks as played, 10 after the revoke trick "
        "transfer, so North-South score +420. (Laws 64A, 77)",
        "**For the director's judgement**",
        "- If the adjustment leaves the non-offending side short of what the revoke cost it, the director assigns an "
        "adjusted score. (Laws 64C1, 12C1)",
    ]


def test_markdown_for_a_board_with_nothing_wrong() -> None:
    passed, _ = read_case(CASES / "passed-out.yaml")
    assert passed is not None
    assert explanation_markdown(analyse(passed.scenario())) == (
        "**Result**\n\n- All four players passed: the board is passed out and scores zero. (Laws 22B, 77)")
    assert explanation_markdown(Analysis()) == "No irregularity found."
    assert explanation_text(Analysis()) == "No irregularity found.\n\nConclusions\n  irregularity: none"
