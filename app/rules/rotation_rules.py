"""Laws 28–32: calls out of rotation, judged by whose turn it was; and Law 25, changes of call."""

from __future__ import annotations

from app.bridge.calls import DOUBLE, PASS, REDOUBLE
from app.rules.board import Board, call_name
from app.rules.call_entries import CallEntry, Relation, Resolution, is_artificial_pass
from app.rules.findings import Finding
from app.rules.withdrawn_calls import comparable_judgement, lead_restrictions


def _family(entry: CallEntry) -> str:
    """30 for a pass, 31 for a bid or an artificial pass (30C), 32 for a double or redouble."""
    if entry.call in (DOUBLE, REDOUBLE):
        return "32"
    if entry.call is PASS and not is_artificial_pass(entry):
        return "30"
    return "31"


def _kind(entry: CallEntry) -> str:
    """Named by the call made; the law that deals with it is the ``rectification``."""
    if entry.call is PASS:
        return "pass-out-of-rotation"
    return "double-out-of-rotation" if entry.call in (DOUBLE, REDOUBLE) else "bid-out-of-rotation"


def out_of_rotation(board: Board, entry: CallEntry) -> Finding:
    offender, lho = entry.seat, entry.seat.lho
    assert entry.turn is not None and entry.relation is not None
    family = _family(entry)
    finding = Finding(_kind(entry), offender, entry.event_index)
    finding.facts.update(options_to=lho.letter, offender_must_pass="no")
    finding.say(f"{offender.english} called {call_name(entry.call)} when it was {entry.turn.english}'s turn "
                f"(his {entry.relation.value}): a call out of rotation.", "29")
    if family == "31" and entry.call is PASS:
        finding.say("The pass was artificial (or passed partner's artificial call), so the bid-out-of-rotation law "
                    "applies to it.", "30C")
    if entry.alerted:
        finding.judge("The call out of rotation was artificial: the rectifications apply to the denominations it "
                      "specified, not the one it named; which those are is for the director.", "29C")
    finding.say(f"{lho.english} may accept it by calling; the call then stands and nothing more follows.", "29A")
    if entry.resolution is Resolution.ACCEPTED:
        finding.facts.update(accepted=True, rectification="29A", partner_must_pass="no")
        finding.say(f"{lho.english} called over it, accepting it: no rectification.", "29A")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.CANCELLED_BY_TURN:
        finding.facts.update(accepted=False, rectification="28B", partner_must_pass="no")
        finding.say(f"{entry.turn.english}, whose turn it was, called before any rectification: his call stands, "
                    f"the call out of rotation is cancelled, and {offender.english} keeps his turn with no "
                    "rectification; the lead restrictions do not apply.", "28B")
        finding.judge("Information from the cancelled call is unauthorized for the offending side.", "16C2")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.REVERTED:
        # Law 17D3 (and 34): the passes do not end the auction; nothing else follows but Law 16C.
        finding.facts.update(rectification="17D3", partner_must_pass="no", offender_must_pass="no")
        finding.say("Three passes followed the last call, but one of them was out of rotation and took away a "
                    "player's turn, so the auction has not ended: it reverts to the player who missed his turn, the "
                    "passes after the last call are cancelled and the auction continues normally.", "17D3", "34")
        finding.judge(f"{offender.english}, who passed out of rotation, is the offender: the cancelled passes are "
                      "unauthorized information to his side and authorized to the other.", "17D3", "16C")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.CANCELLED:
        finding.facts["accepted"] = False
        finding.say(f"It was not accepted: the call is cancelled and the auction reverts to {entry.turn.english}.",
                    "29B")
    else:
        finding.say(f"If it is not accepted, it is cancelled and the auction reverts to {entry.turn.english}.", "29B")
    if family == "30":
        _pass(board, finding, entry)
    else:
        _bid_or_double(board, finding, entry, family)
    _breaches(board, finding, entry)
    return finding


def _pass(board: Board, finding: Finding, entry: CallEntry) -> None:
    offender, partner = entry.seat, entry.seat.partner
    if entry.relation is Relation.RHO:
        # Law 30A: at RHO's turn the offender passes at his next turn.
        finding.facts.update(rectification="30A", offender_must_pass="once", partner_must_pass="no")
        finding.say(f"At his right-hand opponent's turn, {offender.english} must pass when his next turn comes; "
                    "nothing binds his partner.", "30A")
        finding.judge("If the offender could have known the enforced pass might well damage the other side, the "
                      "director may adjust.", "72C")
        lead_restrictions(board, finding, offender, False)
        return
    # Law 30B1: at partner's turn, or LHO's turn before the offender has called.
    finding.facts.update(rectification="30B1", partner_must_pass="once")
    finding.say(f"{partner.english} may make any legal call at his turn, but information from the withdrawn pass is "
                "unauthorized to him.", "30B1(a)", "16C2")
    finding.say(f"{offender.english} may make any legal call at his own turn. If it is comparable there is no further "
                f"rectification; if not, {partner.english} must pass at his next turn.", "30B1(b)(i)",
                "30B1(b)(ii)")
    if not _judged(board, finding, entry, "the pass", "30B1(b)(i)", "30B1(b)(ii)"):
        comparable_judgement(finding, "the pass", ("30B1(b)(i)",))
        lead_restrictions(board, finding, offender, True)


def _judged(board: Board, finding: Finding, entry: CallEntry, withdrawn: str, free: str, barred: str) -> bool:
    """The case states the director's judgement of the offender's call at his proper turn (Law 23A): the
    branch it puts the board on. False when the call has not been made or the case leaves it open."""
    later = board.judged_call(entry)
    if later is None or later.comparable is None:
        return False
    offender, partner = entry.seat, entry.seat.partner
    new = call_name(later.call)
    if later.comparable:
        finding.facts["partner_must_pass"] = "no"
        finding.say(f"{offender.english} then called {new}, which the director judged comparable to {withdrawn}: no "
                    "further rectification, no lead restriction, and the withdrawn call is not unauthorized "
                    "information to his partner.", free, "23B", "26A")
        finding.judge("If the non-offending side was damaged because the infraction helped the offenders, the "
                      "director adjusts the score at the end of play.", "23C")
        lead_restrictions(board, finding, offender, False)
        return True
    finding.say(f"{offender.english} then called {new}, which the director judged not comparable to {withdrawn}: "
                f"{partner.english} must pass when next it is his turn.", barred, "23A")
    finding.judge("Information from the withdrawn call is unauthorized to the offending side; if the offender could "
                  "have known the infraction might well damage the other side, the director may adjust.", "16C",
                  "72C")
    lead_restrictions(board, finding, offender, True)
    return True


def _bid_or_double(board: Board, finding: Finding, entry: CallEntry, family: str) -> None:
    offender, partner = entry.seat, entry.seat.partner
    assert entry.turn is not None
    a1, a2, b = ("31A1", "31A2", "31B") if family == "31" else ("32A1", "32A2", "32B")
    if entry.relation is not Relation.RHO:
        # Laws 31B, 32B: at partner's turn (or LHO's before the offender has called).
        finding.facts.update(rectification=b, partner_must_pass="once")
        finding.say(f"{partner.english} may make any legal call at his proper turn; information from the withdrawn "
                    "call is unauthorized to him.", f"{b}1", "16C2")
        finding.say(f"{offender.english} may make any legal call at his turn: a comparable call means no further "
                    f"rectification; any other call makes {partner.english} pass at his next turn (once, not for "
                    "the rest of the auction).", f"{b}2", f"{a2}(a)", f"{a2}(b)")
        if not _judged(board, finding, entry, call_name(entry.call), f"{a2}(a)", f"{a2}(b)"):
            comparable_judgement(finding, call_name(entry.call), (f"{a2}(a)",))
            lead_restrictions(board, finding, offender, True)
        return
    answer = board.entry(entry.answered_by)
    if answer is not None and answer.call is PASS:
        # Laws 31A1, 32A1: RHO passed, so the offender repeats his call; if it is legal, nothing more.
        finding.facts.update(rectification=a1, offender_must_repeat=True, partner_must_pass="no")
        finding.say(f"{entry.turn.english} passed, so {offender.english} must repeat {call_name(entry.call)}; if it "
                    "is legal there is no rectification.", a1)
        lead_restrictions(board, finding, offender, False)
        return
    finding.facts["partner_must_pass"] = "once"
    if answer is not None:
        finding.facts.update(rectification=a2, offender_must_repeat=False)
        finding.say(f"{entry.turn.english} made a call other than a pass ({call_name(answer.call)}), so "
                    f"{offender.english} may make any legal call.", a2)
    else:
        finding.unknown["offender_must_repeat"] = f"it depends on {entry.turn.english}'s call, which the case does not show"
        finding.say(f"If {entry.turn.english} passes, {offender.english} must repeat his call and, if it is legal, "
                    f"nothing more follows. If {entry.turn.english} bids, doubles or redoubles, {offender.english} may "
                    "make any legal call.", a1, a2)
    finding.say(f"A comparable call lets the auction continue without rectification; any other call makes "
                f"{partner.english} pass at his next turn.", f"{a2}(a)", f"{a2}(b)")
    if _judged(board, finding, entry, call_name(entry.call), f"{a2}(a)", f"{a2}(b)"):
        return
    comparable_judgement(finding, call_name(entry.call), (f"{a2}(a)",))
    finding.judge("Information from the withdrawn call is unauthorized to the offending side; if the offender could "
                  "have known the infraction might well damage the other side, the director may adjust.", "16C",
                  "72C")
    lead_restrictions(board, finding, offender, True)


def _breaches(board: Board, finding: Finding, entry: CallEntry) -> None:
    """Later calls that may break what this irregularity required."""
    for obligation in entry.obligations:
        later = next((e for e in board.timeline.entries if e.broken is obligation), None)
        if later is None:
            continue
        if obligation.conditional:
            finding.judge(f"{later.seat.english} later called {call_name(later.call)} when he would have had to pass "
                          "had the director judged the offender's call not comparable; if so, that call breaks the "
                          "obligation to pass.", obligation.law, "37")


def change_of_call(board: Board, entry: CallEntry) -> Finding:
    offender, lho = entry.seat, entry.seat.lho
    first = board.entry(entry.replaces)
    finding = Finding("change-of-call", offender, entry.event_index)
    finding.facts.update(options_to=lho.letter, partner_must_pass="no", offender_must_pass="no")
    was = f" {call_name(first.call)}" if first is not None else ""
    if entry.resolution is Resolution.SUBSTITUTED:
        return _unintended_call(board, finding, entry, was)
    finding.say(f"{offender.english} called {call_name(entry.call)} after his own{was}, at his left-hand opponent's "
                "turn: a change of call.", "25", "30B2", "31C", "32C")
    finding.judge(f"Whether {offender.english}'s first call was unintended (a mechanical error or slip of the tongue, "
                  "noticed before partner called) is for the director; if it was, the intended call stands and no "
                  "lead restriction follows.", "25A1", "25A2")
    finding.say(f"If the change is not allowed as unintended, {lho.english} may accept the new call (calling over it "
                "accepts it); otherwise the new call is cancelled and the first one stands. Information from the "
                "withdrawn call is unauthorized to the offending side.", "25B1", "25B2", "25B3")
    if entry.resolution is Resolution.ACCEPTED:
        finding.facts.update(accepted=True, rectification="25B1")
        finding.say(f"{lho.english} called over the new call: it stands and the first is withdrawn.", "25B1")
    elif entry.resolution is Resolution.CANCELLED:
        finding.facts.update(accepted=False, rectification="25B2")
        finding.say("The new call was not accepted: the first call stands.", "25B2")
    lead_restrictions(board, finding, offender, True, "26")
    return finding


def _unintended_call(board: Board, finding: Finding, entry: CallEntry, was: str) -> Finding:
    """Law 25A: the case says the first call was unintended, so the intended call replaces it. Nobody
    accepts or refuses it, and nothing follows: no lead restriction, no unauthorized information."""
    offender, lho = entry.seat, entry.seat.lho
    del finding.facts["options_to"]
    after_auction = entry.turn is None
    law = "25A5" if after_auction else "25A1"
    finding.facts.update(rectification=law)
    finding.say(f"{offender.english}'s{was} was unintended (a mechanical slip or slip of the tongue, with no pause "
                f"for thought), and he replaced it with {call_name(entry.call)} before his partner called: the "
                "intended call stands in its place, whoever noticed the slip and however.", "25A1", "25A2", "25A3",
                "25A4")
    if after_auction:
        finding.say("The unintended call had ended the auction, but the opening lead had not been faced: in the "
                    "Clarification Period the substitution is still allowed, and the auction goes on if the "
                    "intended call does not end it. This is not a call after the final pass.", "25A5", "17D1")
    choice = "" if _over(board, entry) else f" and {lho.english} has no option to exercise"
    finding.say(f"No rectification follows{choice}: the withdrawn call is treated as never made, so it carries no "
                "unauthorized information and no lead restriction.", "25A1")
    _called_over(board, finding, entry)
    finding.judge("Whether the call was unintended rather than a change of mind is a finding of fact for the "
                  "director, made away from the table; otherwise Law 25B applies.", "25A2", "25B")
    lead_restrictions(board, finding, offender, False)
    return finding


def _called_over(board: Board, finding: Finding, entry: CallEntry) -> None:
    """Law 25A6: the left-hand opponent who called over the unintended call may take his call back."""
    offender, lho = entry.seat, entry.seat.lho
    over = _over(board, entry)
    if over is None:
        finding.judge(f"Had {lho.english} called over the unintended call, he could take that call back; his "
                      "withdrawn call would then be authorized to his side and unauthorized to the other.", "25A6")
        return
    finding.facts["options_to"] = lho.letter
    finding.say(f"{lho.english} had called {call_name(over.call)} over the unintended call. Now that it is replaced, "
                "he may take that call back and call again; information from his withdrawn call is authorized to "
                f"his side and unauthorized to {offender.english} and his partner.", "25A6")
    again = board.replacement_of(over)
    if over.resolution is Resolution.WITHDRAWN and again is not None:
        finding.facts["rectification"] = "25A6"
        finding.say(f"He took back his {call_name(over.call)} and called {call_name(again.call)} instead.", "25A6")
    elif any(e.number > entry.number for e in board.timeline.entries):
        finding.say(f"He let his {call_name(over.call)} stand.", "25A6")


def _over(board: Board, entry: CallEntry) -> CallEntry | None:
    """The left-hand opponent's call made over the unintended call that ``entry`` replaced, if any."""
    first = board.entry(entry.replaces)
    if first is None:
        return None
    return next((e for e in board.timeline.entries
                 if e.seat is entry.seat.lho and first.number < e.number < entry.number), None)
