"""The card lines that state a mechanical outcome, held against the rules engine.

A quick-reference line such as "partner passes throughout" is only as good as the law it rests on.
Where the outcome is mechanical (who may accept, who is barred and for how long, how many tricks a
revoke transfers, major or minor), the line carries an ``engine:`` scenario written in the case
format's own words (CASE_FORMAT.md: ``board``, ``deal``, ``auction``, ``events``, ``result`` and an
``expect`` block), so that the engine that marks the trainees' cases also checks the card: a line
and the engine cannot drift apart without ``director-trainer check`` saying so at the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import Vulnerability, board_conditions
from app.content.cases.checks import compare
from app.content.cases.events import EventReader
from app.content.cases.yaml_lines import Located
from app.content.files.problems import ContentProblem
from app.rules.engine import analyse
from app.rules.findings import Analysis
from app.rules.scenario import Scenario

# An auction-only scenario needs no cards: every hand unknown.
UNKNOWN_DEAL = "N:- - - -"
# The keys of an ``engine:`` block, as the case schema defines each (the loader checks the shape).
ENGINE_KEYS = ("board", "deal", "auction", "events", "result", "expect")


@dataclass(frozen=True)
class EngineCheck:
    """One line's scenario for the engine, and what the line says the engine must conclude."""

    scenario: Scenario
    expect: dict[str, Any]
    line: int
    expect_lines: dict[str, int] = field(default_factory=dict)

    def analysis(self) -> Analysis:
        return analyse(self.scenario)


def engine_schema(case_properties: dict[str, Any]) -> dict[str, Any]:
    """The shape of an ``engine:`` block: the case keys it may hold, the events and ``expect`` required."""
    return {
        "title": "engine scenario",
        "type": "object",
        "required": ["events", "expect"],
        "additionalProperties": False,
        "properties": {key: case_properties[key] for key in ENGINE_KEYS},
    }


def sub_document(doc: Located, *prefix: str | int) -> Located:
    """The part of ``doc`` at ``prefix`` as a document of its own, each value keeping its file line."""
    size = len(prefix)
    lines = {path[size:]: line for path, line in doc.lines.items() if path[:size] == prefix}
    data = doc.data
    for part in prefix:
        data = data[part]
    return Located(data, lines)


def read_engine(path: Path, doc: Located, problems: list[ContentProblem]) -> EngineCheck | None:
    """The scenario of one ``engine:`` block (``doc`` is the block, its lines those of the file), or
    None with each mistake added to ``problems`` at its line. The block's shape is already checked."""
    reader = EventReader(path, doc, None)
    data = reader.data
    board = data.get("board", {})
    number = int(board.get("number", 1))
    dealer, vulnerability = board_conditions(number)  # the Law 2 rota, unless the block says otherwise
    if "dealer" in board:
        dealer = reader.seat(board["dealer"], "board", "dealer") or dealer
    if "vulnerable" in board:
        vulnerability = Vulnerability.parse(board["vulnerable"])
    deal: Deal | None = None
    try:
        deal = Deal.from_pbn(str(data.get("deal", UNKNOWN_DEAL)))
    except BridgeError as exc:
        reader.fail(f"deal: {exc}", "deal")
    auction, _notes = reader.auction()
    events = reader.events(deal)
    if not any(event.kind == "director" for event in events):
        reader.fail("the events never call the director: end them with `- director: true`, so that the "
                    "engine knows which irregularity the line is about", "events")
    problems.extend(reader.problems)
    if reader.problems or deal is None:
        return None
    scenario = Scenario(deal, number, dealer, vulnerability, auction, events, None, data.get("result"))
    expect = dict(data["expect"])
    return EngineCheck(scenario, expect, doc.line(), {key: doc.line("expect", key) for key in expect})


def engine_problems(path: Path, check: EngineCheck) -> list[ContentProblem]:
    """Every ``expect`` key of the line's scenario the engine disagrees with, at the key's line."""
    analysis = check.analysis()
    problems = [ContentProblem(path, check.line, f"the engine cannot replay this scenario: {problem}")
                for problem in analysis.problems]
    for key, expected in check.expect.items():
        message = compare(key, expected, analysis)
        if message is not None:
            problems.append(ContentProblem(path, check.expect_lines.get(key, check.line),
                                           f"{message}: the card line says otherwise; correct the line or "
                                           "its scenario"))
    return problems
