"""The main window driven as a trainee would: laws, links, history, search, a case, every kind of answer."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication

from app.content.library import load_library
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def library():
    """The test cases in place of the shipped ones; conftest's ``store`` and ``window`` use this library."""
    return load_library(ROOT / "content", case_paths=[CASES])


def test_opens_on_home_with_a_profile_and_a_section_ready(window: MainWindow) -> None:
    assert window.windowTitle().startswith("Director Trainer — ")
    assert AREAS[window.areas.currentRow()] == "Home"
    assert window.home.greeting.text().startswith("Welcome")
    assert f"progress kept in {window.store.location}" in window.statusBar().currentMessage()
    assert "sqlite:" not in window.statusBar().currentMessage()  # a path, not a URL
    assert window.library_view.current_key is None  # drawn when the library is first shown
    window.areas.setCurrentRow(AREAS.index("Library"))
    assert window.library_view.current_key is not None


def test_open_a_law_follow_a_link_and_go_back_and_forward(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.library_view
    assert window.show_law("27b1a")
    assert view.current_key == "27B1(a)"
    assert "Lowest" in view.browser.toPlainText() or "lowest" in view.browser.toPlainText()
    view.browser.anchorClicked.emit(QUrl("law:26B"))
    assert view.current_key == "26B"
    assert window.back_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert view.current_key == "27B1(a)"
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert view.current_key == "26B"


def test_tree_selection_shows_the_section(window: MainWindow) -> None:
    view = window.library_view
    index = view._indexes["64A2"]
    view.tree.setCurrentIndex(view.model.index(index.row(), 0, index.parent()))
    assert view.current_key == "64A2"


def test_search_as_you_type_and_enter_on_a_reference(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    view = window.library_view
    assert view.search.hasFocus()
    qtbot.keyClicks(view.search, "penalty car")
    assert view.left_stack.currentWidget() is view.results
    assert view.results.count() > 3
    assert "result" in view.status.text()
    view.results.setCurrentRow(0)
    assert view.browser.extraSelections()  # the searched words are highlighted in the page
    view.search.clear()
    qtbot.keyClicks(view.search, "64a2")
    qtbot.keyClick(view.search, Qt.Key.Key_Return)
    assert view.current_key == "64A2"


def test_unknown_reference_is_reported_not_raised(window: MainWindow) -> None:
    assert not window.show_law("98Z")
    assert "No law section" in window.statusBar().currentMessage()


def test_case_list_filters(window: MainWindow) -> None:
    window.areas.setCurrentRow(AREAS.index("Cases"))
    cases = window.case_list
    assert cases.visible_ids() == ["revoke-all-kinds"]
    cases.law.setText("64")
    assert cases.visible_ids() == ["revoke-all-kinds"]
    cases.law.setText("27")
    assert cases.visible_ids() == []
    cases.law.clear()
    cases.search.setText("trick two")
    assert cases.visible_ids() == ["revoke-all-kinds"]
    cases.difficulty.setCurrentIndex(5)
    assert cases.visible_ids() == [] and cases.count.text() == "0 of 1 cases"


def test_open_a_case_step_the_timeline_and_rule(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("revoke-all-kinds")
    player = window.player
    assert AREAS[window.areas.currentRow()] == "Case"
    assert player.slider.value() == player.limit == 5
    assert "Director" in player.table.describe() or "director" in player.table.describe()
    player.first_button.click()
    assert player.slider.value() == 0
    assert "Contract 4S by South" in player.table.describe()
    player.next_button.click()
    assert "On the table: W:HT" in player.table.describe()
    assert "West leads" in player.step_label.text()

    panel = player.ruling
    # single: a wrong choice, marked at once with the reason
    panel.form.group.button(1).setChecked(True)
    panel.submit.click()
    assert "Wrong" in panel.feedback.toPlainText() and "West was on lead" in panel.feedback.toPlainText()
    assert "no single law" in player.law_pane.toPlainText()  # this question cites none: nothing is guessed
    panel.next_button.click()
    # multi: both right choices (the case file's first two, wherever the shuffle put them)
    panel.form.boxes[panel.form.shown.index(0)].setChecked(True)
    panel.form.boxes[panel.form.shown.index(1)].setChecked(True)
    panel.submit.click()
    assert "Right" in panel.feedback.toPlainText()
    panel.next_button.click()
    # number: not a number first, then the answer
    panel.form.line.setText("two")
    panel.submit.click()
    assert "number" in panel.error.text()
    panel.form.line.setText("2")
    panel.submit.click()
    assert "Right" in panel.feedback.toPlainText()
    panel.next_button.click()
    # law: the right law, wrong section
    panel.form.law_box.setCurrentText("64B")
    panel.submit.click()
    assert "Partly right" in panel.feedback.toPlainText()
    assert "Law 64A1" in player.law_pane.toPlainText()  # the law the question rests on opens beside the table
    panel.next_button.click()
    # order: move the last item up one place
    panel.form.order.setCurrentRow(panel.form.order.count() - 1)
    panel.form.move_item(-1)
    panel.submit.click()
    panel.next_button.click()
    text = panel.feedback.toPlainText()
    assert "Model ruling" in text and "Commentary" in text
    assert panel.attempt.is_finished
    saved = window.store.last_results(window.profile)["revoke-all-kinds"]
    assert 0 < saved < 1  # the wrong and part-right answers cost marks, and the result was saved
    row = window.case_list.model.findItems("revoke-all-kinds", Qt.MatchFlag.MatchExactly, 0)
    assert not row  # titles, not ids, are shown
    assert window.case_list.model.item(0, 5).text() == f"{saved:.0%}"
    assert window.home.recent_list.count() == 1


def test_text_size_and_four_colour_suits_are_remembered(window: MainWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    before = window.point_size
    window.change_text_size(2)
    assert QApplication.font().pointSize() == before + 2
    window.set_four_colour(True)
    window.save_settings()
    again = MainWindow(window.library, window.settings, window.store)
    assert again.point_size == before + 2 and again.four_colour
    again.change_text_size(0)
    again.set_four_colour(False)
    again.deleteLater()
