"""The trainee's answer to one question, by kind: choices, a number, a law reference or an order to arrange.

The ruling panel asks the questions and shows the marks; the input widgets of
one question, how they read back as an ``Answer`` and how each choice is
marked afterwards live here, so that the panel's module holds the flow of a
case and this one the form. (The case editor's questions are edited in
``question_form``; this is what the trainee answers in.)
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import Question
from app.content.laws.law_book import LawBook
from app.training.feedback import ChoiceVerdict, choice_order, letter, start_order
from app.training.marking import Answer, AnswerError
from app.ui.case.shortcuts import MOVE_DOWN, MOVE_UP, choice_key

VERDICT_MARKS = {
    ChoiceVerdict.TICKED_RIGHT: ("✓", "#2e8b57"),
    ChoiceVerdict.LEFT_RIGHT: ("✓", "#2e8b57"),
    ChoiceVerdict.TICKED_WRONG: ("✗", "#c8102e"),
    ChoiceVerdict.MISSED: ("✗", "#c8102e"),
}


def _choice_row(button: QAbstractButton, index: int, text: str, name: str) -> tuple[QHBoxLayout, QLabel]:
    """A radio button or check box with a label that wraps (Qt's own button text does not);
    ``index`` is the choice's place on screen, which its key follows, and ``name`` what it is
    called there (its number, or the letter a room's screen gives it)."""
    button.setAccessibleName(f"Choice {name}: {text}")
    label = QLabel(f"{name}. {text}")
    if index < 9:
        button.setShortcut(choice_key(index))
        button.setToolTip(choice_key(index))
        label.setToolTip(choice_key(index))
    label.setWordWrap(True)
    label.setBuddy(button)
    label.mousePressEvent = lambda _event: button.click()  # type: ignore[method-assign]
    row = QHBoxLayout()
    row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
    row.addWidget(label, 1)
    return row, label


def law_choices(book: LawBook) -> list[str]:
    """The references a law question's box offers, shortest first (``27`` before ``27B1(a)``)."""
    return sorted(book.sections, key=lambda k: (len(k), k))


class QuestionForm(QWidget):
    """The input widgets for one question, by kind; ``answer()`` reads them."""

    heightChanged = Signal()  # the order list grew or shrank to fit its items
    submitted = Signal()  # Enter pressed in a typed answer (number or law)

    def __init__(self, question: Question, law_keys: list[str], seed: int = 0, letters: bool = False,
                 parent: QWidget | None = None) -> None:
        """``seed`` is the attempt's: it fixes the shuffled order of the choices and the shuffled
        starting order of an order question, so both stay put when the question is shown again.
        ``letters``: choices and items go by the letters the room's screen gives them (a live class
        session, whose seed is the presentation's), not by numbers."""
        super().__init__(parent)
        self.question = question
        self.letters = letters
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.boxes: list[QCheckBox] = []
        self.line: QLineEdit | None = None
        self.law_box: QComboBox | None = None
        self.order: QListWidget | None = None
        self.choice_labels: list[QLabel] = []  # in the order shown
        self.shown = choice_order(question, seed)  # the case file's index of each choice, as shown
        self.move_buttons: tuple[QPushButton, ...] = ()
        self.locked = False
        if question.kind == "single":
            for place, index in enumerate(self.shown):
                button = QRadioButton()
                self.group.addButton(button, index)  # the button's id is the choice, not its place
                row, label = _choice_row(button, place, question.choices[index].text, self._name(place))
                self.choice_labels.append(label)
                layout.addLayout(row)
        elif question.kind == "multi":
            layout.addWidget(QLabel("Tick every choice that applies."))
            for place, index in enumerate(self.shown):
                box = QCheckBox()
                self.boxes.append(box)
                row, label = _choice_row(box, place, question.choices[index].text, self._name(place))
                self.choice_labels.append(label)
                layout.addLayout(row)
        elif question.kind == "number":
            line = self.line = QLineEdit()
            line.setPlaceholderText("A number, e.g. -500")
            line.setAccessibleName("Your answer (a number)")
            line.returnPressed.connect(self.submitted)
            layout.addWidget(line)
        elif question.kind == "law":
            self.law_box = QComboBox()
            self.law_box.setEditable(True)
            self.law_box.addItems(law_keys)
            self.law_box.setCurrentText("")
            self.law_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            completer = QCompleter(law_keys, self.law_box)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
            self.law_box.setCompleter(completer)
            self.law_box.setAccessibleName("Law reference, e.g. 27B1a")
            edit = self.law_box.lineEdit()
            if edit is not None:
                edit.setPlaceholderText("Type or pick a reference, e.g. 27B1a")
                edit.returnPressed.connect(self.submitted)
            layout.addWidget(self.law_box)
        else:
            hint = QLabel(f"Drag the items into order, or select one and press {MOVE_UP} or {MOVE_DOWN}.")
            hint.setWordWrap(True)
            layout.addWidget(hint)
            self.order = QListWidget()
            self.order.setAccessibleName("Items to put in order")
            self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
            self.order.setWordWrap(True)
            self.order.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
            self.order.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.order.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            for place, index in enumerate(start_order(question, seed)):
                self.order.addItem(f"{letter(place)}. {question.items[index]}" if letters else question.items[index])
                self.order.item(self.order.count() - 1).setData(Qt.ItemDataRole.UserRole, index)
            self.order.setCurrentRow(0)
            layout.addWidget(self.order)
            buttons = QHBoxLayout()
            up, down = QPushButton("Move up"), QPushButton("Move down")
            up.setToolTip(f"Move the selected item up ({MOVE_UP})")
            down.setToolTip(f"Move the selected item down ({MOVE_DOWN})")
            up.clicked.connect(lambda: self.move_item(-1))
            down.clicked.connect(lambda: self.move_item(1))
            for keys, step in ((MOVE_UP, -1), (MOVE_DOWN, 1)):
                shortcut = QShortcut(QKeySequence(keys), self)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(lambda s=step: self.move_item(s))
            self.move_buttons = (up, down)
            buttons.addWidget(up)
            buttons.addWidget(down)
            buttons.addStretch(1)
            layout.addLayout(buttons)

    def _name(self, place: int) -> str:
        return letter(place) if self.letters else str(place + 1)

    def fit_order_list(self) -> None:
        """Make the order list exactly as tall as its items as laid out at its width (long items
        wrap), so every item shows without scrolling and no empty rows take room."""
        order = self.order
        if order is None or not order.count():
            return
        order.doItemsLayout()
        last = order.visualItemRect(order.item(order.count() - 1))
        height = last.bottom() + 1 + order.verticalScrollBar().value() + 2 * order.frameWidth() + 2
        if height != order.height():
            order.setFixedHeight(height)
            self.heightChanged.emit()

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit_order_list()
        QTimer.singleShot(0, self.fit_order_list)  # again once the list itself has its new width

    def has_answer(self) -> bool:
        """Whether the trainee has chosen something (Enter marks only then)."""
        if self.question.kind == "multi":
            return any(box.isChecked() for box in self.boxes)
        try:
            self.answer()
        except AnswerError:
            return False
        return True

    def show_verdicts(self, verdicts: list[ChoiceVerdict]) -> None:
        """Mark each choice of a several-choice question with how the trainee fared on it;
        ``verdicts`` are in the case file's order, the labels in the order shown."""
        for place, (label, index) in enumerate(zip(self.choice_labels, self.shown, strict=True)):
            verdict, choice, name = verdicts[index], self.question.choices[index], self._name(place)
            sign, colour = VERDICT_MARKS[verdict]
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setText(f'<span style="color:{colour}; font-weight:600">{sign}</span> {name}. '
                          f'{html.escape(choice.text)} <i style="color:{colour}">— {verdict.value}</i>')
            label.setAccessibleName(f"Choice {name}: {verdict.value}")

    def move_item(self, step: int) -> None:
        assert self.order is not None
        if self.locked:
            return
        row = self.order.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.order.count():
            return
        item = self.order.takeItem(row)
        self.order.insertItem(target, item)
        self.order.setCurrentRow(target)

    def answer(self) -> Answer:
        """The answer as ``app.training.marking`` expects it; AnswerError when none is given."""
        kind = self.question.kind
        if kind == "single":
            if self.group.checkedId() < 0:
                raise AnswerError("choose one answer first")
            return self.group.checkedId()
        if kind == "multi":
            return frozenset(index for index, box in zip(self.shown, self.boxes, strict=True) if box.isChecked())
        if kind == "number":
            assert self.line is not None
            text = self.line.text().strip().replace("−", "-").replace("+", "")
            try:
                return float(text) if "." in text else int(text)
            except ValueError:
                raise AnswerError("type a number, such as 620 or -500") from None
        if kind == "law":
            assert self.law_box is not None
            text = self.law_box.currentText().strip()
            if not text:
                raise AnswerError("type a law reference, such as 27B1a")
            return text
        assert self.order is not None
        return tuple(int(self.order.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.order.count()))

    def lock(self) -> None:
        """Stop further changes to the answer; the choices' text stays readable for the verdicts."""
        for widget in (*self.group.buttons(), *self.boxes, self.line, self.law_box, self.order,
                       *self.move_buttons):
            if widget is not None:
                widget.setEnabled(False)
        self.locked = True
