"""Coverage of every law and topic, the chance of recalling them on a given day, and the mark week by week."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from app.training.coverage import Standing, law_coverage, topic_coverage, weekly_marks
from app.training.history import AnswerRecord, first_seen, latest_attempts
from app.training.recall import recall_at
from app.training.review import DueItem, ItemKind, ReviewItem, ReviewScheduler
from tests.training.case_samples import make_case

T0 = datetime(2025, 3, 3, 19, 0, tzinfo=UTC)  # a Monday
CASES = [make_case("ib", ("insufficient-bid",), ("27B2",)), make_case("rv", ("revoke",), ("64A1", "63A")),
         make_case("rv2", ("revoke",), ("64B",))]
LAWS = [("27", "Insufficient bid"), ("63", "Establishment of a revoke"), ("64", "Procedure after establishment"),
        ("65", "Arrangement of tricks")]
TOPICS = {"insufficient-bid": "Insufficient bids", "revoke": "Revokes", "claims": "Claims"}


def attempt(attempt_id: int, case_id: str, points: tuple[float, ...], when: datetime) -> list[AnswerRecord]:
    case = next(c for c in CASES if c.id == case_id)
    return [AnswerRecord(attempt_id, case_id, f"q{i}", when, p, 1.0, tuple(case.topics), tuple(r.key for r in case.laws))
            for i, p in enumerate(points)]


HISTORY = attempt(1, "ib", (0, 0, 1), T0) + attempt(2, "ib", (1, 1, 1), T0 + timedelta(days=8)) + attempt(
    3, "rv", (1, 0, 0), T0 + timedelta(days=9))


def test_the_latest_attempt_at_a_case_is_the_one_that_counts() -> None:
    latest = latest_attempts(HISTORY)
    assert {case: [a.attempt_id for a in given][0] for case, given in latest.items()} == {"ib": 2, "rv": 3}
    assert first_seen(HISTORY) == {"ib": T0, "rv": T0 + timedelta(days=9)}


def test_every_law_is_listed_practised_due_or_never_touched() -> None:
    due = [DueItem(ReviewItem(ItemKind.LAW, "64A1"), T0), DueItem(ReviewItem(ItemKind.CASE, "rv2"), T0)]
    found = {c.key: c for c in law_coverage(LAWS, CASES, HISTORY, due)}
    assert list(found) == ["27", "63", "64", "65"]
    assert found["27"].standing is Standing.PRACTISED and found["27"].tally.fraction == 1.0  # latest attempt
    assert found["27"].in_library == 1 and found["27"].tried == 1
    assert found["63"].standing is Standing.PRACTISED and found["63"].tally.fraction == pytest.approx(1 / 3)
    assert found["64"].standing is Standing.DUE and found["64"].due == 2  # a section of it, and a case citing it
    assert found["64"].in_library == 2 and found["64"].tried == 1
    assert found["65"].standing is Standing.NEVER and found["65"].in_library == 0


def test_every_topic_is_listed_with_the_library_behind_it() -> None:
    due = [DueItem(ReviewItem(ItemKind.CASE, "rv"), T0)]
    found = {c.key: c for c in topic_coverage(TOPICS, CASES, HISTORY, due)}
    assert [c.title for c in topic_coverage(TOPICS, CASES, HISTORY, due)] == ["Claims", "Insufficient bids", "Revokes"]
    assert found["claims"].standing is Standing.NEVER and found["claims"].in_library == 0
    assert found["revoke"].standing is Standing.DUE and (found["revoke"].tried, found["revoke"].in_library) == (1, 2)
    assert found["insufficient-bid"].standing is Standing.PRACTISED


def test_recall_fades_with_time_and_an_item_answered_in_full_starts_strong() -> None:
    scheduler = ReviewScheduler(fuzz=False)
    missed = scheduler.review(None, 1 / 3, T0 + timedelta(days=9))  # rv was missed: it has a card
    assert missed is not None
    cards = {ReviewItem(ItemKind.CASE, "rv"): missed.card_json}
    soon = recall_at(T0 + timedelta(days=10), HISTORY, cards, scheduler)
    later = recall_at(T0 + timedelta(days=60), HISTORY, cards, scheduler)
    assert set(soon.by_topic) == {"insufficient-bid", "revoke"} and set(soon.by_law) == {"27", "63", "64"}
    assert later.by_topic["revoke"] < soon.by_topic["revoke"] <= 1.0
    # insufficient-bid was never missed, so it has no card: its curve is a first Easy review's
    assert later.by_topic["revoke"] < later.by_topic["insufficient-bid"]


def test_the_weekly_mark_keeps_empty_weeks_and_runs_to_this_week() -> None:
    weeks = weekly_marks(HISTORY, T0 + timedelta(days=20))
    assert [w.week for w in weeks] == [date(2025, 3, 3), date(2025, 3, 10), date(2025, 3, 17)]
    assert [w.answers for w in weeks] == [3, 6, 0]
    assert weeks[0].tally.fraction == pytest.approx(1 / 3) and weeks[1].tally.fraction == pytest.approx(4 / 6)
    assert weekly_marks([], T0) == []


def test_the_week_is_the_trainees_own() -> None:
    sunday_night = [AnswerRecord(1, "ib", "q", datetime(2025, 3, 9, 23, 30, tzinfo=UTC), 1, 1)]  # Monday in Berlin
    from zoneinfo import ZoneInfo

    berlin = datetime(2025, 3, 12, tzinfo=ZoneInfo("Europe/Berlin"))
    assert [w.week for w in weekly_marks(sunday_night, berlin)] == [date(2025, 3, 10)]
    assert [w.week for w in weekly_marks(sunday_night, datetime(2025, 3, 12, tzinfo=UTC))] == [date(2025, 3, 3),
                                                                                              date(2025, 3, 10)]
