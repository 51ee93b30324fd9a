"""The case editor end to end: a new case written in the form, checked as it is typed, its expect block
filled in by the engine, saved and loaded; a PBN board imported; a library case edited and saved;
placeholder text reported and kept from being saved; unsaved changes never dropped on closing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenuBar

from app.bridge.deal import Deal
from app.content.cases import skeleton
from app.content.cases.loader import read_case
from app.content.cases.writer import case_data
from app.content.library import Library, load_library
from app.ui.editor.case_editor import CaseEditor
from app.ui.editor.case_menu import BoardPicker
from app.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20000


@pytest.fixture
def library() -> Library:
    """A library of this test's own: saving a case puts it into the window's library."""
    return load_library(ROOT / "content")


@pytest.fixture
def mine(window: MainWindow, tmp_path: Path) -> Path:
    folder = tmp_path / "my-cases"
    window.case_actions.folder = folder
    return folder


def problems_shown(editor: CaseEditor) -> list[str]:
    return [editor.problems.item(row).text() for row in range(editor.problems.count())]


def settled(qtbot, editor: CaseEditor) -> None:  # type: ignore[no-untyped-def]
    """Wait for the text to be read back and the latest check to report."""
    qtbot.waitUntil(lambda: not editor.settle.isActive() and editor.status.text() != "Checking…", timeout=WAIT)


def retype(qtbot, line, text: str) -> None:  # type: ignore[no-untyped-def]
    line.clear()
    qtbot.keyClicks(line, text)


# What an author writes in place of each placeholder of a new case.
REAL_TITLE = "One diamond over one spade"
REAL_TEXT = {
    skeleton.PLACEHOLDER_SITUATION: "East bid one diamond over North's one spade; South called the director.",
    skeleton.PLACEHOLDER_TOLD: "East says he did not see the opening bid.",
    skeleton.PLACEHOLDER_ASK: "Who may accept the insufficient bid?",
    skeleton.PLACEHOLDER_RIGHT: "South (the offender's left-hand opponent)",  # no comma: the choice is a flow mapping
    skeleton.PLACEHOLDER_WRONG: "North (the opener)",
    skeleton.PLACEHOLDER_RULING: "South may accept one diamond (Law 27A1); if he does not, East corrects it (Law 27B).",
    skeleton.PLACEHOLDER_COMMENTARY: "Law 27A1 gives the offender's left-hand opponent the first say.",
}


def write_the_placeholders(qtbot, editor: CaseEditor) -> None:  # type: ignore[no-untyped-def]
    """Replace every placeholder sentence in the text with real words, as the author would."""
    text = editor.text.toPlainText().replace(f"title: {skeleton.PLACEHOLDER_TITLE}\n", f"title: {REAL_TITLE}\n")
    for placeholder, real in REAL_TEXT.items():
        text = text.replace(placeholder, real)
    editor.text.setPlainText(text)
    settled(qtbot, editor)


def test_new_case_from_the_form_to_the_library(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    assert editor.check is not None and editor.check.case is not None  # the blank case loads as it is
    form = editor.form
    retype(qtbot, form.fields["id"], "opening-bid-over-partner")
    retype(qtbot, form.fields["title"], "One diamond over one spade")
    form.board.setValue(5)
    assert form.rota.text() == "Dealer North, North-South vulnerable (Law 2)"
    form.texts["events"].setPlainText("call N 1S\ncall E 1D\nsay S Director, please.\ndirector")
    retype(qtbot, form.fields["laws"], "27Q")
    retype(qtbot, form.fields["topics"], "insufficient-bid")
    text = editor.text.toPlainText()
    assert "id: opening-bid-over-partner" in text and "board: {number: 5}" in text
    assert "  - call: {E: 1D}\n" in text and 'laws: ["27Q"]' in text
    # live problems: the same file:line messages as check, and the warning about the missing expect block
    settled(qtbot, editor)
    shown = problems_shown(editor)
    laws_line = text.splitlines().index('laws: ["27Q"]') + 1
    assert any(p.startswith(f"opening-bid-over-partner.yaml:{laws_line}: ") for p in shown), shown
    retype(qtbot, form.fields["laws"], "27A1, 27B2")
    settled(qtbot, editor)
    assert sum("still holds the placeholder text" in p for p in problems_shown(editor)) == 6  # title written
    assert not editor.save_button.isEnabled()
    write_the_placeholders(qtbot, editor)
    shown = problems_shown(editor)
    assert len(shown) == 1 and "warning: case 'opening-bid-over-partner' has no expect block" in shown[0]
    assert "insufficient" in editor.analysis.toPlainText().lower()
    table = editor.table.describe()  # the live preview: board 5's conditions, the calls, the director call
    assert table.startswith("Board 5, dealer North") and "Auction: N:1S E:1D" in table
    assert table.endswith("The director has been called")
    # the engine fills in expect, and check then agrees with it
    editor.fill_button.click()
    qtbot.waitUntil(lambda: "expect:" in editor.text.toPlainText(), timeout=WAIT)
    settled(qtbot, editor)
    assert "  irregularity: insufficient-bid\n  offender: E\n" in editor.text.toPlainText()
    assert problems_shown(editor) == []
    saved = editor.save()
    assert saved is not None and saved.path == mine / "opening-bid-over-partner.yaml"
    # it is in the window's library and case list now, and loads from the folder on the next start
    assert window.library.case("opening-bid-over-partner") is saved
    assert "One diamond over one spade" in [window.case_list.model.item(r, 0).text()
                                            for r in range(window.case_list.model.rowCount())]
    again = load_library(ROOT / "content", user_cases=mine).case("opening-bid-over-partner")
    assert again is not None and again.expect["offender"] == "E" and again.board == 5


def test_text_edits_reach_the_form(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    text = editor.text.toPlainText().replace("title: A new case", "title: Typed in the text")
    editor.text.setPlainText(text.replace("difficulty: 1", "difficulty: 4"))
    qtbot.waitUntil(lambda: editor.form.fields["title"].text() == "Typed in the text", timeout=WAIT)
    assert editor.form.difficulty.value() == 4
    # text that is not YAML leaves the form as it was and is reported on its line, under the case's name
    editor.text.setPlainText(editor.text.toPlainText().replace("difficulty: 4", "difficulty: [4"))
    settled(qtbot, editor)
    line = editor.text.toPlainText().splitlines().index("difficulty: [4") + 1
    shown = problems_shown(editor)
    assert len(shown) == 1 and shown[0].startswith("new-case-1.yaml:") and "not valid YAML" in shown[0]
    assert int(shown[0].split(":")[1]) == line + 1  # where the parser gives up, as `check` would say it
    assert editor.form.fields["title"].text() == "Typed in the text" and not editor.save_button.isEnabled()


def test_a_pbn_board_becomes_a_case_that_loads(qtbot, window: MainWindow, mine: Path,  # type: ignore[no-untyped-def]
                                               tmp_path: Path) -> None:
    deal = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
    source = tmp_path / "Tuesday pairs.pbn"
    source.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal.to_pbn()}"]\n\n'
        f'[Board "6"]\n[Dealer "E"]\n[Vulnerable "EW"]\n[Deal "{deal.to_pbn()}"]\n[Declarer "N"]\n'
        '[Contract "4S"]\n[Result "10"]\n[Auction "E"]\nP 1S P 3S\nP 4S P P\nP\n', encoding="utf-8")
    window.case_actions.import_deal(source)
    qtbot.waitUntil(lambda: bool(window.findChildren(BoardPicker)), timeout=WAIT)
    picker = window.findChildren(BoardPicker)[0]
    rows = [[picker.table.item(r, c).text() for c in range(4)] for r in range(picker.table.rowCount())]
    assert rows == [["1", "—", "—", "—"], ["6", "4♠", "North", "10"]]
    picker.table.selectRow(1)
    picker.accept()
    editor = window.case_actions.editors[-1]
    settled(qtbot, editor)
    assert editor.check is not None and editor.check.case is not None, problems_shown(editor)
    case = editor.check.case
    assert case.id == "tuesday-pairs-board-6" and case.board == 6 and case.result == 10
    assert [str(e.call) for e in case.events if e.kind == "call"] == ["P", "1S", "P", "3S", "P", "4S", "P", "P", "P"]
    # the board's own facts are written; the author's parts are still placeholders, and nothing else is wrong
    assert all("still holds the placeholder text" in p for p in problems_shown(editor))
    assert editor.save() is None and "Not saved" in editor.status.text()
    write_the_placeholders(qtbot, editor)
    assert problems_shown(editor) == []  # no irregularity yet: the author adds it
    saved = editor.save()
    assert saved is not None and read_case(saved.path)[0] is not None


def test_editing_a_library_case_saves_the_same_case(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    original = window.library.case("claim-with-a-finesse")
    assert original is not None
    window.open_case(original.id)
    editor = window.case_actions.edit_current()
    assert editor is not None
    settled(qtbot, editor)
    title = editor.form.fields["title"]
    retype(qtbot, title, "Changed for a moment")
    assert "title: Changed for a moment" in editor.text.toPlainText()
    retype(qtbot, title, original.title)
    settled(qtbot, editor)
    assert problems_shown(editor) == []
    saved = editor.save()
    assert saved is not None and saved.path.parent == mine
    assert case_data(saved) == case_data(original)
    assert (ROOT / "content" / "cases" / "claim-with-a-finesse.yaml").read_text(encoding="utf-8") == \
        original.path.read_text(encoding="utf-8")
    assert window.library.case(original.id) is saved


def test_every_event_of_the_library_survives_the_form(library: Library) -> None:
    """The form shows events one a line; reading the lines back gives the file's events unchanged."""
    from app.content.cases.writer import event_data
    from app.ui.editor.case_form import event_line, parse_event_line

    events = [event_data(event) for case in library.cases for event in case.events]
    assert len(events) > 500
    assert [parse_event_line(event_line(event)) for event in events] == events


def imported(qtbot, window: MainWindow, pack: Path):  # type: ignore[no-untyped-def]
    """Import a pack through the menu's entry and wait for the report it ends with; returns the report."""
    from PySide6.QtWidgets import QMessageBox

    before = set(window.findChildren(QMessageBox))
    window.case_actions.import_pack(pack)
    qtbot.waitUntil(lambda: any(box.isVisible() and box.windowTitle() == "Import a case pack"
                                for box in set(window.findChildren(QMessageBox)) - before), timeout=WAIT)
    return next(box for box in set(window.findChildren(QMessageBox)) - before if box.isVisible())


def test_a_case_pack_comes_in_through_the_menu(qtbot, window: MainWindow, mine: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import zipfile

    from PySide6.QtWidgets import QMessageBox

    from app.content.cases.skeleton import blank_case
    from app.content.cases.writer import dump_case
    from app.ui.editor.case_menu import PackChooser

    pack = tmp_path / "club.zip"
    with zipfile.ZipFile(pack, "w") as archive:
        archive.writestr("club-case-one.yaml", dump_case(blank_case("club-case-one")))
        archive.writestr("../evil.yaml", dump_case(blank_case("evil")))
    mine.mkdir()
    (mine / "club-case-one.yaml").write_text(dump_case({**blank_case("club-case-one"), "title": "Mine"}))
    asked: list[str] = []

    def no(parent, title: str, text: str, *args) -> QMessageBox.StandardButton:  # type: ignore[no-untyped-def]
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(no))
    box = imported(qtbot, window, pack)
    assert asked == ["You already have club-case-one.yaml. Replace it with the one in the pack?"]
    assert read_case(mine / "club-case-one.yaml")[0].title == "Mine"  # type: ignore[union-attr]
    assert box.text() == "club.zip: 0 case(s) imported; 1 kept as they were (not replaced); 1 file(s) left out " \
                         "with problems."
    assert "climbs out of the pack" in box.detailedText()
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *args: QMessageBox.StandardButton.Yes))
    imported(qtbot, window, pack)
    case = window.library.case("club-case-one")
    assert case is not None and case.title == "A new case" and case.path == mine / "club-case-one.yaml"
    chooser = PackChooser(window.library.cases, mine, window)
    assert [c.id for c in chooser.chosen()] == ["club-case-one"]  # the user's own cases are ticked to begin with
    assert not (tmp_path / "evil.yaml").exists()


def test_a_new_case_under_a_library_id_asks_first(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    asked: list[str] = []
    answer = [False]

    def ask(title: str, question: str) -> bool:
        asked.append(question)
        return answer[0]

    editor.ask = ask
    write_the_placeholders(qtbot, editor)
    retype(qtbot, editor.form.fields["id"], "claim-with-a-finesse")
    settled(qtbot, editor)
    assert editor.save() is None and not (mine / "claim-with-a-finesse.yaml").exists()
    assert asked and asked[0].startswith("The library has a case claim-with-a-finesse.")
    answer[0] = True
    saved = editor.save()
    assert saved is not None and window.library.case("claim-with-a-finesse") is saved
    assert saved.title == REAL_TITLE and len(asked) == 2


def test_the_editor_shows_the_solver_at_once(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    """An author needs no lock: the double-dummy tab solves the deal being written, off the GUI thread,
    and for a claim case says what each side takes from the director's position."""
    from app.bridge.double_dummy import trick_table
    from app.ui.case.double_dummy_panel import DECLARERS, DENOMINATIONS

    window.open_case("claim-with-a-finesse")
    editor = window.case_actions.edit_current()
    assert editor is not None
    settled(qtbot, editor)
    panel = editor.double_dummy
    assert not panel.locked and panel.toggle.isEnabled()
    panel.toggle.setChecked(True)
    qtbot.waitUntil(lambda: panel.par.text() != "" and panel.position.text() != "", timeout=30000)
    table = trick_table(window.library.case("claim-with-a-finesse").deal)
    shown = [[int(panel.grid.item(r, c).text()) for c in range(len(DECLARERS))] for r in range(len(DENOMINATIONS))]
    assert shown == [[table[d][s] for s in DECLARERS] for d in DENOMINATIONS]


def test_an_untouched_editor_closes_without_asking(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    editor.ask_unsaved = lambda: pytest.fail("nothing was changed, so nothing should be asked")
    assert editor.close()
    window.open_case("claim-with-a-finesse")
    editor = window.case_actions.edit_current()
    assert editor is not None
    settled(qtbot, editor)
    title = editor.form.fields["title"]
    original = title.text()
    retype(qtbot, title, "Changed for a moment")
    retype(qtbot, title, original)  # the text is rewritten in the format's layout, but says the same
    settled(qtbot, editor)
    editor.ask_unsaved = lambda: pytest.fail("the case says what it said: nothing to lose")
    assert editor.close()


def test_closing_with_unsaved_changes_asks_save_discard_or_cancel(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                  mine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from app.ui.editor.case_editor import Unsaved

    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    retype(qtbot, editor.form.fields["id"], "unsaved-draft")
    settled(qtbot, editor)
    asked: list[Unsaved] = []
    reply = [Unsaved.CANCEL]

    def ask() -> Unsaved:
        asked.append(reply[0])
        return reply[0]

    editor.ask_unsaved = ask
    qtbot.keyClick(editor.text, Qt.Key.Key_Escape)  # Esc: Cancel keeps the draft open
    assert editor.isVisible() and len(asked) == 1
    close = next(a for a in editor.findChild(QMenuBar).actions()[0].menu().actions() if a.text() == "&Close")
    reply[0] = Unsaved.SAVE  # Save, with placeholders left: not saved, so not closed either
    close.trigger()
    assert editor.isVisible() and len(asked) == 2 and "Not saved" in editor.status.text()
    assert not (mine / "unsaved-draft.yaml").exists()
    reply[0] = Unsaved.CANCEL
    window.close()  # quitting the application asks too, and Cancel keeps the window open
    assert window.isVisible() and editor.isVisible() and len(asked) == 3
    write_the_placeholders(qtbot, editor)
    reply[0] = Unsaved.SAVE
    assert window.close()  # saved, then closed, and the application with it
    assert len(asked) == 4 and (mine / "unsaved-draft.yaml").exists() and not editor.isVisible()
    # the question itself: Save, Discard or Cancel, anything else keeps the draft
    other = window.case_actions.new_case()
    for button, meaning in ((QMessageBox.StandardButton.Discard, Unsaved.DISCARD),
                            (QMessageBox.StandardButton.Save, Unsaved.SAVE),
                            (QMessageBox.StandardButton.Cancel, Unsaved.CANCEL),
                            (QMessageBox.StandardButton.Yes, Unsaved.CANCEL)):
        monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *args, b=button: b))
        assert other._ask_unsaved() is meaning


def test_a_discarded_draft_is_not_written(qtbot, window: MainWindow, mine: Path) -> None:  # type: ignore[no-untyped-def]
    from app.ui.editor.case_editor import Unsaved

    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    write_the_placeholders(qtbot, editor)
    editor.ask_unsaved = lambda: Unsaved.DISCARD
    qtbot.keyClick(editor.text, Qt.Key.Key_Escape)
    assert not editor.isVisible() and not mine.exists()


def test_placeholder_text_is_a_problem_at_its_line_and_blocks_saving(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                     mine: Path) -> None:
    editor = window.case_actions.new_case()
    settled(qtbot, editor)
    lines = editor.text.toPlainText().splitlines()
    shown = problems_shown(editor)
    expected = {
        "title": skeleton.PLACEHOLDER_TITLE, "situation": skeleton.PLACEHOLDER_SITUATION,
        "question 'ruling'": skeleton.PLACEHOLDER_ASK, "choice 1 of question 'ruling'": skeleton.PLACEHOLDER_RIGHT,
        "choice 2 of question 'ruling'": skeleton.PLACEHOLDER_WRONG, "model ruling": skeleton.PLACEHOLDER_RULING,
        "commentary": skeleton.PLACEHOLDER_COMMENTARY,
    }
    for where, placeholder in expected.items():
        [message] = [p for p in shown if f"{where} still holds the placeholder text {placeholder!r}" in p]
        line = int(message.split(":")[1])
        assert placeholder in lines[line - 1], (message, lines[line - 1])
        assert message.endswith(": write the real " + ("question" if where == "question 'ruling'" else
                                                      "choice" if where.startswith("choice") else where))
    assert not editor.save_button.isEnabled() and editor.save() is None and not mine.exists()
    assert "placeholder" in editor.status.text()
