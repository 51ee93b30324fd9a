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

from app.content.cases import read_case
from app.rules.engine import analyse
from app.rules.explain import explanation_text

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
