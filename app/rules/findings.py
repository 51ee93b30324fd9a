"""What the engine concludes: findings in the ``expect`` vocabulary, and the reasons step by step.

A finding is one irregularity with its mechanical consequences (``facts``,
keyed by the ``expect`` keys of CASE_FORMAT.md), the steps that explain them,
each resting on a law reference, and the points the laws leave to the
director's judgement. Law references are plain strings such as ``"27B1(a)"``:
this layer sits below ``app.content``, which parses them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.bridge.contract import Contract
from app.bridge.seats import Seat

Fact = str | int | bool


@dataclass(frozen=True)
class Step:
    """One sentence of the explanation and the laws it rests on."""

    text: str
    laws: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "laws": list(self.laws)}


def step(text: str, *laws: str) -> Step:
    return Step(text, laws)


@dataclass
class Finding:
    """One irregularity and what follows from it."""

    irregularity: str
    offender: Seat | None
    event_index: int | None
    facts: dict[str, Fact] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    judgement: list[Step] = field(default_factory=list)
    unknown: dict[str, str] = field(default_factory=dict)  # expect key -> why the engine cannot decide it

    def say(self, text: str, *laws: str) -> None:
        self.steps.append(Step(text, laws))

    def judge(self, text: str, *laws: str) -> None:
        self.judgement.append(Step(text, laws))

    def as_dict(self) -> dict[str, Any]:
        return {
            "irregularity": self.irregularity,
            "offender": self.offender.letter if self.offender else None,
            "event": self.event_index,
            "facts": dict(self.facts),
            "steps": [s.as_dict() for s in self.steps],
            "judgement": [s.as_dict() for s in self.judgement],
            "unknown": dict(self.unknown),
        }


@dataclass
class Analysis:
    """Everything the engine found in a scenario.

    ``primary`` is the irregularity the director was called to: the last one
    found before the director event (the first found, if none came before).
    The global facts (contract, declarer, tricks transferred, score) are kept
    apart because they sum up the whole board.
    """

    findings: list[Finding] = field(default_factory=list)
    primary: Finding | None = None
    contract: Contract | None = None
    facts: dict[str, Fact] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    judgement: list[Step] = field(default_factory=list)
    unknown: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # the scenario contradicts itself

    def conclusions(self) -> dict[str, Fact]:
        """The flat ``expect`` vocabulary: the primary finding's facts, then the board's."""
        found: dict[str, Fact] = {"irregularity": "none"}
        if self.primary is not None:
            found["irregularity"] = self.primary.irregularity
            if self.primary.offender is not None:
                found["offender"] = self.primary.offender.letter
            found.update(self.primary.facts)
        found.update(self.facts)
        return found

    def why_unknown(self, key: str) -> str | None:
        """Why the engine cannot decide ``key`` (None if it can, or never looked)."""
        if self.primary is not None and key in self.primary.unknown:
            return self.primary.unknown[key]
        return self.unknown.get(key)

    def all_judgement(self) -> list[Step]:
        """Every point left to the director, each once."""
        notes = [note for finding in self.findings for note in finding.judgement]
        return list(dict.fromkeys([*notes, *self.judgement]))

    def as_dict(self) -> dict[str, Any]:
        return {
            "conclusions": self.conclusions(),
            "findings": [f.as_dict() for f in self.findings],
            "board": [s.as_dict() for s in self.steps],
            "judgement": [s.as_dict() for s in self.judgement],
            "unknown": {**self.unknown, **(self.primary.unknown if self.primary else {})},
            "problems": list(self.problems),
        }
