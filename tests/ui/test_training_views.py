"""Practice, review, exams, profiles, bookmarks, notes and the classroom, driven through the window."""

from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.content.library import load_library
from app.store import Role, Store
from app.training.case_filter import CaseFilter
from app.training.clock import utc_now
from app.training.exam import ExamProfile
from app.training.exam_seal import Sealed
from app.ui.training.report_dialog import ReportDialog
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library():
    return load_library(ROOT / "content", case_paths=[Path(__file__).parent / "fixtures", ROOT / "content" / "cases"])


@pytest.fixture
def window(qtbot, library, tmp_path):  # type: ignore[no-untyped-def]
    with Store.open(str(tmp_path / "progress.sqlite3")) as store:
        win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), store)
        qtbot.addWidget(win)
        win.show()
        yield win
        for dialog in win.findChildren(ReportDialog):
            dialog.close()


def _answer_all_wrongly(window: MainWindow) -> None:
    """Give the first choice, a wrong number or law, until the case is done."""
    panel = window.player.ruling
    while panel.sitting is not None and panel.sitting.question is not None:
        question = panel.sitting.question
        form = panel.form
        if question.kind == "single":
            form.group.button(next(i for i, c in enumerate(question.choices) if not c.correct)).setChecked(True)
        elif question.kind == "number":
            form.line.setText("-1")
        elif question.kind == "law":
            form.law_box.setCurrentText("1")
        panel.submit.click()
        panel.next_button.click()


def test_practice_session_runs_cases_saves_results_and_reports(window: MainWindow) -> None:
    window.start_practice(CaseFilter(law=None, topics=frozenset({"revoke"})), 2)
    assert AREAS[window.areas.currentRow()] == "Case"
    assert window.player.session_bar.isVisible()
    assert "Practice: case 1 of 2" in window.player.session_label.text()
    _answer_all_wrongly(window)
    assert window.player.next_case_button.isEnabled()
    window.player.next_case_button.click()
    assert "case 2 of 2" in window.player.session_label.text()
    _answer_all_wrongly(window)
    assert window.player.end_button.text() == "Finish and see the report"
    window.player.end_button.click()
    reports = window.findChildren(ReportDialog)
    assert reports and "Practice session" in reports[-1].html
    assert len(window.store.last_results(window.profile)) == 2


def test_missed_cases_and_their_laws_come_back_for_review(window: MainWindow) -> None:
    window.open_case("revoke-all-kinds")
    _answer_all_wrongly(window)
    later = utc_now() + timedelta(days=3)
    due = {(d.item.kind.value, d.item.key) for d in window.store.due_items(window.profile, later)}
    assert ("case", "revoke-all-kinds") in due
    assert ("law", "64A1") in due


def test_practice_with_nothing_matching_says_so(window: MainWindow) -> None:
    # a difficulty range with nothing in it: a filter that cannot match however the library grows
    window.start_practice(CaseFilter(min_difficulty=5, max_difficulty=4), 3)
    assert "No case matches" in window.home.practice_error.text()


def test_closed_book_exam_locks_the_library_times_out_and_reports(window: MainWindow) -> None:
    paper = ExamProfile(name="Test paper", cases=2, minutes=5, open_book=False, quotas={"revoke": 1})
    window.start_exam(paper)
    assert window.exam is not None and Sealed.LAW_LIBRARY in window.seal.sealed
    assert not window.player.law_box.isVisible()
    assert "Time left 0:0" in window.player.timer_label.text()
    window.areas.setCurrentRow(AREAS.index("Library"))
    assert AREAS[window.areas.currentRow()] == "Case"  # the library stays closed
    panel = window.player.ruling
    first = panel.sitting.question
    if first.kind == "single":
        panel.form.group.button(0).setChecked(True)
    elif first.kind == "number":
        panel.form.line.setText("1")
    elif first.kind == "law":
        panel.form.law_box.setCurrentText("64")
    panel.submit.click()
    assert "Marks come with the report" in panel.feedback.toPlainText()  # no feedback in an exam
    window.open_case("revoke-all-kinds")
    assert "hand it in" in window.statusBar().currentMessage()
    window.exam.started_at -= timedelta(minutes=10)  # the clock runs out
    window._tick()
    assert window.exam is None
    assert AREAS[window.areas.currentRow()] == "Progress"
    report = window.findChildren(ReportDialog)[-1]
    assert "Test paper" in report.html
    assert window.progress.exams.count() == 1
    window.areas.setCurrentRow(AREAS.index("Library"))
    assert AREAS[window.areas.currentRow()] == "Library"  # open again after the exam


def test_an_impossible_paper_is_explained(window: MainWindow) -> None:
    window.start_exam(ExamProfile(name="Huge", cases=500, minutes=10))
    assert "needs 500 cases" in window.home.exam_box.exam_error.text()


def test_report_exports_to_html_and_pdf(window: MainWindow, tmp_path: Path) -> None:
    dialog = ReportDialog("R", "<h1>Report</h1><p>Score: 5 of 8</p>", window)
    dialog.save(tmp_path / "r.html")
    dialog.save(tmp_path / "r.pdf")
    assert "Score: 5 of 8" in (tmp_path / "r.html").read_text()
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")


def test_profiles_bookmarks_and_notes_are_per_trainee(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    first = window.profile
    window.show_law("64A1")
    view = window.library_view
    view.bookmark_button.click()
    assert view.bookmark_list.count() == 1
    view.notes.setPlainText("Check who won the revoke trick.")
    view.notes.document().setModified(True)
    view.save_note()
    assert window.store.note_for(first, "64A1") == "Check who won the revoke trick."
    second = window.store.add_profile("Second", Role.TRAINEE)
    window.choose_profile(second.name)
    assert window.profile == second and window.home.greeting.text() == "Welcome, Second"
    assert view.bookmark_list.count() == 0 and view.notes.toPlainText() == ""
    window.choose_profile(first.name)
    assert view.bookmark_list.count() == 1
    assert view.notes.toPlainText() == "Check who won the revoke trick."


def test_classroom_view_is_for_instructors(window: MainWindow) -> None:
    classroom_item = window.areas.item(AREAS.index("Classroom"))
    assert classroom_item.isHidden()
    window.open_case("revoke-all-kinds")
    _answer_all_wrongly(window)
    teacher = window.store.add_profile("Teacher", Role.INSTRUCTOR)
    window.choose_profile(teacher.name)
    assert not classroom_item.isHidden()
    assert window.classroom.by_case.rowCount() == 1
    assert "1 trainee" in window.classroom.note.text()


def test_progress_view_charts_results(window: MainWindow) -> None:
    window.open_case("revoke-all-kinds")
    _answer_all_wrongly(window)
    assert any(value is not None for _, value, _ in window.progress.by_topic.rows)
    assert any(law.tried for law in window.progress.laws.laws)
    assert window.progress.recent.count() == 1
    QApplication.processEvents()
