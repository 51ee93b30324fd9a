"""What Home shows, read from the store in one piece: the trainee and the other profiles, what is
due for review, the recent and unfinished cases, the unfinished exam, and what the Today box's
outlook is worked out from (the study plan, the answers, the mock papers, the review cards).

Why one reading: the window fills Home from it whenever the store is open, and the window keeps
the last one read at close as a snapshot (``home_snapshot``) to fill Home at the next start
before the store is open. One function reading it for both means the snapshot can only hold what
the store gave the live Home.

Why ``valid_until``: Home is worked out from the store's rows *and the clock*. The rows are fixed
while the database file is unchanged, but what is due grows as review cards fall due, and the
Today box is per day (its exam date, its reviews). ``valid_until`` is the first moment at which
Home could differ though the rows did not: after it a reading is not shown. The outlook itself is
not kept but worked out again when shown (``HomeHistory.outlook``), at the moment it is shown,
from the library of that start and the paper chosen then, as the live Home does.

Nothing here imports SQLAlchemy or Qt: the store is handed in, and the window imports this before
its first paint.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from app.store.records import AttemptSummary, Profile
from app.training.clock import as_utc, local_now
from app.training.review import DueItem, ReviewItem

if TYPE_CHECKING:
    from app.content.cases.model import Case
    from app.store.store import Store
    from app.training.exam import ExamProfile
    from app.training.history import AnswerRecord, PaperResult
    from app.training.outlook import Outlook
    from app.training.resume import SavedAttempt, SavedExam
    from app.training.study_plan import StudyPlan

RECENT = 10  # finished cases Home lists


@dataclass(frozen=True)
class HomeHistory:
    """What the Today box's outlook is worked out from: the plan, every answer, the mock papers, the
    review items due by the exam (by the moment of reading, without a plan) and the review cards."""

    plan: StudyPlan | None
    answers: tuple[AnswerRecord, ...]
    results: tuple[PaperResult, ...]
    due: tuple[DueItem, ...]
    cards: Mapping[ReviewItem, str]

    def outlook(self, paper: ExamProfile, cases: Sequence[Case], now: datetime) -> Outlook:
        """The outlook at ``now`` (aware, local) for the plan's paper, or ``paper`` without a plan."""
        from app.training.outlook import outlook  # needed to show Home, not to paint the window

        return outlook(self.plan.paper if self.plan is not None else paper, self.plan, cases, self.answers,
                       self.results, self.due, self.cards, now)


@dataclass(frozen=True)
class HomeState:
    """Home as read from the store at ``read_at`` (aware, local), good until ``valid_until`` (UTC)."""

    profile: Profile
    profiles: tuple[Profile, ...]
    due: tuple[DueItem, ...]
    recent: tuple[AttemptSummary, ...]
    unfinished: tuple[SavedAttempt, ...]
    exam: SavedExam | None
    history: HomeHistory
    read_at: datetime
    valid_until: datetime

    def holds_at(self, moment: datetime) -> bool:
        """Whether Home at ``moment`` (aware) is what this reading shows: from the reading on, until
        ``valid_until`` (a clock set back before the reading could list what is not yet due)."""
        return self.read_at <= moment < self.valid_until


def read_history(store: Store, profile: Profile, now: datetime) -> HomeHistory:
    """The Today box's readings at ``now`` (aware, local); StoreError if the store cannot be read."""
    from app.training.outlook import exam_moment

    plan = store.study_plan(profile)
    until = exam_moment(plan.exam_date, now) if plan is not None else now
    return HomeHistory(plan, tuple(store.answer_history(profile)), tuple(store.paper_results(profile)),
                       tuple(store.due_items(profile, until)), store.review_cards(profile))


def read_home_state(store: Store, profile: Profile, now: datetime | None = None, exam: bool = True) -> HomeState:
    """Home for ``profile`` at ``now`` (default: this moment); ``exam`` False leaves out the unfinished
    exam (the window's, while that paper is on screen). StoreError if the store cannot be read."""
    now = now if now is not None else local_now()
    saved_exam = store.unfinished_exam(profile) if exam else None
    history = read_history(store, profile, now)
    return HomeState(
        profile, tuple(store.profiles()), tuple(store.due_items(profile, now)),
        tuple(store.recent_attempts(profile, RECENT)), tuple(store.unfinished_attempts(profile)), saved_exam,
        history, now, valid_until(now, store.next_due(profile, now), saved_exam, history.plan))


def valid_until(now: datetime, next_due: datetime | None, exam: SavedExam | None, plan: StudyPlan | None) -> datetime:
    """The first moment after ``now`` at which Home could change with the clock alone: a review item
    falling due (``next_due``), the next local day (Today's work is per day), the unfinished exam's
    time running out on a clock that runs while the application is closed (its label says how much
    is left, or that it ran out), the study plan's exam starting. In UTC."""
    moments = [start_of_next_day(now)]
    if next_due is not None:
        moments.append(next_due)
    if exam is not None and exam.profile.clock_runs_while_closed:  # a stopped clock leaves as much time left
        left = exam.time_left(now)
        if left > timedelta(0):
            moments.append(now + left)
    if plan is not None:
        from app.training.outlook import exam_moment

        start = exam_moment(plan.exam_date, now)
        if start > now:
            moments.append(start)
    return min(as_utc(moment) for moment in moments)


def start_of_next_day(now: datetime) -> datetime:
    """The machine's midnight after ``now`` (a day with a clock change included), aware."""
    tomorrow = now.astimezone().date() + timedelta(days=1)
    return datetime.combine(tomorrow, time()).astimezone()


def chosen_profile(wanted: str, profiles: Sequence[Profile]) -> Profile | None:
    """The profile a window opens on a database of the trainee's own: the one named ``wanted`` (the
    setting of the profile used last), else the first by name; None when there is none yet."""
    name = wanted.strip()
    found = next((profile for profile in profiles if name and profile.name == name), None)
    return found if found is not None else (profiles[0] if profiles else None)
