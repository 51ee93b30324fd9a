"""Where a trainee stands against the paper he is preparing for, in one piece for Home: the study
plan's day, the readiness estimate part by part with the chance of recalling each part on the exam
day and how much of it he has tried, and his last mock paper of that kind beside the estimate made
before it. Everything is worked out by the modules it names; this one only puts it together, so
that the window asks one question and shows the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import TYPE_CHECKING

from app.training.exam import ExamProfile
from app.training.history import AnswerRecord, PaperResult, first_seen
from app.training.readiness import Forecast, Readiness, TopicReadiness, forecasts, readiness
from app.training.recall import Recall, recall_at
from app.training.review import DueItem, ReviewItem, ReviewScheduler
from app.training.study_plan import DayPlan, StudyPlan, plan_day

if TYPE_CHECKING:
    from app.content.cases.model import Case

EXAM_STARTS = time(9, 0)  # the moment of the exam day recall is reckoned at, in the trainee's own time


@dataclass(frozen=True)
class PartLine:
    """One part of the paper: the estimate, the chance of recalling what was tried of it on the day
    (None when nothing was, or there is no plan and so no day), and how many of its cases were tried out
    of those the paper may draw."""

    part: TopicReadiness
    recall: float | None
    tried: int
    cases: int


@dataclass(frozen=True)
class Outlook:
    paper: ExamProfile
    plan: StudyPlan | None
    day: DayPlan | None
    readiness: Readiness
    lines: tuple[PartLine, ...]
    recall: Recall | None  # on the exam day; None without a plan, which names no day
    last_paper: Forecast | None


def exam_moment(exam_date: date, now: datetime) -> datetime:
    """The exam's start on its day, in the time zone of ``now``."""
    return datetime.combine(exam_date, EXAM_STARTS, tzinfo=now.tzinfo)


def outlook(paper: ExamProfile, plan: StudyPlan | None, cases: Sequence[Case], answers: Sequence[AnswerRecord],
            results: Sequence[PaperResult], due: Sequence[DueItem], cards: Mapping[ReviewItem, str], now: datetime,
            scheduler: ReviewScheduler | None = None) -> Outlook:
    """The outlook for ``paper`` (the plan's, when there is a plan) at ``now`` (aware, the trainee's own
    time zone). ``due``: the review items due by the exam (by now, without a plan)."""
    found = readiness(paper, cases, answers, now)
    day = plan_day(plan, cases, answers, due, found, now) if plan is not None else None
    # Recall is reckoned for the exam day: without a plan there is none, and Home shows no recall (working it
    # out anyway took fsrs's import and a card for every item answered, a third of Home's wait at start-up).
    on_the_day = (recall_at(exam_moment(plan.exam_date, now), answers, cards, scheduler or ReviewScheduler(fuzz=False))
                  if plan is not None else None)
    pool = paper.case_filter().apply(cases)
    seen = first_seen(answers)
    lines = []
    for part in found.parts:
        ids = [case.id for case in pool if not part.topic or part.topic in case.topics]
        recall = on_the_day.mean_over(ids) if on_the_day is not None else None
        lines.append(PartLine(part, recall, sum(1 for case_id in ids if case_id in seen), len(ids)))
    same = [result for result in results if result.paper.name == paper.name]
    latest = forecasts([max(same, key=lambda r: r.started_at)], cases, answers) if same else []
    return Outlook(paper, plan, day, found, tuple(lines), on_the_day, latest[0] if latest else None)
