"""The score of a contract (Law 77), itemised so that a trainee can see where each point comes from."""

from __future__ import annotations

from dataclasses import dataclass

from app.bridge.contract import TRICKS_PER_DEAL, Contract
from app.bridge.errors import ScoringError
from app.bridge.rota import Vulnerability
from app.bridge.scoring.schemes import WBF, ScoringScheme
from app.bridge.seats import Side

GRAND_SLAM_LEVEL = 7
SMALL_SLAM_LEVEL = 6


@dataclass(frozen=True)
class ScoreBreakdown:
    """The parts of a score from the declaring side's point of view; ``total`` is their sum.

    When the contract fails, only ``undertrick_penalty`` is non-zero (and negative).
    """

    trick_score: int = 0
    game_or_partscore_bonus: int = 0
    slam_bonus: int = 0
    making_bonus: int = 0
    overtricks: int = 0
    overtrick_points: int = 0
    undertricks: int = 0
    undertrick_penalty: int = 0

    @property
    def total(self) -> int:
        return (
            self.trick_score
            + self.game_or_partscore_bonus
            + self.slam_bonus
            + self.making_bonus
            + self.overtrick_points
            + self.undertrick_penalty
        )

    @property
    def made(self) -> bool:
        return self.undertricks == 0


def breakdown(contract: Contract, tricks: int, vulnerability: Vulnerability, scheme: ScoringScheme = WBF) -> ScoreBreakdown:
    """Itemise the score of ``contract`` when declarer's side wins ``tricks`` tricks."""
    if not 0 <= tricks <= TRICKS_PER_DEAL:
        raise ScoringError(f"tricks won must be 0 to {TRICKS_PER_DEAL}, not {tricks}")
    vulnerable = vulnerability.is_vulnerable(contract.declarer)
    doubled = contract.doubled
    if tricks < contract.tricks_needed:
        down = contract.tricks_needed - tricks
        return ScoreBreakdown(undertricks=down, undertrick_penalty=-scheme.undertrick_penalty(down, doubled, vulnerable))
    trick_score = scheme.trick_score(contract.level, contract.denomination, doubled)
    is_game = trick_score >= scheme.game_threshold
    if contract.level == GRAND_SLAM_LEVEL:
        slam = scheme.grand_slam_bonus.pick(vulnerable)
    elif contract.level == SMALL_SLAM_LEVEL:
        slam = scheme.small_slam_bonus.pick(vulnerable)
    else:
        slam = 0
    over = tricks - contract.tricks_needed
    return ScoreBreakdown(
        trick_score=trick_score,
        game_or_partscore_bonus=scheme.game_bonus.pick(vulnerable) if is_game else scheme.partscore_bonus,
        slam_bonus=slam,
        making_bonus=scheme.making_bonus[doubled],
        overtricks=over,
        overtrick_points=over * scheme.overtrick_value(contract.denomination, doubled, vulnerable),
    )


def score(contract: Contract, tricks: int, vulnerability: Vulnerability, scheme: ScoringScheme = WBF) -> int:
    """The score for declarer's side when it wins ``tricks`` tricks (negative if the contract fails)."""
    return breakdown(contract, tricks, vulnerability, scheme).total


def score_ns(contract: Contract | None, tricks: int, vulnerability: Vulnerability, scheme: ScoringScheme = WBF) -> int:
    """The score from North-South's side; ``None`` is a passed-out board, which scores 0 (Law 77)."""
    if contract is None:
        return 0
    points = score(contract, tricks, vulnerability, scheme)
    return points if contract.side is Side.NS else -points
