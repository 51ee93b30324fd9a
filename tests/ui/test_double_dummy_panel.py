"""The case player's Double dummy panel: locked until the questions are marked, solved off the GUI
thread with a busy bar, cached per deal, and showing what the solver finds."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.bridge.double_dummy import trick_table
from app.bridge.par import par_result
from app.ui.case.double_dummy_panel import DECLARERS, DENOMINATIONS, LOCKED
from app.ui.common import operations
from app.ui.window.main_window import MainWindow


def answer_every_question(window: MainWindow) -> None:
    """Give some answer to each question and mark it, as a trainee pressing on would."""
    panel = window.player.ruling
    while panel.attempt is not None and panel.attempt.question is not None and panel.form is not None:
        form, question = panel.form, panel.attempt.question
        if question.kind == "single":
            form.group.buttons()[0].setChecked(True)
        elif question.kind == "multi":
            form.boxes[0].setChecked(True)
        elif question.kind == "number":
            form.line.setText("0")
        elif question.kind == "law":
            form.law_box.setCurrentText("70")
        panel.mark_current()
        panel.next_question()


def grid_values(dd) -> list[list[str]]:  # type: ignore[no-untyped-def]
    return [[dd.grid.item(r, c).text() if dd.grid.item(r, c) else "" for c in range(4)] for r in range(5)]


def test_locked_until_the_questions_are_marked_then_solved_off_the_gui_thread(window, qtbot, library) -> None:  # type: ignore[no-untyped-def]
    case = library.case("claim-with-a-finesse")
    window.open_case(case.id)
    dd = window.player.double_dummy
    assert dd.locked and not dd.toggle.isEnabled()
    assert dd.status.text() == LOCKED
    qtbot.mouseClick(dd.toggle, Qt.MouseButton.LeftButton)
    assert not dd.body.isVisible() and not operations.busy()  # nothing solved, nothing shown

    answer_every_question(window)
    assert not dd.locked and dd.toggle.isEnabled()
    qtbot.mouseClick(dd.toggle, Qt.MouseButton.LeftButton)
    assert dd.body.isVisible()
    # The solver is working on another thread: the window is free and says so.
    assert dd.busy.isVisible() and dd.status.text() == "Solving…" and operations.busy()
    qtbot.waitUntil(lambda: not operations.busy(), timeout=20000)
    assert not dd.busy.isVisible()

    table = trick_table(case.deal)
    assert grid_values(dd) == [[str(table[d][s]) for s in DECLARERS] for d in DENOMINATIONS]
    assert dd.par.text() == str(par_result(case.deal, case.dealer, case.vulnerability))
    assert "after 6 trick(s)" in dd.position.text() and "11 tricks for declarer in all" in dd.position.text()

    # Stepping back follows the position; coming back again is answered from the cache.
    window.player.slider.setValue(4)  # after the fourth trick
    qtbot.waitUntil(lambda: not operations.busy(), timeout=20000)
    assert "after 4 trick(s)" in dd.position.text() and "11 tricks for declarer in all" in dd.position.text()
    window.player.slider.setValue(window.player.limit)
    assert not operations.busy()  # cached: no solver run
    assert "after 6 trick(s)" in dd.position.text()


def test_a_case_without_claims_shows_no_position_and_a_new_case_locks_again(window, qtbot, library) -> None:  # type: ignore[no-untyped-def]
    window.open_case("revoke-ruff-two-trick-transfer")
    dd = window.player.double_dummy
    answer_every_question(window)
    dd.toggle.setChecked(True)
    qtbot.waitUntil(lambda: not operations.busy(), timeout=20000)
    assert dd.par.text().startswith("Par")
    assert dd.position.text() == ""
    window.open_case("claim-with-a-finesse")
    assert dd.locked and not dd.body.isVisible() and dd.status.text() == LOCKED
