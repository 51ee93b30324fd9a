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
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, Select, delete, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased, sessionmaker

from app.store.engine import create_store_engine, describe, writer
from app.store.errors import StoreError
from app.store.location import database_url
from app.store.migrate import migrate
from app.store.models import (
    AnswerRow,
    AttemptLawRow,
    AttemptRow,
    AttemptTopicRow,
    BookmarkRow,
    ExamRow,
    NoteRow,
    ProfileRow,
    ReviewCardRow,
)
from app.store.records import (
    AttemptSummary,
    CaseResult,
    ClassResults,
    ExamSummary,
    GroupResult,
    Profile,
    Role,
)
from app.training.answer_codec import answer_to_json
from app.training.attempt import Attempt
from app.training.clock import as_utc, utc_now
from app.training.exam import Exam, ExamProfile, ExamReport
from app.training.practice import Mode, Progress
from app.training.report import Report, Tally
from app.training.review import DueItem, ItemKind, ReviewItem, ReviewScheduler, review_items

PROFILE_NAME_LENGTH = 100


class Store:
    """Trainee profiles, attempts, spaced review, exams, bookmarks and notes.

    Open it with ``Store.open(db)`` (``db`` is the ``--db`` value or None), which also
    brings the schema up to date; ``backup`` is then the copy taken of a SQLite file
    before it was migrated, if one was.
    """

    def __init__(self, engine: Engine, scheduler: ReviewScheduler | None = None, backup: Path | None = None) -> None:
        self._engine = engine
        self._reads = sessionmaker(engine, expire_on_commit=False)
        self._writes = sessionmaker(writer(engine), expire_on_commit=False)
        self._scheduler = scheduler or ReviewScheduler()
        self.backup = backup

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

    @property
    def location(self) -> str:
        """Where progress goes, for the user: a SQLite file's path, else the URL without its password."""
        return describe(self._engine.url)

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # -- profiles ---------------------------------------------------------------------------

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
        ``app.training.review``). An unfinished attempt is saved as it stands at ``now``.
        Returns the attempt's id."""
        finished_at = attempt.finished_at or as_utc(now or utc_now())
        with self._write() as session:
            self._lock(session, profile)
            return self._add_attempt(session, profile.id, attempt, mode, finished_at, None)

    def record_exam(self, profile: Profile, exam: Exam) -> int:
        """Save a finished exam: its definition, paper, report, and the attempts at every case
        reached (a case the time ran out before is on the paper but has no attempt)."""
        if exam.finished_at is None:
            raise StoreError("the exam is still running; finish it before saving it")
        result = exam.report()
        total = result.report.total
        with self._write() as session:
            self._lock(session, profile)
            row = ExamRow(
                profile_id=profile.id, name=exam.profile.name, definition=exam.profile.to_dict(),
                case_ids=[case.id for case in exam.cases], seed=exam.seed, started_at=exam.started_at,
                finished_at=exam.finished_at, points=total.points, max_points=total.max_points,
                passed=result.passed, timed_out=exam.timed_out, report=result.report.to_dict(),
            )
            session.add(row)
            session.flush()
            for attempt in exam.attempts:
                if attempt.answers:
                    self._add_attempt(session, profile.id, attempt, Mode.EXAM,
                                      attempt.finished_at or exam.finished_at, row.id)
            return row.id

    def last_results(self, profile: Profile) -> dict[str, float]:
        """Case id → the score (0–1) of the trainee's latest attempt at it."""
        with self._read() as session:
            rows = session.execute(
                select(AttemptRow.case_id, AttemptRow.score).where(AttemptRow.id.in_(_latest_ids(profile.id)))
            )
            return {case_id: score for case_id, score in rows}

    def recent_attempts(self, profile: Profile, limit: int = 20) -> list[AttemptSummary]:
        """The latest attempts first: for "continue where you left off"."""
        with self._read() as session:
            rows = session.scalars(
                select(AttemptRow).where(AttemptRow.profile_id == profile.id)
                .order_by(AttemptRow.finished_at.desc(), AttemptRow.id.desc()).limit(limit)
            )
            return [AttemptSummary(row.id, row.case_id, row.case_title, Mode(row.mode), row.score, row.finished_at)
                    for row in rows]

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

    def progress(self, profile: Profile, now: datetime | None = None) -> Progress:
        """The snapshot ``app.training.practice`` orders a session by."""
        return Progress(tuple(self.due_items(profile, now)), self.last_results(profile))

    def results_by_topic(self, profile: Profile) -> list[GroupResult]:
        """Per topic, the trainee's latest attempt at each case carrying it."""
        with self._read() as session:
            return _grouped(session, AttemptTopicRow.topic, profile.id)

    def results_by_law(self, profile: Profile) -> list[GroupResult]:
        """Per law section a case cites (as the case wrote it), the latest attempt at each such case."""
        with self._read() as session:
            return _grouped(session, AttemptLawRow.law_key, profile.id)

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
                              row.started_at, row.finished_at, row.timed_out)

    # -- classroom --------------------------------------------------------------------------

    def results_by_case_and_topic(self) -> ClassResults:
        """Everyone's results: per trainee and case (attempts, last, best), and per trainee and
        topic (latest attempt at each case), for the instructor's classroom view."""
        with self._read() as session:
            stats = (
                select(AttemptRow.profile_id, AttemptRow.case_id, func.count().label("attempts"),
                       func.max(AttemptRow.score).label("best"), func.max(AttemptRow.id).label("last_id"))
                .group_by(AttemptRow.profile_id, AttemptRow.case_id).subquery()
            )
            last = aliased(AttemptRow)
            rows = session.execute(
                select(ProfileRow.name, last.case_id, last.case_title, stats.c.attempts, last.score, stats.c.best)
                .join(last, last.id == stats.c.last_id)
                .join(ProfileRow, ProfileRow.id == stats.c.profile_id)
                .order_by(last.case_id, ProfileRow.name)
            )
            by_case = [CaseResult(*row) for row in rows]
            return ClassResults(by_case, _grouped(session, AttemptTopicRow.topic, None))

    # -- law library: bookmarks and notes ---------------------------------------------------

    def add_bookmark(self, profile: Profile, key: str) -> None:
        with self._write() as session:
            self._lock(session, profile)
            if session.get(BookmarkRow, (profile.id, key)) is None:
                session.add(BookmarkRow(profile_id=profile.id, section_key=key, created_at=utc_now()))

    def remove_bookmark(self, profile: Profile, key: str) -> None:
        with self._write() as session:
            self._lock(session, profile)
            session.execute(delete(BookmarkRow).where(BookmarkRow.profile_id == profile.id,
                                                      BookmarkRow.section_key == key))

    def bookmarks(self, profile: Profile) -> list[str]:
        """Section keys, in the order they were bookmarked."""
        with self._read() as session:
            return list(session.scalars(
                select(BookmarkRow.section_key).where(BookmarkRow.profile_id == profile.id)
                .order_by(BookmarkRow.created_at, BookmarkRow.section_key)
            ))

    def set_note(self, profile: Profile, key: str, text: str) -> None:
        """Keep the trainee's note on a section; an empty note deletes it."""
        text = text.strip()
        with self._write() as session:
            self._lock(session, profile)
            row = session.get(NoteRow, (profile.id, key))
            if not text:
                if row is not None:
                    session.delete(row)
            elif row is None:
                session.add(NoteRow(profile_id=profile.id, section_key=key, text=text, updated_at=utc_now()))
            else:
                row.text, row.updated_at = text, utc_now()

    def note_for(self, profile: Profile, key: str) -> str:
        with self._read() as session:
            row = session.get(NoteRow, (profile.id, key))
            return row.text if row else ""

    def notes(self, profile: Profile) -> dict[str, str]:
        """Section key → note, for every section the trainee has written on."""
        with self._read() as session:
            rows = session.execute(select(NoteRow.section_key, NoteRow.text).where(NoteRow.profile_id == profile.id))
            return {key: text for key, text in rows}

    # -- internals --------------------------------------------------------------------------

    @contextmanager
    def _read(self) -> Iterator[Session]:
        try:
            with self._reads.begin() as session:
                yield session
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read the progress database {self.location}: {_reason(exc)}") from exc

    @contextmanager
    def _write(self) -> Iterator[Session]:
        try:
            with self._writes.begin() as session:
                yield session
        except IntegrityError as exc:
            raise StoreError(
                f"the change clashes with data saved at the same moment in {self.location}: {_reason(exc)}; try again"
            ) from exc
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot save to the progress database {self.location}: {_reason(exc)}") from exc

    def _lock(self, session: Session, profile: Profile) -> ProfileRow:
        row = session.get(ProfileRow, profile.id, with_for_update=True)
        if row is None:
            raise StoreError(f"the profile {profile.name!r} no longer exists in {self.location}; choose another")
        return row

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
        for item in review_items(case):
            card = session.get(ReviewCardRow, (profile_id, item.kind.value, item.key))
            scheduled = self._scheduler.review(card.card if card else None, attempt.score, finished_at)
            if scheduled is None:
                continue
            if card is None:
                session.add(ReviewCardRow(profile_id=profile_id, item_kind=item.kind.value, item_key=item.key,
                                          card=scheduled.card_json, due=scheduled.due))
            else:
                card.card, card.due = scheduled.card_json, scheduled.due
        return row.id


def _latest_ids(profile_id: int | None) -> Select[Any]:
    """The ids of the latest attempt at each case, per trainee (one trainee's, if given)."""
    query = select(func.max(AttemptRow.id)).group_by(AttemptRow.profile_id, AttemptRow.case_id)
    return query if profile_id is None else query.where(AttemptRow.profile_id == profile_id)


def _grouped(session: Session, key: InstrumentedAttribute[str], profile_id: int | None) -> list[GroupResult]:
    """Latest attempts summed per trainee and per value of ``key`` (a topic or law column of a
    table linked to attempts)."""
    link = key.class_
    rows = session.execute(
        select(ProfileRow.name, key, func.count(), func.sum(AttemptRow.points), func.sum(AttemptRow.max_points))
        .select_from(AttemptRow)
        .join(link, link.attempt_id == AttemptRow.id)
        .join(ProfileRow, ProfileRow.id == AttemptRow.profile_id)
        .where(AttemptRow.id.in_(_latest_ids(profile_id)))
        .group_by(ProfileRow.id, ProfileRow.name, key)
        .order_by(ProfileRow.name, key)
    )
    return [GroupResult(name, value, count, Tally(points, max_points)) for name, value, count, points, max_points in rows]


def _profile(row: ProfileRow) -> Profile:
    return Profile(row.id, row.name, Role(row.role))


def _profile_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise StoreError("a profile needs a name")
    if len(name) > PROFILE_NAME_LENGTH:
        raise StoreError(f"a profile name is at most {PROFILE_NAME_LENGTH} characters")
    return name


def _reason(exc: BaseException) -> str:
    """The database's own words, without SQLAlchemy's SQL echo and documentation link."""
    original = getattr(exc, "orig", None) or exc
    return str(original).strip().splitlines()[0]
