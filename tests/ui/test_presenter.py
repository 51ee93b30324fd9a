"""Presenter mode driven with the keys a presenter has: F5, → / PageDown, ← / PageUp, B, H, Esc."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.presentation import StepKind
from app.ui.presenter.presenter import Presenter
from app.ui.window.main_window import MainWindow


def present(window: MainWindow, qtbot) -> Presenter:  # type: ignore[no-untyped-def]
    window.open_case("claim-with-a-finesse")
    qtbot.keyClick(window, Qt.Key.Key_F5)
    presenter = window.presenter
    assert presenter is not None and presenter.room.isVisible() and presenter.room.isFullScreen()
    return presenter


def test_f5_then_keys_only_step_through_a_case_and_record_nothing(window, qtbot, store) -> None:  # type: ignore[no-untyped-def]
    presenter = present(window, qtbot)
    room, model = presenter.room, presenter.presentation
    before = store.recent_attempts(window.profile)
    assert model.index == 0 and "Board 7" in room.caption.text()
    assert "Auction" not in room.table.describe() and not room.table.shown

    qtbot.keyClick(room, Qt.Key.Key_Right)
    assert len(room.table.shown) == 1 and room.caption.text() == "North's hand"
    qtbot.keyClick(room, Qt.Key.Key_PageDown)
    assert len(room.table.shown) == 2
    qtbot.keyClick(room, Qt.Key.Key_PageUp)
    qtbot.keyClick(room, Qt.Key.Key_Left)
    assert model.index == 0

    def press_until(kind: StepKind) -> None:
        for _ in range(len(model.steps)):
            if model.step.kind is kind:
                return
            qtbot.keyClick(room, Qt.Key.Key_PageDown)
        raise AssertionError(f"never reached {kind}")

    press_until(StepKind.CALL)
    assert room.caption.text() == "South: 1♠" and "Auction: S:1S" in room.table.describe()
    press_until(StepKind.CARD)
    assert room.caption.text() == "West leads the ♣K" and "On the table: W:CK" in room.table.describe()
    qtbot.keyClick(room, Qt.Key.Key_Right)
    assert "On the table: W:CK N:C4" in room.table.describe()

    qtbot.keyClick(room, Qt.Key.Key_H)
    assert not room.table.shown
    qtbot.keyClick(room, Qt.Key.Key_H)
    assert len(room.table.shown) == 4
    qtbot.keyClick(room, Qt.Key.Key_B)
    assert room.stack.currentWidget() is room.blank
    qtbot.keyClick(room, Qt.Key.Key_B)
    assert room.stack.currentWidget() is not room.blank

    press_until(StepKind.DIRECTOR)
    assert "The director has been called" in room.table.describe()
    assert not room.words.isVisible()
    qtbot.keyClick(room, Qt.Key.Key_Right)
    assert room.words.isVisible() and "Which law section governs" in room.words.toPlainText()
    assert "70E1" not in room.words.toPlainText()  # the question alone: no answer yet
    qtbot.keyClick(room, Qt.Key.Key_Right)
    assert "Law 70E1" in room.words.toPlainText()
    press_until(StepKind.RULING)
    assert "I award that trick" in room.words.toPlainText()

    qtbot.keyClick(room, Qt.Key.Key_Escape)
    assert not room.isVisible()
    assert store.recent_attempts(window.profile) == before  # a presentation is not an attempt


def test_card_and_auction_text_at_least_28_px_at_1920_by_1080(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    presenter = present(window, qtbot)
    room, model = presenter.room, presenter.presentation
    room.showNormal()
    room.resize(1920, 1080)
    while model.step.kind is not StepKind.CARD:
        qtbot.keyClick(room, Qt.Key.Key_Right)
    qtbot.keyClick(room, Qt.Key.Key_Right)  # two cards on the table, the auction and four hands
    room.table.grab()
    # The table notes the smallest size it drew each kind of text at, in points.
    pixels = {kind: points * room.table.logicalDpiY() / 72 for kind, points in room.table.points.items()}
    assert pixels["hands"] >= 28, pixels
    assert pixels["auction"] >= 28, pixels
    assert room.caption.font().pixelSize() >= 28


def test_with_two_screens_the_presenter_sees_ruling_commentary_and_what_comes_next(window, qtbot, library) -> None:  # type: ignore[no-untyped-def]
    # Offscreen there is one screen; the same screen listed twice stands in for a laptop and a projector.
    screen = QGuiApplication.primaryScreen()
    case = library.case("claim-with-a-finesse")
    presenter = Presenter(case, window.renderer, window.player.table.look, current=screen, qscreens=[screen, screen])
    assert presenter.notes is not None and presenter.notes.isVisible()
    notes = presenter.notes.toPlainText()
    assert "Model ruling" in notes and "Commentary" in notes and "This is a judgement ruling" in notes
    assert "Next: North's hand" in notes
    qtbot.keyClick(presenter.notes, Qt.Key.Key_PageDown)  # the presenter's own window takes the keys too
    assert presenter.presentation.index == 1 and "Next: East's hand" in presenter.notes.toPlainText()
    step = presenter.presentation.step
    while step.kind is not StepKind.QUESTION or step.question.kind != "single":
        qtbot.keyClick(presenter.room, Qt.Key.Key_Right)
        step = presenter.presentation.step
    question = step.question
    letter = next(letter for letter, choice in presenter.presentation.lettered(question) if choice.correct)
    right = next(c.text for c in question.choices if c.correct)
    assert f"Answer: {letter}. {right}" in presenter.notes.toPlainText()  # the presenter knows it first
    qtbot.keyClick(presenter.room, Qt.Key.Key_B)
    assert "blank" in presenter.notes.toPlainText()
    qtbot.keyClick(presenter.notes, Qt.Key.Key_Escape)
    assert not presenter.room.isVisible()


def test_one_screen_keeps_the_notes_in_a_window_brought_up_with_n_and_no_case_means_a_message(  # type: ignore[no-untyped-def]
        window, qtbot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.presenter is None
    assert "Open a case first" in window.statusBar().currentMessage()
    presenter = present(window, qtbot)
    notes = presenter.notes
    assert notes is not None and not notes.isVisible()  # the room would see it on a mirrored projector
    qtbot.keyClick(presenter.room, Qt.Key.Key_N)
    assert notes.isVisible() and "Model ruling" in notes.toPlainText() and "mirrored" in notes.windowTitle()
    assert notes.steps.count() == len(presenter.presentation.steps)
    qtbot.keyClick(notes, Qt.Key.Key_D)  # the presenter's keys work in the notes window too
    assert presenter.presentation.step.kind is StepKind.DIRECTOR and notes.steps.currentRow() == \
        presenter.presentation.index
    qtbot.keyClick(notes, Qt.Key.Key_N)
    assert not notes.isVisible() and presenter.room.isVisible()


def test_the_director_call_in_one_key_a_trick_at_a_time_and_the_step_list(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    presenter = present(window, qtbot)
    room, model = presenter.room, presenter.presentation
    qtbot.keyClick(room, Qt.Key.Key_D)
    # the director call, with South's claim statement still on the table
    assert model.step.kind is StepKind.DIRECTOR and "South (claim): Trumps are all out" in room.table.describe()
    qtbot.keyClick(room, Qt.Key.Key_Home)
    presses = 0
    while model.step.kind is not StepKind.DIRECTOR:
        key = Qt.Key.Key_T if model.step.kind is StepKind.CARD or (model.upcoming and model.upcoming.kind is
                                                                    StepKind.CARD) else Qt.Key.Key_Right
        qtbot.keyClick(room, key)
        presses += 1
    assert presses <= 24  # it took 52 presses one card at a time
    for _ in range(4):  # back over the claim and what was said, to the last trick played
        qtbot.keyClick(room, Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
        if model.step.kind is StepKind.CARD:
            break
    assert model.step.kind is StepKind.CARD and not model.step.state.current_trick  # that trick, turned
    quitted = len(model.step.state.quitted)
    qtbot.keyClick(room, Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
    assert len(model.step.state.quitted) == quitted - 1 and not model.step.state.current_trick
    notes = presenter.notes
    qtbot.keyClick(room, Qt.Key.Key_N)
    notes.steps.setCurrentRow(3)
    notes.activateWindow()  # the presenter works in the notes window, as a real presenter would
    qtbot.waitUntil(lambda: QApplication.activeWindow() is notes)
    qtbot.keyClick(notes.steps, Qt.Key.Key_Return)
    assert model.index == 3 and room.caption.text() == "South's hand"
    qtbot.keyClick(room, Qt.Key.Key_End)
    assert model.step.kind is StepKind.RULING


def test_no_presenting_during_an_exam(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.start_exam(replace(BUILT_IN_PROFILES[0], cases=2, quotas={}))
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    present_action = next(a for a in view_menu.actions() if a.text() == "&Present")
    assert not present_action.isEnabled()  # greyed out, so F5 does nothing
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.presenter is None
    window.present()  # reached some other way, it says why not
    assert window.presenter is None
    assert "not available during an exam" in window.statusBar().currentMessage()
    window.finish_exam(show=False)  # a running exam would ask "Hand it in?" when the window closes
    assert present_action.isEnabled() and "not available" not in window.statusBar().currentMessage()
