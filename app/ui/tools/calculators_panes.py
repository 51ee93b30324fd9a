"""The six calculator panes. Each reads its fields and asks the bridge or rules layer; none computes
a score itself (see ``app.ui.tools.calculators``)."""

from __future__ import annotations

import html
from fractions import Fraction

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app.bridge.contract import parse_contract
from app.bridge.errors import ScoringError
from app.bridge.rota import Vulnerability, board_conditions
from app.bridge.scoring import (
    SCHEMES,
    TravellerRow,
    breakdown,
    get_scheme,
    imps,
    matchpoint,
    parse_session_percentages,
    parse_table_score,
    parse_weighted,
    read_traveller,
    score_ns,
    weighted_imps,
)
from app.bridge.seats import SEATS
from app.rules.revoke_rules import RevokeTrickWinner, revoke_transfer
from app.ui.common.tables import make_read_only
from app.ui.tools.calculator_pane import CalculatorPane

EXAMPLE_TRAVELLER = "ns,ew,score\n1,11,420\n2,12,-50\n3,13,450\n4,14,A60/A40\n5,15,70%:420;30%:-50\n"


def _whole_number(text: str, what: str, example: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ScoringError(f"{what}: write a whole number, e.g. {example} (not {text.strip()!r})") from None


def _figure(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


class ContractScorePane(CalculatorPane):
    title = "Contract score"
    tab_title = "Score"
    menu_text = "&Contract score"
    laws = ("77",)

    def __init__(self) -> None:
        super().__init__()
        self.contract = QLineEdit("4S")
        self.contract.setPlaceholderText("level, denomination, X or XX: 4SX, 3NT")
        self.declarer = QComboBox()
        self.declarer.addItems([seat.english for seat in SEATS])
        self.tricks = QSpinBox()
        self.tricks.setRange(0, 13)
        self.tricks.setValue(10)
        self.vulnerability = QComboBox()
        self.vulnerability.addItems([v.value for v in Vulnerability])
        self.scheme = QComboBox()
        for name, scheme in SCHEMES.items():
            self.scheme.addItem(scheme.title, name)
        for label, widget in (("Contract", self.contract), ("Declarer", self.declarer),
                              ("Tricks won by declarer's side", self.tricks), ("Vulnerable", self.vulnerability),
                              ("Scoring table", self.scheme)):
            self.form.addRow(label, widget)
        self.watch(self.contract.textChanged, self.declarer.currentIndexChanged, self.tricks.valueChanged,
                   self.vulnerability.currentIndexChanged, self.scheme.currentIndexChanged)

    def compute(self) -> str:
        contract = parse_contract(self.contract.text(), SEATS[self.declarer.currentIndex()])
        vulnerability = Vulnerability.parse(self.vulnerability.currentText())
        scheme = get_scheme(str(self.scheme.currentData()))
        tricks = self.tricks.value()
        ns = score_ns(contract, tricks, vulnerability, scheme)
        parts = breakdown(contract, tricks, vulnerability, scheme)
        items = [(label, points) for label, points in (
            ("trick score", parts.trick_score), ("game or part-score bonus", parts.game_or_partscore_bonus),
            ("slam bonus", parts.slam_bonus), ("bonus for making a doubled contract", parts.making_bonus),
            (f"{parts.overtricks} overtrick(s)", parts.overtrick_points),
            (f"{parts.undertricks} undertrick(s)", parts.undertrick_penalty)) if points]
        lines = "".join(f"<tr><td>{html.escape(label)}</td><td align='right'>{points}</td></tr>"
                        for label, points in items)
        return (f"<p style='font-size:large'><b>North–South {_signed(ns)}</b> "
                f"(East–West {_signed(-ns)})</p><p>{html.escape(str(contract))} by "
                f"{contract.declarer.english}, {tricks} tricks, {vulnerability.english} "
                f"({html.escape(scheme.title)}):</p><table cellpadding='2'>{lines}<tr><td><b>declarer's side</b></td>"
                f"<td align='right'><b>{parts.total}</b></td></tr></table>")


class ImpsPane(CalculatorPane):
    title = "IMPs"
    tab_title = "IMPs"
    menu_text = "&IMPs for a difference"
    laws = ("78B",)

    def __init__(self) -> None:
        super().__init__()
        self.difference = QLineEdit("430")
        self.difference.setPlaceholderText("difference in points, e.g. 430 or -620")
        self.form.addRow("Difference in points", self.difference)
        self.watch(self.difference.textChanged)

    def compute(self) -> str:
        difference = _whole_number(self.difference.text(), "difference in points", "430 or -620")
        return f"<p style='font-size:large'><b>{imps(difference)} IMPs</b> for a difference of {difference}</p>"


class MatchpointsPane(CalculatorPane):
    title = "Matchpoints"
    tab_title = "Matchpoints"
    menu_text = "&Matchpoints for a traveller"
    laws = ("78A", "12C2", "12C1(c)")

    def __init__(self) -> None:
        super().__init__()
        self.traveller = QPlainTextEdit(EXAMPLE_TRAVELLER)
        self.traveller.setAccessibleName("Traveller")
        self.traveller.setToolTip("One line per table: NS pair, EW pair, North–South score. Scores may be "
                                  "420, A60/A40 (artificial) or 70%:420;30%:-50 (weighted).")
        self.traveller.setMaximumHeight(150)
        self.half = QCheckBox("1 for each score beaten and ½ for a tie")
        self.sessions = QLineEdit()
        self.sessions.setPlaceholderText("for Law 12C2(c), e.g. 4=62.5, 14=38")
        self.form.addRow("Traveller (paste CSV)", self.traveller)
        self.form.addRow("Scale", self.half)
        self.form.addRow("Session percentages", self.sessions)
        self.watch(self.traveller.textChanged, self.half.toggled, self.sessions.textChanged)

    def extend(self, layout: QVBoxLayout) -> bool:
        self.table = QTableWidget(0, 7)
        self.table.setHorizontalHeaderLabels(["NS", "EW", "Score", "NS MP", "EW MP", "NS %", "EW %"])
        make_read_only(self.table)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName("Matchpoints")
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        return True

    def clear_extra(self) -> None:
        self.table.setRowCount(0)

    def compute(self) -> str:
        rows = read_traveller(self.traveller.toPlainText(), "traveller")
        pieces = [piece for piece in self.sessions.text().replace(",", " ").split() if piece]
        results = matchpoint(rows, per_beaten=1 if self.half.isChecked() else 2,
                             session_percent=parse_session_percentages(pieces))
        self.table.setRowCount(len(results))
        for row, result in enumerate(results):
            cells = (result.row.ns_pair, result.row.ew_pair, str(result.row.score), _figure(result.ns),
                     _figure(result.ew), _figure(result.ns_percent), _figure(result.ew_percent))
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        return f"<p>{len(results)} results; top {results[0].top} matchpoints.</p>"


class WeightedScorePane(CalculatorPane):
    title = "Weighted adjusted score"
    tab_title = "Weighted score"
    menu_text = "&Weighted adjusted score"
    laws = ("12C1(c)",)

    def __init__(self) -> None:
        super().__init__()
        self.outcomes = QPlainTextEdit("70%:420\n30%:-50")
        self.outcomes.setAccessibleName("Outcomes")
        self.outcomes.setToolTip("One outcome a line: its weight in %, a colon, North–South's score")
        self.outcomes.setMaximumHeight(110)
        self.scoring = QComboBox()
        self.scoring.addItems(["IMPs against the other table", "Matchpoints on a traveller"])
        self.other = QPlainTextEdit("-50")
        self.other.setAccessibleName("Other results")
        self.other.setToolTip("Teams: the other table's North–South score. Pairs: every other table's "
                              "North–South score, one a line.")
        self.other.setMaximumHeight(110)
        self.form.addRow("Outcomes (weight %: NS score)", self.outcomes)
        self.form.addRow("Turn into", self.scoring)
        self.form.addRow("Other table(s), NS score", self.other)
        self.watch(self.outcomes.textChanged, self.scoring.currentIndexChanged, self.other.textChanged)

    def compute(self) -> str:
        lines = [line.strip() for line in self.outcomes.toPlainText().splitlines() if line.strip()]
        if not lines:
            raise ScoringError("write one outcome a line, its weight in % and North–South's score: 70%:420")
        weighted = parse_weighted(";".join(lines))
        others = [line.strip() for line in self.other.toPlainText().splitlines() if line.strip()]
        if not others:
            raise ScoringError("give the other table's North–South score (teams) or the other tables' scores (pairs)")
        if self.scoring.currentIndex() == 0:
            if len(others) != 1:
                raise ScoringError("at teams there is one other table: give its North–South score on one line")
            other = _whole_number(others[0], "the other table's score", "-50")
            parts = "".join(
                f"<tr><td>{_figure(weight * 100)} %</td><td align='right'>{_signed(score)}</td>"
                f"<td align='right'>{_signed(imps(score - other))} IMPs</td></tr>" for weight, score in weighted.parts)
            total = weighted_imps(weighted, other)
            return (f"<p style='font-size:large'><b>North–South {_figure(total)} IMPs</b></p>"
                    f"<p>Each outcome against {_signed(other)} at the other table, weighted:</p>"
                    f"<table cellpadding='2'>{parts}</table>")
        rows = [TravellerRow(f"{i}", f"{i}", parse_table_score(text)) for i, text in enumerate(others, start=2)]
        results = matchpoint([TravellerRow("1", "1", weighted), *rows])
        mine = results[0]
        return (f"<p style='font-size:large'><b>North–South {_figure(mine.ns)} of {mine.top} matchpoints "
                f"({_figure(mine.ns_percent)} %)</b>; East–West {_figure(mine.ew)} ({_figure(mine.ew_percent)} %)</p>"
                f"<p>{html.escape(str(weighted))} compared with {len(rows)} other result(s).</p>")


class RevokePane(CalculatorPane):
    title = "Revoke trick transfer"
    tab_title = "Revoke"
    menu_text = "&Revoke trick transfer"
    laws = ("64",)

    def __init__(self) -> None:
        super().__init__()
        self.trick = QSpinBox()
        self.trick.setRange(1, 13)
        self.trick.setValue(5)
        self.winner = QComboBox()
        for winner in RevokeTrickWinner:
            self.winner.addItem(winner.value, winner)
        self.later = QSpinBox()
        self.later.setRange(0, 13)
        self.later.setValue(1)
        self.form.addRow("Revoke on trick", self.trick)
        self.form.addRow("Revoke trick won by", self.winner)
        self.form.addRow("Later tricks won by the offending side", self.later)
        self.watch(self.trick.valueChanged, self.winner.currentIndexChanged, self.later.valueChanged)

    def compute(self) -> str:
        transfer = revoke_transfer(self.trick.value(), self.winner.currentData(), self.later.value())
        count = f"{transfer.tricks} trick{'s' if transfer.tricks != 1 else ''}"
        return (f"<p style='font-size:large'><b>{count} to the non-offending side</b> (Law {transfer.law})</p>"
                f"<p>{html.escape(transfer.reason)}</p><p><i>For an established revoke with none of the other "
                "exceptions of Law 64B; if the transfer leaves the non-offending side short, the director "
                "restores equity (Law 64C).</i></p>")


class BoardPane(CalculatorPane):
    title = "Dealer and vulnerability"
    tab_title = "Board"
    menu_text = "&Board number → dealer and vulnerability"
    laws = ("2",)

    def __init__(self) -> None:
        super().__init__()
        self.number = QLineEdit("1")
        self.form.addRow("Board number", self.number)
        self.watch(self.number.textChanged)

    def compute(self) -> str:
        number = _whole_number(self.number.text(), "board number", "7")
        dealer, vulnerability = board_conditions(number)
        return (f"<p style='font-size:large'><b>Board {number}: dealer {dealer.english}, "
                f"{vulnerability.english}</b></p>")


PANES: tuple[type[CalculatorPane], ...] = (
    ContractScorePane, ImpsPane, MatchpointsPane, WeightedScorePane, RevokePane, BoardPane)
