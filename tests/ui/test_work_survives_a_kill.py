"""Nothing is lost when the program dies: the application, in a process of its own, answers part of a case
and part of an exam (``half_done.py``) and is killed with SIGKILL; started again on the same progress, it
offers both on Home, and each resumes with the same answers, the same choice order on screen and — as
the paper's profile says — a clock that ran on, or stood still, while the program was dead."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.content.library import Library
from app.store import Store
from app.training.answer_codec import answer_to_json
from app.training.clock import utc_now
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]
HALF_DONE = Path(__file__).with_name("half_done.py")


def _run_and_kill(database: Path, settings: Path, clock: str) -> dict:  # type: ignore[type-arg]
    """Start the application in a process of its own, read what it left on screen, and kill it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen([sys.executable, str(HALF_DONE), str(database), str(settings), clock],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    process.send_signal(signal.SIGKILL)
    _out, errors = process.communicate(timeout=60)
    assert line, errors
    assert process.returncode == -signal.SIGKILL
    return json.loads(line)  # type: ignore[no-any-return]


@pytest.mark.parametrize("clock", ["runs", "stops"])
def test_a_killed_program_loses_neither_the_case_nor_the_exam(qtbot, library: Library, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                              clock: str) -> None:
    database = tmp_path / "progress.sqlite3"
    left = _run_and_kill(database, tmp_path / "settings.ini", clock)
    case_left, exam_left = left["case"], left["exam"]

    with Store.open(str(database)) as store:
        window = MainWindow(library, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), store)
        qtbot.addWidget(window)
        window.show()
        window.areas.setCurrentRow(AREAS.index("Home"))
        home = window.home
        case = library.case(case_left["id"])
        assert case is not None
        answered = len(case_left["answers"])
        assert home.recent_list.item(0).text() == f"Continue: {case.title} — {answered} of {len(case.questions)} answered"
        assert home.exam_box.unfinished.isVisible() and "Killed paper" in home.exam_box.unfinished_label.text()

        home.recent_list.setCurrentRow(0)
        home.continue_button.click()
        panel = window.player.ruling
        attempt = panel.attempt
        assert attempt is not None and attempt.case.id == case.id and attempt.seed == case_left["seed"]
        assert {k: answer_to_json(v) for k, v in attempt.answers.items()} == case_left["answers"]
        assert panel.sitting.question.id == case_left["question"]
        assert list(panel.form.shown) == case_left["shown"]  # the choices in the order they were on screen

        before = utc_now()
        window.areas.setCurrentRow(AREAS.index("Home"))
        home.exam_box.resume_button.click()
        exam = window.exam
        assert exam is not None and not exam.is_finished
        assert [c.id for c in exam.cases] == exam_left["cases"]
        assert [{k: answer_to_json(v) for k, v in a.answers.items()} for a in exam.attempts] == exam_left["all_answers"]
        assert exam.current.seed == exam_left["seed"] and exam.question.id == exam_left["question"]
        assert list(panel.form.shown) == exam_left["shown"]
        started, seen = (datetime.fromisoformat(exam_left[key]) for key in ("started_at", "seen_at"))
        assert exam.started_at == started
        after = utc_now()
        if clock == "runs":  # the wall clock: the time the program was dead is gone from the paper
            assert exam.time_used(after) == after - started
        else:  # stopped at the last answer saved: the time used then, and only what passed since the resume
            used_then = seen - started
            assert used_then <= exam.time_used(after) <= used_then + (after - before)
        window.finish_exam(show=False)
