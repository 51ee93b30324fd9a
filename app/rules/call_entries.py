"""What each call made at the table was, and what it left standing: the records of the legal auction.

These are the values the auction replay (``legal_auction``), the engine and the
findings modules pass between them: the kind of a call, how it was settled,
the obligations it brought about, the calls that stand. The few questions the
laws ask of the calls that stand (is a bid sufficient, may this player double,
is the replacement the free correction of Law 27B1(a)) live with them because
every one of those modules asks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from app.bridge.auction import lowest_sufficient_bid
from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination
from app.bridge.cards import Suit
from app.bridge.seats import Seat


class CallKind(Enum):
    """What a call was when it was made."""

    IN_TURN = "in turn"
    OUT_OF_ROTATION = "out of rotation"
    CHANGE = "change of call"
    INSUFFICIENT = "insufficient bid"
    INADMISSIBLE_DOUBLE = "inadmissible double or redouble"
    BREAKS_PASS = "call by a player required to pass"
    ABOVE_SEVEN = "bid of more than seven"
    AFTER_FINAL_PASS = "call after the final pass"


class Relation(Enum):
    """Whose turn it was, seen from the player who called out of rotation (Laws 30–32)."""

    RHO = "right-hand opponent"
    PARTNER = "partner"
    LHO = "left-hand opponent"


class Resolution(Enum):
    """How an irregular call was settled."""

    PENDING = "pending"  # nothing has settled it yet
    STANDS = "stands"  # a legal call, or an irregular one that stands (Law 37A)
    ACCEPTED = "accepted"  # Laws 25B1, 27A1, 29A
    CANCELLED_BY_TURN = "cancelled by the correct player's call"  # Law 28B
    CANCELLED = "cancelled"  # Laws 25B2, 27B, 27B3, 29B, 36B, 37B, 39A
    SUBSTITUTED = "stands in place of an unintended call"  # Law 25A1
    CANCELLED_WITH_LATER = "cancelled with every later call"  # Laws 36A, 38B
    DISREGARDED = "disregarded after the opening lead"  # Law 36C
    REVERTED = "cancelled: a player was deprived of his turn"  # Law 17D3
    WITHDRAWN = "taken back by its maker after the call it answered was replaced"  # Law 25A6


class Duty(Enum):
    PASS_ONCE = "once"
    PASS_THROUGHOUT = "throughout"
    REPEAT = "repeat"


@dataclass
class Obligation:
    """Something a player must do at his next turn(s) because of an irregularity.

    ``conditional`` obligations apply only if the director judges that the
    offender's replacement call was not comparable (Law 23A) or not the free
    correction of Law 27B1(a); they are not enforced here. When the case states
    his judgement (``comparable:``), the obligation is definite or never arises.
    """

    seat: Seat
    duty: Duty
    law: str
    source: int | None  # the entry that brought it about; None for a card exposed in the auction
    conditional: bool = False
    call: Call | None = None


@dataclass(frozen=True)
class StandingCall:
    seat: Seat
    call: Call
    alerted: bool = False
    entry: int | None = None  # None for a pass the laws imply (Law 28A)


@dataclass
class CallEntry:
    """One call made at the table, what it was, and how it was settled."""

    number: int
    seat: Seat
    call: Call
    alerted: bool
    turn: Seat | None  # whose turn it was; None once the auction was over
    kind: CallKind
    standing_before: tuple[StandingCall, ...]
    event_index: int | None = None
    relation: Relation | None = None
    replaces: int | None = None  # the entry this call replaces (Laws 25, 27B, 36B2)
    premature: bool = False  # a replacement made before the director was called (Law 27C)
    resolution: Resolution = Resolution.STANDS
    lho_called: bool = False  # the offender's left-hand opponent called before rectification
    attention: bool = False  # the director was called before it was settled
    answered_by: int | None = None  # the correct player's call once the auction reverted (Laws 30–32)
    broken: Obligation | None = None  # an obligation this call failed to meet
    refused: bool = False  # the option holder said he did not accept it
    intended: bool = False  # the case says the player meant it in place of his previous call (Law 25A)
    specifies: tuple[Denomination, ...] | None = None  # what an alerted call or a double specified (the case says)
    comparable: bool | None = None  # the director's judgement of this call as a replacement (Law 23A; the case says)
    judged_against: int | None = None  # the withdrawn call whose place this one takes, judged for comparability
    obligations: list[Obligation] = field(default_factory=list)  # those it brought about

    @property
    def last_bid_before(self) -> Bid | None:
        return last_bid(self.standing_before)


def last_bid(standing: tuple[StandingCall, ...] | list[StandingCall]) -> Bid | None:
    return next((s.call for s in reversed(standing) if isinstance(s.call, Bid)), None)


def is_sufficient(standing: tuple[StandingCall, ...] | list[StandingCall], bid: Bid) -> bool:
    """Law 18C: a bid is sufficient if it supersedes the last bid that stands."""
    last = last_bid(standing)
    return last is None or bid > last


def may_double(standing: tuple[StandingCall, ...] | list[StandingCall], seat: Seat, call: Call) -> bool:
    """Law 19A1/19B1: a double only of an opponent's last bid, a redouble only of an opponent's double,
    with nothing but passes since."""
    last = next((s for s in reversed(standing) if s.call is not PASS), None)
    if last is None or not last.seat.is_opponent_of(seat):
        return False
    return isinstance(last.call, Bid) if call is DOUBLE else last.call is DOUBLE


def lowest_sufficient(standing: tuple[StandingCall, ...] | list[StandingCall], bid: Bid) -> Bid | None:
    """The cheapest sufficient bid in the denomination of ``bid``, or None if it would be above seven."""
    return lowest_sufficient_bid(last_bid(standing), bid.denomination)


def is_artificial_pass(entry: CallEntry) -> bool:
    """Law 30C: an artificial (alerted) pass, or a pass of partner's alerted call, is dealt with by Law 31."""
    if entry.call is not PASS:
        return False
    if entry.alerted:
        return True
    last = next((s for s in reversed(entry.standing_before) if s.call is not PASS), None)
    return last is not None and last.seat is entry.seat.partner and last.alerted


def specified(entry: CallEntry) -> frozenset[Denomination] | None:
    """The denominations a bid specified: its own if unalerted, those the case names for an alerted one;
    None when that is left to the director (an alerted bid whose meaning the case does not give)."""
    if not isinstance(entry.call, Bid):
        return None
    if entry.specifies is not None:
        return frozenset(entry.specifies)
    return None if entry.alerted else frozenset({entry.call.denomination})


def specified_suits(entry: CallEntry) -> frozenset[Suit] | None:
    """The suits any call specified, for Law 26B: an unalerted bid its own suit (none for no trump), an
    unalerted pass none, a call the case gives ``specifies:`` for those it names; None for an alerted call
    or a double or redouble whose meaning the case does not give (some doubles show a suit)."""
    if entry.specifies is not None:
        named = entry.specifies
    elif entry.alerted or entry.call in (DOUBLE, REDOUBLE):
        return None
    else:
        named = (entry.call.denomination,) if isinstance(entry.call, Bid) else ()
    return frozenset(d.suit for d in named if d.suit is not None)


def is_free_correction(insufficient: CallEntry, replacement: CallEntry) -> bool:
    """Law 27B1(a), as far as it is mechanical: the replacement specifies the same denomination(s) as the
    insufficient bid and is the lowest sufficient bid that does. The 2017 law asks what the bids specified,
    not whether they were natural, so an alerted insufficient bid counts when the case says what it
    specified. An alerted replacement is left to the director: only the system says whether a cheaper
    artificial bid would have specified the same."""
    wanted, got = specified(insufficient), specified(replacement)
    if wanted is None or wanted != got or replacement.alerted or not isinstance(replacement.call, Bid):
        return False
    return replacement.call == lowest_sufficient(insufficient.standing_before, replacement.call)
