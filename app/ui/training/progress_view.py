"""Progress: scores by law and by topic as charts, recent cases and past exams."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.store.records import AttemptSummary, ExamSummary, GroupResult
from app.ui.common.bar_chart import BarChart

KEY_ROLE = Qt.ItemDataRole.UserRole + 1


class ProgressView(QWidget):
    """A trainee's standing; double-clicking an exam opens its report, a case opens the case."""

    examRequested = Signal(int)
    caseRequested = Signal(str)

    def __init__(self, topic_names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.topic_names = topic_names
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.by_law = BarChart()
        self.by_law.setAccessibleName("Scores by law")
        self.by_topic = BarChart()
        self.by_topic.setAccessibleName("Scores by topic")
        self.recent = QListWidget()
        self.recent.setAccessibleName("Recent cases")
        self.recent.itemActivated.connect(lambda item: self.caseRequested.emit(item.data(KEY_ROLE)))
        self.exams = QListWidget()
        self.exams.setAccessibleName("Exams taken")
        self.exams.itemActivated.connect(lambda item: self.examRequested.emit(int(item.data(KEY_ROLE))))

        charts = QWidget()
        charts_layout = QVBoxLayout(charts)
        for title, chart in (("By law", self.by_law), ("By topic", self.by_topic)):
            box = QGroupBox(title)
            box_layout = QVBoxLayout(box)
            box_layout.addWidget(chart)
            charts_layout.addWidget(box)
        charts_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(charts)

        lists = QVBoxLayout()
        recent_box = QGroupBox("Recent cases")
        QVBoxLayout(recent_box).addWidget(self.recent)
        exams_box = QGroupBox("Exams (double-click for the report)")
        QVBoxLayout(exams_box).addWidget(self.exams)
        lists.addWidget(recent_box)
        lists.addWidget(exams_box)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(lists, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(body, 1)

    def refresh(self, by_law: list[GroupResult], by_topic: list[GroupResult], recent: list[AttemptSummary],
                exams: list[ExamSummary], pass_mark: float = 0.65) -> None:
        cases = sum(r.cases for r in by_topic) if by_topic else 0
        self.summary.setText(
            f"Latest attempt at each case counted; green bars are at or above the pass mark ({pass_mark:.0%})."
            if cases else "No results yet: rule on a case and your progress appears here."
        )
        self.by_law.set_rows([(f"Law {r.key}", r.tally.fraction, r.cases) for r in by_law], pass_mark)
        self.by_topic.set_rows([(self.topic_names.get(r.key, r.key), r.tally.fraction, r.cases)
                                for r in by_topic], pass_mark)
        self.recent.clear()
        for attempt in recent:
            item = QListWidgetItem(f"{attempt.finished_at:%d %b %H:%M}  {attempt.case_title} — {attempt.score:.0%}")
            item.setData(KEY_ROLE, attempt.case_id)
            self.recent.addItem(item)
        self.exams.clear()
        for exam in exams:
            verdict = "passed" if exam.passed else "not passed"
            late = ", time ran out" if exam.timed_out else ""
            item = QListWidgetItem(f"{exam.started_at:%d %b %Y}  {exam.name} — {exam.score:.0%}, {verdict}{late}")
            item.setData(KEY_ROLE, exam.id)
            self.exams.addItem(item)
