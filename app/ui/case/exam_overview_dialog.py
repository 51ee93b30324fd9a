"""The exam paper at a glance (``app.training.exam_overview``): every case and question, answered,
open or not yet shown, and flagged; the candidate goes to a case from here or hands the paper in."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.training.exam import Exam
from app.training.exam_overview import QuestionState, left_to_do, paper_overview

CASE_ROLE = Qt.ItemDataRole.UserRole


class ExamOverviewDialog(QDialog):
    """The paper's cases and questions; Enter or a double click goes to the case chosen."""

    caseChosen = Signal(int)
    handInRequested = Signal()

    def __init__(self, exam: Exam, message: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The paper")
        self.message = QLabel(message or f"{left_to_do(exam)}.")
        self.message.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Case and question", "State"])
        self.tree.setAccessibleName("The paper's cases and questions")
        self.tree.setWordWrap(True)
        current = None
        for line in paper_overview(exam):
            case = QTreeWidgetItem([f"{line.index + 1}. {line.title}", line.summary])
            case.setData(0, CASE_ROLE, line.index)
            for question in line.questions:
                state = question.state.value + (" · flagged" if question.flagged else "")
                text = f"Q{question.number}. {question.ask}" if question.state is not QuestionState.NOT_SHOWN \
                    else f"Q{question.number}. (not yet shown)"  # a later question may name an earlier answer
                child = QTreeWidgetItem([text, state])
                child.setData(0, CASE_ROLE, line.index)
                child.setToolTip(0, text)
                case.addChild(child)
            self.tree.addTopLevelItem(case)
            case.setExpanded(line.on_screen or line.answered < len(line.questions) or line.flagged > 0)
            if line.on_screen:
                current = case
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the case and question get the room
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        first = current or self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)
        self.tree.itemActivated.connect(lambda item, _column: self._go(item))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.go_button = QPushButton("Go to this case")
        self.go_button.setDefault(True)
        self.go_button.clicked.connect(lambda: self._go(self.tree.currentItem()))
        self.hand_in_button = QPushButton("Hand in…")
        self.hand_in_button.clicked.connect(self._hand_in)
        buttons.addButton(self.go_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.hand_in_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        self.resize(min(760, int(room.width() * 0.9)), min(560, int(room.height() * 0.85)))
        self.tree.setFocus()

    def _go(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        self.caseChosen.emit(int(item.data(0, CASE_ROLE)))
        self.accept()

    def _hand_in(self) -> None:
        self.accept()
        self.handInRequested.emit()
