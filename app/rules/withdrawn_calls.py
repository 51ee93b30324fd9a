"""What follows when an irregular call is withdrawn: comparable calls (Law 23) and lead restrictions
(Law 26), shared by the insufficient-bid, rotation and inadmissible-call rules."""

from __future__ import annotations

from app.bridge.calls import DOUBLE, REDOUBLE
from app.bridge.cards import Suit
from app.bridge.seats import Seat
from app.rules.board import Board, call_name
from app.rules.call_entries import Resolution
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
        return
    named, unsure = board.specified_suits(offender)
    free = [suit.english for suit in _SUIT_ORDER if suit.letter not in named]
    listing = ", ".join(free) if free else "none"
    finding.say(f"{offender.english} defends, so at {offender.partner.english}'s first turn to lead declarer may "
                "forbid the lead of any one suit the offender did not specify in the legal auction, for as long as "
                f"{offender.partner.english} keeps the lead. Unalerted suit bids leave these suits open: {listing}.",
                law)
    if unsure:
        finding.judge(f"{offender.english} made alerted calls in the legal auction; which suits they specified is "
                      "for the director to establish.", "26B")


def comparable_judgement(finding: Finding, replaced: str, laws: tuple[str, ...]) -> None:
    """Say that whether the replacement is comparable is the director's call, and what follows either way."""
    finding.judge(f"Whether the call that replaced {replaced} is comparable (same or similar meaning, a subset of "
                  "its meanings, or the same purpose) is for the director. If it is, the auction goes on with no "
                  "further rectification; if the non-offenders are then damaged because the infraction helped, "
                  "the score is adjusted.", "23A", "23C", *laws)


def comparable_problems(board: Board) -> list[str]:
    """A ``comparable:`` finding the events contradict: on a call that takes no withdrawn call's place, or a
    double judged not comparable that the events let stand (Law 27B3 cancels it)."""
    problems = []
    for entry in board.timeline.entries:
        if entry.comparable is None:
            continue
        where = f"{entry.seat.english}'s {call_name(entry.call)}"
        if entry.judged_against is None:
            problems.append(f"{where} is marked comparable: true or false, but it takes the place of no withdrawn "
                            "call (an insufficient bid not accepted, or a call out of rotation cancelled): "
                            "leave comparable: out")
        elif (entry.comparable is False and entry.call in (DOUBLE, REDOUBLE)
              and entry.resolution is not Resolution.CANCELLED
              and any(later.seat is not entry.seat for later in board.timeline.entries[entry.number + 1:])):
            problems.append(f"{where} is judged not comparable, so Law 27B3 cancels it and {entry.seat.english} "
                            "must call again before anyone else does; the events go on as though it stood")
    return problems
