"""Work a trainee has not finished: a half-answered case, and the exam paper being sat.

A part of ``Store``. The window saves an attempt after every marked answer and an exam
after every answer and every move to a new case (one transaction each), so that
whatever ends the program — another case opened, the window closed, the process
killed, the power cut — the trainee finds the work on Home and resumes it as it stood
(``app.training.resume`` rebuilds it). Finishing it records it through
``Store.record_attempt`` or ``record_exam``, which remove the unfinished copy in the same
transaction, so it counts once.

A trainee has at most one unfinished attempt per case outside an exam (opening the case
again resumes it) and one unfinished exam.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import Select, delete, select
from sqlalchemy.orm import Session

from app.store.models import OpenAnswerRow, OpenAttemptRow, OpenExamRow
from app.store.records import Profile
from app.store.sessions import StoreSessions
from app.training.answer_codec import answer_from_json, answer_to_json
from app.training.attempt import Attempt
from app.training.clock import as_utc, utc_now
from app.training.exam import Exam, ExamProfile
from app.training.mode import Mode
from app.training.resume import SavedAttempt, SavedExam


class StoreWorkInProgress(StoreSessions):
    """Unfinished attempts and the unfinished exam, per trainee."""

    # -- a case on its own -------------------------------------------------------------------

    def save_unfinished_attempt(self, profile: Profile, attempt: Attempt, mode: Mode,
                                now: datetime | None = None) -> None:
        """Keep an attempt at a case on its own as it stands (its answers so far, seed, start and
        time worked), replacing what was kept of it before."""
        saved = SavedAttempt.of(attempt, mode)
        moment = as_utc(now or utc_now())
        with self._write() as session:
            self._lock(session, profile)
            row = session.scalar(_lone(profile.id).where(OpenAttemptRow.case_id == saved.case_id))
            if row is None:
                row = OpenAttemptRow(profile_id=profile.id, open_exam_id=None, position=0)
                session.add(row)
            _fill(session, row, saved, moment)

    def unfinished_attempts(self, profile: Profile) -> list[SavedAttempt]:
        """The trainee's half-answered cases (outside an exam), the latest worked on first."""
        with self._read() as session:
            rows = session.scalars(_lone(profile.id).order_by(OpenAttemptRow.updated_at.desc(),
                                                              OpenAttemptRow.id.desc()))
            return [_saved_attempt(session, row) for row in rows]

    def unfinished_attempt(self, profile: Profile, case_id: str) -> SavedAttempt | None:
        with self._read() as session:
            row = session.scalar(_lone(profile.id).where(OpenAttemptRow.case_id == case_id))
            return _saved_attempt(session, row) if row is not None else None

    def discard_unfinished_attempt(self, profile: Profile, case_id: str) -> None:
        """Forget a half-answered case: the trainee chose to start it afresh some other time."""
        with self._write() as session:
            self._lock(session, profile)
            self._forget_attempt(session, profile.id, case_id)

    # -- the exam being sat ------------------------------------------------------------------

    def save_unfinished_exam(self, profile: Profile, exam: Exam, now: datetime | None = None) -> None:
        """Keep the paper as it stands at ``now``: profile, cases in order, seed, clock, and every
        case reached with its answers."""
        saved = SavedExam.of(exam, now or utc_now())
        with self._write() as session:
            self._lock(session, profile)
            row = session.scalar(select(OpenExamRow).where(OpenExamRow.profile_id == profile.id))
            if row is None:
                row = OpenExamRow(profile_id=profile.id)
                session.add(row)
            row.name, row.definition = saved.profile.name, saved.profile.to_dict()
            row.case_ids, row.seed, row.started_at = list(saved.case_ids), saved.seed, saved.started_at
            row.paused_seconds, row.seen_at = saved.paused.total_seconds(), saved.seen_at
            row.position, row.flags = saved.position, sorted([case_id, question_id] for case_id, question_id in saved.flags)
            session.flush()
            kept = {a.position: a for a in session.scalars(
                select(OpenAttemptRow).where(OpenAttemptRow.open_exam_id == row.id))}
            for position, attempt in enumerate(saved.attempts):
                attempt_row = kept.pop(position, None)
                if attempt_row is None:
                    attempt_row = OpenAttemptRow(profile_id=profile.id, open_exam_id=row.id, position=position)
                    session.add(attempt_row)
                _fill(session, attempt_row, attempt, saved.seen_at)
            for stale in kept.values():
                session.delete(stale)

    def exam_seen(self, profile: Profile, now: datetime | None = None) -> None:
        """Note that the paper is still open at ``now``: a practice paper's clock stops from the last
        such moment if the program ends without warning."""
        with self._write() as session:
            self._lock(session, profile)
            row = session.scalar(select(OpenExamRow).where(OpenExamRow.profile_id == profile.id))
            if row is not None:
                row.seen_at = as_utc(now or utc_now())

    def unfinished_exam(self, profile: Profile) -> SavedExam | None:
        with self._read() as session:
            row = session.scalar(select(OpenExamRow).where(OpenExamRow.profile_id == profile.id))
            if row is None:
                return None
            attempts = session.scalars(select(OpenAttemptRow).where(OpenAttemptRow.open_exam_id == row.id)
                                       .order_by(OpenAttemptRow.position))
            return SavedExam(ExamProfile.from_dict(row.definition), tuple(row.case_ids), row.seed, row.started_at,
                             timedelta(seconds=row.paused_seconds), row.seen_at,
                             tuple(_saved_attempt(session, attempt) for attempt in attempts), row.position,
                             frozenset((str(case_id), str(question_id)) for case_id, question_id in row.flags or ()))

    def discard_unfinished_exam(self, profile: Profile) -> None:
        with self._write() as session:
            self._lock(session, profile)
            self._forget_exam(session, profile.id)

    # -- finishing (called by ``Store.record_attempt`` and ``record_exam``, in their transaction) --

    @staticmethod
    def _forget_attempt(session: Session, profile_id: int, case_id: str) -> None:
        """Remove the unfinished attempt at a case on its own (its answers go with it, by cascade)."""
        session.execute(delete(OpenAttemptRow).where(OpenAttemptRow.profile_id == profile_id,
                                                     OpenAttemptRow.open_exam_id.is_(None),
                                                     OpenAttemptRow.case_id == case_id))

    @staticmethod
    def _forget_exam(session: Session, profile_id: int) -> None:
        """Remove the unfinished exam (its attempts and their answers go with it, by cascade)."""
        session.execute(delete(OpenExamRow).where(OpenExamRow.profile_id == profile_id))


def _lone(profile_id: int) -> Select[OpenAttemptRow]:
    """The trainee's unfinished attempts at cases on their own (not on an exam paper)."""
    return select(OpenAttemptRow).where(OpenAttemptRow.profile_id == profile_id,
                                        OpenAttemptRow.open_exam_id.is_(None))


def _fill(session: Session, row: OpenAttemptRow, saved: SavedAttempt, moment: datetime) -> None:
    """Write an attempt's state into its row, and its answers: those already kept stay as they
    were written, new ones are added, and any the attempt no longer has are removed."""
    row.case_id, row.case_title, row.mode = saved.case_id, saved.case_title, saved.mode.value
    row.seed, row.started_at, row.seconds = saved.seed, saved.started_at, saved.seconds
    row.finished_at, row.updated_at, row.question_index = saved.finished_at, moment, saved.index
    session.flush()
    kept = {answer.question_id: answer for answer in session.scalars(
        select(OpenAnswerRow).where(OpenAnswerRow.open_attempt_id == row.id))}
    for position, (question_id, answer) in enumerate(saved.answers):
        stored = answer_to_json(answer)
        found = kept.pop(question_id, None)
        if found is None:
            session.add(OpenAnswerRow(open_attempt_id=row.id, question_id=question_id, position=position,
                                      answer=stored, answered_at=moment))
        elif found.answer != stored or found.position != position:
            found.answer, found.position = stored, position
    for stale in kept.values():
        session.delete(stale)


def _saved_attempt(session: Session, row: OpenAttemptRow) -> SavedAttempt:
    answers: Iterable[OpenAnswerRow] = session.scalars(
        select(OpenAnswerRow).where(OpenAnswerRow.open_attempt_id == row.id).order_by(OpenAnswerRow.position))
    return SavedAttempt(row.case_id, row.case_title, Mode(row.mode), row.seed, row.started_at, row.seconds,
                        tuple((answer.question_id, answer_from_json(answer.answer)) for answer in answers),
                        row.finished_at, row.question_index)
