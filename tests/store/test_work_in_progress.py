"""Work kept as it is done: a half-answered case saved answer by answer (one transaction each) with its
seed and start, read back exactly, counted once when finished, discarded on request; the exam being
sat saved with its paper, clock and answers, and gone once it is recorded. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa
from store_samples import ALL_RIGHT, HALF_RIGHT, T0, sample_case

from app.store import Store
from app.store.models import OpenAnswerRow, OpenAttemptRow, OpenExamRow
from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.practice import Mode
from app.training.resume import resume_attempt, resume_exam

MINUTE = timedelta(minutes=1)


def _count(db_url: str, table: type) -> int:
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        count = connection.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
    engine.dispose()
    return int(count)


def test_a_half_answered_case_is_kept_answer_by_answer(store: Store, db_url: str) -> None:
    ann = store.add_profile("Ann")
    case = sample_case()
    attempt = Attempt(case, started_at=T0)
    attempt.answer(HALF_RIGHT[0])
    store.save_unfinished_attempt(ann, attempt, Mode.REVIEW, T0 + MINUTE)
    assert _count(db_url, OpenAnswerRow) == 1
    attempt.next(T0)
    attempt.answer(HALF_RIGHT[1])
    store.save_unfinished_attempt(ann, attempt, Mode.REVIEW, T0 + 2 * MINUTE)
    assert _count(db_url, OpenAnswerRow) == 2 and _count(db_url, OpenAttemptRow) == 1  # the same attempt grew
    [saved] = store.unfinished_attempts(ann)
    assert saved == store.unfinished_attempt(ann, case.id)
    assert (saved.case_id, saved.mode, saved.seed, saved.started_at) == (case.id, Mode.REVIEW, attempt.seed, T0)
    assert saved.answers == (("first-option", 0), ("free-correction", 1))
    again = resume_attempt(case, saved, T0 + 3 * MINUTE)
    assert again.marks == attempt.marks and again.question is case.questions[2]
    # nothing shows as a result yet: the case is not finished
    assert store.last_results(ann) == {} and store.recent_attempts(ann) == []


def test_finishing_a_kept_attempt_records_it_once(store: Store) -> None:
    ann = store.add_profile("Ann")
    case = sample_case()
    attempt = Attempt(case, started_at=T0)
    for answer in ALL_RIGHT:
        attempt.answer(answer)
        store.save_unfinished_attempt(ann, attempt, Mode.PRACTICE)
        attempt.next(T0 + MINUTE)
    store.record_attempt(ann, attempt)
    assert store.unfinished_attempts(ann) == []
    assert store.last_results(ann) == {case.id: 1.0} and len(store.recent_attempts(ann)) == 1
    [by_topic] = store.results_by_topic(ann)
    assert by_topic.cases == 1


def test_each_trainee_keeps_one_unfinished_attempt_per_case_and_can_discard_it(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    first, second = sample_case("ib-1"), sample_case("ib-2")
    for profile, case in ((ann, first), (ann, second), (bob, first)):
        attempt = Attempt(case, started_at=T0)
        attempt.answer(0)
        store.save_unfinished_attempt(profile, attempt, Mode.PRACTICE, T0 + (MINUTE if case is second else 0 * MINUTE))
    assert [s.case_id for s in store.unfinished_attempts(ann)] == ["ib-2", "ib-1"]  # the latest worked on first
    fresh = Attempt(first, started_at=T0 + MINUTE)  # the case started again: it replaces what was kept
    fresh.answer(1)
    store.save_unfinished_attempt(ann, fresh, Mode.PRACTICE)
    kept = store.unfinished_attempt(ann, "ib-1")
    assert kept is not None and kept.answers == (("first-option", 1),) and kept.seed == fresh.seed
    store.discard_unfinished_attempt(ann, "ib-1")
    assert [s.case_id for s in store.unfinished_attempts(ann)] == ["ib-2"]
    assert [s.case_id for s in store.unfinished_attempts(bob)] == ["ib-1"]
    store.remove_profile(bob)
    assert store.unfinished_attempts(bob) == []


def test_the_exam_being_sat_is_kept_and_goes_once_recorded(store: Store, db_url: str) -> None:
    ann = store.add_profile("Ann")
    cases = [sample_case(f"c-{n}") for n in range(3)]
    profile = ExamProfile("Mock", cases=3, minutes=60, clock_runs_while_closed=False)
    exam = Exam(profile, cases, T0, seed=11)
    store.save_unfinished_exam(ann, exam, T0)
    for answer in ALL_RIGHT:
        exam.answer(answer, T0 + MINUTE)
        exam.next(T0 + MINUTE)
        store.save_unfinished_exam(ann, exam, T0 + MINUTE)
    exam.answer(HALF_RIGHT[0], T0 + 2 * MINUTE)
    store.save_unfinished_exam(ann, exam, T0 + 2 * MINUTE)
    store.exam_seen(ann, T0 + 5 * MINUTE)
    saved = store.unfinished_exam(ann)
    assert saved is not None and _count(db_url, OpenExamRow) == 1
    assert (saved.profile, saved.case_ids, saved.seed, saved.started_at) == (profile, ("c-0", "c-1", "c-2"), 11, T0)
    assert saved.seen_at == T0 + 5 * MINUTE and saved.answered == 4
    assert [a.seed for a in saved.attempts] == [a.seed for a in exam.attempts]
    assert saved.attempts[0].finished_at == T0 + MINUTE and saved.attempts[1].finished_at is None
    again = resume_exam(saved, {case.id: case for case in cases}, T0 + 65 * MINUTE)
    assert again.time_used(T0 + 65 * MINUTE) == 5 * MINUTE  # the clock stopped when it was last seen
    assert [a.answers for a in again.attempts] == [a.answers for a in exam.attempts]
    assert store.unfinished_attempts(ann) == []  # an exam's cases are not cases left on their own
    again.finish(T0 + 70 * MINUTE)
    exam_id = store.record_exam(ann, again)
    assert store.unfinished_exam(ann) is None and _count(db_url, OpenAttemptRow) == 0
    assert store.exam_report(exam_id).paused == again.paused
    store.exam_seen(ann, T0)  # no paper open: nothing to note


def test_a_discarded_exam_takes_its_answers_with_it(store: Store, db_url: str) -> None:
    ann = store.add_profile("Ann")
    exam = Exam(ExamProfile("Mock", cases=1, minutes=30), [sample_case()], T0)
    exam.answer(0, T0)
    store.save_unfinished_exam(ann, exam, T0)
    store.discard_unfinished_exam(ann)
    assert store.unfinished_exam(ann) is None
    assert (_count(db_url, OpenExamRow), _count(db_url, OpenAttemptRow), _count(db_url, OpenAnswerRow)) == (0, 0, 0)


@pytest.mark.parametrize("runs", [True, False])
def test_the_clock_setting_survives_the_store(store: Store, runs: bool) -> None:
    ann = store.add_profile("Ann")
    exam = Exam(ExamProfile("Mock", cases=1, minutes=30, clock_runs_while_closed=runs), [sample_case()], T0)
    store.save_unfinished_exam(ann, exam, T0)
    saved = store.unfinished_exam(ann)
    assert saved is not None and saved.profile.clock_runs_while_closed is runs
