"""Trainees of known ability answering the library's real questions, for the tests of the study plan
and the readiness estimate (a plain module, not conftest.py, so its name is unique across the suite).

A simulated trainee knows each topic to some degree (a chance between 0 and 1), which grows as he
studies, and finds harder cases harder. On a question he either knows the answer — and gives the
model answer — or he does not, and then answers as someone who half knows does: a wrong choice, a
mixed set of ticks, a wrong number, the right law but the wrong section or a wrong law, the items
nearly in order. Every answer goes through the real marking, every attempt and mock paper into a
real store, at the moments the simulation says, so what the estimate reads is a recorded history.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from math import exp, log

from app.content.cases.model import Case, Question
from app.store.records import Profile
from app.store.store import Store
from app.training.attempt import Attempt
from app.training.exam import Exam, ExamProfile
from app.training.marking import Answer
from app.training.practice import Mode

HARDER = 0.35  # how much less likely, on the log-odds scale, a case one difficulty step up is known


def _logit(p: float) -> float:
    p = min(0.99, max(0.01, p))
    return log(p / (1 - p))


@dataclass
class SimulatedTrainee:
    """``start`` and ``end``: the chance he knows a topic at difficulty 3, on the first and the last day
    of his study; ``default`` for topics not named. ``days`` is the length of his study."""

    name: str
    start: Mapping[str, float]
    end: Mapping[str, float]
    default: tuple[float, float]
    days: int
    rng: random.Random = field(default_factory=random.Random)

    def knows(self, case: Case, day: float) -> float:
        """The chance he knows a question of ``case`` on study day ``day``."""
        share = min(1.0, max(0.0, day / self.days))
        levels = [(1 - share) * self.start.get(t, self.default[0]) + share * self.end.get(t, self.default[1])
                  for t in case.topics] or [(1 - share) * self.default[0] + share * self.default[1]]
        level = sum(levels) / len(levels)
        return 1 / (1 + exp(-(_logit(level) - HARDER * (case.difficulty - 3))))

    def answer(self, question: Question, chance: float) -> Answer:
        rng = self.rng
        knows = rng.random() < chance
        if question.kind == "single":
            right = [i for i, c in enumerate(question.choices) if c.correct]
            wrong = [i for i, c in enumerate(question.choices) if not c.correct]
            return rng.choice(right if knows or not wrong else wrong)
        if question.kind == "multi":
            if knows:
                return frozenset(i for i, c in enumerate(question.choices) if c.correct)
            return frozenset(i for i, c in enumerate(question.choices) if rng.random() < (0.6 if c.correct else 0.4))
        if question.kind == "number":
            return float(question.answer) if knows else float(question.answer) + question.tolerance + 10
        if question.kind == "law":
            expected = question.answer
            if knows:
                return str(expected)
            return str(expected.law) if rng.random() < 0.5 and expected.depth else str(expected.law % 93 + 1)
        order = list(range(len(question.items)))
        if not knows and len(order) > 1:
            i = rng.randrange(len(order) - 1)
            order[i], order[i + 1] = order[i + 1], order[i]
        return tuple(order)

    def attempt(self, case: Case, day: float, moment: datetime, feedback: bool = True) -> Attempt:
        """Every question of ``case`` answered on study day ``day``, finished at ``moment``."""
        attempt = Attempt(case, feedback=feedback, started_at=moment - timedelta(minutes=5))
        chance = self.knows(case, day)
        while attempt.question is not None:
            attempt.answer(self.answer(attempt.question, chance))
            attempt.next(moment)
        return attempt


def study(store: Store, profile: Profile, trainee: SimulatedTrainee, cases: Sequence[Case], start: datetime,
          per_day: int, days: range) -> None:
    """``per_day`` cases a day, chosen at random from ``cases``, recorded at their moments."""
    for day in days:
        for n in range(per_day):
            case = trainee.rng.choice(cases)
            moment = start + timedelta(days=day, hours=19, minutes=10 * n)
            store.record_attempt(profile, trainee.attempt(case, day, moment), Mode.PRACTICE, moment)


def sit(store: Store, profile: Profile, trainee: SimulatedTrainee, paper: ExamProfile, cases: Sequence[Case],
        start: datetime, day: int, seed: int) -> float:
    """A mock paper drawn from ``cases`` and sat on study day ``day``; returns its mark (0–1)."""
    began = start + timedelta(days=day, hours=20)
    exam = Exam.start(paper, cases, began, seed=seed)
    moment = began
    while (current := exam.current) is not None:
        assert current.question is not None
        moment += timedelta(minutes=1)
        exam.answer(trainee.answer(current.question, trainee.knows(current.case, day)), moment)
        exam.next(moment)
    store.record_exam(profile, exam)
    return exam.report().report.total.fraction
