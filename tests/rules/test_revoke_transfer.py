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

from app.bridge.errors import ScoringError
from app.rules.engine import analyse
from app.rules.revoke_rules import RevokeTrickWinner, automatic_transfer, revoke_transfer

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



@pytest.mark.parametrize(("winner", "later", "law", "transferred"), ROWS,
                         ids=[f"{w}-won-{n}-later" for w, n, _, _ in ROWS])
def test_the_calculators_function_agrees_with_the_engine(winner: str, later: int, law: str, transferred: int) -> None:
    who = {"East": RevokeTrickWinner.OFFENDER, "West": RevokeTrickWinner.PARTNER,
           "North-South": RevokeTrickWinner.NON_OFFENDERS}[winner]
    transfer = revoke_transfer(2, who, later)
    assert (transfer.law, transfer.tricks) == (law, transferred)
    assert automatic_transfer(who, later) == transfer


def test_a_revoke_on_trick_twelve_transfers_nothing() -> None:
    transfer = revoke_transfer(12, RevokeTrickWinner.OFFENDER, 1)
    assert (transfer.law, transfer.tricks) == ("64B6", 0)
    assert transfer.reason == ("A revoke on the twelfth trick brings no automatic trick adjustment; it is corrected "
                               "if found before the hands are returned to the board (Law 62D).")
    assert revoke_transfer(11, RevokeTrickWinner.OFFENDER, 2).tricks == 2  # two tricks are left after trick 11


@pytest.mark.parametrize(("trick", "later", "message"), [
    (0, 0, "a revoke can be established on tricks 1 to 12, not on trick 0: on the last trick each player has one "
           "card, so nobody can revoke"),
    (13, 0, "a revoke can be established on tricks 1 to 12, not on trick 13: on the last trick each player has one "
            "card, so nobody can revoke"),
    (11, 3, "after a revoke on trick 11 there are 2 later tricks, so the offending side won 0 to 2 of them, not 3"),
    (1, -1, "after a revoke on trick 1 there are 12 later tricks, so the offending side won 0 to 12 of them, not -1"),
])
def test_impossible_figures_are_refused_with_what_to_change(trick: int, later: int, message: str) -> None:
    with pytest.raises(ScoringError) as error:
        revoke_transfer(trick, RevokeTrickWinner.PARTNER, later)
    assert str(error.value) == message
    with pytest.raises(ValueError, match="cannot win -1 later tricks"):
        automatic_transfer(RevokeTrickWinner.OFFENDER, -1)
