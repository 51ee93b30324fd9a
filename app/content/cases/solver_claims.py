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

CLAIM_KEYS = ("contract", "declarer", "lead", "after", "then", "tricks", "note")
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
    """The ``solver:`` list of a case; each mistake goes to ``fail(message, *path)``."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        fail("solver must be a list of claims, each like {contract: 4S, declarer: N, tricks: 10}", "solver")
        return []
    claims = []
    for i, item in enumerate(raw):
        claim = _claim(item, i, line, fail)
        if claim is not None:
            claims.append(claim)
    return claims


def _claim(item: Any, i: int, line: Callable[..., int], fail: Fail) -> SolverClaim | None:
    where = ("solver", i)
    if not isinstance(item, dict):
        fail("each solver claim is a mapping with at least tricks:", *where)
        return None
    unknown = [key for key in item if key not in CLAIM_KEYS]
    for key in unknown:
        fail(f"unknown solver key {key!r}; the keys are {', '.join(CLAIM_KEYS)}", *where, key)
    tricks = item.get("tricks")
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        fail("tricks: is the number of tricks declarer's side wins on the board, 0 to 13", *where)
        return None
    ok, contract = _contract(item, where, fail)
    if not ok:
        return None
    after = item.get("after", [])
    from_events = after == FROM_EVENTS
    cards = _cards([] if from_events else after, (*where, "after"), fail)
    cards_then = _cards(item.get("then", []), (*where, "then"), fail)
    lead = None
    if "lead" in item:
        try:
            lead = Seat.parse(str(item["lead"]))
        except BridgeError as exc:
            fail(str(exc), *where, "lead")
            return None
    if cards is None or cards_then is None or unknown:
        return None
    return SolverClaim(line(*where, "tricks"), tricks, contract, from_events,
                       tuple(cards + cards_then), lead, str(item.get("note", "")))


def _contract(item: dict[str, Any], where: tuple[str | int, ...], fail: Fail) -> tuple[bool, Contract | None]:
    """Whether the keys are usable, and the claim's contract (None for the case's own)."""
    if ("contract" in item) != ("declarer" in item):
        fail("give contract: and declarer: together, or neither for the case's own contract", *where)
        return False, None
    if "contract" not in item:
        return True, None
    try:
        return True, parse_contract(str(item["contract"]), Seat.parse(str(item["declarer"])))
    except BridgeError as exc:
        fail(f"solver: {exc}", *where, "contract")
        return False, None


def _cards(raw: Any, where: tuple[str | int, ...], fail: Fail) -> list[Card] | None:
    if not isinstance(raw, list):
        fail(f"{where[-1]}: must be '{FROM_EVENTS}' or a list of cards played in turn, e.g. [DA, D5, D2, D4]"
             if where[-1] == "after" else "then: must be a list of cards played in turn", *where)
        return None
    cards = []
    for j, text in enumerate(raw):
        try:
            cards.append(Card.parse(str(text)))
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
