"""The case loader: a valid version-1 file loads; every kind of mistake is reported at its line."""

from pathlib import Path

import pytest

from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat
from app.content.cases.loader import load_cases, read_case

FIXTURES = Path(__file__).parent / "fixtures" / "cases"
EXAMPLE = FIXTURES / "insufficient-bid-over-one-spade.yaml"


def test_the_case_format_example_loads_completely() -> None:
    case, problems = read_case(EXAMPLE, topics={"insufficient-bid"})
    assert problems == []
    assert case is not None
    assert (case.board, case.dealer, case.vulnerability) == (5, Seat.NORTH, Vulnerability.NS)
    assert [e.kind for e in case.events] == ["call", "call", "say", "director"]
    assert str(case.events[1].call) == "1D" and case.events[1].seat is Seat.EAST
    assert [q.kind for q in case.questions] == ["single", "single", "law"]
    assert str(case.questions[2].answer) == "27B2"
    assert case.expect["offender"] == "E"
    assert case.director_index == 3
    assert case.show == [Seat.EAST]


def _write(tmp_path: Path, replace: dict[str, str], name: str = "insufficient-bid-over-one-spade") -> Path:
    text = EXAMPLE.read_text()
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def _line_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


@pytest.mark.parametrize(
    ("replace", "line_fragment", "message"),
    [
        ({"- call: {E: 1D}": "- play: {E: SA}"}, "play: {E: SA}", "East plays ♠A, but North holds it"),
        ({"- call: {E: 1D}": "- call: {Q: 1D}"}, "call: {Q: 1D}", "unknown key 'Q' in a call event"),
        ({"- call: {E: 1D}": "- call: {E: 1Z}"}, "call: {E: 1Z}", "cannot read call '1Z'"),
        ({"        correct: true\n": "\n"}, "id: first-option", "a question without a correct choice"),
        ({"id: insufficient-bid-over-one-spade": "id: another-name"}, "id: another-name", "differs from the file name"),
        ({"difficulty: 1": "difficulty: 9"}, "difficulty: 9", "difficulty must be a whole number from 1 to 5"),
        ({'laws: ["27A1",': 'laws: ["27Q1",'}, "laws:", "is not a law reference"),
        ({"topics: [insufficient-bid]": "topics: [nonsense]"}, "topics:", "unknown topic 'nonsense'"),
        ({"  - say: {S:": "  - shout: {S:"}, "shout:", "unknown key 'shout' in an event"),
        ({"  offender: E": "  offenderr: E"}, "offenderr", "unknown key 'offenderr' in an expect block; did you mean `offender`?"),
        ({"T9876.A87.A9.J76": "T9876.A87.A9.J7"}, "deal:", "12"),
    ],
)
def test_each_mistake_is_reported_at_its_line(tmp_path: Path, replace: dict[str, str], line_fragment: str,
                                              message: str) -> None:
    path = _write(tmp_path, replace)
    case, problems = read_case(path, topics={"insufficient-bid"})
    assert case is None
    expected_line = _line_of(path, line_fragment)
    assert any(p.line == expected_line and message in p.message for p in problems), [str(p) for p in problems]


def test_a_card_played_twice_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, {"  - director: true": "  - play: {S: HA}\n  - play: {S: HA}\n  - director: true"})
    _, problems = read_case(path)
    assert any("♥A is played twice" in p.message for p in problems)


def test_a_missing_key_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, {"title: One diamond over an opening one spade\n": ""})
    _, problems = read_case(path)
    assert any("missing key 'title'" in p.message for p in problems)


def test_yaml_syntax_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: 1\nid: broken\ntitle: [unclosed\nedition: wbf-2017\n")
    case, problems = read_case(path)
    assert case is None and problems[0].line >= 3 and "not valid YAML" in problems[0].message


def test_a_broken_file_never_stops_the_others(tmp_path: Path) -> None:
    good = tmp_path / "insufficient-bid-over-one-spade.yaml"
    good.write_text(EXAMPLE.read_text())
    (tmp_path / "broken.yaml").write_text("this: [is not\n")
    other = tmp_path / "sub"
    other.mkdir()
    (other / "insufficient-bid-over-one-spade.yaml").write_text(EXAMPLE.read_text())
    cases, problems = load_cases([tmp_path])
    assert [c.id for c in cases] == ["insufficient-bid-over-one-spade"]
    assert any("broken.yaml" in str(p) for p in problems)
    assert any("duplicate id" in p.message for p in problems)
