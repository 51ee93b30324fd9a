"""An exam is sealed: while it runs, no menu entry, window shortcut or key of the window shows a case's
answers or works them out (editor, case files, presenter, calculators, double dummy, the laws each case
rests on, copying case text), in a closed-book paper and an open-book one alike; the paper's question
stays on screen; and once the exam is handed in everything is there again. Outside an exam, Edit this
case… asks before it shows the answers of a case the trainee has not finished."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QGuiApplication, QShortcut
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from app.content.cases.model import Case
from app.training.exam import ExamProfile
from app.training.exam_seal import Sealed
from app.ui.editor.case_editor import CaseEditor, Unsaved
from app.ui.editor.case_menu import PackChooser
from app.ui.library.library_search import KIND_ROLE
from app.ui.presenter.presenter import NotesView, RoomView
from app.ui.tools.calculators import CalculatorsDialog
from app.ui.training.case_list import COLUMNS
from app.ui.window.main_window import AREAS, MainWindow

PAPER = ExamProfile(name="Sealed paper", cases=2, minutes=30, quotas={})
Button = QMessageBox.StandardButton


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> dict[str, Button]:
    """Every modal dialog an action could open is answered at once: file, text and print choosers are
    cancelled, message boxes dismissed, and a question gets ``answers["question"]`` (Cancel to begin
    with: quitting during the exam then goes back to the paper)."""
    given = {"question": Button.Cancel}
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *args, **kwargs: given["question"]))
    for name in ("about", "information", "warning"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *args, **kwargs: Button.Ok))
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *args, **kwargs: ("", False)))
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *args, **kwargs: ("", False)))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: ("", "")))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: ("", "")))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *args, **kwargs: ""))
    monkeypatch.setattr(PackChooser, "exec", lambda self: QDialog.DialogCode.Rejected)
    monkeypatch.setattr(QPrintDialog, "exec", lambda self: QDialog.DialogCode.Rejected)  # the card's Print…
    return given


def menu_actions(window: MainWindow) -> list[QAction]:
    """Every entry of the menu bar, submenus included, each menu opened first (the Tools menu adds
    its entries then; the File menu works out whether Edit this case… applies), and any other action
    of the window."""
    found: list[QAction] = []

    def walk(menu: QMenu) -> None:
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif not action.isSeparator() and action not in found:
                found.append(action)

    for top in window.menuBar().actions():
        walk(top.menu())
    found += [action for action in window.actions() if action not in found]
    return found


def window_keys(window: MainWindow) -> list[QShortcut | QAbstractButton]:
    """Every QShortcut of the window, and every button with a key, except the paper's own answering
    keys (a choice, Mark, Next question), which are the exam itself."""
    panel = window.player.ruling
    answering = {panel.submit, panel.next_button, *(panel.form.findChildren(QAbstractButton) if panel.form else [])}
    buttons = [b for b in window.findChildren(QAbstractButton) if not b.shortcut().isEmpty() and b not in answering]
    return [*window.findChildren(QShortcut), *buttons]


def secrets(cases: list[Case]) -> list[str]:
    """Words only an answer would show: each case's model ruling and commentary, each choice's
    explanation, and the case file's own marks of a right choice."""
    found = ["correct: true"]
    for case in cases:
        texts = [case.ruling, case.commentary, *(c.why for q in case.questions for c in q.choices),
                 *(q.why for q in case.questions)]
        found += [" ".join(t.split())[:50] for t in texts if t and len(t.split()) >= 4]
    return found


_EARLIER: set[int] = set()  # windows other tests left open in this process, which no step here opened


@pytest.fixture(autouse=True)
def _windows_left_by_earlier_tests() -> None:
    _EARLIER.clear()
    _EARLIER.update(id(w) for w in QApplication.topLevelWidgets() if w.isVisible())


def shown_text() -> str:
    """All the text on screen: every visible window's labels, text boxes and list entries (with their
    tips), and the clipboard."""
    parts = [QGuiApplication.clipboard().text()]
    for top in QApplication.topLevelWidgets():
        if not top.isVisible() or id(top) in _EARLIER:
            continue
        for widget in [top, *top.findChildren(QWidget)]:
            if not widget.isVisible():
                continue
            if isinstance(widget, QLabel):
                parts.append(widget.text())
            elif isinstance(widget, QTextEdit | QPlainTextEdit):
                parts.append(widget.toPlainText())
            elif isinstance(widget, QListWidget):
                parts += [f"{widget.item(r).text()} {widget.item(r).toolTip()}" for r in range(widget.count())]
    return " ".join(" ".join(parts).split())


def revealing_windows() -> list[QWidget]:
    """Windows that show answers or work them out, if any has been opened."""
    kinds = (CaseEditor, CalculatorsDialog, RoomView, NotesView)
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, kinds) and w.isVisible() and id(w) not in _EARLIER]


def assert_sealed(window: MainWindow, question: tuple[str, str], hidden: list[str], what: str) -> None:
    window.areas.setCurrentRow(AREAS.index("Case"))
    QApplication.processEvents()
    assert revealing_windows() == [], what
    assert window.presenter is None, what
    player = window.player
    assert not player.double_dummy.isVisible() and not player.double_dummy.grid.isVisible(), what
    if window._case_list is not None:
        assert window._case_list.view.isColumnHidden(COLUMNS.index("Laws")), what
        assert not window._case_list.law.isVisible() or window.stack.currentWidget() is not window._case_list, what
    if window._library_view is not None:
        assert window._library_view.cases_hidden, what
    text = shown_text()
    assert [secret for secret in hidden if secret in text] == [], what
    exam = window.exam
    assert exam is not None and not exam.is_finished, what
    assert window.stack.currentWidget() is player, what
    assert (exam.question.id, player.ruling.ask.text()) == question, what


@pytest.mark.parametrize("open_book", [False, True], ids=["closed-book", "open-book"])
def test_nothing_in_the_window_reveals_an_answer_during_an_exam(
        window: MainWindow, answers: dict[str, Button], open_book: bool) -> None:
    original_theme = window.theme
    window.show_law("64A1")  # views built before the exam are sealed too
    window.areas.setCurrentRow(AREAS.index("Cases"))
    window.open_case("claim-with-a-finesse")
    answers["question"] = Button.Yes
    window.case_actions.edit_current()  # an editor left open when the exam starts is put away
    answers["question"] = Button.Cancel
    assert len(revealing_windows()) == 1

    window.start_exam(replace(PAPER, open_book=open_book))
    exam = window.exam
    assert exam is not None and exam.question is not None
    question = (exam.question.id, window.player.ruling.ask.text())
    hidden = secrets(exam.cases)
    assert_sealed(window, question, hidden, "at the start")
    window.present()  # reached other than by its menu entry, it says why not
    assert "not available during an exam" in window.statusBar().currentMessage()

    actions = menu_actions(window)
    sealed = [a for a in actions if not a.isEnabled() and a.isVisible()]
    names = {a.text().replace("&", "") for a in sealed}
    assert {"New case…", "Edit this case…", "Import deal…", "Export case pack…", "Import case pack…",
            "Present", "New profile…", "Switch profile…"} <= names
    assert all(not a.isEnabled() for a in actions if a.parent() is not None and isinstance(a.parent(), QMenu)
               and a.parent().title() == "&Tools")  # every calculator, open book or not
    assert ("Find in the laws…" in names) is not open_book and ("Go to law…" in names) is not open_book
    triggered = 0
    try:
        for action in actions:
            if action.isEnabled() and action.text().replace("&", "") != "Quit":
                action.trigger()
                triggered += 1
                assert_sealed(window, question, hidden, action.text())
        for key in window_keys(window):
            if isinstance(key, QShortcut):
                if key.isEnabled():
                    key.activated.emit()
            elif key.isEnabled() and key.isVisible():
                key.click()
            assert_sealed(window, question, hidden, key.objectName() or str(key))
        quit_action = next(a for a in actions if a.text() == "&Quit")
        quit_action.trigger()  # asks; Cancel goes back to the paper
        assert window.isVisible()
        assert_sealed(window, question, hidden, "quit, cancelled")
    finally:
        window.set_theme(original_theme)
        window.change_text_size(0)
    assert triggered >= 15  # the view, help and area entries, and the laws in an open-book paper

    # handed in: everything comes back, and the refusal on the status bar goes
    window.present()
    window.finish_exam(show=False)
    assert "not available" not in window.statusBar().currentMessage()
    window.areas.setCurrentRow(AREAS.index("Case"))
    menu_actions(window)  # open every menu again, with the paper's last case on screen
    assert [a.text() for a in sealed if not a.isEnabled() and a not in (window.back_action, window.forward_action)] == []
    answers["question"] = Button.Yes  # Edit this case… on a case not finished asks first
    editor = window.case_actions.edit_current()
    assert editor is not None and editor.isVisible()
    editor.close()
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    tools.actions()[0].trigger()
    assert window.calculators is not None and window.calculators.isVisible()
    window.calculators.hide()
    assert window.player.double_dummy.isVisible() and window.player.double_dummy.toggle.isEnabled()
    window.areas.setCurrentRow(AREAS.index("Cases"))
    assert not window.case_list.view.isColumnHidden(COLUMNS.index("Laws")) and window.case_list.law.isVisible()
    assert not window.library_view.cases_hidden
    window.areas.setCurrentRow(AREAS.index("Case"))
    window.present()
    assert window.presenter is not None
    window.presenter.stop()


def test_a_case_editor_put_away_for_an_exam_comes_back_with_its_draft(window: MainWindow, tmp_path: Path,
                                                                      answers: dict[str, Button]) -> None:
    window.case_actions.folder = tmp_path / "mine"
    editor = window.case_actions.new_case()
    editor.text.setPlainText(editor.text.toPlainText().replace("title: A new case", "title: Half written"))
    window.start_exam(PAPER)
    assert not editor.isVisible() and editor in window.case_actions.editors
    window.finish_exam(show=False)
    assert editor.isVisible() and "title: Half written" in editor.text.toPlainText()
    editor.ask_unsaved = lambda: Unsaved.DISCARD
    editor.close()


def test_the_seal_is_decided_by_the_policy_alone(window: MainWindow) -> None:
    """The window's seal holds exactly what ``sealed_by`` says, no more, no less."""
    from app.training.exam_seal import sealed_by

    window.start_exam(replace(PAPER, open_book=True))
    assert window.seal.sealed == sealed_by(window.exam) and Sealed.LAW_LIBRARY not in window.seal.sealed
    window.finish_exam(show=False)
    assert window.seal.sealed == frozenset()


def test_edit_this_case_asks_first_on_a_case_not_finished(window: MainWindow) -> None:
    asked: list[str] = []
    reply = [False]

    def confirm(title: str, question: str) -> bool:
        asked.append(question)
        return reply[0]

    window.case_actions.confirm = confirm
    window.open_case("claim-with-a-finesse")  # never attempted
    assert window.case_actions.edit_current() is None
    assert len(asked) == 1 and asked[0].startswith("This shows the answers to this case")
    assert revealing_windows() == []

    panel = window.player.ruling
    while panel.sitting is not None and panel.sitting.question is not None:  # finish it, answering anything
        question = panel.sitting.question
        if question.kind in ("single", "multi"):
            (panel.form.group.buttons() or panel.form.boxes)[0].setChecked(True)
        elif question.kind == "number":
            panel.form.line.setText("0")
        elif question.kind == "law":
            panel.form.law_box.setCurrentText("70")
        panel.submit.click()
        panel.next_button.click()
    editor = window.case_actions.edit_current()  # finished: the answers are the trainee's now
    assert editor is not None and len(asked) == 1
    editor.close()

    window.open_case("claim-with-a-finesse")  # open again and unfinished: asks again
    reply[0] = True
    editor = window.case_actions.edit_current()
    assert editor is not None and len(asked) == 2
    editor.close()


def test_an_open_book_library_lists_no_cases_during_an_exam(window: MainWindow) -> None:
    """The library stays open in an open-book paper, but what it says about cases does not: a law page's
    list of the cases resting on it, and a search that finds a case (with words of its ruling)."""
    window.start_exam(replace(PAPER, open_book=True))
    exam = window.exam
    assert exam is not None
    case = exam.cases[0]
    law = case.laws[0].key
    title_words = " ".join(case.title.split()[:3])
    view = window.library_view
    assert window.show_law(law)
    assert case.title not in view.browser.toPlainText()
    view.search.setText(title_words)
    kinds = {view.results.item(r).data(KIND_ROLE) for r in range(view.results.count())}
    assert "case" not in kinds
    window.finish_exam(show=False)
    assert window.show_law(law) and case.title in view.browser.toPlainText()
    view.search.setText(title_words)
    assert "case" in {view.results.item(r).data(KIND_ROLE) for r in range(view.results.count())}
