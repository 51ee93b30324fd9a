"""Laws 35–39: inadmissible calls — doubles and redoubles Law 19 does not allow (36), calls by a player
required to pass (37), bids above seven (38) and calls after the final pass (39)."""

from __future__ import annotations

from app.bridge.calls import PASS
from app.rules.board import Board, call_name
from app.rules.call_entries import CallEntry, Duty, Resolution
from app.rules.findings import Finding
from app.rules.withdrawn_calls import lead_restrictions


def inadmissible_double(board: Board, entry: CallEntry) -> Finding:
    offender, partner = entry.seat, entry.seat.partner
    finding = Finding("inadmissible-double", offender, entry.event_index)
    finding.facts.update(offender_must_pass="no")
    finding.say(f"{offender.english}'s {call_name(entry.call)} is not allowed by Law 19 (only an opponent's last "
                "bid may be doubled, and only an opponent's double redoubled, with nothing but passes since): it is "
                "inadmissible.", "19A1", "19B1", "35A")
    if entry.relation is not None:
        finding.say("A double or redouble out of rotation that is inadmissible can never be accepted.", "32")
    if entry.resolution is Resolution.CANCELLED_WITH_LATER:
        finding.facts.update(rectification="36A", partner_must_pass="no")
        finding.say(f"{offender.lho.english} called before rectification, so the inadmissible call and every call "
                    "after it are cancelled; the auction returns to the player whose turn it was and goes on as if "
                    "nothing had happened. No lead restriction applies.", "36A")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.DISREGARDED:
        finding.facts.update(rectification="36C", partner_must_pass="no")
        finding.say("Nobody noticed before the opening lead was faced, so the board is scored without the "
                    "inadmissible call, as though nobody had made it.", "36C")
        lead_restrictions(board, finding, offender, False)
        return finding
    law = "36B4" if entry.relation is not None else "36B2"
    finding.facts["partner_must_pass"] = "throughout"
    if entry.resolution is Resolution.CANCELLED:
        finding.facts["rectification"] = "36B"
    else:
        finding.say(f"If {offender.lho.english} calls before the director arrives, the call and everything after it "
                    "are cancelled with no rectification.", "36A")
    if entry.relation is None:
        finding.say(f"Otherwise it is cancelled and {offender.english} must substitute a legal call; "
                    f"{partner.english} must then pass whenever it is his turn.", "36B1", "36B2")
    else:
        finding.say(f"Otherwise it is cancelled, the auction reverts to the player whose turn it was, "
                    f"{offender.english} may make any legal call at his turn, and {partner.english} must pass "
                    "whenever it is his turn.", "36B1", "36B4")
    finding.judge("If the offender could have known the enforced passes might well damage the other side, the "
                  "director may adjust.", "72C")
    lead_restrictions(board, finding, offender, True, law)
    return finding


def violates_pass(board: Board, entry: CallEntry) -> Finding:
    offender, partner = entry.seat, entry.seat.partner
    duty = entry.broken
    finding = Finding("action-violating-obligation-to-pass", offender, entry.event_index)
    why = f" ({duty.law})" if duty is not None else ""
    finding.say(f"{offender.english} was required to pass{why} but called {call_name(entry.call)}: an inadmissible "
                "call.", "35B", "37")
    throughout = duty is not None and duty.duty is Duty.PASS_THROUGHOUT
    if entry.resolution is Resolution.STANDS:
        finding.facts.update(rectification="37A", offender_must_pass="throughout" if throughout else "no",
                             partner_must_pass="no")
        finding.say(f"{offender.lho.english} called before the director ruled, so that call and all later calls "
                    "stand; no lead restriction applies." + (f" {offender.english} must still pass at his later "
                                                             "turns." if throughout else ""), "37A")
        lead_restrictions(board, finding, offender, False)
        return finding
    if entry.resolution is Resolution.CANCELLED:
        finding.facts["rectification"] = "37B"
    else:
        finding.say(f"If {offender.lho.english} calls before the director rules, the call and all later calls stand.",
                    "37A")
    finding.facts.update(offender_must_pass="throughout", partner_must_pass="throughout")
    finding.say(f"Otherwise the call is cancelled, a pass is put in its place, and both {offender.english} and "
                f"{partner.english} must pass whenever it is their turn.", "37B1", "37B2")
    finding.judge("The director may adjust if the offender could have known the infraction might well damage the "
                  "other side.", "72C")
    lead_restrictions(board, finding, offender, True, "37B2")
    return finding


def bid_above_seven(board: Board, entry: CallEntry) -> Finding:
    offender, partner = entry.seat, entry.seat.partner
    finding = Finding("bid-above-seven", offender, entry.event_index)
    finding.facts.update(offender_must_pass="throughout", partner_must_pass="throughout", rectification="38")
    finding.say(f"{offender.english} bid {call_name(entry.call)}: no contract above seven may be played.", "38A")
    finding.say("The bid is cancelled together with any later calls and a pass is substituted; the auction goes on "
                f"unless it is over, and {offender.english} and {partner.english} must pass whenever it is their "
                "turn.", "38B", "38C")
    if entry.lho_called:
        finding.say(f"{offender.lho.english} called after the bid and before rectification, so neither the lead "
                    "restrictions nor an adjustment for awareness of damage is available.", "38D")
        lead_restrictions(board, finding, offender, False)
    else:
        finding.judge("The director may adjust if the offender could have known the infraction might well damage "
                      "the other side.", "38D", "72C")
        lead_restrictions(board, finding, offender, True, "38D")
    return finding


def after_final_pass(board: Board, entry: CallEntry) -> Finding:
    offender = entry.seat
    finding = Finding("call-after-final-pass", offender, entry.event_index)
    finding.facts.update(partner_must_pass="no", offender_must_pass="no")
    finding.say(f"{offender.english} called {call_name(entry.call)} after the auction had ended: the call is "
                "cancelled.", "35D", "39A")
    lho_called = any(later.seat is offender.lho and later.number > entry.number
                     and not board.director_between(entry.event_index, later.event_index)
                     for later in board.timeline.entries)
    defends = board.defends(offender)
    if board.passed_out:
        why = "the board was passed out, so there is no play for a lead restriction to affect"
    elif lho_called:
        why = "the offender's left-hand opponent called before rectification"
    elif entry.call is PASS and defends:
        why = "it was a pass by a defender"
    elif defends is False:
        why = "the call came from the declaring side"
    else:
        why = ""
    if why:
        finding.facts["rectification"] = "39B"
        finding.say(f"There is no further rectification: {why}.", "39B")
        lead_restrictions(board, finding, offender, False)
        return finding
    finding.facts["rectification"] = "39C"
    finding.say("It was a bid, double or redouble by a defender and the offender's left-hand opponent has not called "
                "since, so the lead restrictions may apply.", "39C")
    lead_restrictions(board, finding, offender, True, "39C")
    return finding
