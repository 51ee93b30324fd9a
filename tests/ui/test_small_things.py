"""Small things a trainee notices: topic names rather than ids, where to start on a first run,
the library page following the search, the classroom closed to trainees, and links in a
case's situation opening the library."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl

from app.content.library import Library, load_library
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.ui.training.case_list import ID_ROLE
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content", case_paths=[Path(__file__).parent / "fixtures", ROOT / "content" / "cases"])


@pytest.fixture
def window(roomy_window):  # type: ignore[no-untyped-def]
    return roomy_window


def test_the_case_list_and_home_name_topics_by_their_names(window: MainWindow, library: Library) -> None:
    model = window.case_list.model
    assert model.rowCount() == len(library.cases)
    for row in range(model.rowCount()):
        case = library.case(model.item(row, 0).data(ID_ROLE))
        assert case is not None and case.topics
        assert model.item(row, 1).text() == "; ".join(library.topics[tag] for tag in case.topics)
        assert model.item(row, 1).text() != "; ".join(case.topics)
    assert window.case_list.topic.itemText(1) in library.topics.values()  # the filter too
    home = window.home
    for index, profile in enumerate(BUILT_IN_PROFILES):
        home.exam_box.exam_profile.setCurrentIndex(index)
        for tag in profile.quotas:
            assert library.topics[tag] in home.exam_box.exam_description.text()
            assert f"on {tag}" not in home.exam_box.exam_description.text()


def test_first_run_shows_where_to_start_until_there_is_history(window: MainWindow) -> None:
    home = window.home
    assert home.start_box.isVisible()
    assert not home.due_box.isVisible() and not home.recent_box.isVisible()
    home.first_case_button.click()
    assert AREAS[window.areas.currentRow()] == "Case" and window.player.case is not None
    panel = window.player.ruling
    while panel.sitting is not None and panel.sitting.question is not None:
        question = panel.sitting.question
        if question.kind in ("single", "several"):
            panel.form.group.buttons()[0].setChecked(True)
        elif question.kind == "number":
            panel.form.line.setText("1")
        elif question.kind == "law":
            panel.form.law_box.setCurrentText("1")
        panel.submit.click()
        panel.next_button.click()
    window.areas.setCurrentRow(AREAS.index("Home"))
    assert not home.start_box.isVisible() and home.recent_box.isVisible()


def test_the_tour_and_the_short_practice_lead_somewhere(window: MainWindow) -> None:
    window.home.tour_button.click()
    assert AREAS[window.areas.currentRow()] == "Library" and window.library_view.current_key == "Introduction"
    window.areas.setCurrentRow(AREAS.index("Home"))
    window.home.short_practice_button.click()
    assert window.session is not None and len(window.session.cases) == 3


def test_typing_a_search_shows_the_top_hit_not_the_previous_page(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.show_law("64A2")
    view = window.library_view
    history = view.can_go_back()
    qtbot.keyClicks(view.search, "penalty car")
    top = view.results.item(0)
    assert view.current_key != "64A2"
    assert top.text().split(" — ")[-1] in view.browser.toPlainText()
    view.search.clear()
    qtbot.keyClicks(view.search, "xylophonequartz")
    assert view.results.count() == 0
    assert "No section, term or case matches" in view.browser.toPlainText()
    assert "64A2" not in view.browser.toPlainText()
    assert view.can_go_back() == history  # previews are not history


def test_a_trainee_cannot_reach_the_classroom(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    areas = window.areas
    areas.setFocus()
    areas.setCurrentRow(AREAS.index("Home"))
    areas.keyboardSearch("cl")
    qtbot.keyClicks(areas, "cl")
    assert AREAS[areas.currentRow()] != "Classroom"
    assert window.stack.currentIndex() != AREAS.index("Classroom")
    qtbot.keyClick(window, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    assert window.stack.currentIndex() != AREAS.index("Classroom")


def test_links_in_the_situation_open_the_library_and_others_are_ignored(window: MainWindow,
                                                                         library: Library) -> None:
    case = next(c for c in library.cases if "Law " in c.situation) if any(
        "Law " in c.situation for c in library.cases) else library.cases[0]
    window.open_case(case.id)
    pane = window.player.situation
    assert not pane.openLinks()  # the browser itself never navigates (an http link blanked the pane)
    before = pane.toPlainText()
    assert before
    pane.anchorClicked.emit(QUrl("https://example.org/rules"))
    assert pane.toPlainText() == before and AREAS[window.areas.currentRow()] == "Case"
    pane.anchorClicked.emit(QUrl("law:27B"))
    assert AREAS[window.areas.currentRow()] == "Library" and window.library_view.current_key == "27B"
    window.areas.setCurrentRow(AREAS.index("Case"))
    pane.anchorClicked.emit(QUrl("term:Dummy"))
    assert window.library_view.current_key == "Definitions: Dummy"


def test_the_table_legend_never_calls_neither_side_vulnerable_red(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFont

    from app.bridge.rota import Vulnerability
    from app.bridge.seats import Seat
    from app.ui.case.table_look import TableLook
    from app.ui.case.table_side import SideColumn

    for vulnerability in Vulnerability:
        legend = SideColumn(QFont(), TableLook(), Seat.NORTH, vulnerability, 1.0).legend_text()
        assert "red: vulnerable" not in legend
        assert vulnerability.english in legend
        assert ("red" in legend) == (vulnerability is not Vulnerability.NONE)


def test_the_case_list_names_sections_only_after_an_attempt(qtbot, library, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A case's sections are its ruling: before a result the list shows the whole laws."""
    from app.ui.training.case_list import CaseList

    cases = CaseList(library)
    qtbot.addWidget(cases)
    case = library.case("opening-lead-out-of-turn-refused")
    row = next(r for r in range(cases.model.rowCount()) if cases.model.item(r, 0).text() == case.title)
    whole = ", ".join(dict.fromkeys(str(ref.law) for ref in case.laws))
    assert cases.model.item(row, 2).text() == whole
    assert not any(str(ref) in cases.model.item(row, 2).text().split(", ") for ref in case.laws if ref.section)
    cases.set_results({case.id: "80 %"})
    row = next(r for r in range(cases.model.rowCount()) if cases.model.item(r, 0).text() == case.title)
    assert cases.model.item(row, 2).text() == ", ".join(str(ref) for ref in case.laws[:4])
