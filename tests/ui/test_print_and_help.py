"""A case on paper (File › Print case…): the diagram, the situation and the questions, lettered as on
screen; with answers only on request and never during an exam; saved as a PDF that reads back with
its words. Help › How answers are marked gives each rule with an example the marker works out."""

from __future__ import annotations

import html
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QMenu, QMessageBox

from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.marking_help import marking_rules
from app.ui.case import case_print
from app.ui.case.case_print import CasePrintDialog, case_page
from app.ui.window.main_window import MainWindow

README = Path(__file__).resolve().parents[2] / "README.md"


def pdf_text(path: Path) -> str:
    """The PDF's words, its ligatures (ﬁ) read as letters."""
    pages = (unicodedata.normalize("NFKC", page.extract_text() or "") for page in PdfReader(str(path)).pages)
    return " ".join(" ".join(page.split()) for page in pages)


def entry(window: MainWindow, menu: str, text: str):  # type: ignore[no-untyped-def]
    found = next(a.menu() for a in window.menuBar().actions() if a.text() == menu)
    assert isinstance(found, QMenu)
    found.aboutToShow.emit()
    return next(a for a in found.actions() if a.text().replace("&", "") == text)


def test_a_case_prints_to_pdf_with_its_diagram_and_questions_and_answers_only_on_request(  # type: ignore[no-untyped-def]
        window: MainWindow, tmp_path: Path) -> None:
    case = window.library.case("claim-with-a-finesse")
    window.open_case(case.id)
    entry(window, "&File", "Print case…").trigger()
    dialog = window.print_dialog
    assert isinstance(dialog, CasePrintDialog) and dialog.isVisible() and not dialog.answers
    source = dialog.page.split('<img src="', 1)[1].split('"', 1)[0]
    image = dialog.document.resource(QTextDocument.ResourceType.ImageResource, QUrl(source))
    assert image is not None and not image.isNull() and image.width() >= 800  # the drawn table, sharp
    dialog.save_pdf(tmp_path / "handout.pdf")
    text = pdf_text(tmp_path / "handout.pdf")
    assert case.title.split(":")[0] in text and "The situation" in text and "Questions" in text
    single = next(q for q in case.questions if q.kind == "single")
    assert "A. " in text and single.choices[0].text.split()[0] in text
    ruling_words = " ".join(case.ruling.split()[:6])
    assert "Model ruling" not in text and ruling_words not in text
    dialog.close()

    entry(window, "&File", "Print case with answers…").trigger()
    dialog = window.print_dialog
    assert dialog.answers
    dialog.save_pdf(tmp_path / "answers.pdf")
    text = pdf_text(tmp_path / "answers.pdf")
    assert "Answers" in text and "Model ruling" in text and "Commentary" in text
    assert ruling_words.split()[0] in text
    dialog.close()


def test_printing_with_answers_is_sealed_during_an_exam(window: MainWindow, tmp_path: Path) -> None:
    window.start_exam(replace(BUILT_IN_PROFILES[0], cases=2, quotas={}))
    with_answers = entry(window, "&File", "Print case with answers…")
    assert not with_answers.isEnabled()
    window.print_case(True)  # reached some other way, it says why not
    assert "not available during an exam" in window.statusBar().currentMessage()
    entry(window, "&File", "Print case…").trigger()  # the paper's case without its answers may be printed
    dialog = window.print_dialog
    assert not dialog.answers
    dialog.save_pdf(tmp_path / "paper.pdf")
    assert "Model ruling" not in pdf_text(tmp_path / "paper.pdf")
    dialog.close()
    window.finish_exam(show=False)
    assert with_answers.isEnabled()


def test_an_order_question_is_printed_shuffled_not_in_its_answer(window: MainWindow) -> None:
    from app.content.laws.render import Renderer
    from app.ui.case.case_print import case_html

    case = next(c for c in window.library.cases if any(q.kind == "order" for q in c.questions))
    question = next(q for q in case.questions if q.kind == "order")
    page = case_html(case, Renderer(window.library.book), False)
    printed = page.split("Put in order:</i> ")[1].split("</p>")[0]
    items = [html.escape(item) for item in question.items]
    assert printed != "; ".join(items) and sorted(printed.split("; ")) == sorted(items)


def test_the_printed_letters_are_the_answers_letters(window: MainWindow) -> None:
    from app.ui.case.case_print import _choices, _model_answer

    case = window.library.case("claim-with-a-finesse")
    question = next(q for q in case.questions if q.kind == "single")
    letters = dict((index, mark) for mark, index in _choices(question))
    right = next(i for i, c in enumerate(question.choices) if c.correct)
    assert _model_answer(question) == f"{letters[right]}. {question.choices[right].text}"
    assert f"{letters[right]}. {html.escape(question.choices[right].text)}" in case_page(case, window.library, True)


def test_a_pdf_that_cannot_be_written_is_said_so_and_the_dialog_stays(  # type: ignore[no-untyped-def]
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window.open_case("claim-with-a-finesse")
    window.print_case(False)
    dialog = window.print_dialog
    target = tmp_path / "no such folder" / "handout.pdf"
    monkeypatch.setattr(case_print, "ask_pdf_path", lambda title, parent: target)
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: said.append(text)))
    dialog.pdf_button.click()
    assert len(said) == 1 and str(target) in said[0] and "not saved" in said[0]
    assert dialog.isVisible() and not target.exists()
    dialog.close()


def test_how_answers_are_marked_explains_each_rule_with_the_markers_own_figures(window: MainWindow) -> None:
    entry(window, "&Help", "How answers are marked").trigger()
    page = window.marking_dialog.view.toPlainText()
    rules = {rule.kind: rule for rule in marking_rules()}
    assert set(rules) == {"One choice", "Several choices", "A number", "A law reference", "An order"}
    several = rules["Several choices"]
    assert "less the share" in several.rule
    # 2 of 4 apply; one of them and one of the others ticked: 1/2 − 1/2 = 0; all four ticked: nothing
    assert "0.5 − 0.5 = 0" in several.example and "0 of 1 (wrong)" in several.example
    assert "Ticking all four: 0 of 1" in several.example
    assert "20F earns 0.5 of 1 (partly right)" in rules["A law reference"].example
    assert "reversed 0 of 1" in rules["An order"].example
    for rule in rules.values():
        assert rule.rule in page
    readme = README.read_text(encoding="utf-8")
    assert "share of the right choices ticked less the share of the\n  wrong choices ticked" in readme
    assert "half marks for another section of the right law" in readme
