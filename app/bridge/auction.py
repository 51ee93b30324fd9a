"""A legal auction: calls in rotation from the dealer (Laws 17–22).

Irregular calls (out of rotation, insufficient, inadmissible) are the rules
engine's business. This module answers the questions it asks — whose turn,
is this bid sufficient, may this player double — as predicates, and refuses
only to *record* an illegal call, saying why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from app.bridge.calls import DOUBLE, MAX_LEVEL, PASS, REDOUBLE, Bid, Call, Denomination, parse_call
from app.bridge.contract import Contract, Doubling
from app.bridge.errors import CallError
from app.bridge.seats import Seat


def lowest_sufficient_bid(last: Bid | None, denomination: Denomination) -> Bid | None:
    """The cheapest bid in ``denomination`` that supersedes ``last`` (Law 18B), or None above seven.

    The one place this is worked out: the rules engine asks it for Law 27B1(a) (is the
    replacement the lowest sufficient bid in the same denomination?) and ``Auction`` for its callers.
    """
    if last is None:
        return Bid(1, denomination)
    level = last.level if denomination.order > last.denomination.order else last.level + 1
    return Bid(level, denomination) if level <= MAX_LEVEL else None


@dataclass
class Auction:
    """The calls made so far, the first by ``dealer`` (Law 17B) and then clockwise (Law 17C)."""

    dealer: Seat
    calls: list[Call] = field(default_factory=list)

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call | str]) -> Auction:
        """Build an auction call by call; an illegal call raises ``CallError`` naming its position."""
        auction = cls(dealer)
        for call in calls:
            auction.add(parse_call(call) if isinstance(call, str) else call)
        return auction

    def seat_of(self, index: int) -> Seat:
        """The seat that makes (or made) call number ``index``, counting from 0 for the dealer."""
        return self.dealer.offset(index)

    def whose_turn(self) -> Seat | None:
        """The player due to call next, or None once the auction has ended."""
        return None if self.is_complete() else self.seat_of(len(self.calls))

    def _last_bid(self) -> tuple[int, Bid] | None:
        """The position and value of the last bid, if any."""
        for index in range(len(self.calls) - 1, -1, -1):
            call = self.calls[index]
            if isinstance(call, Bid):
                return index, call
        return None

    def last_bid(self) -> Bid | None:
        found = self._last_bid()
        return None if found is None else found[1]

    def last_bidder(self) -> Seat | None:
        found = self._last_bid()
        return None if found is None else self.seat_of(found[0])

    def is_sufficient(self, bid: Bid) -> bool:
        """Law 18C: a bid is sufficient if it supersedes the last bid (any bid is, if none has been made)."""
        last = self.last_bid()
        return last is None or bid > last

    def lowest_sufficient_bid(self, denomination: Denomination) -> Bid | None:
        """The cheapest sufficient bid in ``denomination``, or None if it would be above seven."""
        return lowest_sufficient_bid(self.last_bid(), denomination)

    def _last_non_pass(self) -> tuple[Call, Seat] | None:
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index] is not PASS:
                return self.calls[index], self.seat_of(index)
        return None

    def legal_double(self) -> bool:
        """Law 19A1: the player whose turn it is may double only an opponent's last bid,
        with nothing but passes since."""
        turn = self.whose_turn()
        last = self._last_non_pass()
        return turn is not None and last is not None and isinstance(last[0], Bid) and last[1].is_opponent_of(turn)

    def legal_redouble(self) -> bool:
        """Law 19B1: the player whose turn it is may redouble only an opponent's double of the last bid,
        with nothing but passes since."""
        turn = self.whose_turn()
        last = self._last_non_pass()
        return turn is not None and last is not None and last[0] is DOUBLE and last[1].is_opponent_of(turn)

    def illegality(self, call: Call) -> str | None:
        """Why ``call`` may not be made now by the player whose turn it is, or None if it may."""
        if self.is_complete():
            return "the auction has ended (Law 22); a call now is a call after the final pass (Law 39)"
        if isinstance(call, Bid):
            if not call.is_admissible:
                return f"{call} is a bid of more than seven, which is inadmissible (Law 38)"
            if not self.is_sufficient(call):
                return f"{call} does not supersede the last bid, {self.last_bid()}: it is insufficient (Law 18D)"
        elif call is DOUBLE and not self.legal_double():
            return "a double is allowed only of an opponent's last bid with only passes since (Law 19A1)"
        elif call is REDOUBLE and not self.legal_redouble():
            return "a redouble is allowed only of an opponent's double with only passes since (Law 19B1)"
        return None

    def is_legal(self, call: Call) -> bool:
        return self.illegality(call) is None

    def add(self, call: Call) -> None:
        """Record the next call in rotation; an illegal call raises ``CallError`` and is not recorded."""
        reason = self.illegality(call)
        if reason is not None:
            turn = self.whose_turn()
            who = f"{turn.english}'s " if turn else ""
            raise CallError(f"call {len(self.calls) + 1} ({who}{call}) is not legal: {reason}")
        self.calls.append(call)

    def is_passed_out(self) -> bool:
        """Law 22B: all four players passed."""
        return len(self.calls) >= 4 and all(call is PASS for call in self.calls[:4])

    def is_complete(self) -> bool:
        """Law 22: four passes to start, or three passes in rotation after the last bid."""
        if self.is_passed_out():
            return True
        return self._last_bid() is not None and len(self.calls) >= 4 and all(call is PASS for call in self.calls[-3:])

    def final_contract(self) -> Contract | None:
        """The contract (Law 22A), or None for a passed-out board; the auction must be complete.

        Declarer is the player of the side that made the final bid who first named its
        denomination (definition of Declarer); doubling follows Law 19C/D.
        """
        if not self.is_complete():
            raise CallError("the auction has not ended yet, so there is no contract")
        found = self._last_bid()
        if found is None:
            return None
        index, final = found
        side = self.seat_of(index).side
        declarer = next(
            self.seat_of(i)
            for i, call in enumerate(self.calls)
            if isinstance(call, Bid) and call.denomination is final.denomination and self.seat_of(i).side is side
        )
        later = [call for call in self.calls[index + 1 :] if call is not PASS]
        doubled = Doubling.REDOUBLED if REDOUBLE in later else Doubling.DOUBLED if DOUBLE in later else Doubling.UNDOUBLED
        return Contract(final.level, final.denomination, doubled, declarer)
