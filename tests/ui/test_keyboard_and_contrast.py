"""A case by keyboard alone, and readable by everyone: Tab leaves the case list, Enter presses the
button that has the focus, the law box's suggestions never mark on their own, the table is in the Tab
chain and its arrow keys step the timeline, choices are lettered and picked by their letter, a focus
ring stands out in both themes, and every mark's colour reads at 4.5:1 or more."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from app.ui.common.focus_ring import FocusRings
from app.ui.common.theme import FOCUS_COLOURS, VERDICT_COLOURS, contrast, dark_palette
from app.ui.window.main_window import AREAS, MainWindow
from tests.ui.test_case_screen import answer_something, reach


def palettes():  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return {False: app.style().standardPalette(), True: dark_palette()}


def test_every_verdict_colour_reads_at_aa_contrast_in_both_themes(qapp) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPalette

    for dark, palette in palettes().items():
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Window):
            background = palette.color(role)
            for kind, colour in VERDICT_COLOURS[dark].items():
                ratio = contrast(QColor(colour), background)
                assert ratio >= 4.5, (dark, role, kind, round(ratio, 2))
            ring = contrast(QColor(FOCUS_COLOURS[dark]), background)
            assert ring >= 3.0, (dark, role, "focus ring", round(ring, 2))  # WCAG's ratio for an outline


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focused_control_has_a_ring_in_the_focus_colour(window: MainWindow, qtbot, theme: str) -> None:  # type: ignore[no-untyped-def]
    window.set_theme(theme)
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    answer_something(panel)
    panel.mark_current()
    button = panel.next_button
    button.setFocus()
    QApplication.processEvents()
    rings = QApplication.instance().property("focusRings")
    assert isinstance(rings, FocusRings) and rings.ring is not None and rings.ring.isVisible()
    assert rings.ring.widget() is button
    picture: QImage = window.grab().toImage()
    frame = rings.ring.geometry().translated(rings.ring.parentWidget().mapTo(window, rings.ring.pos()) -
                                             rings.ring.pos())
    wanted = QColor(FOCUS_COLOURS[theme == "dark"])
    edge = [(x, y) for x in range(frame.left() + 4, frame.right() - 4) for y in (frame.top(), frame.bottom())]
    edge += [(x, y) for y in range(frame.top() + 4, frame.bottom() - 4) for x in (frame.left(), frame.right())]
    found = sum(1 for x, y in edge if _close(QColor(picture.pixel(x, y)), wanted))
    assert found >= 0.8 * len(edge)  # the ring all round the button, in the focus colour
    window.set_theme("light")


def _close(first: QColor, second: QColor) -> bool:
    return abs(first.red() - second.red()) + abs(first.green() - second.green()) + abs(first.blue() - second.blue()) < 60


def test_tab_leaves_the_case_list_and_enter_opens_a_case(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.areas.setCurrentRow(AREAS.index("Cases"))
    view = window.case_list.view
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    assert not view.tabKeyNavigation()
    assert view.nextInFocusChain() is not view
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1  # the arrows move within the list
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert AREAS[window.areas.currentRow()] == "Case"


def test_a_case_by_keyboard_alone(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    player, panel = window.player, window.player.ruling
    # the table is in the Tab chain, and its keys step the timeline
    chain: list[QWidget] = []
    widget: QWidget = player.title
    for _ in range(60):
        widget = widget.nextInFocusChain()
        chain.append(widget)
    assert player.table in chain and player.table.focusPolicy() & Qt.FocusPolicy.TabFocus
    player.table.setFocus()
    qtbot.keyClick(player.table, Qt.Key.Key_Home)
    assert player.slider.value() == 0
    qtbot.keyClick(player.table, Qt.Key.Key_Right)
    assert player.slider.value() == 1
    qtbot.keyClick(player.table, Qt.Key.Key_End)
    assert player.slider.value() == player.limit
    # a law question: Enter in the suggestion list fills the box and marks nothing
    law_box = panel.form.law_box
    edit = law_box.lineEdit()
    edit.setFocus()
    qtbot.keyClicks(edit, "70E")
    popup = law_box.completer().popup()
    assert popup.isVisible()
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert not popup.isVisible() and not panel.attempt.marks and law_box.currentText().startswith("70E")
    qtbot.keyClicks(edit, "")
    law_box.setCurrentText("70E1")
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # Enter in the box itself marks
    assert len(panel.attempt.marks) == 1
    # Enter on the focused Next question moves on
    assert QApplication.focusWidget() is panel.next_button
    qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
    assert panel.attempt.index == 1
    # a choice question: lettered A, B, C…, picked by its letter, marked with Enter
    question = panel.sitting.question
    assert question.kind == "single"
    assert [label.text().split(".")[0] for label in panel.form.choice_labels] == ["A", "B", "C", "D"][:len(question.choices)]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B)
    assert panel.form.choice_buttons[1].isChecked()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert len(panel.attempt.marks) == 2
    assert isinstance(QApplication.focusWidget(), QPushButton)


def test_the_letters_on_screen_are_the_keys_in_the_shortcuts_page(window: MainWindow) -> None:
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    reach(panel, "single")
    assert panel.form.choice_buttons[0].toolTip() == "Key A"
    window.show_shortcuts()
    from app.ui.case.shortcuts import ShortcutsDialog

    page = window.findChildren(ShortcutsDialog)[-1].view.toPlainText()
    assert "A, B, C" in page and "Tab" in page
