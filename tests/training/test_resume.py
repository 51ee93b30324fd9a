"""Work put back as it was left: an attempt resumes at its next unanswered question with the same seed,
start time and marks; an exam with its paper, answers and clock — running on for a paper that stands
for a real exam, stopped for a practice one — and handed in if its time ran out while it was closed.
Saved work that no longer fits the library is refused with the reason, never half put back."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.exam_profiles import BUILT_IN_PROFILES, CLUB_QUICK
from app.training.feedback import choice_order
from app.training.practice import Mode
from app.training.report_html import report_html
from app.training.resume import ResumeError, SavedAttempt, SavedExam, resume_attempt, resume_exam

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
PAPER = [make_case(f"case-{n}") for n in range(3)]
LIBRARY = {case.id: case for case in PAPER}


def _exam(runs: bool, minutes: int = 60) -> Exam:
    profile = ExamProfile("Mock", cases=3, minutes=minutes, clock_runs_while_closed=runs)
    return Exam(profile, list(PAPER), T0, seed=7)


def test_an_attempt_resumes_at_its_next_question_with_its_seed_and_marks() -> None:
    case = make_case("ib")
    first = Attempt(case, started_at=T0)
    first.answer(HALF_RIGHT[0])
    first.next(T0)
    first.answer(HALF_RIGHT[1])  # marked, not yet moved on from
    saved = SavedAttempt.of(first, Mode.REVIEW)
    again = resume_attempt(case, saved, T0 + 5 * MINUTE)
    assert again.index == 2 and again.question is case.questions[2]  # the next unanswered one
    assert again.answers == first.answers and again.marks == first.marks
    assert again.seed == first.seed and again.started_at == T0
    assert [choice_order(q, again.seed) for q in case.questions] == [choice_order(q, first.seed) for q in case.questions]
    assert again.seconds >= saved.seconds  # the time worked before still counts
    again.answer(HALF_RIGHT[2])
    again.next(T0 + 6 * MINUTE)
    assert again.is_finished and again.points == pytest.approx(1.5)


def test_an_attempt_with_every_answer_given_comes_back_finished() -> None:
    case = make_case("ib")
    attempt = Attempt(case, started_at=T0)
    for answer in ALL_RIGHT:
        attempt.answer(answer)
        if attempt.index < len(case.questions) - 1:
            attempt.next(T0)
    again = resume_attempt(case, SavedAttempt.of(attempt, Mode.PRACTICE), T0 + MINUTE)
    assert again.is_finished and again.finished_at == T0 + MINUTE and again.score == 1


def test_answers_that_no_longer_fit_the_case_are_refused_not_dropped() -> None:
    case = make_case("ib")
    attempt = Attempt(case, started_at=T0)
    attempt.answer(ALL_RIGHT[0])
    attempt.next(T0)
    attempt.answer(ALL_RIGHT[1])
    saved = SavedAttempt.of(attempt, Mode.PRACTICE)
    fewer = replace(case, questions=case.questions[1:])  # the author removed the first question
    with pytest.raises(ResumeError, match="has changed since it was half-answered"):
        resume_attempt(fewer, saved, T0)
    swapped = replace(case, questions=[case.questions[2], case.questions[0], case.questions[1]])
    with pytest.raises(ResumeError, match="no longer fits"):  # a choice index given to a law question
        resume_attempt(swapped, replace(saved, answers=(("law", 0),)), T0)
    with pytest.raises(ResumeError, match="not 'other'"):
        resume_attempt(make_case("other"), saved, T0)


def _sit_two_and_a_half_cases(exam: Exam, at: datetime) -> None:
    for answer in ALL_RIGHT:
        exam.answer(answer, at)
        exam.next(at)
    for answer in HALF_RIGHT:
        exam.answer(answer, at)
        exam.next(at)
    exam.answer(ALL_RIGHT[0], at)


@pytest.mark.parametrize("runs", [True, False], ids=["clock-runs", "clock-stops"])
def test_an_exam_resumes_with_its_paper_answers_and_clock(runs: bool) -> None:
    exam = _exam(runs)
    _sit_two_and_a_half_cases(exam, T0 + 10 * MINUTE)
    saved = SavedExam.of(exam, T0 + 20 * MINUTE)  # last seen open 20 minutes in
    later = T0 + 50 * MINUTE  # resumed half an hour after the application closed
    again = resume_exam(saved, LIBRARY, later)
    assert [c.id for c in again.cases] == [c.id for c in exam.cases] and again.seed == 7
    assert [a.answers for a in again.attempts] == [a.answers for a in exam.attempts]
    assert [a.seed for a in again.attempts] == [a.seed for a in exam.attempts]
    # on the question it was left on, its answer still open to change (the next was not yet shown)
    assert again.current is not None and again.current.case.id == "case-2" and again.current.index == 0
    assert again.current.question is not None and again.current.question.id in again.current.marks
    assert not again.is_finished
    if runs:  # the wall clock: 50 minutes gone, 10 left
        assert again.paused == timedelta(0) and again.time_left(later) == 10 * MINUTE
    else:  # stopped at the last moment it was seen open: 20 minutes gone, 40 left
        assert again.paused == 30 * MINUTE and again.time_left(later) == 40 * MINUTE
        assert again.time_used(later) == 20 * MINUTE
    assert saved.time_left(later) == again.time_left(later)
    assert saved.answered == 7


def test_a_running_clock_that_ran_out_while_closed_hands_the_paper_in() -> None:
    exam = _exam(True, minutes=30)
    _sit_two_and_a_half_cases(exam, T0 + 10 * MINUTE)
    saved = SavedExam.of(exam, T0 + 11 * MINUTE)
    again = resume_exam(saved, LIBRARY, T0 + 3 * 60 * MINUTE)
    assert again.is_finished and again.timed_out and again.finished_at == T0 + 30 * MINUTE
    report = again.report()
    assert report.report.total.points == pytest.approx(3 + 1.5 + 1)  # what was answered is marked
    stopped = resume_exam(replace(saved, profile=replace(saved.profile, clock_runs_while_closed=False)), LIBRARY,
                          T0 + 3 * 60 * MINUTE)
    assert not stopped.is_finished and stopped.time_left(T0 + 3 * 60 * MINUTE) == 19 * MINUTE


def test_a_paper_comes_back_on_the_question_it_was_left_on_with_its_flags() -> None:
    exam = _exam(True)
    for answer in ALL_RIGHT[:2]:
        exam.answer(answer, T0)
        exam.next(T0)
    exam.answer(ALL_RIGHT[2], T0)  # the first case's last answer, not yet moved on from
    assert exam.toggle_flag()
    again = resume_exam(SavedExam.of(exam, T0 + MINUTE), LIBRARY, T0 + 2 * MINUTE)
    assert len(again.attempts) == 1 and again.current is not None and again.current.index == 2
    assert again.flagged and again.flags == {("case-0", again.current.case.questions[2].id)}
    again.answer(HALF_RIGHT[2], T0 + 2 * MINUTE)  # still open to change
    assert again.next(T0 + 2 * MINUTE) is not None and again.current.case.id == "case-1"


def test_a_paper_kept_before_its_place_was_saved_goes_on_with_the_next_case() -> None:
    exam = _exam(True)
    for answer in ALL_RIGHT:
        exam.answer(answer, T0)
        if exam.current is not None and exam.current.index < 2:
            exam.next(T0)
    saved = SavedExam.of(exam, T0 + MINUTE)
    old = replace(saved, position=None, attempts=tuple(replace(a, index=None) for a in saved.attempts))
    again = resume_exam(old, LIBRARY, T0 + 2 * MINUTE)
    assert len(again.attempts) == 2 and again.attempts[0].is_finished
    assert again.current is not None and again.current.case.id == "case-1" and again.current.index == 0


def test_a_paper_whose_case_has_gone_cannot_be_put_back() -> None:
    saved = SavedExam.of(_exam(True), T0)
    with pytest.raises(ResumeError, match="case-1 is no longer in the library"):
        resume_exam(saved, {"case-0": PAPER[0], "case-2": PAPER[2]}, T0)


def test_a_stopped_clock_shows_in_the_report_as_time_on_the_clock() -> None:
    exam = _exam(False)
    _sit_two_and_a_half_cases(exam, T0 + 10 * MINUTE)
    again = resume_exam(SavedExam.of(exam, T0 + 10 * MINUTE), LIBRARY, T0 + 24 * 60 * MINUTE)
    report = again.finish(T0 + 24 * 60 * MINUTE + 5 * MINUTE)
    assert report.time_taken == 15 * MINUTE and report.paused == 24 * 60 * MINUTE - 10 * MINUTE
    assert "15 of 60 minutes" in report_html(report, "Ann", {})


def test_the_papers_that_stand_for_real_exams_keep_their_clock_running() -> None:
    """The built-in accreditation papers run on while the application is closed; the closed-book check,
    a practice paper, stops. A profile saved before the setting existed runs, the honest default."""
    running = {profile.name for profile in BUILT_IN_PROFILES if profile.clock_runs_while_closed}
    assert running == {p.name for p in BUILT_IN_PROFILES} - {CLUB_QUICK.name}
    assert not CLUB_QUICK.clock_runs_while_closed
    old = {key: value for key, value in CLUB_QUICK.to_dict().items() if key != "clock_runs_while_closed"}
    assert ExamProfile.from_dict(old).clock_runs_while_closed
    assert ExamProfile.from_dict(CLUB_QUICK.to_dict()) == CLUB_QUICK
