"""Double-dummy analysis of a case, checked against the solver itself and against the scoring table."""

from dataclasses import replace
from pathlib import Path

import pytest

from app.bridge.double_dummy import trick_table
from app.bridge.errors import BridgeError
from app.bridge.scoring import score_ns
from app.bridge.seats import Side
from app.content.cases.loader import read_case
from app.rules.timeline import replay
from app.training.deal_analysis import analyse_deal, analyse_position, played_cards, wants_position

CASES = Path(__file__).resolve().parents[2] / "content" / "cases"


def load(name: str):  # type: ignore[no-untyped-def]
    case, problems = read_case(CASES / f"{name}.yaml")
    assert case is not None, problems
    return case


def director_state(case):  # type: ignore[no-untyped-def]
    scenario = case.scenario()
    timeline = replay(scenario)
    return timeline, timeline.states[timeline.director_step(scenario)]


@pytest.mark.parametrize("name", ["claim-with-a-finesse", "weighted-adjusted-score", "revoke-ruff-two-trick-transfer"])
def test_par_scores_as_law_77_scores_its_contracts(name: str) -> None:
    case = load(name)
    analysis = analyse_deal(case.deal, case.dealer, case.vulnerability)
    assert analysis.tricks == trick_table(case.deal)
    assert analysis.par.contracts
    for par in analysis.par.contracts:
        # The par contract takes what the trick table says its declarer takes in its denomination ...
        assert par.tricks == analysis.tricks[par.contract.denomination][par.contract.declarer]
        # ... and our Law 77 table scores it as the solver's par score.
        assert score_ns(par.contract, par.tricks, case.vulnerability) == analysis.par.score_ns


def test_position_before_the_lead_agrees_with_the_trick_table() -> None:
    case = load("claim-with-a-finesse")
    timeline, _state = director_state(case)
    start = next(s for s in timeline.states if s.contract is not None and not s.quitted and not s.current_trick)
    position = analyse_position(case.deal, start)
    table = trick_table(case.deal)
    contract = start.contract
    assert position.total[contract.side] == table[contract.denomination][contract.declarer]
    assert sum(position.total.values()) == 13


def test_claim_position_counts_the_tricks_already_won_and_the_rest_with_best_play() -> None:
    case = load("claim-with-a-finesse")
    assert wants_position(case)
    _timeline, state = director_state(case)
    assert len(played_cards(state)) == 24
    position = analyse_position(case.deal, state)
    assert position.tricks_played == 6
    assert position.won_so_far == {Side.NS: 4, Side.EW: 2}
    assert position.to_come[Side.NS] + position.to_come[Side.EW] == 7
    # The diamond king lies with West, so double-dummy the finesse works and declarer loses nothing
    # more; the ruling gives ten because Law 70E1 does not credit the unstated finesse.
    assert position.total[Side.NS] == 11
    assert "11 tricks for declarer in all" in position.describe()


def test_no_position_without_a_contract_or_after_a_revoke() -> None:
    case = load("claim-with-a-finesse")
    _timeline, state = director_state(case)
    with pytest.raises(BridgeError, match="no contract"):
        analyse_position(case.deal, replace(state, contract=None))
    revoke = load("revoke-ruff-two-trick-transfer")
    _timeline, state = director_state(revoke)
    with pytest.raises(BridgeError, match="revoke"):
        analyse_position(revoke.deal, state)
    assert not wants_position(revoke)

