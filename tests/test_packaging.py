"""Packaging files are well formed, and the GUI starts and stops by itself for the bundle's smoke test."""

import configparser
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import app
from app import cli
from app.content.library import default_content_root

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"


def test_desktop_entry_has_the_keys_a_desktop_needs() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "resources" / "director-trainer.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Exec"] == "director-trainer"
    assert section["Icon"] == "director-trainer"
    assert section["Terminal"] == "false"
    assert section["Name"] == "Director Trainer"
    assert section["Categories"].endswith(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_desktop_entry_passes_desktop_file_validate() -> None:
    result = subprocess.run(
        ["desktop-file-validate", str(ROOT / "resources" / "director-trainer.desktop")],
        capture_output=True, text=True, check=False,
    )
    # It prints errors, warnings and hints alike; any of them is worth fixing.
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_icon_svg_parses_and_pngs_exist_at_their_sizes() -> None:
    root = ElementTree.parse(ICONS / "director-trainer.svg").getroot()
    assert root.tag.endswith("svg")
    for size in (16, 32, 48, 128, 256):
        data = (ICONS / f"director-trainer-{size}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (size, size)


def test_spec_bundles_content_resources_and_migrations() -> None:
    spec = (ROOT / "packaging" / "director-trainer.spec").read_text()
    assert '"content"' in spec and '"resources/icons"' in spec
    assert "store/migrations" in spec
    assert "launcher.py" in spec and (ROOT / "packaging" / "launcher.py").exists()
    # endplay loads its solver with ctypes, which PyInstaller's import analysis cannot see.
    assert 'collect_dynamic_libs("endplay")' in spec


def test_gui_smoke_test_shows_the_window_and_quits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["--db", str(tmp_path / "progress.sqlite3"), "gui", "--smoke-test"])
    out = capsys.readouterr().out
    assert code == 0
    assert "window shown: Director Trainer" in out
    assert (tmp_path / "progress.sqlite3").exists()


def test_shipped_folders_are_found_inside_an_installed_package(tmp_path: Path) -> None:
    """A wheel or bundle: the build put the folders in ``app/_bundled``; a stray ``content/`` beside
    the package (as in a site-packages folder) is not the one used."""
    package = tmp_path / "site-packages" / "app"
    (package / "_bundled" / "content").mkdir(parents=True)
    (package.parent / "content").mkdir()
    assert app.shipped("content", package) == package / "_bundled" / "content"


def test_shipped_folders_are_found_beside_the_package_in_a_checkout(tmp_path: Path) -> None:
    package = tmp_path / "checkout" / "app"
    package.mkdir(parents=True)
    assert app.shipped("resources", package) == tmp_path / "checkout" / "resources"


def test_a_checkout_reads_its_own_content_and_resources(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from this checkout (directly or installed in editable mode), the content is the one authors edit."""
    monkeypatch.delenv("DIRECTOR_TRAINER_CONTENT", raising=False)
    assert default_content_root() == ROOT / "content"
    assert (app.shipped("resources") / "icons" / "director-trainer.svg").is_file()
