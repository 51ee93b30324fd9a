"""The director's judgement of a replacement call, stated by the case (``comparable: true``/``false``,
Law 23A): it settles the pass the offender's partner owes, and a finding the events contradict is
reported rather than followed."""

from dataclasses import replace

from app.rules.engine import analyse
from app.rules.scenario import Scenario
from tests.rules.scenarios import scenario

# Board 1, dealer North: South bids at East's turn, East bids, South calls again at his turn.
OUT_OF_ROTATION = ["N:1D", "S:1S", "director", "accept W:false", "E:2C", "S:2S", "W:P", "N:3D"]


def judged(events: list[str], index: int, comparable: bool | None) -> Scenario:
    """``events`` with the director's judgement written beside the call at ``index``."""
    built = scenario(events)
    built.events[index] = replace(built.events[index], comparable=comparable)
    return built


def test_a_call_judged_not_comparable_bars_partner_for_his_next_turn() -> None:
    analysis = analyse(judged(OUT_OF_ROTATION, 5, False))
    barred = [f for f in analysis.findings if f.irregularity == "action-violating-obligation-to-pass"]
    assert [f.offender.letter for f in barred if f.offender] == ["N"]  # his 3D broke the pass owed under 31A2(b)
    assert analysis.primary is not None and analysis.primary.facts["partner_must_pass"] == "once"
    assert analysis.problems == []


def test_a_call_judged_comparable_leaves_partner_free() -> None:
    analysis = analyse(judged(OUT_OF_ROTATION, 5, True))
    assert [f.irregularity for f in analysis.findings] == ["bid-out-of-rotation"]
    assert analysis.primary is not None
    assert analysis.primary.facts["partner_must_pass"] == "no"
    assert analysis.primary.facts["lead_restrictions"] is False


def test_without_the_judgement_the_pass_is_left_to_the_director() -> None:
    analysis = analyse(judged(OUT_OF_ROTATION, 5, None))
    assert [f.irregularity for f in analysis.findings] == ["bid-out-of-rotation"]  # North's 3D is not ruled on
    assert any("37" in step.laws for step in analysis.all_judgement())


def test_a_judgement_on_a_call_that_replaces_nothing_is_reported() -> None:
    analysis = analyse(judged(["N:1D", "E:P", "S:1S"], 2, True))
    assert analysis.problems == [
        "South's 1♠ is marked comparable: true or false, but the laws ask that only of the offender's replacement "
        "for an insufficient bid not accepted (27B1(b)) or his call at his turn after his call out of rotation was "
        "cancelled (30B1(b), 31A2, 31B, 32A2, 32B): leave comparable: out"]


def test_a_double_judged_not_comparable_cannot_stand() -> None:
    events = ["N:1D", "E:1S", "S:1H", "director", "accept W:false", "S:X", "W:P"]
    assert analyse(judged(events, 5, False)).problems == [
        "South's double is judged not comparable, so Law 27B3 cancels it and South must call again before anyone "
        "else does; the events go on as though it stood"]
    assert analyse(judged(events[:-1], 5, False)).problems == []  # the case may stop before South calls again
    assert analyse(judged(events, 5, True)).problems == []  # a comparable double stands (Law 27B1(b))
