"""Scoring schemes as data: the Law 77 table, and the IBL proposal as a variant of it.

Every figure the score of a contract depends on lives in a ``ScoringScheme``,
so another scheme is a new instance, not new code. ``app.bridge.scoring.contract``
holds the one computation that reads them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from app.bridge.calls import Denomination
from app.bridge.contract import Doubling
from app.bridge.errors import ScoringError

T = TypeVar("T")


class ByVulnerability(NamedTuple, Generic[T]):
    """A figure that depends on whether the declaring side is vulnerable."""

    not_vulnerable: T
    vulnerable: T

    def pick(self, vulnerable: bool) -> T:
        return self.vulnerable if vulnerable else self.not_vulnerable


def undertrick_schedule(first: int, each_additional: int, extra_from_fourth: int = 0) -> tuple[int, ...]:
    """Penalties for the 1st, 2nd, 3rd and 4th undertrick; the last figure applies to every later one.

    The arguments follow the layout of the Law 77 table: the first undertrick,
    each additional one, and the increase from the fourth undertrick on.
    """
    return (first, each_additional, each_additional, each_additional + extra_from_fourth)


@dataclass(frozen=True, eq=False)
class ScoringScheme:
    """All the figures of a duplicate scoring table.

    Trick values are undoubled and per odd trick; ``doubling_factor`` multiplies
    them when the contract is doubled or redoubled. An undoubled overtrick is
    worth ``later_trick`` of its denomination ("trick value").
    """

    name: str
    title: str
    first_trick: Mapping[Denomination, int]
    later_trick: Mapping[Denomination, int]
    doubling_factor: Mapping[Doubling, int]
    game_threshold: int
    partscore_bonus: int
    game_bonus: ByVulnerability[int]
    small_slam_bonus: ByVulnerability[int]
    grand_slam_bonus: ByVulnerability[int]
    making_bonus: Mapping[Doubling, int]
    penalty_overtrick: Mapping[Doubling, ByVulnerability[int]]
    undertricks: Mapping[Doubling, ByVulnerability[tuple[int, ...]]]

    def trick_score(self, level: int, denomination: Denomination, doubled: Doubling) -> int:
        """Points for the odd tricks bid and made."""
        undoubled = self.first_trick[denomination] + (level - 1) * self.later_trick[denomination]
        return undoubled * self.doubling_factor[doubled]

    def overtrick_value(self, denomination: Denomination, doubled: Doubling, vulnerable: bool) -> int:
        if doubled is Doubling.UNDOUBLED:
            return self.later_trick[denomination]
        return self.penalty_overtrick[doubled].pick(vulnerable)

    def undertrick_penalty(self, undertricks: int, doubled: Doubling, vulnerable: bool) -> int:
        """The total penalty, as a positive number, for going ``undertricks`` down."""
        schedule = self.undertricks[doubled].pick(vulnerable)
        return sum(schedule[min(index, len(schedule) - 1)] for index in range(undertricks))


_D = Denomination

# Law 77, WBF 2017.
WBF = ScoringScheme(
    name="wbf",
    title="Law 77 (WBF 2017)",
    first_trick={_D.CLUBS: 20, _D.DIAMONDS: 20, _D.HEARTS: 30, _D.SPADES: 30, _D.NOTRUMP: 40},
    later_trick={_D.CLUBS: 20, _D.DIAMONDS: 20, _D.HEARTS: 30, _D.SPADES: 30, _D.NOTRUMP: 30},
    doubling_factor={Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4},
    game_threshold=100,
    partscore_bonus=50,
    game_bonus=ByVulnerability(300, 500),
    small_slam_bonus=ByVulnerability(500, 750),
    grand_slam_bonus=ByVulnerability(1000, 1500),
    making_bonus={Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100},
    penalty_overtrick={
        Doubling.DOUBLED: ByVulnerability(100, 200),
        Doubling.REDOUBLED: ByVulnerability(200, 400),
    },
    undertricks={
        Doubling.UNDOUBLED: ByVulnerability(undertrick_schedule(50, 50), undertrick_schedule(100, 100)),
        Doubling.DOUBLED: ByVulnerability(undertrick_schedule(100, 200, 100), undertrick_schedule(200, 300)),
        Doubling.REDOUBLED: ByVulnerability(undertrick_schedule(200, 400, 200), undertrick_schedule(400, 600)),
    },
)

# The IBL proposal's Law 77 (reference 002, its scoring table): majors 20 a trick, minors 30,
# every no-trump trick 40; the same bonuses and penalty overtricks as WBF; non-vulnerable
# doubled and redoubled undertricks with no step from the fourth.
IBL = dataclasses.replace(
    WBF,
    name="ibl",
    title="IBL proposal",
    first_trick={_D.CLUBS: 30, _D.DIAMONDS: 30, _D.HEARTS: 20, _D.SPADES: 20, _D.NOTRUMP: 40},
    later_trick={_D.CLUBS: 30, _D.DIAMONDS: 30, _D.HEARTS: 20, _D.SPADES: 20, _D.NOTRUMP: 40},
    undertricks={
        Doubling.UNDOUBLED: ByVulnerability(undertrick_schedule(50, 50), undertrick_schedule(100, 100)),
        Doubling.DOUBLED: ByVulnerability(undertrick_schedule(100, 200), undertrick_schedule(200, 300)),
        Doubling.REDOUBLED: ByVulnerability(undertrick_schedule(200, 400), undertrick_schedule(400, 600)),
    },
)

# The IBL proposal's footnote to its Law 77 allows no-trump tricks after the first at 30
# where 40 for every trick is impractical (doubled and redoubled values follow).
IBL_NT_40_30 = dataclasses.replace(
    IBL,
    name="ibl-nt30",
    title="IBL proposal, alternate no-trump scoring (40 for the first trick, 30 after)",
    later_trick={**IBL.later_trick, _D.NOTRUMP: 30},
)

SCHEMES: dict[str, ScoringScheme] = {scheme.name: scheme for scheme in (WBF, IBL, IBL_NT_40_30)}


def get_scheme(name: str) -> ScoringScheme:
    """The scheme called ``name`` (see ``SCHEMES``)."""
    try:
        return SCHEMES[name.strip().lower()]
    except KeyError:
        raise ScoringError(f"unknown scoring scheme {name!r}: choose from {', '.join(SCHEMES)}") from None
