"""``director-trainer quick-reference``: the card as text and JSON, as a PDF of at most two pages
written in a separate process with no display, and a broken card as a one-line error with exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.content.library import CONTENT_ENV
from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
CARD = ROOT / "content" / "quick_reference.yaml"


def test_the_card_prints_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "quick-reference")
    assert code == 0
    assert out.startswith("Director's quick reference")
    assert "Insufficient bid (Law 27)" in out and "Calls out of rotation (Laws 28–32)" in out
    assert "[64A1]" in out and "[27B1(a)]" in out


def test_the_card_as_json_marks_the_engine_held_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "quick-reference", "--json")
    data = json.loads(out)
    lines = [line for topic in data["topics"] for line in topic["lines"]]
    assert code == 0 and len(data["topics"]) == 10
    assert sum(line["engine_checked"] for line in lines) >= 8
    assert next(line for line in lines if line["laws"] == ["64A1"])["engine_checked"] is True


def test_pdf_from_the_command_line_without_a_display(tmp_path: Path) -> None:
    target = tmp_path / "card.pdf"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, "-m", "app", "quick-reference", "--pdf", str(target)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wrote {target}"
    reader = PdfReader(str(target))
    assert 1 <= len(reader.pages) <= 2 and "Revokes" in "".join(p.extract_text() for p in reader.pages)


def test_a_broken_card_is_one_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "laws", content / "laws")
    shutil.copy(ROOT / "content" / "topics.yaml", content / "topics.yaml")
    (content / "cases").mkdir()
    (content / "quick_reference.yaml").write_text(CARD.read_text(encoding="utf-8").replace('"27A1"', '"27B9"'),
                                                  encoding="utf-8")
    monkeypatch.setenv(CONTENT_ENV, str(content))
    code, out, err = run(capsys, "quick-reference")
    assert code == 2 and out == ""
    assert f"{content / 'quick_reference.yaml'}:" in err and "27B9 does not match any section" in err


def test_check_reports_a_card_line_the_engine_contradicts(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "laws", content / "laws")
    shutil.copytree(ROOT / "content" / "glossary", content / "glossary")
    shutil.copy(ROOT / "content" / "topics.yaml", content / "topics.yaml")
    (content / "cases").mkdir()
    text = CARD.read_text(encoding="utf-8")
    right = "expect: {rectification: \"30A\", offender_must_pass: once, partner_must_pass: \"no\"}"
    wrong = right.replace('partner_must_pass: "no"', "partner_must_pass: throughout")
    (content / "quick_reference.yaml").write_text(text.replace(right, wrong), encoding="utf-8")
    monkeypatch.setenv(CONTENT_ENV, str(content))
    code, out, _ = run(capsys, "check")
    line = text[:text.index(right)].count("\n") + 1
    assert code == 1
    assert (f"{content / 'quick_reference.yaml'}:{line}: expect.partner_must_pass is throughout but the engine "
            "finds no") in out
