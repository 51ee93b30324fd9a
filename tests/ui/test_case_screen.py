"""The case screen teaches without giving the answer away: the law pane, the status bar, the
starting order of order questions, exams; marks that explain each choice; the keys."""

import html
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.content.laws.refs import find_refs
from app.content.library import load_library
from app.training.attempt import Attempt
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.feedback import ChoiceVerdict, choice_verdicts, cited_law
from app.ui.case.case_player import NO_LAW_YET
from app.ui.case.shortcuts import ShortcutsDialog

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library():
    return load_library(ROOT / "content")


@pytest.fixture
def window(roomy_window):  # type: ignore[no-untyped-def]
    return roomy_window


def answer_something(panel) -> None:  # type: ignore[no-untyped-def]
    """Give the first choice, a number or a law, so the question can be marked."""
    question, form = panel.sitting.question, panel.form
    if question.kind == "single":
        form.group.button(0).setChecked(True)
    elif question.kind == "multi":
        form.boxes[0].setChecked(True)
    elif question.kind == "number":
        form.line.setText("1")
    elif question.kind == "law":
        form.law_box.setCurrentText("1")


def reach(panel, kind: str) -> None:  # type: ignore[no-untyped-def]
    """Answer the questions before the case's first question of ``kind``, so it is the one shown."""
    while panel.sitting.question.kind != kind:
        answer_something(panel)
        panel.mark_current()
        panel.next_question()


def test_law_pane_points_to_nothing_before_marking_then_to_the_law_the_question_cites(window, library) -> None:  # type: ignore[no-untyped-def]
    player, panel = window.player, window.player.ruling
    for case in library.cases:
        window.open_case(case.id)
        text = player.law_pane.toPlainText()
        assert text == NO_LAW_YET, case.id
        assert not list(find_refs(text)) and player._law_key == ""
    window.open_case("claim-with-a-finesse")
    question = panel.sitting.question
    answer_something(panel)
    panel.mark_current()
    law = cited_law(question)
    assert law is not None
    assert player._law_key == library.book.resolve(law.key).key
    assert law.label() in player.law_pane.toPlainText()


def test_status_bar_names_the_case_by_title_never_by_id(window, library) -> None:  # type: ignore[no-untyped-def]
    case = library.case("bid-out-of-rotation-rho-passes")
    window.open_case(case.id)
    message = window.statusBar().currentMessage()
    assert case.title in message and case.id not in message


def test_order_question_starts_shuffled_neither_right_nor_reversed_and_stays_put(window) -> None:  # type: ignore[no-untyped-def]
    window.open_case("bid-out-of-rotation-rho-passes")
    panel = window.player.ruling
    reach(panel, "order")

    def shown() -> tuple[int, ...]:
        order = panel.form.order
        return tuple(order.item(i).data(Qt.ItemDataRole.UserRole) for i in range(order.count()))

    first = shown()
    correct = tuple(range(len(panel.sitting.question.items)))
    assert first not in (correct, correct[::-1])
    panel._show_question()  # the form built again within the same attempt
    assert shown() == first


def test_exam_shows_nothing_about_the_answer_until_hand_in(window) -> None:  # type: ignore[no-untyped-def]
    profile = replace(next(p for p in BUILT_IN_PROFILES if p.open_book), cases=2, quotas={})
    window.open_case("claim-with-a-finesse")  # its title stays in the status bar for a few seconds
    window.start_exam(profile)
    assert window.statusBar().currentMessage() == ""
    player, panel = window.player, window.player.ruling
    case = panel.sitting.case
    assert player.story.indexOf(player.law_box) < 0 and player.law_pane.toPlainText() == NO_LAW_YET
    for _ in range(len(case.questions)):
        answer_something(panel)
        panel.mark_current()
        shown = player.law_pane.toPlainText() + window.statusBar().currentMessage() + panel.feedback.toPlainText()
        assert player.law_pane.toPlainText() == NO_LAW_YET and player.story.indexOf(player.law_box) < 0
        assert case.id not in shown and not list(find_refs(shown))
        assert not any(word in shown for word in ("Right", "Wrong", "Model answer"))
        panel.next_question()
    assert player.law_pane.toPlainText() == NO_LAW_YET  # the next case opened neutral too
    window.finish_exam(show=False)


def test_several_choice_marks_say_how_each_choice_fared_and_list_the_model_answer(window) -> None:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    reach(panel, "multi")
    question = panel.sitting.question
    right = [i for i, c in enumerate(question.choices) if c.correct]
    wrong = [i for i, c in enumerate(question.choices) if not c.correct]
    ticked = frozenset({right[0], wrong[0]})  # one right, one wrong, the other right ones missed
    for i in ticked:
        panel.form.boxes[panel.form.shown.index(i)].setChecked(True)
    panel.mark_current()
    verdicts = choice_verdicts(question, ticked)
    assert {ChoiceVerdict.TICKED_RIGHT, ChoiceVerdict.TICKED_WRONG, ChoiceVerdict.MISSED} <= set(verdicts)
    for label, index in zip(panel.form.choice_labels, panel.form.shown, strict=True):
        assert verdicts[index].value in label.text() and html.escape(question.choices[index].text) in label.text()
    page = panel.feedback.toHtml()
    text = panel.feedback.toPlainText()
    assert "; ".join(question.choices[i].text for i in right) not in text  # not joined by semicolons
    for i in right:
        assert question.choices[i].text in text
    assert page.count("<li") >= len(question.choices) + len(right)  # each choice, then each model item
    for verdict in verdicts:
        assert verdict.value in text


def test_every_mark_that_can_cite_a_law_links_to_it(window, library) -> None:  # type: ignore[no-untyped-def]
    panel = window.player.ruling
    checked = 0
    for case in library.cases:
        window.open_case(case.id)
        while panel.sitting.question is not None:
            question = panel.sitting.question
            answer_something(panel)
            panel.mark_current()
            law = cited_law(question)
            if law is not None:
                assert f'href="law:{law.key}' in panel.feedback.toHtml().replace("%28", "(").replace("%29", ")")
                assert law.label() in panel.feedback.toPlainText()
                checked += 1
            panel.next_question()
    assert checked >= 80


def test_case_keys_are_shown_in_tooltips_and_in_the_shortcuts_page(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    reach(panel, "single")
    assert panel.form.choice_buttons[0].toolTip() == "Key A"  # the first choice shown, lettered A
    assert "Ctrl+Return" in panel.submit.toolTip() and "Ctrl+Right" in panel.next_button.toolTip()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    entry = next(a for a in help_menu.actions() if "Keyboard shortcuts" in a.text())
    entry.trigger()
    dialog = window.findChildren(ShortcutsDialog)[-1]
    page = dialog.view.toPlainText()
    for keys in (panel.submit.shortcut(), panel.next_button.shortcut()):
        assert keys.toString() in page
    assert "A, B, C" in page  # the choices' letters are their keys
    assert "Alt+Up" in page and "Alt+Down" in page and "Ctrl+L" in page


def test_enter_marks_only_once_an_answer_is_chosen(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    reach(panel, "single")
    before = len(panel.attempt.marks)
    button = panel.form.group.buttons()[0]
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Return)
    assert len(panel.attempt.marks) == before and panel.submit.isEnabled()
    button.setChecked(True)
    qtbot.keyClick(button, Qt.Key.Key_Return)
    assert len(panel.attempt.marks) == before + 1 and not panel.submit.isEnabled()


def test_order_items_move_with_alt_up_and_alt_down(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("bid-out-of-rotation-rho-passes")
    reach(window.player.ruling, "order")
    order = window.player.ruling.form.order
    order.setCurrentRow(1)
    order.setFocus()
    moved = order.item(1).text()
    qtbot.keyClick(order, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert order.item(0).text() == moved and order.currentRow() == 0
    qtbot.keyClick(order, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(order, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert order.item(2).text() == moved


def test_feedback_box_takes_no_room_until_there_is_feedback(window) -> None:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    QApplication.processEvents()
    assert not panel.feedback.isVisible()
    answer_something(panel)
    panel.mark_current()
    assert panel.feedback.isVisible() and panel.feedback.height() > 50
    panel.next_question()
    assert not panel.feedback.isVisible()


def test_enter_in_a_typed_answer_marks_it(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.open_case("bid-of-eight-spades")
    panel = window.player.ruling
    reach(panel, "number")
    before = len(panel.attempt.marks)
    line = panel.form.line
    line.setFocus()
    qtbot.keyClick(line, Qt.Key.Key_Return)  # nothing typed: nothing marked, no error either
    assert len(panel.attempt.marks) == before and not panel.error.text()
    qtbot.keyClicks(line, "-500")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert len(panel.attempt.marks) == before + 1
    window.open_case("claim-with-a-finesse")  # another case, which resumes where it was left; a law question
    reach(panel, "law")
    before = len(panel.attempt.marks)
    edit = panel.form.law_box.lineEdit()
    edit.setFocus()
    qtbot.keyClicks(edit, "70E1")
    panel.form.law_box.completer().popup().hide()  # typed in full: the suggestions are not used
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert len(panel.attempt.marks) == before + 1


def test_choices_are_shown_in_the_attempts_shuffled_order_and_marked_by_which_choice_was_picked(window) -> None:  # type: ignore[no-untyped-def]
    """The right choice of the claim case's first single-choice question moves on screen with the attempt's
    seed, and picking it wherever it sits is marked right."""
    case = window.library.case("claim-with-a-finesse")
    first = next(q for q in case.questions if q.kind == "single")
    right = next(i for i, c in enumerate(first.choices) if c.correct)
    places = set()
    for seed in range(12):
        window._play(case, Attempt(case, seed=seed))
        reach(window.player.ruling, "single")
        form = window.player.ruling.form
        place = form.shown.index(right)
        places.add(place)
        assert form.choice_labels[place].text().startswith(f"{'ABCDEFGH'[place]}. ")
        assert first.choices[right].text.split()[0] in form.choice_labels[place].text()
        form.group.buttons()[place].click()
        assert window.player.ruling.mark_current().is_correct
    assert len(places) >= 3  # the right choice is not always shown in the same place
