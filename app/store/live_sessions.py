"""Live class sessions in the shared database: the presenter starts one (it gets a short code),
moves it on as the room's screen moves, and ends it; trainees join with the code, send their
answers, and have them recorded in their progress once the session is over.

A part of ``Store``. Every method is one transaction. What makes the faults harmless:

- an answer is kept once per trainee and question (the primary key), and sending one again — the
  connection dropped before the reply came — finds it there and counts it once;
- an answer given before its question's answer was revealed counts even if the network delays
  it past the reveal; one from a screen that had already shown the reveal does not (``seen_revision``);
- a session's answers go into a trainee's progress once: ``Store.record_live_session`` sets the
  member's ``recorded_at`` in the same transaction as it adds the attempt, and skips a member
  already recorded.

On a class database, row-level security (``app.store.class_security``) lets only the presenter's
login change a session and only a trainee's own login send or read their answers, whatever SQL is
typed; the checks here are what the application itself keeps to.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.store.errors import StoreError
from app.store.live_watch import LiveWatcher
from app.store.models import (
    LiveAnswerRow,
    LiveMemberRow,
    LiveRevealRow,
    LiveSessionRow,
    ProfileRow,
)
from app.store.records import LiveRoom, Profile
from app.store.sessions import StoreSessions
from app.training.answer_codec import answer_from_json, answer_to_json
from app.training.clock import utc_now
from app.training.live import LiveAnswer, LivePhase, LiveState, LiveStep
from app.training.marking import Answer, AnswerError

if TYPE_CHECKING:
    from app.content.cases.model import Case

# Codes are read off a projector and typed: no 0/O, 1/I/L to confuse.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed (lower case, spaces, a dash) in the form it is kept in."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


class StoreLive(StoreSessions):
    """Live sessions: the presenter's side and the trainee's."""

    # -- the presenter -------------------------------------------------------------------------

    def start_live_session(self, presenter: Profile, case: Case, seed: int, step: LiveStep) -> LiveState:
        """Open a session of ``case`` presented with ``seed`` (the order of its choices), at ``step``."""
        now = utc_now()
        for _attempt in range(10):
            code = new_code()
            with self._write() as session:
                if session.scalar(select(LiveSessionRow.id).where(LiveSessionRow.code == code)) is not None:
                    continue
                row = LiveSessionRow(code=code, presenter_id=presenter.id, presenter_name=presenter.name,
                                     case_id=case.id, case_title=case.title, seed=seed, phase=step.phase.value,
                                     question_id=step.question_id, revision=1, started_at=now, updated_at=now,
                                     ended_at=None)
                session.add(row)
                session.flush()
                self._reveal(session, row.id, step.revealed, row.revision)
                return _state(row, step.revealed)
        raise StoreError("could not find a free session code; try again")

    def set_live_step(self, session_id: int, step: LiveStep) -> LiveState:
        """Show the trainees ``step``: the revision goes up and every question revealed so far is
        closed to answers from screens that have seen it."""
        with self._write() as session:
            revision = session.scalar(
                update(LiveSessionRow)
                .where(LiveSessionRow.id == session_id, LiveSessionRow.ended_at.is_(None))
                .values(phase=step.phase.value, question_id=step.question_id,
                        revision=LiveSessionRow.revision + 1, updated_at=utc_now())
                .returning(LiveSessionRow.revision))
            if revision is None:
                raise StoreError("this class session has ended, or is another presenter's: start a new one")
            self._reveal(session, session_id, step.revealed, revision)
            row = session.get(LiveSessionRow, session_id)
            assert row is not None
            return _state(row, self._revealed(session, session_id))

    def end_live_session(self, session_id: int) -> None:
        """Close the session on every screen; each trainee's answers then go into their progress."""
        now = utc_now()
        with self._write() as session:
            session.execute(
                update(LiveSessionRow).where(LiveSessionRow.id == session_id, LiveSessionRow.ended_at.is_(None))
                .values(phase=LivePhase.ENDED.value, question_id=None, revision=LiveSessionRow.revision + 1,
                        updated_at=now, ended_at=now))

    def live_room(self, session_id: int, question_id: str | None) -> LiveRoom:
        """Who is in the session, and the answers given to ``question_id`` (by whom, for the
        presenter's own screen; the room's screen shows no names)."""
        with self._read() as session:
            present = session.scalars(
                select(ProfileRow.name).join(LiveMemberRow, LiveMemberRow.profile_id == ProfileRow.id)
                .where(LiveMemberRow.session_id == session_id, LiveMemberRow.left_at.is_(None))
                .order_by(ProfileRow.name)).all()
            answers: list[tuple[str, Answer]] = []
            if question_id is not None:
                rows = session.execute(
                    select(ProfileRow.name, LiveAnswerRow.answer)
                    .join(LiveAnswerRow, LiveAnswerRow.profile_id == ProfileRow.id)
                    .where(LiveAnswerRow.session_id == session_id, LiveAnswerRow.question_id == question_id)
                    .order_by(LiveAnswerRow.answered_at, ProfileRow.name))
                answers = [(name, answer) for name, answer in decoded_answers(rows)]
            return LiveRoom(tuple(present), tuple(answers), question_id)

    # -- a trainee -----------------------------------------------------------------------------

    def join_live_session(self, profile: Profile, code: str) -> tuple[LiveState, dict[str, Answer]]:
        """Join the session with ``code`` (or come back to it after a restart); returns it and the
        answers this trainee has already given in it."""
        wanted = normal_code(code)
        with self._write() as session:
            row = session.scalar(select(LiveSessionRow).where(LiveSessionRow.code == wanted))
            if row is None:
                raise StoreError(f"there is no class session with the code {wanted or code!r}: check the code "
                                 "on the presenter's screen")
            if row.ended_at is not None:
                raise StoreError(f"the class session {wanted} has ended")
            member = session.get(LiveMemberRow, (row.id, profile.id))
            if member is None:
                session.add(LiveMemberRow(session_id=row.id, profile_id=profile.id, joined_at=utc_now(),
                                          left_at=None, recorded_at=None, attempt_id=None))
            elif member.recorded_at is not None:
                raise StoreError(f"you left the class session {wanted}, and your answers in it are in your "
                                 "progress; ask the presenter to start a new session to answer again")
            else:
                member.left_at = None
            state = _state(row, self._revealed(session, row.id))
            return state, self._own_answers(session, row.id, profile.id)

    def live_state(self, session_id: int) -> LiveState:
        """The session as it stands now, for a trainee's screen to follow."""
        with self._read() as session:
            row = session.get(LiveSessionRow, session_id)
            if row is None:
                raise StoreError("the class session no longer exists")
            return _state(row, self._revealed(session, session_id))

    def send_live_answer(self, profile: Profile, session_id: int, answer: LiveAnswer) -> bool:
        """Keep a trainee's answer; True once the class holds it (now, or from an earlier send of the
        same answer), False when it is refused: given on a screen that had already shown the answer,
        or after this trainee's answers were recorded."""
        with self._write() as session:
            member = session.get(LiveMemberRow, (session_id, profile.id), with_for_update=True)
            if member is None or member.recorded_at is not None:
                return False
            if session.get(LiveAnswerRow, (session_id, profile.id, answer.question_id)) is not None:
                return True
            revealed_at = session.scalar(select(LiveRevealRow.revision).where(
                LiveRevealRow.session_id == session_id, LiveRevealRow.question_id == answer.question_id))
            if revealed_at is not None and revealed_at <= answer.seen_revision:
                return False
            session.add(LiveAnswerRow(session_id=session_id, profile_id=profile.id, question_id=answer.question_id,
                                      answer=answer_to_json(answer.answer), seen_revision=answer.seen_revision,
                                      answered_at=utc_now()))
            return True

    def live_watcher(self, session_id: int, listen: bool = True) -> LiveWatcher:
        """Something to wait on until the session changes (see ``live_watch``); each screen has one."""
        return LiveWatcher(self._engine, session_id, listen)

    def live_sessions_to_record(self, profile: Profile) -> list[tuple[int, str]]:
        """The sessions (id, case id) that ended while this trainee was in them and whose answers are
        not yet in their progress: the window was closed, or the network down, when they ended."""
        with self._read() as session:
            rows = session.execute(
                select(LiveSessionRow.id, LiveSessionRow.case_id)
                .join(LiveMemberRow, LiveMemberRow.session_id == LiveSessionRow.id)
                .where(LiveMemberRow.profile_id == profile.id, LiveMemberRow.recorded_at.is_(None),
                       LiveSessionRow.ended_at.is_not(None))
                .order_by(LiveSessionRow.id))
            return [(session_id, case_id) for session_id, case_id in rows]

    # -- internals -----------------------------------------------------------------------------

    @staticmethod
    def _reveal(session: Session, session_id: int, revealed: Iterable[str], revision: int) -> None:
        known = set(session.scalars(select(LiveRevealRow.question_id).where(LiveRevealRow.session_id == session_id)))
        now = utc_now()
        session.add_all(LiveRevealRow(session_id=session_id, question_id=question_id, revision=revision,
                                      revealed_at=now) for question_id in sorted(set(revealed) - known))

    @staticmethod
    def _revealed(session: Session, session_id: int) -> frozenset[str]:
        return frozenset(session.scalars(select(LiveRevealRow.question_id)
                                         .where(LiveRevealRow.session_id == session_id)))

    @staticmethod
    def _own_answers(session: Session, session_id: int, profile_id: int) -> dict[str, Answer]:
        rows = session.execute(select(LiveAnswerRow.question_id, LiveAnswerRow.answer).where(
            LiveAnswerRow.session_id == session_id, LiveAnswerRow.profile_id == profile_id))
        return dict(decoded_answers(rows))


def decoded_answers(rows: Iterable[tuple[str, object]]) -> list[tuple[str, Answer]]:
    """Rows of (key, stored answer) with the answers decoded; one that is not an answer at all (typed
    in by hand) is left out."""
    decoded = []
    for key, stored in rows:
        try:
            decoded.append((key, answer_from_json(stored)))
        except (AnswerError, TypeError, ValueError):
            continue
    return decoded


def _state(row: LiveSessionRow, revealed: frozenset[str]) -> LiveState:
    return LiveState(row.id, row.code, row.case_id, row.case_title, row.seed, row.presenter_name,
                     LivePhase(row.phase), row.question_id, row.revision, revealed)
