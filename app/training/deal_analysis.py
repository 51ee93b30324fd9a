"""Double-dummy analysis of a case for the trainee: the deal's trick table and par, and for a claim or
an adjusted score, what each side takes with best play from the position on the table.

Plain Python over the bridge layer's solver functions, so the GUI only shows the answers, and so that
the same figures can be tested without a display. The solver is slow enough (a few tenths of a
second) that callers run these functions off the GUI thread.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from app.bridge.calls import Denomination
from app.bridge.cards import Card
from app.bridge.contract import TRICKS_PER_DEAL, Contract
from app.bridge.deal import Deal
from app.bridge.double_dummy import declarer_tricks_with_best_play, trick_table
from app.bridge.errors import BridgeError
from app.bridge.par import ParResult, par_result
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat, Side
from app.content.cases.model import Case
from app.rules.timeline import TableState

# Cases whose questions turn on the tricks still to come: the position analysis is shown for them.
POSITION_TOPICS = frozenset({"claims", "adjusted-scores"})

# DDS keeps state between calls: two solves at once from two threads return wrong tables (seen in
# testing), so every solve made here waits its turn.
_SOLVER = threading.Lock()


@dataclass(frozen=True)
class DealAnalysis:
    """Tricks for each declarer in each denomination, and the par result."""

    tricks: dict[Denomination, dict[Seat, int]]
    par: ParResult


@dataclass(frozen=True)
class PositionAnalysis:
    """What best play from a position gives each side, counted on the whole board."""

    contract: Contract
    tricks_played: int
    won_so_far: dict[Side, int]
    total: dict[Side, int]  # tricks on the whole board with best play from here

    @property
    def to_come(self) -> dict[Side, int]:
        return {side: self.total[side] - self.won_so_far[side] for side in (Side.NS, Side.EW)}

    def describe(self) -> str:
        left = TRICKS_PER_DEAL - self.tricks_played
        declaring = self.contract.side
        other = Side.EW if declaring is Side.NS else Side.NS
        return (f"In {self.contract.symbol}, after {self.tricks_played} "
                f"trick(s) — {_side(declaring)} {self.won_so_far[declaring]}, {_side(other)} "
                f"{self.won_so_far[other]} — best play from here gives {_side(declaring)} "
                f"{self.to_come[declaring]} and {_side(other)} {self.to_come[other]} of the {left} left: "
                f"{self.total[declaring]} tricks for declarer in all.")


def _side(side: Side) -> str:
    return "North–South" if side is Side.NS else "East–West"


def wants_position(case: Case) -> bool:
    """Whether a case asks about tricks still to be played (a claim or an adjusted score)."""
    return bool(POSITION_TOPICS.intersection(case.topics))


def deal_key(case: Case) -> str:
    """What the deal analysis depends on, to cache it per deal."""
    return f"{case.deal.to_pbn()}|{case.dealer.letter}|{case.vulnerability.value}"


def analyse_deal(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> DealAnalysis:
    """The trick table and par of a complete deal; ``BridgeError`` if a hand is unknown."""
    with _SOLVER:
        return DealAnalysis(trick_table(deal), par_result(deal, dealer, vulnerability))


def played_cards(state: TableState) -> tuple[Card, ...]:
    """The cards played so far, in order: the quitted tricks, then the trick in progress."""
    quitted = tuple(played.card for trick in state.quitted for played in trick.plays)
    return quitted + tuple(card for _seat, card in state.current_trick)


def analyse_position(deal: Deal, state: TableState) -> PositionAnalysis:
    """Best play from the position of ``state``; ``BridgeError`` says why there is none to give
    (no contract yet, a hand unknown, or the cards were not played legally in turn)."""
    contract = state.contract
    if contract is None:
        raise BridgeError("there is no contract yet, so there is no play to analyse")
    with _SOLVER:
        declarer = declarer_tricks_with_best_play(deal, contract, played_cards(state))
    won = {side: sum(1 for trick in state.quitted if trick.winner.side is side) for side in (Side.NS, Side.EW)}
    declaring = contract.side
    other = Side.EW if declaring is Side.NS else Side.NS
    return PositionAnalysis(contract, len(state.quitted), won,
                            {declaring: declarer, other: TRICKS_PER_DEAL - declarer})
