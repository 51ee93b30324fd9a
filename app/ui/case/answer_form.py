"""The trainee's answer to one question, by kind: choices, a number, a law reference or an order to arrange.

The ruling panel asks the questions and shows the marks; the input widgets of
one question, how they read back as an ``Answer`` and how each choice is
marked afterwards live here, so that the panel's module holds the flow of a
case and this one the form. (The case editor's questions are edited in
``question_form``; this is what the trainee answers in.)
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
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
from app.ui.case.shortcuts import MOVE_DOWN, MOVE_UP, OVER_TEXT, choice_key
from app.ui.common.theme import verdict_colour

# How each choice of a several-choice answer is marked: a sign and the kind of colour. A choice
# rightly left alone is neither ticked nor wrong: it gets a quiet mark, so that the ticks on screen
# are the choices that earned points.
VERDICT_MARKS = {
    ChoiceVerdict.TICKED_RIGHT: ("✓", "right"),
    ChoiceVerdict.LEFT_RIGHT: ("·", "neutral"),
    ChoiceVerdict.TICKED_WRONG: ("✗", "wrong"),
    ChoiceVerdict.MISSED: ("○", "wrong"),
}


def _choice_row(button: QAbstractButton, index: int, text: str) -> tuple[QHBoxLayout, QLabel]:
    """A radio button or check box with a label that wraps (Qt's own button text does not);
    ``index`` is the choice's place on screen, which its letter and key follow (A, B, C…, as the
    presenter letters them to a room)."""
    button.setAccessibleName(f"Choice {letter(index)}: {text}")
    label = QLabel(f"{letter(index)}. {text}")
    key = f"Key {choice_key(index)}"
    button.setToolTip(key)
    label.setToolTip(key)
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
        Choices always go by letters, as a room's screen gives them; ``letters`` letters an order
        question's items too (a live class session, whose seed is the presentation's, so that the
        room's letters and the trainee's are the same)."""
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
        self.suggestions: SuggestionKeys | None = None  # a law question's
        self.locked = False
        self.choice_buttons: list[QAbstractButton] = []  # in the order shown
        if question.kind in ("single", "multi"):
            if question.kind == "multi":
                layout.addWidget(QLabel("Tick every choice that applies."))
            for place, index in enumerate(self.shown):
                button: QAbstractButton
                if question.kind == "single":
                    button = QRadioButton()
                    self.group.addButton(button, index)  # the button's id is the choice, not its place
                else:
                    button = box = QCheckBox()
                    self.boxes.append(box)
                row, label = _choice_row(button, place, question.choices[index].text)
                self.choice_buttons.append(button)
                self.choice_labels.append(label)
                layout.addLayout(row)
                shortcut = QShortcut(QKeySequence(choice_key(place)), self)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(button.click)
        elif question.kind == "number":
            line = self.line = QLineEdit()
            line.setPlaceholderText("A number, e.g. -500")
            line.setAccessibleName("Your answer (a number)")
            line.returnPressed.connect(self.submitted)
            line.installEventFilter(ScreenKeys(line))
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
            self.suggestions = SuggestionKeys(completer, self.law_box)
            self.law_box.setAccessibleName("Law reference, e.g. 27B1a")
            self.law_box.installEventFilter(ScreenKeys(self.law_box))  # the box hands its keys to its line
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

    def take_suggestion(self) -> bool:
        """Enter with the law box's suggestions open: take the highlighted one, mark nothing."""
        return self.suggestions is not None and self.suggestions.take()

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
        for place, index in enumerate(self.shown):
            verdict = verdicts[index]
            sign, kind = VERDICT_MARKS[verdict]
            self._mark_label(place, sign, kind, verdict.value)

    def show_single(self, picked: int) -> None:
        """Mark a single-choice answer on its choices: the one picked, right or wrong, and the right
        one when the pick was not it (``picked`` is the case file's index)."""
        for place, index in enumerate(self.shown):
            right = self.question.choices[index].correct
            if index == picked:
                self._mark_label(place, "✓" if right else "✗", "right" if right else "wrong",
                                 "your answer, right" if right else "your answer, wrong")
            elif right:
                self._mark_label(place, "✓", "right", "the right answer")

    def _mark_label(self, place: int, sign: str, kind: str, words: str) -> None:
        label, index = self.choice_labels[place], self.shown[place]
        colour = verdict_colour(kind, self.palette())
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setText(f'<span style="color:{colour}; font-weight:600">{sign}</span> {letter(place)}. '
                      f'{html.escape(self.question.choices[index].text)} <i style="color:{colour}">— {words}</i>')
        label.setAccessibleName(f"Choice {letter(place)}: {words}")
        self.choice_buttons[place].setAccessibleName(f"Choice {letter(place)}: {words}")

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

    def set_answer(self, answer: Answer) -> None:
        """Fill the form with an answer given before (an exam's, shown again to be changed)."""
        kind = self.question.kind
        if kind == "single" and isinstance(answer, int):
            button = self.group.button(answer)
            if button is not None:
                button.setChecked(True)
        elif kind == "multi" and isinstance(answer, frozenset):
            for index, box in zip(self.shown, self.boxes, strict=True):
                box.setChecked(index in answer)
        elif kind == "number" and self.line is not None:
            self.line.setText(f"{answer:g}" if isinstance(answer, float) else str(answer))
        elif kind == "law" and self.law_box is not None:
            self.law_box.setCurrentText(str(answer))
        elif kind == "order" and self.order is not None and isinstance(answer, tuple):
            items = {int(self.order.item(row).data(Qt.ItemDataRole.UserRole)): self.order.item(row).text()
                     for row in range(self.order.count())}
            self.order.clear()
            for index in answer:
                self.order.addItem(items[index])
                self.order.item(self.order.count() - 1).setData(Qt.ItemDataRole.UserRole, index)
            self.order.setCurrentRow(0)

    def lock(self) -> None:
        """Stop further changes to the answer; the choices' text stays readable for the verdicts."""
        for widget in (*self.group.buttons(), *self.boxes, self.line, self.law_box, self.order,
                       *self.move_buttons):
            if widget is not None:
                widget.setEnabled(False)
        self.locked = True


class SuggestionKeys(QObject):
    """Enter in the law box's suggestion list takes the highlighted reference into the box and
    nothing more: the trainee may still be on the way to a deeper section, so only Enter in the
    box itself marks. (QCompleter would pass the key on to the box, which marks at once; and the
    case screen's Enter key asks ``take`` first, since a shortcut sees the key before the list.)"""

    def __init__(self, completer: QCompleter, box: QComboBox) -> None:
        super().__init__(box)
        self.box = box
        popup = completer.popup()
        assert popup is not None  # QCompleter makes its list when asked for it
        self.popup = popup
        popup.installEventFilter(self)  # after QCompleter's own filter: this one runs first

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return self.take()
        return False

    def take(self) -> bool:
        """Enter while the list is open: the highlighted reference into the box, the list closed;
        False when the list is not open (Enter then means what it does in the box)."""
        popup = self.popup
        if not popup.isVisible():
            return False
        current = popup.currentIndex()
        if current.isValid():
            self.box.setCurrentText(str(current.data()))
        popup.hide()
        return True


class ScreenKeys(QObject):
    """Lets the case screen's keys (``OVER_TEXT``: Back in an exam, Next question, the table's steps)
    through a text box that would keep them for moving by word: without this, Back's key did nothing
    while the focus was in a law box, the usual place for it on a law question."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and \
                QKeySequence(event.keyCombination()) in SCREEN_KEYS:
            event.ignore()  # not the box's: the window's shortcut takes the key
            return True
        return False


SCREEN_KEYS = [QKeySequence(keys) for keys in OVER_TEXT]
