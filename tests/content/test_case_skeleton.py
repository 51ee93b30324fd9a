"""Case skeletons from PBN and LIN boards: each loads as a case, or the message names the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.bridge.board_reader import load_board_file
from app.commands.check import check_case
from app.content.cases.skeleton import SkeletonError, blank_case, case_from_board
from app.content.cases.writer import dump_case
from app.content.cases.loader import read_case

FIXTURES = Path(__file__).parents[1] / "bridge" / "fixtures"
BOARD_FILES = sorted([*FIXTURES.glob("*.pbn"), *FIXTURES.glob("*.lin")])

# 7S by South: South holds the spades, West the hearts, North the diamonds, East the clubs.
GRAND = "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 9|sv|b|mb|7S|mb|p|mb|p|mb|p|" + "".join(
    ["pc|HA|pc|D2|pc|C2|pc|S2|"] + [
        f"pc|S{s}|pc|H{h}|pc|D{d}|pc|C{c}|"
        for s, h, d, c in zip("3456789TJQKA", "23456789TJQK", "3456789TJQKA", "3456789TJQKA", strict=True)])


def load_skeleton(data: dict, tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / f"{data['id']}.yaml"
    path.write_text(dump_case(data), encoding="utf-8")
    return read_case(path)


def test_blank_case_loads(tmp_path: Path) -> None:
    case, problems = load_skeleton(blank_case("a-new-one", 7), tmp_path)
    assert case is not None, problems
    assert (case.board, case.dealer.letter, case.vulnerability.value) == (7, "S", "Both")


def test_a_played_board_becomes_calls_and_tricks_the_engine_follows(tmp_path: Path) -> None:
    source = tmp_path / "Club Night.lin"
    source.write_text(GRAND, encoding="utf-8")
    (board,) = load_board_file(source).boards
    data = case_from_board(board, source.name)
    assert data["id"] == "club-night-board-9"
    # md|1 (dealer South) and sv|b differ from board 9 of the rota (North, East-West), so both are written
    assert data["board"] == {"number": 9, "dealer": "S", "vulnerable": "Both"}
    events = data["events"]
    assert events[:2] == [{"call": {"S": "7S"}}, {"call": {"W": "P"}}]
    assert events[4] == {"trick": ["HA", "D2", "C2", "S2"]}
    assert sum("call" in e for e in events) == 4 and sum("trick" in e for e in events) == 13
    assert events[-1] == {"director": True}
    case, problems = load_skeleton(data, tmp_path)
    assert case is not None, [str(p) for p in problems]
    assert check_case(case) == []  # the engine agrees with the result of 13 tricks
    assert case.result == 13 and len(case.events) == 18


@pytest.mark.parametrize("path", BOARD_FILES, ids=[p.name for p in BOARD_FILES])
def test_every_board_of_a_file_loads_or_is_named(path: Path, tmp_path: Path) -> None:
    board_file = load_board_file(path)
    assert board_file.boards
    for board in board_file.boards:
        try:
            data = case_from_board(board, path.name)
        except SkeletonError as error:
            assert board.label in str(error) and path.name in str(error)
            continue
        case, problems = load_skeleton(data, tmp_path)
        assert case is not None, [str(p) for p in problems]
        assert case.deal == board.deal and case.board == board.number


def test_a_board_without_a_deal_is_named(tmp_path: Path) -> None:
    source = tmp_path / "partial.pbn"
    source.write_text('[Board "4"]\n[Dealer "W"]\n[Contract "3NT"]\n[Declarer "N"]\n', encoding="utf-8")
    board_file = load_board_file(source)
    for board in board_file.boards:
        with pytest.raises(SkeletonError, match="partial.pbn, board 4 has no deal"):
            case_from_board(board, source.name)


def test_placeholder_text_left_in_a_draft_is_a_problem_at_its_line(tmp_path: Path) -> None:
    """A skeleton loads, but its placeholders are not a case: each is reported where it stands, a draft
    with any is not to be saved, and one written in full has none."""
    from app.content.cases import skeleton
    from app.content.cases.drafts import check_draft, placeholder_problems

    text = dump_case(blank_case("a-new-one"))
    check = check_draft(text)
    assert check.case is not None and check.placeholders == 7 and not check.can_be_saved
    lines = text.splitlines()
    for problem in check.problems[-7:]:
        phrase = problem.message.split("placeholder text ")[1].split(": write the real")[0].strip("'")
        assert phrase in skeleton.PLACEHOLDERS and phrase in lines[problem.line - 1], problem
    assert [p.message.split(" still holds")[0] for p in check.problems[-7:]] == [
        "the title", "the situation", "question 'ruling'", "choice 1 of question 'ruling'",
        "choice 2 of question 'ruling'", "the model ruling", "the commentary"]
    assert check.problems[-5].message.endswith(": write the real question")

    written = text
    for placeholder, real in ((skeleton.PLACEHOLDER_TITLE, "One spade, then one diamond"),
                              (skeleton.PLACEHOLDER_SITUATION, "East bid one diamond over one spade."),
                              (skeleton.PLACEHOLDER_ASK, "Who may accept it?"),
                              (skeleton.PLACEHOLDER_RIGHT, "The right answer is South"),  # not the whole value
                              (skeleton.PLACEHOLDER_WRONG, "North"),
                              (skeleton.PLACEHOLDER_RULING, "South may accept it (Law 27A1)."),
                              (skeleton.PLACEHOLDER_COMMENTARY, "Law 27A1 gives South the first say.")):
        written = written.replace(placeholder, real)
    assert placeholder_problems(written, Path("a-new-one.yaml")) == []
    assert check_draft(written).can_be_saved
    # a board's facts are written in, the author's words are not yet
    told = written.replace("East bid one diamond over one spade.", f"The board was passed out. {skeleton.PLACEHOLDER_TOLD}")
    [left] = placeholder_problems(told, Path("a-new-one.yaml"))
    assert left.message.startswith("the situation still holds") and skeleton.PLACEHOLDER_TOLD in told.splitlines()[
        left.line - 1]
    assert placeholder_problems("id: [unclosed", Path("x.yaml")) == []  # not YAML: the loader says so
