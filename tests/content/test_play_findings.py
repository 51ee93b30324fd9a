"""The director's findings and the table's happenings in the play that a case writes as events: read,
refused at their line when malformed, and written back the same by the case writer."""

from pathlib import Path

import pytest

from app.content.cases.loader import read_case
from app.content.cases.writer import event_data
from app.rules.engine import analyse

ENGINE_CASES = Path(__file__).resolve().parents[1] / "cases_engine"
PENALTY = ENGINE_CASES / "major-penalty-card.yaml"  # West exposes the club ten after trick one of 4S


def _with(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _line(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


def test_a_card_designated_not_a_penalty_card_is_read_and_written_back(tmp_path: Path) -> None:
    path = _with(tmp_path, PENALTY, "expose: {W: CT}", "expose: {W: CT, penalty: false}")
    case, problems = read_case(path)
    assert problems == [] and case is not None
    exposed = case.events[1]
    assert not exposed.penalty
    assert event_data(exposed) == {"expose": {"W": "CT", "penalty": False}}
    assert event_data(case.events[0]) == {"trick": ["HT", "H2", "HQ", "HA"]}
    conclusions = analyse(case.scenario()).conclusions()
    assert (conclusions["penalty_card"], conclusions["rectification"]) == ("none", "50")


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("{W: CT, penalty: true}", "penalty: false says the director designated the card not a penalty card"),
        ("{W: CT, penalty: no}", "penalty: false says the director designated"),
        ("{W: CT, penalti: false}", "did you mean `penalty`?"),
        ("{W: CT, E: HQ}", "expose names one seat and its card"),
    ],
)
def test_a_malformed_designation_is_reported_at_its_line(tmp_path: Path, written: str, message: str) -> None:
    path = _with(tmp_path, PENALTY, "expose: {W: CT}", f"expose: {written}")
    case, problems = read_case(path)
    assert case is None
    line = _line(path, f"expose: {written}")
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]


def test_a_designation_where_the_law_gives_none_is_a_problem(tmp_path: Path) -> None:
    """Declarer's cards are never penalty cards (Law 48A); a card shown in the auction is Law 24's."""
    path = _with(tmp_path, PENALTY, "expose: {W: CT}", "expose: {S: S6, penalty: false}")
    case, _ = read_case(path)
    assert case is not None
    assert analyse(case.scenario()).problems == [
        "penalty: false on South's ♠6 is the director's designation of a defender's card (Law 50); declarer's "
        "and dummy's cards are never penalty cards (Law 48A): leave it out"]
    auction = ENGINE_CASES / "exposed-honour.yaml"
    path = _with(tmp_path, auction, "expose: {E: HQ}", "expose: {E: HQ, penalty: false}")
    case, _ = read_case(path)
    assert case is not None
    assert analyse(case.scenario()).problems == [
        "penalty: false on East's ♥Q: the director's designation (Law 50) is for a card a defender exposes after "
        "the auction; a card shown during the auction is dealt with by Law 24, and one shown before it by Law 16D"]


DUMMY = ENGINE_CASES / "dummy-indicates-a-card.yaml"  # North is dummy in 4S by South


def test_dummys_acts_are_read_and_written_back(tmp_path: Path) -> None:
    case, problems = read_case(DUMMY)
    assert problems == [] and case is not None
    touched = next(e for e in case.events if e.kind == "dummy")
    assert (touched.act, [str(c) for c in touched.cards], touched.text) == ("indicates", ["DQ"], "")
    assert event_data(touched) == {"dummy": {"N": "indicates", "card": "DQ"}}
    path = _with(tmp_path, DUMMY, "dummy: {N: indicates, card: DQ}", 'dummy: {N: warns, says: "In dummy!"}')
    case, problems = read_case(path)
    assert problems == [] and case is not None
    warned = next(e for e in case.events if e.kind == "dummy")
    assert event_data(warned) == {"dummy": {"N": "warns", "says": "In dummy!"}}


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("{N: peeks}", "dummy's act is looks, leaves-seat, exchanges-hands, warns, asks, draws-attention or indicates"),
        ("{N: indicates}", "dummy: indicates names the card he touched"),
        ("{N: looks, card: DQ}", "only indicates takes a card"),
        ("{N: indicates, card: DK}", "North touches ♦K, but East holds it"),
        ("{N: looks, sayz: hi}", "did you mean `says`?"),
        ("{N: looks, S: warns}", "dummy names dummy's seat and what he did"),
    ],
)
def test_a_malformed_dummy_event_is_reported_at_its_line(tmp_path: Path, written: str, message: str) -> None:
    path = _with(tmp_path, DUMMY, "dummy: {N: indicates, card: DQ}", f"dummy: {written}")
    case, problems = read_case(path)
    assert case is None
    line = _line(path, f"dummy: {written}")
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]


def test_a_dummy_event_for_a_player_who_is_not_dummy_is_a_problem(tmp_path: Path) -> None:
    path = _with(tmp_path, DUMMY, "dummy: {N: indicates, card: DQ}", "dummy: {E: looks}")
    case, _ = read_case(path)
    assert case is not None
    assert analyse(case.scenario()).problems == ["dummy: {E: looks} names East, but North is dummy"]


AGAIN = ENGINE_CASES / "defective-trick-card-played-again.yaml"  # West's ♥10 goes back and is played again


def test_defective_tricks_are_read_and_written_back() -> None:
    for name, kind, written in (("defective-trick-omitted-found-late", "turned", {"turned": True}),
                                ("defective-trick-extra-card-then-revoke", "extra", {"extra": {"W": "S3"}}),
                                ("defective-trick-card-played-again", "retrieve", {"retrieve": {"W": "HT"}})):
        case, problems = read_case(ENGINE_CASES / f"{name}.yaml")
        assert problems == [] and case is not None
        assert event_data(next(e for e in case.events if e.kind == kind)) == written


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("retrieve: {W: HT}", "turned: false", "turned is true"),
        ("retrieve: {W: HT}", "retrieve: {W: H9}", "♥9 has not been played, so it cannot go back"),
        ("retrieve: {W: HT}", "retrieve: {E: HT}", "East takes back ♥10, but West holds it"),
        ("retrieve: {W: HT}", "extra: {W: HT}", "♥10 is played twice"),
    ],
)
def test_a_defect_the_cards_cannot_have_is_reported_at_its_line(tmp_path: Path, old: str, new: str,
                                                                 message: str) -> None:
    path = _with(tmp_path, AGAIN, old, new)
    case, problems = read_case(path)
    assert case is None
    line = _line(path, new)
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]


def test_an_extra_card_may_be_played_once_the_director_has_ruled(tmp_path: Path) -> None:
    """It goes back to its owner's hand at the ruling (Laws 58B1, 67B2); before it, it is still played."""
    source = ENGINE_CASES / "defective-trick-extra-card-then-revoke.yaml"
    path = _with(tmp_path, source, "  - director: true\n", "  - director: true\n  - play: {W: S3}\n")
    case, problems = read_case(path)
    assert problems == [] and case is not None
    path = _with(tmp_path, source, "  - play: {N: SK}\n", "  - play: {N: SK}\n  - play: {W: S3}\n")
    case, problems = read_case(path)
    assert case is None and any("♠3 is played twice" in p.message for p in problems)


def test_a_defect_where_the_play_has_none_is_a_problem(tmp_path: Path) -> None:
    path = _with(tmp_path, PENALTY, "expose: {W: CT}", "turned: true")
    case, _ = read_case(path)
    assert case is not None
    assert analyse(case.scenario()).problems == [
        "turned (event 2) comes when no trick is in progress: a trick is turned over only when some but not all "
        "of its cards have been played"]
