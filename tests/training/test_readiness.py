"""The readiness estimate: what it makes of made-up histories, and — the test that matters — whether it
tracks the marks simulated trainees of known ability actually earn on mock papers drawn from the
library, when their practice and their papers are recorded in a real store."""

from __future__ import annotations

import random
import statistics
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.content.library import Library, load_library
from app.store.store import Store
from app.training.exam import ExamProfile
from app.training.exam_profiles import CLUB_LAWS, CONGRESS_LAWS
from app.training.history import AnswerRecord
from app.training.readiness import HALF_LIFE_DAYS, NO_HISTORY_MARK, Verdict, forecasts, readiness
from app.training.review import ReviewScheduler
from tests.training.case_samples import make_case
from tests.training.simulated_trainee import SimulatedTrainee, sit, study

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2025, 6, 2, 20, 0, tzinfo=UTC)
PAPER = ExamProfile("Two topics", cases=4, minutes=60, quotas={"revoke": 2})
CASES = [make_case("r1", ("revoke",)), make_case("r2", ("revoke",)), make_case("p1", ("penalty-card",)),
         make_case("p2", ("penalty-card",))]


def answers(case_id: str, topic: str, right: int, wrong: int, when: datetime, attempt: int = 1) -> list[AnswerRecord]:
    """``right`` one-point answers earned and ``wrong`` missed on one attempt at ``case_id``."""
    return [AnswerRecord(attempt, case_id, f"q{i}", when, 1.0 if i < right else 0.0, 1.0, (topic,), ("64A1",))
            for i in range(right + wrong)]


def test_with_no_answers_the_estimate_is_a_coin_and_says_it_knows_nothing() -> None:
    found = readiness(PAPER, CASES, [], NOW)
    assert found.overall.mark == pytest.approx(NO_HISTORY_MARK)
    assert found.overall.answers == 0 and found.verdict is Verdict.TOO_FEW
    assert found.overall.low < 0.2 and found.overall.high > 0.8  # it knows nothing, and says so
    assert [(part.topic, part.cases) for part in found.parts] == [("revoke", 2), ("", 2)]


def test_a_topic_answered_well_pulls_its_quota_up_and_leaves_the_rest_nearer_the_pool() -> None:
    history = answers("r1", "revoke", 18, 2, NOW - timedelta(days=1)) + answers(
        "p1", "penalty-card", 8, 12, NOW - timedelta(days=1), attempt=2)
    found = readiness(PAPER, CASES, history, NOW)
    revoke, rest = found.parts
    assert revoke.estimate.mark > 0.8 and revoke.estimate.answers == 20
    assert rest.estimate.answers == 40  # the rest of the paper draws on every case the paper allows
    assert 0.5 < rest.estimate.mark < revoke.estimate.mark
    assert found.overall.mark == pytest.approx((2 * revoke.estimate.mark + 2 * rest.estimate.mark) / 4)


def test_more_answers_make_a_narrower_range() -> None:
    few = readiness(PAPER, CASES, answers("r1", "revoke", 6, 4, NOW - timedelta(days=1)), NOW).overall
    many = readiness(PAPER, CASES, [a for n in range(10) for a in answers(
        f"r{n % 2 + 1}", "revoke", 6, 4, NOW - timedelta(days=1, hours=n), attempt=n)], NOW).overall
    assert many.high - many.low < few.high - few.low


def test_recent_answers_count_more_than_old_ones() -> None:
    old = answers("r1", "revoke", 0, 10, NOW - timedelta(days=2 * HALF_LIFE_DAYS))
    recent = answers("r2", "revoke", 10, 0, NOW - timedelta(hours=1), attempt=2)
    assert readiness(PAPER, CASES, old + recent, NOW).overall.mark > 0.6


def test_an_answer_given_after_the_moment_asked_about_does_not_count() -> None:
    later = answers("r1", "revoke", 10, 0, NOW + timedelta(hours=1))
    assert readiness(PAPER, CASES, later, NOW).overall.answers == 0


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


def test_the_estimate_tracks_the_marks_simulated_trainees_earn_on_mock_papers(library: Library) -> None:
    """Six trainees from weak to strong, some learning fast and some hardly at all, practise the
    library's cases three a day for four weeks and sit a mock paper at the end of each week. Before each
    paper the estimate (from what the store recorded, none of the paper's own answers) is set beside
    the mark the paper earned: 24 papers. A paper's own luck (which cases come up) moves its mark about
    five points either way around what the trainee would score on average, so that is the floor."""
    rng = random.Random(2025)
    start = datetime(2025, 1, 6, tzinfo=UTC)
    pairs: list[tuple[float, float, float, float]] = []
    learners: list[list[float]] = []
    with Store.open("sqlite://", ReviewScheduler(fuzz=False)) as store:  # in memory: the same SQL, no disk waits
        for n, (first, last) in enumerate([(0.2, 0.35), (0.3, 0.7), (0.45, 0.5), (0.5, 0.85), (0.65, 0.7),
                                          (0.75, 0.95)]):
            topics = {t: rng.uniform(-0.12, 0.12) for t in library.topics}
            trainee = SimulatedTrainee(f"T{n}", {t: first + d for t, d in topics.items()},
                                       {t: last + d for t, d in topics.items()}, (first, last), 28,
                                       random.Random(n))
            profile = store.add_profile(trainee.name)
            paper = (CLUB_LAWS, CONGRESS_LAWS)[n % 2]
            for stage, days in enumerate((range(0, 7), range(7, 14), range(14, 21), range(21, 28))):
                study(store, profile, trainee, library.cases, start, 3, days)
                sit(store, profile, trainee, paper, library.cases, start, days.stop, seed=10 * n + stage)
            made = forecasts(store.paper_results(profile), library.cases, store.answer_history(profile))
            assert len(made) == 4 and made[0].result.started_at > made[-1].result.started_at
            pairs += [(f.result.mark, f.estimate.mark, f.estimate.low, f.estimate.high) for f in made]
            if last - first >= 0.3:
                learners.append([f.estimate.mark for f in reversed(made)])
    marks, estimates = [p[0] for p in pairs], [p[1] for p in pairs]
    error = statistics.mean(abs(mark - estimate) for mark, estimate in zip(marks, estimates, strict=True))
    inside = sum(1 for mark, _, low, high in pairs if low <= mark <= high)
    assert error < 0.09, pairs
    assert statistics.correlation(marks, estimates) > 0.8, pairs
    assert inside >= 0.8 * len(pairs), pairs  # the stated range holds the mark (it claims nine times in ten)
    assert all(high - low < 0.5 for _, _, low, high in pairs), pairs  # and says something
    assert all(path[-1] > path[0] + 0.1 for path in learners), learners  # it follows a learner
