"""``director-trainer boards``: listing and showing the boards of PBN and LIN files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_run import run

FIXTURES = Path(__file__).parent / "bridge" / "fixtures"


def test_lists_the_boards_of_a_clean_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "boards", str(FIXTURES / "quirks.pbn"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].endswith("quirks.pbn: 4 boards")
    assert [line.split() for line in lines[2:]] == [
        ["1", "N", "None", "6NT", "S", "11"],
        ["2", "E", "Both", "5DX", "E", "9"],
        ["2", "E", "Both", "4H", "W", "10"],
        ["2", "E", "Both", "Pass", "-", "-"],
    ]


def test_bad_boards_go_to_stderr_with_their_lines_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "one_bad_board.pbn"
    code, out, err = run(capsys, "boards", str(path))
    assert code == 2
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["1", "3", "5"]
    assert f"{path}, line 12, board 2: the Deal tag cannot be read" in err
    assert f"{path}, line 23, board 4: the Vulnerable tag" in err
    assert "Traceback" not in err


def test_json_list_of_a_lin_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boards", str(FIXTURES / "boards.lin"), "--json")
    data = json.loads(out)
    assert code == 2  # two boards of the file are bad
    assert [(b["board"], b["dealer"], b["vulnerability"], b["contract"], b["declarer"], b["result"])
            for b in data["boards"]] == [(1, "N", "EW", "2C", "E", 9), (2, "S", "None", "Pass", None, None),
                                         (5, "E", "NS", "1SXX", "E", None)]
    assert [(p["line"], p["board"]) for p in data["problems"]] == [(3, "3"), (4, "4")]


def test_one_board_as_a_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boards", str(FIXTURES / "quirks.pbn"), "--board", "1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Board 1: dealer North, neither side vulnerable"
    assert lines[2].strip() == "North" and lines[3].strip() == "♠ AKQ2"
    assert lines[7].split() == ["West", "East"] and lines[8].split() == ["♠", "3", "♠", "J54"]
    auction = lines[lines.index("West    North   East    South") + 1:][:3]
    assert [row.split() for row in auction] == [["1C", "2C!", "2NT!=0="], ["P", "3NT", "P", "6NT=1="], ["P", "P", "P"]]
    assert "  note 0: asks for a stopper" in lines
    assert "Contract 6NT by South, 11 tricks" in lines
    assert lines[-1] == "Trick 3: N ♠A  E ♠4"


def test_one_board_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boards", str(FIXTURES / "boards.lin"), "--board", "1", "--json")
    data = json.loads(out)
    assert code == 2
    assert data["auction"] == ["1NT", "2C!=1=", "P", "P", "P"] and data["notes"] == {"1": "both majors"}
    assert data["play"] == ["S:SA", "W:S4", "N:ST", "E:S3"]
    assert data["deal"] == "N:T9876.A87.A9.J76 3.T965.T876.T985 AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["boards", "/nonexistent/file.pbn"], "no such file: /nonexistent/file.pbn"),
        (["boards", str(FIXTURES / "quirks.pbn"), "--board", "9"], "has no readable board 9 (boards read: 1, 2)"),
        (["boards", str(FIXTURES / "quirks.pbn"), "--board", "x"], "invalid int value"),
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_help_names_both_formats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boards", "--help")
    assert code == 0 and "usage: director-trainer boards" in out and "PBN or LIN" in out


def test_double_dummy_table_of_one_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "boards", str(FIXTURES / "composer_crlf.pbn"), "--board", "7", "--double-dummy")
    assert (code, err) == (0, "")
    grid = out.split("Double dummy: tricks for each declarer\n")[1].splitlines()
    assert grid[0].split() == ["♠", "♥", "♦", "♣", "NT"]
    rows = {line.split()[0]: [int(n) for n in line.split()[1:]] for line in grid[1:]}
    # North-South hold nine spades to the A-K-Q and both red aces: game in spades or notrumps,
    # and East-West's best (diamonds) takes seven.
    assert rows["North"] == [10, 8, 6, 7, 10] and rows["South"] == [10, 9, 6, 8, 10]
    assert rows["East"][2] == rows["West"][2] == 7


def test_double_dummy_as_json_and_without_four_hands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "boards", str(FIXTURES / "composer_crlf.pbn"), "--board", "7", "--double-dummy",
                       "--json")
    assert code == 0 and json.loads(out)["double_dummy"]["H"] == {"N": 8, "E": 4, "S": 9, "W": 4}
    partial = tmp_path / "partial.pbn"
    partial.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                       '[Deal "N:AKQJT98765432... - - -"]\n', encoding="utf-8")
    code, _, err = run(capsys, "boards", str(partial), "--board", "1", "--double-dummy")
    assert code == 2 and "lacks a hand: the solver needs all four" in err


def test_every_record_of_a_board_number_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """A file of results holds a board once for each table: --board N shows them all, not only the first."""
    code, out, _ = run(capsys, "boards", str(FIXTURES / "quirks.pbn"), "--board", "2")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("Record")] == [
        "Record 1 of 3, line 22 of quirks.pbn", "Record 2 of 3, line 31 of quirks.pbn",
        "Record 3 of 3, line 36 of quirks.pbn"]
    assert [line for line in out.splitlines() if line.startswith(("Contract", "Passed"))] == [
        "Contract 5♦X by East, 9 tricks", "Contract 4♥ by West, 10 tricks", "Passed out"]
    code, out, _ = run(capsys, "boards", str(FIXTURES / "quirks.pbn"), "--board", "2", "--json")
    data = json.loads(out)
    assert data["board"] == 2 and [(r["line"], r["contract"]) for r in data["records"]] == [
        (22, "5DX"), (31, "4H"), (36, "Pass")]
