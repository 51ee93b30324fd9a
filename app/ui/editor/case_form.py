"""The case editor's form: a field for everything a case file holds, read from and written to its mapping.

The form never holds the case itself: ``load`` fills the fields from the mapping the file's text
parses to, and each edit says which key changed (``changed``) so the editor writes that key's
``value`` back into the text. Keys the form does not show (``expect``, ``solver``, ``notes``) are
edited in the text and left alone here. Events are one per line, ``call E 1D`` or ``trick SA S2``,
so that a long play stays readable.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import board_conditions
from app.bridge.seats import SEATS
from app.content.cases.model import EDITIONS
from app.ui.editor.question_form import QuestionsEditor

REMOVE = object()  # ``value`` of an optional key left empty: the key goes from the file


def event_line(event: Any) -> str:
    """One event as a line of the form: ``call E 1D``, ``trick SA S2 S4``, ``director``."""
    if isinstance(event, dict) and len(event) == 1:
        kind, value = next(iter(event.items()))
        if kind == "director":
            return "director" if value is True else f"director {value}"
        if kind == "turned" and value is True:
            return "turned"
        if kind == "trick" and isinstance(value, list):
            return " ".join(["trick", *(str(card) for card in value)])
        if isinstance(value, dict) and len(value) == 1:
            seat, payload = next(iter(value.items()))
            shown = "true" if payload is True else "false" if payload is False else str(payload)
            if "\n" not in shown:
                return f"{kind} {seat} {shown}"
    return json.dumps(event, ensure_ascii=False)  # anything else stays as written, in YAML's flow style


def parse_event_line(line: str) -> Any:
    """The event mapping for a line of the form; the loader reports whatever is wrong with it."""
    text = line.strip()
    if text.startswith("{"):
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError:
            return text
    kind, *rest = text.split(maxsplit=2)
    if kind == "director":
        return {"director": rest[0] if rest else True}
    if kind == "turned" and not rest:
        return {"turned": True}
    if kind == "trick":
        return {"trick": " ".join(rest).split()}
    seat = rest[0] if rest else ""
    payload: Any = rest[1] if len(rest) > 1 else ""
    if kind == "accept":
        payload = {"true": True, "false": False, "": True}.get(payload.lower(), payload)
    return {kind: {seat: payload}}


class CaseForm(QTabWidget):
    """Every key of a case as a field; ``changed(key)`` after each edit by the user."""

    changed = Signal(str)

    def __init__(self, topics: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self.fields: dict[str, QLineEdit] = {}
        self.texts: dict[str, QPlainTextEdit] = {}
        self.topics = topics

        case_tab = QWidget()
        form = QFormLayout(case_tab)
        for key, label in (("id", "Id (file name)"), ("title", "Title")):
            form.addRow(label, self._line(key))
        self.edition = QComboBox()
        self.edition.addItems(list(EDITIONS))
        self.edition.setAccessibleName("Edition")
        self.edition.currentIndexChanged.connect(lambda _: self._emit("edition"))
        form.addRow("Edition", self.edition)
        self.difficulty = QSpinBox()
        self.difficulty.setRange(1, 5)
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.valueChanged.connect(lambda _: self._emit("difficulty"))
        form.addRow("Difficulty (1–5)", self.difficulty)
        form.addRow("Laws", self._line("laws", "27B1(a), 26B"))
        topics_line = self._line("topics", "insufficient-bid, revoke")
        topics_line.setToolTip("Topics from content/topics.yaml:\n" + "\n".join(sorted(topics)))
        form.addRow("Topics", topics_line)
        form.addRow("Sources (one a line)", self._text("sources", 3))
        form.addRow("Twin (case id)", self._line("twin"))
        self.addTab(case_tab, "Case")

        table_tab = QWidget()
        table = QFormLayout(table_tab)
        self.board = QSpinBox()
        self.board.setRange(1, 999)
        self.board.setAccessibleName("Board number")
        self.board.valueChanged.connect(lambda _: self._emit("board"))
        self.rota = QLabel()
        self.rota.setAccessibleName("Dealer and vulnerability")
        self.rota.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.board)
        row.addWidget(self.rota, 1)
        table.addRow("Board", row)
        self.hands: dict[str, QLineEdit] = {}
        for seat in SEATS:
            hand = QLineEdit()
            hand.setPlaceholderText("AKQ2.K32.Q54.A32 (spades.hearts.diamonds.clubs)")
            hand.setAccessibleName(f"{seat.english}'s hand")
            hand.textEdited.connect(lambda _: self._emit("deal"))
            self.hands[seat.letter] = hand
            table.addRow(seat.english, hand)
        table.addRow("Auction", self._line("auction", "1S P 3S P 4S P P P (calls in rotation from the dealer)"))
        contract_row = QHBoxLayout()
        contract_row.addWidget(self._line("contract", "only when the auction does not give it, e.g. 4SX"))
        contract_row.addWidget(QLabel("by"))
        contract_row.addWidget(self._line("declarer", "S"))
        table.addRow("Contract", contract_row)
        table.addRow("Result (tricks)", self._line("result", "tricks won by declarer's side, as played"))
        show_row = QHBoxLayout()
        self.show_boxes: dict[str, QCheckBox] = {}
        for seat in SEATS:
            box = QCheckBox(seat.letter)
            box.setAccessibleName(f"Show {seat.english}'s hand")
            box.toggled.connect(lambda _: self._emit("show"))
            self.show_boxes[seat.letter] = box
            show_row.addWidget(box)
        table.addRow("Hands shown", show_row)
        events = self._text("events", 8)
        events.setPlaceholderText("One event a line:\ncall E 1D\nplay N S2\ntrick SA S2 S4 S7\nsay S Director, please."
                                  "\nclaim S the rest are mine\naccept W false\ndirector")
        table.addRow("Events", events)
        self.addTab(table_tab, "Table")

        self.questions = QuestionsEditor()
        self.questions.changed.connect(lambda: self._emit("questions"))
        self.addTab(self.questions, "Questions")

        texts_tab = QWidget()
        texts = QVBoxLayout(texts_tab)
        for key, label in (("situation", "Situation (Markdown)"), ("ruling", "Model ruling (Markdown)"),
                           ("commentary", "Commentary (Markdown)")):
            texts.addWidget(QLabel(label))
            texts.addWidget(self._text(key, 6), 1)
        self.addTab(texts_tab, "Texts")

    def _line(self, key: str, placeholder: str = "") -> QLineEdit:
        line = QLineEdit()
        line.setPlaceholderText(placeholder)
        line.setAccessibleName(key.capitalize())
        line.textEdited.connect(lambda _: self._emit(key))
        self.fields[key] = line
        return line

    def _text(self, key: str, rows: int) -> QPlainTextEdit:
        text = QPlainTextEdit()
        text.setAccessibleName(key.capitalize())
        text.setMinimumHeight(rows * text.fontMetrics().lineSpacing())
        text.textChanged.connect(lambda: self._emit(key))
        self.texts[key] = text
        return text

    def _emit(self, key: str) -> None:
        if key == "board":
            self._show_rota()
        if not self._loading:
            self.changed.emit(key)

    def _show_rota(self) -> None:
        dealer, vulnerability = board_conditions(self.board.value())
        self.rota.setText(f"Dealer {dealer.english}, {vulnerability.english} (Law 2)")

    # --- from the file's mapping ----------------------------------------------------------------

    def load(self, data: dict[str, Any]) -> None:
        """Show a case mapping in the fields, without reporting changes (the text is already right)."""
        self._loading = True
        try:
            for key in ("id", "title", "twin", "contract", "declarer", "result"):
                self._set_line(key, "" if data.get(key) is None else str(data[key]))
            self._set_line("laws", _joined(data.get("laws")))
            self._set_line("topics", _joined(data.get("topics")))
            self._set_line("auction", " ".join(str(c) for c in data.get("auction") or [])
                           if isinstance(data.get("auction"), list) else str(data.get("auction") or ""))
            edition = str(data.get("edition", EDITIONS[0]))
            if edition in EDITIONS:
                self.edition.setCurrentIndex(EDITIONS.index(edition))
            difficulty = data.get("difficulty")
            self.difficulty.setValue(difficulty if isinstance(difficulty, int) and 1 <= difficulty <= 5 else 1)
            board = data.get("board")
            number = board.get("number") if isinstance(board, dict) else None
            self.board.setValue(number if isinstance(number, int) and number >= 1 else 1)
            self._show_rota()
            self._load_hands(data.get("deal"))
            shown = data.get("show")
            letters = {str(s).upper()[:1] for s in shown} if isinstance(shown, list) else {s.letter for s in SEATS}
            for letter, box in self.show_boxes.items():
                box.setChecked(letter in letters)
            events = data.get("events")
            self._set_text("events", "\n".join(event_line(e) for e in events) if isinstance(events, list) else "")
            sources = data.get("sources")
            self._set_text("sources", "\n".join(str(s) for s in sources) if isinstance(sources, list) else "")
            for key in ("situation", "ruling", "commentary"):
                self._set_text(key, str(data.get(key) or ""))
            questions = data.get("questions")
            self.questions.load([q for q in questions if isinstance(q, dict)] if isinstance(questions, list) else [])
        finally:
            self._loading = False

    def _set_line(self, key: str, text: str) -> None:
        if self.fields[key].text() != text:
            self.fields[key].setText(text)

    def _set_text(self, key: str, text: str) -> None:
        if self.texts[key].toPlainText() != text:
            self.texts[key].setPlainText(text)

    def _load_hands(self, deal: Any) -> None:
        try:
            parsed = Deal.from_pbn(str(deal))
            hands = {seat.letter: (h.to_pbn() if (h := parsed[seat]) is not None else "-") for seat in SEATS}
        except BridgeError:
            return  # the text shows the deal as written; the problems list says what is wrong with it
        for letter, text in hands.items():
            if self.hands[letter].text() != text:
                self.hands[letter].setText(text)

    # --- to the file's mapping ------------------------------------------------------------------

    def value(self, key: str, data: dict[str, Any]) -> Any:
        """The value for ``key`` from the fields (``data`` is the current mapping), or REMOVE."""
        if key in ("id", "title"):
            return self.fields[key].text()
        if key == "edition":
            return self.edition.currentText()
        if key == "difficulty":
            return self.difficulty.value()
        if key in ("laws", "topics"):
            return [part.strip() for part in self.fields[key].text().replace(";", ",").split(",") if part.strip()]
        if key == "board":
            board = dict(data["board"]) if isinstance(data.get("board"), dict) else {}
            board["number"] = self.board.value()
            return board
        if key == "deal":
            return "N:" + " ".join(self.hands[s.letter].text().strip() or "-" for s in SEATS)
        if key == "auction":
            return self.fields["auction"].text().split() or REMOVE
        if key in ("contract", "declarer", "twin"):
            return self.fields[key].text().strip() or REMOVE
        if key == "result":
            text = self.fields["result"].text().strip()
            return (int(text) if text.isdigit() else text) if text else REMOVE
        if key == "show":
            shown = [letter for letter, box in self.show_boxes.items() if box.isChecked()]
            return REMOVE if len(shown) == len(SEATS) else shown
        if key == "events":
            lines = [line for line in self.texts["events"].toPlainText().splitlines() if line.strip()]
            return [parse_event_line(line) for line in lines] or REMOVE
        if key == "sources":
            lines = [line.strip() for line in self.texts["sources"].toPlainText().splitlines() if line.strip()]
            return lines or REMOVE
        if key == "questions":
            return self.questions.value()
        return self.texts[key].toPlainText()


def _joined(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else str(value or "")

