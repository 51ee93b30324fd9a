"""The instructor's view of a shared database: everyone's results by case and by topic."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget

from app.store.records import ClassResults
from app.ui.common.tables import make_read_only


class ClassroomView(QWidget):
    """Two sortable tables of the class's results; filled from ``Store.results_by_case_and_topic``."""

    def __init__(self, topic_names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.topic_names = topic_names
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.by_case = self._table(("Trainee", "Case", "Attempts", "Last", "Best"))
        self.by_case.setAccessibleName("Results by case")
        self.by_topic = self._table(("Trainee", "Topic", "Cases", "Points", "Score"))
        self.by_topic.setAccessibleName("Results by topic")
        tabs = QTabWidget()
        tabs.addTab(self.by_case, "By case")
        tabs.addTab(self.by_topic, "By topic")
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(tabs, 1)

    @staticmethod
    def _table(headings: tuple[str, ...]) -> QTableWidget:
        table = QTableWidget(0, len(headings))
        table.setHorizontalHeaderLabels(list(headings))
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        make_read_only(table)
        table.setSortingEnabled(True)
        table.verticalHeader().setVisible(False)
        return table

    def refresh(self, results: ClassResults, location: str) -> None:
        trainees = {r.profile for r in results.by_case}
        self.note.setText(f"{len(trainees)} trainee{'s' if len(trainees) != 1 else ''} with results in {location}.")
        self._fill(self.by_case, [(r.profile, r.case_title, r.attempts, f"{r.last:.0%}", f"{r.best:.0%}")
                                  for r in results.by_case])
        self._fill(self.by_topic, [(r.profile, self.topic_names.get(r.key, r.key), r.cases,
                                    f"{r.tally.points:g}/{r.tally.max_points:g}", f"{r.tally.fraction:.0%}")
                                   for r in results.by_topic])

    @staticmethod
    def _fill(table: QTableWidget, rows: list[tuple[object, ...]]) -> None:
        table.setSortingEnabled(False)
        table.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                table.setItem(row, column, item)
        table.setSortingEnabled(True)
