"""The store's side of the study plan: the history it hands the training layer (answers with their
cases' topics and laws, mock papers, review cards), the plan kept per trainee, and a database of
the revision before the plan upgrading with its data."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

import sqlalchemy as sa
from store_samples import ALL_RIGHT, HALF_RIGHT, T0, answered, sample_case

from app.store import Store
from app.store.engine import create_store_engine, writer
from app.store.location import database_url
from app.store.migrate import alembic_config, upgrade
from app.training.exam import Exam, ExamProfile
from app.training.exam_profiles import CLUB_LAWS
from app.training.practice import Mode
from app.training.review import ItemKind, ReviewItem, ReviewScheduler
from app.training.study_plan import StudyPlan

PAPER = ExamProfile("One case", cases=1, minutes=30)


def test_the_history_lists_every_answer_with_its_case_as_recorded(store: Store) -> None:
    ann = store.add_profile("Ann")
    other = store.add_profile("Bob")
    case = sample_case("ib-1", topics=("insufficient-bid", "auction-irregularities"), laws=("27A1", "27B2"))
    store.record_attempt(ann, answered(case, HALF_RIGHT, T0), Mode.PRACTICE)
    store.record_attempt(ann, answered(case, ALL_RIGHT, T0 + timedelta(days=1)), Mode.REVIEW)
    store.record_attempt(other, answered(case, ALL_RIGHT, T0), Mode.PRACTICE)
    history = store.answer_history(ann)
    assert [(a.question_id, a.points) for a in history] == [("first-option", 1.0), ("free-correction", 0.0), ("law", 0.5),
                                                             ("first-option", 1.0), ("free-correction", 1.0), ("law", 1.0)]
    first = history[0]
    assert first.case_id == "ib-1" and first.answered_at == T0 and first.max_points == 1.0
    assert first.topics == ("auction-irregularities", "insufficient-bid") and first.laws == ("27A1", "27B2")
    assert first.exam_id is None and len({a.attempt_id for a in history}) == 2
    assert store.answer_history(store.add_profile("Nobody")) == []


def test_mock_papers_come_back_with_their_rules_and_marks(store: Store) -> None:
    ann = store.add_profile("Ann")
    exam = Exam.start(PAPER, [sample_case("ib-1")], T0, seed=3)
    for answer in HALF_RIGHT:
        exam.answer(answer, T0 + timedelta(minutes=1))
        exam.next(T0 + timedelta(minutes=1))
    exam_id = store.record_exam(ann, exam)
    [result] = store.paper_results(ann)
    assert result.id == exam_id and result.paper == PAPER and result.started_at == T0
    assert result.mark == 0.5 and not result.passed
    assert {a.exam_id for a in store.answer_history(ann)} == {exam_id}


def test_review_cards_are_read_whether_due_or_not(store: Store) -> None:
    ann = store.add_profile("Ann")
    store.record_attempt(ann, answered(sample_case("ib-1", laws=("27B2",)), HALF_RIGHT, T0), Mode.PRACTICE)
    cards = store.review_cards(ann)
    assert set(cards) == {ReviewItem(ItemKind.CASE, "ib-1"), ReviewItem(ItemKind.LAW, "27B2")}
    assert all(card.startswith("{") for card in cards.values())


def test_a_study_plan_is_kept_per_trainee_changed_and_removed(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    assert store.study_plan(ann) is None
    plan = StudyPlan(CLUB_LAWS, date(2025, 12, 14))
    store.set_study_plan(ann, plan)
    assert store.study_plan(ann) == plan and store.study_plan(bob) is None
    custom = StudyPlan(replace(CLUB_LAWS, name="Club director: laws paper (custom)", cases=14), date(2026, 1, 9), 6)
    store.set_study_plan(ann, custom)
    assert store.study_plan(ann) == custom
    store.clear_study_plan(ann)
    assert store.study_plan(ann) is None
    store.set_study_plan(bob, plan)
    store.remove_profile(bob)  # the plan goes with the profile
    assert store.study_plan(store.add_profile("Bob")) is None


def _revision_before_the_plan() -> str:
    """The revision the study plan's migration follows, named once, in that migration's file."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config())
    plan = next(script for script in scripts.walk_revisions() if script.path.endswith("_study_plan.py"))
    assert isinstance(plan.down_revision, str)
    return plan.down_revision


def test_a_database_at_the_revision_before_the_plan_upgrades_and_keeps_a_plan(db_url: str) -> None:
    engine = create_store_engine(database_url(db_url))
    with writer(engine).begin() as connection:
        upgrade(connection, _revision_before_the_plan())
        connection.execute(sa.text("INSERT INTO profiles (name, role, created_at) VALUES ('Ann', 'trainee', :t)"),
                           {"t": datetime(2025, 5, 1)})
    engine.dispose()
    with Store.open(db_url, ReviewScheduler(fuzz=False)) as store:
        [ann] = store.profiles()
        store.record_attempt(ann, answered(sample_case(), HALF_RIGHT, T0), Mode.PRACTICE)
        store.set_study_plan(ann, StudyPlan(CLUB_LAWS, date(2025, 6, 1), 4))
        assert store.study_plan(ann) == StudyPlan(CLUB_LAWS, date(2025, 6, 1), 4)
        assert len(store.answer_history(ann)) == 3
