"""Law 64A trick transfer for every count of later tricks that changes the answer.

East revokes on trick 2 of 4♠ by South (board 3). Who won the revoke trick
decides the law (64A1 if East himself, 64A2 if West or North-South), and the
number of tricks East-West won after it (0, 1 or more) decides the count:

- 64A1: the revoke trick, plus one more if the offenders won any later trick;
- 64A2: one trick if the offenders won the revoke trick or any later one;
- neither: no automatic transfer (64B1).

The later count comes from the case's ``result`` (North-South's tricks), so
each row is worked out by hand from the 2017 law text, not by the engine.
"""

import pytest
from scenarios import FOUR_SPADES, scenario

from app.rules.engine import analyse

FIRST_TRICK = "trick HT H2 HQ HA"  # South wins; East-West have won nothing before the revoke
REVOKE_TRICK = {
    "East": ["trick C6 C5 C2 S4", "play E:DK"],  # East ruffs holding clubs and leads on
    "West": ["trick C6 CT C2 D2", "play W:DT"],  # East discards; West's ten wins, West leads on
    "North-South": ["trick C6 C5 CA D2", "play N:SA", "play E:S4"],  # North's ace wins; East plays on
}
WON_REVOKE_TRICK = {"East": 1, "West": 1, "North-South": 0}

ROWS = [
    # (who won the revoke trick, later tricks East-West won, law, tricks transferred)
    ("East", 0, "64A1", 1),
    ("East", 1, "64A1", 2),
    ("East", 2, "64A1", 2),
    ("East", 5, "64A1", 2),
    ("West", 0, "64A2", 1),
    ("West", 1, "64A2", 1),
    ("West", 3, "64A2", 1),
    ("North-South", 0, "64B1", 0),
    ("North-South", 1, "64A2", 1),
    ("North-South", 2, "64A2", 1),
    ("North-South", 4, "64A2", 1),
]


@pytest.mark.parametrize(("winner", "later", "law", "transferred"), ROWS,
                         ids=[f"{w}-won-{n}-later" for w, n, _, _ in ROWS])
def test_the_transfer_follows_law_64a(winner: str, later: int, law: str, transferred: int) -> None:
    east_west = WON_REVOKE_TRICK[winner] + later
    result = 13 - east_west
    analysis = analyse(scenario([FIRST_TRICK, *REVOKE_TRICK[winner], "director"], board=3, auction=FOUR_SPADES,
                                result=result))
    conclusions = analysis.conclusions()
    assert (conclusions["irregularity"], conclusions["offender"], conclusions["established"]) == ("revoke", "E", True)
    assert conclusions["rectification"] == law
    assert conclusions["tricks_transferred"] == transferred
    assert conclusions["declarer_tricks"] == result + transferred
    text = " ".join(step.text for step in analysis.primary.steps)
    assert f"{east_west} tricks in all, {later} of them after the revoke trick" in text

