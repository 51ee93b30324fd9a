"""Cases for the training tests (a plain module, not conftest.py, so its name is unique across the
suite and ``import`` finds this one): the fixture case (three one-point questions) recast with the
id, topics, laws, difficulty and edition a test needs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from app.content.cases.loader import read_case
from app.content.cases.model import Case
from app.content.laws.refs import parse_ref
from app.training.marking import Answer

FIXTURE = Path(__file__).parents[1] / "content" / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"
# Answers to the fixture's three questions: 3 of 3, and 1.5 of 3 (right, wrong, right law but wrong section).
ALL_RIGHT: tuple[Answer, ...] = (0, 0, "27B2")
HALF_RIGHT: tuple[Answer, ...] = (0, 1, "27A1")


def make_case(case_id: str, topics: tuple[str, ...] = ("insufficient-bid",), laws: tuple[str, ...] = ("27B2",),
              difficulty: int = 1, edition: str = "wbf-2017") -> Case:
    case, problems = read_case(FIXTURE)
    assert case is not None and not problems
    return replace(case, id=case_id, title=f"Case {case_id}", topics=list(topics),
                   laws=[parse_ref(r) for r in laws], difficulty=difficulty, edition=edition)
