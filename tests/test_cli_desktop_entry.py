"""``director-trainer desktop-entry``: the application in a Linux desktop's menu after a pipx or bundle install."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app import cli

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries are for Linux")


def read_entry(path: Path) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(path, encoding="utf-8")
    return entry["Desktop Entry"]


def test_installs_the_entry_and_icons_with_the_programs_full_path_then_removes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data_home = tmp_path / "share"
    program = tmp_path / "pipx bin" / "director-trainer"
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    monkeypatch.setattr(sys, "argv", [str(program)])
    assert cli.main(["desktop-entry"]) == 0
    entry_path = data_home / "applications" / "director-trainer.desktop"
    entry = read_entry(entry_path)
    assert entry["Exec"] == f'"{program}"' and entry["TryExec"] == str(program)
    assert entry["Name"] == "Director Trainer" and entry["Icon"] == "director-trainer"
    for size in (16, 32, 48, 128, 256):
        assert (data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "director-trainer.png").stat().st_size
    assert (data_home / "icons" / "hicolor" / "scalable" / "apps" / "director-trainer.svg").exists()
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True, text=True)
        assert (result.returncode, result.stdout) == (0, "")
    assert "in the application menu" in capsys.readouterr().out

    assert cli.main(["desktop-entry", "--remove"]) == 0
    assert "removed 7 file(s)" in capsys.readouterr().out
    assert not entry_path.exists() and not any(p.is_file() for p in data_home.rglob("*director-trainer*"))
    assert cli.main(["desktop-entry", "--remove"]) == 0
    assert "no desktop entry" in capsys.readouterr().out
