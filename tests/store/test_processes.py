"""Other processes: one killed while writing leaves every committed attempt whole; two
writing at once lose nothing. Each runs on SQLite (WAL) and PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import sqlalchemy as sa

from app.store import Store
from app.store.models import AnswerRow, AttemptRow

WRITER = Path(__file__).with_name("writer.py")
ROOT = Path(__file__).resolve().parents[2]
QUESTIONS_PER_CASE = 3  # the fixture case behind writer.py's cases


def _writers(db_url: str, profile: str, count: int, processes: int = 1) -> list[subprocess.Popen[str]]:
    """Writer processes, each with its database open, released together (running this checkout's code,
    whatever copy of the application the interpreter has installed)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    writers = [subprocess.Popen([sys.executable, str(WRITER), db_url, profile, str(count)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for _ in range(processes)]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    return writers


def _stored(db_url: str) -> dict[int, int]:
    """Attempt id → number of answers saved with it."""
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(AttemptRow.id, sa.func.count(AnswerRow.question_id))
            .outerjoin(AnswerRow, AnswerRow.attempt_id == AttemptRow.id).group_by(AttemptRow.id)
        ).all()
        if engine.dialect.name == "sqlite":
            assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    engine.dispose()
    return {attempt_id: answers for attempt_id, answers in rows}


def test_a_process_killed_mid_write_loses_nothing_committed(db_url: str) -> None:
    with Store.open(db_url) as store:
        store.add_profile("Ann")
    [writer] = _writers(db_url, "Ann", 0)
    assert writer.stdout is not None
    committed = [int(writer.stdout.readline()) for _ in range(15)]
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert writer.returncode == -signal.SIGKILL
    with Store.open(db_url) as store:  # opens, and is still usable for writing
        [ann] = store.profiles()
        store.set_note(ann, "27B2", "after the crash")
    stored = _stored(db_url)
    assert set(committed) <= set(stored)
    assert all(answers == QUESTIONS_PER_CASE for answers in stored.values())  # no half-written attempt


def test_two_processes_writing_at_once_lose_nothing(db_url: str) -> None:
    with Store.open(db_url) as store:
        store.add_profile("Ann")
    writers = _writers(db_url, "Ann", 20, processes=2)
    outputs = [writer.communicate(timeout=120) for writer in writers]
    for writer, (_out, errors) in zip(writers, outputs, strict=True):
        assert writer.returncode == 0, errors
    reported = [int(line) for out, _errors in outputs for line in out.split()]
    assert len(reported) == 40
    assert sorted(_stored(db_url)) == sorted(reported)
    with Store.open(db_url) as store:
        [ann] = store.profiles()
        assert len(store.recent_attempts(ann, limit=100)) == 40
