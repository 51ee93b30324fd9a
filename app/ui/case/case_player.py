"""The case player: the table with its timeline, the ruling panel and the cited law beside it."""

from __future__ import annotations

import html
from urllib.parse import unquote

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
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
        self.situation = readable(QTextBrowser())
        self.situation.setAccessibleName("The situation")
        self.situation.setMaximumHeight(110)
        self.situation.setOpenLinks(False)  # links open the law or term in the library; others do nothing
        self.situation.anchorClicked.connect(self._situation_link)
        self.table = TableWidget()

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
        steps = QVBoxLayout()
        steps.addLayout(controls)
        steps.addWidget(self.step_label)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.session_bar)
        left_layout.addWidget(self.title)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(steps)
        left_layout.addWidget(self.situation)
        self.double_dummy = DoubleDummyPanel()
        left_layout.addWidget(self.double_dummy)

        self.ruling = RulingPanel(renderer, law_choices(library.book))
        self.ruling.twins = library.twins
        self.ruling.caseRequested.connect(self.caseRequested)
        self.ruling.lawRequested.connect(self.show_law)
        self.ruling.citedLaw.connect(self._show_cited)
        self.ruling.questionShown.connect(self.fit_question)
        self.ruling.finished.connect(self.attemptFinished)
        self.ruling.finished.connect(self.double_dummy.unlock)
        self.ruling.caseChanged.connect(self.show_table)
        self.law_pane = LawBrowser(library, renderer)
        self.law_pane.setAccessibleName("The cited law")
        self.law_pane.lawRequested.connect(self.show_law)
        open_button = QPushButton("Open in the library")
        open_button.clicked.connect(self._open_in_library)
        self._law_key = ""
        self._no_law = NO_LAW_YET

        right = self.right = QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(self.ruling)
        law_box = self.law_box = QWidget()
        law_layout = QVBoxLayout(law_box)
        law_layout.setContentsMargins(0, 0, 0, 0)
        law_layout.addWidget(self.law_pane)
        law_layout.addWidget(open_button)
        right.addWidget(law_box)
        right.setSizes([520, 300])

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([880, 460])
        right.setMinimumWidth(360)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter)

        for keys, step in ((STEP_FORWARD, 1), (STEP_BACK, -1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(lambda s=step: self.slider.setValue(self.slider.value() + s))

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

    def show_law(self, key: str) -> None:
        section = self.library.book.resolve(key)
        if section is None:
            return
        self._law_key = section.key
        self.law_pane.setHtml(self.renderer.section(section, include_children=section.ref.depth > 0))

    def show_no_law(self, message: str) -> None:
        """Leave the cited-law pane neutral: nothing in it may point to an answer not yet given."""
        self._law_key = ""
        self._no_law = message
        self.law_pane.setHtml(f"<p><i>{html.escape(message)}</i></p>")

    def _show_cited(self, key: str) -> None:
        if key:
            self.show_law(key)
        else:
            self.show_no_law(NO_LAW_CITED)

    def fit_question(self) -> None:
        """Give the ruling panel the height the question on screen needs, the law pane the rest."""
        total = sum(self.right.sizes())
        if total <= 0:
            return
        law_min = self.law_box.minimumSizeHint().height() if self.law_box.isVisible() else 0
        needed = self.ruling.question_height()
        if self.ruling.feedback.isVisible():
            needed = max(needed, int(total * 0.6))
        ruling = min(needed, total - law_min)
        self.right.setSizes([ruling, total - ruling])
        QTimer.singleShot(0, self._fit_remainder)

    def _fit_remainder(self) -> None:
        """Once laid out, give the question what its text still lacks (wrapped rich text can take
        a line more than measured beforehand)."""
        lacking = self.ruling.question_area.verticalScrollBar().maximum()
        if lacking <= 0 or not self.ruling.question_area.isVisible():
            return
        ruling, law = self.right.sizes()
        law_min = self.law_box.minimumSizeHint().height() if self.law_box.isVisible() else 0
        grow = min(lacking, max(0, law - law_min))
        self.right.setSizes([ruling + grow, law - grow])

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
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
        self.table.update()
