"""The par result of a deal: the contract both sides reach when each bids to its best double-dummy
score and the other side sacrifices or doubles only when that pays. Computed by endplay's solver."""

from __future__ import annotations

from dataclasses import dataclass

from app.bridge.contract import Contract, parse_contract
from app.bridge.deal import Deal
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat

_ENDPLAY_VULNERABILITY = {Vulnerability.NONE: "none", Vulnerability.NS: "ns", Vulnerability.EW: "ew",
                          Vulnerability.BOTH: "both"}
_DENOMINATION_LETTERS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}
_DOUBLING = {"passed": "", "doubled": "X", "redoubled": "XX"}


@dataclass(frozen=True)
class ParContract:
    """One par contract and the tricks its declarer takes double-dummy."""

    contract: Contract
    tricks: int

    def __str__(self) -> str:
        over = self.tricks - self.contract.tricks_needed
        result = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract.symbol} {result}"


@dataclass(frozen=True)
class ParResult:
    """North-South's par score and the contracts that reach it (none when the par is a pass-out)."""

    score_ns: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "Par: passed out, 0"
        return f"Par {self.score_ns:+d} (North-South): " + ", ".join(str(c) for c in self.contracts)


def par_result(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> ParResult:
    """The par of a complete deal with its dealer and vulnerability (the dealer decides who gets to bid
    first when both sides have a par contract)."""
    from endplay.dds import par
    from endplay.types import Player, Vul

    found = par(deal.to_endplay(), Vul[_ENDPLAY_VULNERABILITY[vulnerability]], Player(dealer.index))
    contracts = []
    for item in found:
        declarer = SEATS[int(item.declarer)]
        text = f"{item.level}{_DENOMINATION_LETTERS[item.denom.name]}{_DOUBLING[item.penalty.name]}"
        contract = parse_contract(text, declarer)
        contracts.append(ParContract(contract, contract.tricks_needed + int(item.result)))
    return ParResult(int(found.score), tuple(contracts))

