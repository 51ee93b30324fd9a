"""The road to the exam through the window: a trainee sets the paper and the date on Home and gets a
plan that covers the paper by then; today's work starts at one click; readiness shows part by part;
Progress shows every law and topic and the mark week by week, each law and topic a click from
practising it, and the whole as a report saved to PDF."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from PySide6.QtCore import QDate, QPoint, Qt
from PySide6.QtWidgets import QApplication

from app.training.clock import utc_now
from app.training.exam_profiles import BUILT_IN_PROFILES, CLUB_LAWS
from app.training.practice import Mode
from app.training.study_plan import StudyPlan
from app.ui.training.report_dialog import ReportDialog
from app.ui.training.today_box import OWN_PAPER
from app.ui.window.main_window import AREAS, MainWindow
from tests.training.simulated_trainee import SimulatedTrainee


def history(window: MainWindow, cases: int, days: int = 21) -> None:
    """A trainee's practice over the last ``days`` days, recorded."""
    trainee = SimulatedTrainee("Sam", {}, {}, (0.4, 0.7), days, random.Random(11))
    start = utc_now() - timedelta(days=days)
    pool = CLUB_LAWS.case_filter().apply(window.library.cases)
    for n in range(cases):
        moment = start + timedelta(days=n * days / cases)
        attempt = trainee.attempt(pool[n % len(pool)], n * days / cases, moment)
        window.store.record_attempt(window.profile, attempt, Mode.PRACTICE, moment)
    window.refresh_profile()


def test_setting_an_exam_date_gives_a_plan_that_covers_the_paper_by_then(window: MainWindow) -> None:
    today = window.home.today
    assert today.form.isVisible() and "Preparing for an exam?" in today.headline.text()
    assert not today.start_button.isVisible()
    today.paper.setCurrentIndex(next(i for i, p in enumerate(BUILT_IN_PROFILES) if p == CLUB_LAWS))
    exam_day = date.today() + timedelta(days=20)
    today.exam_date.setDate(QDate(exam_day.year, exam_day.month, exam_day.day))
    today.set_button.click()
    assert window.store.study_plan(window.profile) == StudyPlan(CLUB_LAWS, exam_day)
    outlook = today.outlook
    assert outlook is not None and outlook.day is not None
    day = outlook.day
    ground = len(CLUB_LAWS.case_filter().apply(window.library.cases))
    assert day.ground == ground and day.tried == 0 and day.days_left == 20
    # every case of the paper, and a review each for a trainee with no history, over the twenty days
    assert day.needed_per_day * 20 >= 2 * ground and day.on_course and day.covered_by is not None
    assert day.covered_by < exam_day
    assert CLUB_LAWS.name in today.headline.text() and "20 days left" in today.headline.text()
    assert f"0 of the paper's {ground} cases tried" in today.pace.text()
    assert today.start_button.isVisible() and f"({day.per_day} cases)" in today.start_button.text()
    assert not today.form.isVisible()  # set: the form folds away behind "Change the plan…"
    rows = [today.parts.item(r, 0).text() for r in range(today.parts.rowCount())]
    assert rows == [window.library.topics[t] for t in sorted(CLUB_LAWS.quotas)] + ["The rest of the paper"]
    assert "pass mark is 65%" in today.estimate.text() and "too few answers to say" in today.estimate.text()

    today.start_button.click()  # today's work: a session of the planned cases
    session = window.session
    assert session is not None and [c.id for c in session.cases] == [c.id for c in day.cases]
    assert AREAS[window.areas.currentRow()] == "Case"


def test_a_trainee_with_history_sees_reviews_first_and_what_is_done_today(window: MainWindow) -> None:
    history(window, 30)
    window.set_plan(StudyPlan(CLUB_LAWS, date.today() + timedelta(days=10), cases_per_day=6))
    day = window.home.today.outlook.day
    assert day is not None and day.per_day == 6 and day.tried > 0
    due = {item.item.key for item in window.store.due_items(window.profile)}
    assert all(case.id in due or any(law.key in due for law in case.laws) for case in day.reviews)
    assert len(day.cases) == 6 and list(day.cases[:len(day.reviews)]) == list(day.reviews)
    first = day.cases[0]
    window.store.record_attempt(window.profile, SimulatedTrainee("Sam", {}, {}, (0.9, 0.9), 1).attempt(
        first, 1, utc_now()), Mode.PRACTICE)
    window.refresh_profile()  # as after any case answered in the window
    after = window.home.today.outlook.day
    assert after is not None and after.done_today == 1 and len(after.cases) == 5
    assert "1 case done today already" in window.home.today.work.text()
    assert "Readiness" in window.home.today.estimate.text() and "recent answer" in window.home.today.estimate.text()


def test_the_plan_can_be_for_the_trainees_own_paper_and_removed(window: MainWindow) -> None:
    box, today = window.home.exam_box, window.home.today
    box.exam_profile.setCurrentIndex(BUILT_IN_PROFILES.index(CLUB_LAWS))
    box.exam_cases.setValue(15)
    box.exam_pass.setValue(70)
    today.paper.setCurrentText(OWN_PAPER)
    today.set_button.click()
    plan = window.store.study_plan(window.profile)
    assert plan is not None and plan.paper.cases == 15 and plan.paper.pass_mark == 0.7
    assert plan.paper.name == f"{CLUB_LAWS.name} (custom)"
    assert "pass mark is 70%" in today.estimate.text()
    today.change_button.click()
    today.clear_button.click()
    assert window.store.study_plan(window.profile) is None and "Preparing for an exam?" in today.headline.text()


def test_an_unfinished_exam_is_offered_at_the_top_of_continue(window: MainWindow) -> None:
    window.start_exam(BUILT_IN_PROFILES[0])
    window.keep_exam()
    window.exam = None  # as after closing the window with the paper kept
    window.exam_timer.stop()
    window.seal.apply(frozenset())
    window.areas.setCurrentRow(AREAS.index("Home"))
    home = window.home
    entry = home.recent_list.item(0)
    assert entry.text().startswith(f"Unfinished exam: {BUILT_IN_PROFILES[0].name}")
    home.recent_list.setCurrentRow(0)
    assert home.continue_button.isEnabled() and not home.discard_button.isEnabled()
    home.continue_button.click()
    assert window.exam is not None and AREAS[window.areas.currentRow()] == "Case"
    window.finish_exam(show=False)


def test_progress_shows_every_law_and_topic_and_practises_one_at_a_click(window: MainWindow) -> None:
    history(window, 24)
    window.areas.setCurrentRow(AREAS.index("Progress"))
    QApplication.processEvents()
    progress = window.progress
    laws = progress.laws.laws
    assert [law.key for law in laws] == [str(n) for n in range(1, 94)]
    tried = [law for law in laws if law.tried]
    assert tried and len(tried) < 93 and any(not law.in_library for law in laws)  # law 88 has no case yet
    assert len(progress.by_topic.rows) == len(window.library.topics)
    assert any(value is None for _, value, _ in progress.by_topic.rows)  # a topic never touched is listed
    weeks = progress.by_week.weeks
    assert len(weeks) >= 3 and sum(count for *_, count in weeks) == len(window.store.answer_history(window.profile))
    assert "laws" in progress.summary.text() and "topics practised" in progress.summary.text()

    never = next(law for law in laws if law.in_library and not law.tried)
    centre = progress.laws.tile(laws.index(never)).center().toPoint()
    progress.laws.setFocus()
    from PySide6.QtTest import QTest

    QTest.mouseClick(progress.laws, Qt.MouseButton.LeftButton, pos=centre)
    session = window.session
    assert session is not None and session.cases
    assert all(any(ref.law == int(never.key) for ref in case.laws) for case in session.cases)
    window.end_session()

    window.areas.setCurrentRow(AREAS.index("Progress"))
    uncovered = next(law for law in laws if not law.in_library)
    progress.laws.current = laws.index(uncovered)
    QTest.keyClick(progress.laws, Qt.Key.Key_Return)
    assert AREAS[window.areas.currentRow()] == "Library" and window.library_view.current_key == uncovered.key

    window.areas.setCurrentRow(AREAS.index("Progress"))
    row = next(i for i, (_, value, _) in enumerate(progress.by_topic.rows) if value is not None)
    QTest.mouseClick(progress.by_topic, Qt.MouseButton.LeftButton, pos=QPoint(30, 4 + row * 26 + 13))
    topic = progress.topic_keys[row]
    assert window.session is not None and all(topic in case.topics for case in window.session.cases)
    window.end_session()


def test_the_progress_report_is_saved_as_pdf(window: MainWindow, tmp_path: Path) -> None:
    history(window, 12)
    window.set_plan(StudyPlan(CLUB_LAWS, date.today() + timedelta(days=30)))
    window.areas.setCurrentRow(AREAS.index("Progress"))
    window.progress.report_button.click()
    dialog = window.findChildren(ReportDialog)[-1]
    assert "Every law" in dialog.html and "Every topic" in dialog.html and "Law 64" in dialog.html
    assert "Recall on the day" in dialog.html and CLUB_LAWS.name in dialog.html
    dialog.save(tmp_path / "progress.pdf")
    assert (tmp_path / "progress.pdf").read_bytes().startswith(b"%PDF")
    dialog.close()
