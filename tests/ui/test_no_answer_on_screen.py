"""The walk-through: every case of the library, question by question, in the real window. Before each
question is answered, nothing on screen — the title, the situation, the table (its description, which
carries the side panel's contract and the hands' declarer and dummy labels), the question's own
wording, the feedback still showing from the question before, the law pane and its tab, what was said
at the table (kept at the director call) — names the answer to it or to any question still to come.
``app.training.visibility`` decides what gives an answer away; this test holds the window to it, so a
widget that shows more than the model knows of is caught too."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.content.cases.model import Case
from app.training.visibility import FEEDBACK, LAW_PANE, QUESTION, STORY, TABLE, Shown, gives_away
from app.ui.window.main_window import MainWindow
from tests.ui.test_case_screen import answer_something


def on_screen(window: MainWindow, case: Case) -> list[Shown]:
    """The text the case screen shows now, each piece with the kind of place it sits in."""
    player, panel = window.player, window.player.ruling
    return [
        Shown("the title", player.title.text(), STORY),
        Shown("the situation", player.situation.toPlainText(), STORY),
        # the table's own words: its contract line; the auction's calls are the case's facts
        Shown("the table", ". ".join(part for part in player.table.describe().split(". ")
                                     if part.startswith("Contract")), TABLE),
        Shown("the table's step", player.step_label.text(), TABLE),
        # what was said at the table, kept on it at the director call (a claim statement): the case's story
        Shown("the table's balloons", " ".join(b.text for b in player.table.state.balloons), STORY),
        Shown("the story's tabs", " ".join(player.story.tabText(i) for i in range(player.story.count())), LAW_PANE),
        Shown("the question", panel.ask.text(), QUESTION),
        Shown("the feedback", panel.feedback.toPlainText() if panel.feedback.isVisible() else "", FEEDBACK),
        Shown("the law pane", player.law_pane.toPlainText(), LAW_PANE),
        Shown("the status bar", window.statusBar().currentMessage(), STORY),  # the case's title
    ]


def test_no_answer_is_on_screen_before_its_question_in_any_case(window: MainWindow) -> None:
    panel = window.player.ruling
    found: list[str] = []
    walked = 0
    for case in window.library.cases:
        window.open_case(case.id)
        while panel.sitting is not None and panel.sitting.question is not None:
            QApplication.processEvents()
            index = case.questions.index(panel.sitting.question)
            for shown in on_screen(window, case):
                for later in case.questions[index:]:
                    if shown.kind == QUESTION and later is case.questions[index]:
                        continue  # a question may repeat words of its own choices
                    found += [f"{case.id}/{later.id}: {answer} shown in {shown.place} before question "
                              f"{case.questions[index].id!r}" for answer in gives_away(later, shown)]
            walked += 1
            answer_something(panel)
            panel.mark_current()
            panel.next_question()
    assert walked == sum(len(case.questions) for case in window.library.cases)
    assert not found, "\n".join(found)
