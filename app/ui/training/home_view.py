"""The home view: who is training, what is due, where they left off, practice and exam set-up."""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.content.laws.refs import RefError, parse_ref
from app.content.library import Library
from app.store.records import AttemptSummary, Profile
from app.training.case_filter import CaseFilter
from app.training.exam import ExamError, ExamProfile
from app.training.review import DueItem, ItemKind
from app.ui.common.theme import emphasise

KEY_ROLE = Qt.ItemDataRole.UserRole + 1


class HomeView(QWidget):
    """Start of an evening's work; every action is a signal the main window carries out."""

    profileChosen = Signal(str)
    newProfileRequested = Signal()
    reviewRequested = Signal()
    practiceRequested = Signal(object, int)  # CaseFilter, how many cases
    examRequested = Signal(object)  # ExamProfile
    caseRequested = Signal(str)
    lawRequested = Signal(str)

    def __init__(self, library: Library, exam_profiles: list[ExamProfile], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.exam_profiles = exam_profiles

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
        self.due_list = QListWidget()
        self.due_list.setAccessibleName("Items due for review")
        self.due_list.itemActivated.connect(self._due_activated)
        self.review_button = QPushButton("Start review")
        self.review_button.clicked.connect(self.reviewRequested)
        due_box = QGroupBox("Due for review")
        due_layout = QVBoxLayout(due_box)
        due_layout.addWidget(self.due_label)
        due_layout.addWidget(self.due_list)
        due_layout.addWidget(self.review_button)

        # continue
        self.recent_list = QListWidget()
        self.recent_list.setAccessibleName("Recent cases")
        self.recent_list.itemActivated.connect(lambda item: self.caseRequested.emit(item.data(KEY_ROLE)))
        recent_box = QGroupBox("Continue where you left off")
        recent_layout = QVBoxLayout(recent_box)
        recent_layout.addWidget(self.recent_list)

        # practice
        self.topic = QComboBox()
        self.topic.setAccessibleName("Practice topic")
        self.topic.addItem("Any topic", "")
        for tag, description in sorted(library.topics.items()):
            self.topic.addItem(description, tag)
        self.law = QLineEdit()
        self.law.setPlaceholderText("any law, or e.g. 64 or 27B")
        self.law.setAccessibleName("Practice law")
        self.min_difficulty, self.max_difficulty = QSpinBox(), QSpinBox()
        for box, value in ((self.min_difficulty, 1), (self.max_difficulty, 5)):
            box.setRange(1, 5)
            box.setValue(value)
        self.edition = QComboBox()
        self.edition.addItem("Any edition", "")
        for edition in sorted({c.edition for c in library.cases}):
            self.edition.addItem(edition, edition)
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

        # exam
        self.exam_profile = QComboBox()
        self.exam_profile.setAccessibleName("Exam paper")
        for profile in exam_profiles:
            self.exam_profile.addItem(profile.name)
        self.exam_profile.currentIndexChanged.connect(self._describe_exam)
        self.exam_description = QLabel()
        self.exam_description.setWordWrap(True)
        self.exam_cases, self.exam_minutes, self.exam_pass = QSpinBox(), QSpinBox(), QSpinBox()
        self.exam_cases.setRange(1, 100)
        self.exam_minutes.setRange(1, 600)
        self.exam_minutes.setSuffix(" min")
        self.exam_pass.setRange(1, 100)
        self.exam_pass.setSuffix(" %")
        self.exam_open_book = QCheckBox("Open book (the law library stays available)")
        self.exam_error = QLabel()
        self.exam_error.setWordWrap(True)
        self.exam_error.setStyleSheet("color: #c8102e")
        start_exam = QPushButton("Start exam")
        start_exam.clicked.connect(self._exam)
        exam_box = QGroupBox("Mock accreditation exam")
        exam_layout = QVBoxLayout(exam_box)
        exam_layout.addWidget(self.exam_profile)
        exam_layout.addWidget(self.exam_description)
        exam_form = QFormLayout()
        exam_form.addRow("Cases", self.exam_cases)
        exam_form.addRow("Time", self.exam_minutes)
        exam_form.addRow("Pass mark", self.exam_pass)
        exam_form.addRow(self.exam_open_book)
        exam_layout.addLayout(exam_form)
        exam_layout.addWidget(self.exam_error)
        exam_layout.addStretch(1)
        exam_layout.addWidget(start_exam)
        self._describe_exam(0)

        self.due_box, self.recent_box = due_box, recent_box
        self.start_box = self._where_to_start()
        grid = QGridLayout()
        grid.addWidget(self.start_box, 0, 0, 1, 2)
        grid.addWidget(due_box, 0, 0)
        grid.addWidget(recent_box, 0, 1)
        grid.addWidget(practice_box, 1, 0)
        grid.addWidget(exam_box, 1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(grid, 1)

    def _where_to_start(self) -> QGroupBox:
        """Three ways in for a trainee with no history yet: an easy case, a short practice, the library."""
        box = QGroupBox("Where to start")
        text = QLabel("Nothing has been ruled on yet under this profile. Three ways in: rule on one easy case "
                      "from start to finish; practise a few cases chosen for you; or read how the law "
                      "library is laid out. What you miss comes back here for review.")
        text.setWordWrap(True)
        easiest = min(self.library.cases, key=lambda case: (case.difficulty, case.title), default=None)
        self.first_case_button = QPushButton(f"First case: {easiest.title}" if easiest else "First case")
        self.first_case_button.setEnabled(easiest is not None)
        if easiest is not None:
            self.first_case_button.clicked.connect(lambda: self.caseRequested.emit(easiest.id))
        # The three easiest cases are within this difficulty, so the practice never comes up empty.
        levels = sorted(case.difficulty for case in self.library.cases)
        easy = CaseFilter(max_difficulty=levels[min(2, len(levels) - 1)]) if levels else CaseFilter()
        self.short_practice_button = QPushButton("A short practice (3 easy cases)")
        self.short_practice_button.clicked.connect(lambda: self.practiceRequested.emit(easy, 3))
        self.tour_button = QPushButton("Tour the law library")
        self.tour_button.clicked.connect(lambda: self.lawRequested.emit("Introduction"))
        buttons = QHBoxLayout()
        for button in (self.first_case_button, self.short_practice_button, self.tour_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(box)
        layout.addWidget(text)
        layout.addLayout(buttons)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)  # as tall as its text
        box.setVisible(False)
        return box

    def refresh(self, profile: Profile, profiles: list[Profile], due: list[DueItem],
                recent: list[AttemptSummary]) -> None:
        """Show one trainee's state, as read from the store; with no history yet, where to start
        instead of two empty lists."""
        first_run = not due and not recent
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
        for attempt in recent:
            entry = QListWidgetItem(f"{attempt.case_title} — {attempt.score:.0%} ({attempt.mode})")
            entry.setData(KEY_ROLE, attempt.case_id)
            self.recent_list.addItem(entry)
        if not recent:
            self.recent_list.addItem("No cases ruled on yet: open one from Cases, or start a practice.")

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

    def _describe_exam(self, index: int) -> None:
        if not 0 <= index < len(self.exam_profiles):
            return
        profile = self.exam_profiles[index]
        quotas = "; ".join(f"{count} on {self.library.topics.get(topic, topic)}"
                           for topic, count in sorted(profile.quotas.items()))
        self.exam_description.setText(
            f"{profile.description} No marks are shown until the end."
            + (f"\nAt least: {quotas}." if quotas else "")
        )
        self.exam_cases.setValue(profile.cases)
        self.exam_minutes.setValue(profile.minutes)
        self.exam_pass.setValue(round(profile.pass_mark * 100))
        self.exam_open_book.setChecked(profile.open_book)
        self.exam_error.clear()

    def exam_choice(self) -> ExamProfile:
        """The chosen paper with the figures as set in the form; ExamError if they contradict it."""
        profile = self.exam_profiles[self.exam_profile.currentIndex()]
        changed = (self.exam_cases.value(), self.exam_minutes.value(), self.exam_pass.value() / 100,
                   self.exam_open_book.isChecked()) != (profile.cases, profile.minutes, profile.pass_mark,
                                                        profile.open_book)
        return replace(profile, name=f"{profile.name} (custom)" if changed else profile.name,
                       cases=self.exam_cases.value(), minutes=self.exam_minutes.value(),
                       pass_mark=self.exam_pass.value() / 100, open_book=self.exam_open_book.isChecked())

    def _exam(self) -> None:
        try:
            choice = self.exam_choice()
        except ExamError as exc:
            self.exam_error.setText(str(exc))
            return
        self.exam_error.clear()
        self.examRequested.emit(choice)

    def show_exam_problem(self, message: str) -> None:
        self.exam_error.setText(message)
