"""Law 27: the insufficient bid — acceptance, the free correction, the comparable call, and partner
passing throughout."""

from __future__ import annotations

from app.bridge.calls import DOUBLE, REDOUBLE, Bid
from app.rules.board import Board, call_name
from app.rules.call_entries import (
    CallEntry,
    CallKind,
    Resolution,
    is_free_correction,
    lowest_sufficient,
    specified,
)
from app.rules.findings import Finding
from app.rules.withdrawn_calls import comparable_judgement, lead_restrictions


def insufficient_bid(board: Board, entry: CallEntry) -> Finding:
    offender, lho = entry.seat, entry.seat.lho
    bid = entry.call
    assert isinstance(bid, Bid)
    last = entry.last_bid_before
    finding = Finding("insufficient-bid", offender, entry.event_index)
    finding.facts["options_to"] = lho.letter
    finding.say(f"{offender.english}'s {call_name(bid)} does not outrank the last bid, "
                f"{call_name(last) if last else 'none'}: it is an insufficient bid.", "18D")
    finding.say(f"{lho.english}, the offender's left-hand opponent, may accept it; calling over it accepts it.", "27A1")
    first = board.entry(entry.replaces)
    if first is not None and first.kind is CallKind.INSUFFICIENT:
        return _second_attempt(board, finding, entry)
    _lowest(finding, entry, bid)
    replacement = board.replacement_of(entry)
    if entry.resolution is Resolution.ACCEPTED:
        # Law 27A1: accepted, the bid is treated as legal and the auction goes on.
        finding.facts.update(accepted=True, rectification="27A1", partner_must_pass="no")
        finding.say(f"{lho.english} accepted it, so it stands as if sufficient and there is no rectification.", "27A1")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.CANCELLED:
        finding.facts["accepted"] = False
    if replacement is None:
        _options(finding, entry)
        finding.facts["partner_must_pass"] = "throughout"
        lead_restrictions(board, finding, offender, True)
        return finding
    if replacement.premature:
        finding.say(f"{offender.english} replaced the bid before the director had ruled; the replacement stands "
                    "(if legal) unless the insufficient bid is accepted, and is judged as below.", "27C")
    _replaced(board, finding, entry, replacement)
    return finding


def _second_attempt(board: Board, finding: Finding, entry: CallEntry) -> Finding:
    """Law 27B4: the offender replaced one insufficient bid with another."""
    offender, partner = entry.seat, entry.seat.partner
    finding.facts["rectification"] = "27B4"
    finding.say(f"It replaces {offender.english}'s earlier insufficient bid, so no free correction is left.", "27B4")
    if entry.resolution is Resolution.ACCEPTED:
        finding.facts.update(accepted=True, partner_must_pass="no")
        finding.say("It was accepted, so it stands and the auction continues.", "27B4", "27A1")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.CANCELLED:
        finding.facts["accepted"] = False
    finding.facts["partner_must_pass"] = "throughout"
    finding.say(f"Not accepted, it is ruled as an attempted double: {offender.english} must make a legal call and "
                f"{partner.english} must pass whenever it is his turn.", "27B4", "27B3")
    lead_restrictions(board, finding, offender, True)
    return finding


def _natural_target(entry: CallEntry) -> Bid | None:
    """A bid in the one denomination the insufficient bid specified, to find the cheapest sufficient bid in
    it: the bid itself if natural, or one in the denomination the case says an alerted bid specified."""
    denominations = specified(entry)
    if denominations is None or len(denominations) != 1:
        return None
    (denomination,) = denominations
    return Bid(1, denomination)


def _lowest(finding: Finding, entry: CallEntry, bid: Bid) -> None:
    target = _natural_target(entry)
    if entry.alerted and entry.specifies:
        names = ", ".join(d.symbol for d in entry.specifies)
        finding.say(f"The insufficient bid was artificial; it specified {names}, and Law 27B1(a) asks for the "
                    "lowest sufficient bid that specifies the same denomination(s).", "27B1(a)")
        finding.judge("The engine takes the cheapest natural bid in a specified denomination to be that lowest "
                      "bid; if the partnership's system has a cheaper sufficient bid that specifies the same "
                      "denomination(s), that one is the correction.", "27B1(a)")
    if target is None:
        why = ("the insufficient bid was alerted, so which denomination(s) it specifies is for the director (27B1(a))"
               if entry.specifies is None else "it specified more than one denomination (27B1(a))"
               if entry.specifies else "it specified no denomination (27B1(a))")
        finding.unknown["lowest_sufficient_same_denomination"] = why
        finding.judge("Which bid is the lowest sufficient bid specifying the same denomination(s) as the "
                      "insufficient bid depends on the partnership's system: that is for the director.", "27B1(a)")
        return
    lowest = lowest_sufficient(entry.standing_before, target)
    finding.facts["lowest_sufficient_same_denomination"] = str(lowest) if lowest else "none"
    if lowest is None:
        finding.say(f"No sufficient bid in {target.denomination.symbol} exists below eight, so the free correction "
                    "is not available.", "27B1(a)")


def _options(finding: Finding, entry: CallEntry) -> None:
    offender, partner = entry.seat, entry.seat.partner
    target = _natural_target(entry)
    lowest = lowest_sufficient(entry.standing_before, target) if target is not None else None
    if lowest is not None:
        finding.say(f"If it is not accepted, {offender.english} must substitute a legal call. Replacing it with "
                    f"{call_name(lowest)}, the lowest sufficient bid that specifies the same denomination (the "
                    f"{'replacement being natural' if entry.alerted else 'calls here being natural'}), lets the "
                    "auction continue with no further rectification.", "27B1(a)")
    else:
        finding.say(f"If it is not accepted, {offender.english} must substitute a legal call.", "27B")
    finding.say("A comparable call also lets the auction continue without rectification.", "27B1(b)", "23A")
    finding.say(f"Any other sufficient bid or a pass makes {partner.english} pass whenever it is his turn to call "
                "for the rest of the auction, and lead restrictions may follow.", "27B2", "26B")
    finding.say(f"A double or redouble in its place is cancelled unless it is comparable; {offender.english} then "
                f"substitutes a legal call and {partner.english} passes throughout.", "27B3")
    finding.judge("If the auction goes on after a 27B1 correction and the non-offenders end up damaged because the "
                  "insufficient bid helped, the director adjusts the score.", "27D")
    finding.judge("If the offender could have known that barring partner might well damage the other side, the "
                  "director may adjust.", "72C")


def _replaced(board: Board, finding: Finding, entry: CallEntry, replacement: CallEntry) -> None:
    offender, partner = entry.seat, entry.seat.partner
    new = call_name(replacement.call)
    if replacement.kind is CallKind.INSUFFICIENT:
        finding.facts["rectification"] = "27B4"
        finding.say(f"{offender.english} replaced it with {new}, another insufficient bid; {entry.seat.lho.english} "
                    "may accept that one.", "27B4")
        if replacement.resolution is Resolution.ACCEPTED:
            finding.facts["partner_must_pass"] = "no"
            finding.say("It was accepted, so it stands and the auction continues.", "27B4", "27A1")
            lead_restrictions(board, finding, offender, False)
        else:
            finding.facts["partner_must_pass"] = "throughout"
            finding.say(f"If it is not accepted the director rules as for an attempted double: {offender.english} "
                        f"makes a legal call and {partner.english} passes throughout.", "27B4", "27B3")
            lead_restrictions(board, finding, offender, True)
        return
    if is_free_correction(entry, replacement):
        # Law 27B1(a): the lowest sufficient bid that specifies the same denomination(s).
        finding.facts.update(rectification="27B1(a)", partner_must_pass="no")
        finding.say(f"{offender.english} replaced it with {new}, the lowest sufficient bid that specifies the same "
                    "denomination(s) as the insufficient bid: the auction proceeds with no further rectification, "
                    "and neither the lead restrictions of Law 26B nor Law 16C applies.", "27B1(a)")
        finding.judge("If the insufficient bid helped the offending side to a result it could not otherwise have "
                      "reached and the non-offenders were damaged, the director adjusts the score.", "27D")
        lead_restrictions(board, finding, offender, False)
        return
    if replacement.call in (DOUBLE, REDOUBLE) and replacement.resolution is Resolution.CANCELLED:
        _attempted_double(board, finding, entry, replacement)
        return
    if replacement.comparable is not None:
        _judged(board, finding, entry, replacement)
        return
    law = "27B3" if replacement.call in (DOUBLE, REDOUBLE) else "27B2"
    finding.facts["partner_must_pass"] = "throughout"
    if replacement.alerted or entry.alerted:
        finding.judge("An alerted call is involved, so whether the replacement is the free correction of 27B1(a) "
                      "is for the director.", "27B1(a)")
    finding.say(f"{offender.english} replaced it with {new}. Unless the director judges that call comparable, "
                f"{partner.english} must pass whenever it is his turn for the rest of the auction.", law, "27B1(b)")
    comparable_judgement(finding, call_name(entry.call), ("27B1(b)", "27D"))
    finding.judge("If the offender could have known that barring partner might well damage the other side, the "
                  "director may adjust.", "72C")
    lead_restrictions(board, finding, offender, True)


def _judged(board: Board, finding: Finding, entry: CallEntry, replacement: CallEntry) -> None:
    """The case states the director's judgement of the replacement (Law 23A): comparable, so the auction
    goes on with nothing more (27B1(b)); or not, so partner passes throughout (27B2, or 27B3 for a double)."""
    offender, partner = entry.seat, entry.seat.partner
    new, old = call_name(replacement.call), call_name(entry.call)
    if replacement.comparable:
        finding.facts.update(rectification="27B1(b)", partner_must_pass="no")
        finding.say(f"{offender.english} replaced it with {new}, which the director judged comparable to the withdrawn "
                    f"{old} (same or similar meaning, a subset of its meanings, or the same purpose): the auction "
                    "proceeds with no further rectification, and Law 16C does not apply.", "27B1(b)", "23A")
        finding.say("A call withdrawn and replaced by a comparable call brings no lead restriction.", "26A")
        finding.judge("If the insufficient bid helped the offending side to a result it could not otherwise have "
                      "reached and the non-offenders were damaged, the director adjusts the score.", "27D", "23C")
        lead_restrictions(board, finding, offender, False)
        return
    double = replacement.call in (DOUBLE, REDOUBLE)
    law = "27B3" if double else "27B2"
    finding.facts.update(rectification=law, partner_must_pass="throughout")
    finding.say(f"{offender.english} replaced it with {new}, which the director judged not comparable to the "
                f"withdrawn {old} and which is not the free correction either: {partner.english} must pass "
                "whenever it is his turn for the rest of the auction.", law, "23A")
    if double:
        finding.say(f"Not being comparable, the attempted {new} is cancelled: {offender.english} must put a legal call "
                    "in its place, and his partner still passes throughout.", "27B3")
    finding.judge("If the offender could have known that barring partner might well damage the other side, the "
                  "director may adjust.", "72C")
    lead_restrictions(board, finding, offender, True, "26B")


def _attempted_double(board: Board, finding: Finding, entry: CallEntry, attempt: CallEntry) -> None:
    """Law 27B3: the director cancelled the double (not comparable); the offender's next call replaces the
    insufficient bid and partner must pass whenever it is his turn."""
    offender, partner = entry.seat, entry.seat.partner
    finding.facts.update(rectification="27B3", partner_must_pass="throughout")
    finding.say(f"{offender.english} tried to put {call_name(attempt.call)} in its place. Not being comparable, the "
                f"attempted call is cancelled; {offender.english} must make a legal call instead and "
                f"{partner.english} must pass whenever it is his turn to call.", "27B3")
    final = board.replacement_of(attempt)
    if final is not None:
        finding.say(f"{offender.english}'s {call_name(final.call)} is that call.", "27B3")
    finding.judge("If the offender could have known that barring partner might well damage the other side, the "
                  "director may adjust.", "72C")
    lead_restrictions(board, finding, offender, True, "27B3")
