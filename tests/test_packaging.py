"""Packaging files are well formed, and the GUI starts and stops by itself for the bundle's smoke test."""

import configparser
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import app
from app import cli
from app.content.library import default_content_root

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import platforms  # noqa: E402  (packaging/ holds scripts, not a package)
import trim  # noqa: E402

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


def test_spec_bundles_content_resources_and_migrations_where_the_lookup_finds_them() -> None:
    spec = (ROOT / "packaging" / "director-trainer.spec").read_text()
    assert f'BUNDLED = "app/{app.BUNDLED}"' in spec
    assert '"content"), f"{BUNDLED}/content"' in spec and 'f"{BUNDLED}/resources/icons"' in spec
    assert "store/migrations" in spec
    assert "launcher.py" in spec and (ROOT / "packaging" / "launcher.py").exists()
    # endplay loads its solver with ctypes, which PyInstaller's import analysis cannot see.
    assert 'collect_dynamic_libs("endplay")' in spec
    assert "endplay_without_dealer.py" in spec and '"numpy", "matplotlib", "PIL"' in spec


@pytest.mark.parametrize(("platform", "program", "icon", "venv_bin"), [
    ("linux", "director-trainer", "director-trainer-256.png", "bin/director-trainer"),
    ("win32", "director-trainer.exe", "director-trainer.ico", "Scripts/director-trainer.exe"),
    ("darwin", "director-trainer", "director-trainer.icns", "bin/director-trainer"),
])
def test_names_for_each_platform(platform: str, program: str, icon: str, venv_bin: str) -> None:
    assert platforms.executable(platform=platform) == program
    assert platforms.icon(platform).name == icon and platforms.icon(platform).exists()
    assert platforms.venv_program(Path("venv"), platform=platform) == Path("venv") / venv_bin


def test_trim_drops_what_the_application_never_loads_and_what_only_that_links() -> None:
    links = {
        "/q/libqgtk3.so": ["libcairo.so.2", "libQt6Gui.so.6"],
        "/q/libqxcb.so": ["libQt6Gui.so.6", "libX11.so.6"],
        "/s/libcairo.so.2": ["libpixman-1.so.0", "libX11.so.6"],
        "/q/libQt6Gui.so.6": ["libQt6Core.so.6"],
        "/q/libQt6Network.so.6": ["libQt6Core.so.6"],
        "/q/libqvnc.so": ["libQt6Network.so.6"],
        "/q/libcupsprintersupport.so": ["libcups.so.2", "libQt6Gui.so.6"],
        "/s/libcups.so.2": ["libgnutls.so.30"],
    }
    binaries = [
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/q/libqgtk3.so", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", "/q/libqvnc.so", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/q/libqxcb.so", "BINARY"),
        ("libcairo.so.2", "/s/libcairo.so.2", "BINARY"),
        ("libpixman-1.so.0", "/s/libpixman-1.so.0", "BINARY"),
        ("libX11.so.6", "/s/libX11.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/q/libQt6Gui.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/q/libQt6Core.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", "/q/libQt6Network.so.6", "BINARY"),
        ("libpython3.11.so.1.0", "/s/libpython3.11.so.1.0", "BINARY"),
        ("yaml/_yaml.so", "/p/_yaml.so", "EXTENSION"),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", "/q/libqjpeg.so", "BINARY"),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", "/q/libqsvg.so", "BINARY"),
        ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "/q/libcupsprintersupport.so", "BINARY"),
        ("libcups.so.2", "/s/libcups.so.2", "BINARY"),
        ("libgnutls.so.30", "/s/libgnutls.so.30", "BINARY"),
        ("rapidfuzz/fuzz_cpp.cpython-311-x86_64-linux-gnu.so", "/p/fuzz_cpp.so", "EXTENSION"),
        ("rapidfuzz/fuzz_cpp_avx2.cpython-311-x86_64-linux-gnu.so", "/p/fuzz_cpp_avx2.so", "EXTENSION"),
        ("python3.11/lib-dynload/_codecs_jp.cpython-311-x86_64-linux-gnu.so", "/p/_codecs_jp.so", "EXTENSION"),
    ]
    kept = trim.trim(binaries, lambda source: links.get(source, []))
    assert sorted(place for place, _source, _kind in kept) == [
        "PySide6/Qt/lib/libQt6Core.so.6", "PySide6/Qt/lib/libQt6Gui.so.6",
        "PySide6/Qt/plugins/imageformats/libqsvg.so", "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "libX11.so.6", "libpython3.11.so.1.0",
        "rapidfuzz/fuzz_cpp.cpython-311-x86_64-linux-gnu.so", "yaml/_yaml.so",
    ]
    links_in_data = [("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
                     ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"), ("x.txt", "/p/x.txt", "DATA")]
    assert trim.without_dangling_links(links_in_data, kept) == links_in_data[1:]


@pytest.mark.skipif(shutil.which("objdump") is None, reason="objdump (binutils) reads the links")
def test_direct_links_are_the_libraries_a_binary_names_itself() -> None:
    """The solver's library names the C++ runtime; the dynamic loader, which ldd would list
    beside it, comes in only through the C library and is not counted as the solver's."""
    import endplay._dds as dds_package  # noqa: PLC0415

    solver = next(Path(dds_package.__file__).parent.glob("libdds*.so*"))
    links = trim.direct_links(str(solver))
    assert any(name.startswith("libstdc++") for name in links)
    assert not any(name.startswith("ld-linux") for name in links)


def test_endplay_solves_without_its_deal_generator_or_numpy() -> None:
    """What the bundle's runtime hook does, done here in a fresh interpreter: endplay imports, and
    its solver gives a double-dummy table, with none of the plotting stack loaded."""
    program = (
        f"exec(open({str(ROOT / 'packaging' / 'hooks' / 'endplay_without_dealer.py')!r}).read())\n"
        "import sys\n"
        "from endplay.dds import calc_dd_table\n"
        "from endplay.types import Deal, Denom, Player\n"
        "table = calc_dd_table(Deal('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'))\n"
        "print(table[Denom.spades, Player.north], table[Denom.nt, Player.east])\n"
        "print(sorted(m for m in ('numpy', 'matplotlib', 'PIL', 'tqdm') if m in sys.modules))\n"
        "import endplay.dealer as dealer\n"
        "try:\n    dealer.generate_deal()\nexcept RuntimeError as error:\n    print(error)\n"
    )
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    lines = result.stdout.splitlines()
    # North holds every spade, East every heart: each takes all thirteen tricks in his own suit,
    # and East declaring notrumps takes none: South leads and runs thirteen diamonds.
    assert lines[0] == "13 0" and lines[1] == "[]"
    assert "not part of the Director Trainer bundle" in lines[2]


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
