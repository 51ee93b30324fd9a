"""The calculators, opened from the Tools menu and typed into as a director would. Each answer is checked
against the figure the command line prints for the same input (one function behind both) and against
the value the laws give."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from app import cli
from app.ui.tools.calculator_pane import CalculatorPane
from app.ui.tools.calculators import CalculatorsDialog
from app.ui.tools.calculators_panes import (
    BoardPane,
    ContractScorePane,
    ImpsPane,
    MatchpointsPane,
    RevokePane,
    WeightedScorePane,
)
from app.ui.window.main_window import AREAS, MainWindow


def open_tool(window: MainWindow, text: str) -> CalculatorPane:
    """Choose Tools › ``text``… and return the pane that comes up."""
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    tools.aboutToShow.emit()  # what opening the menu does
    action = next(a for a in tools.actions() if a.text().replace("&", "").startswith(text))
    action.trigger()
    dialog = window.findChild(CalculatorsDialog, "calculators")
    assert dialog is not None and dialog.isVisible()
    pane = dialog.tabs.currentWidget()
    assert isinstance(pane, CalculatorPane)
    return pane


def cli_output(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out.strip()


def retype(qtbot, field, text: str) -> None:  # type: ignore[no-untyped-def]
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Delete)
    qtbot.keyClicks(field, text)


def test_tools_menu_has_one_entry_per_calculator_once_opened(window: MainWindow) -> None:
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    assert tools.actions() == []  # filled when it first opens, not at start-up
    for _ in range(2):
        tools.aboutToShow.emit()
        assert len(tools.actions()) == 6


def test_contract_score_follows_the_input_and_matches_the_command_line(window, qtbot, capsys) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Contract score")
    assert isinstance(pane, ContractScorePane)
    retype(qtbot, pane.contract, "4SX")
    pane.declarer.setCurrentText("South")
    pane.tricks.setValue(8)
    pane.vulnerability.setCurrentText("Both")
    assert "North–South -500" in pane.result.text()  # two down doubled vulnerable: 200 + 300 (Law 77)
    assert cli_output(capsys, "score", "4SX", "S", "8", "--vul", "Both") == "-500"
    retype(qtbot, pane.contract, "4H")
    pane.declarer.setCurrentText("East")
    pane.tricks.setValue(10)
    pane.vulnerability.setCurrentText("None")
    assert "North–South -420" in pane.result.text()
    pane.scheme.setCurrentIndex(pane.scheme.findData("ibl"))  # hearts at 20 a trick: a part-score
    assert "North–South -130" in pane.result.text()
    assert cli_output(capsys, "score", "4H", "E", "10", "--scheme", "ibl") == "-130"
    retype(qtbot, pane.contract, "8S")
    assert pane.result.text() == ""
    assert "8S" in pane.message.text() and pane.message.isVisible()


def test_imps_and_a_clear_message_for_bad_input(window, qtbot, capsys) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "IMPs")
    assert isinstance(pane, ImpsPane)
    for difference, expected in (("430", "10"), ("-620", "-12"), ("20", "1"), ("4000", "24")):
        retype(qtbot, pane.difference, difference)
        assert f"<b>{expected} IMPs</b>" in pane.result.text()
        assert cli_output(capsys, "imps", difference) == expected
    retype(qtbot, pane.difference, "lots")
    assert "whole number" in pane.message.text() and pane.result.text() == ""


def test_matchpoints_for_a_pasted_traveller_match_the_command_line(window, qtbot, capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Matchpoints")
    assert isinstance(pane, MatchpointsPane)
    traveller = "ns,ew,score\n1,11,420\n2,12,-50\n3,13,A60/A40\n4,14,70%:420;30%:-50\n"
    pane.traveller.setPlainText(traveller)
    retype(qtbot, pane.sessions, "3=64.5")
    path = tmp_path / "board.csv"
    path.write_text(traveller, encoding="utf-8")
    expected = json.loads(cli_output(capsys, "matchpoints", str(path), "--json", "--session", "3=64.5"))
    shown = [[pane.table.item(r, c).text() for c in range(7)] for r in range(pane.table.rowCount())]
    assert [float(row[3]) for row in shown] == [row["ns_matchpoints"] for row in expected["rows"]]
    assert [float(row[5]) for row in shown] == [row["ns_percent"] for row in expected["rows"]]
    assert shown[2][5] == "64.5" and shown[2][6] == "40"  # Law 12C2(c): the better session figure
    assert f"top {expected['top']} matchpoints" in pane.result.text()
    pane.traveller.setPlainText("1,11,420\n2,12,70%:420;20%:-50\n")
    assert "line 2" in pane.message.text() and "90 %" in pane.message.text()
    assert pane.table.rowCount() == 0


def test_weighted_score_as_imps_and_as_matchpoints(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Weighted")
    assert isinstance(pane, WeightedScorePane)
    pane.outcomes.setPlainText("70%:420\n30%:-50")
    pane.other.setPlainText("-50")
    # 470 is 10 IMPs and 0 is 0: 70 % of 10 = 7 (Law 12C1(c)).
    assert "North–South 7 IMPs" in pane.result.text()
    pane.scoring.setCurrentIndex(1)
    pane.other.setPlainText("420\n-50\n100")
    # +420 beats two and ties one (5 of 6); -50 ties one (1 of 6): 0.7 × 5 + 0.3 × 1 = 3.8.
    assert "North–South 3.8 of 6 matchpoints (63.33 %)" in pane.result.text()
    pane.outcomes.setPlainText("70%:420\n20%:-50")
    assert "90 %" in pane.message.text() and pane.result.text() == ""


def test_revoke_transfer_from_the_rules_engine(window) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Revoke")
    assert isinstance(pane, RevokePane)
    pane.trick.setValue(5)
    pane.winner.setCurrentIndex(0)  # the offender won the revoke trick
    pane.later.setValue(1)
    assert "2 tricks to the non-offending side</b> (Law 64A1)" in pane.result.text()
    pane.later.setValue(0)
    assert "1 trick to the non-offending side</b> (Law 64A1)" in pane.result.text()
    pane.winner.setCurrentIndex(2)  # the non-offenders won it, and the offenders no later trick
    assert "0 tricks to the non-offending side</b> (Law 64B1)" in pane.result.text()
    pane.later.setValue(3)
    assert "1 trick to the non-offending side</b> (Law 64A2)" in pane.result.text()
    pane.trick.setValue(12)
    pane.later.setValue(0)
    assert "(Law 64B6)" in pane.result.text()
    pane.trick.setValue(13)
    assert "tricks 1 to 12" in pane.message.text()
    pane.trick.setValue(6)
    pane.later.setValue(9)
    assert "7 later tricks" in pane.message.text()


def test_board_rota_and_bad_board_number(window, qtbot, capsys) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Board number")
    assert isinstance(pane, BoardPane)
    retype(qtbot, pane.number, "7")
    assert "Board 7: dealer South, both sides vulnerable" in pane.result.text()
    assert cli_output(capsys, "board", "7") == "Board 7: dealer South, both sides vulnerable"
    retype(qtbot, pane.number, "0")
    assert "numbered from 1" in pane.message.text()


def test_a_calculators_law_link_opens_the_library(window) -> None:  # type: ignore[no-untyped-def]
    pane = open_tool(window, "Revoke")
    heading = pane.findChild(QLabel, "calculatorHeading")
    assert 'href="law:64"' in heading.text()
    heading.linkActivated.emit("law:64")
    assert AREAS[window.areas.currentRow()] == "Library"
    assert window.library_view.current_key == "64"


def test_every_pane_fits_a_small_window(window) -> None:  # type: ignore[no-untyped-def]
    dialog = open_tool(window, "Contract score").window()
    assert isinstance(dialog, QWidget) and dialog.width() <= 1024 and dialog.height() <= 700
