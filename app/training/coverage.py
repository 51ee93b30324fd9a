"""Coverage and time: where a trainee stands on every law and every topic — practised, due for
review, or never touched — and his mark week by week.

A law or topic counts as practised once a case on it has been answered; its mark is the latest
attempt at each such case, as the progress chart has always counted. It is due when a review
item under it is due: a section of the law, or a case on it. Laws and topics with no case in the
library are listed too (a trainee should see the ground the library does not cover yet).

The weekly mark is every answer of the week (practice, review and mock papers) as points earned
out of points available; the weeks run Monday to Sunday in the trainee's own time zone, and a week
with no answers is kept, empty, so a line over them shows the gap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum

from app.content.cases.model import Case
from app.content.laws.refs import RefError, parse_ref
from app.training.history import AnswerRecord, latest_attempts
from app.training.recall import Recall
from app.training.report import Tally
from app.training.review import DueItem, ItemKind


class Standing(StrEnum):
    NEVER = "never touched"
    PRACTISED = "practised"
    DUE = "due for review"


@dataclass(frozen=True)
class Coverage:
    """One law (``key`` "27") or topic (``key`` its id): the library's cases on it, the trainee's
    cases tried and their latest marks, review items due, and the chance of recalling it."""

    key: str
    title: str
    in_library: int
    tried: int
    tally: Tally
    due: int
    recall: float | None = None

    @property
    def standing(self) -> Standing:
        if self.due:
            return Standing.DUE
        return Standing.PRACTISED if self.tried else Standing.NEVER


@dataclass(frozen=True)
class WeekMark:
    """The week starting on Monday ``week``: its answers' points, and how many answers."""

    week: date
    tally: Tally
    answers: int


def _whole_law(key: str) -> str | None:
    try:
        ref = parse_ref(key)
    except RefError:
        return None
    return None if ref.special else ref.whole_law().key


def _tallies(answers: Sequence[AnswerRecord]) -> tuple[dict[str, Tally], dict[str, tuple[str, ...]], dict[str, set[str]]]:
    """Per case tried: its latest attempt's tally, its topics and the whole laws it cites, as recorded."""
    tallies: dict[str, Tally] = {}
    topics: dict[str, tuple[str, ...]] = {}
    laws: dict[str, set[str]] = {}
    for case_id, given in latest_attempts(answers).items():
        tallies[case_id] = Tally(sum(a.points for a in given), sum(a.max_points for a in given))
        topics[case_id] = given[0].topics
        laws[case_id] = {law for key in given[0].laws if (law := _whole_law(key))}
    return tallies, topics, laws


def law_coverage(laws: Iterable[tuple[str, str]], cases: Sequence[Case], answers: Sequence[AnswerRecord],
                 due: Sequence[DueItem], recall: Recall | None = None) -> list[Coverage]:
    """Every law of ``laws`` ((key, title), in order), with where the trainee stands on it."""
    tallies, _, cited = _tallies(answers)
    in_library: dict[str, int] = {}
    library_laws = {case.id: {ref.whole_law().key for ref in case.laws if not ref.special} for case in cases}
    for keys in library_laws.values():
        for key in keys:
            in_library[key] = in_library.get(key, 0) + 1
    due_under: dict[str, int] = {}
    for item in due:
        if item.item.kind == ItemKind.LAW:
            law = _whole_law(item.item.key)
            keys = {law} if law else set()
        else:
            keys = library_laws.get(item.item.key, set())
        for key in keys:
            due_under[key] = due_under.get(key, 0) + 1
    result = []
    for key, title in laws:
        tried = [case_id for case_id, keys in cited.items() if key in keys]
        total = sum((tallies[case_id] for case_id in tried), Tally())
        result.append(Coverage(key, title, in_library.get(key, 0), len(tried), total, due_under.get(key, 0),
                               recall.by_law.get(key) if recall else None))
    return result


def topic_coverage(topics: Mapping[str, str], cases: Sequence[Case], answers: Sequence[AnswerRecord],
                   due: Sequence[DueItem], recall: Recall | None = None) -> list[Coverage]:
    """Every topic (id → description), in the order of their descriptions, with where the trainee stands."""
    tallies, carried, _ = _tallies(answers)
    library_topics = {case.id: set(case.topics) for case in cases}
    due_cases = [item.item.key for item in due if item.item.kind == ItemKind.CASE]
    result = []
    for topic, title in sorted(topics.items(), key=lambda item: item[1]):
        tried = [case_id for case_id, found in carried.items() if topic in found]
        result.append(Coverage(
            topic, title, sum(1 for found in library_topics.values() if topic in found), len(tried),
            sum((tallies[case_id] for case_id in tried), Tally()),
            sum(1 for case_id in due_cases if topic in library_topics.get(case_id, ())),
            recall.by_topic.get(topic) if recall else None))
    return result


def weekly_marks(answers: Iterable[AnswerRecord], now: datetime) -> list[WeekMark]:
    """The mark of each week from the first answer's to now's, in the time zone of ``now``."""
    zone = now.tzinfo
    weeks: dict[date, tuple[Tally, int]] = {}
    for answer in answers:
        day = answer.answered_at.astimezone(zone).date()
        week = day - timedelta(days=day.weekday())
        tally, count = weeks.get(week, (Tally(), 0))
        weeks[week] = (tally + Tally(answer.points, answer.max_points), count + 1)
    if not weeks:
        return []
    today = now.date()
    week, last = min(weeks), today - timedelta(days=today.weekday())
    result = []
    while week <= max(last, max(weeks)):
        tally, count = weeks.get(week, (Tally(), 0))
        result.append(WeekMark(week, tally, count))
        week += timedelta(days=7)
    return result
