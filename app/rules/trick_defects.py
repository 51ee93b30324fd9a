"""Law 67 at the table: a trick turned over before everyone played to it, an extra card that went unseen
with a player's card, a played card that went back into its owner's hand.

``TablePlay`` builds on this base, as ``LegalAuction`` builds on ``AuctionState``: the table keeps the
cards that stand as a list of card actions, and a defect is a mark in that list, replayed in its place
(``Mark.apply``) so that the tricks and their winners follow it. What the laws make of a defect depends
on when attention is drawn to it (before or after a player of each side has played to the next trick),
so each is settled when the director is called: an extra card goes back to the hand (Laws 58B1, 67B2),
and a card omitted may then be supplied to its trick (67A1). The engine's ``defective_tricks`` rules on
the defects recorded here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace

from app.bridge.cards import Card
from app.bridge.play import Play, PlayRecord
from app.bridge.seats import SEATS, Seat, Side
from app.rules.card_actions import CardAction, Defect, DefectKind


@dataclass(frozen=True)
class Mark:
    """A defect's place among the cards that stand."""

    kind: DefectKind
    seat: Seat
    card: Card | None = None

    def apply(self, play: Play) -> None:
        if self.kind is DefectKind.OMITTED:
            play.turn_over()
        elif self.kind is DefectKind.EXTRA and self.card is not None:
            play.put_with_played(self.seat, self.card)
        elif self.card is not None:
            play.take_back(self.seat, self.card)


class TrickDefects(ABC):
    """The table's record of defective tricks (Law 67)."""

    play: Play
    actions: list[CardAction]
    records: dict[int, PlayRecord]
    _joined: list[int]

    def __init__(self) -> None:
        self._marks: list[Mark] = []
        self.defects: list[Defect] = []
        self._to_restore: list[Defect] = []  # extra cards ruled on, going back to the hand when play resumes

    @abstractmethod
    def _rebuild(self) -> None:
        """Replay the cards that stand (and the marks among them)."""

    # ----- what the replay reports ---------------------------------------------------------

    def turn(self, event_index: int) -> bool:
        """The trick in progress is turned over before every player has played to it: each who has not
        omitted to play (Law 67). False if no trick is in progress."""
        current = {p.seat for p in self.play.current}
        if not current:
            return False
        trick = self.play.trick_number
        mark = self._mark(Mark(DefectKind.OMITTED, self.play.current[0].seat))
        for seat in SEATS:
            if seat not in current:
                self.defects.append(Defect(DefectKind.OMITTED, seat, trick, event_index, mark=mark))
        return True

    def extra(self, seat: Seat, card: Card, event_index: int) -> None:
        """``card`` went unseen with the card ``seat`` played last: an extra card among his played cards."""
        trick = max((r.trick_number for r in self.play.records if r.seat is seat), default=self.play.trick_number)
        mark = self._mark(Mark(DefectKind.EXTRA, seat, card))
        self.defects.append(Defect(DefectKind.EXTRA, seat, trick, event_index, card, mark=mark))

    def retrieve(self, seat: Seat, card: Card, event_index: int) -> None:
        """A card ``seat`` played went back into his hand: it still counts where it was played."""
        trick = next((r.trick_number for r in reversed(self.play.records) if r.card == card), self.play.trick_number)
        mark = self._mark(Mark(DefectKind.RETRIEVED, seat, card))
        self.defects.append(Defect(DefectKind.RETRIEVED, seat, trick, event_index, card, mark=mark))

    def _mark(self, mark: Mark) -> int:
        """Put ``mark`` after the cards that stand and apply it; returns its entry in that list."""
        self._marks.append(mark)
        entry = -len(self._marks)
        self._joined.append(entry)
        mark.apply(self.play)
        return entry

    # ----- when attention is drawn --------------------------------------------------------------

    def settle_defects(self, attention: int | None) -> None:
        """The director is called (``attention`` is his event; None at the end of what the case shows):
        each defect not yet ruled on is settled by how far the play has gone since. An extra card goes back
        to its hand when play resumes (``restore``), so the table the director finds still shows it gone."""
        for defect in self.defects:
            if defect.law:
                continue
            defect.attention = attention
            late = self._both_sides_played(defect.trick + 1)
            if defect.kind is DefectKind.OMITTED:
                defect.law = "67B1" if late else "67A1"
                if late:
                    led = self.play.tricks[defect.trick - 1].led_suit if defect.trick <= len(self.play.tricks) else None
                    hand = self.play.remaining[defect.seat]
                    defect.holds_suit_led = None if led is None or hand is None else hand.has_suit(led)
            elif defect.kind is DefectKind.EXTRA:
                defect.law = "67B2" if late else "67A2"
                self._to_restore.append(defect)
            else:
                defect.law = "67B3"

    def restore(self) -> None:
        """The extra cards ruled on go back to their hands, as if never played (Laws 58B1, 67B2)."""
        if not self._to_restore:
            return
        for defect in self._to_restore:
            self._joined.remove(defect.mark)
        self._to_restore = []
        self._rebuild()
        self._revokes_again()

    def _both_sides_played(self, trick: int) -> bool:
        sides = {r.seat.side for r in self.play.records if r.trick_number == trick}
        return sides == {Side.NS, Side.EW}

    def _revokes_again(self) -> None:
        """A card restored to a hand counts as held all along (Law 67B2(b)): whether each later card failed to
        follow suit is decided again from the hands as they now were."""
        for number, record in self.records.items():
            action = self.actions[number]
            if record.revoke is not None and record.revoke != action.revoke:
                self.actions[number] = replace(action, revoke=record.revoke, could_follow=record.revoke)

    def supplying(self, seat: Seat, after_director: bool) -> Defect | None:
        """The omission of ``seat`` that his card now puts right (Law 67A1): ruled on, not yet supplied."""
        if not after_director:
            return None
        return next((d for d in self.defects if d.kind is DefectKind.OMITTED and d.seat is seat and d.law == "67A1"
                     and d.supplied is None), None)

    def supply(self, defect: Defect, action: CardAction) -> None:
        """Law 67A1: the card goes to the defective trick; with its fourth card the trick is complete."""
        defect.supplied = action.number
        self._joined.insert(self._joined.index(defect.mark), action.number)
        if all(d.supplied is not None for d in self.defects if d.mark == defect.mark):
            self._joined.remove(defect.mark)
        self._rebuild()

    def replayed(self, action: CardAction) -> None:
        """A card taken back into the hand is played again, to a later trick (Law 67B3)."""
        for defect in self.defects:
            if defect.kind is DefectKind.RETRIEVED and defect.card == action.card and defect.replayed_at is None:
                defect.replayed_at = action.trick

