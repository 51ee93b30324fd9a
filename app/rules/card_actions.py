"""What each card put on the table became: the records the table keeps of the play.

These are the values ``table_play`` builds as the cards come and the engine's law families read: the
kind of each card action, the cards withdrawn from play and whether they stay face up, the defenders'
cards exposed. They are apart so that the table's mechanics stay readable on their own, as the auction's
records (``call_entries``) are for the auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.bridge.cards import Card, Suit
from app.bridge.seats import Seat


class CardKind(Enum):
    """What a card put on the table became."""

    PLAYED = "played"  # went to the trick
    EARLY = "played early"  # at RHO's turn (Law 57D): it goes to the trick at its proper turn if legal
    NOT_PLAYED = "not played"  # led to the next trick too soon or a second card to a trick (Laws 57A, 45E)
    CORRECTION = "correction"  # replaces the player's earlier card to the same trick (Laws 47, 62)
    BEFORE_OPTION = "led before declarer chose"  # Law 50D2: partner's major penalty card was on the table


@dataclass(frozen=True)
class CardAction:
    """One card put on the table, as it happened."""

    number: int
    event_index: int
    seat: Seat
    card: Card
    trick: int  # the trick it went to, or was meant for
    expected: Seat  # who was due to lead or play at that moment
    is_lead: bool  # the first card of its trick (or meant as a lead)
    kind: CardKind
    revoke: bool | None  # failed to follow suit when able; None when the hand is unknown
    replaces: int | None = None  # for a correction: the action whose card it replaces
    after_director: bool = False  # the director had been called since the previous card
    led: Suit | None = None  # the suit led to its trick when it was played (None for a lead)
    could_follow: bool | None = None  # the player held a card of the suit led (None: lead, or hand unknown)

    @property
    def in_turn(self) -> bool:
        return self.seat is self.expected

    @property
    def legal_to_trick(self) -> bool:
        """The card could legally go to its trick: a lead, or no revoke from the hand held when it was played
        (Law 57D decides on this at once, whether or not the player's proper turn comes in the events)."""
        return not (self.could_follow and self.led is not None and self.card.suit is not self.led)


@dataclass(frozen=True)
class Shown:
    """A defender's card exposed during the play, and how many card actions had been made by then."""

    seat: Seat
    card: Card
    since: int
    event_index: int | None


@dataclass(frozen=True)
class Withdrawal:
    """A card that left its trick (or never joined one); ``face_up`` if it stays on the table.

    ``cause`` is the card action that took it back; ``refusal`` the event at which the option holder
    refused a lead out of turn (Laws 54D, 55B, 56B), when no card did.
    """

    action: int
    cause: int | None
    face_up: bool
    refusal: int | None = None

    @property
    def retracted(self) -> bool:
        """Taken back by the right leader's lead or by a refusal, not merely left off the trick."""
        return self.cause is not None or self.refusal is not None


class DefectKind(Enum):
    """How a trick came to hold the wrong number of a player's cards (Law 67)."""

    OMITTED = "omitted"  # the trick was turned over before he played to it (Laws 67A1, 67B1)
    EXTRA = "extra"  # a second card of his went, unseen, with the one he played (Laws 67A2, 67B2)
    RETRIEVED = "retrieved"  # a card he played went back into his hand (Law 67B3)


@dataclass
class Defect:
    """A defective trick and how it stood when attention was drawn to it.

    ``law`` is the section that applies, set when the director is called (or at the end of what the case
    shows): 67A1 or 67A2 while a player of each side has not yet played to the next trick, 67B1, 67B2 or
    67B3 after. ``holds_suit_led`` says, for a card omitted and found late, whether the offender then held
    the suit led to the defective trick (67B1(a) against 67B1(b)).
    """

    kind: DefectKind
    seat: Seat
    trick: int
    event_index: int
    card: Card | None = None
    law: str = ""
    attention: int | None = None
    holds_suit_led: bool | None = None
    mark: int = 0  # its place among the cards that stand (a negative entry of the table's list)
    supplied: int | None = None  # the action that supplied the card omitted (Law 67A1)
    replayed_at: int | None = None  # the trick a card taken back into the hand was played to again
