"""A study plan to an exam date: what to do today so that the whole paper's ground is tried and
reviewed before the day.

The trainee names the paper (a built-in one, or his own) and the date; the ground is every case
that paper may draw. The plan sizes the days:

- work to do before the exam: each case of the ground never tried, once, and the reviews expected
  before the date — the cases of the ground whose review falls due by then, and, for the cases not
  yet tried, one review each for the share of them the trainee is likely to miss (his share of
  cases not answered in full so far; all of them while he has no history);
- the new cases are spread over the days before the last fifth (``REVIEW_SHARE``), which is kept
  for reviewing them, so a case first seen is seen again before the exam;
- cases a day: what that needs, or the number the trainee chose, in which case the plan says
  when the ground would be covered at that pace, or that it would not be by the date.

Today's work is the reviews due now (the most overdue first), then new cases from where the
trainee is weakest against the paper's quotas: each quota topic — and the rest of the paper —
pulls in proportion to the cases it sets times the marks the trainee is estimated to lose on it
(``app.training.readiness``), shared out so that one weak topic does not take every place. Cases
already done today count against the day's number. Once every case has been tried, the places
left go to the cases of the ground with the lowest latest mark.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from math import ceil
from typing import TYPE_CHECKING

from app.training.exam import ExamProfile
from app.training.history import AnswerRecord, first_seen, latest_attempts
from app.training.review import DueItem, ItemKind

if TYPE_CHECKING:
    from app.content.cases.model import Case
    from app.training.readiness import Readiness

REVIEW_SHARE = 0.2
RESERVE_FROM_DAYS = 3  # with fewer days left there is no room to keep some for review only
MOST_CASES_A_DAY = 50


class PlanError(ValueError):
    """A plan that cannot be kept: the message says what to change."""


@dataclass(frozen=True)
class StudyPlan:
    """What the trainee set: the paper, the exam's date, and cases a day (None: as many as needed)."""

    paper: ExamProfile
    exam_date: date
    cases_per_day: int | None = None

    def __post_init__(self) -> None:
        if self.cases_per_day is not None and not 1 <= self.cases_per_day <= MOST_CASES_A_DAY:
            raise PlanError(f"cases a day must be between 1 and {MOST_CASES_A_DAY}, not {self.cases_per_day}")


@dataclass(frozen=True)
class DayPlan:
    """Today under a plan: the work, and the figures it was sized by."""

    plan: StudyPlan
    today: date
    ground: int  # cases the paper may draw
    tried: int  # of those, tried at least once
    reviews: tuple[Case, ...]
    new: tuple[Case, ...]
    again: tuple[Case, ...]  # once every case has been tried: the weakest, once more
    done_today: int
    reviews_ahead: int
    needed_per_day: int
    per_day: int
    covered_by: date | None  # when every case will have been tried at this pace; None if not before the exam

    @property
    def days_left(self) -> int:
        """Study days before the exam, today included, the exam day not."""
        return (self.plan.exam_date - self.today).days

    @property
    def cases(self) -> tuple[Case, ...]:
        """Today's cases in the order to take them."""
        return (*self.reviews, *self.new, *self.again)

    @property
    def on_course(self) -> bool:
        """Whether the pace covers the ground, with its reviews, by the exam."""
        return self.per_day >= self.needed_per_day


def plan_day(plan: StudyPlan, cases: Iterable[Case], answers: Sequence[AnswerRecord], due_by_exam: Sequence[DueItem],
             readiness: Readiness, now: datetime) -> DayPlan:
    """Today's work under ``plan``. ``now`` is an aware datetime in the trainee's own time zone (a
    day starts at midnight where the trainee is); ``due_by_exam`` are the review items due by the exam
    date (``Store.due_items`` at that date), ``readiness`` the estimate for the plan's paper now."""
    from app.training.practice import Progress, review_queue  # the sessions: once Home shows the plan, not to paint

    today = now.date()
    days_left = (plan.exam_date - today).days
    ground = plan.paper.case_filter().apply(cases)
    seen = first_seen(answers)
    unseen = [case for case in ground if case.id not in seen]
    start_of_day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    done_today = len({a.case_id for a in answers if a.answered_at >= start_of_day})
    due_now = Progress(tuple(d for d in due_by_exam if d.due <= now))
    reviews = review_queue(ground, due_now)

    ground_ids = {case.id for case in ground}
    due_later = {d.item.key for d in due_by_exam if d.item.kind == ItemKind.CASE and d.item.key in ground_ids}
    reviews_ahead = len(due_later | {case.id for case in reviews}) + ceil(len(unseen) * _miss_rate(answers))
    if days_left > 0:
        reserve = max(1, round(days_left * REVIEW_SHARE)) if days_left >= RESERVE_FROM_DAYS else 0
        needed = max(ceil((len(unseen) + reviews_ahead) / days_left), ceil(len(unseen) / (days_left - reserve)))
    else:
        needed = len(reviews)  # the exam is today (or past): a last look at what is due
    per_day = plan.cases_per_day or max(1, needed)
    room = max(0, per_day - done_today)
    todays_reviews = tuple(reviews[:room])
    room -= len(todays_reviews)
    new = tuple(_weakest_first(unseen, plan.paper, readiness, room)) if days_left > 0 else ()
    room -= len(new)
    again: tuple[Case, ...] = ()
    if not unseen and days_left > 0:
        again = tuple(_lowest_marks(ground, answers, {c.id for c in todays_reviews}, room))
    return DayPlan(plan, today, len(ground), len(ground) - len(unseen), todays_reviews, new, again, done_today,
                   reviews_ahead, needed, per_day, _covered_by(today, days_left, len(unseen), reviews_ahead, per_day))


def _miss_rate(answers: Sequence[AnswerRecord]) -> float:
    """The share of the cases the trainee has tried whose latest attempt was not answered in full
    (each of those comes back for review); all of them while he has tried none."""
    latest = latest_attempts(answers).values()
    if not latest:
        return 1.0
    missed = sum(1 for given in latest if sum(a.points for a in given) < sum(a.max_points for a in given))
    return missed / len(latest)


def _covered_by(today: date, days_left: int, unseen: int, reviews_ahead: int, per_day: int) -> date | None:
    """The day by which every case will have been tried at ``per_day`` cases a day, the reviews
    taking their share of each day; None if that is not before the exam."""
    if unseen == 0:
        return today
    if days_left <= 0:
        return None
    for_new = per_day - reviews_ahead / days_left
    if for_new <= 0:
        return None
    days = ceil(unseen / for_new)
    return today + timedelta(days=days - 1) if days <= days_left else None


def _weakest_first(unseen: Sequence[Case], paper: ExamProfile, readiness: Readiness, places: int) -> list[Case]:
    """Up to ``places`` cases never tried, shared among the paper's parts (its quota topics and the
    rest) by the cases each sets times the marks estimated lost on it; easiest first within a part."""
    lost = {part.topic: part.cases * (1 - part.estimate.mark) for part in readiness.parts}
    candidates = {topic: sorted((c for c in unseen if not topic or topic in c.topics),
                                key=lambda c: (c.difficulty, c.id)) for topic in lost}
    given = dict.fromkeys(lost, 0)
    chosen: dict[str, Case] = {}
    while len(chosen) < places:
        open_parts = [t for t in lost if any(c.id not in chosen for c in candidates[t])]
        if not open_parts:
            break
        # Highest averages (D'Hondt): a part's pull falls as it is given places.
        topic = max(open_parts, key=lambda t: (lost[t] / (1 + given[t]), t))
        case = next(c for c in candidates[topic] if c.id not in chosen)
        chosen[case.id] = case
        given[topic] += 1
    return list(chosen.values())


def _lowest_marks(ground: Sequence[Case], answers: Sequence[AnswerRecord], taken: set[str], places: int) -> list[Case]:
    """Up to ``places`` cases of the ground not answered in full at their latest attempt, the lowest
    mark first."""
    latest = latest_attempts(answers)
    marks = {case_id: sum(a.points for a in given) / total for case_id, given in latest.items()
             if (total := sum(a.max_points for a in given))}
    weak = sorted((case for case in ground if marks.get(case.id, 1.0) < 1.0 and case.id not in taken),
                  key=lambda case: (marks[case.id], case.id))
    return weak[:max(0, places)]
