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
