"""Laws 65–67: defective tricks — a trick turned over before a player played to it, a player's extra card
among his played cards, a played card that went back into the hand and was played again.

The table (``trick_defects``) records each defect and settles, when the director is called, whether a
player of each side had then played to the next trick; here each becomes a finding. A card omitted and
found late counts as a revoke on the defective trick with one trick transferred by Law 64A2 (67B1): that
transfer goes into the board's count with the revokes' (``RevokeOutcome``).
"""

from __future__ import annotations

from app.bridge.seats import Side
from app.rules.board import Board, card_name
from app.rules.card_actions import Defect, DefectKind
from app.rules.findings import Finding
from app.rules.play_events import DEFECTS
from app.rules.revoke_rules import RevokeOutcome, later_tricks_won
from app.rules.table_play import TablePlay


def defect_problems(board: Board) -> list[str]:
    """A ``turned``, ``extra`` or ``retrieve`` event that the play cannot have: before any card, or a trick
    turned over when none was in progress."""
    table = board.timeline.table
    problems = []
    ruled = {defect.event_index for defect in table.defects} if table is not None else set()
    for index, event in enumerate(board.scenario.events):
        if event.kind not in DEFECTS:
            continue
        if table is None:
            problems.append(f"{event.kind} (event {index + 1}) comes before any card is played; a defective "
                            "trick is written in the play")
        elif event.kind == "turned" and index not in ruled:
            problems.append(f"turned (event {index + 1}) comes when no trick is in progress: a trick is turned "
                            "over only when some but not all of its cards have been played")
    return problems


def defective_tricks(board: Board, outcome: RevokeOutcome) -> list[Finding]:
    """A finding for each defect, with the trick a late-found omission transfers added to ``outcome``."""
    table = board.timeline.table
    if table is None:
        return []
    found = []
    for defect in table.defects:
        finding = Finding("defective-trick", defect.seat, defect.event_index)
        if defect.kind is DefectKind.OMITTED:
            count = _omitted(board, table, defect, finding)
            if count is None:
                outcome.undetermined = outcome.undetermined or finding.unknown.get("tricks_transferred")
            else:
                other = Side.EW if defect.seat.side is Side.NS else Side.NS
                outcome.transferred_to[other] += count
                outcome.omissions += count
        elif defect.kind is DefectKind.EXTRA:
            _extra(defect, finding)
        else:
            _retrieved(defect, finding)
        found.append(finding)
    return found


def _omitted(board: Board, table: TablePlay, defect: Defect, finding: Finding) -> int | None:
    seat = defect.seat
    finding.say(f"Trick {defect.trick} was turned over with no card from {seat.english}: he omitted to play to "
                "it, so the trick is defective.", "65A", "67")
    if defect.law == "67A1":
        finding.facts.update(rectification="67A1", tricks_transferred=0)
        finding.say("Attention was drawn before a player of each side had played to the next trick, so it is put "
                    f"right: {seat.english} supplies a card he can legally play to that trick.", "67A", "67A1")
        supplied = table.actions[defect.supplied] if defect.supplied is not None else None
        if supplied is not None:
            finding.say(f"He supplied {card_name(supplied.card)}.", "67A1")
        return 0
    finding.say(f"Both sides had played to the next trick when it came to light, so {seat.english} must at once "
                "face a card and put it among his played cards for that trick; it does not change who won the "
                "trick.", "67B", "67B1")
    if defect.holds_suit_led is None:
        finding.facts["rectification"] = "67B1"
        finding.unknown["rectification"] = f"{seat.english}'s hand is not known, so whether he holds the suit led is not"
    elif defect.holds_suit_led:
        finding.facts["rectification"] = "67B1(a)"
        finding.say("He holds a card of the suit led to that trick, so the card he places must be of that suit; he "
                    "is deemed to have revoked on the defective trick.", "67B1(a)")
    else:
        finding.facts["rectification"] = "67B1(b)"
        finding.say("He has no card of the suit led to that trick, so he places any card he chooses; he is still "
                    "deemed to have revoked on the defective trick.", "67B1(b)")
    return _one_trick(board, table, defect, finding)


def _one_trick(board: Board, table: TablePlay, defect: Defect, finding: Finding) -> int | None:
    """Law 67B1: one trick goes to the other side, as Law 64A2 counts it: if the offending side won the
    defective trick or any later trick."""
    side = defect.seat.side
    tricks = table.play.tricks
    won_it = defect.trick <= len(tricks) and tricks[defect.trick - 1].winner.side is side
    later = None if won_it else later_tricks_won(board, table, side, defect.trick, finding)
    if not won_it and later is None:
        finding.unknown["tricks_transferred"] = ("none or one trick: it depends on whether the offending side wins "
                                                 "a later trick, which the case does not show")
        return None
    count = 1 if won_it or later else 0
    finding.facts["tricks_transferred"] = count
    why = ("his side won the defective trick" if won_it else "his side won a later trick" if later
           else "his side won neither the defective trick nor any later one")
    finding.say(f"He loses one trick in the manner of Law 64A2 only if his side won the defective trick or a later "
                f"one: {why}, so {count} trick{'' if count == 1 else 's'} go{'es' if count == 1 else ''} to the other "
                "side at the end of play.", "67B1", "64A2")
    return count


def _extra(defect: Defect, finding: Finding) -> None:
    seat, card = defect.seat, card_name(defect.card) if defect.card else "a card"
    finding.facts.update(rectification=defect.law, penalty_card="none")
    finding.say(f"{seat.english}'s {card} went to trick {defect.trick} with the card he played, its face unseen: he "
                "played too many cards to the trick, so it is defective.", "67")
    if defect.law == "67A2":
        finding.say("Attention was drawn before a player of each side had played to the next trick: as only one "
                    "face was seen, that card is played and the other goes back to his hand with no further "
                    "rectification.", "67A2", "58B1")
        return
    finding.say("Both sides had played to the next trick, so the director restores the extra card to his hand and "
                "leaves the card he faced among his played cards; who won the trick does not change.", "67B2(a)")
    finding.say("The restored card counts as having been in his hand all along, so not playing it to a later trick "
                "may be a revoke.", "67B2(b)")


def _retrieved(defect: Defect, finding: Finding) -> None:
    seat, card = defect.seat, card_name(defect.card) if defect.card else "a card"
    finding.facts.update(rectification="67B3", tricks_transferred=0)
    finding.say(f"{seat.english} played {card} to trick {defect.trick}, but it went back into his hand instead of "
                "staying among his played cards: the director finds it and puts it back among them, in its place "
                f"at trick {defect.trick}.", "67B3")
    if defect.replayed_at is not None:
        finding.say(f"He then played {card} again, to trick {defect.replayed_at}.", "67B3")
        finding.judge("If it is too late to put right that second play of the card, the director awards an adjusted "
                      "score. It cannot be too late before a player of each side has played to the trick after it; "
                      "beyond that, when it is too late is for him to judge.", "67B3", "12C1")
