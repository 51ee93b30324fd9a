"""Bridge claims a case makes about the play, in a form the double-dummy solver can check.

A model ruling often rests on what would happen in the play: a claim's normal
line loses a trick, a contract makes ten tricks, the outcomes weighed for an
adjusted score. A case states each such claim in its ``solver:`` block
(CASE_FORMAT.md, "Solver claims") and ``director-trainer check`` asks endplay's
solver whether it holds, so that no answer key rests on analysis nobody ran.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.bridge.cards import Card
from app.bridge.contract import Contract, parse_contract
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.seats import Seat, Side
from app.rules.scenario import Event

FROM_EVENTS = "events"

Fail = Callable[..., None]


@dataclass(frozen=True)
class SolverClaim:
    """With everyone playing double-dummy from a position, declarer's side wins ``tricks`` on the board.

    The position is the deal after ``played`` (the events' cards if ``from_events``, then ``then``),
    with ``lead`` on lead when no card has been played. ``contract`` None means the case's own.
    """

    line: int
    tricks: int
    contract: Contract | None = None
    from_events: bool = False
    played: tuple[Card, ...] = ()
    lead: Seat | None = None
    note: str = ""


def read_solver_claims(raw: Any, line: Callable[..., int], fail: Fail) -> list[SolverClaim]:
    """The ``solver:`` list of a shape-checked case; each card or contract that does not read goes to
    ``fail(message, *path)``."""
    claims = []
    for i, item in enumerate(raw or []):
        claim = _claim(item, ("solver", i), line, fail)
        if claim is not None:
            claims.append(claim)
    return claims


def _claim(item: dict[str, Any], where: tuple[str | int, ...], line: Callable[..., int],
           fail: Fail) -> SolverClaim | None:
    contract = None
    if "contract" in item:  # with declarer: (the schema sees to it)
        try:
            contract = parse_contract(item["contract"], Seat.parse(item["declarer"]))
        except BridgeError as exc:
            fail(f"solver: {exc}", *where, "contract")
            return None
    after = item.get("after", [])
    from_events = after == FROM_EVENTS
    cards = _cards([] if from_events else after, (*where, "after"), fail)
    cards_then = _cards(item.get("then", []), (*where, "then"), fail)
    if cards is None or cards_then is None:
        return None
    lead = Seat.parse(item["lead"]) if "lead" in item else None
    return SolverClaim(line(*where, "tricks"), item["tricks"], contract, from_events,
                       tuple(cards + cards_then), lead, item.get("note", ""))


def _cards(raw: list[str], where: tuple[str | int, ...], fail: Fail) -> list[Card] | None:
    cards = []
    for j, text in enumerate(raw):
        try:
            cards.append(Card.parse(text))
        except BridgeError as exc:
            fail(str(exc), *where, j)
            return None
    return cards


def events_cards(events: Sequence[Event]) -> list[Card]:
    """Every card the events show played, in order (a ``trick`` event's cards in rotation)."""
    return [card for event in events if event.kind in ("play", "trick") for card in event.cards]


def verify(claim: SolverClaim, deal: Deal, contract: Contract | None, events: Sequence[Event]) -> str | None:
    """None if the solver agrees with ``claim``; otherwise what it found, as a message for the case file.

    ``contract`` is the case's own (given or derived by the engine), used when the claim names none.
    """
    from app.bridge.double_dummy import declarer_tricks_with_best_play, replay

    chosen = claim.contract or contract
    if chosen is None:
        return "solver: the engine cannot tell this case's contract; give contract: and declarer: in the claim"
    if not deal.is_complete:
        return "solver: the solver needs all four hands in the deal"
    cards = [*(events_cards(events) if claim.from_events else ()), *claim.played]
    try:
        if claim.lead is not None and cards:
            position = replay(deal, chosen, cards)
            due = position.next_to_play()
            if position.current or due is not claim.lead:
                return f"solver: lead is {claim.lead.english}, but after these cards {due.english} is to play"
        found = declarer_tricks_with_best_play(deal, chosen, cards, None if cards else claim.lead)
    except BridgeError as exc:
        return f"solver: the position cannot be reached by legal play: {exc}"
    if found == claim.tricks:
        return None
    side = "North–South" if chosen.side is Side.NS else "East–West"
    return (f"solver: {_where(claim, len(cards))}, with best play all round {side} win {found} trick(s) "
            f"on the board in {chosen.denomination.symbol} by {chosen.declarer.english}, not {claim.tricks}"
            + (f" ({claim.note})" if claim.note else ""))


def _where(claim: SolverClaim, cards: int) -> str:
    if not cards:
        return "from the full deal" + (f" with {claim.lead.english} on lead" if claim.lead else "")
    return f"after {cards} card(s) played"
