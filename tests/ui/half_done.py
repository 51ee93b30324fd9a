"""A separate process for the kill test: the application's main window on a progress database, driven
as a trainee would to answer part of a case and then part of an exam, after which it prints what was on
screen (as one JSON line) and waits in Qt's event loop to be killed.

Usage: python half_done.py DATABASE SETTINGS_FILE runs|stops   (the exam clock while the program is closed)

The exam's timer is stopped before the line is printed, so that the store holds exactly the state
printed: the paper's last moment seen open is that of the last answer.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.content.library import load_library  # noqa: E402
from app.store import Store  # noqa: E402
from app.training.answer_codec import answer_to_json  # noqa: E402
from app.training.exam import ExamProfile  # noqa: E402
from app.ui.window.main_window import MainWindow  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def answer_current(window: MainWindow) -> None:
    """Answer the question on screen with something of its kind, and mark it (which saves it)."""
    panel = window.player.ruling
    question, form = panel.sitting.question, panel.form
    if question.kind == "single":
        form.group.button(form.shown[0]).setChecked(True)
    elif question.kind == "multi":
        form.boxes[0].setChecked(True)
    elif question.kind == "number":
        form.line.setText("0")
    elif question.kind == "law":
        form.law_box.setCurrentText("70")
    panel.submit.click()


def on_screen(window: MainWindow) -> dict[str, object]:
    """The question on screen, the order its choices are shown in, and the answers given so far."""
    panel = window.player.ruling
    attempt = panel.attempt
    return {"question": panel.sitting.question.id, "shown": list(panel.form.shown),
            "answers": {key: answer_to_json(value) for key, value in attempt.answers.items()}, "seed": attempt.seed}


def answer_until_a_choice_question(window: MainWindow) -> None:
    """Answer at least one question, and on until the one on screen has choices to show in an order."""
    panel = window.player.ruling
    while True:
        answer_current(window)
        panel.next_button.click()
        if panel.sitting.question.choices:
            return


def main(database: str, settings: str, clock: str) -> None:
    app = QApplication([])
    store = Store.open(database)
    library = load_library(ROOT / "content")
    window = MainWindow(library, QSettings(settings, QSettings.Format.IniFormat), store)
    window.show()
    # a case whose second question has choices, so that their order on screen can be compared
    chosen = next(c for c in sorted(library.cases, key=lambda c: c.id)
                  if len(c.questions) > 2 and len(c.questions[1].choices) > 2 and c.edition == "wbf-2017")
    window.open_case(chosen.id)
    answer_until_a_choice_question(window)
    case = {**on_screen(window), "id": chosen.id}
    paper = ExamProfile("Killed paper", cases=2, minutes=30, quotas={}, clock_runs_while_closed=clock == "runs")
    window.start_exam(paper)  # the case stays half-answered
    exam = window.exam
    assert exam is not None
    answer_until_a_choice_question(window)
    window.exam_timer.stop()
    saved = store.unfinished_exam(window.profile)
    assert saved is not None
    state = {"case": case, "exam": {**on_screen(window), "cases": [c.id for c in exam.cases],
                                     "started_at": exam.started_at.isoformat(), "seen_at": saved.seen_at.isoformat(),
                                     "all_answers": [{k: answer_to_json(v) for k, v in a.answers.items()}
                                                     for a in exam.attempts]}}
    print(json.dumps(state), flush=True)
    app.exec()


if __name__ == "__main__":
    main(*sys.argv[1:4])
