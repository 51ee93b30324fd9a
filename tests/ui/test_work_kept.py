"""Nothing a trainee does is lost, through the window: a half-answered case left for another is offered on
Home ("Continue: … — 2 of 5 answered") and carries on at its next question with its answers, marks and
choice order, and counts once when finished, or is discarded; an exam paper left by closing the window is
offered on Home and resumes with its paper, answers and clock, or is handed in; one whose time ran out
while the application was closed is handed in on resume."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.content.library import Library
from app.store import Store
from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.clock import utc_now
from app.training.exam import Exam, ExamProfile
from app.training.exam_profiles import CLUB_QUICK
from app.training.practice import Mode
from app.ui.training.home_view import UNFINISHED_ROLE
from app.ui.training.report_dialog import ReportDialog
from app.ui.window.main_window import AREAS, MainWindow

CASE = "claim-with-a-finesse"
PAPER = ExamProfile(name="Kept paper", cases=2, minutes=30, quotas={})


def answer_current(window: MainWindow) -> None:
    """Answer the question on screen with something of the right kind, and mark it."""
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


def home_entries(window: MainWindow) -> list[str]:
    window.areas.setCurrentRow(AREAS.index("Home"))
    return [window.home.recent_list.item(r).text() for r in range(window.home.recent_list.count())]


def reopen(window: MainWindow, library: Library, store: Store, tmp_path: Path, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    """The application started again on the same progress (the old window is gone)."""
    again = MainWindow(library, QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat), store)
    qtbot.addWidget(again)
    again.resize(1024, 700)
    again.show()
    return again


def test_a_half_answered_case_is_offered_on_home_and_carries_on(window: MainWindow) -> None:
    window.open_case(CASE)
    panel = window.player.ruling
    orders = {}
    for _ in range(2):
        orders[panel.sitting.question.id] = panel.form.shown
        answer_current(window)
        panel.next_button.click()
    orders[panel.sitting.question.id] = panel.form.shown
    given, marks, seed = dict(panel.attempt.answers), dict(panel.attempt.marks), panel.attempt.seed
    window.open_case("bid-of-eight-spades")  # another case: the first stays as it was left
    case = window.library.case(CASE)
    assert home_entries(window)[0] == f"Continue: {case.title} — 2 of {len(case.questions)} answered"
    assert window.home.discard_button.isEnabled()

    window.home.continue_button.click()
    assert window.player.case is case and panel.attempt.seed == seed
    assert panel.attempt.answers == given and panel.attempt.marks == marks and panel.attempt.index == 2
    assert panel.form.shown == orders[panel.sitting.question.id]  # the order the trainee saw
    earlier = panel.feedback.toPlainText()
    assert "Carried on where you left off: 2 questions" in earlier
    assert all(mark.verdict in earlier for mark in marks.values())
    while panel.sitting.question is not None:
        answer_current(window)
        panel.next_button.click()
    store = window.store
    assert store.unfinished_attempts(window.profile) == []
    assert [a.case_id for a in store.recent_attempts(window.profile)] == [CASE]  # counted once
    assert not any(entry.startswith("Continue:") for entry in home_entries(window))


def test_a_half_answered_case_can_be_discarded(window: MainWindow) -> None:
    window.open_case(CASE)
    answer_current(window)
    home_entries(window)
    home = window.home
    home.recent_list.setCurrentRow(0)
    assert home.recent_list.currentItem().data(UNFINISHED_ROLE)
    home.discard_button.click()  # "Discard your answers so far?" is answered Yes
    assert window.store.unfinished_attempts(window.profile) == []
    assert home_entries(window)[0].startswith("No cases ruled on yet")
    window.open_case(CASE)
    assert window.player.ruling.attempt.answers == {}


def test_an_exam_left_by_closing_the_window_resumes_from_home(window: MainWindow, library: Library, store: Store,
                                                              tmp_path: Path, qtbot,  # type: ignore[no-untyped-def]
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    window.start_exam(PAPER)
    exam = window.exam
    assert exam is not None
    answer_current(window)
    window.player.ruling.next_button.click()
    where = (exam.current.case.id, exam.question.id, window.player.ruling.form.shown)
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Save))
    assert window.close()  # "Hand it in?" — Save keeps it for later
    monkeypatch.undo()

    again = reopen(window, library, store, tmp_path, qtbot)
    home = again.home
    assert home.exam_box.unfinished.isVisible()
    assert "Kept paper" in home.exam_box.unfinished_label.text() and "1 of" in home.exam_box.unfinished_label.text()
    assert "kept running" in home.exam_box.unfinished_label.text()
    home.exam_box.resume_button.click()
    resumed = again.exam
    assert resumed is not None and not resumed.is_finished
    assert [c.id for c in resumed.cases] == [c.id for c in exam.cases] and resumed.started_at == exam.started_at
    assert resumed.paused == timedelta(0)  # this paper's clock kept running while the window was closed
    assert [a.answers for a in resumed.attempts] == [a.answers for a in exam.attempts]
    assert (resumed.current.case.id, resumed.question.id, again.player.ruling.form.shown) == where
    assert "Time left 0:2" in again.player.timer_label.text()
    assert not again.home.exam_box.unfinished.isVisible()  # the paper on screen is not offered again
    again.finish_exam(show=False)
    assert store.unfinished_exam(again.profile) is None and len(store.exams(again.profile)) == 1


def test_a_paper_whose_time_ran_out_while_closed_is_handed_in(window: MainWindow) -> None:
    store, profile = window.store, window.profile
    cases = [window.library.case(CASE), window.library.case("bid-of-eight-spades")]
    exam = Exam(PAPER, cases, utc_now() - timedelta(hours=2), seed=3)
    first = exam.current.case.questions[0]
    exam.answer({"single": 0, "multi": frozenset({0}), "number": 0, "law": "70",
                 "order": tuple(range(len(first.items)))}[first.kind], exam.started_at)
    store.save_unfinished_exam(profile, exam, exam.started_at + timedelta(minutes=5))
    window.refresh_profile()
    assert "ran out while the application was closed" in window.home.exam_box.unfinished_label.text()
    window.home.exam_box.resume_button.click()
    assert window.exam is None and store.unfinished_exam(profile) is None
    [kept] = store.exams(profile)
    assert kept.timed_out
    assert "handed in with the answers given" in window.statusBar().currentMessage()
    assert any("Kept paper" in dialog.html for dialog in window.findChildren(ReportDialog))


def test_a_practice_papers_clock_stops_while_closed_and_one_can_hand_it_in(window: MainWindow) -> None:
    store, profile = window.store, window.profile
    paper = replace(CLUB_QUICK, cases=2, quotas={})
    cases = [window.library.case(CASE), window.library.case("bid-of-eight-spades")]
    started = utc_now() - timedelta(days=1)
    exam = Exam(paper, cases, started, seed=3)
    store.save_unfinished_exam(profile, exam, started + timedelta(minutes=10))  # closed ten minutes in
    window.refresh_profile()
    label = window.home.exam_box.unfinished_label.text()
    assert "0:20:" in label and "stopped" in label  # a day later, still twenty minutes left
    window.home.exam_box.hand_in_button.click()
    [kept] = store.exams(profile)
    assert not kept.timed_out and store.unfinished_exam(profile) is None


def test_a_new_paper_does_not_take_the_place_of_an_unfinished_one(window: MainWindow) -> None:
    store, profile = window.store, window.profile
    cases = [window.library.case(CASE), window.library.case("bid-of-eight-spades")]
    store.save_unfinished_exam(profile, Exam(PAPER, cases, utc_now(), seed=3), utc_now())
    window.refresh_profile()
    assert not window.home.exam_box.set_up.isVisible()  # Home offers only the unfinished one
    window.start_exam(replace(PAPER, name="Another"))
    assert window.exam is None and "unfinished exam comes first" in window.home.exam_box.exam_error.text()
    saved = store.unfinished_exam(profile)
    assert saved is not None and saved.profile.name == "Kept paper"


def test_a_resumed_case_is_recorded_for_what_it_was_begun(window: MainWindow) -> None:
    """Half-answered in a review session and carried on from Home, it is recorded as a review."""
    case = window.library.case(CASE)
    begun = Attempt(case)
    first = case.questions[0]
    begun.answer({"single": 0, "multi": frozenset({0}), "number": 0, "law": "70",
                  "order": tuple(range(len(first.items)))}[first.kind])
    window.store.save_unfinished_attempt(window.profile, begun, Mode.REVIEW)
    window.start_practice(CaseFilter(), 1)
    window.end_session()  # a session was on before: it does not decide what the kept case was for
    window.open_case(CASE)
    panel = window.player.ruling
    while panel.sitting.question is not None:
        answer_current(window)
        panel.next_button.click()
    [recorded] = window.store.recent_attempts(window.profile)
    assert recorded.mode == Mode.REVIEW


def test_an_open_paper_tells_the_store_now_and_then_that_it_is_open(window: MainWindow,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """If the program dies without warning, a practice paper's clock stops at the last moment the store
    heard the paper was open: the window says so every SEEN_EVERY seconds of the exam's timer."""
    from app.ui.window import work_keeping

    window.start_exam(replace(PAPER, clock_runs_while_closed=False))
    window.exam_timer.stop()  # the test gives the ticks itself
    first = window.store.unfinished_exam(window.profile)
    assert first is not None
    later = first.seen_at + timedelta(minutes=3)
    monkeypatch.setattr(work_keeping, "utc_now", lambda: later)
    ticks = 0
    while window.store.unfinished_exam(window.profile).seen_at == first.seen_at:
        window._tick()
        ticks += 1
        assert ticks <= work_keeping.SEEN_EVERY
    assert window.store.unfinished_exam(window.profile).seen_at == later
    monkeypatch.undo()
    window.finish_exam(show=False)
