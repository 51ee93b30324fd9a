"""What follows when an irregular call is withdrawn: comparable calls (Law 23) and lead restrictions
(Law 26), shared by the insufficient-bid, rotation and inadmissible-call rules."""

from __future__ import annotations

from app.bridge.calls import DOUBLE, REDOUBLE
from app.bridge.cards import Suit
from app.bridge.seats import Seat
from app.rules.board import Board, call_name
from app.rules.call_entries import CallKind, Resolution
from app.rules.findings import Finding

_SUIT_ORDER = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def lead_restrictions(board: Board, finding: Finding, offender: Seat, may_apply: bool, law: str = "26B") -> None:
    """Set ``lead_restrictions`` and explain it. ``may_apply``: the branch taken (or still open) is one
    in which Law 26B can apply; it then does only if the offender becomes a defender."""
    if not may_apply:
        finding.facts["lead_restrictions"] = False
        return
    defends = board.defends(offender)
    if defends is False:
        finding.facts["lead_restrictions"] = False
        finding.say(f"{offender.english} is on the declaring side, so no lead restriction can follow.", "26B")
        return
    finding.facts["lead_restrictions"] = True
    if defends is None:
        finding.say(f"If {offender.english} becomes a defender, declarer may forbid {offender.partner.english}'s "
                    "first lead of one suit that the offender did not specify in the legal auction, for as long as "
                    f"{offender.partner.english} keeps the lead.", law)
        finding.unknown["lead_restriction_suits"] = "the auction has not ended, so it is not known who defends"
        return
    named, open_calls = board.specified_suits(offender)
    free = [suit for suit in _SUIT_ORDER if suit not in named]
    listing = ", ".join(suit.english for suit in free) if free else "none"
    forbid = (f"{offender.english} defends, so at {offender.partner.english}'s first turn to lead declarer may forbid "
              "the lead of any one suit the offender did not specify in the legal auction, for as long as "
              f"{offender.partner.english} keeps the lead.")
    if not open_calls:
        finding.facts["lead_restriction_suits"] = suit_list(free)
        finding.say(f"{forbid} The suits he did not specify: {listing}.", law)
        return
    calls = ", ".join(call_name(entry.call) for entry in open_calls)
    shown = ", ".join(suit.english for suit in _SUIT_ORDER if suit in named) or "no suit"
    finding.say(f"{forbid} Apart from his {calls}, he specified {shown}.", law)
    finding.judge(f"Which suits {offender.english}'s {calls} specified (an alerted call, or a double, may show a suit) "
                  "is for the director to establish; any such suit cannot be forbidden.", "26B")
    finding.unknown["lead_restriction_suits"] = (f"which suits {offender.english}'s {calls} specified is for the "
                                                 "director: give it with specifies: on the call")


def suit_list(suits: list[Suit]) -> str:
    """Suits as ``lead_restriction_suits`` writes them, highest first: 'S, D, C', or 'none'."""
    ordered = [suit for suit in _SUIT_ORDER if suit in suits]
    return ", ".join(suit.letter for suit in ordered) if ordered else "none"


def comparable_judgement(finding: Finding, replaced: str, laws: tuple[str, ...]) -> None:
    """Say that whether the replacement is comparable is the director's call, and what follows either way."""
    finding.judge(f"Whether the call that replaced {replaced} is comparable (same or similar meaning, a subset of "
                  "its meanings, or the same purpose) is for the director. If it is, the auction goes on with no "
                  "further rectification; if the non-offenders are then damaged because the infraction helped, "
                  "the score is adjusted.", "23A", "23C", *laws)


def comparable_problems(board: Board) -> list[str]:
    """A ``comparable:`` finding the events contradict: on a call that takes no withdrawn call's place, or a
    double put in place of an insufficient bid, judged not comparable, that the events let stand (Law 27B3
    cancels it)."""
    problems = []
    for entry in board.timeline.entries:
        if entry.comparable is None:
            continue
        where = f"{entry.seat.english}'s {call_name(entry.call)}"
        if entry.judged_against is None:
            problems.append(f"{where} is marked comparable: true or false, but the laws ask that only of the "
                            "offender's replacement for an insufficient bid not accepted (27B1(b)) or his call at "
                            "his turn after his call out of rotation was cancelled (30B1(b), 31A2, 31B, 32A2, 32B): "
                            "leave comparable: out")
        elif (entry.comparable is False and entry.call in (DOUBLE, REDOUBLE)
              and board.timeline.entries[entry.judged_against].kind is CallKind.INSUFFICIENT
              and entry.resolution is not Resolution.CANCELLED
              and any(later.seat is not entry.seat for later in board.timeline.entries[entry.number + 1:])):
            problems.append(f"{where} is judged not comparable, so Law 27B3 cancels it and {entry.seat.english} "
                            "must call again before anyone else does; the events go on as though it stood")
    return problems
