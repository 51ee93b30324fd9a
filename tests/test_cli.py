from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app import cli
from app.commands import gui
from tests.cli_run import run


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["score", "4SX", "S", "8", "--vul", "Both"], "-500"),
        (["score", "3NT", "N", "10", "--vul", "NS"], "630"),
        (["score", "4S", "E", "10", "--vul", "EW"], "-620"),
        (["score", "4H", "N", "10", "--scheme", "ibl"], "130"),
        (["imps", "430"], "10"),
        (["imps", "-620"], "-12"),
        (["board", "5"], "Board 5: dealer North, North-South vulnerable"),
        (["board", "17"], "Board 17: dealer North, neither side vulnerable"),
    ],
)
def test_answers(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out.strip(), err) == (0, expected, "")


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "4SX", "S", "8", "--vul", "Both", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["ns_score"] == -500 and data["contract"] == "4SX" and data["breakdown"]["undertricks"] == 2


def test_board_and_imps_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(run(capsys, "board", "16", "--json")[1]) == {"board": 16, "dealer": "W", "vulnerability": "EW"}
    assert json.loads(run(capsys, "imps", "-620", "--json")[1]) == {"difference": -620, "imps": -12}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "4ZX", "S", "8"], "director-trainer score: error: cannot read contract '4ZX'"),
        (["score", "4S", "Q", "8"], "unknown seat 'Q'"),
        (["score", "4S", "S", "14"], "tricks won must be 0 to 13"),
        (["score", "4S", "S", "9", "--vul", "Everyone"], "unknown vulnerability 'Everyone'"),
        (["score", "4S", "S", "x"], "invalid int value"),
        (["score", "4S", "S", "9", "--scheme", "acbl"], "invalid choice"),
        (["score", "4S"], "required"),
        (["imps", "lots"], "invalid int value"),
        (["board", "0"], "numbered from 1"),
        (["matchpoints", "/nonexistent/traveller.csv"], "cannot read traveller"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["gui", "score", "imps", "board", "matchpoints"])
def test_every_subcommand_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and f"usage: director-trainer {command}" in out


def test_matchpoints_help_documents_the_format(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "matchpoints", "--help")[1]
    assert "A60/A40" in out and "70%:420;30%:-50" in out


TRAVELLER = "ns,ew,score\n1,11,420\n2,12,420\n3,13,450\n4,14,-50\n"


def test_matchpoints_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.csv"
    path.write_text(TRAVELLER, encoding="utf-8")
    code, out, _ = run(capsys, "matchpoints", str(path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["NS", "EW", "Score", "NS", "MP", "EW", "MP", "NS", "%", "EW", "%"]
    assert lines[3].split()[:5] == ["3", "13", "450", "6.00", "0.00"]
    assert lines[-1] == "Top: 6"
    data = json.loads(run(capsys, "matchpoints", str(path), "--json", "--half")[1])
    assert data["top"] == 3
    assert [row["ns_matchpoints"] for row in data["rows"]] == [1.5, 1.5, 3.0, 0.0]


def test_matchpoints_session_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.csv"
    path.write_text(TRAVELLER + "5,15,A60/A40\n", encoding="utf-8")
    data = json.loads(run(capsys, "matchpoints", str(path), "--json", "--session", "5=64.5")[1])
    assert data["rows"][4]["ns_percent"] == 64.5 and data["rows"][4]["ew_percent"] == 40
    code, _, err = run(capsys, "matchpoints", str(path), "--session", "5:64")
    assert code == 2 and "PAIR=PERCENT" in err


def test_bad_traveller_line_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.csv"
    path.write_text("1,11,420\n2,12,70%:420;20%:-50\n", encoding="utf-8")
    code, _, err = run(capsys, "matchpoints", str(path))
    assert code == 2 and f"{path}, line 2: the weights in 70%:420;20%:-50 add up to 90 %" in err


def test_no_command_starts_the_gui(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []

    def fake_run(args: argparse.Namespace) -> int:
        started.append(args.command)
        return 0

    monkeypatch.setattr(gui, "run", fake_run)
    assert cli.main([]) == 0 and cli.main(["gui"]) == 0
    assert started == ["gui", "gui"]


def test_gui_without_a_display_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    code, _, err = run(capsys, "gui")
    assert code == 1 and "no display found" in err and "QT_QPA_PLATFORM=offscreen" in err


def test_main_window_is_created(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # What `director-trainer gui --db FILE` puts on screen: the shipped library, the trainee's profile
    # and where the progress is kept.
    database = tmp_path / "progress.sqlite3"
    from app.ui.window.main_window import MainWindow

    window = gui.create_main_window(str(database))
    assert isinstance(window, MainWindow)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "progress kept in" in window.statusBar().currentMessage(), timeout=10_000)
    cases = len(list((Path(__file__).resolve().parents[1] / "content" / "cases").rglob("*.yaml")))
    status = window.statusBar().currentMessage()
    sections = re.fullmatch(rf"(\d+) law sections, {cases} cases; progress kept in {re.escape(str(database))}", status)
    assert sections is not None, status
    assert int(sections.group(1)) > 93  # every law, with its sections
    profile = window.profile.name
    assert profile
    assert window.windowTitle() == f"Director Trainer — {profile}"
    assert window.home.greeting.text() == f"Welcome, {profile}"
    assert window.case_list.count.text() == f"{cases} of {cases} cases"
    assert database.exists()


def test_python_dash_m_app_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "score", "4SX", "S", "8", "--vul", "Both"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout.strip()) == (0, "-500")


def test_gui_smoke_test_survives_a_database_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = subprocess.run(
        [sys.executable, "-m", "app", "--db", str(blocker / "sub" / "progress.sqlite3"), "gui", "--smoke-test"],
        capture_output=True, text=True, check=False, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert f"progress: not kept — cannot create the folder {blocker / 'sub'}" in result.stdout


def test_gui_smoke_test_ends_with_an_in_memory_database() -> None:
    """``--db sqlite://`` keeps progress in memory: the store opened off the GUI thread is the one the window
    uses, so no "no such table" message waits for an answer and the smoke test ends."""
    result = subprocess.run(
        [sys.executable, "-m", "app", "--db", "sqlite://", "gui", "--smoke-test"],
        capture_output=True, text=True, check=False, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "progress: memory (not saved)" in result.stdout
