"""Replay a scenario event by event into the states of the table.

This is the one replay of a scenario in the project: the table view shows its
states as the trainee steps through a case, and the rules engine reads the same
states to find what went wrong. Nothing is refused here except what cannot
physically happen (a card played twice). Irregular calls and cards are recorded
as made, with whose turn it was; the calls that stand are kept by
``LegalAuction`` and the cards that stand by ``TablePlay``, so the contract and
the tricks come out as the laws leave them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from app.bridge.auction import Auction
from app.bridge.calls import Call, Denomination
from app.bridge.cards import Card
from app.bridge.contract import Contract, Doubling
from app.bridge.deal import Hand
from app.bridge.play import PlayRecord, Trick
from app.bridge.seats import SEATS, Seat
from app.rules.auction_exposure import AuctionExposure, exposure_law
from app.rules.call_entries import CallEntry
from app.rules.card_actions import CardAction
from app.rules.legal_auction import LegalAuction
from app.rules.play_events import DEFECTS, begins_to_spread, may_refuse, play_event
from app.rules.scenario import Event, Scenario
from app.rules.table_play import TablePlay


@dataclass(frozen=True)
class MadeCall:
    """A call as it was made at the table: by whom, whose turn it was, and whether it was alerted.

    ``expected`` is None for a call made after the auction had ended.
    """

    seat: Seat
    call: Call
    expected: Seat | None
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
    dealt: Mapping[Seat, Hand | None] = field(default_factory=dict)  # the hands before any card was played

    @property
    def played_out(self) -> bool:
        """Every card has been played: the hands given are empty, and only ``dealt`` shows the deal."""
        held = [hand for hand in self.hands.values() if hand is not None]
        return self.in_play and bool(held) and not any(len(hand) for hand in held)

    @property
    def in_play(self) -> bool:
        return bool(self.current_trick or self.quitted)

    @property
    def dummy(self) -> Seat | None:
        return self.contract.declarer.partner if self.contract is not None else None

    @property
    def shown_contract(self) -> Contract | None:
        """The contract as the table itself shows it, before any ruling: once play has begun, or when
        the case gives it, the contract being played; in the auction, only what the calls as made
        add up to — every call in rotation and legal, and the auction over. A contract the engine
        reaches by putting the laws' rectification in place of an irregular call (a pass for a bid
        of eight, a cancelled call after the final pass) is the director's to find, so it is not
        shown while he is still to rule."""
        if self.contract is None or self.in_play or self.dummy_visible or not self.calls:
            return self.contract
        auction = Auction(self.calls[0].seat)
        for made in self.calls:
            if not made.in_rotation or not auction.is_legal(made.call):
                return None
            auction.add(made.call)
        return self.contract if auction.is_complete() else None


@dataclass
class Timeline:
    """Every state of the table, from the start of the events to the last one, and the records
    the engine judges: each call (``entries``), each card (``table.actions``), each card shown in
    the auction (``exposures``)."""

    states: list[TableState]
    auction: LegalAuction
    calls: list[MadeCall] = field(default_factory=list)
    entries: list[CallEntry] = field(default_factory=list)
    plays: list[PlayRecord] = field(default_factory=list)
    exposures: list[AuctionExposure] = field(default_factory=list)
    contract: Contract | None = None
    contract_from_auction: bool = False
    contract_presumed: bool = False
    table: TablePlay | None = None
    before_auction: list[int] = field(default_factory=list)  # expose events before the first call
    clarification: list[int] = field(default_factory=list)  # expose events after the auction, before a lead
    attention_before_lead: bool = False  # the director was called after the auction ended, before the lead

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


def accepts(text: str) -> bool | None:
    """What an ``accept`` event says: True to accept, False not to, None for 'spread' (Law 54A)."""
    word = text.strip().lower()
    if word == "spread":
        return None
    return word not in ("false", "no", "refuse", "refused", "declines", "declined")


def replay(scenario: Scenario) -> Timeline:
    """Replay the scenario: the ``auction`` list in rotation, then each event."""
    auction = LegalAuction(scenario.dealer)
    timeline = Timeline([], auction)
    for index, written in enumerate(scenario.auction):
        seat = scenario.dealer.offset(index)
        entry = auction.call(seat, written.call, written.alerted)
        timeline.entries.append(entry)
        timeline.calls.append(MadeCall(seat, written.call, entry.turn, written.alerted, written.note))
    _update_contract(timeline, scenario)
    state = TableState(
        step=0, event=None, calls=tuple(timeline.calls),
        hands={s: scenario.deal[s] for s in SEATS}, current_trick=(), quitted=(),
        exposed={s: () for s in SEATS}, contract=timeline.contract, dummy_visible=False, balloons=(),
        director_called=False, dealt={s: scenario.deal[s] for s in SEATS},
    )
    timeline.states.append(state)
    for index, event in enumerate(scenario.events):
        state = _step(timeline, scenario, state, index, event)
        timeline.states.append(state)
    if timeline.table is not None and timeline.table.spreading:
        timeline.table.spread()  # Law 54A, when the case stops before play resumes: the contract the board has
        timeline.contract = timeline.table.contract
    if timeline.table is not None:
        timeline.table.settle_defects(None)  # a defective trick nobody called the director to is found now
        timeline.table.restore()
    return timeline


def _update_contract(timeline: Timeline, scenario: Scenario) -> None:
    """The contract as it stands: the one being played (it changes under Law 54A), the one the case
    names, or the one the legal auction reached."""
    if timeline.table is not None:
        timeline.contract = timeline.table.contract
        return
    if scenario.contract is not None:
        timeline.contract = scenario.contract
        return
    timeline.contract = timeline.auction.contract()
    timeline.contract_from_auction = timeline.contract is not None


def _auction_open(timeline: Timeline, scenario: Scenario) -> bool:
    """In the auction: it has begun with a first call (Definitions), it is not over, no contract is given
    and no card has been led. A card shown before the first call is not a Law 24 matter (Law 16D)."""
    return (scenario.contract is None and timeline.table is None and bool(timeline.entries)
            and not timeline.auction.is_complete)


def _step(timeline: Timeline, scenario: Scenario, state: TableState, index: int, event: Event) -> TableState:
    new = replace(state, step=index + 1, event=event, balloons=(), play_record=None)
    seat = event.seat
    if event.kind == "call" and seat is not None and event.call is not None:
        entry = timeline.auction.call(seat, event.call, event.alerted, index, intended=event.intended,
                                      specifies=event.specifies, comparable=event.comparable)
        timeline.entries.append(entry)
        timeline.calls.append(MadeCall(seat, event.call, entry.turn, event.alerted, "", index))
        _update_contract(timeline, scenario)
        return replace(new, calls=tuple(timeline.calls), contract=timeline.contract)
    if event.kind in ("play", "expose") and seat is not None and _auction_open(timeline, scenario):
        return _shown_in_auction(timeline, new, event, index)
    if event.kind in ("play", "trick"):
        return _play_cards(timeline, scenario, new, event, index)
    if event.kind == "expose" and seat is not None:
        if not timeline.entries and timeline.table is None and scenario.contract is None:
            timeline.before_auction.append(index)
        elif timeline.table is None and timeline.contract is not None:
            timeline.clarification.append(index)  # the Clarification Period (Law 17D1)
        elif timeline.table is not None and timeline.table.is_defender(seat) and event.penalty:
            timeline.table.show(seat, event.cards[0], index)
        elif timeline.table is not None and begins_to_spread(timeline.table, seat):
            timeline.table.begin_spread()  # Law 54A: in exposing a card he began to spread, so he spreads it all
        exposed = dict(new.exposed)
        exposed[seat] = (*exposed[seat], *event.cards)
        return replace(new, exposed=exposed)
    if event.kind in DEFECTS or event.kind == "dummy":
        if timeline.table is not None:  # before the play they mean nothing; the engine reports them
            play_event(timeline.table, event, index)
            new = _on_table(timeline.table, new)
        return replace(new, balloons=(Balloon(seat, "say", event.text),)) if seat is not None and event.text else new
    if event.kind == "accept" and seat is not None:
        _accept(timeline, scenario, seat, event.text, index)
        new = replace(new, contract=timeline.contract)
        if timeline.table is not None:
            new = _on_table(timeline.table, new)  # a refused lead leaves the trick
    if event.kind in ("say", "claim", "concede", "accept") and seat is not None:
        text = _accept_words(event.text) if event.kind == "accept" else event.text
        return replace(new, balloons=(Balloon(seat, event.kind, text),))
    if event.kind == "director":
        timeline.auction.attention()
        if timeline.table is not None:
            timeline.table.director(index)
        elif timeline.auction.is_complete or scenario.contract is not None:
            timeline.attention_before_lead = True
        _update_contract(timeline, scenario)
        # A claim or concession stands until the director rules on it (Laws 68, 69, 70): its statement
        # is still on the table when he arrives, at the step the trainee rules on.
        standing = next((b for earlier in reversed(timeline.states) for b in earlier.balloons
                         if b.kind in ("claim", "concede")), None)
        return replace(new, director_called=True, contract=timeline.contract,
                       balloons=(standing,) if standing is not None else ())
    return new


def _accept_words(text: str) -> str:
    """What the table hears for an ``accept`` event written as true, false or spread."""
    verdict = accepts(text)
    if verdict is None:
        return "I'll spread my hand and be dummy."
    if text.strip().lower() in ("", "true", "yes", "false", "no", "refuse", "refused", "declines", "declined"):
        return "I accept." if verdict else "I don't accept."
    return text


def _accept(timeline: Timeline, scenario: Scenario, seat: Seat, text: str, index: int) -> None:
    verdict = accepts(text)
    table = timeline.table
    if table is None:
        timeline.auction.accept(seat, verdict is not False)
        _update_contract(timeline, scenario)
        return
    lead = table.pending_lead
    if lead is None:
        return
    if verdict is False:
        if may_refuse(table, lead, seat):
            table.refuse_lead(index)  # Laws 54D, 55B, 56B: retracted now; the right player leads
    elif verdict is None and seat is table.declarer and lead.trick == 1:
        table.spread()  # Law 54A: declarer spreads his hand and becomes dummy
        timeline.contract = table.contract
    else:
        table.accept_lead()


def _shown_in_auction(timeline: Timeline, state: TableState, event: Event, index: int) -> TableState:
    """A card exposed or led while the auction is still open (Law 24): it lies face up until the auction ends."""
    seat = event.seat
    assert seat is not None  # the caller checks it
    last = timeline.exposures[-1] if timeline.exposures else None
    calls_since = last is not None and any(c.event_index is not None and c.event_index > last.event_indices[-1]
                                           for c in timeline.calls)
    led = event.kind in ("play", "trick")
    if last is not None and last.seat is seat and not calls_since:
        before = exposure_law(last)
        last.cards.extend(event.cards)
        last.led = last.led or led
        last.event_indices.append(index)
        after = exposure_law(last)
        if after != "24A" and before == "24A":
            timeline.auction.exposed(seat, after)
    else:
        exposure = AuctionExposure(seat, list(event.cards), led, [index])
        timeline.exposures.append(exposure)
        law = exposure_law(exposure)
        if law != "24A":
            timeline.auction.exposed(seat, law)
    exposed = dict(state.exposed)
    exposed[seat] = (*exposed[seat], *event.cards)
    return replace(state, exposed=exposed)


def _play_cards(timeline: Timeline, scenario: Scenario, state: TableState, event: Event, index: int) -> TableState:
    table = timeline.table
    if table is None:
        timeline.auction.opening_lead()  # the auction period ends (Law 17D1); Law 36C looks back at it
        _update_contract(timeline, scenario)
        contract = timeline.contract
        if contract is None:
            contract = _presumed_contract(scenario, event)
            timeline.contract_presumed = True
        table = timeline.table = TablePlay(scenario.deal, contract)
        _cards_already_shown(timeline, scenario, table)
        # Cards exposed in the auction by the declaring side go back to hand (Law 24D).
        state = replace(state, exposed={s: cards if table.is_defender(s) else () for s, cards in state.exposed.items()})
    action: CardAction | None = None
    for card in event.cards:
        seat = event.seat if event.kind == "play" and event.seat is not None else table.due()
        action = table.act(seat, card, index)
    timeline.contract = table.contract
    record = table.records.get(action.number) if action is not None else None
    if record is not None:
        timeline.plays.append(record)
    return replace(_on_table(table, state), contract=timeline.contract, dummy_visible=True, play_record=record)


def _cards_already_shown(timeline: Timeline, scenario: Scenario, table: TablePlay) -> None:
    """What the play starts with: the defenders' cards exposed in the auction (Law 24E) or the Clarification
    Period (Law 49) lie face up, and a director called since the auction ended has dealt with them."""
    for exposure in timeline.exposures:
        if table.is_defender(exposure.seat):
            for card in exposure.cards:
                table.show(exposure.seat, card)
    for index in timeline.clarification:
        event = scenario.events[index]
        if event.seat is not None and table.is_defender(event.seat) and event.penalty:
            table.show(event.seat, event.cards[0], index)
    if timeline.attention_before_lead:
        table.director()


def _on_table(table: TablePlay, state: TableState) -> TableState:
    """The hands, the trick in progress, the quitted tricks and the cards lying face up, as the cards that
    stand leave them."""
    play = table.play
    in_play = {r.card for r in play.records}
    face_up = table.face_up()
    exposed = {s: tuple(dict.fromkeys(c for c in (*cards, *face_up[s]) if c not in in_play))
               for s, cards in state.exposed.items()}
    hands = dict(play.remaining)
    trick = [(p.seat, p.card) for p in play.current]
    held = table.held
    if held is not None:  # Law 57D: played early, it lies before its owner until his turn
        hand = hands[held.seat]
        hands[held.seat] = hand.without(held.card) if hand is not None and held.card in hand else hand
        trick.append((held.seat, held.card))
    return replace(state, hands=hands, current_trick=tuple(trick), quitted=tuple(play.tricks), exposed=exposed)


def _presumed_contract(scenario: Scenario, event: Event) -> Contract:
    """When the auction never produced a contract (the case starts in the play without
    naming one), assume the first player to lead is on declarer's left in no trumps, so
    tricks can still be counted; the engine reports the contract as unknown."""
    first = event.seat if event.kind == "play" and event.seat is not None else scenario.dealer.lho
    return Contract(1, Denomination.NOTRUMP, Doubling.UNDOUBLED, first.rho)
