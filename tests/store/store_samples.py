"""Cases and attempts for the store tests and their writer processes (a plain module, not
conftest.py, so its name is unique across the suite and ``import`` finds this one)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from app.content.cases.loader import read_case
from app.content.cases.model import Case
from app.content.laws.refs import parse_ref
from app.training.attempt import Attempt
from app.training.marking import Answer

FIXTURE = Path(__file__).parents[1] / "content" / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"
# The fixture case's answers: right, right, right (3 of 3); and right, wrong, right law wrong section (1.5 of 3).
ALL_RIGHT: tuple[Answer, ...] = (0, 0, "27B2")
HALF_RIGHT: tuple[Answer, ...] = (0, 1, "27A1")
T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


def sample_case(case_id: str = "ib-1", topics: tuple[str, ...] = ("insufficient-bid",),
                laws: tuple[str, ...] = ("27A1", "27B2")) -> Case:
    """The fixture case (three questions, one point each) under another id, topics and laws."""
    case, problems = read_case(FIXTURE)
    assert case is not None and not problems
    return replace(case, id=case_id, title=f"Case {case_id}", topics=list(topics), laws=[parse_ref(r) for r in laws])


def answered(case: Case, answers: tuple[Answer, ...], finished: datetime = T0) -> Attempt:
    """An attempt at ``case`` given these answers, finished at ``finished``."""
    attempt = Attempt(case, started_at=finished)
    for answer in answers:
        attempt.answer(answer)
        attempt.next(finished)
    return attempt
