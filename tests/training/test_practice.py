"""Practice sessions: choosing cases by topic, law, difficulty and edition, and the order
due → citing a due law → unseen → weakest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.content.laws.refs import parse_ref
from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.practice import Mode, PracticeSession, Progress, practice_order, review_queue
from app.training.report import Tally
from app.training.review import DueItem, ItemKind, ReviewItem

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)

IB = make_case("ib", ("insufficient-bid",), ("27B1(a)",), difficulty=1)
REVOKE = make_case("revoke", ("revoke",), ("64A1", "64B"), difficulty=3)
WHOLE_27 = make_case("whole-27", ("insufficient-bid", "procedure"), ("27",), difficulty=2)
OLD = make_case("old", ("insufficient-bid",), ("27B2",), difficulty=2, edition="wbf-2007")
LIBRARY = [IB, REVOKE, WHOLE_27, OLD]


def _ids(cases: list) -> list[str]:
    return [case.id for case in cases]


def test_a_filter_matches_any_topic_given() -> None:
    assert _ids(CaseFilter(topics=frozenset({"procedure", "revoke"})).apply(LIBRARY)) == ["revoke", "whole-27"]


def test_a_law_finds_cases_citing_it_or_a_section_inside_it() -> None:
    assert _ids(CaseFilter(law=parse_ref("27")).apply(LIBRARY)) == ["ib", "whole-27", "old"]
    assert _ids(CaseFilter(law=parse_ref("27B")).apply(LIBRARY)) == ["ib", "old"]
    assert _ids(CaseFilter(law=parse_ref("27B1(a)")).apply(LIBRARY)) == ["ib"]  # not the whole-law case
    assert _ids(CaseFilter(law=parse_ref("64")).apply(LIBRARY)) == ["revoke"]


def test_difficulty_and_edition_narrow_the_choice() -> None:
    assert _ids(CaseFilter(min_difficulty=2, max_difficulty=2).apply(LIBRARY)) == ["whole-27", "old"]
    assert _ids(CaseFilter(edition="wbf-2017").apply(LIBRARY)) == ["ib", "revoke", "whole-27"]


def test_due_cases_come_first_then_unseen_then_the_weakest() -> None:
    cases = [make_case(name) for name in ("strong", "weak", "unseen", "late", "later", "unseen-2")]
    progress = Progress(
        due=(DueItem(ReviewItem(ItemKind.CASE, "later"), T0),
             DueItem(ReviewItem(ItemKind.CASE, "late"), T0 - timedelta(days=2))),
        last_scores={"strong": 1.0, "weak": 0.25, "late": 0.5, "later": 0.0},
    )
    assert _ids(practice_order(cases, progress)) == ["late", "later", "unseen", "unseen-2", "weak", "strong"]


def test_a_case_citing_a_due_law_section_comes_after_due_cases() -> None:
    due_law = DueItem(ReviewItem(ItemKind.LAW, "64A"), T0)  # REVOKE cites 64A1, inside 64A
    due_case = DueItem(ReviewItem(ItemKind.CASE, "whole-27"), T0 + timedelta(hours=1))
    progress = Progress(due=(due_law, due_case), last_scores={"revoke": 1.0, "whole-27": 1.0, "old": 0.0})
    assert _ids(practice_order(LIBRARY, progress)) == ["whole-27", "revoke", "ib", "old"]
    assert _ids(review_queue(LIBRARY, progress)) == ["whole-27", "revoke"]


def test_a_session_works_through_its_queue_and_reports() -> None:
    session = PracticeSession.practice(LIBRARY, CaseFilter(edition="wbf-2017"), Progress(last_scores={"ib": 0.5}))
    assert (session.mode, _ids(session.cases)) == (Mode.PRACTICE, ["revoke", "whole-27", "ib"])
    for answers in (ALL_RIGHT, HALF_RIGHT):
        attempt = session.next_attempt()
        assert attempt is not None
        for answer in answers:
            attempt.answer(answer)
            attempt.next()
    assert session.remaining == 1
    report = session.report()
    assert report.total == Tally(4.5, 6)
    assert report.by_topic == {"insufficient-bid": Tally(1.5, 3), "procedure": Tally(1.5, 3), "revoke": Tally(3, 3)}
    session.next_attempt()
    assert session.next_attempt() is None


def test_a_review_session_holds_only_what_is_due() -> None:
    progress = Progress(due=(DueItem(ReviewItem(ItemKind.CASE, "old"), T0),))
    session = PracticeSession.review(LIBRARY, progress)
    assert (session.mode, _ids(session.cases)) == (Mode.REVIEW, ["old"])


def test_an_attempt_records_when_it_started_and_finished() -> None:
    attempt = Attempt(IB, started_at=T0)
    for answer in ALL_RIGHT:
        attempt.answer(answer)
        attempt.next(T0 + timedelta(minutes=4))
    assert (attempt.started_at, attempt.finished_at) == (T0, T0 + timedelta(minutes=4))
