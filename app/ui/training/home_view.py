"""The home view: who is training; today — the exam being prepared for, today's work under the study
plan and the readiness estimate (``today_box``); where they left off (work left unfinished first: a
half-answered case, an exam paper to resume) and what is due for review; below, practice and exam
set-up.

At 1024×700 the first screen is today's: the plan and readiness on the left, unfinished work and
reviews on the right; the two set-up forms follow below (the page scrolls), and a larger window
shows everything at once."""

from __future__ import annotations

import html
from datetime import date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.content.laws.refs import RefError, parse_ref
from app.content.library import Library
from app.store.records import AttemptSummary, Profile
from app.training.case_filter import CaseFilter
from app.training.exam import ExamProfile
from app.training.review import DueItem, ItemKind
from app.ui.common.combo import narrow_combo
from app.ui.common.lists import wrapping_list
from app.ui.common.theme import emphasise
from app.ui.training.exam_box import ExamBox
from app.ui.training.today_box import TodayBox

if TYPE_CHECKING:  # what the store hands Home once it is open; their modules are not needed to paint Home
    from app.training.outlook import Outlook
    from app.training.resume import SavedAttempt, SavedExam

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
UNFINISHED_ROLE = Qt.ItemDataRole.UserRole + 2
EXAM_ROLE = Qt.ItemDataRole.UserRole + 3


class HomeView(QWidget):
    """Start of an evening's work; every action is a signal the main window carries out."""

    profileChosen = Signal(str)
    newProfileRequested = Signal()
    reviewRequested = Signal()
    practiceRequested = Signal(object, int)  # CaseFilter, how many cases
    examRequested = Signal(object)  # ExamProfile
    caseRequested = Signal(str)  # open a case (a half-answered one carries on where it was left)
    discardRequested = Signal(str)  # forget a half-answered case's answers
    resumeExamRequested = Signal()
    handInExamRequested = Signal()
    lawRequested = Signal(str)
    planSet = Signal(object)  # StudyPlan
    planCleared = Signal()
    todayRequested = Signal()
    paperChosen = Signal()

    def __init__(self, library: Library, exam_profiles: list[ExamProfile], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library

        self.greeting = QLabel()
        emphasise(self.greeting)
        self.profile_box = QComboBox()
        self.profile_box.setAccessibleName("Trainee profile")
        self.profile_box.activated.connect(lambda i: self.profileChosen.emit(self.profile_box.itemText(i)))
        new_profile = QPushButton("New profile…")
        new_profile.clicked.connect(self.newProfileRequested)
        top = QHBoxLayout()
        top.addWidget(self.greeting, 1)
        top.addWidget(QLabel("Profile:"))
        top.addWidget(self.profile_box)
        top.addWidget(new_profile)

        # what is due
        self.due_label = QLabel()
        self.due_label.setWordWrap(True)
        self.due_list = wrapping_list("Items due for review")
        self.due_list.itemActivated.connect(self._due_activated)
        self.review_button = QPushButton("Start review")
        self.review_button.clicked.connect(self.reviewRequested)
        due_box = QGroupBox("Due for review")
        due_layout = QVBoxLayout(due_box)
        due_layout.addWidget(self.due_label)
        due_layout.addWidget(self.due_list)
        due_layout.addWidget(self.review_button)

        # continue: unfinished cases first, then the latest finished ones
        self.recent_list = wrapping_list("Unfinished and recent cases")
        self.recent_list.itemActivated.connect(self._continue)
        self.recent_list.currentItemChanged.connect(self._recent_chosen)
        self.continue_button = QPushButton("Continue")
        self.continue_button.clicked.connect(lambda: self._continue(self.recent_list.currentItem()))
        self.discard_button = QPushButton("Discard answers…")
        self.discard_button.setToolTip("Forget the answers given so far to the unfinished case chosen")
        self.discard_button.clicked.connect(self._discard)
        recent_buttons = QHBoxLayout()
        recent_buttons.addWidget(self.continue_button)
        recent_buttons.addWidget(self.discard_button)
        recent_buttons.addStretch(1)
        recent_box = QGroupBox("Continue where you left off")
        recent_layout = QVBoxLayout(recent_box)
        recent_layout.addWidget(self.recent_list)
        recent_layout.addLayout(recent_buttons)


        # practice
        self.topic = narrow_combo("Practice topic")
        self.topic.addItem("Any topic", "")
        for tag, description in sorted(library.topics.items()):
            self.topic.addItem(description, tag)
        # long topic names show their start when closed, so Home fits a window half a screen wide
        self.topic.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.topic.setMinimumContentsLength(16)
        self.law = QLineEdit()
        self.law.setPlaceholderText("any law, or e.g. 64 or 27B")
        self.law.setAccessibleName("Practice law")
        self.min_difficulty, self.max_difficulty = QSpinBox(), QSpinBox()
        for box, value in ((self.min_difficulty, 1), (self.max_difficulty, 5)):
            box.setRange(1, 5)
            box.setValue(value)
        self.edition = narrow_combo("Practice edition")
        self.edition.addItem("Any edition", "")
        self.count = QSpinBox()
        self.count.setRange(1, 50)
        self.count.setValue(5)
        self.practice_error = QLabel()
        self.practice_error.setStyleSheet("color: #c8102e")
        start_practice = QPushButton("Start practice")
        start_practice.clicked.connect(self._practice)
        practice_box = QGroupBox("Practice")
        form = QFormLayout(practice_box)
        form.addRow("Topic", self.topic)
        form.addRow("Law", self.law)
        difficulty = QHBoxLayout()
        difficulty.addWidget(self.min_difficulty)
        difficulty.addWidget(QLabel("to"))
        difficulty.addWidget(self.max_difficulty)
        form.addRow("Difficulty", difficulty)
        form.addRow("Edition", self.edition)
        form.addRow("Cases", self.count)
        form.addRow(self.practice_error)
        form.addRow(start_practice)

        # exam: set one up, or the one left unfinished
        self.exam_box = exam_box = ExamBox(library, exam_profiles)
        exam_box.examRequested.connect(self.examRequested)
        exam_box.resumeRequested.connect(self.resumeExamRequested)
        exam_box.handInRequested.connect(self.handInExamRequested)

        # today: the plan, today's work, readiness
        self.today = today = TodayBox(library, exam_profiles, exam_box.exam_choice)
        today.planSet.connect(self.planSet)
        today.planCleared.connect(self.planCleared)
        today.todayRequested.connect(self.todayRequested)
        today.paperChosen.connect(self.paperChosen)

        self.due_box, self.recent_box = due_box, recent_box
        self._easiest, self._easy = "", CaseFilter()  # the start box's choices (see show_case_choices)
        self.review_button.setEnabled(False)  # until ``refresh`` says what is due and what can be continued
        self._recent_chosen(None)
        self.start_box = self._where_to_start()
        if library.cases_unpacked:
            self.show_case_choices()
        right = QVBoxLayout()
        right.addWidget(self.start_box)
        right.addWidget(recent_box, 3)
        right.addWidget(due_box, 2)
        right.addStretch(0)  # where to start keeps to the top while the lists are hidden
        grid = QGridLayout()
        grid.addWidget(today, 0, 0)
        grid.addLayout(right, 0, 1)
        grid.addWidget(practice_box, 1, 0)
        grid.addWidget(exam_box, 1, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(0, 1)  # a tall window gives its room to today's work, not to the forms
        page = QWidget()
        page.setLayout(grid)
        self.page = QScrollArea()
        self.page.setWidget(page)
        self.page.setWidgetResizable(True)
        self.page.setFrameShape(QFrame.Shape.NoFrame)
        self.page.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.page, 1)

    def show_case_choices(self) -> None:
        """Fill what depends on the cases: the editions to practise under and the easiest case to start
        with. Called just after the first paint, by when a library from the start-up cache may still hold
        its cases packed: this reads them, so unpacks them (see library_cache)."""
        self.edition.clear()
        self.edition.addItem("Any edition", "")
        for edition in sorted({c.edition for c in self.library.cases}):
            self.edition.addItem(edition, edition)
        easiest = min(self.library.cases, key=lambda case: (case.difficulty, case.title), default=None)
        self._easiest = easiest.id if easiest else ""
        self.first_case_button.setToolTip(easiest.title if easiest else "")
        self.first_case_button.setEnabled(easiest is not None)
        # The three easiest cases are within this difficulty, so the practice never comes up empty.
        levels = sorted(case.difficulty for case in self.library.cases)
        self._easy = CaseFilter(max_difficulty=levels[min(2, len(levels) - 1)]) if levels else CaseFilter()
        self.short_practice_button.setEnabled(bool(levels))

    def _where_to_start(self) -> QGroupBox:
        """Three ways in for a trainee with no history yet: an easy case, a short practice, the library."""
        box = QGroupBox("Where to start")
        text = QLabel("Nothing has been ruled on yet under this profile. Three ways in: rule on one easy case "
                      "from start to finish; practise a few cases chosen for you; or read how the law "
                      "library is laid out. What you miss comes back here for review.")
        text.setWordWrap(True)
        self.first_case_button = QPushButton("Rule on one easy case")
        self.first_case_button.setEnabled(False)  # until the cases are there (show_case_choices)
        self.first_case_button.clicked.connect(lambda: self.caseRequested.emit(self._easiest))
        self.short_practice_button = QPushButton("A short practice (3 easy cases)")
        self.short_practice_button.setEnabled(False)  # until it knows which cases are easy (show_case_choices)
        self.short_practice_button.clicked.connect(lambda: self.practiceRequested.emit(self._easy, 3))
        self.tour_button = QPushButton("Tour the law library")
        self.tour_button.clicked.connect(lambda: self.lawRequested.emit("Introduction"))
        layout = QVBoxLayout(box)
        layout.addWidget(text)
        for button in (self.first_case_button, self.short_practice_button, self.tour_button):
            layout.addWidget(button)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)  # as tall as its text
        box.setVisible(False)
        return box

    def refresh(self, profile: Profile, profiles: list[Profile], due: list[DueItem], recent: list[AttemptSummary],
                unfinished: list[SavedAttempt], exam: SavedExam | None, now: datetime) -> None:
        """Show one trainee's state, as read from the store; with no history yet, where to start
        instead of two empty lists."""
        first_run = not due and not recent and not unfinished and exam is None
        self.start_box.setVisible(first_run)
        self.due_box.setVisible(not first_run)
        self.recent_box.setVisible(not first_run)
        self.greeting.setText(f"Welcome, {html.escape(profile.name)}")
        self.profile_box.clear()
        self.profile_box.addItems([p.name for p in profiles])
        self.profile_box.setCurrentText(profile.name)
        cases = [d for d in due if d.item.kind == ItemKind.CASE]
        laws = [d for d in due if d.item.kind == ItemKind.LAW]
        if due:
            self.due_label.setText(f"{len(cases)} case{'s' if len(cases) != 1 else ''} and {len(laws)} law "
                                   f"section{'s' if len(laws) != 1 else ''} to look at again.")
        else:
            self.due_label.setText("Nothing is due. Cases you miss come back here when they are due.")
        self.review_button.setEnabled(bool(due))
        self.due_list.clear()
        for item in due:
            if item.item.kind == ItemKind.CASE:
                case = self.library.case(item.item.key)
                text = f"Case: {case.title if case else item.item.key}"
            else:
                text = f"Law {item.item.key}"
            entry = QListWidgetItem(text)
            entry.setData(KEY_ROLE, (item.item.kind, item.item.key))
            self.due_list.addItem(entry)
        self.recent_list.clear()
        for saved in unfinished:
            entry = QListWidgetItem(self._unfinished_text(saved))
            entry.setToolTip(entry.text())
            entry.setData(KEY_ROLE, saved.case_id)
            entry.setData(UNFINISHED_ROLE, True)
            font = entry.font()
            font.setBold(True)
            entry.setFont(font)
            self.recent_list.addItem(entry)
        if exam is not None:
            entry = QListWidgetItem(f"Unfinished exam: {exam.profile.name} — {exam.answered} answered; resume it, "
                                    "or hand it in under Mock exam below")
            entry.setToolTip(entry.text())
            entry.setData(EXAM_ROLE, True)
            font = entry.font()
            font.setBold(True)
            entry.setFont(font)
            self.recent_list.addItem(entry)
        for attempt in recent:
            entry = QListWidgetItem(f"{attempt.case_title} — {attempt.score:.0%} ({attempt.mode})")
            entry.setToolTip(entry.text())
            entry.setData(KEY_ROLE, attempt.case_id)
            self.recent_list.addItem(entry)
        if not recent and not unfinished and exam is None:
            self.recent_list.addItem("No cases ruled on yet: open one from Cases, or start a practice.")
        self.recent_list.setCurrentRow(0 if unfinished or recent or exam is not None else -1)
        self._recent_chosen(self.recent_list.currentItem())
        self.exam_box.show_unfinished(exam, now)

    def _unfinished_text(self, saved: SavedAttempt) -> str:
        case = self.library.case(saved.case_id)
        answered = len(saved.answers)
        if case is None:
            return f"Continue: {saved.case_title} — {answered} answered (the case is no longer in the library)"
        return f"Continue: {case.title} — {answered} of {len(case.questions)} answered"

    def _recent_chosen(self, item: QListWidgetItem | None) -> None:
        self.continue_button.setEnabled(item is not None and bool(item.data(KEY_ROLE) or item.data(EXAM_ROLE)))
        self.discard_button.setEnabled(item is not None and bool(item.data(UNFINISHED_ROLE)))

    def _continue(self, item: QListWidgetItem | None) -> None:
        if item is not None and item.data(EXAM_ROLE):
            self.resumeExamRequested.emit()
        elif item is not None and item.data(KEY_ROLE):
            self.caseRequested.emit(item.data(KEY_ROLE))

    def show_outlook(self, outlook: Outlook, today: date) -> None:
        """The plan, today's work and readiness (see ``TodayBox``)."""
        self.today.show_outlook(outlook, today)

    def _discard(self) -> None:
        item = self.recent_list.currentItem()
        if item is not None and item.data(UNFINISHED_ROLE):
            self.discardRequested.emit(item.data(KEY_ROLE))

    def _due_activated(self, item: QListWidgetItem) -> None:
        kind, key = item.data(KEY_ROLE)
        if kind == ItemKind.CASE:
            self.caseRequested.emit(key)
        else:
            self.lawRequested.emit(key)

    def practice_filter(self) -> CaseFilter:
        """The filter the form describes; raises RefError for a law that cannot be read."""
        law_text = self.law.text().strip()
        topic = self.topic.currentData()
        low, high = sorted((self.min_difficulty.value(), self.max_difficulty.value()))
        return CaseFilter(
            topics=frozenset({topic}) if topic else frozenset(),
            law=parse_ref(law_text) if law_text else None,
            min_difficulty=low,
            max_difficulty=high,
            edition=self.edition.currentData() or None,
        )

    def _practice(self) -> None:
        try:
            choice = self.practice_filter()
        except RefError as exc:
            self.practice_error.setText(str(exc))
            return
        self.practice_error.clear()
        self.practiceRequested.emit(choice, self.count.value())

    def show_practice_problem(self, message: str) -> None:
        self.practice_error.setText(message)

    def show_exam_problem(self, message: str) -> None:
        self.exam_box.show_exam_problem(message)
