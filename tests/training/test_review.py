"""Spaced review: which items a case schedules, the rating each score gives, and how the
interval grows when a missed case is then answered well."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from case_samples import make_case
from fsrs import Rating

from app.training.review import ItemKind, ReviewItem, ReviewScheduler, rating_for, review_items

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(("score", "rating"), [
    (0.0, Rating.Again), (0.49, Rating.Again), (0.5, Rating.Hard), (0.79, Rating.Hard),
    (0.8, Rating.Good), (0.99, Rating.Good), (1.0, Rating.Easy),
])
def test_the_score_bands_give_the_documented_ratings(score: float, rating: Rating) -> None:
    assert rating_for(score) == rating


def test_a_case_schedules_itself_and_each_law_it_turns_on_once() -> None:
    case = make_case("ib", laws=("27B1(a)", "27B2", "27B1(a)"))
    assert review_items(case) == [
        ReviewItem(ItemKind.CASE, "ib"), ReviewItem(ItemKind.LAW, "27B1(a)"), ReviewItem(ItemKind.LAW, "27B2")
    ]


def test_nothing_is_scheduled_for_a_case_right_first_time() -> None:
    assert ReviewScheduler(fuzz=False).review(None, 1.0, T0) is None


def test_a_miss_comes_back_soon_and_good_answers_space_it_out() -> None:
    scheduler = ReviewScheduler(fuzz=False)
    card = scheduler.review(None, 0.0, T0)
    assert card is not None and T0 < card.due <= T0 + timedelta(hours=1)
    intervals = []
    moment = card.due
    for _ in range(4):
        card = scheduler.review(card.card_json, 1.0, moment)
        assert card is not None
        intervals.append(card.due - moment)
        moment = card.due
    assert intervals == sorted(intervals) and intervals[0] < intervals[-1]
    missed_again = scheduler.review(card.card_json, 0.0, moment)
    assert missed_again is not None and missed_again.due - moment < intervals[-1]


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="no time zone"):
        ReviewScheduler().review(None, 0.0, datetime(2025, 3, 1, 19, 0))


def test_scheduling_and_recall_never_wait_for_a_fresh_card_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """fsrs sleeps a millisecond after each card it names itself; the outlook makes hundreds of cards (a
    quarter of a second of Home's start-up for forty cases), so every card here is named when made."""
    import fsrs.card

    naps: list[float] = []
    monkeypatch.setattr(fsrs.card.time, "sleep", naps.append)
    scheduler, start = ReviewScheduler(fuzz=False), datetime(2026, 3, 1, 9, tzinfo=UTC)
    recalls = [scheduler.retrievability(None, start, start + timedelta(days=days)) for days in range(1, 40)]
    scheduled = scheduler.review(None, 0.0, start)
    assert naps == []
    assert recalls == sorted(recalls, reverse=True) and 0 < recalls[-1] < recalls[0] <= 1  # still the curve
    assert scheduled is not None and scheduled.due > start
    assert json.loads(scheduled.card_json)["card_id"] == int(start.timestamp() * 1000)  # as fsrs would name it
