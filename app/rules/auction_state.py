"""The calls that stand, whose turn it is and who must pass: the state a new call is classified against.

``LegalAuction`` settles irregular calls as the director and the players deal
with them; what it settles them against is kept here. This base holds the
calls that stand and the obligations that bind, says what a new call is
(in turn, out of rotation, insufficient, inadmissible, ...) from that state
alone, and ends the auction when the laws say it ends (Laws 17D3, 22). It is
apart so that the replay of events stays readable on its own.
"""

from __future__ import annotations

from collections.abc import Callable

from app.bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from app.bridge.contract import Contract, Doubling
from app.bridge.seats import Seat
from app.rules.call_entries import (
    CallEntry,
    CallKind,
    Duty,
    Obligation,
    Relation,
    Resolution,
    StandingCall,
    is_sufficient,
    last_bid,
    may_double,
)

_Maker = Callable[..., CallEntry]  # builds the entry of the call being classified


class AuctionState:
    """The calls that stand and the obligations that bind, with the mechanics that change them."""

    def __init__(self, dealer: Seat) -> None:
        self.dealer = dealer
        self.entries: list[CallEntry] = []
        self.standing: list[StandingCall] = []
        self.obligations: list[Obligation] = []
        self.turn: Seat | None = dealer

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

    # ----- what stands ---------------------------------------------------------------

    def _stand(self, entry: CallEntry) -> None:
        self.standing.append(StandingCall(entry.seat, entry.call, entry.alerted, entry.number))
        self.turn = entry.seat.next
        self._check_end()

    def _oblige(self, entry: CallEntry, obligation: Obligation) -> None:
        entry.obligations.append(obligation)
        self.obligations.append(obligation)

    def _replace_with_pass(self, entry: CallEntry) -> None:
        for index, standing in enumerate(self.standing):
            if standing.entry == entry.number:
                self.standing[index] = StandingCall(entry.seat, PASS)
        self._check_end()

    def _remove_standing(self, number: int) -> None:
        self.standing = [s for s in self.standing if s.entry != number]

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
