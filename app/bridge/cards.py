"""Suits, ranks and cards (Law 1A), in PBN letters and on-screen symbols."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import total_ordering

from app.bridge.errors import NotationError


class Suit(Enum):
    """A suit, named by its PBN letter; ``order`` follows Law 1A (spades highest)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def order(self) -> int:
        """0 for clubs up to 3 for spades, so that a higher number is a higher suit."""
        return _SUIT_ORDER[self]

    @property
    def is_major(self) -> bool:
        return self in (Suit.SPADES, Suit.HEARTS)

    @property
    def english(self) -> str:
        """The plural name used in messages: 'spades', 'hearts', …"""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or its symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol):
                return suit
        raise NotationError(f"unknown suit {text!r}: use S, H, D or C (or ♠ ♥ ♦ ♣)")


# PBN and the hand order of a Deal string list the suits from the top down.
SUITS_HIGH_TO_LOW: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: 3 - index for index, suit in enumerate(SUITS_HIGH_TO_LOW)}


class Rank(IntEnum):
    """A card's rank; its integer value orders it (Law 1A: ace highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The PBN letter: 2–9, T, J, Q, K, A."""
        return _RANK_LETTERS[self.value - 2]

    @property
    def display(self) -> str:
        """How the rank is shown on screen: '10' rather than 'T'."""
        return "10" if self is Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its PBN letter (any case); '10' is accepted for the ten."""
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        index = _RANK_LETTERS.find(key) if len(key) == 1 else -1
        if index < 0:
            raise NotationError(f"unknown rank {text!r}: use 2–9, T, J, Q, K or A")
        return cls(index + 2)


_RANK_LETTERS = "23456789TJQKA"


@total_ordering
@dataclass(frozen=True)
class Card:
    """One card. Cards order by suit (Law 1A) and then by rank, so sorting a hand groups its suits."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __hash__(self) -> int:
        """Equal cards hash alike, without the generated hash's call into ``Enum.__hash__`` for the suit:
        a hand is a frozenset, and the cached library's cases hash seventeen thousand cards to come back."""
        return id(self.suit) ^ self.rank

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.suit.order, self.rank) < (other.suit.order, other.rank)

    @property
    def symbol(self) -> str:
        """The card as shown on screen and in messages, e.g. '♠A' or '♥10'."""
        return self.suit.symbol + self.rank.display

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        """Pickle a card as its place in the pack: the window's cached library holds twenty thousand
        cards, and rebuilding each as a fresh object was a good part of its start-up."""
        return _card_at, (_place(self.suit, self.rank),)

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The pack's one card of this suit and rank, so that a library's thousands of cards are 52 objects
        (each pickled once, then referred to: unpickling the cached cases took 23 ms instead of 27)."""
        return FULL_PACK[_place(suit, rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written suit first, as in PBN and case files: 'SA', 'HT', 'D2' (also 'H10', '♠A')."""
        key = text.strip()
        if len(key) < 2:
            raise NotationError(f"cannot read card {text!r}: write the suit then the rank, e.g. SA or HT")
        return cls.of(Suit.parse(key[0]), Rank.parse(key[1:]))


def _place(suit: Suit, rank: Rank) -> int:
    return SUITS_HIGH_TO_LOW.index(suit) * 13 + rank - Rank.TWO


FULL_PACK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS_HIGH_TO_LOW for rank in Rank)


def _card_at(index: int) -> Card:
    """The card at ``index`` in ``FULL_PACK`` (how a pickled card comes back)."""
    return FULL_PACK[index]
