"""A trainee's results read back from the saved attempts: latest scores, recent attempts, totals by topic and law.

A part of ``Store``: the progress view, the home screen and the instructor's
classroom view ask these questions; the attempts they read are written by
``Store.record_attempt``. Each sums a trainee's latest attempt at each case.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased

from app.store.models import AttemptLawRow, AttemptRow, AttemptTopicRow, ProfileRow
from app.store.records import AttemptSummary, CaseResult, ClassResults, GroupResult, Profile
from app.store.sessions import StoreSessions
from app.training.mode import Mode
from app.training.report import Tally


class StoreResults(StoreSessions):
    """Results per case, topic and law section, for one trainee or the whole class."""

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

    def results_by_topic(self, profile: Profile) -> list[GroupResult]:
        """Per topic, the trainee's latest attempt at each case carrying it."""
        with self._read() as session:
            return _grouped(session, AttemptTopicRow.topic, profile.id)

    def results_by_law(self, profile: Profile) -> list[GroupResult]:
        """Per law section a case cites (as the case wrote it), the latest attempt at each such case."""
        with self._read() as session:
            return _grouped(session, AttemptLawRow.law_key, profile.id)

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
