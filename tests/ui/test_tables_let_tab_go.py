"""Tab never holds a keyboard user in a table that is only read: from its current cell, Tab moves the
focus on to the next control and leaves the cell as it was; the arrows still move within it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidget, QTableWidgetItem

from app.ui.classroom.classroom_view import ClassroomView
from app.ui.tools.calculators_panes import MatchpointsPane
from app.ui.window.main_window import MainWindow
from tests.ui.test_calculators import open_tool


def tab_leaves(qtbot, table: QTableWidget) -> None:  # type: ignore[no-untyped-def]
    for row in range(2):
        if table.rowCount() <= row:
            table.insertRow(row)
        for column in range(table.columnCount()):
            table.setItem(row, column, QTableWidgetItem(f"{row}.{column}"))
    table.setFocus()
    table.setCurrentCell(0, 0)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.currentColumn() == 1  # the arrows move within the table
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not table, f"Tab stays in {table.accessibleName()!r}"
    assert (table.currentRow(), table.currentColumn()) == (0, 1)


def test_tab_leaves_the_matchpoint_table(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Matchpoints")
    assert isinstance(pane, MatchpointsPane)
    tab_leaves(qtbot, pane.table)


def test_tab_leaves_the_classroom_tables(qtbot, library) -> None:  # type: ignore[no-untyped-def]
    view = ClassroomView(library.topics)
    qtbot.addWidget(view)
    view.show()
    view.activateWindow()
    qtbot.waitActive(view)
    tab_leaves(qtbot, view.by_case)
