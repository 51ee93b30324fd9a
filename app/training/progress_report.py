"""A trainee's progress in one piece, for the Progress view and for the progress report (HTML, and PDF
through the same page as an exam report): every law and topic with where he stands, his mark week
by week, his mock papers beside the estimate made before each, and — with a study plan — the
chance of recalling each law and topic on the exam day (else none: recall "today" says nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape

from app.content.cases.model import Case
from app.training.coverage import Coverage, WeekMark, law_coverage, topic_coverage, weekly_marks
from app.training.exam import DEFAULT_PASS_MARK
from app.training.history import AnswerRecord, PaperResult
from app.training.outlook import exam_moment
from app.training.readiness import Forecast, forecasts
from app.training.recall import recall_at
from app.training.report_html import PAGE_STYLE, html_table
from app.training.review import DueItem, ReviewItem, ReviewScheduler
from app.training.study_plan import StudyPlan


@dataclass(frozen=True)
class ProgressSummary:
    trainee: str
    laws: tuple[Coverage, ...]
    topics: tuple[Coverage, ...]
    weeks: tuple[WeekMark, ...]
    papers: tuple[Forecast, ...]  # the latest first
    plan: StudyPlan | None
    made_at: datetime

    @property
    def pass_mark(self) -> float:
        return self.plan.paper.pass_mark if self.plan is not None else DEFAULT_PASS_MARK

    @property
    def answers(self) -> int:
        return sum(week.answers for week in self.weeks)


def progress_summary(trainee: str, laws: Iterable[tuple[str, str]], topics: Mapping[str, str], cases: Sequence[Case],
                     answers: Sequence[AnswerRecord], due: Sequence[DueItem], results: Sequence[PaperResult],
                     cards: Mapping[ReviewItem, str], plan: StudyPlan | None, now: datetime) -> ProgressSummary:
    """Everything the Progress view shows; ``laws`` are (key, title) of every law in order, ``due`` the
    review items due now, ``now`` aware in the trainee's own time zone."""
    recall = (recall_at(exam_moment(plan.exam_date, now), answers, cards, ReviewScheduler(fuzz=False))
              if plan is not None else None)
    return ProgressSummary(
        trainee, tuple(law_coverage(laws, cases, answers, due, recall)),
        tuple(topic_coverage(topics, cases, answers, due, recall)), tuple(weekly_marks(answers, now)),
        tuple(forecasts(results, cases, answers)), plan, now)


def _standing(cover: Coverage) -> list[str]:
    tried = f"{cover.tried} of {cover.in_library}" if cover.in_library else (f"{cover.tried}" if cover.tried else "—")
    return [cover.title, str(cover.standing), tried, f"{cover.tally.fraction:.0%}" if cover.tried else "—",
            str(cover.due) if cover.due else "", f"{cover.recall:.0%}" if cover.recall is not None else "—"]


def progress_html(summary: ProgressSummary) -> str:
    """The progress report as one page: plain HTML that Qt prints to PDF."""
    plan = summary.plan
    title = f"Progress report: {summary.trainee}"
    parts = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{PAGE_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>Made {summary.made_at:%d %B %Y %H:%M}. {summary.answers} answers in all; the pass mark used is "
        f"{summary.pass_mark:.0%}.</p>",
    ]
    if plan is not None:
        parts.append(f"<p>Preparing for <b>{escape(plan.paper.name)}</b> on {plan.exam_date:%d %B %Y}. "
                     "“Recall on the day” is the chance, on the trainee's own forgetting curves, of recalling "
                     "what was practised of each law or topic on that day.</p>")
    parts.append("<h2>The mark week by week</h2>")
    weeks = [w for w in summary.weeks if w.answers]
    parts.append(html_table(("Week of", "Answers", "Mark"),
                            ([f"{w.week:%d %b %Y}", str(w.answers), f"{w.tally.fraction:.0%}"] for w in weeks),
                            numeric={1, 2}) if weeks else "<p>No answers yet.</p>")
    parts.append("<h2>Mock papers</h2>")
    parts.append(html_table(
        ("Sat", "Paper", "Mark", "Result", "Estimated before"),
        ([f"{f.result.started_at:%d %b %Y}", f.result.paper.name, f"{f.result.mark:.0%}",
          "passed" if f.result.passed else "not passed", f"{f.estimate.mark:.0%} ({f.estimate.low:.0%}–"
          f"{f.estimate.high:.0%})"] for f in summary.papers), numeric={2}) if summary.papers else
        "<p>No mock papers sat yet.</p>")
    headings = ("", "Standing", "Cases tried", "Mark", "Due", "Recall on the day")
    parts.append("<h2>Every topic</h2>")
    parts.append(html_table(headings, (_standing(c) for c in summary.topics), numeric={2, 3, 4, 5}))
    parts.append("<h2>Every law</h2>")
    parts.append(html_table(headings, ([f"Law {c.key} — {c.title}", *_standing(c)[1:]] for c in summary.laws),
                            numeric={2, 3, 4, 5}))
    parts.append("</body></html>")
    return "\n".join(parts)
