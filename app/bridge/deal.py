"""Hands and deals, read from and written to PBN ``Deal`` strings.

A deal comes from a case file typed by hand, so the reader checks everything a
director would check when a board is suspect (Laws 6 and 13: a card twice, a
hand with the wrong number of cards) and says exactly which card and hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.bridge.cards import SUITS_HIGH_TO_LOW, Card, Rank, Suit
from app.bridge.errors import DealError, NotationError
from app.bridge.seats import SEATS, Seat

if TYPE_CHECKING:
    import endplay.types

CARDS_PER_HAND = 13
UNKNOWN_HAND = "-"


@dataclass(frozen=True, repr=False)
class Hand:
    """The cards one player holds (or still holds, during play)."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, *cards: Card | str) -> Hand:
        """A hand from cards or card names: ``Hand.of("SA", "HK")``."""
        return cls(frozenset(card if isinstance(card, Card) else Card.parse(card) for card in cards))

    @classmethod
    def from_pbn(cls, text: str, seat: Seat | None = None) -> Hand:
        """Read one PBN hand, suits in the order S.H.D.C: 'AKQ2.K32.Q54.A32' ('' for a void).

        ``seat`` only names the hand in error messages.
        """
        owner = f"{seat.english}'s" if seat else "the"
        holdings = text.split(".")
        if len(holdings) != 4:
            raise DealError(
                f"{owner} hand {text!r} has {len(holdings)} suit(s); it needs 4 separated by dots, "
                "in the order spades.hearts.diamonds.clubs"
            )
        cards: set[Card] = set()
        for suit, holding in zip(SUITS_HIGH_TO_LOW, holdings, strict=True):
            for letter in holding:
                try:
                    card = Card.of(suit, Rank.parse(letter))
                except NotationError:
                    raise DealError(f"unknown rank {letter!r} in {owner} {suit.english}") from None
                if card in cards:
                    raise DealError(f"the {card.symbol} appears twice in {owner} hand")
                cards.add(card)
        return cls(frozenset(cards))

    def to_pbn(self) -> str:
        return ".".join("".join(rank.letter for rank in self.holding(suit)) for suit in SUITS_HIGH_TO_LOW)

    def holding(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first."""
        return tuple(sorted((card.rank for card in self.cards if card.suit is suit), reverse=True))

    def has_suit(self, suit: Suit) -> bool:
        return any(card.suit is suit for card in self.cards)

    def without(self, card: Card) -> Hand:
        """The hand after ``card`` has left it."""
        return Hand(self.cards - {card})

    def with_card(self, card: Card) -> Hand:
        """The hand after ``card`` has come back into it (a played card picked up again)."""
        return Hand(self.cards | {card})

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        """The cards from the top: spades first, each suit from the ace down."""
        return iter(sorted(self.cards, reverse=True))

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        """On-screen form, e.g. '♠AKQ2 ♥K32 ♦Q54 ♣A32' ('—' marks a void)."""
        return " ".join(
            suit.symbol + ("".join(rank.display for rank in self.holding(suit)) or "—") for suit in SUITS_HIGH_TO_LOW
        )


@dataclass(frozen=True, repr=False)
class Deal:
    """Four hands; a hand is ``None`` when it is unknown (PBN '-').

    Construction checks that no card is held twice and that each known hand
    has 13 cards.
    """

    north: Hand | None
    east: Hand | None
    south: Hand | None
    west: Hand | None

    def __post_init__(self) -> None:
        hands = [hand.cards for seat in SEATS if (hand := self[seat]) is not None]
        if len(frozenset().union(*hands)) != sum(map(len, hands)):  # a card twice: find the first, in order
            self._no_card_twice()
        for seat in SEATS:
            hand = self[seat]
            if hand is not None and len(hand) != CARDS_PER_HAND:
                raise DealError(f"{seat.english} has {len(hand)} cards, needs {CARDS_PER_HAND}")

    def _no_card_twice(self) -> None:
        """Raise for the first card held twice, seat by seat and each hand from its lowest card: the cards
        are sorted only for a deal known to hold one twice: sorting is a third of the time it takes to read a deal."""
        holders: dict[Card, Seat] = {}
        for seat in SEATS:
            hand = self[seat]
            for card in sorted(hand.cards if hand else ()):
                if card in holders:
                    raise DealError(f"the {card.symbol} appears in {holders[card].english}'s and {seat.english}'s hands")
                holders[card] = seat

    @classmethod
    def from_hands(cls, hands: dict[Seat, Hand | None]) -> Deal:
        """A deal from a seat → hand mapping; seats left out are unknown."""
        return cls(*(hands.get(seat) for seat in SEATS))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN ``Deal`` string: 'N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 - …'.

        The letter before the colon is the seat of the first hand; the others
        follow clockwise. '-' stands for an unknown hand.
        """
        stripped = text.strip()
        if len(stripped) < 2 or stripped[1] != ":":
            raise DealError(
                f"a PBN deal starts with the first hand's seat and a colon, e.g. 'N:AKQ2.K32.Q54.A32 …'; got {text!r}"
            )
        try:
            first = Seat.parse(stripped[0])
        except NotationError:
            raise DealError(f"unknown first seat {stripped[0]!r} in the deal: use N, E, S or W") from None
        fields = stripped[2:].split()
        if len(fields) != 4:
            raise DealError(
                f"the deal has {len(fields)} hand(s) after '{first.letter}:', needs 4 "
                f"(write '{UNKNOWN_HAND}' for an unknown hand)"
            )
        hands: dict[Seat, Hand | None] = {}
        for offset, field in enumerate(fields):
            seat = first.offset(offset)
            hands[seat] = None if field == UNKNOWN_HAND else Hand.from_pbn(field, seat)
        return cls.from_hands(hands)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        hands = []
        for offset in range(4):
            hand = self[first.offset(offset)]
            hands.append(hand.to_pbn() if hand is not None else UNKNOWN_HAND)
        return f"{first.letter}:" + " ".join(hands)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __getitem__(self, seat: Seat) -> Hand | None:
        hand: Hand | None = getattr(self, seat.name.lower())
        return hand

    def hand(self, seat: Seat) -> Hand:
        """The hand of ``seat``, which must be known."""
        hand = self[seat]
        if hand is None:
            raise DealError(f"{seat.english}'s hand is not known in this deal")
        return hand

    @property
    def is_complete(self) -> bool:
        """Whether all four hands are known."""
        return all(self[seat] is not None for seat in SEATS)

    def holder(self, card: Card) -> Seat | None:
        """The seat that was dealt ``card``, or None if it is in an unknown hand."""
        return next((seat for seat in SEATS if card in (self[seat] or ())), None)

    def to_endplay(self) -> endplay.types.Deal:
        """The same deal as an endplay ``Deal`` (for the double-dummy solver); all hands must be known."""
        if not self.is_complete:
            unknown = ", ".join(seat.english for seat in SEATS if self[seat] is None)
            raise DealError(f"the deal has unknown hands ({unknown}); endplay needs all four")
        from endplay.types import Deal as EndplayDeal

        return EndplayDeal(self.to_pbn())

    @classmethod
    def from_endplay(cls, deal: endplay.types.Deal) -> Deal:
        """Our deal from an endplay ``Deal``; hands endplay holds empty are taken as unknown."""
        first, _colon, hands = deal.to_pbn().partition(":")
        fields = [UNKNOWN_HAND if field == "..." else field for field in hands.split()]
        return cls.from_pbn(f"{first}:" + " ".join(fields))
