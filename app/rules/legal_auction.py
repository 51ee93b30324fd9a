"""The auction as the laws let it stand: which calls count, whose turn it is, who must pass.

At a table where something went wrong, the calls made are not the auction. An
insufficient bid is accepted or replaced, a call out of rotation is accepted or
cancelled, an inadmissible call is cancelled, and a player may be barred. This
module keeps, call by call, the calls that stand (the "legal auction") and
records for each call made what kind of call it was and how it was settled, so
that the replay can show whose turn it was and derive the contract, and the
engine can explain the ruling.

It decides only what follows mechanically from the laws and from who called
next, and from the director's findings the case states. Where the outcome
turns on a judgement the case leaves open (is a replacement call comparable,
Law 23A?), the call is left standing and any obligation it may bring is marked
``conditional``; the engine says so.

``app.bridge.auction.Auction`` cannot hold these calls: once a call out of
rotation is accepted, the calls that stand are no longer in rotation from the
dealer, so each standing call carries its seat (``StandingCall`` in
``app.rules.call_entries``; the bookkeeping of turns and obligations is the base
class in ``app.rules.auction_state``).
"""

from __future__ import annotations

from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Denomination
from app.bridge.seats import Seat
from app.rules.auction_state import AuctionState
from app.rules.call_entries import (
    CallEntry,
    CallKind,
    Duty,
    Obligation,
    Relation,
    Resolution,
    StandingCall,
    is_artificial_pass,
    is_free_correction,
)


class LegalAuction(AuctionState):
    """Follows the calls made, keeping the calls that stand and the obligations that bind."""

    def __init__(self, dealer: Seat) -> None:
        super().__init__(dealer)
        self._pending: CallEntry | None = None  # waiting for the next call to settle it
        self._watched: list[CallEntry] = []  # waiting for the director (Laws 36–38)
        self._reverting: CallEntry | None = None  # cancelled out-of-rotation call awaiting the offender's call
        self._attempted: CallEntry | None = None  # a double put in place of an insufficient bid (Law 27B3)
        self._lead_faced = False  # the auction period is over (Law 17D1): no Law 25A substitution after it
        self._withdrawable: CallEntry | None = None  # LHO's call over an unintended call since replaced (25A6)

    # ----- events ----------------------------------------------------------------

    def call(self, seat: Seat, call: Call, alerted: bool = False, event_index: int | None = None, *,
             intended: bool = False, specifies: tuple[Denomination, ...] | None = None,
             comparable: bool | None = None) -> CallEntry:
        """Record a call made at the table; returns what it was. ``intended`` says the call replaces the
        player's own unintended call (the director's finding under Law 25A1–25A3); ``specifies`` names the
        denominations an alerted call or a double specified; ``comparable`` is the director's judgement of a call that
        takes a withdrawn call's place (Law 23A)."""
        unintended = self._unintended(seat) if intended and self._pending is None else None
        withdrawable, self._withdrawable = self._withdrawable, None
        if unintended is not None:
            entry = self._substitute(seat, call, alerted, event_index, unintended)
            entry.specifies = specifies
            entry.comparable = comparable
            return entry
        taken_back = None
        if withdrawable is not None and seat is withdrawable.seat and self._pending is None:
            self._take_back(withdrawable)
            taken_back = withdrawable.number
        replaces = self._attempt_cancelled(seat)
        pending, self._pending = self._pending, None
        if pending is not None:
            replaces = self._settle(pending, seat, call)
        for watched in self._watched:
            if seat is watched.seat.lho:
                watched.lho_called = True
        entry = self._classify(seat, call, alerted, event_index, replaces)
        entry.specifies = specifies
        entry.comparable = comparable
        entry.intended = intended  # said to be intended, but too late for Law 25A: read as any other call
        if replaces is not None:
            entry.premature = not self.entries[replaces].attention
        if taken_back is not None:
            entry.replaces = taken_back
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
        over = [s.entry for s in self.standing[index + 1:] if s.seat is seat.lho and s.entry is not None]
        if over:
            self._withdrawable = self.entries[over[0]]  # Law 25A6: he may take it back before anyone calls
        return entry

    def _take_back(self, withdrawn: CallEntry) -> None:
        """Law 25A6: the left-hand opponent takes back the call he made over the unintended call, and the
        call he makes now is made at that turn, in its place."""
        self._remove_standing(withdrawn.number)
        withdrawn.resolution = Resolution.WITHDRAWN
        self.turn = withdrawn.seat

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

    # ----- what a call does to the auction -----------------------------------------

    def _place(self, entry: CallEntry) -> None:
        kind = entry.kind
        reverting = self._reverting
        if reverting is not None and entry.seat is reverting.seat and kind is not CallKind.CHANGE:
            self._reverting = None
            self._after_reversion(reverting, entry)
        if entry.replaces is not None and self.entries[entry.replaces].kind is CallKind.INSUFFICIENT:
            self._after_insufficient(self.entries[entry.replaces], entry)
            if kind is CallKind.IN_TURN and entry.call in (DOUBLE, REDOUBLE) and entry.comparable is not True:
                self._attempted = entry  # Law 27B3: cancelled unless comparable (27B1(b))
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

    def _after_reversion(self, pending: CallEntry, new: CallEntry) -> None:
        """The offender calls at his turn after his call out of rotation was cancelled: unless the director
        judges the new call comparable (Law 23A), partner must pass once (Laws 30B1(b)(ii), 31A2(b),
        31B, 32A2(b), 32B). When the case gives the judgement, the pass is owed or not; otherwise it is
        left conditional."""
        if any(o.duty is Duty.REPEAT or o.law == "30A" for o in pending.obligations):
            return
        answered = self.entries[pending.answered_by] if pending.answered_by is not None else None
        if pending.relation is Relation.RHO and (answered is None or answered.call is PASS):
            return
        new.judged_against = pending.number
        if new.comparable:
            return  # Laws 23B, 30B1(b)(i), 31A2(a), 32A2(a): no further rectification
        if pending.call is PASS and not is_artificial_pass(pending):
            law = "30B1(b)(ii)"
        elif pending.call in (DOUBLE, REDOUBLE):
            law = "32A2(b)" if pending.relation is Relation.RHO else "32B"
        else:
            law = "31A2(b)" if pending.relation is Relation.RHO else "31B"
        self._oblige(pending, Obligation(pending.seat.partner, Duty.PASS_ONCE, law, pending.number,
                                         conditional=new.comparable is None))

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
        replacement.judged_against = insufficient.number
        if replacement.comparable:
            return  # Law 27B1(b): a comparable call, so no further rectification
        law = "27B3" if replacement.call in (DOUBLE, REDOUBLE) else "27B2"
        self._oblige(insufficient, Obligation(partner, Duty.PASS_THROUGHOUT, law, insufficient.number,
                                              conditional=replacement.comparable is None))

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
