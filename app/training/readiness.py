"""Readiness: the mark a trainee would get today on a paper, per topic quota and overall, and how
sure that figure is.

The estimate is the trainee's recent marks on the cases the paper may set (its pool: topics,
difficulty and edition), brought up to today:

- each answer counts by its points (a two-point question twice a one-point one) and by its age:
  one given ``HALF_LIFE_DAYS`` ago counts half as much as one given today, and answers older
  than ``RECENT_DAYS`` not at all;
- a trainee who is studying improves, so an average of his past answers would lag behind him:
  the trend of his marks over time (a weighted straight line through all his recent answers,
  drawn towards no trend while it is uncertain, ``TREND_PRIOR_SD``) carries each estimate from
  the mean age of its answers to today;
- a topic with a quota is estimated from the answers on the pool's cases carrying it; the rest
  of the paper, drawn from the whole pool, from the answers on all of the pool;
- few answers say little, so each estimate is drawn towards the one above it (a topic towards the
  pool, the pool towards all the trainee's answers, those towards 50 %) with the weight of
  ``PRIOR_ANSWERS`` answers: with no answers at all the estimate is the level above, and it moves
  to the trainee's own marks as answers come in.

The paper's mark is the quota topics and the rest weighted by the number of cases each sets. How
sure it is comes as a range that a mark on a real paper should fall inside nine times in ten:
it widens with fewer answers behind the estimate and an uncertain trend (the estimate's own
error), and with a shorter paper and a trainee whose marks swing from case to case (the luck of
which cases come up). ``forecasts`` makes the estimate as it stood before each mock paper the
trainee sat, so the figure can be checked against the marks those papers actually earned
(``tests/training/test_readiness.py`` does so for simulated trainees of known ability).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from math import sqrt
from typing import TYPE_CHECKING

from app.training.clock import as_utc
from app.training.exam import ExamProfile
from app.training.history import AnswerRecord, PaperResult

if TYPE_CHECKING:
    from app.content.cases.model import Case

RECENT_DAYS = 120
HALF_LIFE_DAYS = 30.0
PRIOR_ANSWERS = 4.0
NO_HISTORY_MARK = 0.5
# Nine times in ten a normal variable lies within this many standard deviations of its mean.
NINE_IN_TEN = 1.645
# Below this many recent answers the range is too wide to call a pass or a fail.
FEW_ANSWERS = 10
# How many case marks weigh as much as the fallback spread while a trainee has few cases behind him.
SPREAD_PRIOR_CASES = 5.0
# Answers spread over less time than this (one standard deviation) say nothing of a trend.
TREND_MIN_SPREAD_DAYS = 3.0
# How fast marks are expected to move, before the trainee's own answers say: a point a day is a
# month's study taking a trainee from 50 % to 80 %, which is fast.
TREND_PRIOR_SD = 0.01


class Verdict(StrEnum):
    ON_COURSE = "on course to pass"
    BORDERLINE = "borderline"
    BELOW = "below the pass mark"
    TOO_FEW = "too few answers to say"


@dataclass(frozen=True)
class Estimate:
    """An expected mark (0–1), the number of recent answers behind it, and the standard deviation
    of a mark on a real paper around it."""

    mark: float
    answers: int
    spread: float

    @property
    def low(self) -> float:
        return max(0.0, self.mark - NINE_IN_TEN * self.spread)

    @property
    def high(self) -> float:
        return min(1.0, self.mark + NINE_IN_TEN * self.spread)


@dataclass(frozen=True)
class TopicReadiness:
    """One part of a paper: a quota topic (``topic`` is its id), or the rest of the paper (``topic``
    empty), with the number of cases it sets."""

    topic: str
    cases: int
    estimate: Estimate


@dataclass(frozen=True)
class Readiness:
    paper: ExamProfile
    parts: tuple[TopicReadiness, ...]
    overall: Estimate

    @property
    def verdict(self) -> Verdict:
        """Against the pass mark: the whole range above it, below it, or across it."""
        if self.overall.answers < FEW_ANSWERS:
            return Verdict.TOO_FEW
        if self.overall.low >= self.paper.pass_mark:
            return Verdict.ON_COURSE
        if self.overall.high < self.paper.pass_mark:
            return Verdict.BELOW
        return Verdict.BORDERLINE


@dataclass(frozen=True)
class Forecast:
    """A mock paper sat, beside the estimate made from the answers given before it started."""

    result: PaperResult
    estimate: Estimate


@dataclass(frozen=True)
class _Answer:
    """A recent answer, with its weight for its age and its age in days."""

    record: AnswerRecord
    weight: float
    age: float


@dataclass(frozen=True)
class _Trend:
    """How the trainee's marks move: points of mark a day (weighted least squares over his recent
    answers), and the variance of that slope."""

    slope: float = 0.0
    variance: float = 0.0


@dataclass(frozen=True)
class _Group:
    """The weighted points of a set of answers and their weighted mean age."""

    points: float
    max_points: float
    unit: float  # the mean points of one answer
    answers: int
    age: float

    def today(self, prior: float, trend: _Trend) -> tuple[float, float, float]:
        """The mark drawn towards ``prior`` with the weight of PRIOR_ANSWERS answers and moved on by
        the trend from the answers' mean age to today; the variance its own answers leave in it; and
        the days the trend moved it over."""
        weight = PRIOR_ANSWERS * self.unit
        own = self.max_points / (self.max_points + weight)  # the share of the answers in the mark
        lag = own * self.age
        mark = min(1.0, max(0.0, (self.points + weight * prior) / (self.max_points + weight) + trend.slope * lag))
        effective = self.max_points / self.unit + PRIOR_ANSWERS
        return mark, mark * (1 - mark) / effective, lag


def _group(answers: Sequence[_Answer]) -> _Group:
    points = sum(a.record.points * a.weight for a in answers)
    max_points = sum(a.record.max_points * a.weight for a in answers)
    unit = sum(a.record.max_points for a in answers) / len(answers) if answers else 1.0
    age = sum(a.record.max_points * a.weight * a.age for a in answers) / max_points if max_points else 0.0
    return _Group(points, max_points, unit or 1.0, len(answers), age)


def _trend(answers: Sequence[_Answer]) -> _Trend:
    """The slope of the trainee's marks over time; none from answers within a week of each other."""
    weights = [a.record.max_points * a.weight for a in answers]
    total = sum(weights)
    if not total:
        return _Trend()
    days = [-a.age for a in answers]
    marks = [a.record.fraction for a in answers]
    mean_day = sum(w * d for w, d in zip(weights, days, strict=True)) / total
    mean_mark = sum(w * m for w, m in zip(weights, marks, strict=True)) / total
    spread = sum(w * (d - mean_day) ** 2 for w, d in zip(weights, days, strict=True))
    if spread / total < TREND_MIN_SPREAD_DAYS ** 2:
        return _Trend()
    slope = sum(w * (d - mean_day) * (m - mean_mark) for w, d, m in zip(weights, days, marks, strict=True)) / spread
    residual = sum(w * (m - mean_mark - slope * (d - mean_day)) ** 2
                   for w, d, m in zip(weights, days, marks, strict=True)) / total
    effective = total ** 2 / sum(w * w for w in weights)  # the number of answers the weights amount to
    variance = residual / (spread / total) / max(1.0, effective - 2)
    # Drawn towards no trend as far as its own uncertainty says (a prior of TREND_PRIOR_SD).
    keep = TREND_PRIOR_SD ** 2 / (TREND_PRIOR_SD ** 2 + variance)
    return _Trend(slope * keep, variance * keep)


def recent_answers(answers: Iterable[AnswerRecord], now: datetime) -> list[_Answer]:
    """The answers given by ``now`` and within RECENT_DAYS of it, each with its weight for its age."""
    moment = as_utc(now)
    window = timedelta(days=RECENT_DAYS)
    weighted = []
    for answer in answers:
        age = moment - answer.answered_at
        if timedelta(0) <= age <= window:
            days = age.total_seconds() / 86400
            weighted.append(_Answer(answer, 0.5 ** (days / HALF_LIFE_DAYS), days))
    return weighted


def _case_spread(recent: Sequence[_Answer], mark: float) -> float:
    """The variance of one case's mark for this trainee: from the spread of his recent case marks,
    drawn towards a binomial guess while there are few of them."""
    attempts: dict[int, list[AnswerRecord]] = {}
    for answer in recent:
        attempts.setdefault(answer.record.attempt_id, []).append(answer.record)
    scores = [sum(a.points for a in given) / total for given in attempts.values()
              if (total := sum(a.max_points for a in given))]
    fallback = mark * (1 - mark) / 2
    if len(scores) < 2:
        return fallback
    mean = sum(scores) / len(scores)
    observed = sum((score - mean) ** 2 for score in scores) / (len(scores) - 1)
    return (len(scores) * observed + SPREAD_PRIOR_CASES * fallback) / (len(scores) + SPREAD_PRIOR_CASES)


def readiness(paper: ExamProfile, cases: Iterable[Case], answers: Iterable[AnswerRecord], now: datetime) -> Readiness:
    """The estimate for ``paper`` from the answers given by ``now`` (see the module's note)."""
    pool = {case.id for case in paper.case_filter().apply(cases)}
    recent = recent_answers(answers, now)
    trend = _trend(recent)
    general, _, _ = _group(recent).today(NO_HISTORY_MARK, trend)
    on_pool = [a for a in recent if a.record.case_id in pool]
    pool_mark, pool_variance, lag = _group(on_pool).today(general, trend)
    # Every part shares the pool's error (each topic is drawn towards it) and the trend's.
    shared = pool_variance + trend.variance * lag ** 2
    case_variance = _case_spread(on_pool, pool_mark)

    def part(topic: str, count: int) -> tuple[TopicReadiness, float]:
        """A quota topic, or (``topic`` empty) the rest of the paper, drawn from the whole pool; with
        the variance the part's own answers leave in it."""
        mark, own, answered = pool_mark, 0.0, len(on_pool)
        if topic:
            group = _group([a for a in on_pool if topic in a.record.topics])
            mark, own, _ = group.today(pool_mark, trend)
            answered = group.answers
        return TopicReadiness(topic, count, Estimate(mark, answered, sqrt(own + shared + case_variance / count))), own

    quota_cases = sum(paper.quotas.values())
    parts = [part(topic, count) for topic, count in sorted(paper.quotas.items())]
    if paper.cases > quota_cases:
        parts.append(part("", paper.cases - quota_cases))
    mark = sum(p.cases * p.estimate.mark for p, _ in parts) / paper.cases
    own = sum((p.cases / paper.cases) ** 2 * variance for p, variance in parts)
    spread = sqrt(own + shared + case_variance / paper.cases)
    return Readiness(paper, tuple(p for p, _ in parts), Estimate(mark, len(on_pool), spread))


def forecasts(results: Iterable[PaperResult], cases: Sequence[Case], answers: Sequence[AnswerRecord]) -> list[Forecast]:
    """Each mock paper beside the estimate for it made just before it started (so from none of its
    own answers), the latest paper first."""
    return [Forecast(result, readiness(result.paper, cases, [a for a in answers if a.answered_at < result.started_at],
                                       result.started_at).overall)
            for result in sorted(results, key=lambda r: r.started_at, reverse=True)]
