"""The case player: the table with its timeline beside the story and the questions.

The table gets the room its hands need to be drawn as large as the text (its
``minimumSizeHint``); beside it, the story — the situation, and the law a marked question
rests on in a tab of its own once there is one — stands over the ruling panel. When the
window is too narrow for the two side by side (half a 1920 screen), the story and the
questions go under the table instead.
"""

from __future__ import annotations

import html
from urllib.parse import unquote

from PySide6.QtCore import QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import Case
from app.content.laws.render import Renderer
from app.content.library import Library
from app.rules.timeline import Timeline, replay
from app.rules.timeline_words import describe_event
from app.training.sitting import Sitting
from app.ui.case.answer_form import law_choices
from app.ui.case.double_dummy_panel import DoubleDummyPanel
from app.ui.case.ruling_panel import RulingPanel
from app.ui.case.shortcuts import NEXT_CASE, STEP_BACK, STEP_FORWARD
from app.ui.case.table_widget import TableWidget
from app.ui.common.theme import emphasise, readable
from app.ui.library.law_browser import LawBrowser

NO_LAW_YET = "The law each question rests on opens here once you have answered it."
NO_LAW_CITED = "This question rests on no single law; the model ruling at the end cites every law the case uses."
RIGHT_MIN = 280  # the story and questions beside the table: narrower than this, they go under it
STORY_MIN = 84  # the story's least height: its tabs and three lines
LAW_ROOM = 200  # the story's height from which a law marked is brought to the front by itself


class CasePlayer(QWidget):
    """Shows one case: steps through its events and runs an attempt at its questions."""

    attemptFinished = Signal(object)
    openInLibrary = Signal(str)
    caseRequested = Signal(str)  # the same table under another code, chosen after the ruling

    def __init__(self, library: Library, renderer: Renderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.renderer = renderer
        self.case: Case | None = None
        self.timeline: Timeline | None = None
        self.limit = 0
        self.law_sealed = False

        self.session_label = QLabel()
        self.session_label.setAccessibleName("Session")
        self.session_label.setWordWrap(True)  # a long exam name wraps instead of widening the window
        self.session_label.setMinimumWidth(120)
        self.timer_label = QLabel()
        emphasise(self.timer_label)
        self.timer_label.setAccessibleName("Time left")
        self.next_case_button = QPushButton("Next case")
        self.next_case_button.setShortcut(NEXT_CASE)
        self.next_case_button.setToolTip(f"Next case ({NEXT_CASE})")
        self.end_button = QPushButton("End session")
        self.session_bar = QWidget()
        bar = QHBoxLayout(self.session_bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.session_label, 1)
        bar.addWidget(self.timer_label)
        bar.addWidget(self.next_case_button)
        bar.addWidget(self.end_button)
        self.session_bar.setVisible(False)

        self.title = QLabel("No case open")
        emphasise(self.title)
        self.title.setWordWrap(True)
        self.table = TableWidget()
        self.table.stepRequested.connect(self._step_key)
        # The table asks for room enough to draw its hands as large as the text (its minimum size
        # hint, which the arrangement below gives it where it can); where it cannot, it draws smaller.
        self.table.setMinimumSize(300, 240)

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName("Timeline")
        self.slider.valueChanged.connect(self.show_step)
        icon = self.style().standardIcon
        pixmaps = QStyle.StandardPixmap
        self.first_button = QPushButton(icon(pixmaps.SP_MediaSkipBackward), "")
        self.prev_button = QPushButton(icon(pixmaps.SP_MediaSeekBackward), "")
        self.next_button = QPushButton(icon(pixmaps.SP_MediaSeekForward), "")
        self.last_button = QPushButton(icon(pixmaps.SP_MediaSkipForward), "")
        for button, name, handler in (
            (self.first_button, "First step", lambda: self.slider.setValue(0)),
            (self.prev_button, f"Previous step ({STEP_BACK})", lambda: self.slider.setValue(self.slider.value() - 1)),
            (self.next_button, f"Next step ({STEP_FORWARD})", lambda: self.slider.setValue(self.slider.value() + 1)),
            (self.last_button, "Director called", lambda: self.slider.setValue(self.slider.maximum())),
        ):
            button.setAccessibleName(name)
            button.setToolTip(name)
            button.clicked.connect(handler)
            button.setMaximumWidth(48)
        self.step_label = QLabel()
        self.step_label.setAccessibleName("Current step")
        self.step_label.setWordWrap(True)  # a claim statement is long: it wraps, the window keeps its width

        controls = QHBoxLayout()
        for widget in (self.first_button, self.prev_button, self.next_button, self.last_button):
            controls.addWidget(widget)
        controls.addWidget(self.slider, 1)
        left = self.left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(controls)
        left_layout.addWidget(self.step_label)
        self.double_dummy = DoubleDummyPanel()
        left_layout.addWidget(self.double_dummy)

        self.situation = readable(QTextBrowser())
        self.situation.setAccessibleName("The situation")
        self.situation.setOpenLinks(False)  # links open the law or term in the library; others do nothing
        self.situation.anchorClicked.connect(self._situation_link)
        self.law_pane = LawBrowser(library, renderer)
        self.law_pane.setAccessibleName("The cited law")
        self.law_pane.lawRequested.connect(self.show_law)
        open_button = QPushButton("Open in the library")
        open_button.clicked.connect(self._open_in_library)
        self._law_key = ""
        self._no_law = NO_LAW_YET
        law_box = self.law_box = QWidget()
        law_layout = QVBoxLayout(law_box)
        law_layout.setContentsMargins(0, 0, 0, 0)
        law_layout.addWidget(self.law_pane)
        law_layout.addWidget(open_button)
        self.story = QTabWidget()  # the situation; the law, once there is one to show
        self.story.setDocumentMode(True)
        self.story.addTab(self.situation, "Situation")
        self.story.tabBarClicked.connect(self._tab_chosen)

        self.ruling = RulingPanel(renderer, law_choices(library.book))
        self.ruling.twins = library.twins
        self.ruling.caseRequested.connect(self.caseRequested)
        self.ruling.lawRequested.connect(self._law_link)
        self.ruling.citedLaw.connect(self._show_cited)
        self.ruling.questionShown.connect(self.fit_question)
        self.ruling.finished.connect(self.attemptFinished)
        self.ruling.finished.connect(self.double_dummy.unlock)
        self.ruling.caseChanged.connect(self.show_table)

        right = self.right = QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(self.story)
        right.addWidget(self.ruling)
        right.setStretchFactor(1, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        # the narrow arrangement's least size, so the window may be made narrow enough to need it
        self.splitter.setMinimumSize(QSize(RIGHT_MIN + 60, 420))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.session_bar)
        layout.addWidget(self.title)
        layout.addWidget(self.splitter, 1)

        for keys, step in ((STEP_FORWARD, 1), (STEP_BACK, -1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(lambda s=step: self.slider.setValue(self.slider.value() + s))
        self.setTabOrder(self.table, self.first_button)

    def open_case(self, case: Case, sitting: Sitting, engine_text: str = "") -> None:
        """Show a case and start asking its questions (or an exam paper's, from this case on). What an
        exam hides here (the cited law in a closed-book paper, double dummy) the window's seal hides."""
        self.show_table(case)
        self.ruling.start(sitting, engine_text)

    def show_table(self, case: Case) -> None:
        """Draw a case's table and timeline (an exam moving on changes the case under the panel)."""
        self.case = case
        scenario = case.scenario()
        self.timeline = replay(scenario)
        self.limit = self.timeline.director_step(scenario)
        self.title.setText(f"Board {case.board}: {case.title}")
        self.situation.setHtml(self.renderer.markdown(case.situation))
        self.table.set_board(case.board, case.dealer, case.vulnerability, case.show)
        self.double_dummy.set_case(case)
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.limit)
        self.slider.setValue(self.limit)
        self.slider.blockSignals(False)
        self.show_step(self.limit)
        self.show_no_law(NO_LAW_YET)
        self._arrange()

    def show_step(self, step: int) -> None:
        if self.timeline is None:
            return
        step = max(0, min(step, self.limit))
        self.table.set_state(self.timeline.states[step])
        self.double_dummy.set_state(self.timeline.states[step])
        self.step_label.setText(f"Step {step} of {self.limit}: {describe_event(self.timeline, step)}")
        self.prev_button.setEnabled(step > 0)
        self.first_button.setEnabled(step > 0)
        self.next_button.setEnabled(step < self.limit)
        self.last_button.setEnabled(step < self.limit)

    def _step_key(self, step: int) -> None:
        """A key on the focused table moves the timeline (Home and End: the first step, the call)."""
        target = {TableWidget.FIRST: 0, TableWidget.LAST: self.limit}.get(step, self.slider.value() + step)
        self.slider.setValue(target)

    # the story: situation and law ------------------------------------------------------------
    def show_law(self, key: str) -> None:
        """The law a question rests on, in a tab beside the situation (none while an exam seals it)."""
        section = self.library.book.resolve(key)
        if section is None:
            return
        self._law_key = section.key
        self.law_pane.setHtml(self.renderer.section(section, include_children=section.ref.depth > 0))
        self._law_tab(section.ref.label())

    def _law_link(self, key: str) -> None:
        """A law link in the marks: the law tab, brought forward with room to read it."""
        self.show_law(key)
        if self.story.indexOf(self.law_box) >= 0:
            self.story.setCurrentWidget(self.law_box)
            self._room_for_story()

    def show_no_law(self, message: str) -> None:
        """Leave the cited-law pane neutral: nothing in it may point to an answer not yet given."""
        self._law_key = ""
        self._no_law = message
        self.law_pane.setHtml(f"<p><i>{html.escape(message)}</i></p>")
        self._law_tab("")

    def _law_tab(self, label: str) -> None:
        index = self.story.indexOf(self.law_box)
        if not label or self.law_sealed:
            if index >= 0:
                self.story.removeTab(index)
            return
        if index < 0:
            index = self.story.addTab(self.law_box, "")
        self.story.setTabText(index, label)
        self.story.setTabToolTip(index, f"{label}, the law the question just marked rests on")

    def seal_law(self, sealed: bool) -> None:
        """A closed-book exam: no law tab at all."""
        self.law_sealed = sealed
        if sealed:
            self._law_tab("")
        elif self._law_key:
            self.show_law(self._law_key)

    def _show_cited(self, key: str) -> None:
        """A question was marked: the law it rests on in its tab, brought to the front once the mark
        has been laid out if the story has room to show it (else the mark's link to it does)."""
        if key:
            self.show_law(key)
            QTimer.singleShot(0, self._front_law)
        else:
            self.show_no_law(NO_LAW_CITED)

    def _front_law(self) -> None:
        marked = self.ruling.form is None or self.ruling.form.locked  # not already on to the next question
        if marked and self.story.indexOf(self.law_box) >= 0 and self.story.height() >= LAW_ROOM:
            self.story.setCurrentWidget(self.law_box)

    def _tab_chosen(self, index: int) -> None:
        if self.story.widget(index) is self.law_box:
            self._room_for_story()

    def _room_for_story(self) -> None:
        """Reading the law: the story takes half the column, the question scrolls below it."""
        total = sum(self.right.sizes())
        story = max(self.right.sizes()[0], total // 2)
        self.right.setSizes([story, total - story])

    # the arrangement ------------------------------------------------------------------------
    def fit_question(self) -> None:
        """Give the ruling panel the height its question (and any mark) needs, the story the rest
        but never less than ``STORY_MIN``; the situation comes back to the front for a new question."""
        total = sum(self.right.sizes())
        if total <= 0:
            return
        if self.ruling.form is not None and self.ruling.form.isEnabled() and not self.ruling.feedback.isVisible():
            self.story.setCurrentWidget(self.situation)
        if self.right.orientation() == Qt.Orientation.Vertical:
            needed = self.ruling.question_height()
            ruling = max(min(needed, total - STORY_MIN), min(total - STORY_MIN, total // 3))
            self.right.setSizes([total - ruling, ruling])
        QTimer.singleShot(0, self._fit_remainder)

    def _fit_remainder(self) -> None:
        """Once laid out, give the question what its text still lacks (wrapped rich text can take
        a line more than measured beforehand)."""
        lacking = self.ruling.question_area.verticalScrollBar().maximum()
        if lacking <= 0 or self.right.orientation() != Qt.Orientation.Vertical:
            return
        story, ruling = self.right.sizes()
        grow = min(lacking, max(0, story - STORY_MIN))
        self.right.setSizes([story - grow, ruling + grow])

    def _arrange(self) -> None:
        """Side by side unless the window is narrow and tall (half a wide screen) or too narrow for
        the column beside a table whose hands are nearly the text's size: the table three fifths of
        the width, or what its hands need, the story and questions the rest. Otherwise the story and
        the questions go under the table, side by side."""
        width, height = self.splitter.width(), self.splitter.height()
        handle = self.splitter.handleWidth()
        table = self.table.minimumSizeHint().width() + 8  # the room the hands need to be the text's size
        wide = height < 0.8 * width and width >= 0.85 * table + RIGHT_MIN + handle
        self.splitter.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)
        # beside the table the story stands over the questions; under it, the two share the width
        self.right.setOrientation(Qt.Orientation.Vertical if wide else Qt.Orientation.Horizontal)
        if wide:
            left = min(max(table, width * 3 // 5), width - RIGHT_MIN - handle)
            self.splitter.setSizes([left, width - left - handle])
        else:
            self.splitter.setSizes([height * 11 // 20, height * 9 // 20])
            self.right.setSizes([width // 2, width - width // 2])

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._arrange()
        if self.ruling.sitting is not None:
            self.fit_question()

    def _open_in_library(self) -> None:
        if self._law_key:
            self.openInLibrary.emit(self._law_key)

    def _situation_link(self, url: QUrl) -> None:
        scheme, _, target = url.toString().partition(":")
        if scheme == "law":
            self.openInLibrary.emit(unquote(target))
        elif scheme == "term":
            self.openInLibrary.emit(f"Definitions: {unquote(target)}")

    def refresh(self) -> None:
        """Redraw after a change of palette, suit colours or text size."""
        if self._law_key:
            self.show_law(self._law_key)
        else:
            self.show_no_law(self._no_law)
        self.table.updateGeometry()
        self.table.update()
        self._arrange()
