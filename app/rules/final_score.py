"""Law 77 after Law 64: the contract, the tricks declarer's side is credited with once any revoke
trick transfer is made, and the score from North-South's side."""

from __future__ import annotations

from app.bridge.contract import TRICKS_PER_DEAL
from app.bridge.scoring import score_ns
from app.bridge.seats import Side
from app.rules.board import Board
from app.rules.findings import Analysis, step
from app.rules.revoke_rules import RevokeOutcome


def final_score(board: Board, revokes: RevokeOutcome, analysis: Analysis) -> None:
    """Fill in ``contract``, ``declarer``, ``tricks_transferred``, ``declarer_tricks`` and ``score_ns``."""
    facts, unknown = analysis.facts, analysis.unknown
    if revokes.undetermined:
        unknown["tricks_transferred"] = revokes.undetermined
    else:
        facts["tricks_transferred"] = sum(revokes.transferred_to.values())
    if board.passed_out:
        facts.update(contract="passed-out", score_ns=0)
        analysis.steps.append(step("All four players passed: the board is passed out and scores zero.", "22B", "77"))
        return
    contract = board.contract
    if contract is None:
        why = ("the auction in the case does not end and no contract is given" if not board.auction_over
               else "no contract can be derived")
        for key in ("contract", "declarer", "score_ns", "declarer_tricks"):
            unknown[key] = why
        return
    analysis.contract = contract
    facts.update(contract=str(contract), declarer=contract.declarer.letter)
    played = _tricks_as_played(board, analysis)
    if played is None:
        for key in ("score_ns", "declarer_tricks"):
            unknown[key] = "the case gives no result and the play is not complete"
        return
    if revokes.undetermined:
        for key in ("score_ns", "declarer_tricks"):
            unknown[key] = "the revoke trick transfer cannot be counted: " + revokes.undetermined
        return
    side = contract.side
    other = Side.EW if side is Side.NS else Side.NS
    how = "as played"
    if revokes.corrected_tricks is not None:
        played, how = revokes.corrected_tricks[side], "once trick twelve is corrected"  # Law 62D1
    credited = played + revokes.transferred_to[side] - revokes.transferred_to[other]
    credited = max(0, min(TRICKS_PER_DEAL, credited))
    ns = score_ns(contract, credited, board.scenario.vulnerability)
    facts.update(declarer_tricks=credited, score_ns=ns)
    moved = ""
    laws = ["77"]  # the score; the laws that changed the tricks counted, only when they did
    if revokes.transferred_to[side] or revokes.transferred_to[other]:
        moved = f", {credited} after the {'trick' if revokes.omissions else 'revoke trick'} transfer"
        laws.insert(0, "64A")
        if revokes.omissions:
            laws.insert(0, "67B1")
    if revokes.corrected_tricks is not None:
        laws.insert(0, "62D1")
    analysis.steps.append(step(f"{contract.symbol} ({board.scenario.vulnerability.english}): declarer's side won "
                                f"{played} tricks {how}{moved}, so North-South score {ns:+d}.", *laws))


def _tricks_as_played(board: Board, analysis: Analysis) -> int | None:
    table = board.timeline.table
    played = table.play.declarer_tricks if table is not None and table.play.is_finished else None
    result = board.scenario.result
    if result is not None and played is not None and result != played:
        analysis.problems.append(f"result says declarer's side won {result} tricks, but the tricks in the events "
                                 f"give {played}")
    return result if result is not None else played

