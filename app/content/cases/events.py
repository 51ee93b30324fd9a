"""Reading a case's auction and events (CASE_FORMAT.md): calls with notes, play, tricks, claims, the director.

A part of the case reader (``cases``), kept apart because events are the
longest part of the format to check: each event kind has its own shape, and
played cards are checked against the deal.
"""

from __future__ import annotations

from typing import Any

from app.bridge.calls import DOUBLE, REDOUBLE, AnnotatedCall, Denomination, parse_annotated_call
from app.bridge.cards import Card
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.content.cases.fields import FieldReader
from app.rules.scenario import AuctionCall, Event

CALL_FINDINGS = ("intended", "specifies", "comparable")  # keys a call event may carry beside its seat
EXPOSE_FINDINGS = ("penalty",)  # the director's designation of an exposed card (Law 50)
DUMMY_DETAILS = ("card", "says")  # what a dummy event may say beside dummy's act


class EventReader(FieldReader):
    """Reads ``notes``, ``auction`` and ``events``."""

    def auction(self) -> tuple[list[AuctionCall], dict[str, str]]:
        notes = {str(k): v for k, v in self.data.get("notes", {}).items()}
        calls: list[AuctionCall] = []
        for i, raw in enumerate(self._list("auction")):
            try:
                annotated = parse_annotated_call(raw)
            except BridgeError as exc:
                self.fail(f"auction: {exc}", "auction", i)
                continue
            note = ""
            if annotated.note is not None:
                if annotated.note not in notes:
                    self.fail(f"auction: call {raw!r} refers to note {annotated.note}, which notes: lacks",
                              "auction", i)
                note = notes.get(annotated.note, "")
            calls.append(AuctionCall(annotated.call, annotated.alerted, note))
        return calls, notes

    def events(self, deal: Deal | None) -> list[Event]:
        events: list[Event] = []
        played: dict[Card, int] = {}
        extras: set[Card] = set()  # cards put with a player's played cards, back in his hand once ruled on
        for i, raw in enumerate(self._list("events")):
            line = self.doc.line("events", i)
            kind, value = next(iter(raw.items()))
            event = self._event(kind, value, line, ("events", i, kind))
            if event is None:
                continue
            if kind in ("play", "trick", "extra"):
                for card in event.cards:
                    if card in played:
                        self.fail(f"{card.symbol} is played twice (first at line {played[card]})", "events", i)
                    played[card] = line
                extras |= set(event.cards) if kind == "extra" else set()
            elif kind == "expose" and event.cards[0] in played:
                self.fail(f"{event.cards[0].symbol} was played at line {played[event.cards[0]]}, so it cannot be "
                          "exposed afterwards", "events", i)
            elif kind == "retrieve" and played.pop(event.cards[0], None) is None:
                self.fail(f"{event.cards[0].symbol} has not been played, so it cannot go back into the hand it was "
                          "played from", "events", i)
            elif kind == "director":  # an extra card found is put back in its owner's hand (Laws 58B1, 67B2)
                for card in extras:
                    played.pop(card, None)
                extras.clear()
            if deal is not None and kind in ("play", "trick", "expose", "dummy", "extra", "retrieve"):
                self._cards_in_deal(deal, event, ("events", i))
            events.append(event)
        return events

    def _event(self, kind: str, value: Any, line: int, where: tuple[str | int, ...]) -> Event | None:
        if kind == "turned":  # the trick in progress turned over short (Law 67); the schema allows only true
            return Event(kind, line)
        if kind == "director":
            # true, or when attention was first drawn if that was late (Laws 64B4, 64B5)
            return Event(kind, line, text="" if value is True else str(value))
        if kind == "trick":
            cards = [self.card(c, *where) for c in value]
            if any(c is None for c in cards):
                return None
            return Event(kind, line, cards=tuple(c for c in cards if c is not None))
        if kind == "call":
            return self._call_event(value, line, where)
        if kind == "dummy":
            return self._dummy_event(value, line, where)
        raw_seat, payload = next((k, v) for k, v in value.items() if k not in EXPOSE_FINDINGS)
        seat = self.seat(raw_seat, *where)
        if seat is None:
            return None
        if kind in ("play", "expose", "extra", "retrieve"):
            card = self.card(payload, *where)
            penalty = value.get("penalty", True)  # only false is written: the director's designation (Law 50)
            return Event(kind, line, seat, cards=(card,), penalty=penalty) if card is not None else None
        if kind == "accept":  # true is kept as "", false as "False", as the table replay reads them
            return Event(kind, line, seat, text="" if payload is True else str(payload))
        return Event(kind, line, seat, text=payload)

    def _call_event(self, value: dict[str, Any], line: int, where: tuple[str | int, ...]) -> Event | None:
        """``call: {E: 1D}``, with the director's findings ``intended: true`` (Law 25A), ``specifies: [H]``
        (the denominations an alerted call or a double specified, Laws 26B, 27B1(a)) and ``comparable: true`` or ``false`` (his
        judgement of a call that replaces a withdrawn one, Law 23A) beside the seat."""
        raw_seat, payload = next((k, v) for k, v in value.items() if k not in CALL_FINDINGS)
        seat = self.seat(raw_seat, *where)
        if seat is None:
            return None
        try:
            annotated = parse_annotated_call(payload)
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None
        specifies = self._specifies(value.get("specifies"), annotated, where)
        return Event("call", line, seat, call=annotated.call, alerted=annotated.alerted,
                     intended=value.get("intended", False), specifies=specifies, comparable=value.get("comparable"))

    def _dummy_event(self, value: dict[str, Any], line: int, where: tuple[str | int, ...]) -> Event | None:
        """``dummy: {N: looks}``: what dummy did (Laws 42, 43, 45F), with ``card:`` for the card he indicated
        and ``says:`` for his words, shown beside him."""
        raw_seat, act = next((k, v) for k, v in value.items() if k not in DUMMY_DETAILS)
        seat = self.seat(raw_seat, *where)
        if seat is None:
            return None
        cards: tuple[Card, ...] = ()
        if "card" in value:
            card = self.card(value["card"], *where, "card")
            if card is None:
                return None
            cards = (card,)
        if (act == "indicates") != bool(cards):
            self.fail("dummy: indicates names the card he touched or pointed at (card: DT), and only indicates "
                      "takes a card", *where)
            return None
        return Event("dummy", line, seat, cards=cards, text=value.get("says", ""), act=act)

    def _specifies(self, raw: Any, annotated: AnnotatedCall,
                   where: tuple[str | int, ...]) -> tuple[Denomination, ...] | None:
        """What an alerted call, a double or a redouble specified (``[]``: nothing); None when not said."""
        if raw is None:
            return None
        if not annotated.alerted and annotated.call not in (DOUBLE, REDOUBLE):
            self.fail("specifies is for an alerted call (3C!), a double or a redouble; an unalerted bid specifies "
                      "its own denomination and an unalerted pass none", *where, "specifies")
            return None
        names = raw if isinstance(raw, list) else [raw]
        return tuple(dict.fromkeys(Denomination(name.upper()) for name in names))

    def _cards_in_deal(self, deal: Deal, event: Event, where: tuple[str | int, ...]) -> None:
        for card in event.cards:
            holder = deal.holder(card)
            if holder is None:
                if deal.is_complete:
                    self.fail(f"{card.symbol} is not in the deal", *where)
                continue
            if event.seat is not None and holder is not event.seat:
                verb = {"expose": "exposes", "dummy": "touches", "retrieve": "takes back"}.get(event.kind, "plays")
                self.fail(f"{event.seat.english} {verb} {card.symbol}, but {holder.english} holds it", *where)
