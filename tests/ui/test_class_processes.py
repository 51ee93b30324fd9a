"""End to end, as in a classroom: a presenter's window and three trainees' applications, each its own
process with its own login on the class's PostgreSQL database. The trainees join with the code,
answer the questions the presenter reveals (one skips a question), see their marks at the reveal;
the presenter sees every answer arrive and the room's answers; the session ends on every screen and
each trainee's progress holds the case, marked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from class_server import ClassServer
from PySide6.QtCore import QSettings, Qt

from app.content.cases.model import Case
from app.content.library import Library
from app.store import Store
from app.training.answer_codec import answer_to_json
from app.training.clock import utc_now
from app.training.live import live_attempt
from app.training.marking import Answer, mark
from app.training.presentation import StepKind
from app.ui.common import operations
from app.ui.window.main_window import MainWindow

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
TRAINEE = Path(__file__).with_name("live_trainee.py")
CASE = "bid-of-eight-spades"
WAIT_MS = 90_000


def plans(case: Case) -> dict[str, dict[str, Answer]]:
    """What each trainee answers: Ann the model answers, Bob a wrong choice and the right law but the
    wrong section, Cat skips the law question and ticks one right choice too few."""
    single, law, multi, number = case.questions
    right = next(i for i, c in enumerate(single.choices) if c.correct)
    wrong = next(i for i, c in enumerate(single.choices) if not c.correct)
    ticks = frozenset(i for i, c in enumerate(multi.choices) if c.correct)
    other_section = f"{law.answer.law}{'A' if law.answer.section != 'A' else 'B'}"
    return {
        "Ann": {single.id: right, law.id: law.answer.key, multi.id: ticks, number.id: number.answer},
        "Bob": {single.id: wrong, law.id: other_section, multi.id: ticks, number.id: number.answer + 1},
        "Cat": {single.id: right, multi.id: frozenset(sorted(ticks)[1:]) or ticks, number.id: number.answer},
    }


def test_a_presenter_and_three_trainees_run_a_session_end_to_end(qtbot, library: Library, tmp_path,  # type: ignore[no-untyped-def]
                                                                  class_server: ClassServer) -> None:
    case = library.case(CASE)
    assert case is not None and [q.kind for q in case.questions] == ["single", "law", "multi", "number"]
    wanted = plans(case)
    assert mark(case.questions[1], wanted["Bob"][case.questions[1].id]).fraction == 0.5
    _ivy, ivy_url = class_server.add("Ivy", instructor=True)
    urls = {name: class_server.add(name)[1] for name in wanted}

    ivy = MainWindow(library, QSettings(str(tmp_path / "ivy.ini"), QSettings.Format.IniFormat), Store.open(ivy_url))
    qtbot.addWidget(ivy)
    ivy.resize(1024, 700)
    ivy.show()
    ivy.open_case(CASE)
    ivy.present()
    presenter = ivy.presenter
    assert presenter is not None
    qtbot.keyClick(presenter.room, Qt.Key.Key_S)
    qtbot.waitUntil(lambda: presenter.live is not None and presenter.live.state is not None, timeout=WAIT_MS)
    live = presenter.live
    assert live is not None and live.state is not None

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "QT_QPA_PLATFORM": "offscreen"}
    trainees = {name: subprocess.Popen(
        [sys.executable, str(TRAINEE), urls[name], live.state.code,
         json.dumps({question: answer_to_json(answer) for question, answer in plan.items()})],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
        for name, plan in wanted.items()}
    seen: dict[str, list[dict]] = {name: [] for name in trainees}  # type: ignore[type-arg]

    def read(name: str) -> None:
        stream = trainees[name].stdout
        assert stream is not None
        for line in stream:
            if line.startswith("{"):
                seen[name].append(json.loads(line))

    readers = [threading.Thread(target=read, args=(name,), daemon=True) for name in trainees]
    for reader in readers:
        reader.start()

    def marked(name: str, question_id: str) -> bool:
        return any(e["event"] == "mark" and e["question"] == question_id for e in seen[name])

    try:
        qtbot.waitUntil(lambda: live.room.present == ("Ann", "Bob", "Cat"), timeout=WAIT_MS)
        for number, question in enumerate(case.questions, start=1):
            model = presenter.presentation
            while not (model.step.kind is StepKind.QUESTION and model.step.number == number):
                qtbot.keyClick(presenter.room, Qt.Key.Key_Right)
            expected = {name: plan[question.id] for name, plan in wanted.items() if question.id in plan}
            count = len(expected)
            qtbot.waitUntil(lambda n=count: live.answered() == n, timeout=WAIT_MS)
            assert live.room.question_id == question.id
            assert dict(live.room.answers) == expected
            assert live.room_answers() is None  # nothing of the room's answers before the reveal
            qtbot.keyClick(presenter.room, Qt.Key.Key_Right)  # the answer
            shown = live.room_answers()
            assert shown is not None and shown.answered == len(expected) and shown.unreadable == 0
            assert sum(bar.count for bar in shown.bars) == (
                sum(len(a) for a in expected.values()) if question.kind == "multi" else len(expected))
            fractions = [mark(question, answer).fraction for answer in expected.values()]
            assert (shown.right, shown.wrong) == (sum(f >= 1 for f in fractions), sum(f <= 0 for f in fractions))
            # every trainee's screen follows to the reveal: a mark, or the model answer for one who did not answer
            qtbot.waitUntil(lambda q=question.id: all(marked(n, q) for n in trainees), timeout=WAIT_MS)
        qtbot.keyClick(presenter.room, Qt.Key.Key_Escape)  # the presenter closes the session
        for process in trainees.values():
            process.wait(timeout=WAIT_MS / 1000)
        for reader in readers:
            reader.join(10)
    finally:
        for process in trainees.values():
            if process.poll() is None:
                process.kill()
    for name, process in trainees.items():
        assert process.returncode == 0, f"{name}: {process.stderr.read()[-2000:] if process.stderr else ''}"
        events = seen[name]
        plan = wanted[name]
        assert [e["question"] for e in events if e["event"] == "answered"] == [q.id for q in case.questions
                                                                             if q.id in plan]
        marks = {e["question"]: e["text"] for e in events if e["event"] == "mark"}
        assert set(marks) == {q.id for q in case.questions}
        for question in case.questions:
            if question.id in plan:
                result = mark(question, plan[question.id])
                assert marks[question.id].startswith(f"{result.verdict} — {result.points:g} of")
            else:
                assert marks[question.id].startswith("Model answer")
        expected_attempt = live_attempt(case, presenter.presentation.seed, plan, utc_now(), utc_now())
        assert expected_attempt is not None
        [done] = [e for e in events if e["event"] == "done"]
        assert done["attempts"] == [[CASE, pytest.approx(expected_attempt.score)]]
        assert "The session is over" in done["summary"]
    with Store.open(class_server.owner_url) as owner:
        progress = {p.name: owner.recent_attempts(p) for p in owner.profiles()}
    assert {name: [(a.case_id, a.mode.value) for a in attempts] for name, attempts in progress.items()} == {
        "Ann": [(CASE, "practice")], "Bob": [(CASE, "practice")], "Cat": [(CASE, "practice")], "Ivy": []}
    operations.wait_for_work(10_000)
    ivy._store.close()  # type: ignore[union-attr]
