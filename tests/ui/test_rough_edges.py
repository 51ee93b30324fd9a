"""The window's rough edges, each rendered at 1024×700 as a trainee on a laptop sees it: the case editor
fits, Progress's lists show whole titles without scrolling sideways, status messages go when they stop
being true, Home spends its first screen on today, the table at a director call after the last trick
shows the deal, and the area list reads as a desktop application's navigation in both themes."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QListWidget, QMessageBox, QWidget

from app.bridge.seats import SEATS
from app.training.clock import utc_now
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.practice import Mode
from app.training.study_plan import StudyPlan
from app.ui.common import operations
from app.ui.editor.case_editor import CaseEditor, Unsaved
from app.ui.editor.case_menu import BoardPicker
from app.ui.window.area_list import ICON_SIZE
from app.ui.window.main_window import AREAS, MainWindow
from tests.training.simulated_trainee import SimulatedTrainee

PAPER = replace(BUILT_IN_PROFILES[1], cases=2, quotas={})
LAST_TRICK_CASE = "revoke-trick-won-in-dummy"  # the director is called once all thirteen tricks are played


def inside(outer: QWidget, widget: QWidget) -> bool:
    """Whether the whole of ``widget`` lies within ``outer``'s rectangle."""
    corner = widget.mapTo(outer, QPoint(0, 0))
    return QRect(0, 0, outer.width(), outer.height()).contains(QRect(corner, widget.size()))


def sideways(parent: QWidget) -> list[str]:
    """The visible scrolling views under ``parent`` that scroll sideways."""
    return [view.accessibleName() or type(view).__name__ for view in parent.findChildren(QAbstractScrollArea)
            if view.isVisible() and view.horizontalScrollBar().maximum() > 0]


def practise(window: MainWindow, trainee: SimulatedTrainee, count: int) -> None:
    """``count`` of the library's cases answered over the last three weeks and recorded, as a history."""
    start = utc_now() - timedelta(days=21)
    for n, case in enumerate(window.library.cases[:count]):
        moment = start + timedelta(days=n, hours=1)
        window.store.record_attempt(window.profile, trainee.attempt(case, n, moment), Mode.PRACTICE)
    window.refresh_profile()


@pytest.fixture
def trainee() -> SimulatedTrainee:
    import random

    return SimulatedTrainee("Sam", {}, {}, (0.5, 0.7), 20, random.Random(7))


# --- the case editor ---------------------------------------------------------------------------

def test_the_case_editor_fits_1024_by_700_with_nothing_cut_off(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.open_case("bid-of-eight-spades")  # long lines in its file, four questions with long choices
    window.case_actions.confirm = lambda _title, _question: True
    editor = window.case_actions.edit_current()
    assert isinstance(editor, CaseEditor)
    screen = window.screen().availableGeometry()
    assert editor.width() <= screen.width() and editor.height() <= screen.height()  # it opens on the screen
    editor.resize(1024, 700)
    qtbot.waitUntil(lambda: not operations.busy() and not editor.settle.isActive(), timeout=20000)
    for tab in range(editor.form.count()):
        editor.form.setCurrentIndex(tab)
        QApplication.processEvents()
        where = editor.form.tabText(tab)
        assert editor.width() == 1024 and editor.height() == 700, where
        for part in (editor.form, editor.text, editor.notes, editor.table, editor.save_button, editor.fill_button):
            assert inside(editor, part), (where, part)
        assert sideways(editor) == [], where  # every line of the file and every choice shows whole
    editor.ask_unsaved = lambda: Unsaved.DISCARD
    editor.close()


# --- Progress's lists ------------------------------------------------------------------------

def test_progress_lists_show_whole_titles_without_scrolling_sideways(window: MainWindow,
                                                                     trainee: SimulatedTrainee) -> None:
    practise(window, trainee, 12)
    window.start_exam(PAPER)
    window.finish_exam(show=False)
    window.areas.setCurrentRow(AREAS.index("Progress"))
    QApplication.processEvents()
    progress = window.progress
    for found in (progress.recent, progress.exams):
        assert found.count() > 0
        assert found.horizontalScrollBar().maximum() == 0, found.accessibleName()
        width = found.viewport().width()
        for row in range(found.count()):
            assert found.visualItemRect(found.item(row)).right() <= width, found.item(row).text()
    assert sideways(progress) == []


# --- status messages -------------------------------------------------------------------------

@pytest.mark.parametrize("ending", ["handed in", "time up"])
def test_status_messages_go_when_the_exam_that_caused_them_ends(window: MainWindow, ending: str) -> None:
    window.start_exam(PAPER)
    window.present()  # refused, and the status bar says why
    assert "Presenting is not available during an exam" in window.statusBar().currentMessage()
    if ending == "handed in":
        window.finish_exam(show=False)
    else:
        exam = window.exam
        assert exam is not None
        exam.started_at -= exam.deadline - exam.started_at  # the clock has run out
        window._tick()
    status = window.statusBar().currentMessage()
    assert "not available" not in status
    assert "Time is up" in status if ending == "time up" else f"progress kept in {window.store.location}" in status


def test_reading_a_deal_file_is_not_announced_once_it_is_read(qtbot, window: MainWindow, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, _title, text: warned.append(text)))
    read = tmp_path / "club night.pbn"
    read.write_text('[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")  # read, with a board it must skip
    window.case_actions.import_deal(read)
    assert "Reading club night.pbn" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: bool(window.findChildren(BoardPicker)), timeout=20000)
    assert "Reading" not in window.statusBar().currentMessage()
    for picker in window.findChildren(BoardPicker):
        picker.reject()
    window.case_actions.import_deal(tmp_path / "gone.pbn")  # not there: it cannot be read at all
    qtbot.waitUntil(lambda: bool(warned), timeout=20000)
    assert "Reading" not in window.statusBar().currentMessage()


def test_a_message_about_what_an_area_shows_goes_when_the_trainee_leaves_it(window: MainWindow) -> None:
    window.open_case("claim-with-a-finesse")
    assert window.statusBar().currentMessage().startswith("Case: ")
    window.areas.setCurrentRow(AREAS.index("Home"))
    assert "Case:" not in window.statusBar().currentMessage()  # the case is no longer on screen
    window.show_law("27B1(a)")
    assert "27B1(a)" in window.statusBar().currentMessage()
    window.areas.setCurrentRow(AREAS.index("Cases"))
    assert "27B1(a)" not in window.statusBar().currentMessage()


# --- Home --------------------------------------------------------------------------------------

def test_home_spends_its_first_screen_on_today(window: MainWindow, trainee: SimulatedTrainee) -> None:
    practise(window, trainee, 15)
    window.set_plan(StudyPlan(BUILT_IN_PROFILES[1], date.today() + timedelta(days=14)))
    window.areas.setCurrentRow(AREAS.index("Home"))
    QApplication.processEvents()
    home = window.home
    page = home.page
    assert page.verticalScrollBar().value() == 0
    viewport = page.viewport()
    first_screen = [home.today, home.today.headline, home.today.work, home.today.start_button, home.today.estimate,
                    home.recent_list, home.continue_button, home.due_list, home.review_button]
    for part in first_screen:
        assert part.isVisible() and inside(viewport, part), part.accessibleName() or part
    # today's box and the lists beside it take the first screen: no half-empty window
    used = home.today.height() + home.page.widget().layout().spacing()
    assert used >= 0.8 * viewport.height()
    assert sideways(home) == []


# --- the table at the director call after the last trick ------------------------------------------

def ink_in_hands(window: MainWindow) -> dict[str, int]:
    """For each hand's box on the drawn table, how many pixels are not the box's paper."""
    table = window.player.table
    image: QImage = table.grab().toImage()
    paper = table.look.paper
    counts = {}
    for seat in SEATS:
        box = table.layout_now.hand_rect(seat)  # in the felt's units, as the scale below expects
        scale = table.felt_scale
        left, top = int(box.x() * scale) + 4, int((box.y() + 26) * scale)
        right, bottom = int(box.right() * scale) - 4, int(box.bottom() * scale) - 4
        counts[seat.letter] = sum(1 for x in range(left, right) for y in range(top, bottom)
                                  if _far(image.pixelColor(x, y), paper))
    return counts


def _far(colour: QColor, other: QColor, tolerance: int = 24) -> bool:
    return max(abs(colour.red() - other.red()), abs(colour.green() - other.green()),
               abs(colour.blue() - other.blue())) > tolerance


def test_the_table_at_a_director_call_after_the_last_trick_shows_the_deal(window: MainWindow) -> None:
    window.open_case(LAST_TRICK_CASE)
    player = window.player
    QApplication.processEvents()
    assert player.slider.value() == player.limit and len(player.table.state.quitted) == 13  # the director arrives
    at_the_call = ink_in_hands(window)
    player.slider.setValue(0)  # the deal before the first card, every hand full
    QApplication.processEvents()
    dealt = ink_in_hands(window)
    assert all(at_the_call[seat] > 0.5 * dealt[seat] for seat in dealt), (at_the_call, dealt)
    player.slider.setValue(player.limit)
    assert "Every card played: the deal as dealt" in player.table.describe()


# --- the area list -------------------------------------------------------------------------------

@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_area_list_has_icons_and_a_selected_area_you_can_see(window: MainWindow, theme: str) -> None:
    window.set_theme(theme)
    areas = window.areas
    window.home.setFocus()  # the list does not have the focus: its selection must still show
    window.areas.setCurrentRow(AREAS.index("Progress"))
    QApplication.processEvents()
    image = areas.grab().toImage()
    palette = areas.palette()
    background = palette.color(QPalette.ColorRole.Window)
    highlight = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    for row, name in enumerate(AREAS):
        item = areas.item(row)
        if item.isHidden():
            continue
        rect = areas.visualItemRect(item)
        left, top = rect.center().x() - ICON_SIZE // 2, rect.top() + 7  # the icon, centred above the name
        icon = [image.pixelColor(x, y) for x in range(left, left + ICON_SIZE) for y in range(top, top + ICON_SIZE)]
        behind = image.pixelColor(rect.left() + 8, rect.top() + 6)
        caption = [image.pixelColor(x, y) for x in range(rect.left() + 4, rect.right() - 4)
                   for y in range(top + ICON_SIZE + 2, rect.bottom() - 2)]
        assert sum(1 for pixel in icon if _far(pixel, behind, 60)) > 20, (theme, name)  # an icon is drawn
        assert sum(1 for pixel in caption if _far(pixel, behind, 60)) > 20, (theme, name)  # and its name
        if name == "Progress":
            assert not _far(behind, highlight, 8), (theme, behind.name(), highlight.name())
            assert _far(behind, background, 60), theme  # plainly marked against the side bar
        else:
            assert not _far(behind, background, 8), (theme, name)
    assert isinstance(areas, QListWidget) and areas.width() <= 96  # narrow: the case screen keeps its room
    window.set_theme("light")

