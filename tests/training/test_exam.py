"""Exams: drawing a paper to the profile's quotas, reproducibly with a seed; no feedback until
the end; the time limit from timestamps passed in; the report by topic and the pass mark."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.content.cases.loader import load_topics
from app.training.attempt import AttemptError
from app.training.exam import Exam, ExamError, ExamOver, ExamProfile, choose_cases
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.exam_seal import Sealed, sealed_by
from app.training.report import NOT_ANSWERED, Tally

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
TOPICS = ("claims", "revoke", "penalty-card")
# 30 cases: 10 per topic, difficulties 1..5 in turn.
LIBRARY = [make_case(f"{topic}-{n}", (topic,), difficulty=1 + n % 5) for topic in TOPICS for n in range(10)]
PROFILE = ExamProfile("Mock club paper", cases=8, minutes=60, max_difficulty=3, quotas={"claims": 3, "revoke": 2})


def _sit(exam: Exam, answers_per_case: list[tuple], at: datetime) -> None:
    for answers in answers_per_case:
        for answer in answers:
            exam.answer(answer, at)
            exam.next(at)


def test_a_profile_that_does_not_add_up_is_refused_with_the_reason() -> None:
    with pytest.raises(ExamError, match="quotas ask for 5 cases but the paper has 4"):
        ExamProfile("Too small", cases=4, minutes=30, quotas={"claims": 3, "revoke": 2})
    with pytest.raises(ExamError, match="65 % is 0.65"):
        ExamProfile("Percent", cases=4, minutes=30, pass_mark=65)
    assert ExamProfile("Default", cases=4, minutes=30).pass_mark == 0.65


def test_the_paper_meets_its_quotas_from_the_cases_allowed() -> None:
    paper = choose_cases(PROFILE, LIBRARY, seed=1)
    assert len(paper) == 8 and len({case.id for case in paper}) == 8
    counts = Counter(topic for case in paper for topic in case.topics)
    assert counts["claims"] >= 3 and counts["revoke"] >= 2
    assert all(case.difficulty <= 3 for case in paper)


def test_a_seed_gives_the_same_paper_whatever_the_library_order() -> None:
    first = choose_cases(PROFILE, LIBRARY, seed=42)
    assert [c.id for c in choose_cases(PROFILE, list(reversed(LIBRARY)), seed=42)] == [c.id for c in first]
    papers = {tuple(c.id for c in choose_cases(PROFILE, LIBRARY, seed=seed)) for seed in range(5)}
    assert len(papers) > 1


def test_a_library_too_small_for_a_quota_says_which_topic() -> None:
    profile = ExamProfile("Claims heavy", cases=8, minutes=60, max_difficulty=1, quotas={"claims": 3})
    with pytest.raises(ExamError, match="needs 3 cases on 'claims' but the library has 2"):
        choose_cases(profile, LIBRARY)
    with pytest.raises(ExamError, match="needs 40 cases but the library has only 30"):
        choose_cases(ExamProfile("Long", cases=40, minutes=60), LIBRARY)


def test_marks_stay_hidden_until_the_end_and_the_report_is_by_topic() -> None:
    cases = [make_case("a", ("claims",)), make_case("b", ("claims", "revoke"))]
    exam = Exam(ExamProfile("Two", cases=2, minutes=30, pass_mark=0.75), cases, T0)
    assert exam.answer(0, T0 + MINUTE) is None
    with pytest.raises(AttemptError, match="finished"):
        exam.report()
    exam.next(T0 + MINUTE)
    _sit(exam, [ALL_RIGHT[1:], HALF_RIGHT], T0 + 10 * MINUTE)
    assert exam.is_finished and not exam.timed_out
    report = exam.report()
    assert report.report.total == Tally(4.5, 6)
    assert report.report.by_topic == {"claims": Tally(4.5, 6), "revoke": Tally(1.5, 3)}
    assert report.passed  # 4.5 of 6 is exactly the 75 % asked for


def test_a_score_just_under_the_pass_mark_fails() -> None:
    exam = Exam(ExamProfile("One", cases=1, minutes=30, pass_mark=0.51), [make_case("a")], T0)
    _sit(exam, [HALF_RIGHT], T0 + MINUTE)
    assert exam.report().report.total.fraction == 0.5 and not exam.report().passed


def test_time_up_ends_the_exam_and_marks_what_was_answered() -> None:
    cases = [make_case("a"), make_case("b"), make_case("c")]
    exam = Exam(ExamProfile("Short", cases=3, minutes=20), cases, T0)
    _sit(exam, [ALL_RIGHT], T0 + 5 * MINUTE)
    exam.answer(0, T0 + 19 * MINUTE)
    assert exam.time_left(T0 + 19 * MINUTE) == MINUTE
    with pytest.raises(ExamOver, match="time is up"):
        exam.next(T0 + 20 * MINUTE)
    with pytest.raises(ExamOver, match="over"):
        exam.answer(1, T0 + 21 * MINUTE)
    assert exam.timed_out and exam.finished_at == T0 + 20 * MINUTE and exam.time_left(T0) == timedelta(0)
    report = exam.report()
    assert [line.tally for line in report.report.cases] == [Tally(3, 3), Tally(1, 3), Tally(0, 3)]
    assert [q.verdict for q in report.report.cases[1].questions] == ["Right", NOT_ANSWERED, NOT_ANSWERED]
    assert report.report.total == Tally(4, 9) and not report.passed


def test_handing_in_early_is_not_a_time_out() -> None:
    exam = Exam(ExamProfile("Early", cases=1, minutes=20), [make_case("a")], T0)
    exam.answer(0, T0 + MINUTE)
    report = exam.finish(T0 + 2 * MINUTE)
    assert not report.timed_out and report.finished_at == T0 + 2 * MINUTE
    assert report.report.total == Tally(1, 3)


def test_a_closed_book_exam_locks_the_library_until_it_ends() -> None:
    exam = Exam(ExamProfile("Closed", cases=1, minutes=20, open_book=False), [make_case("a")], T0)
    assert Sealed.LAW_LIBRARY in sealed_by(exam)
    exam.finish(T0 + MINUTE)
    assert Sealed.LAW_LIBRARY not in sealed_by(exam)
    open_book = Exam(ExamProfile("Open", cases=1, minutes=20), [make_case("a")], T0)
    assert Sealed.LAW_LIBRARY not in sealed_by(open_book)


def test_an_exam_starts_from_a_profile_and_the_library() -> None:
    exam = Exam.start(PROFILE, LIBRARY, T0, seed=3)
    assert [c.id for c in exam.cases] == [c.id for c in choose_cases(PROFILE, LIBRARY, seed=3)]
    assert exam.deadline == T0 + 60 * MINUTE and exam.question is not None


def test_a_profile_survives_a_trip_through_its_dict() -> None:
    assert ExamProfile.from_dict(PROFILE.to_dict()) == PROFILE


def test_the_built_in_profiles_use_real_topics() -> None:
    topics, problems = load_topics(Path(__file__).parents[2] / "content" / "topics.yaml")
    assert not problems
    names = [profile.name for profile in BUILT_IN_PROFILES]
    assert "Club director: laws paper" in names and "Congress director" in names and len(set(names)) == len(names)
    for profile in BUILT_IN_PROFILES:
        assert set(profile.quotas) <= set(topics) and profile.topics <= set(topics), profile.name
        assert profile.pass_mark == 0.65
