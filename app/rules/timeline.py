"""Replay a scenario event by event into the states of the table.

This is the one replay of a scenario in the project: the table view shows its
states as the trainee steps through a case, and the rules engine reads the same
states to find what went wrong. Nothing is refused here except what cannot
physically happen (a card played twice): irregular calls and plays are recorded
with what should have happened instead, for the engine to judge.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from app.bridge.auction import Auction
from app.bridge.calls import Call, Denomination
from app.bridge.cards import Card
from app.bridge.contract import Contract, Doubling
from app.bridge.deal import Hand
from app.bridge.errors import BridgeError
from app.bridge.play import Play, PlayRecord, Trick
from app.bridge.seats import SEATS, Seat
from app.rules.scenario import Event, Scenario


@dataclass(frozen=True)
class MadeCall:
    """A call as it was made at the table: by whom, whose turn it was, and whether it was alerted."""

    seat: Seat
    call: Call
    expected: Seat
    alerted: bool = False
    note: str = ""
    event_index: int | None = None  # None for calls of the ``auction`` list

    @property
    def in_rotation(self) -> bool:
        return self.seat is self.expected


@dataclass(frozen=True)
class Balloon:
    """Words said at the table (a remark, a claim, a concession), shown beside the speaker."""

    seat: Seat
    kind: str
    text: str


@dataclass(frozen=True)
class TableState:
    """The table after ``step`` events (step 0: after the written auction, before any event)."""

    step: int
    event: Event | None
    calls: tuple[MadeCall, ...]
    hands: dict[Seat, Hand | None]
    current_trick: tuple[tuple[Seat, Card], ...]
    quitted: tuple[Trick, ...]
    exposed: dict[Seat, tuple[Card, ...]]
    contract: Contract | None
    dummy_visible: bool
    balloons: tuple[Balloon, ...]
    director_called: bool
    play_record: PlayRecord | None = None

    @property
    def in_play(self) -> bool:
        return bool(self.current_trick or self.quitted)

    @property
    def dummy(self) -> Seat | None:
        return self.contract.declarer.partner if self.contract is not None else None


@dataclass
class Timeline:
    """Every state of the table, from the start of the events to the last one."""

    states: list[TableState]
    calls: list[MadeCall] = field(default_factory=list)
    plays: list[PlayRecord] = field(default_factory=list)
    contract: Contract | None = None
    contract_from_auction: bool = False
    play: Play | None = None

    def __len__(self) -> int:
        return len(self.states)

    def __iter__(self) -> Iterator[TableState]:
        return iter(self.states)

    def director_step(self, scenario: Scenario) -> int:
        """The step at which the director is called (the last step if never): the situation
        the trainee rules on. Later events are the continuation that questions may reveal."""
        return min(scenario.director_index + 1, len(self.states) - 1)

    def at_director(self, scenario: Scenario) -> TableState:
        """The state the director sees on arrival."""
        return self.states[self.director_step(scenario)]


def auction_contract(dealer: Seat, calls: list[Call]) -> Contract | None:
    """The contract of a legal, complete sequence of calls; None if there is none (yet)."""
    try:
        auction = Auction.from_calls(dealer, calls)
        return auction.final_contract() if auction.is_complete() else None
    except BridgeError:
        return None


def replay(scenario: Scenario) -> Timeline:
    """Replay the scenario: the ``auction`` list in rotation, then each event."""
    calls: list[MadeCall] = []
    seat = scenario.dealer
    for written in scenario.auction:
        calls.append(MadeCall(seat, written.call, seat, written.alerted, written.note))
        seat = seat.next
    timeline = Timeline([], calls)
    contract = scenario.contract
    if contract is None:
        contract = auction_contract(scenario.dealer, [c.call for c in calls])
        timeline.contract_from_auction = contract is not None
    timeline.contract = contract
    state = TableState(
        step=0, event=None, calls=tuple(calls),
        hands={s: scenario.deal[s] for s in SEATS}, current_trick=(), quitted=(),
        exposed={s: () for s in SEATS}, contract=contract, dummy_visible=False, balloons=(),
        director_called=False,
    )
    timeline.states.append(state)
    for index, event in enumerate(scenario.events):
        state = _step(timeline, scenario, state, index, event)
        timeline.states.append(state)
    return timeline


def _step(timeline: Timeline, scenario: Scenario, state: TableState, index: int, event: Event) -> TableState:
    new = replace(state, step=index + 1, event=event, balloons=(), play_record=None)
    if event.kind == "call" and event.seat is not None and event.call is not None:
        expected = _next_caller(scenario.dealer, timeline.calls)
        made = MadeCall(event.seat, event.call, expected, event.alerted, "", index)
        timeline.calls.append(made)
        contract = timeline.contract
        if scenario.contract is None:
            contract = auction_contract(scenario.dealer, [c.call for c in timeline.calls])
            timeline.contract_from_auction = contract is not None
            timeline.contract = contract
        return replace(new, calls=tuple(timeline.calls), contract=contract)
    if event.kind in ("play", "trick"):
        return _play_cards(timeline, scenario, new, event)
    if event.kind == "expose" and event.seat is not None:
        exposed = dict(new.exposed)
        exposed[event.seat] = (*exposed[event.seat], *event.cards)
        return replace(new, exposed=exposed)
    if event.kind in ("say", "claim", "concede", "accept") and event.seat is not None:
        text = event.text or ("Accepted." if event.kind == "accept" else "")
        return replace(new, balloons=(Balloon(event.seat, event.kind, text),))
    if event.kind == "director":
        return replace(new, director_called=True)
    return new


def _next_caller(dealer: Seat, calls: list[MadeCall]) -> Seat:
    """Whose turn it is: the player after the last caller (a call out of rotation that has not
    been dealt with still moves the turn on, as at the table), or the dealer to start."""
    return calls[-1].seat.next if calls else dealer


def _play_cards(timeline: Timeline, scenario: Scenario, state: TableState, event: Event) -> TableState:
    play = timeline.play
    if play is None:
        contract = timeline.contract or _presumed_contract(scenario, event)
        play = timeline.play = Play(scenario.deal, contract)
    record = None
    for card in event.cards:
        seat = event.seat if event.kind == "play" and event.seat is not None else play.next_to_play()
        record = play.play(seat, card)
        timeline.plays.append(record)
    exposed = {s: tuple(c for c in cards if all(r.card != c for r in play.records)) for s, cards in state.exposed.items()}
    return replace(
        state,
        hands=dict(play.remaining),
        current_trick=tuple((p.seat, p.card) for p in play.current),
        quitted=tuple(play.tricks),
        exposed=exposed,
        dummy_visible=True,
        play_record=record,
    )


def _presumed_contract(scenario: Scenario, event: Event) -> Contract:
    """When the auction never produced a contract (the case starts in the play without
    naming one), assume the first player to lead is on declarer's left in no trumps, so
    tricks can still be counted; the engine reports the contract as unknown."""
    first = event.seat if event.kind == "play" and event.seat is not None else scenario.dealer.lho
    return Contract(1, Denomination.NOTRUMP, Doubling.UNDOUBLED, first.rho)
