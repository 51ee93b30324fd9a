"""The director's findings a call event may carry: ``intended: true`` (Law 25A), ``specifies: [H]``
(the denominations an alerted bid specified, Law 27B1(a)) and ``comparable: true``/``false`` (his judgement
of a replacement call, Law 23A): read, refused when malformed, written back."""

from pathlib import Path

import pytest

from app.bridge.calls import Denomination
from app.content.cases.writer import event_data
from app.content.cases.loader import read_case

EXAMPLE = Path(__file__).parent / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"


def _case_with(tmp_path: Path, east_call: str) -> Path:
    text = EXAMPLE.read_text().replace("- call: {E: 1D}", f"- call: {east_call}")
    path = tmp_path / EXAMPLE.name
    path.write_text(text)
    return path


def _line(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


def test_the_findings_are_read_and_written_back(tmp_path: Path) -> None:
    path = _case_with(tmp_path, '{E: "1D!", specifies: [h, S]}')
    case, problems = read_case(path, topics={"insufficient-bid"})
    assert problems == [] and case is not None
    event = case.events[1]
    assert event.alerted and event.specifies == (Denomination.HEARTS, Denomination.SPADES)
    assert not event.intended
    assert event_data(event) == {"call": {"E": "1D!", "specifies": ["H", "S"]}}
    path = _case_with(tmp_path, "{E: 1D, intended: true}")
    case, problems = read_case(path, topics={"insufficient-bid"})
    assert problems == [] and case is not None
    assert case.events[1].intended
    assert event_data(case.events[1]) == {"call": {"E": "1D", "intended": True}}
    for judged in (True, False):
        path = _case_with(tmp_path, f"{{E: 1D, comparable: {str(judged).lower()}}}")
        case, problems = read_case(path, topics={"insufficient-bid"})
        assert problems == [] and case is not None
        assert case.events[1].comparable is judged
        assert event_data(case.events[1]) == {"call": {"E": "1D", "comparable": judged}}
    assert case.events[0].comparable is None and "comparable" not in event_data(case.events[0])["call"]


def test_a_double_may_say_which_suits_it_specified_even_none(tmp_path: Path) -> None:
    """Law 26B looks at the suits the offender specified; a double may show one, or none."""
    for written, read in (("[H]", (Denomination.HEARTS,)), ("[]", ())):
        path = _case_with(tmp_path, f"{{E: X, specifies: {written}}}")
        case, problems = read_case(path, topics={"insufficient-bid"})
        assert problems == [] and case is not None
        assert case.events[1].specifies == read
        assert event_data(case.events[1]) == {"call": {"E": "X", "specifies": [d.letter for d in read]}}
    assert case.events[0].specifies is None and "specifies" not in event_data(case.events[0])["call"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("{E: 1D, specifies: [H]}", "specifies is for an alerted call (3C!), a double or a redouble"),
        ("{E: P, specifies: []}", "an unalerted pass none"),
        ('{E: "1D!", specifies: [Q]}', "a denomination is C, D, H, S or NT"),
        ("{E: 1D, intended: maybe}", "intended is true"),
        ("{E: 1D, comparable: yes}", "comparable is true or false"),
        ("{E: 1D, comparible: true}", "did you mean `comparable`?"),
        ("{E: 1D, W: 1S}", "call names one seat"),
    ],
)
def test_a_malformed_finding_is_reported_at_its_line(tmp_path: Path, call: str, message: str) -> None:
    path = _case_with(tmp_path, call)
    case, problems = read_case(path, topics={"insufficient-bid"})
    assert case is None
    line = _line(path, f"- call: {call}")
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]


@pytest.mark.parametrize("written", ["[S, Q]", "S", "[S, S]"])
def test_a_malformed_suit_list_in_expect_is_reported_at_its_line(tmp_path: Path, written: str) -> None:
    source = Path(__file__).resolve().parents[1] / "cases_engine" / "lead-restriction-suits-double.yaml"
    text = source.read_text(encoding="utf-8").replace("lead_restriction_suits: [D, C]",
                                                      f"lead_restriction_suits: {written}")
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    case, problems = read_case(path)
    assert case is None
    line = _line(path, f"lead_restriction_suits: {written}")
    assert any(p.line == line and "lead_restriction_suits" in p.message for p in problems), [str(p) for p in problems]
