"""The rules engine: ``analyse(scenario)`` finds the irregularities and states what follows.

It replays the scenario once (``timeline.replay``) and hands each kind of
record to the module of its law family; this module only dispatches, orders
the findings, picks the one the director was called to, and adds the final
score and the points left to the director's judgement.
"""

from __future__ import annotations

from app.bridge.errors import BridgeError
from app.rules.board import Board
from app.rules.call_entries import CallEntry, CallKind, Resolution
from app.rules.defective_tricks import defect_problems, defective_tricks
from app.rules.dummy_rules import dummy_findings, dummy_notes, dummy_problems, no_immediate_rectification
from app.rules.exposure_findings import exposed_in_auction
from app.rules.final_score import final_score
from app.rules.findings import Analysis, Finding
from app.rules.inadmissible_calls import after_final_pass, bid_above_seven, inadmissible_double, violates_pass
from app.rules.insufficient_bid import insufficient_bid
from app.rules.judgement_notes import judgement_notes
from app.rules.lead_rules import play_irregularities
from app.rules.penalty_cards import track_penalty_cards
from app.rules.revoke_rules import revokes
from app.rules.rotation_rules import change_of_call, out_of_rotation
from app.rules.scenario import Scenario
from app.rules.timeline import replay
from app.rules.withdrawn_calls import comparable_problems

_BY_KIND = {
    CallKind.INSUFFICIENT: insufficient_bid,
    CallKind.OUT_OF_ROTATION: out_of_rotation,
    CallKind.CHANGE: change_of_call,
    CallKind.INADMISSIBLE_DOUBLE: inadmissible_double,
    CallKind.BREAKS_PASS: violates_pass,
    CallKind.ABOVE_SEVEN: bid_above_seven,
    CallKind.AFTER_FINAL_PASS: after_final_pass,
}


def analyse(scenario: Scenario) -> Analysis:
    """Everything the engine can say about ``scenario``. Bad input (a card played twice, a card not in
    the player's hand) is reported in ``problems`` rather than raised."""
    analysis = Analysis()
    try:
        timeline = replay(scenario)
    except BridgeError as error:
        analysis.problems.append(f"the events cannot be replayed: {error}")
        return analysis
    board = Board(scenario, timeline)
    analysis.problems.extend(comparable_problems(board))
    analysis.problems.extend(dummy_problems(board))
    analysis.problems.extend(defect_problems(board))
    auction = [_call_finding(board, entry) for entry in timeline.entries if entry.kind in _BY_KIND]
    exposures = [exposed_in_auction(board, exposure) for exposure in timeline.exposures]
    penalties = track_penalty_cards(board)
    analysis.problems.extend(penalties.problems)
    plays = play_irregularities(board, penalties)
    outcome = revokes(board, penalties)
    defects = defective_tricks(board, outcome)
    ordered = [*auction, *exposures, *plays, *penalties.findings, *outcome.findings, *dummy_findings(board), *defects]
    analysis.findings = sorted(ordered, key=_when)
    no_immediate_rectification(board, analysis.findings)
    analysis.primary = _primary(analysis.findings, scenario.director_index)
    if timeline.contract_presumed:
        analysis.problems.append("the play starts without a contract: give contract: and declarer:, or an auction")
    final_score(board, outcome, analysis)
    analysis.judgement.extend(judgement_notes(board))
    analysis.judgement.extend(dummy_notes(board))
    return analysis


def _call_finding(board: Board, entry: CallEntry) -> Finding:
    finding = _BY_KIND[entry.kind](board, entry)
    if entry.intended and entry.resolution is not Resolution.SUBSTITUTED:
        finding.judge(f"{entry.seat.english} meant this call in place of his previous one, but it came too late "
                      "for Law 25A: his partner had called since, or the opening lead had been faced.", "25A4",
                      "25A5")
    return finding


def _when(finding: Finding) -> int:
    return -1 if finding.event_index is None else finding.event_index


def _primary(findings: list[Finding], director_index: int) -> Finding | None:
    """The irregularity the director was called to: the last one before the first director event, or
    the first one after it if nothing came before."""
    before = [f for f in findings if _when(f) < director_index]
    if before:
        return before[-1]
    return findings[0] if findings else None
