"""A case on paper, for a handout: the diagram at the director call, the board's conditions, the
situation and the questions, and — on request — each model answer with why, the model ruling and
the commentary. Printed through Qt's printing (File › Print case…) or saved as a PDF.

The page is HTML in the light look whatever the screen's theme, since paper is white, with the
drawn table as a picture inside it; printing and PDF go through ``app.ui.common.printing``, as a
law page's do. Choices are lettered A, B, C… as on the case screen and in a room, in one fixed
shuffled order, so the answers refer to the same letters as the questions.
"""

from __future__ import annotations

import base64
import html
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.bridge.seats import SEATS
from app.content.cases.model import Case, Question
from app.content.laws.render import Renderer, Style
from app.content.library import Library
from app.rules.timeline import replay
from app.training.feedback import choice_order, letter, model_answer_items, start_order
from app.ui.case.mark_html import inline
from app.ui.case.table_look import TableLook
from app.ui.case.table_widget import TableWidget
from app.ui.common.printing import ask_pdf_path, print_page, printable_document, save_pdf

DIAGRAM_SIZE = (800, 520)  # the table's size for paper, in its own pixels
PRINT_SEED = 0  # the order the choices are lettered in on paper, the same every time a case is printed


def diagram(case: Case, four_colour: bool = False) -> QImage:
    """The deal as dealt (every hand the case shows), with the auction, the play and what was said as
    the director finds them, in the light look; drawn at twice the pixels, to stay sharp on paper."""
    table = TableWidget()
    table.look = TableLook(dark=False, four_colour=four_colour)
    scenario = case.scenario()
    at_call = replay(scenario).at_director(scenario)
    table.set_board(case.board, case.dealer, case.vulnerability, case.show)
    table.set_state(replace(at_call, hands={seat: scenario.deal[seat] for seat in SEATS}, current_trick=()))
    table.resize(*DIAGRAM_SIZE)
    image = QImage(DIAGRAM_SIZE[0] * 2, DIAGRAM_SIZE[1] * 2, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2)
    image.fill(0xFFFFFFFF)
    table.render(image)
    table.deleteLater()
    return image


def image_source(image: QImage) -> str:
    """The image as a ``data:`` address, so the page's HTML carries it to the preview, the printer
    and the PDF alike (the shared printing lays out HTML, not a document with resources)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide takes the format as str; its stubs say bytes
    return "data:image/png;base64," + base64.b64encode(bytes(buffer.data().data())).decode("ascii")


def _choices(question: Question) -> list[tuple[str, int]]:
    """(letter, index in the case file) of each choice, in the order printed."""
    return [(letter(place), index) for place, index in enumerate(choice_order(question, PRINT_SEED))]


def case_html(case: Case, renderer: Renderer, answers: bool, diagram_source: str = "") -> str:
    """The page's HTML, with the diagram drawn from ``diagram_source`` (none when it is empty)."""
    parts = [f"<h1>Board {case.board}: {html.escape(case.title)}</h1>",
             f"<p>Dealer {case.dealer.english}; {html.escape(case.vulnerability.english)}.</p>"]
    if diagram_source:
        parts.append(f'<p><img src="{diagram_source}" width="{DIAGRAM_SIZE[0] * 3 // 4}"></p>')
    parts += ["<h2>The situation</h2>", renderer.markdown(case.situation), "<h2>Questions</h2>"]
    for number, question in enumerate(case.questions, start=1):
        parts.append(f"<p><b>{number}.</b> {inline(renderer, question.ask)}</p>")
        if question.choices:
            parts.append("<p>" + "<br>".join(f"{mark}. {html.escape(question.choices[index].text)}"
                                              for mark, index in _choices(question)) + "</p>")
        elif question.items:  # shuffled as a trainee's form starts, never in the right order
            parts.append("<p><i>Put in order:</i> " + "; ".join(html.escape(question.items[index]) for index in
                                                                start_order(question, PRINT_SEED)) + "</p>")
    if answers:
        parts.append("<h2>Answers</h2>")
        for number, question in enumerate(case.questions, start=1):
            parts.append(f"<p><b>{number}.</b> {html.escape(_model_answer(question))}</p>")
            if question.why:
                parts.append(renderer.markdown(question.why))
        parts += ["<h2>Model ruling</h2>", renderer.markdown(case.ruling),
                  "<h2>Commentary</h2>", renderer.markdown(case.commentary)]
    return "\n".join(parts)


def _model_answer(question: Question) -> str:
    if question.choices:
        return "; ".join(f"{mark}. {question.choices[index].text}" for mark, index in _choices(question)
                         if question.choices[index].correct)
    return " → ".join(model_answer_items(question)) if question.kind == "order" else model_answer_items(question)[0]


def case_page(case: Case, library: Library, answers: bool, four_colour: bool = False) -> str:
    """The whole page to print: the diagram and the text, in the light look."""
    renderer = Renderer(library.book, library.glossary, Style(four_colour=four_colour, dark=False))
    return case_html(case, renderer, answers, image_source(diagram(case, four_colour)))


class CasePrintDialog(QDialog):
    """What will be printed, with Print… and Save as PDF…."""

    def __init__(self, case: Case, library: Library, answers: bool, four_colour: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.case = case
        self.answers = answers
        self.setWindowTitle(f"Print {case.title}" + (" with the answers" if answers else ""))
        self.title = f"Board {case.board} {case.title}"
        self.page = case_page(case, library, answers, four_colour)
        self.document = printable_document(self.page, self.title, self.font())  # as it will be on paper
        note = QLabel("With the model answers, the ruling and the commentary." if answers else
                      "The diagram, the situation and the questions, without the answers.")
        note.setWordWrap(True)
        self.preview = QTextBrowser()
        self.preview.setAccessibleName("What will be printed")
        self.preview.setStyleSheet("QTextBrowser { background: white; color: black; }")  # paper, in either theme
        self.preview.setDocument(self.document)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.print_button = QPushButton("Print…")
        self.pdf_button = QPushButton("Save as PDF…")
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.pdf_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.print_button.clicked.connect(lambda: print_page(self.page, self.title, self))
        self.pdf_button.clicked.connect(self._save_pdf)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.preview, 1)
        layout.addWidget(buttons)
        screen = (parent.screen() if parent is not None else None) or self.screen()
        room = screen.availableGeometry()
        self.resize(min(820, int(room.width() * 0.9)), min(760, int(room.height() * 0.85)))

    def _save_pdf(self) -> None:
        path = ask_pdf_path(self.title, self)
        if path is None:
            return
        try:
            self.save_pdf(path)
        except OSError as exc:
            QMessageBox.warning(self, "Save as PDF", f"The case was not saved: {exc}.")

    def save_pdf(self, path: Path) -> None:
        """Write the page as a PDF; OSError, naming the file, when it could not be written."""
        save_pdf(self.page, self.title, path, self.font())
