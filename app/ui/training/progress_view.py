"""Progress: the mark week by week, every law and every topic — practised, due or never touched —
each a click away from practising it, the mock papers beside the estimate made before each, and
the recent cases; the whole as a report to save as PDF or HTML."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.store.records import AttemptSummary, ExamSummary
from app.training.progress_report import ProgressSummary
from app.ui.common.bar_chart import BarChart
from app.ui.common.line_chart import LineChart
from app.ui.common.lists import wrapping_list
from app.ui.training.coverage_grid import CoverageGrid

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
LAW_LEGEND = ("Filled: practised, in the colour of your mark (green at or above the pass mark); empty: never "
              "touched; dashed: no case in the library yet; thick blue border: due for review. Click a law to "
              "practise it.")


class ProgressView(QWidget):
    """A trainee's standing. Double-clicking a mock paper opens its report, a case opens the case; a law
    or topic asks to practise it (``lawRequested``, ``topicRequested``)."""

    examRequested = Signal(int)
    caseRequested = Signal(str)
    lawRequested = Signal(str)
    topicRequested = Signal(str)
    reportRequested = Signal()

    def __init__(self, topic_names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.topic_names = topic_names
        self.topic_keys: list[str] = []
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.report_button = QPushButton("Progress report…")
        self.report_button.setToolTip("The whole of this page as a report, to save as PDF or HTML")
        self.report_button.clicked.connect(self.reportRequested)
        self.by_week = LineChart()
        self.laws = CoverageGrid()
        self.laws.lawActivated.connect(self.lawRequested)
        legend = QLabel(LAW_LEGEND)
        legend.setWordWrap(True)
        self.by_topic = BarChart(clickable=True)
        self.by_topic.setAccessibleName("Every topic")
        self.by_topic.rowClicked.connect(lambda row: self.topicRequested.emit(self.topic_keys[row]))
        topic_legend = QLabel("Latest attempt at each case counted; a dot: due for review. Click a topic to practise it.")
        topic_legend.setWordWrap(True)
        self.recent = wrapping_list("Recent cases")
        self.recent.itemActivated.connect(lambda item: self.caseRequested.emit(item.data(KEY_ROLE)))
        self.exams = wrapping_list("Mock papers taken")
        self.exams.itemActivated.connect(lambda item: self.examRequested.emit(int(item.data(KEY_ROLE))))

        charts = QWidget()
        charts_layout = QVBoxLayout(charts)
        for title, parts in (("The mark week by week (diamonds: mock papers)", (self.by_week,)),
                             ("Every law", (legend, self.laws)), ("Every topic", (topic_legend, self.by_topic))):
            box = QGroupBox(title)
            box_layout = QVBoxLayout(box)
            for part in parts:
                box_layout.addWidget(part)
            charts_layout.addWidget(box)
        charts_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(charts)

        lists = QVBoxLayout()
        exams_box = QGroupBox("Mock papers (double-click for the report)")
        QVBoxLayout(exams_box).addWidget(self.exams)
        recent_box = QGroupBox("Recent cases")
        QVBoxLayout(recent_box).addWidget(self.recent)
        lists.addWidget(exams_box)
        lists.addWidget(recent_box)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(lists, 2)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.report_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)

    def refresh(self, summary: ProgressSummary, recent: list[AttemptSummary], exams: list[ExamSummary]) -> None:
        pass_mark = summary.pass_mark
        practised = sum(1 for law in summary.laws if law.tried)
        topics = sum(1 for topic in summary.topics if topic.tried)
        self.summary.setText(
            f"{summary.answers} answers; {practised} of {len(summary.laws)} laws and {topics} of "
            f"{len(summary.topics)} topics practised. Marks are green at or above the pass mark ({pass_mark:.0%})."
            if summary.answers else "No results yet: rule on a case and your progress appears here.")
        self.by_week.set_points([(w.week, w.tally.fraction if w.answers else None, w.answers) for w in summary.weeks],
                                [(f.result.started_at.date(), f.result.mark) for f in summary.papers], pass_mark)
        self.laws.set_laws(summary.laws, pass_mark)
        self.topic_keys = [topic.key for topic in summary.topics]
        self.by_topic.set_rows([(t.title, t.tally.fraction if t.tried else None, t.tried) for t in summary.topics],
                               pass_mark, [row for row, t in enumerate(summary.topics) if t.due])
        self.recent.clear()
        for attempt in recent:
            item = QListWidgetItem(f"{attempt.finished_at:%d %b %H:%M}  {attempt.case_title} — {attempt.score:.0%}")
            item.setToolTip(item.text())
            item.setData(KEY_ROLE, attempt.case_id)
            self.recent.addItem(item)
        estimates = {forecast.result.id: forecast.estimate for forecast in summary.papers}
        self.exams.clear()
        for exam in exams:
            verdict = "passed" if exam.passed else "not passed"
            late = ", time ran out" if exam.timed_out else ""
            before = estimates.get(exam.id)
            estimate = f" (estimated {before.mark:.0%} just before)" if before is not None else ""
            item = QListWidgetItem(f"{exam.started_at:%d %b %Y}  {exam.name} — {exam.score:.0%}, {verdict}{late}"
                                   f"{estimate}")
            item.setToolTip(item.text())
            item.setData(KEY_ROLE, exam.id)
            self.exams.addItem(item)
