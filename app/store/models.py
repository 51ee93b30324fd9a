"""The tables, as SQLAlchemy 2 typed models. They describe the latest schema; the
migrations under ``migrations/versions`` build it step by step, and a test checks the two agree.

A trainee's attempts keep the case's topics and law sections as they were when the
case was answered, so progress and the classroom view can be grouped in SQL
without the content library, and old results survive edits to a case.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from app.store.columns import UTCDateTime

# Named constraints, so later migrations can alter them by name on every backend.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ROLES = ("trainee", "instructor")
MODES = ("practice", "review", "exam")
# Where a live class session stands: the room looks at the table, a question is open for answers,
# its answer has been revealed, or the presenter has closed the session.
PHASES = ("table", "question", "answer", "ended")
# The longest PostgreSQL identifier, and so the longest database login.
LOGIN_LENGTH = 63


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {datetime: UTCDateTime, dict[str, Any]: JSON, list[Any]: JSON}


class ProfileRow(Base):
    __tablename__ = "profiles"
    __table_args__ = (CheckConstraint(f"role IN {ROLES}", name="role"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime]
    # The database login whose profile this is, on a class database (``director-trainer classroom``
    # sets it; row-level security matches it against the connected login). Empty elsewhere. Added in 0004.
    login: Mapped[str | None] = mapped_column(String(LOGIN_LENGTH), unique=True, index=True)


class ExamRow(Base):
    __tablename__ = "exams"

    id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    definition: Mapped[dict[str, Any]]
    case_ids: Mapped[list[Any]]
    seed: Mapped[int | None] = mapped_column(BigInteger)
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime]
    points: Mapped[float] = mapped_column(Float)
    max_points: Mapped[float] = mapped_column(Float)
    passed: Mapped[bool]
    timed_out: Mapped[bool]
    report: Mapped[dict[str, Any]]
    # The time the clock stood still (a practice paper resumed after the application was closed).
    # Added in revision 0003.
    paused_seconds: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")


class AttemptRow(Base):
    __tablename__ = "attempts"
    __table_args__ = (
        CheckConstraint(f"mode IN {MODES}", name="mode"),
        Index("ix_attempts_profile_case", "profile_id", "case_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"))
    exam_id: Mapped[int | None] = mapped_column(ForeignKey("exams.id", ondelete="CASCADE"), index=True)
    case_id: Mapped[str] = mapped_column(String(200))
    case_title: Mapped[str] = mapped_column(String(300))
    edition: Mapped[str] = mapped_column(String(20))
    mode: Mapped[str] = mapped_column(String(20))
    points: Mapped[float] = mapped_column(Float)
    max_points: Mapped[float] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float)
    seconds: Mapped[float] = mapped_column(Float)
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime]


class AnswerRow(Base):
    __tablename__ = "answers"

    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    answer: Mapped[Any] = mapped_column(JSON)
    fraction: Mapped[float] = mapped_column(Float)
    points: Mapped[float] = mapped_column(Float)
    max_points: Mapped[float] = mapped_column(Float)


class AttemptTopicRow(Base):
    __tablename__ = "attempt_topics"

    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True)
    topic: Mapped[str] = mapped_column(String(100), primary_key=True)


class AttemptLawRow(Base):
    __tablename__ = "attempt_laws"

    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True)
    law_key: Mapped[str] = mapped_column(String(100), primary_key=True)


class ReviewCardRow(Base):
    """The fsrs card of one item (a case, or a law section) for one trainee."""

    __tablename__ = "review_cards"
    __table_args__ = (Index("ix_review_cards_profile_due", "profile_id", "due"),)

    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True)
    item_kind: Mapped[str] = mapped_column(String(10), primary_key=True)
    item_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    card: Mapped[str] = mapped_column(Text)
    due: Mapped[datetime]


class BookmarkRow(Base):
    """Added in revision 0002."""

    __tablename__ = "bookmarks"

    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True)
    section_key: Mapped[str] = mapped_column(String(100), primary_key=True)
    created_at: Mapped[datetime]


class NoteRow(Base):
    """A trainee's own note on a law section. Added in revision 0002."""

    __tablename__ = "notes"

    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True)
    section_key: Mapped[str] = mapped_column(String(100), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime]


class OpenExamRow(Base):
    """The exam paper a trainee is sitting, saved as it changes so it can be resumed (one at a
    time per trainee). Added in revision 0003."""

    __tablename__ = "open_exams"

    id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    definition: Mapped[dict[str, Any]]
    case_ids: Mapped[list[Any]]
    seed: Mapped[int | None] = mapped_column(BigInteger)
    started_at: Mapped[datetime]
    paused_seconds: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[datetime]
    # Added in revision 0006: the case on screen, and the questions flagged to look at again.
    position: Mapped[int | None] = mapped_column(Integer)
    flags: Mapped[list[Any] | None] = mapped_column(JSON)


class OpenAttemptRow(Base):
    """An attempt not yet finished: a case on its own (``open_exam_id`` empty, one per trainee and
    case), or a case of the paper being sat at ``position``. Added in revision 0003."""

    __tablename__ = "open_attempts"
    __table_args__ = (
        CheckConstraint(f"mode IN {MODES}", name="mode"),
        Index("ix_open_attempts_profile_case", "profile_id", "case_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"))
    open_exam_id: Mapped[int | None] = mapped_column(ForeignKey("open_exams.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    case_id: Mapped[str] = mapped_column(String(200))
    case_title: Mapped[str] = mapped_column(String(300))
    mode: Mapped[str] = mapped_column(String(20))
    seed: Mapped[int] = mapped_column(BigInteger)
    started_at: Mapped[datetime]
    seconds: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[datetime | None]
    updated_at: Mapped[datetime]
    question_index: Mapped[int | None] = mapped_column(Integer)  # the question on screen; added in 0006


class OpenAnswerRow(Base):
    """One answer of an unfinished attempt, written when it is marked. Added in revision 0003."""

    __tablename__ = "open_answers"

    open_attempt_id: Mapped[int] = mapped_column(ForeignKey("open_attempts.id", ondelete="CASCADE"),
                                                 primary_key=True)
    question_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    answer: Mapped[Any] = mapped_column(JSON)
    answered_at: Mapped[datetime]


class ClassroomRow(Base):
    """The class a PostgreSQL database holds, once ``director-trainer classroom setup`` has made it one:
    its name prefixes the database roles it creates (logins are shared by every database of a server).
    At most one row. Added in revision 0004."""

    __tablename__ = "classroom"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    created_at: Mapped[datetime]


class LiveSessionRow(Base):
    """A case an instructor presents to a room, answered live by the trainees who joined with its
    code. ``revision`` grows with every change the presenter makes. Added in revision 0004."""

    __tablename__ = "live_sessions"
    __table_args__ = (CheckConstraint(f"phase IN {PHASES}", name="phase"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    presenter_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), index=True)
    # Kept here as well: on a class database a trainee may not read the presenter's profile.
    presenter_name: Mapped[str] = mapped_column(String(100))
    case_id: Mapped[str] = mapped_column(String(200))
    case_title: Mapped[str] = mapped_column(String(300))
    seed: Mapped[int] = mapped_column(BigInteger)
    phase: Mapped[str] = mapped_column(String(10))
    question_id: Mapped[str | None] = mapped_column(String(100))
    revision: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]


class LiveRevealRow(Base):
    """A question of a live session whose answer the room has been shown, and the revision at which:
    an answer sent after that, by a trainee who had seen the answer, is refused. Added in revision 0004."""

    __tablename__ = "live_reveals"

    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    revealed_at: Mapped[datetime]


class LiveMemberRow(Base):
    """A trainee who joined a live session. ``recorded_at`` is set, once, when the answers given in it
    go into the trainee's progress (``attempt_id``: the attempt, if any were given). Added in revision 0004."""

    __tablename__ = "live_members"

    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True,
                                            index=True)
    joined_at: Mapped[datetime]
    left_at: Mapped[datetime | None]
    recorded_at: Mapped[datetime | None]
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempts.id", ondelete="SET NULL"))


class LiveAnswerRow(Base):
    """A trainee's answer to a question of a live session: one per trainee and question, so an answer
    sent again (a connection that dropped before the reply came) counts once. ``seen_revision`` is the
    session's revision the trainee's screen showed when the answer was given. Added in revision 0004."""

    __tablename__ = "live_answers"
    __table_args__ = (
        ForeignKeyConstraint(["session_id", "profile_id"], ["live_members.session_id", "live_members.profile_id"],
                             ondelete="CASCADE"),
    )

    session_id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(primary_key=True)
    question_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    answer: Mapped[Any] = mapped_column(JSON)
    seen_revision: Mapped[int] = mapped_column(Integer)
    answered_at: Mapped[datetime]


class StudyPlanRow(Base):
    """The exam a trainee is preparing for, and its date (one plan per trainee). Added by the
    study plan's migration (``versions/*_study_plan.py``)."""

    __tablename__ = "study_plans"

    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True)
    definition: Mapped[dict[str, Any]]
    exam_date: Mapped[date]
    cases_per_day: Mapped[int | None] = mapped_column(Integer)
    updated_at: Mapped[datetime]
