"""The case list: filter by topic, law, difficulty and edition, search, and each case's last result."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.content.cases.model import Case
from app.content.laws.refs import RefError, parse_ref
from app.content.library import Library
from app.ui.common.tables import make_read_only

ID_ROLE = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("Case", "Topics", "Laws", "Difficulty", "Edition", "Last result")


class CaseFilter(QSortFilterProxyModel):
    """Rows that pass every filter set in the bar above the list."""

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.topic = ""
        self.law = ""
        self.difficulty = 0
        self.edition = ""
        self.text = ""

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        case_id = self.sourceModel().index(row, 0, parent).data(ID_ROLE)
        case = self.library.case(case_id)
        if case is None:
            return False
        return case_matches(case, self.topic, self.law, self.difficulty, self.edition, self.text)


def case_matches(case: Case, topic: str, law: str, difficulty: int, edition: str, text: str) -> bool:
    """Whether a case passes the list's filters; the law filter matches the law or any of its sections."""
    if topic and topic not in case.topics:
        return False
    if difficulty and case.difficulty != difficulty:
        return False
    if edition and case.edition != edition:
        return False
    if law:
        try:
            wanted = parse_ref(law)
        except RefError:
            return False
        if not any(ref == wanted or wanted in ref.ancestors() for ref in case.laws):
            return False
    if text:
        haystack = " ".join([case.title, case.situation, " ".join(case.topics)]).lower()
        if not all(word in haystack for word in text.lower().split()):
            return False
    return True


class CaseList(QWidget):
    """A sortable, filterable table of cases; Enter or a double click opens one."""

    caseOpened = Signal(str)

    def __init__(self, library: Library, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        self.proxy = CaseFilter(library)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole + 2)

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search cases")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search cases")
        self.topic = QComboBox()
        self.topic.setAccessibleName("Filter by topic")
        self.topic.addItem("All topics", "")
        for tag, description in sorted(library.topics.items(), key=lambda item: item[1].lower()):
            self.topic.addItem(description, tag)
            self.topic.setItemData(self.topic.count() - 1, description, Qt.ItemDataRole.ToolTipRole)
        # Topic names are long: the closed box shows their start, so the search field keeps its room.
        self.topic.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.topic.setMinimumContentsLength(16)
        self.law = QLineEdit()
        self.law.setPlaceholderText("Law, e.g. 27 or 64A")
        self.law.setAccessibleName("Filter by law")
        self.law.setMaximumWidth(160)
        self.difficulty = QComboBox()
        self.difficulty.setAccessibleName("Filter by difficulty")
        self.difficulty.addItem("Any difficulty", 0)
        for level in range(1, 6):
            self.difficulty.addItem(f"Difficulty {level}", level)
        self.edition = QComboBox()
        self.edition.setAccessibleName("Filter by edition")
        self.edition.addItem("All editions", "")
        for edition in sorted({c.edition for c in library.cases}):
            self.edition.addItem(edition, edition)
        for widget in (self.search, self.law):
            widget.textChanged.connect(self._apply)
        for combo in (self.topic, self.difficulty, self.edition):
            combo.currentIndexChanged.connect(self._apply)

        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setAccessibleName("Cases")
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        make_read_only(self.view)
        self.view.verticalHeader().setVisible(False)
        self.view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (3, 4, 5):  # short figures: as wide as they are, leaving room for the topic names
            self.view.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().resizeSection(1, 220)
        self.view.activated.connect(self._open)
        self.view.doubleClicked.connect(self._open)
        self.count = QLabel()

        bar = QHBoxLayout()
        bar.addWidget(self.search, 2)
        bar.addWidget(self.topic, 1)
        bar.addWidget(self.law)
        bar.addWidget(self.difficulty)
        bar.addWidget(self.edition)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        self.set_results({})

    def set_results(self, results: dict[str, str]) -> None:
        """Fill the table; ``results`` maps a case id to its last result as shown (e.g. "80 %")."""
        self.model.removeRows(0, self.model.rowCount())
        for case in self.library.cases:
            topics = "; ".join(self.library.topics.get(tag, tag) for tag in case.topics)  # names, not ids
            values = (case.title, topics, _laws_shown(case, case.id in results),
                      str(case.difficulty), case.edition, results.get(case.id, "—"))
            sort_keys = (case.title.lower(), values[1], _law_sort(case), case.difficulty, case.edition, values[5])
            row = []
            for value, key in zip(values, sort_keys, strict=True):
                item = QStandardItem(value)
                item.setToolTip(value)  # the topic and law columns are often cut short
                item.setData(case.id, ID_ROLE)
                item.setData(key, Qt.ItemDataRole.UserRole + 2)
                row.append(item)
            self.model.appendRow(row)
        self._apply()

    def _apply(self) -> None:
        self.proxy.topic = self.topic.currentData() or ""
        self.proxy.law = self.law.text().strip()
        self.proxy.difficulty = int(self.difficulty.currentData() or 0)
        self.proxy.edition = self.edition.currentData() or ""
        self.proxy.text = self.search.text().strip()
        self.proxy.invalidate()
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count.setText(f"{shown} of {total} cases")

    def hide_laws(self, hidden: bool) -> None:
        """Hide the Laws column and the law filter (an exam does: they say which law each of its cases
        turns on). A law typed in the filter is cleared, so it does not go on filtering unseen."""
        if hidden:
            self.law.clear()
        self.view.setColumnHidden(COLUMNS.index("Laws"), hidden)
        self.law.setVisible(not hidden)

    def _open(self, index: QModelIndex) -> None:
        case_id = index.data(ID_ROLE)
        if case_id:
            self.caseOpened.emit(case_id)

    def visible_ids(self) -> list[str]:
        return [self.proxy.index(r, 0).data(ID_ROLE) for r in range(self.proxy.rowCount())]

    def select(self, case_id: str) -> None:
        """Put the list's cursor on a case (coming back to the list from it), if the filters show it."""
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(ID_ROLE) == case_id:
                self.view.setCurrentIndex(index)
                self.view.scrollTo(index)
                return

    def following(self, case_id: str) -> str | None:
        """The case after ``case_id`` in the list as sorted and filtered; None after the last."""
        shown = self.visible_ids()
        if case_id not in shown:
            return shown[0] if shown else None
        place = shown.index(case_id)
        return shown[place + 1] if place + 1 < len(shown) else None


def _laws_shown(case: Case, attempted: bool) -> str:
    """The sections a case rests on name its ruling, so before a first attempt the list shows only
    the whole laws (54, not 54C); once the case has a result, the sections themselves."""
    if attempted:
        return ", ".join(str(r) for r in case.laws[:4])
    laws = list(dict.fromkeys(r.whole_law() for r in case.laws))
    return ", ".join(str(law) for law in laws[:4])


def _law_sort(case: Case) -> tuple[int, str]:
    first = case.laws[0] if case.laws else None
    return (first.law, str(first)) if first else (999, "")
