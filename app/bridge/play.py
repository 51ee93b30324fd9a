"""The play: tricks, who wins them (Law 44), following suit and revokes (Laws 44C, 61A).

``Play`` records every card played, in turn or not, and exposes the state a
director looks at — what each player still holds, the trick in progress, the
quitted tricks and who won them — so that the rules engine can find a lead out
of turn or a revoke itself. It refuses only what cannot happen physically: a
card the player does not hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from app.bridge.cards import Card, Suit
from app.bridge.contract import TRICKS_PER_DEAL, Contract
from app.bridge.deal import Deal, Hand
from app.bridge.errors import PlayError
from app.bridge.seats import SEATS, Seat, Side


@dataclass(frozen=True)
class PlayedCard:
    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter}:{self.card}"


def trick_winner(plays: Sequence[PlayedCard], trump: Suit | None) -> Seat:
    """Who wins (or is winning) a trick so far: the highest trump, else the highest card of the suit led
    (Law 44E, 44F)."""
    if not plays:
        raise PlayError("no card has been played to this trick yet")
    led = plays[0].card.suit
    trumps = [play for play in plays if trump is not None and play.card.suit is trump]
    contenders = trumps or [play for play in plays if play.card.suit is led]
    return max(contenders, key=lambda play: play.card.rank).seat


def can_follow(hand: Hand, led_suit: Suit) -> bool:
    """Whether the hand holds a card of the suit led, and so must play one (Law 44C)."""
    return hand.has_suit(led_suit)


def is_revoke(hand_before: Hand, led_suit: Suit, card: Card) -> bool:
    """Whether playing ``card`` from ``hand_before`` to a trick led in ``led_suit`` fails to follow suit
    when able (Law 61A)."""
    return card.suit is not led_suit and can_follow(hand_before, led_suit)


@dataclass(frozen=True)
class Trick:
    """A quitted trick: its four cards in the order played, and its winner."""

    number: int
    plays: tuple[PlayedCard, ...]
    winner: Seat

    @property
    def leader(self) -> Seat:
        return self.plays[0].seat

    @property
    def led_suit(self) -> Suit:
        return self.plays[0].card.suit


@dataclass(frozen=True)
class PlayRecord:
    """One card played, with what a director asks about it: was it a lead, whose turn was it
    (``expected``), and did it fail to follow suit (``revoke``; None when the hand is unknown)."""

    seat: Seat
    card: Card
    trick_number: int
    is_lead: bool
    expected: Seat
    revoke: bool | None

    @property
    def in_turn(self) -> bool:
        return self.seat is self.expected


class Play:
    """The cards played so far on a deal under a contract."""

    def __init__(self, deal: Deal, contract: Contract) -> None:
        self.deal = deal
        self.contract = contract
        self.records: list[PlayRecord] = []
        self._reset()

    def _reset(self) -> None:
        self.remaining: dict[Seat, Hand | None] = {seat: self.deal[seat] for seat in SEATS}
        self.current: list[PlayedCard] = []
        self.tricks: list[Trick] = []
        self.set_aside: list[tuple[int, PlayedCard]] = []  # extra cards among the played ones, by trick (Law 67)
        self._taken_back = False  # a played card went back to its owner's hand (Law 67B3)

    @classmethod
    def from_cards(cls, deal: Deal, contract: Contract, cards: Iterable[Card | str]) -> Play:
        """Replay ``cards`` in turn, each by the player due to play it."""
        play = cls(deal, contract)
        for card in cards:
            play.play_in_turn(card)
        return play

    @property
    def trump(self) -> Suit | None:
        return self.contract.denomination.suit

    @property
    def declarer(self) -> Seat:
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        return self.contract.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent makes the opening lead (Law 41A)."""
        return self.contract.declarer.lho

    @property
    def trick_number(self) -> int:
        """The number (1–13) of the trick in progress or about to start."""
        return len(self.tricks) + 1

    def next_to_play(self) -> Seat:
        """Who should play next: the leader (Law 41A, 44G), then clockwise from the last card played (44B)."""
        if self.current:
            return self.current[-1].seat.next
        return self.tricks[-1].winner if self.tricks else self.opening_leader

    @property
    def led_suit(self) -> Suit | None:
        return self.current[0].card.suit if self.current else None

    @property
    def is_finished(self) -> bool:
        return len(self.tricks) == TRICKS_PER_DEAL

    def holds(self, seat: Seat, card: Card) -> bool | None:
        """Whether ``seat`` still holds ``card``; None if its hand is unknown and the card is not elsewhere."""
        hand = self.remaining[seat]
        if hand is not None:
            return card in hand
        if self._played(card) or any(card in (other or ()) for other in self.remaining.values()):
            return False
        return None

    def _played(self, card: Card) -> bool:
        return any(record.card == card for record in self.records) or any(p.card == card for _, p in self.set_aside)

    def play(self, seat: Seat, card: Card | str) -> PlayRecord:
        """Record ``seat`` playing ``card``, in turn or not; the trick is quitted after its fourth card."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if self.is_finished:
            raise PlayError(f"all {TRICKS_PER_DEAL} tricks have been played; {seat.english} cannot play the {card.symbol}")
        if self.holds(seat, card) is False:
            where = "has already been played" if self._played(card) else f"is not in {seat.english}'s hand"
            raise PlayError(f"{seat.english} cannot play the {card.symbol}: it {where}")
        hand = self.remaining[seat]
        led = self.led_suit
        # A lead cannot be a revoke; a card from an unknown hand may be one, but nobody can tell.
        revoke = False if led is None else None if hand is None else is_revoke(hand, led, card)
        record = PlayRecord(seat, card, self.trick_number, not self.current, self.next_to_play(), revoke)
        self.records.append(record)
        self._apply(record)
        return record

    def play_in_turn(self, card: Card | str) -> PlayRecord:
        return self.play(self.next_to_play(), card)

    def _apply(self, record: PlayRecord) -> None:
        hand = self.remaining[record.seat]
        if hand is not None:
            self.remaining[record.seat] = hand.without(record.card)
        self.current.append(PlayedCard(record.seat, record.card))
        if len(self.current) == len(SEATS):
            plays = tuple(self.current)
            self.tricks.append(Trick(self.trick_number, plays, trick_winner(plays, self.trump)))
            self.current = []

    def turn_over(self) -> Trick:
        """The trick in progress is turned over before every player has played to it (a defective trick,
        Law 67): it is won on the cards it has, and its winner leads next."""
        if not self.current:
            raise PlayError("there is no trick in progress to turn over")
        plays = tuple(self.current)
        trick = Trick(self.trick_number, plays, trick_winner(plays, self.trump))
        self.tricks.append(trick)
        self.current = []
        return trick

    def put_with_played(self, seat: Seat, card: Card) -> None:
        """``card`` leaves ``seat``'s hand unseen with the card he played last: an extra card among his played
        cards (Law 67), which belongs to no trick's count."""
        if self.holds(seat, card) is False:
            raise PlayError(f"{seat.english} cannot put the {card.symbol} with his played cards: it is not in his hand")
        hand = self.remaining[seat]
        if hand is not None:
            self.remaining[seat] = hand.without(card)
        number = max((r.trick_number for r in self.records if r.seat is seat), default=self.trick_number)
        self.set_aside.append((number, PlayedCard(seat, card)))

    def take_back(self, seat: Seat, card: Card) -> None:
        """A card ``seat`` played goes back into his hand unnoticed (it fell and he picked it up): it still
        counts where it was played, and he may play it again (Law 67B3)."""
        if not any(record.card == card and record.seat is seat for record in self.records):
            raise PlayError(f"{seat.english} has not played the {card.symbol}, so it cannot go back into his hand")
        hand = self.remaining[seat]
        if hand is not None and card not in hand:
            self.remaining[seat] = hand.with_card(card)
        self._taken_back = True

    def undo(self) -> PlayRecord:
        """Take back the last card played (a card withdrawn after an irregularity). The cards are replayed,
        so a play with a defective trick (``turn_over``, ``put_with_played``, ``take_back``) cannot be undone."""
        if not self.records:
            raise PlayError("no card has been played yet")
        if self.set_aside or any(len(trick.plays) != len(SEATS) for trick in self.tricks) or self._taken_back:
            raise PlayError("a play with a defective trick cannot be undone card by card; replay it instead")
        record = self.records.pop()
        self._reset()
        for earlier in self.records:
            self._apply(earlier)
        return record

    def tricks_won(self, side: Side) -> int:
        return sum(1 for trick in self.tricks if trick.winner.side is side)

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer.side)
