"""The study plan: today's work sized so that the paper's ground is tried and reviewed by the exam,
new cases taken where the trainee is weakest against the paper's quotas."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from app.training.exam import ExamProfile
from app.training.history import AnswerRecord
from app.training.readiness import readiness
from app.training.review import DueItem, ItemKind, ReviewItem
from app.training.study_plan import PlanError, StudyPlan, plan_day
from tests.training.case_samples import make_case

EVENING = datetime(2025, 3, 3, 19, 0, tzinfo=timezone(timedelta(hours=1)))  # Monday 3 March, 7 pm, UTC+1
PAPER = ExamProfile("Revokes and penalty cards", cases=4, minutes=60, quotas={"revoke": 2, "penalty-card": 1},
                    topics=frozenset({"revoke", "penalty-card"}))
GROUND = [make_case(f"r{n}", ("revoke",), difficulty=1 + n % 3) for n in range(6)] + [
    make_case(f"p{n}", ("penalty-card",)) for n in range(6)] + [make_case("ib", ("insufficient-bid",))]


def tried(case_id: str, topic: str, score: float, when: datetime, attempt: int) -> list[AnswerRecord]:
    """An attempt of four one-point questions at ``case_id`` scoring ``score``."""
    right = round(score * 4)
    return [AnswerRecord(attempt, case_id, f"q{i}", when.astimezone(UTC), 1.0 if i < right else 0.0, 1.0, (topic,))
            for i in range(4)]


def day(plan: StudyPlan, answers: list[AnswerRecord] = [], due: list[DueItem] = []):  # type: ignore[no-untyped-def]  # noqa: B006
    return plan_day(plan, GROUND, answers, due, readiness(plan.paper, GROUND, answers, EVENING), EVENING)


def test_a_new_trainee_covers_the_ground_before_the_date_with_room_to_review() -> None:
    today = day(StudyPlan(PAPER, date(2025, 3, 13)))  # ten study days, today included
    assert today.days_left == 10 and today.ground == 12 and today.tried == 0
    # 12 new cases and, with no history, one review each: 24 over ten days; the new ones over the
    # first eight, so that the last two days are for reviewing them
    assert today.reviews_ahead == 12 and today.needed_per_day == 3
    assert today.per_day == 3 and len(today.new) == 3 and today.reviews == ()
    assert today.on_course and today.covered_by is not None and today.covered_by < date(2025, 3, 13)


def test_new_cases_come_from_the_weakest_parts_of_the_paper_easiest_first() -> None:
    history = [a for n in range(3) for a in tried(f"p{n}", "penalty-card", 1.0, EVENING - timedelta(days=2), n)]
    history += tried("r0", "revoke", 0.25, EVENING - timedelta(days=2), 10)
    plan = StudyPlan(PAPER, date(2025, 3, 20), cases_per_day=4)
    today = day(plan, history)
    penalty, revoke, _rest = readiness(PAPER, GROUND, history, EVENING).parts
    assert revoke.estimate.mark < penalty.estimate.mark
    new = [case.id for case in today.new]
    assert len(new) == 4 and "r0" not in new and not {"p0", "p1", "p2"} & set(new)
    assert sum(1 for case_id in new if case_id.startswith("r")) >= 2  # revokes are weak and set two cases
    revokes = [case for case in today.new if case.id.startswith("r")]
    assert [case.difficulty for case in revokes] == sorted(case.difficulty for case in revokes)
    assert "ib" not in new  # outside the paper's topics


def test_reviews_due_come_first_and_work_done_today_counts() -> None:
    history = tried("r1", "revoke", 0.5, EVENING - timedelta(days=3), 1) + tried(
        "r2", "revoke", 0.5, EVENING - timedelta(hours=2), 2)  # this evening
    due = [DueItem(ReviewItem(ItemKind.CASE, "r1"), EVENING - timedelta(hours=5)),
           DueItem(ReviewItem(ItemKind.CASE, "p5"), EVENING + timedelta(days=4))]  # due later, before the exam
    today = day(StudyPlan(PAPER, date(2025, 3, 13), cases_per_day=3), history, due)
    assert [case.id for case in today.reviews] == ["r1"]
    assert today.done_today == 1 and len(today.cases) == 2  # three a day, one done already
    assert today.reviews_ahead == 2 + 10  # r1 and p5, and the ten cases not tried, all missed so far


def test_a_pace_too_slow_says_the_ground_is_not_covered_by_the_date() -> None:
    slow = day(StudyPlan(PAPER, date(2025, 3, 6), cases_per_day=1))
    assert not slow.on_course and slow.covered_by is None
    assert slow.needed_per_day > 1


def test_once_every_case_is_tried_the_places_go_to_the_weakest() -> None:
    history = [a for n, case in enumerate(c for c in GROUND if c.id != "ib")
               for a in tried(case.id, case.topics[0], 1.0 if n % 2 else 0.5, EVENING - timedelta(days=1), n)]
    today = day(StudyPlan(PAPER, date(2025, 3, 13), cases_per_day=2), history)
    assert today.new == () and today.tried == today.ground
    assert [case.id for case in today.again] == ["p0", "p2"]  # half right, the lowest marks (then by id)


def test_on_the_exam_day_there_is_nothing_new() -> None:
    today = day(StudyPlan(PAPER, EVENING.date()))
    assert today.days_left == 0 and today.new == () and today.covered_by is None


def test_cases_a_day_out_of_range_is_refused_with_the_range() -> None:
    with pytest.raises(PlanError, match="between 1 and 50"):
        StudyPlan(PAPER, date(2025, 3, 13), cases_per_day=0)
