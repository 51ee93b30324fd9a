"""What a running exam seals, decided in one place: everything that shows or works out an answer in
every paper, the law library as well in a closed-book one, nothing once it is handed in; and when
opening a case in the editor would give its answers away."""

from __future__ import annotations

from datetime import UTC, datetime

from case_samples import ALL_RIGHT, make_case

from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.exam_seal import Sealed, editing_gives_answers_away, sealed_by

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
CASES = [make_case("a"), make_case("b")]


def test_an_exam_seals_the_answers_open_book_or_closed() -> None:
    open_book = Exam(ExamProfile("Open", cases=2, minutes=30, open_book=True), CASES, T0)
    closed = Exam(ExamProfile("Closed", cases=2, minutes=30, open_book=False), CASES, T0)
    always = {Sealed.CASE_FILES, Sealed.PRESENTER, Sealed.CALCULATORS, Sealed.DOUBLE_DUMMY, Sealed.CASE_LAWS,
              Sealed.OTHER_WORK, Sealed.PROFILES, Sealed.QUICK_REFERENCE}
    assert sealed_by(open_book) == always  # the book, not a calculator or a crib that answers the question
    assert sealed_by(closed) == always | {Sealed.LAW_LIBRARY}
    closed.finish(T0)
    assert sealed_by(closed) == frozenset() and sealed_by(None) == frozenset()
    assert all("not available during" in kind.message for kind in Sealed)


def test_the_editor_gives_answers_away_until_the_case_is_finished() -> None:
    case = CASES[0]
    attempt = Attempt(case)
    assert editing_gives_answers_away(attempt, {})  # never attempted
    assert editing_gives_answers_away(attempt, {case.id: 1.0})  # tried before, open and unfinished now
    for answer in ALL_RIGHT:
        attempt.answer(answer)
        attempt.next()
    assert not editing_gives_answers_away(attempt, {case.id: 1.0})
