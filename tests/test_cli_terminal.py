"""The command line as a terminal user meets it: output piped into ``head``, a --limit that makes
no sense, search snippets as plain text, ``analyse`` on a folder, and the nearest section for a
reference that does not exist."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.commands.search import plain_snippet
from app.content.laws.search import HIGHLIGHT_END, HIGHLIGHT_START, Hit
from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "content" / "cases"


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    # The pipe's reading end is closed before the command prints anything, as when `head` has
    # already taken its line: every write then fails with EPIPE.
    process = subprocess.Popen([sys.executable, "-m", "app", "law", "16C"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert errors == ""


@pytest.mark.parametrize("limit", ["0", "-1", "many"])
def test_search_limit_must_be_at_least_one(capsys: pytest.CaptureFixture[str], limit: str) -> None:
    code, out, err = run(capsys, "search", "penalty card", "--limit", limit)
    assert code == 2 and out == ""
    assert "argument --limit" in err and ("at least 1" in err or "whole number" in err)


def test_search_snippets_are_plain_text_without_word_forms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "alert", "--limit", "8")
    assert code == 0
    lines = out.splitlines()
    snippets = [line.strip() for line in lines if line.startswith("    ")]
    assert len(snippets) == 8
    assert not any("*" in snippet for snippet in snippets)
    titles = [line for line in lines if not line.startswith("    ")]
    definition = snippets[titles.index(next(t for t in titles if t.endswith("definition: Alert")))]
    # The glossary entry is indexed under its word forms ("alerts alerted alerting ..."); they are not text.
    assert "alerted alerting" not in definition.lower() and "required" in definition


def test_a_long_snippet_is_cut_at_a_word() -> None:
    words = " ".join(f"word{n}" for n in range(60))
    hit = Hit("law", "1", "Law 1", f"Bold {HIGHLIGHT_START}match{HIGHLIGHT_END} Law 2 x {words}", 1.0)
    text = plain_snippet(hit, width=80)
    full = f"Bold match Law 2 x {words}"
    assert len(text) <= 80 and text.endswith(" …")
    kept = text.removesuffix(" …")
    assert full.startswith(kept) and full[len(kept)] == " "  # nothing cut inside a word


def test_analyse_a_folder_analyses_each_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chosen = sorted(CASES.glob("*.yaml"))[:2]
    for case in chosen:
        shutil.copy(case, tmp_path / case.name)
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "broken.yaml").write_text("title: [\n", encoding="utf-8")
    code, out, err = run(capsys, "analyse", str(tmp_path), "--json")
    assert code == 2  # one file could not be read
    assert [item["file"] for item in json.loads(out)] == [str(tmp_path / case.name) for case in chosen]
    assert f"{tmp_path / 'more' / 'broken.yaml'} cannot be read" in err and "1 of 3 case files" in err
    code, out, _ = run(capsys, "analyse", str(tmp_path))
    assert out.count("-" * 78) == 1  # two analyses, one rule between them


def test_analyse_an_empty_folder_says_it_wants_a_case_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyse", str(tmp_path))
    assert code == 2 and "no case files" in err and "give a case file" in err


@pytest.mark.parametrize(("ref", "message"), [
    ("27E", "the library has no section Law 27E; the nearest section is Law 27"),
    ("27Z", "the library has no section 27Z; the nearest section is Law 27"),
    ("0", "there is no Law 0: the laws run from 1 to 93; the nearest section is Law 1"),
    ("99", "there is no Law 99: the laws run from 1 to 93; the nearest section is Law 93"),
])
def test_law_names_the_nearest_section(capsys: pytest.CaptureFixture[str], ref: str, message: str) -> None:
    code, _, err = run(capsys, "law", ref)
    assert code == 2 and message in err
