"""The HTML export: one self-contained page with the score, the topic table and each case's
questions; no scripts and nothing fetched from elsewhere."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser

import pytest
from case_samples import ALL_RIGHT, HALF_RIGHT, make_case

from app.training.case_filter import CaseFilter
from app.training.exam import Exam, ExamProfile
from app.training.practice import PracticeSession, Progress
from app.training.report_html import report_html

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


class _Page(HTMLParser):
    """Collects tags, table rows (as lists of cell texts) and headings."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.rows: list[list[str]] = []
        self.headings: list[str] = []
        self._text: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th", "h1", "h2", "h3"):
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._text is not None:
            self.rows[-1].append("".join(self._text))
        if tag in ("h1", "h2", "h3") and self._text is not None:
            self.headings.append("".join(self._text))
        if tag in ("td", "th", "h1", "h2", "h3"):
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def _exam_page() -> _Page:
    cases = [make_case("a", ("claims",)), make_case("b <&>", ("revoke", "claims"))]
    cases[1].title = "Dummy's <revoke> & more"
    exam = Exam(ExamProfile("Club paper", cases=2, minutes=90, open_book=False), cases, T0)
    for answers in (ALL_RIGHT, HALF_RIGHT):
        for answer in answers:
            exam.answer(answer, T0 + timedelta(minutes=30))
            exam.next(T0 + timedelta(minutes=30))
    return _Page(report_html(exam.report(), trainee="Ann", topic_names={"claims": "Claims and concessions"}))


def test_the_exam_page_gives_the_result_topics_and_cases() -> None:
    page = _exam_page()
    assert page.headings[:3] == ["Club paper", "By topic", "Case by case"]
    assert ["Claims and concessions", "4.5", "6", "75%"] in page.rows
    assert ["revoke", "1.5", "3", "50%"] in page.rows
    assert ["Dummy's <revoke> & more", "1.5", "3", "50%"] in page.rows  # escaped, and read back intact
    assert "Dummy's <revoke> & more" in page.headings
    first, second = (row for row in page.rows if row[0].startswith("Under which law"))
    assert first[1:] == ["27B2", "Right", "1", "1", "Law 27B2"]  # the answer given, then its mark
    # 27A1 given: the right law, another section
    assert second[1:] == ["27A1", "Partly right", "0.5", "1", "Law 27B2"]


def test_the_exam_page_says_why_and_what_was_answered_or_not() -> None:
    cases = [make_case("a")]
    exam = Exam(ExamProfile("Club paper", cases=1, minutes=90), cases, T0)
    exam.answer(1, T0)  # a wrong choice
    exam.finish(T0 + timedelta(minutes=5))
    page = _Page(report_html(exam.report()))
    question = cases[0].questions[0]
    [row] = [row for row in page.rows if row[0] == question.ask]
    assert row[1] == question.choices[1].text and row[2] == "Wrong"
    html = report_html(exam.report())
    assert "Question 1, why:" in html and question.choices[1].why.split()[0] in html
    unanswered = [row for row in page.rows if row[1] == "—"]
    assert len(unanswered) == 2 and all(row[2] == "Not answered" for row in unanswered)


def test_times_are_in_the_computers_own_time_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Pacific/Auckland")
    time.tzset()
    try:
        exam = Exam(ExamProfile("Club paper", cases=1, minutes=90), [make_case("a")], T0)  # 19:00 UTC
        exam.finish(T0 + timedelta(minutes=5))
        html = report_html(exam.report())
        assert "Sat 2025-03-02 08:00 NZDT" in html and "UTC" not in html
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_page_is_self_contained() -> None:
    page = _exam_page()
    assert "script" not in page.tags and "img" not in page.tags and "link" not in page.tags


def test_a_practice_report_has_no_exam_verdict() -> None:
    session = PracticeSession.practice([make_case("a")], CaseFilter(), Progress())
    attempt = session.next_attempt()
    assert attempt is not None
    attempt.answer(0)
    html = report_html(session.report())
    assert "Passed" not in html and "pass mark" not in html and "Score: 1 of 3 (33%)" in html


def test_the_exam_page_says_whether_the_candidate_passed() -> None:
    cases = [make_case("a")]
    exam = Exam(ExamProfile("Club paper", cases=1, minutes=90), cases, T0)
    exam.answer(0, T0 + timedelta(minutes=5))
    exam.finish(T0 + timedelta(minutes=100))
    html = report_html(exam.report())
    assert "Not passed" in html and "the pass mark is 65%" in html and "(time ran out)" in html
    assert "90 of 90 minutes" in html


def test_a_which_law_question_is_given_the_reason_its_section_states() -> None:
    from pathlib import Path

    from app.content.laws.law_book import load_law_book

    book, problems = load_law_book(Path(__file__).resolve().parents[2] / "content" / "laws" / "wbf-2017")
    assert not problems
    cases = [make_case("a")]
    exam = Exam(ExamProfile("Club paper", cases=1, minutes=90), cases, T0)
    for answer in HALF_RIGHT:  # the law question answered 27A1: the right law, another section
        exam.answer(answer, T0)
        exam.next(T0)
    exam.finish(T0 + timedelta(minutes=5))
    summary = book.get("27B2").summary.split()  # type: ignore[union-attr]
    with_book = report_html(exam.report(), book=book)
    assert "Question 3, why:" in with_book and "Law 27B2: " + " ".join(summary[:6]) in " ".join(with_book.split())
    assert "Law 27B2: " not in report_html(exam.report())  # without the law book, no reason is made up
