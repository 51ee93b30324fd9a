"""A trainee's history read back for the study plan, readiness and coverage: every marked answer
with its case's topics and law sections as recorded, each mock paper's mark, and the fsrs cards.

A part of ``Store``: it only reads what ``Store.record_attempt`` and ``Store.record_exam`` wrote.
"""

from __future__ import annotations

from sqlalchemy import select

from app.store.models import AnswerRow, AttemptLawRow, AttemptRow, AttemptTopicRow, ExamRow, ReviewCardRow
from app.store.records import Profile
from app.store.sessions import StoreSessions
from app.training.exam import ExamProfile
from app.training.history import AnswerRecord, PaperResult
from app.training.report import Tally
from app.training.review import ItemKind, ReviewItem


class StoreHistory(StoreSessions):
    """Answers, mock papers and review cards, per trainee, as the training layer reads them."""

    def answer_history(self, profile: Profile) -> list[AnswerRecord]:
        """Every answer the trainee has finished or saved with an attempt, oldest first."""
        with self._read() as session:
            mine = select(AttemptRow.id).where(AttemptRow.profile_id == profile.id)
            topics: dict[int, list[str]] = {}
            for attempt_id, topic in session.execute(
                    select(AttemptTopicRow.attempt_id, AttemptTopicRow.topic).where(AttemptTopicRow.attempt_id.in_(mine))
                    .order_by(AttemptTopicRow.attempt_id, AttemptTopicRow.topic)):
                topics.setdefault(attempt_id, []).append(topic)
            laws: dict[int, list[str]] = {}
            for attempt_id, law in session.execute(
                    select(AttemptLawRow.attempt_id, AttemptLawRow.law_key).where(AttemptLawRow.attempt_id.in_(mine))
                    .order_by(AttemptLawRow.attempt_id, AttemptLawRow.law_key)):
                laws.setdefault(attempt_id, []).append(law)
            rows = session.execute(
                select(AnswerRow.attempt_id, AttemptRow.case_id, AnswerRow.question_id, AttemptRow.finished_at,
                       AnswerRow.points, AnswerRow.max_points, AttemptRow.exam_id)
                .join(AttemptRow, AttemptRow.id == AnswerRow.attempt_id)
                .where(AttemptRow.profile_id == profile.id)
                .order_by(AttemptRow.finished_at, AttemptRow.id, AnswerRow.position)
            )
            return [AnswerRecord(attempt_id, case_id, question_id, finished_at, points, max_points,
                                 tuple(topics.get(attempt_id, ())), tuple(laws.get(attempt_id, ())), exam_id)
                    for attempt_id, case_id, question_id, finished_at, points, max_points, exam_id in rows]

    def paper_results(self, profile: Profile) -> list[PaperResult]:
        """The trainee's mock papers with the rules each was drawn under, the latest first."""
        with self._read() as session:
            rows = session.scalars(
                select(ExamRow).where(ExamRow.profile_id == profile.id).order_by(ExamRow.started_at.desc())
            )
            return [PaperResult(row.id, ExamProfile.from_dict(row.definition), row.started_at,
                                Tally(row.points, row.max_points).fraction, row.passed) for row in rows]

    def review_cards(self, profile: Profile) -> dict[ReviewItem, str]:
        """Every item scheduled for review → its fsrs card (JSON), due or not."""
        with self._read() as session:
            rows = session.execute(select(ReviewCardRow.item_kind, ReviewCardRow.item_key, ReviewCardRow.card)
                                   .where(ReviewCardRow.profile_id == profile.id))
            return {ReviewItem(ItemKind(kind), key): card for kind, key, card in rows}
