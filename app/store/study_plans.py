"""A trainee's study plan: the exam paper he is preparing for, its date and his cases a day.

A part of ``Store``: one plan per trainee, kept with his progress (so it follows him to any
machine that opens the same database) and removed with his profile.
"""

from __future__ import annotations

from app.store.models import StudyPlanRow
from app.store.records import Profile
from app.store.sessions import StoreSessions
from app.training.clock import utc_now
from app.training.exam import ExamError, ExamProfile
from app.training.study_plan import PlanError, StudyPlan


class StoreStudyPlans(StoreSessions):
    """The study plan, per trainee."""

    def study_plan(self, profile: Profile) -> StudyPlan | None:
        """The trainee's plan, or None (none set, or one this version cannot read: it is then set afresh)."""
        with self._read() as session:
            row = session.get(StudyPlanRow, profile.id)
            if row is None:
                return None
            try:
                return StudyPlan(ExamProfile.from_dict(row.definition), row.exam_date, row.cases_per_day)
            except (ExamError, PlanError, KeyError, TypeError):
                return None

    def set_study_plan(self, profile: Profile, plan: StudyPlan) -> StudyPlan:
        """Keep ``plan`` as the trainee's (in place of any other); returns it."""
        with self._write() as session:
            self._lock(session, profile)
            row = session.get(StudyPlanRow, profile.id)
            if row is None:
                row = StudyPlanRow(profile_id=profile.id)
                session.add(row)
            row.definition = plan.paper.to_dict()
            row.exam_date = plan.exam_date
            row.cases_per_day = plan.cases_per_day
            row.updated_at = utc_now()
        return plan

    def clear_study_plan(self, profile: Profile) -> bool:
        """Remove the trainee's plan; returns whether there was one."""
        with self._write() as session:
            self._lock(session, profile)
            row = session.get(StudyPlanRow, profile.id)
            if row is not None:
                session.delete(row)
            return row is not None
