"""The auction as the laws let it stand: which calls count, whose turn it is, who must pass.

At a table where something went wrong, the calls made are not the auction. An
insufficient bid is accepted or replaced, a call out of rotation is accepted or
cancelled, an inadmissible call is cancelled, and a player may be barred. This
module keeps, call by call, the calls that stand (the "legal auction") and
records for each call made what kind of call it was and how it was settled, so
that the replay can show whose turn it was and derive the contract, and the
engine can explain the ruling.

It decides only what follows mechanically from the laws and from who called
next. Where the outcome turns on the director's judgement (is a replacement
call comparable, Law 23A?), the call is left standing and any obligation it
may bring is marked ``conditional``; the engine says so.

``app.bridge.auction.Auction`` cannot hold these calls: once a call out of
rotation is accepted, the calls that stand are no longer in rotation from the
dealer, so each standing call here carries its seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from app.bridge.auction import lowest_sufficient_bid
from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination
from app.bridge.contract import Contract, Doubling
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


class Duty(Enum):
    PASS_ONCE = "once"
    PASS_THROUGHOUT = "throughout"
    REPEAT = "repeat"


@dataclass
class Obligation:
    """Something a player must do at his next turn(s) because of an irregularity.

    ``conditional`` obligations apply only if the director judges that the
    offender's replacement call was not comparable (Law 23A) or not the free
    correction of Law 27B1(a); they are not enforced here.
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
    specifies: tuple[Denomination, ...] = ()  # the denominations an alerted bid specified (the case says)
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


_Maker = Callable[..., CallEntry]  # builds the entry of the call being classified


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
    if entry.specifies:
        return frozenset(entry.specifies)
    return None if entry.alerted else frozenset({entry.call.denomination})


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


class LegalAuction:
    """Follows the calls made, keeping the calls that stand and the obligations that bind."""

    def __init__(self, dealer: Seat) -> None:
        self.dealer = dealer
        self.entries: list[CallEntry] = []
        self.standing: list[StandingCall] = []
        self.obligations: list[Obligation] = []
        self.turn: Seat | None = dealer
        self._pending: CallEntry | None = None  # waiting for the next call to settle it
        self._watched: list[CallEntry] = []  # waiting for the director (Laws 36–38)
        self._reverting: CallEntry | None = None  # cancelled out-of-rotation call awaiting the offender's call
        self._attempted: CallEntry | None = None  # a double put in place of an insufficient bid (Law 27B3)
        self._lead_faced = False  # the auction period is over (Law 17D1): no Law 25A substitution after it

    # ----- what the replay asks -------------------------------------------------

    @property
    def is_complete(self) -> bool:
        return self.turn is None

    def contract(self) -> Contract | None:
        """The contract of the completed auction (None if passed out or not complete)."""
        if not self.is_complete:
            return None
        bids = [(i, s) for i, s in enumerate(self.standing) if isinstance(s.call, Bid)]
        if not bids:
            return None
        index, final = bids[-1]
        assert isinstance(final.call, Bid)
        if not final.call.is_admissible:
            return None
        side = final.seat.side
        declarer = next(s.seat for _, s in bids if s.seat.side is side and isinstance(s.call, Bid)
                        and s.call.denomination is final.call.denomination)
        later = [s.call for s in self.standing[index + 1:] if s.call is not PASS]
        doubled = (Doubling.REDOUBLED if REDOUBLE in later else Doubling.DOUBLED if DOUBLE in later
                   else Doubling.UNDOUBLED)
        return Contract(final.call.level, final.call.denomination, doubled, declarer)

    @property
    def passed_out(self) -> bool:
        return self.is_complete and last_bid(self.standing) is None

    def duties(self, seat: Seat) -> list[Obligation]:
        return [o for o in self.obligations if o.seat is seat]

    # ----- events ----------------------------------------------------------------

    def call(self, seat: Seat, call: Call, alerted: bool = False, event_index: int | None = None, *,
             intended: bool = False, specifies: tuple[Denomination, ...] = ()) -> CallEntry:
        """Record a call made at the table; returns what it was. ``intended`` says the call replaces the
        player's own unintended call (the director's finding under Law 25A1–25A3); ``specifies`` names the
        denominations an alerted bid specified."""
        unintended = self._unintended(seat) if intended and self._pending is None else None
        if unintended is not None:
            entry = self._substitute(seat, call, alerted, event_index, unintended)
            entry.specifies = specifies
            return entry
        replaces = self._attempt_cancelled(seat)
        pending, self._pending = self._pending, None
        if pending is not None:
            replaces = self._settle(pending, seat, call)
        for watched in self._watched:
            if seat is watched.seat.lho:
                watched.lho_called = True
        entry = self._classify(seat, call, alerted, event_index, replaces)
        entry.specifies = specifies
        entry.intended = intended  # said to be intended, but too late for Law 25A: read as any other call
        if replaces is not None:
            entry.premature = not self.entries[replaces].attention
        self.entries.append(entry)
        self._place(entry)
        return entry

    def attention(self) -> None:
        """The director is called: irregularities waiting for rectification are settled (Laws 36–38)."""
        if self._pending is not None:
            self._pending.attention = True
        if self._reverting is not None:
            self._reverting.attention = True
        for entry in self._watched:
            entry.attention = True
            self._rectify(entry)
        self._watched = []

    def accept(self, seat: Seat, accepts: bool) -> None:
        """The option holder says he accepts (or does not accept) the irregular call."""
        pending = self._pending
        if pending is not None and seat is pending.seat.lho:
            if accepts:
                self._pending = None
                self._accepted(pending)
            else:
                # Laws 25B2, 27B, 29B: not accepted, it is cancelled now; the next call is the one the laws
                # then require (the offender's replacement, or the correct player's call).
                pending.refused = True
                pending.resolution = Resolution.CANCELLED
            return
        last = self.entries[-1] if self.entries else None
        if accepts and last is not None and last.premature and last.replaces is not None:
            first = self.entries[last.replaces]
            if seat is first.seat.lho and first.kind is CallKind.INSUFFICIENT:
                # Law 27C: the premature replacement stands unless the insufficient bid is accepted.
                self._remove_standing(last.number)
                last.resolution = Resolution.CANCELLED
                first.resolution = Resolution.ACCEPTED
                self._stand(first)

    def opening_lead(self) -> None:
        """The opening lead is faced: the auction period is over (Law 17D1)."""
        self._lead_faced = True
        self._attempted = None
        for entry in self._watched:
            if entry.kind is CallKind.INADMISSIBLE_DOUBLE:
                # Law 36C: noticed only now, the contract is scored as if the call had not been made.
                self._remove_standing(entry.number)
                entry.resolution = Resolution.DISREGARDED
            elif entry.kind is CallKind.ABOVE_SEVEN:
                self._rectify(entry)  # Law 38A: no contract above seven is ever played
        self._watched = []

    def exposed(self, seat: Seat, law: str) -> None:
        """A card exposed or led during the auction bars partner at his next turn (Law 24B, 24C)."""
        self.obligations.append(Obligation(seat.partner, Duty.PASS_ONCE, law, None))

    # ----- Law 25A and Law 27B3: calls that take another's place -------------------------

    def _unintended(self, seat: Seat) -> CallEntry | None:
        """The call of ``seat`` that an intended call may still replace (Law 25A): his last call that stands,
        if his partner has not called since (25A4) and, when the auction has ended, the opening lead has
        not been faced (25A5, Law 17D1)."""
        if self._lead_faced:
            return None
        own = next((s.entry for s in reversed(self.standing) if s.entry is not None and s.seat is seat), None)
        if own is None:
            return None
        if any(e.seat is seat.partner for e in self.entries[own + 1:]):
            return None
        return self.entries[own]

    def _substitute(self, seat: Seat, call: Call, alerted: bool, event_index: int | None,
                    unintended: CallEntry) -> CallEntry:
        """Law 25A1: the intended call takes the unintended call's place, with no rectification and nobody's
        acceptance; an auction ended by the unintended call goes on if the intended one does not end it."""
        entry = CallEntry(len(self.entries), seat, call, alerted, self.turn, CallKind.CHANGE, tuple(self.standing),
                          event_index, replaces=unintended.number, resolution=Resolution.SUBSTITUTED,
                          intended=True)
        self.entries.append(entry)
        unintended.resolution = Resolution.CANCELLED
        index = next(i for i, s in enumerate(self.standing) if s.entry == unintended.number)
        self.standing[index] = StandingCall(seat, call, alerted, entry.number)
        if index == len(self.standing) - 1:
            self.turn = seat.next
            self._check_end()
        return entry

    def _attempt_cancelled(self, seat: Seat) -> int | None:
        """Law 27B3: a double or redouble put in place of an insufficient bid is cancelled unless the
        director judges it comparable (27B1(b)). When its maker calls again, the director has cancelled it:
        the new call is the replacement, and partner must pass throughout. Returns the double's entry."""
        attempted, self._attempted = self._attempted, None
        if attempted is None or seat is not attempted.seat:
            return None
        self._remove_standing(attempted.number)
        attempted.resolution = Resolution.CANCELLED
        self.turn = seat
        for obligation in self.obligations:
            if obligation.source == attempted.replaces and obligation.law == "27B3":
                obligation.conditional = False
        return attempted.number

    # ----- how a call is classified ------------------------------------------------

    def _classify(self, seat: Seat, call: Call, alerted: bool, event_index: int | None,
                  replaces: int | None) -> CallEntry:
        number = len(self.entries)

        def made(kind: CallKind, relation: Relation | None = None) -> CallEntry:
            return CallEntry(number, seat, call, alerted, self.turn, kind, tuple(self.standing), event_index,
                             relation, replaces)

        turn = self.turn
        if turn is None:
            return made(CallKind.AFTER_FINAL_PASS)  # Law 39
        if isinstance(call, Bid) and not call.is_admissible:
            return made(CallKind.ABOVE_SEVEN)  # Law 38
        if seat is not turn:
            rho_duty = self._pass_duty(turn, definite=True)
            if turn is not seat.rho or rho_duty is None:
                return self._out_of_turn(seat, call, turn, made)
            # Law 28A: a call at RHO's turn when RHO must pass counts as in rotation.
            self._consume(rho_duty)
            self.standing.append(StandingCall(turn, PASS))
            self.turn = seat
        return self._in_turn(seat, call, made)

    def _out_of_turn(self, seat: Seat, call: Call, turn: Seat, made: _Maker) -> CallEntry:
        relation = Relation.RHO if turn is seat.rho else Relation.PARTNER if turn is seat.partner else Relation.LHO
        if call in (DOUBLE, REDOUBLE) and not may_double(self.standing, seat, call):
            return made(CallKind.INADMISSIBLE_DOUBLE, relation)  # Laws 32, 36B4: never acceptable
        last_own = next((s for s in reversed(self.standing) if s.entry is not None), None)
        if relation is Relation.LHO and last_own is not None and last_own.seat is seat:
            # Laws 30B2, 31C, 32C: a second call at LHO's turn is a change of call (Law 25).
            change = made(CallKind.CHANGE, relation)
            change.replaces = last_own.entry
            return change
        return made(CallKind.OUT_OF_ROTATION, relation)

    def _in_turn(self, seat: Seat, call: Call, made: _Maker) -> CallEntry:
        repeat = next((o for o in self.duties(seat) if o.duty is Duty.REPEAT), None)
        barred = self._pass_duty(seat, definite=True)
        conditional = self._pass_duty(seat, definite=False)
        if call in (DOUBLE, REDOUBLE) and not may_double(self.standing, seat, call):
            entry = made(CallKind.INADMISSIBLE_DOUBLE)  # Law 36 (Law 37A leaves Law 19 cases to it)
        elif barred is not None and call is not PASS:
            entry = made(CallKind.BREAKS_PASS)  # Law 37
            entry.broken = barred
        elif isinstance(call, Bid) and not is_sufficient(self.standing, call):
            entry = made(CallKind.INSUFFICIENT)  # Laws 18D, 27
        else:
            entry = made(CallKind.IN_TURN)
        if repeat is not None:
            self._consume(repeat)
            if call != repeat.call:
                entry.broken = repeat  # Laws 31A1, 32A1: the offender had to repeat his call
        if barred is not None:
            self._consume(barred)
        if conditional is not None:
            self._consume(conditional)
            if call is not PASS and entry.broken is None:
                entry.broken = conditional
        return entry

    def _pass_duty(self, seat: Seat, definite: bool) -> Obligation | None:
        return next((o for o in self.duties(seat) if o.duty in (Duty.PASS_ONCE, Duty.PASS_THROUGHOUT)
                     and o.conditional is not definite), None)

    def _consume(self, obligation: Obligation) -> None:
        if obligation.duty is not Duty.PASS_THROUGHOUT:
            self.obligations.remove(obligation)

    # ----- what a call does to the auction -----------------------------------------

    def _place(self, entry: CallEntry) -> None:
        kind = entry.kind
        reverting = self._reverting
        if reverting is not None and entry.seat is reverting.seat and kind is not CallKind.CHANGE:
            self._reverting = None
            self._after_reversion(reverting)
        if entry.replaces is not None and self.entries[entry.replaces].kind is CallKind.INSUFFICIENT:
            self._after_insufficient(self.entries[entry.replaces], entry)
            if kind is CallKind.IN_TURN and entry.call in (DOUBLE, REDOUBLE):
                self._attempted = entry
        if kind is CallKind.IN_TURN:
            entry.resolution = Resolution.STANDS
            self._stand(entry)
        elif kind in (CallKind.INSUFFICIENT, CallKind.OUT_OF_ROTATION, CallKind.CHANGE):
            entry.resolution = Resolution.PENDING
            self._pending = entry
        elif kind in (CallKind.INADMISSIBLE_DOUBLE, CallKind.BREAKS_PASS, CallKind.ABOVE_SEVEN):
            # They stand for now: the table goes on until the director is called (Laws 36A, 37A, 38B).
            entry.resolution = Resolution.PENDING
            self._stand(entry)
            self._watched.append(entry)
        else:
            entry.resolution = Resolution.CANCELLED  # Law 39A: every call after the final pass is cancelled

    def _stand(self, entry: CallEntry) -> None:
        self.standing.append(StandingCall(entry.seat, entry.call, entry.alerted, entry.number))
        self.turn = entry.seat.next
        self._check_end()

    def _settle(self, pending: CallEntry, seat: Seat, call: Call) -> int | None:
        """The next call settles a pending irregular call; returns the entry it replaces, if any."""
        offender = pending.seat
        if pending.kind is CallKind.INSUFFICIENT:
            if seat is offender.lho and not pending.refused:
                self._accepted(pending)  # Law 27A1: accepted by calling over it
                return None
            pending.resolution = Resolution.CANCELLED  # Law 27B: it must be replaced by a legal call
            self.turn = offender
            return pending.number if seat is offender else None
        if pending.kind is CallKind.CHANGE:
            if seat is offender.lho and not pending.refused:
                self._accepted(pending)  # Law 25B1: LHO calls over the substituted call
            else:
                pending.resolution = Resolution.CANCELLED  # Law 25B2: the original call stands
            return None
        # A call out of rotation.
        turn = pending.turn
        assert turn is not None
        if seat is turn and turn.is_opponent_of(offender) and not pending.attention:
            pending.resolution = Resolution.CANCELLED_BY_TURN  # Law 28B: no rectification
            self.turn = turn
            return None
        if seat is offender.lho and seat is not turn and not pending.refused:
            self._accepted(pending)  # Law 29A: LHO calls, forfeiting rectification
            return None
        # At LHO's own turn, once the director has been called, his call is the one the auction reverts to;
        # an acceptance there has to be said (an ``accept`` event).
        pending.resolution = Resolution.CANCELLED  # Law 29B: the auction reverts to the correct player
        self.turn = turn
        if seat is turn:
            pending.answered_by = len(self.entries)
        self._reverting = pending
        self._reverted(pending, seat, call)
        return pending.number if seat is offender else None

    def _accepted(self, pending: CallEntry) -> None:
        """Laws 25B1, 27A1, 29A: the irregular call stands and the auction goes on from the acceptor; a
        changed call takes the place of the first one, which is withdrawn."""
        if pending.kind is CallKind.CHANGE and pending.replaces is not None:
            self._remove_standing(pending.replaces)
            self.entries[pending.replaces].resolution = Resolution.CANCELLED
        pending.resolution = Resolution.ACCEPTED
        self._stand(pending)

    def _reverted(self, pending: CallEntry, seat: Seat, call: Call) -> None:
        """Obligations that follow at once from a cancelled call out of rotation (Laws 30A, 31A1, 32A1)."""
        offender = pending.seat
        if pending.relation is not Relation.RHO or seat is not pending.turn:
            return
        if pending.call is PASS and not is_artificial_pass(pending):
            self._oblige(pending, Obligation(offender, Duty.PASS_ONCE, "30A", pending.number))
        elif call is PASS:
            law = "32A1" if pending.call in (DOUBLE, REDOUBLE) else "31A1"
            self._oblige(pending, Obligation(offender, Duty.REPEAT, law, pending.number, call=pending.call))

    def _after_reversion(self, pending: CallEntry) -> None:
        """The offender calls at his turn after his call out of rotation was cancelled: unless the director
        judges the new call comparable (Law 23A), partner must pass once (Laws 30B1(b)(ii), 31A2(b),
        31B, 32A2(b), 32B)."""
        if any(o.duty is Duty.REPEAT or o.law == "30A" for o in pending.obligations):
            return
        answered = self.entries[pending.answered_by] if pending.answered_by is not None else None
        if pending.relation is Relation.RHO and (answered is None or answered.call is PASS):
            return
        if pending.call is PASS and not is_artificial_pass(pending):
            law = "30B1(b)(ii)"
        elif pending.call in (DOUBLE, REDOUBLE):
            law = "32A2(b)" if pending.relation is Relation.RHO else "32B"
        else:
            law = "31A2(b)" if pending.relation is Relation.RHO else "31B"
        self._oblige(pending, Obligation(pending.seat.partner, Duty.PASS_ONCE, law, pending.number,
                                         conditional=True))

    def _after_insufficient(self, insufficient: CallEntry, replacement: CallEntry) -> None:
        """The offender replaces his insufficient bid (Law 27B). Partner is free after the lowest sufficient
        bid in the same denomination (27B1(a)); after a second insufficient bid that LHO does not accept he
        must pass throughout (27B4, ruled as 27B3); after any other call he must pass throughout unless the
        director judges the call comparable (27B1(b) against 27B2 and 27B3)."""
        if replacement.kind is CallKind.INSUFFICIENT:
            return  # Law 27B4: LHO may accept it first
        partner = insufficient.seat.partner
        first = self.entries[insufficient.replaces] if insufficient.replaces is not None else None
        if first is not None and first.kind is CallKind.INSUFFICIENT:
            # The second insufficient bid was not accepted: whatever replaces it, partner passes throughout.
            self._oblige(insufficient, Obligation(partner, Duty.PASS_THROUGHOUT, "27B4", insufficient.number))
            return
        if is_free_correction(insufficient, replacement):
            return
        law = "27B3" if replacement.call in (DOUBLE, REDOUBLE) else "27B2"
        self._oblige(insufficient, Obligation(partner, Duty.PASS_THROUGHOUT, law, insufficient.number,
                                              conditional=True))

    def _oblige(self, entry: CallEntry, obligation: Obligation) -> None:
        entry.obligations.append(obligation)
        self.obligations.append(obligation)

    def _rectify(self, entry: CallEntry) -> None:
        """The director deals with a watched call (Laws 36, 37, 38)."""
        offender = entry.seat
        if entry.kind is CallKind.INADMISSIBLE_DOUBLE:
            if entry.lho_called:
                # Law 36A: the call and every later call are cancelled; the auction goes on as if nothing happened.
                self._truncate(entry.number, Resolution.CANCELLED_WITH_LATER)
                self.turn = entry.turn
            else:
                # Law 36B: cancelled; the offender calls again at his turn (36B2, 36B4); partner passes throughout.
                self._remove_standing(entry.number)
                entry.resolution = Resolution.CANCELLED
                self.turn = entry.turn
                law = "36B2" if entry.relation is None else "36B4"
                self._oblige(entry, Obligation(offender.partner, Duty.PASS_THROUGHOUT, law, entry.number))
        elif entry.kind is CallKind.BREAKS_PASS:
            if entry.lho_called:
                entry.resolution = Resolution.STANDS  # Law 37A: the call and all later calls stand
            else:
                # Law 37B: the call is cancelled, a pass is substituted, both of the side pass throughout.
                self._replace_with_pass(entry)
                entry.resolution = Resolution.CANCELLED
                for seat in (offender, offender.partner):
                    self._oblige(entry, Obligation(seat, Duty.PASS_THROUGHOUT, "37B2", entry.number))
        elif entry.kind is CallKind.ABOVE_SEVEN:
            # Law 38B/38C: cancelled with every later call; a pass is substituted; the side passes throughout.
            self._truncate(entry.number, Resolution.CANCELLED_WITH_LATER)
            if entry.relation is None and entry.turn is not None:
                self.turn = entry.turn
                self.standing.append(StandingCall(offender, PASS))
                self.turn = offender.next
                self._check_end()
            else:
                self.turn = entry.turn
            for seat in (offender, offender.partner):
                self._oblige(entry, Obligation(seat, Duty.PASS_THROUGHOUT, "38C", entry.number))

    def _replace_with_pass(self, entry: CallEntry) -> None:
        for index, standing in enumerate(self.standing):
            if standing.entry == entry.number:
                self.standing[index] = StandingCall(entry.seat, PASS)
        self._check_end()

    def _remove_standing(self, number: int) -> None:
        self.standing = [s for s in self.standing if s.entry != number]

    def _truncate(self, number: int, resolution: Resolution) -> None:
        """Cancel the call ``number`` and every call that stands after it."""
        index = next((i for i, s in enumerate(self.standing) if s.entry == number), len(self.standing))
        for later in self.standing[index:]:
            if later.entry is not None:
                self.entries[later.entry].resolution = resolution
        self.standing = self.standing[:index]
        if self._pending is not None and self._pending.number > number:
            self._pending.resolution = resolution
            self._pending = None

    def _check_end(self) -> None:
        """Law 22: three passes after the last bid, or four passes at the start, end the auction —
        unless a pass out of rotation deprived a player of his turn (Law 17D3)."""
        trailing = 0
        for standing in reversed(self.standing):
            if standing.call is not PASS:
                break
            trailing += 1
        opened = any(s.call is not PASS for s in self.standing)
        needed = 3 if opened else 4
        if trailing < needed:
            return
        passes = self.standing[-needed:]
        first = self.standing[-needed - 1].seat.next if opened else self.dealer
        expected = [first.offset(i) for i in range(needed)]
        missing = [seat for seat in expected if seat not in {p.seat for p in passes}]
        if not missing:
            self.turn = None  # every player after the last call has passed: nobody lost his turn
            return
        # Law 17D3: the auction reverts to the player who missed his turn; the passes from the one made
        # out of rotation onwards are cancelled.
        missed = missing[0]
        start = next(i for i, (p, e) in enumerate(zip(passes, expected, strict=True)) if p.seat is not e)
        for cancelled in passes[start:]:
            if cancelled.entry is not None:
                self.entries[cancelled.entry].resolution = Resolution.REVERTED
        self.standing = self.standing[: len(self.standing) - needed + start]
        self.turn = missed

