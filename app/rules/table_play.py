"""The play as it stands on the table: which cards are in the tricks, which were taken back.

A case records every card a player put on the table, in the order it happened.
Not all of them stay in a trick: a lead out of turn is taken back when the
right player leads instead, a revoke is corrected by a card of the suit led, a
defender who leads to the next trick before his partner has played has made a
penalty card, not a play. This module sorts each card into what it became, so
that the tricks and their winners are counted from the cards that stand, and
keeps a record of every card for the engine to judge (``card_actions``).

It applies only what follows from who played next and what the director was
told; whether a withdrawn card is a penalty card, and what declarer may then
require, is the engine's to explain.
"""

from __future__ import annotations

from dataclasses import replace

from app.bridge.cards import Card, Suit
from app.bridge.contract import Contract
from app.bridge.deal import Deal
from app.bridge.play import Play, PlayRecord
from app.bridge.seats import SEATS, Seat
from app.rules.auction_exposure import is_honour
from app.rules.card_actions import CardAction, CardKind, Defect, Shown, Withdrawal
from app.rules.trick_defects import TrickDefects


class TablePlay(TrickDefects):
    """Follows the cards put on the table and keeps the tricks as they stand."""

    def __init__(self, deal: Deal, contract: Contract) -> None:
        super().__init__()
        self.deal = deal
        self.contract = contract
        self.actions: list[CardAction] = []
        self.withdrawals: list[Withdrawal] = []
        self.records: dict[int, PlayRecord] = {}  # action number -> its record in the standing play
        self._joined: list[int] = []  # the cards that stand, in order; a negative entry is a mark (Law 67)
        self._pending_lead: int | None = None
        self._held: int | None = None
        self._director = False
        self._shown: list[Shown] = []  # defenders' cards exposed and left face up (Laws 24E, 49)
        self._forgiven: set[int] = set()  # revoke cards that go back to the hand when corrected (Law 43B3)
        self.forgiven_exposures: set[int] = set()  # expose events whose cards went back to the hand (Law 43B3)
        self.spreading = False  # presumed declarer began to spread his hand (Law 54A); done when play resumes
        self.dummy_breach: int | None = None  # the event at which dummy first broke Law 43A2
        self.play = Play(deal, contract)

    # ----- what the replay and the engine ask --------------------------------------

    @property
    def declarer(self) -> Seat:
        return self.play.declarer

    @property
    def dummy(self) -> Seat:
        return self.play.dummy

    def is_defender(self, seat: Seat) -> bool:
        return seat.is_opponent_of(self.declarer)

    def due(self) -> Seat:
        """Who is due to lead or play next: the leader, then clockwise the first who has not played."""
        current = self.play.current
        if not current:
            return self.play.tricks[-1].winner if self.play.tricks else self.contract.declarer.lho
        played = {p.seat for p in current}
        return next(current[0].seat.offset(i) for i in range(1, 4) if current[0].seat.offset(i) not in played)

    def trick_of(self, action: int) -> int | None:
        """The trick an action's card stands in (None if it is not in a trick)."""
        record = self.records.get(action)
        return record.trick_number if record is not None else None

    @property
    def pending_lead(self) -> CardAction | None:
        return self.actions[self._pending_lead] if self._pending_lead is not None else None

    @property
    def held(self) -> CardAction | None:
        """A legal card played at RHO's turn, lying before its owner until his turn comes (Law 57D)."""
        return self.actions[self._held] if self._held is not None else None

    # ----- events ------------------------------------------------------------------

    def director(self, event_index: int | None = None) -> None:
        self._director = True
        self.settle_defects(event_index)

    def show(self, seat: Seat, card: Card, event_index: int | None = None) -> None:
        """A defender's card exposed, not played: it lies face up as a penalty card (Laws 24E, 49, 50)."""
        self._shown.append(Shown(seat, card, len(self.actions), event_index))

    def major_penalty_card_lies(self, seat: Seat) -> bool:
        """Whether ``seat`` has a major penalty card on the table: a card withdrawn from play or an honour
        shown, or any two cards (Law 50B)."""
        in_play = {self.actions[n].card for n in self._standing()}
        withdrawn = self.face_up()[seat]
        shown = [s.card for s in self._shown if s.seat is seat and s.card not in in_play and s.card not in withdrawn]
        return bool(withdrawn) or any(is_honour(card) for card in shown) or len(shown) >= 2

    def latest_offender(self) -> Seat | None:
        """The defender whose irregularity is the latest at the table: a lead out of turn awaiting a choice,
        a card shown since the last card, a card out of turn or not played, or a revoke in the trick in
        progress or the one just quitted."""
        pending = self.pending_lead
        if pending is not None and self.is_defender(pending.seat):
            return pending.seat
        shown = [s.seat for s in self._shown if s.since == len(self.actions)]
        if shown:
            return shown[-1]
        recent = [a for a in self.actions if self.is_defender(a.seat) and a.trick >= self.play.trick_number - 1]
        if recent and (recent[-1].kind is not CardKind.PLAYED or not recent[-1].in_turn):
            return recent[-1].seat
        revokes = [a for a in recent if a.revoke]
        return revokes[-1].seat if revokes else None

    def forgive(self, seat: Seat) -> None:
        """Law 43B3: dummy, after a breach of Law 43A2, was first to draw attention to this defender's
        irregularity, so there is no immediate rectification: his lead out of turn stands as accepted, the
        cards he exposed or put on the table since the last card go back to his hand, and his revoke, once
        corrected, leaves no card on the table."""
        pending = self.pending_lead
        if pending is not None and pending.seat is seat:
            self._pending_lead = None
        since = len(self.actions)
        self.forgiven_exposures |= {s.event_index for s in self._shown
                                    if s.seat is seat and s.since == since and s.event_index is not None}
        self._shown = [s for s in self._shown if not (s.seat is seat and s.since == since)]
        last = since - 1
        self.withdrawals = [replace(w, face_up=False) if w.action == last and self.actions[last].seat is seat else w
                            for w in self.withdrawals]
        own = [a for a in self.actions if a.seat is seat]
        if own and own[-1].revoke:
            self._forgiven.add(own[-1].number)

    def spread(self) -> None:
        """Law 54A: after a faced opening lead out of turn declarer spreads his hand and becomes dummy."""
        self.contract = Contract(self.contract.level, self.contract.denomination, self.contract.doubled,
                                 self.contract.declarer.partner)
        self._pending_lead = None
        self._rebuild()

    def begin_spread(self) -> None:
        """Law 54A: presumed declarer, in beginning to spread his hand after a faced opening lead out of turn,
        exposed a card, so he must spread it all: his choice is gone. The hands change places when play
        resumes, once the director has ruled (or at the end of what the case shows)."""
        self._pending_lead = None
        self.spreading = True

    def accept_lead(self) -> None:
        """The lead out of turn is accepted by a statement (Law 53A)."""
        self._pending_lead = None

    def refuse_lead(self, event_index: int) -> None:
        """The option holder does not accept the lead out of turn: it is retracted at once, a defender's card
        as a major penalty card (Laws 54D, 56B), declarer's back to its hand (Laws 55B, 48A); the right
        player then leads."""
        pending = self.pending_lead
        if pending is None:
            return
        self._pending_lead = None
        self._withdraw(pending.number, None, self.is_defender(pending.seat), refusal=event_index)

    def act(self, seat: Seat, card: Card, event_index: int) -> CardAction:
        """A card put on the table by ``seat``; returns what it became."""
        if self.spreading:
            self.spreading = False
            self.spread()
        self.restore()
        after_director, self._director = self._director, False
        pending = self.pending_lead
        if pending is not None and pending.seat is not seat:
            self._pending_lead = None
            if seat is pending.expected:
                # The right player leads: the lead out of turn is taken back (Laws 53B, 54D, 55B, 56B).
                self._withdraw(pending.number, len(self.actions), self._face_up_after_retraction(pending, after_director))
        correction = self._corrected(seat, card, after_director)
        if correction is not None:
            return self._correct(seat, card, event_index, correction, after_director)
        omitted = self.supplying(seat, after_director)
        if omitted is not None:
            return self._supplied(seat, card, event_index, omitted)
        current = self.play.current
        due = self.due()
        trick = self.play.trick_number
        if any(p.seat is seat for p in current):
            # A second card to the same trick: led to the next trick too soon (57A) or a fifth card (45E).
            action = self._record(seat, card, event_index, trick + 1, due, True, CardKind.NOT_PLAYED, None,
                                  after_director)
            self._withdraw(action.number, None, self.is_defender(seat))
            return action
        if not current:
            if seat is due and self.is_defender(seat) and not after_director \
                    and self.major_penalty_card_lies(seat.partner):
                # Law 50D2: he may not lead until declarer has chosen; led too soon, the card is exposed (Law 49).
                action = self._record(seat, card, event_index, trick, due, True, CardKind.BEFORE_OPTION, None,
                                      after_director)
                self._withdraw(action.number, None, True)
                return action
            action = self._join(seat, card, event_index, due, True, after_director)
            if seat is not due:
                self._pending_lead = action.number
            return action
        if seat is due or not self.is_defender(seat):
            # In turn, or declarer playing early from either hand: a played card (Law 57C3).
            return self._join(seat, card, event_index, due, False, after_director)
        if due is seat.rho:
            # Law 57D: a defender playing at his RHO's turn; a legal card goes to the trick at his turn, an
            # illegal one is a major penalty card at once — decided now, from his hand and the suit led.
            action = self._record(seat, card, event_index, trick, due, False, CardKind.EARLY, None, after_director)
            if action.legal_to_trick:
                self._held = action.number
            else:
                self._withdraw(action.number, None, True)
            return action
        both_played = {self.declarer, self.dummy} <= {p.seat for p in current}
        if both_played:
            # Law 57C1: no rectification once declarer has played from both hands.
            return self._join(seat, card, event_index, due, False, after_director)
        # Law 57A: played before partner: the card is not played to the trick.
        action = self._record(seat, card, event_index, trick, due, False, CardKind.NOT_PLAYED, None, after_director)
        self._withdraw(action.number, None, True)
        return action

    # ----- the mechanics -----------------------------------------------------------

    def _face_up_after_retraction(self, lead: CardAction, after_director: bool) -> bool:
        """A defender's withdrawn lead stays face up, except when the right leader, an opponent, led
        before anyone drew attention to it (Law 53B)."""
        if not self.is_defender(lead.seat):
            return False  # Law 48A: declarer's cards never become penalty cards
        return after_director or not lead.expected.is_opponent_of(lead.seat)

    def _corrected(self, seat: Seat, card: Card, after_director: bool) -> int | None:
        """The action whose card this one replaces, if it is a correction (Laws 62A, 62C)."""
        current = self.play.current
        last_trick = self.play.tricks[-1] if self.play.tricks else None
        own = next((n for n in self._standing() if self.actions[n].seat is seat
                    and self.trick_of(n) == self.play.trick_number), None)
        if own is not None:
            led = current[0].card.suit
            if card.suit is led and (self.actions[own].revoke or self._corrected_in(self.play.trick_number)):
                return own
            return None
        if last_trick is None or not after_director and not self._corrected_in(last_trick.number):
            return None
        own = next((n for n in self._standing() if self.actions[n].seat is seat
                    and self.trick_of(n) == last_trick.number), None)
        if own is None or card.suit is not last_trick.led_suit:
            return None
        side_moved = any(p.seat.side is seat.side for p in current)
        if self.actions[own].revoke and not side_moved:
            return own
        if self._corrected_in(last_trick.number) and not side_moved:
            return own  # Law 62C: a card played after the revoke is changed once the revoke is corrected
        return None

    def _corrected_in(self, trick: int) -> bool:
        return any(a.kind is CardKind.CORRECTION and a.trick == trick for a in self.actions)

    def _correct(self, seat: Seat, card: Card, event_index: int, replaced: int, after_director: bool) -> CardAction:
        old = self.actions[replaced]
        trick = self.trick_of(replaced) or self.play.trick_number
        offending = old.revoke is True
        action = self._record(seat, card, event_index, trick, seat, old.is_lead, CardKind.CORRECTION, None,
                              after_director, replaces=replaced)
        position = self._joined.index(replaced)
        self._joined[position] = action.number
        # Law 62B1: a revoke card from a defender's unfaced hand stays face up; Law 62C2: so does a later card
        # of the revoking side; the non-offenders' cards go back to hand (62C1).
        revoker_side = next((a.seat.side for a in self.actions if a.kind is CardKind.CORRECTION and a.trick == trick
                             and self.actions[a.replaces or 0].revoke), seat.side if offending else None)
        face_up = (self.is_defender(seat) and seat is not self.dummy and (offending or seat.side is revoker_side)
                   and replaced not in self._forgiven)
        self.withdrawals.append(Withdrawal(replaced, action.number, face_up))
        self._rebuild()
        return action

    def _supplied(self, seat: Seat, card: Card, event_index: int, omitted: Defect) -> CardAction:
        """Law 67A1: the card a player omitted to play, supplied to its trick once attention is drawn."""
        led, could_follow = self._situation(seat, omitted.trick)
        revoke = bool(could_follow) and card.suit is not led
        action = CardAction(len(self.actions), event_index, seat, card, omitted.trick, seat, False, CardKind.PLAYED,
                            revoke, None, True, led, could_follow)
        self.actions.append(action)
        self.supply(omitted, action)
        return action

    def _situation(self, seat: Seat, trick: int) -> tuple[Suit | None, bool | None]:
        """The suit led to ``trick`` and whether ``seat`` could follow it, from the cards he still holds."""
        led = self.led_suit_of(trick)
        hand = self.play.remaining[seat]
        return led, (None if led is None or hand is None else hand.has_suit(led))

    def _record(self, seat: Seat, card: Card, event_index: int, trick: int, due: Seat, is_lead: bool,
                kind: CardKind, revoke: bool | None, after_director: bool, replaces: int | None = None) -> CardAction:
        led, could_follow = self._situation(seat, trick) if not is_lead else (None, None)
        action = CardAction(len(self.actions), event_index, seat, card, trick, due, is_lead, kind, revoke, replaces,
                            after_director, led, could_follow)
        self.actions.append(action)
        return action

    def _join(self, seat: Seat, card: Card, event_index: int, due: Seat, is_lead: bool,
              after_director: bool) -> CardAction:
        number = len(self.actions)
        led, could_follow = self._situation(seat, self.play.trick_number) if self.play.current else (None, None)
        record = self.play.play(seat, card)
        action = CardAction(number, event_index, seat, card, record.trick_number, due, is_lead, CardKind.PLAYED,
                            record.revoke, None, after_director, led, could_follow)
        self.actions.append(action)
        self._joined.append(number)
        self.records[number] = record
        self._release_held()
        self.replayed(action)
        return action

    def _release_held(self) -> None:
        """Law 57D: a legal card played at RHO's turn goes to the trick at its proper turn."""
        if self._held is None:
            return
        held = self.actions[self._held]
        if self.due() is not held.seat or held.trick != self.play.trick_number:
            if held.trick != self.play.trick_number:
                self._held = None
            return
        self._held = None
        self.records[held.number] = self.play.play(held.seat, held.card)
        self._joined.append(held.number)

    def _withdraw(self, number: int, cause: int | None, face_up: bool, refusal: int | None = None) -> None:
        if number in self._joined:
            self._joined.remove(number)
            self.records.pop(number, None)
            self._rebuild()
        self.withdrawals.append(Withdrawal(number, cause, face_up, refusal))

    def _rebuild(self) -> None:
        """Replay the cards that stand, so tricks and winners follow any change."""
        self.play = Play(self.deal, self.contract)
        self.records = {}
        for number in self._joined:
            if number < 0:
                self._marks[-number - 1].apply(self.play)
                continue
            action = self.actions[number]
            self.records[number] = self.play.play(action.seat, action.card)

    def _standing(self) -> list[int]:
        """The card actions that stand, in order, without the marks."""
        return [n for n in self._joined if n >= 0]

    def face_up(self) -> dict[Seat, tuple[Card, ...]]:
        """Cards withdrawn from play that lie face up before their owner."""
        shown: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
        in_play = {self.actions[n].card for n in self._standing()}
        for withdrawal in self.withdrawals:
            action = self.actions[withdrawal.action]
            if withdrawal.face_up and action.card not in in_play and action.card not in shown[action.seat]:
                shown[action.seat].append(action.card)
        return {seat: tuple(cards) for seat, cards in shown.items()}

    def led_suit_of(self, trick: int) -> Suit | None:
        if trick <= len(self.play.tricks):
            return self.play.tricks[trick - 1].led_suit
        return self.play.led_suit if trick == self.play.trick_number else None
