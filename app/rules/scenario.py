"""What happened at a table, as the rules engine sees it: no questions, no prose.

A case file (``app.content``) carries a scenario plus the teaching material around
it; the engine works on the scenario alone, so it can also judge a situation that
did not come from a case file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bridge.calls import Call, Denomination
from app.bridge.cards import Card
from app.bridge.contract import Contract
from app.bridge.deal import Deal
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat


@dataclass(frozen=True)
class AuctionCall:
    """One call of an ``auction`` list (made in rotation), with its alert mark and explanation."""

    call: Call
    alerted: bool = False
    note: str = ""


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table, in order (CASE_FORMAT.md, "Events").

    ``seat`` is None for ``trick`` and ``director``. ``call`` is set for call events,
    ``cards`` for play (one card), trick (up to four, in playing order) and expose,
    ``text`` for claim, concede, say and accept. A ``dummy`` event names what dummy did in ``act``
    (Laws 42, 43, 45F), the card he indicated in ``cards`` and his words, if any, in ``text``.

    Three facts about a call are the director's findings, written by the case: ``intended`` says the call
    replaces the same player's previous call, which was unintended (Law 25A1–25A3: a slip, no pause for
    thought); ``specifies`` names the denominations an alerted call, a double or a redouble specified
    (Laws 26B, 27B1(a)), () if none, None if the case does not say;
    ``comparable`` is his judgement (Law 23A) of a call that replaces a withdrawn one: True comparable,
    False not, None not stated (the engine then describes the most restrictive branch). Of an exposed
    card, ``penalty`` False says the director designated it not a penalty card (Law 50).
    """

    kind: str
    line: int = 0
    seat: Seat | None = None
    call: Call | None = None
    alerted: bool = False
    cards: tuple[Card, ...] = ()
    text: str = ""
    intended: bool = False
    specifies: tuple[Denomination, ...] | None = None
    comparable: bool | None = None
    penalty: bool = True
    act: str = ""


@dataclass
class Scenario:
    """A deal, its board conditions, the auction and the events up to and after the director call.

    ``contract`` is given only when it cannot be derived from the calls (a case that
    starts in the play); ``result`` is the tricks the declaring side won as played.
    """

    deal: Deal
    board: int
    dealer: Seat
    vulnerability: Vulnerability
    auction: list[AuctionCall] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    contract: Contract | None = None
    result: int | None = None

    @property
    def director_index(self) -> int:
        """How many events happen before the director is called (all of them, if never)."""
        return next((i for i, e in enumerate(self.events) if e.kind == "director"), len(self.events))
