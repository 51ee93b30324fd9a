"""The progress store: one object the GUI opens at start and asks everything about a trainee's
progress, from any SQLAlchemy database (a SQLite file by default, PostgreSQL for a classroom).

Every method is one transaction: a write either lands whole or not at all, so a
crash can lose at most the action in flight. Writes that change a trainee's data
first lock that trainee's profile row, which serialises two programs writing for
the same trainee (a PostgreSQL classroom); on SQLite the write transaction itself
already does.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from types import TracebackType

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from app.content.cases.model import Case
from app.store.bookmarks import StoreBookmarks
from app.store.engine import create_store_engine, is_sqlite
from app.store.errors import StoreError
from app.store.history import StoreHistory
from app.store.live_sessions import StoreLive, decoded_answers
from app.store.location import database_url
from app.store.migrate import migrate
from app.store.models import (
    AnswerRow,
    AttemptLawRow,
    AttemptRow,
    AttemptTopicRow,
    ExamRow,
    LiveAnswerRow,
    LiveMemberRow,
    LiveSessionRow,
    ProfileRow,
    ReviewCardRow,
)
from app.store.records import ExamSummary, Profile, Role
from app.store.results import StoreResults
from app.store.sessions import _reason
from app.store.study_plans import StoreStudyPlans
from app.store.work_in_progress import StoreWorkInProgress
from app.training.answer_codec import answer_to_json
from app.training.attempt import Attempt
from app.training.clock import as_utc, utc_now
from app.training.exam import Exam, ExamProfile, ExamReport
from app.training.live import live_attempt
from app.training.practice import Mode, Progress
from app.training.report import Report, Tally
from app.training.review import DueItem, ItemKind, ReviewItem, ReviewScheduler, review_items

PROFILE_NAME_LENGTH = 100


class Store(StoreResults, StoreBookmarks, StoreWorkInProgress, StoreLive, StoreHistory, StoreStudyPlans):
    """Trainee profiles, attempts, spaced review, exams, bookmarks and notes, work not yet finished,
    live class sessions, the history the study plan reads, and the plan itself.

    Open it with ``Store.open(db)`` (``db`` is the ``--db`` value or None), which also
    brings the schema up to date; ``backup`` is then the copy taken of a SQLite file
    before it was migrated, if one was.
    """

    @classmethod
    def open(cls, db: str | None = None, scheduler: ReviewScheduler | None = None) -> Store:
        """Open (creating or upgrading it as needed) the database named by ``db``, else
        $DIRECTOR_TRAINER_DB, else the SQLite file in the user data folder."""
        url = database_url(db)
        engine = create_store_engine(url)
        try:
            backup = migrate(engine)
        except StoreError:
            engine.dispose()
            raise
        except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
            engine.dispose()
            raise StoreError(
                f"cannot open the progress database {url.render_as_string(hide_password=True)}: "
                f"{_reason(exc)}; check that it is reachable and yours to write, or choose another "
                "with --db or DIRECTOR_TRAINER_DB"
            ) from exc
        return cls(engine, scheduler, backup)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    @property
    def is_shared(self) -> bool:
        """Whether this is a server database a class can share (live sessions need one), not a
        SQLite file of one person's."""
        return not is_sqlite(self._engine.url)

    # -- profiles ---------------------------------------------------------------------------

    def login_profile(self) -> Profile | None:
        """On a class database, the profile of the login connected (``director-trainer classroom``
        made it): a trainee there is that profile and no other. None elsewhere."""
        if not self.is_shared:
            return None
        with self._read() as session:
            row = session.scalar(select(ProfileRow).where(ProfileRow.login == func.current_user()))
            return _profile(row) if row else None

    def profiles(self) -> list[Profile]:
        with self._read() as session:
            return [_profile(row) for row in session.scalars(select(ProfileRow).order_by(ProfileRow.name))]

    def profile_named(self, name: str) -> Profile | None:
        with self._read() as session:
            row = session.scalar(select(ProfileRow).where(ProfileRow.name == name.strip()))
            return _profile(row) if row else None

    def add_profile(self, name: str, role: Role = Role.TRAINEE) -> Profile:
        name = _profile_name(name)
        with self._write() as session:
            self._refuse_taken_name(session, name)
            row = ProfileRow(name=name, role=role.value, created_at=utc_now())
            session.add(row)
            session.flush()
            return _profile(row)

    def rename_profile(self, profile: Profile, name: str) -> Profile:
        name = _profile_name(name)
        with self._write() as session:
            row = self._lock(session, profile)
            if row.name != name:
                self._refuse_taken_name(session, name)
                row.name = name
            return _profile(row)

    def remove_profile(self, profile: Profile) -> None:
        """Delete a profile and everything recorded for it."""
        with self._write() as session:
            session.delete(self._lock(session, profile))

    # -- attempts and spaced review ---------------------------------------------------------

    def record_attempt(self, profile: Profile, attempt: Attempt, mode: Mode = Mode.PRACTICE,
                       now: datetime | None = None) -> int:
        """Save an attempt with its answers and marks, and schedule its review (see
        ``app.training.review``); what was kept of it while unfinished goes in the same
        transaction, so it counts once. An unfinished attempt is saved as it stands at ``now``.
        Returns the attempt's id."""
        finished_at = attempt.finished_at or as_utc(now or utc_now())
        with self._write() as session:
            self._lock(session, profile)
            self._forget_attempt(session, profile.id, attempt.case.id)
            return self._add_attempt(session, profile.id, attempt, mode, finished_at, None)

    def record_exam(self, profile: Profile, exam: Exam) -> int:
        """Save a finished exam: its definition, paper, report, and the attempts at every case
        reached (a case the time ran out before is on the paper but has no attempt); the copy kept
        while it ran goes in the same transaction."""
        if exam.finished_at is None:
            raise StoreError("the exam is still running; finish it before saving it")
        result = exam.report()
        total = result.report.total
        with self._write() as session:
            self._lock(session, profile)
            self._forget_exam(session, profile.id)
            row = ExamRow(
                profile_id=profile.id, name=exam.profile.name, definition=exam.profile.to_dict(),
                case_ids=[case.id for case in exam.cases], seed=exam.seed, started_at=exam.started_at,
                finished_at=exam.finished_at, points=total.points, max_points=total.max_points,
                passed=result.passed, timed_out=exam.timed_out, report=result.report.to_dict(),
                paused_seconds=exam.paused.total_seconds(),
            )
            session.add(row)
            session.flush()
            answered = set()
            for attempt in exam.attempts:
                if attempt.answers:
                    answered.add(attempt.case.id)
                    self._add_attempt(session, profile.id, attempt, Mode.EXAM,
                                      attempt.finished_at or exam.finished_at, row.id)
            for case in exam.cases:  # a case left unanswered is missed too, and comes back for review
                if case.id not in answered:
                    self._schedule(session, profile.id, case, 0.0, exam.finished_at)
            return row.id

    def record_live_session(self, profile: Profile, session_id: int, case: Case, now: datetime | None = None) -> int | None:
        """Put the trainee's answers in a live session into their progress, as practice: once — a
        second call (another window, a retry after a dropped connection) finds it done. The answers
        are those the class database holds. Returns the attempt's id (None without answers, or if
        recorded before)."""
        moment = as_utc(now or utc_now())
        with self._write() as session:
            self._lock(session, profile)
            member = session.get(LiveMemberRow, (session_id, profile.id), with_for_update=True)
            live = session.get(LiveSessionRow, session_id)
            if member is None or live is None or member.recorded_at is not None:
                return None
            stored = session.execute(select(LiveAnswerRow.question_id, LiveAnswerRow.answer).where(
                LiveAnswerRow.session_id == session_id, LiveAnswerRow.profile_id == profile.id))
            attempt = live_attempt(case, live.seed, dict(decoded_answers(stored)), member.joined_at, moment)
            member.recorded_at = moment
            member.left_at = member.left_at or moment
            if attempt is not None:
                member.attempt_id = self._add_attempt(session, profile.id, attempt, Mode.PRACTICE, moment, None)
            return member.attempt_id

    def due_items(self, profile: Profile, now: datetime | None = None) -> list[DueItem]:
        """Cases and law sections due for review at ``now``, the most overdue first."""
        moment = as_utc(now or utc_now())
        with self._read() as session:
            rows = session.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.profile_id == profile.id, ReviewCardRow.due <= moment)
                .order_by(ReviewCardRow.due, ReviewCardRow.item_kind, ReviewCardRow.item_key)
            )
            return [DueItem(ReviewItem(ItemKind(row.item_kind), row.item_key), row.due) for row in rows]

    def next_due(self, profile: Profile, after: datetime) -> datetime | None:
        """The first moment after ``after`` at which one of the trainee's review items falls due (None:
        none will): until then ``due_items`` gives the same list (see ``home_state``)."""
        moment = as_utc(after)
        with self._read() as session:
            return session.scalar(select(func.min(ReviewCardRow.due))
                                  .where(ReviewCardRow.profile_id == profile.id, ReviewCardRow.due > moment))

    def progress(self, profile: Profile, now: datetime | None = None) -> Progress:
        """The snapshot ``app.training.practice`` orders a session by."""
        return Progress(tuple(self.due_items(profile, now)), self.last_results(profile))

    # -- exams ------------------------------------------------------------------------------

    def exams(self, profile: Profile) -> list[ExamSummary]:
        """The trainee's exams, the latest first."""
        with self._read() as session:
            rows = session.scalars(
                select(ExamRow).where(ExamRow.profile_id == profile.id).order_by(ExamRow.started_at.desc())
            )
            return [ExamSummary(row.id, row.name, row.started_at, Tally(row.points, row.max_points).fraction,
                                row.passed, row.timed_out) for row in rows]

    def exam_report(self, exam_id: int) -> ExamReport:
        """A saved exam's report, for showing or exporting again."""
        with self._read() as session:
            row = session.get(ExamRow, exam_id)
            if row is None:
                raise StoreError(f"there is no exam {exam_id} in {self.location}")
            return ExamReport(ExamProfile.from_dict(row.definition), Report.from_dict(row.report),
                              row.started_at, row.finished_at, row.timed_out, timedelta(seconds=row.paused_seconds))

    # -- internals --------------------------------------------------------------------------

    @staticmethod
    def _refuse_taken_name(session: Session, name: str) -> None:
        if session.scalar(select(ProfileRow.id).where(ProfileRow.name == name)) is not None:
            raise StoreError(f"a profile named {name!r} already exists; choose another name")

    def _add_attempt(self, session: Session, profile_id: int, attempt: Attempt, mode: Mode,
                     finished_at: datetime, exam_id: int | None) -> int:
        if not attempt.answers:
            raise StoreError("an attempt with no answers is not saved")
        case = attempt.case
        seconds = attempt.finished_after
        if seconds is None:
            seconds = max(0.0, (finished_at - attempt.started_at).total_seconds())
        row = AttemptRow(
            profile_id=profile_id, exam_id=exam_id, case_id=case.id, case_title=case.title, edition=case.edition,
            mode=mode.value, points=attempt.points, max_points=attempt.max_points, score=attempt.score,
            seconds=seconds, started_at=attempt.started_at, finished_at=finished_at,
        )
        session.add(row)
        session.flush()
        session.add_all(
            AnswerRow(attempt_id=row.id, question_id=question.id, position=position,
                      answer=answer_to_json(attempt.answers[question.id]), fraction=attempt.marks[question.id].fraction,
                      points=attempt.marks[question.id].points, max_points=question.points)
            for position, question in enumerate(case.questions) if question.id in attempt.marks
        )
        session.add_all(AttemptTopicRow(attempt_id=row.id, topic=topic) for topic in dict.fromkeys(case.topics))
        session.add_all(AttemptLawRow(attempt_id=row.id, law_key=key) for key in dict.fromkeys(r.key for r in case.laws))
        self._schedule(session, profile_id, case, attempt.score, finished_at)
        return row.id

    def _schedule(self, session: Session, profile_id: int, case: Case, score: float, when: datetime) -> None:
        """Review the case and the laws it turns on with ``score`` (see ``app.training.review``)."""
        for item in review_items(case):
            card = session.get(ReviewCardRow, (profile_id, item.kind.value, item.key))
            scheduled = self._scheduler.review(card.card if card else None, score, when)
            if scheduled is None:
                continue
            if card is None:
                session.add(ReviewCardRow(profile_id=profile_id, item_kind=item.kind.value, item_key=item.key,
                                          card=scheduled.card_json, due=scheduled.due))
            else:
                card.card, card.due = scheduled.card_json, scheduled.due


def _profile(row: ProfileRow) -> Profile:
    return Profile(row.id, row.name, Role(row.role))


def _profile_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise StoreError("a profile needs a name")
    if len(name) > PROFILE_NAME_LENGTH:
        raise StoreError(f"a profile name is at most {PROFILE_NAME_LENGTH} characters")
    return name
