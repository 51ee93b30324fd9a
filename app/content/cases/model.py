"""The typed model of a case file (CASE_FORMAT.md, version 1).

The loader (``loader.py``) builds these from YAML after validating every key;
the rules engine, the training layer and the GUI only ever see these types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.bridge.contract import Contract
from app.bridge.deal import Deal
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat
from app.content.laws.refs import LawRef
from app.content.cases.solver_claims import SolverClaim
from app.rules.scenario import AuctionCall, Event, Scenario

EDITIONS = ("wbf-2017", "wbf-2007", "wbf-1997", "okbridge-1997", "ibl")
QUESTION_KINDS = ("single", "multi", "number", "law", "order")


@dataclass(frozen=True)
class Choice:
    text: str
    correct: bool = False
    why: str = ""


@dataclass(frozen=True)
class Question:
    """One question of a case; which fields are used depends on ``kind``."""

    id: str
    kind: str
    ask: str
    line: int
    choices: tuple[Choice, ...] = ()
    answer: Any = None
    accept: tuple[LawRef, ...] = ()
    tolerance: float = 0.0
    items: tuple[str, ...] = ()
    why: str = ""
    points: float = 1.0


@dataclass
class Case:
    """A table situation a trainee rules on, with its model answer."""

    id: str
    title: str
    edition: str
    laws: list[LawRef]
    topics: list[str]
    difficulty: int
    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    situation: str
    questions: list[Question]
    ruling: str
    commentary: str
    path: Path
    auction: list[AuctionCall] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    contract: Contract | None = None
    result: int | None = None
    show: list[Seat] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    expect_line: int = 0
    solver: list[SolverClaim] = field(default_factory=list)
    twin: str = ""  # the id of the same table set under another code (see CASE_FORMAT.md)

    def scenario(self) -> Scenario:
        """The table situation alone, for the rules engine."""
        return Scenario(self.deal, self.board, self.dealer, self.vulnerability, list(self.auction),
                        list(self.events), self.contract, self.result)

    @property
    def director_index(self) -> int:
        """How many events happen before the director is called (all of them, if never)."""
        return self.scenario().director_index

    def is_mechanical(self) -> bool:
        """A case whose outcome the engine checks: one that has an ``expect`` block."""
        return bool(self.expect)
