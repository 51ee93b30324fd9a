"""The store on SQLite and PostgreSQL: profiles, attempts, spaced review, exams, the classroom
view, bookmarks and notes."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa
from store_samples import ALL_RIGHT, HALF_RIGHT, T0, answered, sample_case

from app.store import Role, Store, StoreError
from app.store.models import AnswerRow
from app.training.answer_codec import answer_from_json
from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.marking import mark
from app.training.practice import Mode, practice_order
from app.training.report import Tally
from app.training.review import ItemKind, ReviewItem

DAY = timedelta(days=1)


def test_profiles_are_listed_renamed_and_removed(store: Store) -> None:
    ann = store.add_profile("Ann")
    store.add_profile("  Bob ", Role.INSTRUCTOR)
    assert [(p.name, p.role) for p in store.profiles()] == [("Ann", Role.TRAINEE), ("Bob", Role.INSTRUCTOR)]
    with pytest.raises(StoreError, match="already exists"):
        store.add_profile("Bob")
    with pytest.raises(StoreError, match="needs a name"):
        store.add_profile("   ")
    ann = store.rename_profile(ann, "Annie")
    assert store.profile_named("Annie") == ann and store.profile_named("Ann") is None
    store.record_attempt(ann, answered(sample_case(), HALF_RIGHT))
    store.remove_profile(ann)
    assert [p.name for p in store.profiles()] == ["Bob"]
    assert store.results_by_case_and_topic().by_case == []  # her attempts went with her
    with pytest.raises(StoreError, match="no longer exists"):
        store.record_attempt(ann, answered(sample_case(), ALL_RIGHT))


def test_an_attempt_keeps_each_answer_so_it_marks_the_same_again(store: Store, db_url: str) -> None:
    ann = store.add_profile("Ann")
    case = sample_case()
    attempt_id = store.record_attempt(ann, answered(case, HALF_RIGHT))
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(AnswerRow.question_id, AnswerRow.answer, AnswerRow.points)
            .where(AnswerRow.attempt_id == attempt_id).order_by(AnswerRow.position)
        ).all()
    engine.dispose()
    questions = {q.id: q for q in case.questions}
    assert [r.question_id for r in rows] == [q.id for q in case.questions]
    for row in rows:
        assert mark(questions[row.question_id], answer_from_json(row.answer)).points == row.points
    assert [r.points for r in rows] == [1.0, 0.0, 0.5]


def test_an_attempt_with_no_answers_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="no answers"):
        store.record_attempt(store.add_profile("Ann"), Attempt(sample_case()))


def test_last_results_are_the_latest_attempt_at_each_case(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    store.record_attempt(ann, answered(sample_case("a"), HALF_RIGHT, T0))
    store.record_attempt(ann, answered(sample_case("a"), ALL_RIGHT, T0 + DAY))
    store.record_attempt(ann, answered(sample_case("b"), HALF_RIGHT, T0))
    store.record_attempt(bob, answered(sample_case("a"), HALF_RIGHT, T0 + 2 * DAY))
    assert store.last_results(ann) == {"a": 1.0, "b": 0.5}
    assert store.last_results(bob) == {"a": 0.5}
    recent = store.recent_attempts(ann, limit=2)
    assert [(r.case_id, r.score, r.mode) for r in recent] == [("a", 1.0, Mode.PRACTICE), ("b", 0.5, Mode.PRACTICE)]


def test_a_missed_case_and_its_law_sections_come_back_for_review(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    store.record_attempt(ann, answered(sample_case("a", laws=("27A1", "27B2")), HALF_RIGHT, T0), Mode.REVIEW)
    assert store.due_items(ann, T0) == []  # not due the moment it was missed
    due = store.due_items(ann, T0 + DAY)
    assert {d.item for d in due} == {
        ReviewItem(ItemKind.CASE, "a"), ReviewItem(ItemKind.LAW, "27A1"), ReviewItem(ItemKind.LAW, "27B2")
    }
    assert all(T0 < d.due <= T0 + DAY for d in due)
    assert store.due_items(bob, T0 + DAY) == []


def test_a_case_right_first_time_is_not_scheduled(store: Store) -> None:
    ann = store.add_profile("Ann")
    store.record_attempt(ann, answered(sample_case("a"), ALL_RIGHT, T0))
    assert store.due_items(ann, T0 + 3650 * DAY) == []


def test_getting_a_missed_case_right_pushes_its_review_back(store: Store) -> None:
    ann = store.add_profile("Ann")
    store.record_attempt(ann, answered(sample_case("a"), HALF_RIGHT, T0))
    store.record_attempt(ann, answered(sample_case("a"), ALL_RIGHT, T0 + DAY))
    assert store.due_items(ann, T0 + 2 * DAY) == []
    assert {d.item.key for d in store.due_items(ann, T0 + 365 * DAY)} == {"a", "27A1", "27B2"}


def test_the_progress_snapshot_orders_practice(store: Store) -> None:
    ann = store.add_profile("Ann")
    missed, weak, strong, unseen = (sample_case(i, laws=(law,)) for i, law in
                                    (("missed", "27A1"), ("weak", "16B1"), ("strong", "64A"), ("unseen", "50")))
    store.record_attempt(ann, answered(missed, HALF_RIGHT, T0))
    store.record_attempt(ann, answered(weak, HALF_RIGHT, T0 + 30 * DAY))
    store.record_attempt(ann, answered(strong, ALL_RIGHT, T0 + 30 * DAY))
    progress = store.progress(ann, T0 + 2 * DAY)  # "weak" was missed too, but is not due yet
    order = practice_order([strong, weak, unseen, missed], progress)
    assert [case.id for case in order] == ["missed", "unseen", "weak", "strong"]


def test_progress_by_topic_and_law_counts_the_latest_attempt_at_each_case(store: Store) -> None:
    ann = store.add_profile("Ann")
    store.record_attempt(ann, answered(sample_case("a", ("insufficient-bid", "procedure"), ("27B2",)), HALF_RIGHT))
    store.record_attempt(ann, answered(sample_case("a", ("insufficient-bid", "procedure"), ("27B2",)), ALL_RIGHT))
    store.record_attempt(ann, answered(sample_case("b", ("insufficient-bid",), ("27B2", "27A1")), HALF_RIGHT))
    by_topic = {r.key: (r.cases, r.tally) for r in store.results_by_topic(ann)}
    assert by_topic == {"insufficient-bid": (2, Tally(4.5, 6)), "procedure": (1, Tally(3, 3))}
    by_law = {r.key: (r.cases, r.tally) for r in store.results_by_law(ann)}
    assert by_law == {"27B2": (2, Tally(4.5, 6)), "27A1": (1, Tally(1.5, 3))}


def test_the_classroom_view_shows_everyone_by_case_and_topic(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    store.record_attempt(ann, answered(sample_case("ib"), HALF_RIGHT, T0))
    store.record_attempt(ann, answered(sample_case("ib"), ALL_RIGHT, T0 + DAY))
    store.record_attempt(ann, answered(sample_case("rv", ("revoke",), ("64A",)), ALL_RIGHT, T0))
    store.record_attempt(bob, answered(sample_case("ib"), ALL_RIGHT, T0))
    store.record_attempt(bob, answered(sample_case("ib"), HALF_RIGHT, T0 + DAY))
    results = store.results_by_case_and_topic()
    assert [(r.profile, r.case_id, r.attempts, r.last, r.best) for r in results.by_case] == [
        ("Ann", "ib", 2, 1.0, 1.0), ("Bob", "ib", 2, 0.5, 1.0), ("Ann", "rv", 1, 1.0, 1.0),
    ]
    assert [(r.profile, r.key, r.tally) for r in results.by_topic] == [
        ("Ann", "insufficient-bid", Tally(3, 3)), ("Ann", "revoke", Tally(3, 3)), ("Bob", "insufficient-bid", Tally(1.5, 3)),
    ]


def test_an_exam_is_kept_with_its_report_and_attempts(store: Store) -> None:
    ann = store.add_profile("Ann")
    profile = ExamProfile("Mock", cases=2, minutes=60)
    exam = Exam(profile, [sample_case("one"), sample_case("two", laws=("64A",))], T0, seed=7)
    for answer in ALL_RIGHT:
        exam.answer(answer, T0 + timedelta(minutes=10))
        exam.next(T0 + timedelta(minutes=10))
    exam.answer(0, T0 + timedelta(minutes=20))  # then the time runs out on the second case
    with pytest.raises(StoreError, match="still running"):
        store.record_exam(ann, exam)
    exam.finish(T0 + timedelta(minutes=61))
    exam_id = store.record_exam(ann, exam)
    [summary] = store.exams(ann)
    assert (summary.id, summary.name, summary.score) == (exam_id, "Mock", 4 / 6)
    assert summary.passed and summary.timed_out
    assert store.exam_report(exam_id) == exam.report()
    assert store.last_results(ann) == {"one": 1.0, "two": 1 / 3}
    assert [r.mode for r in store.recent_attempts(ann)] == [Mode.EXAM, Mode.EXAM]
    assert {d.item.key for d in store.due_items(ann, T0 + DAY)} == {"two", "64A"}
    with pytest.raises(StoreError, match="no exam 999"):
        store.exam_report(999)


def test_an_exam_case_left_unanswered_comes_back_for_review_as_a_miss(store: Store) -> None:
    ann = store.add_profile("Ann")
    exam = Exam(ExamProfile("Mock", cases=3, minutes=60),
                [sample_case("one"), sample_case("two", laws=("64A",)), sample_case("three", laws=("50",))], T0)
    for answer in ALL_RIGHT:
        exam.answer(answer, T0)
        exam.next(T0)
    exam.next(T0)  # the second case left unanswered; the third never reached
    exam.finish(T0 + timedelta(minutes=30))
    store.record_exam(ann, exam)
    assert {d.item.key for d in store.due_items(ann, T0 + DAY)} == {"two", "64A", "three", "50"}
    assert store.last_results(ann) == {"one": 1.0}  # no attempt is made up for the cases left


def test_bookmarks_and_notes_belong_to_one_trainee(store: Store) -> None:
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    store.add_bookmark(ann, "27B1(a)")
    store.add_bookmark(ann, "16B")
    store.add_bookmark(ann, "27B1(a)")
    assert store.bookmarks(ann) == ["27B1(a)", "16B"] and store.bookmarks(bob) == []
    store.remove_bookmark(ann, "27B1(a)")
    assert store.bookmarks(ann) == ["16B"]
    store.set_note(ann, "16B", "Ask: was there a logical alternative?")
    store.set_note(ann, "16B", " Ask about logical alternatives. ")
    store.set_note(bob, "64A", "two tricks at most")
    assert store.note_for(ann, "16B") == "Ask about logical alternatives."
    assert store.notes(ann) == {"16B": "Ask about logical alternatives."}
    store.set_note(ann, "16B", "")
    assert store.notes(ann) == {} and store.note_for(ann, "16B") == ""
    assert store.notes(bob) == {"64A": "two tricks at most"}
