"""What differs between Linux, Windows and macOS for the build scripts and the PyInstaller spec.

One place for the names, so that ``build.py``, the spec and the wheel check agree on each
system: the executable's suffix, the icon format PyInstaller wants, where a virtual
environment keeps its programs. Each takes the platform as an argument (``sys.platform`` by
default) so the tests can ask about systems this machine is not.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
NAME = "director-trainer"
# The macOS application folder and the Windows program a shortcut starts: a name a person reads.
DISPLAY_NAME = "Director Trainer"


def is_windows(platform: str = sys.platform) -> bool:
    return platform == "win32"


def is_macos(platform: str = sys.platform) -> bool:
    return platform == "darwin"


def executable(name: str = NAME, platform: str = sys.platform) -> str:
    """A program's file name: Windows wants ``.exe``, the others no suffix."""
    return f"{name}.exe" if is_windows(platform) else name


def icon(platform: str = sys.platform) -> Path:
    """The icon PyInstaller puts on the executable: ``.ico`` for Windows, ``.icns`` for macOS, and
    on Linux (where executables carry none) the PNG the window uses."""
    if is_windows(platform):
        return ICONS / f"{NAME}.ico"
    if is_macos(platform):
        return ICONS / f"{NAME}.icns"
    return ICONS / f"{NAME}-256.png"


def venv_program(venv: Path, name: str = NAME, platform: str = sys.platform) -> Path:
    """Where a virtual environment puts an installed command: ``Scripts\\`` on Windows, ``bin/`` elsewhere."""
    return venv / ("Scripts" if is_windows(platform) else "bin") / executable(name, platform)
