"""The outlook Home shows and the progress summary Progress shows, put together from a made-up history."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from app.training.exam import ExamProfile
from app.training.history import AnswerRecord, PaperResult
from app.training.outlook import exam_moment, outlook
from app.training.progress_report import progress_html, progress_summary
from app.training.study_plan import StudyPlan
from tests.training.case_samples import make_case

NOW = datetime(2025, 3, 3, 19, 0, tzinfo=UTC)
PAPER = ExamProfile("Revokes paper", cases=3, minutes=60, quotas={"revoke": 2}, topics=frozenset({"revoke", "claims"}))
CASES = [make_case("r1", ("revoke",), ("64A1",)), make_case("r2", ("revoke",), ("64B",)),
         make_case("c1", ("claims",), ("70A",))]


def answered(attempt: int, case_id: str, topic: str, law: str, right: bool, when: datetime,
             exam: int | None = None) -> list[AnswerRecord]:
    return [AnswerRecord(attempt, case_id, f"q{i}", when, 1.0 if right or i == 0 else 0.0, 1.0, (topic,), (law,), exam)
            for i in range(3)]


HISTORY = answered(1, "r1", "revoke", "64A1", True, NOW - timedelta(days=6)) + answered(
    2, "c1", "claims", "70A", False, NOW - timedelta(days=5)) + answered(
    3, "r2", "revoke", "64B", True, NOW - timedelta(days=2), exam=9)
RESULTS = [PaperResult(9, PAPER, NOW - timedelta(days=2, hours=1), 1.0, True),
           PaperResult(8, ExamProfile("Another paper", cases=1, minutes=10), NOW - timedelta(days=1), 0.2, False)]


def test_the_outlook_reads_each_part_of_the_paper_and_the_last_paper_of_its_kind() -> None:
    plan = StudyPlan(PAPER, date(2025, 3, 10))
    found = outlook(PAPER, plan, CASES, HISTORY, RESULTS, [], {}, NOW)
    assert found.day is not None and found.day.days_left == 7
    assert found.recall.at == exam_moment(date(2025, 3, 10), NOW) == datetime(2025, 3, 10, 9, 0, tzinfo=UTC)
    revoke, rest = found.lines
    assert (revoke.part.topic, revoke.tried, revoke.cases) == ("revoke", 2, 2)
    assert (rest.part.topic, rest.tried, rest.cases) == ("", 3, 3)
    assert revoke.recall is not None and 0 < revoke.recall < 1
    assert found.last_paper is not None and found.last_paper.result.id == 9  # not the other paper, though later
    assert found.last_paper.estimate.answers == 6  # what was answered before the paper started


def test_without_a_plan_there_is_no_day_and_no_recall_on_it() -> None:
    """Nor is fsrs asked: there is no exam day to reckon recall at (Home hides that column without a plan)."""
    from app.training.review import ReviewScheduler

    class Untouched(ReviewScheduler):
        def retrievability(self, *_arguments: object) -> float:
            raise AssertionError("recall was worked out without a plan")

    found = outlook(PAPER, None, CASES, HISTORY, RESULTS, [], {}, NOW, Untouched())
    assert found.plan is None and found.day is None and found.recall is None
    assert found.lines and all(line.recall is None for line in found.lines)
    assert any(line.tried for line in found.lines)  # the answers still count, as tried and in the estimate


def test_the_progress_report_lists_every_law_and_topic_and_the_papers() -> None:
    laws = [("64", "Procedure after establishment of a revoke"), ("70", "Contested claim"), ("71", "Concession")]
    topics = {"revoke": "Revokes", "claims": "Claims", "scoring": "Scoring"}
    summary = progress_summary("Ann", laws, topics, CASES, HISTORY, [], RESULTS, {}, StudyPlan(PAPER, date(2025, 3, 10)),
                               NOW)
    assert [law.key for law in summary.laws] == ["64", "70", "71"] and summary.answers == 9
    assert [paper.result.id for paper in summary.papers] == [8, 9]  # the latest first
    page = progress_html(summary)
    for text in ("Progress report: Ann", "Law 64 — Procedure after establishment of a revoke", "never touched",
                 "Scoring", "Revokes paper", "Recall on the day", "The mark week by week"):
        assert text in page, text
    assert progress_summary("Ann", laws, topics, CASES, HISTORY, [], RESULTS, {}, None, NOW).laws[0].recall is None
