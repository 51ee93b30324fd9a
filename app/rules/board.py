"""What every law family asks about the board being judged: the replay, the contract, who defends,
when the director was called, and how to name seats, calls and cards in an explanation."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bridge.calls import Bid, Call, Special
from app.bridge.cards import Card, Suit
from app.bridge.contract import Contract
from app.bridge.seats import Seat
from app.rules.call_entries import CallEntry, specified_suits
from app.rules.scenario import Scenario
from app.rules.timeline import Timeline


def call_name(call: Call) -> str:
    """A call as the explanation writes it: '1♦', '3NT', 'pass', 'double', 'redouble'."""
    if isinstance(call, Bid):
        return call.symbol
    return {Special.PASS: "pass", Special.DOUBLE: "double", Special.REDOUBLE: "redouble"}[call]


def card_name(card: Card) -> str:
    return card.symbol


@dataclass
class Board:
    """The scenario and its replay, with the questions the law families share."""

    scenario: Scenario
    timeline: Timeline
    director_events: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.director_events = [i for i, e in enumerate(self.scenario.events) if e.kind == "director"]

    @property
    def contract(self) -> Contract | None:
        """The contract, if the case gives it or the legal auction reaches one (never a presumed one)."""
        return None if self.timeline.contract_presumed else self.timeline.contract

    @property
    def auction_over(self) -> bool:
        return self.timeline.auction.is_complete or self.timeline.table is not None or self.scenario.contract is not None

    @property
    def passed_out(self) -> bool:
        return self.scenario.contract is None and self.timeline.auction.passed_out

    def defends(self, seat: Seat) -> bool | None:
        """Whether ``seat`` is a defender; None while the contract is not known."""
        contract = self.contract
        if contract is None:
            return False if self.passed_out else None
        return seat.is_opponent_of(contract.declarer)

    def director_after(self, event_index: int | None) -> int | None:
        """The first director event after ``event_index`` (None for the written auction: any)."""
        start = -1 if event_index is None else event_index
        return next((d for d in self.director_events if d > start), None)

    def director_between(self, first: int | None, last: int | None) -> bool:
        start = -1 if first is None else first
        end = len(self.scenario.events) if last is None else last
        return any(start < d < end for d in self.director_events)

    def entry(self, number: int | None) -> CallEntry | None:
        return self.timeline.entries[number] if number is not None else None

    def replacement_of(self, entry: CallEntry) -> CallEntry | None:
        """The call that replaced ``entry`` (Laws 25, 27B, 36B2), if any."""
        return next((e for e in self.timeline.entries if e.replaces == entry.number and e.number > entry.number), None)

    def judged_call(self, entry: CallEntry) -> CallEntry | None:
        """The call that took the place of the withdrawn ``entry`` and is judged against it for
        comparability (Law 23A), if the offender has made it."""
        return next((e for e in self.timeline.entries if e.judged_against == entry.number), None)

    def specified_suits(self, seat: Seat) -> tuple[set[Suit], list[CallEntry]]:
        """The suits ``seat`` specified with his calls in the legal auction (Law 26B), and those of his
        standing calls whose suits the case leaves to the director (alerted calls and doubles without
        ``specifies:``)."""
        named: set[Suit] = set()
        open_calls: list[CallEntry] = []
        for standing in self.timeline.auction.standing:
            if standing.seat is not seat or standing.entry is None:
                continue  # a pass the laws put in (Law 28A) specifies nothing
            entry = self.timeline.entries[standing.entry]
            suits = specified_suits(entry)
            if suits is None:
                open_calls.append(entry)
            else:
                named |= suits
        return named, open_calls
