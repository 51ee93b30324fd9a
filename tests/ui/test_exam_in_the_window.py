"""An exam in the window at 1024×700: an answer changed before moving on, a case left and come back to
with Back, a flag, the paper's overview (which never shows a question not yet reached), the end of the
paper with work open, the report with the answer given and why in the computer's own time, its buttons
on the screen, and the paper resumed on the question it was left on with its flags."""

from __future__ import annotations

import html
import time

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from app.training.clock import utc_now
from app.training.exam import Exam, ExamProfile
from app.training.exam_overview import QuestionState, paper_overview
from app.ui.case.exam_overview_dialog import ExamOverviewDialog
from app.ui.training.report_dialog import ReportDialog
from app.ui.window.main_window import MainWindow
from tests.ui.test_case_screen import answer_something

PAPER = ExamProfile(name="Moves paper", cases=2, minutes=60, quotas={})


def test_back_flag_overview_and_a_changed_answer(window: MainWindow) -> None:
    window.start_exam(PAPER)
    exam, panel = window.exam, window.player.ruling
    assert exam is not None and panel.exam.row.isVisible() and not panel.exam.back_button.isEnabled()
    first_case = exam.cases[0]
    answer_something(panel)
    panel.submit.click()
    assert panel.submit.text() == "Change my answer" and panel.form.isEnabled()  # no mark shown, still open
    question = panel.sitting.question
    panel.exam.flag_button.click()
    assert exam.flags == {(first_case.id, question.id)} and "flagged" in panel.progress.text()
    saved = window.store.unfinished_exam(window.profile)
    assert saved is not None and saved.flags == {(first_case.id, question.id)}  # kept at once
    panel.exam.overview_button.click()
    dialog = window.findChildren(ExamOverviewDialog)[-1]
    shown = " ".join(dialog.tree.topLevelItem(i).child(j).text(0) for i in range(dialog.tree.topLevelItemCount())
                     for j in range(dialog.tree.topLevelItem(i).childCount()))
    for later in first_case.questions[1:]:
        assert later.ask not in shown  # a later question may name an earlier answer: not shown yet
    assert "(not yet shown)" in shown
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1))
    dialog.go_button.click()  # to the second case, leaving the first's question open
    assert exam.position == 1 and window.player.case is exam.cases[1]
    assert panel.exam.back_button.isEnabled()
    panel.exam.back_button.click()
    assert exam.position == 0 and panel.sitting.question is question and window.player.case is first_case
    assert panel.form.answer() == exam.attempts[0].answers[question.id]  # the answer put back in the form
    assert paper_overview(exam)[0].questions[0].state is QuestionState.OPEN
    window.finish_exam(show=False)


def test_the_end_of_the_paper_with_work_open_shows_what_is_left(window: MainWindow) -> None:
    window.start_exam(PAPER)
    exam, panel = window.exam, window.player.ruling
    assert exam is not None
    panel.next_button.click()  # "Skip for now": the first case left
    assert exam.position == 1
    while exam.position == 1 and panel.sitting.question is not None:
        answer_something(panel)
        panel.submit.click()
        panel.next_button.click()
    assert not exam.is_finished and exam.reached_end and exam.position == 0
    dialog = window.findChildren(ExamOverviewDialog)[-1]
    assert dialog.isVisible() and "end of the paper" in dialog.message.text()
    dialog.hand_in_button.click()  # hand in from the overview (the test answers Yes)
    assert window.exam is None


def test_the_report_gives_the_answer_and_why_in_local_time_with_its_buttons_on_the_screen(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TZ", "Pacific/Auckland")  # a zone away from UTC, where the store keeps time
    time.tzset()
    # A paper drawn with a seed of its own, so that the run does not depend on what earlier tests
    # took from the shared random generator.
    window.sit_exam(Exam.start(PAPER, window.library.cases, utc_now(), seed=7))
    exam, panel = window.exam, window.player.ruling
    assert exam is not None
    case = exam.cases[0]
    # Every question of the first case, so that its choices' reasons are in the report (a law
    # question alone may carry none: the test then depended on which paper was drawn).
    while exam.position == 0 and panel.sitting.question is not None:
        answer_something(panel)
        qtbot.waitUntil(panel.submit.isEnabled, timeout=10000)
        panel.submit.click()
        panel.next_button.click()
    assert exam.attempts[0].marks, "the answers were not kept"
    window.finish_exam()
    report = window.findChildren(ReportDialog)[-1]
    QApplication.processEvents()
    local = exam.started_at.astimezone()
    assert "Your answer" in report.html and "why:" in report.html
    assert f"Sat {local:%Y-%m-%d %H:%M} NZ" in report.html and " UTC" not in report.html
    monkeypatch.undo()
    time.tzset()
    area = report.screen().availableGeometry()
    assert report.width() <= area.width() and report.height() <= area.height()
    buttons = report.findChildren(QPushButton)
    assert {b.text() for b in buttons} >= {"Close", "Save as HTML…", "Save as PDF…"}
    for button in buttons:  # below the report, inside the dialog, so on the screen
        assert report.rect().contains(button.geometry().translated(button.parentWidget().mapTo(report, button.pos())
                                                                   - button.pos()))
    assert html.escape(case.title) in report.html


def test_a_resumed_paper_comes_back_on_its_question_with_the_answer_open(window: MainWindow) -> None:
    window.start_exam(PAPER)
    exam, panel = window.exam, window.player.ruling
    assert exam is not None
    answer_something(panel)
    panel.submit.click()
    panel.exam.flag_button.click()
    given = panel.form.answer()
    window.exam_timer.stop()
    window.exam = None  # the window closed without handing in (the paper is in the store)
    window.seal.apply(frozenset())
    window.resume_saved_exam()
    again = window.exam
    assert again is not None and again.position == 0 and again.flagged
    assert panel.submit.text() == "Change my answer" and panel.form.answer() == given
    window.finish_exam(show=False)
