"""Will I remember it on the day: fsrs's chance of recall at a given moment (the exam, or now), per
topic and per law, from the review cards the store keeps.

Every case and law section the trainee has answered on has a forgetting curve: the fsrs card the
store schedules its reviews with, or — for one answered in full the first time, which is never
scheduled — the curve a first review rated Easy would start (``ReviewScheduler.retrievability``).
A topic's figure is the mean over the cases tried that carry it; a law's, the mean over the
sections of it that were tried. Nothing tried, no figure: that is coverage's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from app.content.laws.refs import RefError, parse_ref
from app.training.history import AnswerRecord
from app.training.review import ItemKind, ReviewItem, ReviewScheduler


@dataclass(frozen=True)
class Recall:
    """Chances of recall at one moment: per case tried (its id), per topic (the mean over its cases
    tried) and per whole law ("27": the mean over its sections tried)."""

    at: datetime
    by_case: Mapping[str, float] = field(default_factory=dict)
    by_topic: Mapping[str, float] = field(default_factory=dict)
    by_law: Mapping[str, float] = field(default_factory=dict)

    def mean_over(self, case_ids: Iterable[str]) -> float | None:
        """The mean chance over those of ``case_ids`` that were tried; None if none was."""
        found = [self.by_case[case_id] for case_id in case_ids if case_id in self.by_case]
        return sum(found) / len(found) if found else None


def recall_at(at: datetime, answers: Sequence[AnswerRecord], cards: Mapping[ReviewItem, str],
              scheduler: ReviewScheduler) -> Recall:
    """The chance of recall at ``at`` of what the answers touched; ``cards`` are the store's fsrs
    cards (``Store.review_cards``)."""
    first: dict[ReviewItem, datetime] = {}
    topics: dict[str, set[str]] = {}
    for answer in answers:
        items = [ReviewItem(ItemKind.CASE, answer.case_id), *(ReviewItem(ItemKind.LAW, key) for key in answer.laws)]
        for item in items:
            if item not in first or answer.answered_at < first[item]:
                first[item] = answer.answered_at
        topics.setdefault(answer.case_id, set()).update(answer.topics)
    chance = {item: scheduler.retrievability(cards.get(item), seen, at) for item, seen in first.items()}
    by_case: dict[str, float] = {}
    by_topic: dict[str, list[float]] = {}
    by_law: dict[str, list[float]] = {}
    for item, value in chance.items():
        if item.kind == ItemKind.CASE:
            by_case[item.key] = value
            for topic in topics.get(item.key, ()):
                by_topic.setdefault(topic, []).append(value)
            continue
        try:
            law = parse_ref(item.key).whole_law().key
        except RefError:
            continue
        by_law.setdefault(law, []).append(value)
    return Recall(at, by_case, _means(by_topic), _means(by_law))


def _means(values: Mapping[str, list[float]]) -> dict[str, float]:
    return {key: sum(found) / len(found) for key, found in values.items()}
