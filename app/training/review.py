"""Spaced review with FSRS: what comes back, and when.

What is scheduled: when a trainee misses a case (scores below 100 %), the case and
every law section it turns on (its ``laws``) get a review card. From then on every
attempt at that case reviews those cards again, whatever the score, so they drift
further apart as the trainee gets them right. A case answered perfectly the first
time is never scheduled: there is nothing to review.

The rating FSRS needs comes from the attempt's score:

=============  ========
score          rating
=============  ========
below 50 %     Again
50 % to 79 %   Hard
80 % to 99 %   Good
100 %          Easy
=============  ========

A law section gets the rating of the case it was reviewed through. The card state
is kept as fsrs's own JSON (``Card.to_json``) so the store stays independent of
fsrs's field list.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from app.training.clock import as_utc

if TYPE_CHECKING:
    from fsrs import Card, Rating, Scheduler

    from app.content.cases.model import Case

# fsrs is imported where it is used: the window imports this module for its names, and fsrs
# itself is only needed once the store records a result (off the GUI thread at start-up).
AGAIN_BELOW = 0.5
HARD_BELOW = 0.8


class ItemKind(StrEnum):
    CASE = "case"
    LAW = "law"


@dataclass(frozen=True, order=True)
class ReviewItem:
    """Something a trainee reviews: a case (by id) or a law section (by its reference key)."""

    kind: ItemKind
    key: str


@dataclass(frozen=True)
class DueItem:
    item: ReviewItem
    due: datetime


@dataclass(frozen=True)
class ScheduledCard:
    """A card after a review: fsrs's JSON, and the due date the store queries on."""

    card_json: str
    due: datetime


def review_items(case: Case) -> list[ReviewItem]:
    """The case itself, then each law section it cites, once each."""
    laws = dict.fromkeys(ref.key for ref in case.laws)
    return [ReviewItem(ItemKind.CASE, case.id), *(ReviewItem(ItemKind.LAW, key) for key in laws)]


def rating_for(score: float) -> Rating:
    """The FSRS rating for an attempt's score (0–1); the bands are in the module docstring."""
    from fsrs import Rating
    if score < AGAIN_BELOW:
        return Rating.Again
    if score < HARD_BELOW:
        return Rating.Hard
    if score < 1.0:
        return Rating.Good
    return Rating.Easy


def new_card(moment: datetime) -> Card:
    """A fresh fsrs card due at ``moment``, named by that moment in milliseconds as fsrs names its own.

    Why not ``Card(due=moment)``: without a ``card_id`` fsrs sleeps a millisecond after making each card,
    so that the next one made gets another id. The cards here are told apart by trainee and item, never by
    that id, and working out the outlook for forty cases made two hundred of them: a quarter of a second
    of Home's start-up spent asleep."""
    from fsrs import Card

    return Card(card_id=int(moment.timestamp() * 1000), due=moment)


class ReviewScheduler:
    """Applies a score to a card. ``fuzz`` spreads intervals a little (fsrs's fuzzing) so
    cases missed together do not all fall due on the same evening; tests turn it off."""

    def __init__(self, fuzz: bool = True) -> None:
        self._fuzz = fuzz
        self._made: Scheduler | None = None

    @property
    def _scheduler(self) -> Scheduler:
        """fsrs's scheduler, made (and fsrs imported) at the first card scheduled or recalled: Home's outlook
        makes a ReviewScheduler at start-up, and for a trainee with no answers yet never uses it."""
        if self._made is None:
            from fsrs import Scheduler

            self._made = Scheduler(enable_fuzzing=self._fuzz)
        return self._made

    def review(self, card_json: str | None, score: float, now: datetime) -> ScheduledCard | None:
        """The card after this score, or None when there is no card and nothing was missed."""
        if card_json is None and score >= 1.0:
            return None
        from fsrs import Card

        moment = as_utc(now)
        card = Card.from_json(card_json) if card_json is not None else new_card(moment)
        card, _log = self._scheduler.review_card(card, rating_for(score), moment)
        return ScheduledCard(card.to_json(), as_utc(card.due))

    def retrievability(self, card_json: str | None, first_seen: datetime, at: datetime) -> float:
        """The chance, on fsrs's forgetting curve, that the item is recalled at ``at``. An item with
        no card was answered in full the first time, so nothing was scheduled: its curve is the one
        a first review rated Easy at ``first_seen`` starts."""
        from fsrs import Card, Rating

        if card_json is None:
            moment = as_utc(first_seen)
            card, _log = self._scheduler.review_card(new_card(moment), Rating.Easy, moment)
        else:
            card = Card.from_json(card_json)
        return float(self._scheduler.get_card_retrievability(card, as_utc(at)))
