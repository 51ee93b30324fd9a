"""One trainee's computer in the end-to-end class session test: the real application, started as a
trainee starts it (``director-trainer --db URL`` with their own login), driven through its menus —
File › Join class session…, the code typed, each question answered in the session's window as the
plan says, the mark read when the presenter reveals it — and printing what it saw as JSON lines.

Usage: python live_trainee.py DATABASE_URL CODE PLAN   (PLAN: JSON {question id: answer as stored})
"""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.training.answer_codec import answer_from_json  # noqa: E402
from app.ui.app import create_main_window  # noqa: E402
from app.ui.classroom.live_seat import Stage  # noqa: E402
from app.ui.common.operations import wait_for_work  # noqa: E402

SECONDS = 120


def say(event: str, **details: object) -> None:
    print(json.dumps({"event": event, **details}), flush=True)


def fill(form, answer) -> None:  # type: ignore[no-untyped-def]
    """Put ``answer`` into the session window's form as a trainee would: click, tick or type."""
    kind = form.question.kind
    if kind == "single":
        form.group.button(answer).click()
    elif kind == "multi":
        for index, box in zip(form.shown, form.boxes, strict=True):
            box.setChecked(index in answer)
    elif kind == "number":
        form.line.setText(str(answer))
    elif kind == "law":
        form.law_box.setCurrentText(answer)


def main(url: str, code: str, plan: dict[str, object]) -> int:
    app = QApplication(sys.argv[:1])
    window = create_main_window(db=url)
    window.show()
    deadline = time.monotonic() + SECONDS

    def until(done) -> bool:  # type: ignore[no-untyped-def]
        while not done():
            if time.monotonic() > deadline:
                return False
            app.processEvents()
            time.sleep(0.01)
        return True

    if not until(lambda: window.store_opener.done):
        say("failed", why="the store did not open")
        return 1
    window.join_action.trigger()
    assert window.join_dialog is not None
    window.join_dialog.setTextValue(code)
    window.join_dialog.accept()
    if not until(lambda: window.live_window is not None):
        say("failed", why="could not join")
        return 1
    live = window.live_window
    seat = live.seat
    say("joined", profile=window.profile.name)
    answered: set[str] = set()
    marked: set[str] = set()
    while seat.stage is not Stage.DONE:
        if not until(lambda: seat.stage is Stage.DONE or live.form is not None):
            break
        question = seat.trainee.question if seat.trainee is not None else None
        if question is not None and live.send.isVisible() and question.id in plan and question.id not in answered:
            fill(live.form, answer_from_json(plan[question.id]))
            live.send.click()
            answered.add(question.id)
            say("answered", question=question.id)
        if question is not None and live.feedback.isVisible() and question.id not in marked:
            marked.add(question.id)
            say("mark", question=question.id, text=live.feedback.toPlainText().splitlines()[0])
        if time.monotonic() > deadline:
            say("failed", why="the session did not end")
            return 1
        app.processEvents()
        time.sleep(0.01)
    attempts = window.store.recent_attempts(window.profile)
    say("done", summary=live.waiting.text(), attempts=[[a.case_id, a.score] for a in attempts])
    window.close()
    wait_for_work()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3])))
