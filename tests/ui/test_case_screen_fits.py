"""The case screen fits the window: at 1024×700 every question of every case in the library
shows whole, with its Mark button, without scrolling; at 1920×1080 too, order buttons included."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from app.content.library import load_library
from app.ui.window.main_window import MainWindow
from tests.ui.fits import make_window
from tests.ui.test_case_screen import answer_something

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library():
    return load_library(ROOT / "content")


def on_screen(window: MainWindow, widget: QWidget) -> bool:
    """Whether the whole widget is shown inside the window's visible area (above the status bar)."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(window, QPoint(0, 0))
    area = QRect(0, 0, window.width(), window.height() - window.statusBar().height())
    return area.contains(QRect(top_left, widget.size()))


def test_every_question_of_every_case_fits_1024_by_700(qtbot, library, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, library, tmp_path, 1024, 700)
    panel = window.player.ruling
    asked = 0
    for case in library.cases:
        window.open_case(case.id)
        for step in range(window.player.limit + 1):  # every step of the timeline keeps to the screen's width
            window.player.slider.setValue(step)
            assert window.minimumSizeHint().width() <= 1024, (case.id, step, window.player.step_label.text())
        while panel.sitting.question is not None:
            QApplication.processEvents()
            where = f"{case.id}/{panel.sitting.question.id}"
            assert window.width() == 1024 and window.height() == 700
            assert panel.question_area.verticalScrollBar().maximum() == 0, where  # nothing to scroll to
            assert on_screen(window, panel.ask) and on_screen(window, panel.form), where
            assert on_screen(window, panel.submit), where
            order = panel.form.order
            if order is not None:  # every item shows, none cut off at the bottom of the list
                last = order.visualItemRect(order.item(order.count() - 1))
                assert last.bottom() < order.viewport().height(), where
            asked += 1
            answer_something(panel)
            panel.mark_current()
            assert on_screen(window, panel.next_button), where
            panel.next_question()
    assert asked == sum(len(case.questions) for case in library.cases) > 100


def test_order_question_buttons_show_at_1920_by_1080(qtbot, library, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, library, tmp_path, 1920, 1080)
    panel = window.player.ruling
    for case in library.cases:
        if not any(q.kind == "order" for q in case.questions):
            continue
        window.open_case(case.id)
        while panel.sitting.question.kind != "order":
            answer_something(panel)
            panel.mark_current()
            panel.next_question()
        QApplication.processEvents()
        order = panel.form.order
        assert all(on_screen(window, button) for button in panel.form.move_buttons), case.id
        assert on_screen(window, panel.submit) and on_screen(window, order), case.id
        assert order.verticalScrollBar().maximum() == 0, case.id  # every item shows
        assert order.visualItemRect(order.item(order.count() - 1)).bottom() < order.viewport().height(), case.id


def test_table_text_is_at_least_10_points_at_1024_by_700_and_the_drawing_fills_the_table(  # type: ignore[no-untyped-def]
        qtbot, library, tmp_path) -> None:
    window = make_window(qtbot, library, tmp_path, 1024, 700)
    window.open_case("claim-with-a-finesse")  # an auction, six quitted tricks, the director called
    table = window.player.table
    table.grab()  # paint it
    for kind in ("auction", "seat labels", "quitted tricks", "legend"):
        assert table.points[kind] >= 10.0, (kind, table.points)
    text = window.font().pointSizeF()
    assert table.points["hands"] >= text - 0.01  # the hands as large as the text around them
    for kind in ("hand titles", "compass"):  # the felt's words in proportion to them
        assert table.points[kind] >= 0.85 * text, (kind, table.points)
    assert table.drawn.width() >= 0.95 * table.width() and table.drawn.height() >= 0.95 * table.height()


def test_an_exam_never_widens_the_window_past_a_1024_screen(qtbot, library, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from app.training.exam_profiles import BUILT_IN_PROFILES

    window = make_window(qtbot, library, tmp_path, 1024, 700)
    longest = max(BUILT_IN_PROFILES, key=lambda p: len(p.name))
    window.start_exam(replace(longest, cases=2, quotas={}))
    QApplication.processEvents()
    assert window.width() <= 1024 and window.minimumSizeHint().width() <= 1024
    player = window.player
    assert on_screen(window, player.end_button) and on_screen(window, player.timer_label)
    assert longest.name in player.session_label.text()
    window.finish_exam(show=False)
