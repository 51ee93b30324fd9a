"""Home's Today box: the exam the trainee is preparing for and its date, what to do today under that
plan, and the readiness estimate for the paper part by part — the answer to "am I ready for the
exam on the 14th, and what should I do tonight?".

Everything shown is an ``Outlook`` worked out below the GUI (``app.training.outlook``); the box
sets the plan (``planSet``, ``planCleared``) and starts the day's work (``todayRequested``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.content.library import Library
from app.training.exam import ExamError, ExamProfile
from app.training.study_plan import MOST_CASES_A_DAY, DayPlan, StudyPlan
from app.ui.common.combo import narrow_combo
from app.ui.common.score_colours import score_text_colour
from app.ui.common.tables import make_read_only

if TYPE_CHECKING:  # worked out once the store is open (see study_flow.refresh_outlook)
    from app.training.outlook import Outlook

OWN_PAPER = "My own paper (as set under Mock exam)"
HEADINGS = ("Part of the paper", "Cases", "Estimate", "On the day", "Tried")
HEADING_TIPS = {
    1: "The cases this part sets on the paper",
    2: "The estimated mark on this part, and in brackets the range a real paper's mark falls in nine times in ten",
    3: "The chance, on your own forgetting curves, of recalling on the exam day what you have practised of this part",
    4: "Cases tried, of those this part of the paper may set",
}


def _cases(count: int) -> str:
    return f"{count} case{'s' if count != 1 else ''}"


def _day(when: date) -> str:
    return f"{when:%A} {when.day} {when:%B}"


class TodayBox(QGroupBox):
    """The plan, today's work and the readiness table; ``own_paper`` is the paper the Mock exam box is
    set to (an ExamError if its figures contradict each other)."""

    planSet = Signal(object)  # StudyPlan
    planCleared = Signal()
    todayRequested = Signal()
    paperChosen = Signal()  # the paper in the form changed while no plan is set: show its readiness

    def __init__(self, library: Library, papers: Sequence[ExamProfile], own_paper: Callable[[], ExamProfile],
                 parent: QWidget | None = None) -> None:
        super().__init__("Today", parent)
        self.library = library
        self.papers = list(papers)
        self.own_paper = own_paper
        self.outlook: Outlook | None = None

        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.work = QLabel()
        self.work.setWordWrap(True)
        self.pace = QLabel()
        self.pace.setWordWrap(True)
        self.start_button = QPushButton("Start today's work")
        self.start_button.clicked.connect(self.todayRequested)
        self.change_button = QPushButton("Change the plan…")
        self.change_button.setCheckable(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.change_button)
        buttons.addStretch(1)

        self.paper = narrow_combo("Exam paper to prepare for")
        self.paper.addItems([paper.name for paper in self.papers] + [OWN_PAPER])
        self.paper.currentIndexChanged.connect(self._paper_changed)
        self.exam_date = QDateEdit()
        self.exam_date.setAccessibleName("Exam date")
        self.exam_date.setCalendarPopup(True)
        self.exam_date.setDisplayFormat("ddd d MMM yyyy")
        self.per_day = QSpinBox()
        self.per_day.setAccessibleName("Cases a day")
        self.per_day.setRange(0, MOST_CASES_A_DAY)
        self.per_day.setSpecialValueText("as many as needed")
        self.set_button = QPushButton("Set the plan")
        self.set_button.clicked.connect(self._set_plan)
        self.clear_button = QPushButton("Remove the plan")
        self.clear_button.clicked.connect(self.planCleared)
        self.form_error = QLabel()
        self.form_error.setWordWrap(True)
        self.form_error.setStyleSheet("color: #c8102e")
        self.form = QWidget()
        form = QFormLayout(self.form)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Paper", self.paper)
        form.addRow("Exam date", self.exam_date)
        form.addRow("Cases a day", self.per_day)
        form_buttons = QHBoxLayout()
        form_buttons.addWidget(self.set_button)
        form_buttons.addWidget(self.clear_button)
        form_buttons.addStretch(1)
        form.addRow(form_buttons)
        form.addRow(self.form_error)
        self.change_button.toggled.connect(self.form.setVisible)

        self.estimate = QLabel()
        self.estimate.setWordWrap(True)
        self.estimate.setTextFormat(Qt.TextFormat.RichText)
        self.estimate.setAccessibleName("Readiness estimate")
        self.parts = QTableWidget(0, len(HEADINGS))
        self.parts.setAccessibleName("Readiness by part of the paper")
        self.parts.setHorizontalHeaderLabels(HEADINGS)
        self.parts.verticalHeader().setVisible(False)
        make_read_only(self.parts)  # Tab goes on to the exam box rather than round the cells
        self.parts.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.parts.setWordWrap(True)
        self.parts.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for column, tip in HEADING_TIPS.items():
            heading = QTableWidgetItem(HEADINGS[column])
            heading.setToolTip(tip)
            self.parts.setHorizontalHeaderItem(column, heading)
        header = self.parts.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.last_paper = QLabel()
        self.last_paper.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.work)
        layout.addWidget(self.pace)
        layout.addLayout(buttons)
        layout.addWidget(self.form)
        layout.addWidget(self.estimate)
        layout.addWidget(self.parts, 1)
        layout.addWidget(self.last_paper)
        # Until the first outlook (the window paints before Home is filled): no plan's buttons, the form set.
        for widget in (self.start_button, self.change_button, self.clear_button, self.work, self.pace):
            widget.setVisible(False)
        self._invite_a_plan(date.today())

    # the plan's form ------------------------------------------------------------------------
    def chosen_paper(self) -> ExamProfile:
        """The paper the form names; ExamError if it is the trainee's own and its figures do not add up."""
        index = self.paper.currentIndex()
        return self.papers[index] if 0 <= index < len(self.papers) else self.own_paper()

    def _paper_changed(self) -> None:
        self.form_error.clear()
        if self.outlook is None or self.outlook.plan is None:
            self.paperChosen.emit()

    def _set_plan(self) -> None:
        try:
            paper = self.chosen_paper()
        except ExamError as exc:
            self.form_error.setText(f"Your own paper cannot be used: {exc}")
            return
        when = self.exam_date.date()
        self.form_error.clear()
        self.planSet.emit(StudyPlan(paper, date(when.year(), when.month(), when.day()), self.per_day.value() or None))

    # showing the outlook ----------------------------------------------------------------------
    def show_outlook(self, outlook: Outlook, today: date) -> None:
        self.outlook = outlook
        plan, day = outlook.plan, outlook.day
        self.exam_date.setMinimumDate(QDate(today.year, today.month, today.day).addDays(1))
        self.clear_button.setVisible(plan is not None)
        self.change_button.setVisible(plan is not None)
        self.start_button.setVisible(day is not None)
        self.work.setVisible(day is not None)
        self.pace.setVisible(day is not None)
        if plan is None or day is None:
            self._invite_a_plan(today)
        else:
            self.form.setVisible(self.change_button.isChecked())
            self._show_day(plan, day)
            self.paper.blockSignals(True)
            self.paper.setCurrentIndex(next((i for i, p in enumerate(self.papers) if p == plan.paper), len(self.papers)))
            self.paper.blockSignals(False)
            self.exam_date.setDate(QDate(plan.exam_date.year, plan.exam_date.month, plan.exam_date.day))
            self.per_day.setValue(plan.cases_per_day or 0)
        self._show_readiness(outlook)

    def _invite_a_plan(self, today: date) -> None:
        """The box without a plan: what a plan gives, and the form to set one for four weeks on."""
        self.change_button.setChecked(False)
        self.form.setVisible(True)
        self.headline.setText("<b>Preparing for an exam?</b> Choose the paper and its date: this box then says "
                              "what to do each day so that the paper's ground is tried and reviewed in time.")
        if not self.exam_date.date().isValid() or self.exam_date.date() <= QDate.currentDate():
            self.exam_date.setDate(QDate(today.year, today.month, today.day).addDays(28))

    def _show_day(self, plan: StudyPlan, day: DayPlan) -> None:
        left = day.days_left
        when = ("the exam is today" if left == 0 else "the exam date has passed: set the next one" if left < 0
                else f"{left} day{'s' if left != 1 else ''} left")
        self.headline.setText(f"<b>{html.escape(plan.paper.name)}</b> on {_day(plan.exam_date)} — {when}.")
        parts = []
        if day.reviews:
            parts.append(f"{len(day.reviews)} review{'s' if len(day.reviews) != 1 else ''} due")
        if day.new:
            parts.append(f"{len(day.new)} new case{'s' if len(day.new) != 1 else ''} ({self._where(day)})")
        if day.again:
            parts.append(f"{_cases(len(day.again))} to try again, the lowest marks first")
        done = f" {_cases(day.done_today)} done today already." if day.done_today else ""
        if parts:
            self.work.setText("Today: " + " and ".join(parts) + "." + done)
        else:
            self.work.setText(("Today's work is done." + done) if day.done_today else "Nothing to do today.")
        self.start_button.setText(f"Start today's work ({_cases(len(day.cases))})")
        self.start_button.setEnabled(bool(day.cases))
        pace = (f"{day.tried} of the paper's {day.ground} cases tried. About {day.reviews_ahead} review"
                f"{'s' if day.reviews_ahead != 1 else ''} to come before the exam. ")
        if day.covered_by is not None and day.tried < day.ground:
            pace += (f"At {_cases(day.per_day)} a day every case is tried by {_day(day.covered_by)}"
                     + (", with time to review them." if day.on_course else
                        f"; {_cases(day.needed_per_day)} a day would leave time to review them too."))
        elif day.tried < day.ground and left > 0:
            pace += (f"At {_cases(day.per_day)} a day the paper's cases are not all tried by the exam: "
                     f"{_cases(day.needed_per_day)} a day would cover them.")
        elif day.tried >= day.ground:
            pace += "Every case has been tried: the days left are for reviews and the weakest cases."
        self.pace.setText(pace)
        self.pace.setStyleSheet("" if day.on_course or left <= 0 else "color: #c8102e")

    def _where(self, day: DayPlan) -> str:
        """Which parts of the paper today's new cases come from, most first."""
        counts: dict[str, int] = {}
        quota = [part.part.topic for part in self.outlook.lines if part.part.topic] if self.outlook else []
        for case in day.new:
            topic = next((t for t in quota if t in case.topics), "")
            counts[topic] = counts.get(topic, 0) + 1
        names = [f"{count} on {self.library.topics.get(topic, topic)}" if topic else f"{count} from the rest"
                 for topic, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
        return ", ".join(names)

    def _show_readiness(self, outlook: Outlook) -> None:
        from app.training.readiness import Verdict  # with the first outlook, not to paint the window

        found, paper = outlook.readiness, outlook.paper
        overall = found.overall
        colour = score_text_colour(overall.mark, paper.pass_mark, self.palette()).name()
        verdict = found.verdict
        self.estimate.setText(
            f"<p>{'Readiness for ' + html.escape(paper.name) if outlook.plan is None else 'Readiness'}: an estimated "
            f"<b style='color:{colour}'>{overall.mark:.0%}</b> today (nine times in ten between {overall.low:.0%} "
            f"and {overall.high:.0%}), from {overall.answers} recent answer{'s' if overall.answers != 1 else ''} on "
            f"the cases this paper sets; the pass mark is {paper.pass_mark:.0%}: <b>{verdict}</b>."
            + (" Answer more cases and the range narrows." if verdict in (Verdict.TOO_FEW, Verdict.BORDERLINE) else "")
            + "</p>")
        self.parts.setRowCount(len(outlook.lines))
        for row, line in enumerate(outlook.lines):
            part = line.part
            name = self.library.topics.get(part.topic, part.topic) if part.topic else "The rest of the paper"
            cells = (name, str(part.cases),
                     f"{part.estimate.mark:.0%} ({part.estimate.low * 100:.0f}–{part.estimate.high * 100:.0f})",
                     f"{line.recall:.0%}" if line.recall is not None else "—", f"{line.tried} of {line.cases}")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if column == 2:
                    item.setToolTip(f"Nine times in ten between {part.estimate.low:.0%} and {part.estimate.high:.0%}, "
                                    f"from {part.estimate.answers} recent answers")
                    item.setForeground(score_text_colour(part.estimate.mark, paper.pass_mark, self.palette()))
                self.parts.setItem(row, column, item)
        self.parts.setColumnHidden(3, outlook.plan is None)  # recall on the day needs a day
        self.parts.resizeRowsToContents()
        height = self.parts.horizontalHeader().height() + sum(self.parts.rowHeight(r) for r in range(len(outlook.lines)))
        self.parts.setMinimumHeight(min(height + 4, 260))
        last = outlook.last_paper
        self.last_paper.setVisible(last is not None)
        if last is not None:
            self.last_paper.setText(
                f"Your last paper of this kind, on {last.result.started_at:%d %B}: {last.result.mark:.0%} "
                f"({'passed' if last.result.passed else 'not passed'}); the estimate just before it was "
                f"{last.estimate.mark:.0%}.")
