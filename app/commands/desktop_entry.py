"""``director-trainer desktop-entry [--remove]``: put Director Trainer in a Linux desktop's
application menu, or take it out again.

Why a command: ``pipx install`` (or ``uv tool install``) and the unpacked bundle put a program
on disk but tell the desktop nothing; the Debian package installs its own entry system-wide.
This writes the shipped desktop entry and icons into the user's data folder
(``~/.local/share/applications`` and ``~/.local/share/icons``), with the program's full path
in it, so the menu finds the program even when ``~/.local/bin`` is not on the desktop's PATH.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from app import shipped
from app.commands import CommandError

NAME = "director-trainer"
ICON_SIZES = (16, 32, 48, 128, 256)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "desktop-entry", help="add the application to the desktop's menu (Linux)",
        description="Add Director Trainer to your Linux desktop's application menu (for a pipx or bundle "
        "install; the Debian package does it itself). The entry starts this very program.",
    )
    parser.add_argument("--remove", action="store_true", help="take the entry and its icons out of the menu again")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not sys.platform.startswith("linux"):
        raise CommandError("the desktop entry is for Linux desktops; on Windows and macOS start the bundle's "
                           "Director Trainer program (see the README's Install section)", exit_code=2)
    import platformdirs

    data_home = platformdirs.user_data_path()  # ~/.local/share, or $XDG_DATA_HOME
    if args.remove:
        removed = remove(data_home)
        print(f"removed {len(removed)} file(s): the menu no longer lists Director Trainer" if removed
              else "no desktop entry of Director Trainer was installed")
    else:
        entry = install(data_home, this_program())
        print(f"wrote {entry}; Director Trainer is in the application menu (under Education)")
    _refresh_menu(data_home / "applications")
    return 0


def this_program() -> Path:
    """The running ``director-trainer``: the bundle's executable, or the installed script (not
    resolved through links: pipx's link in ~/.local/bin survives an upgrade)."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable)
    started = Path(sys.argv[0])
    if started.name == NAME:
        return started.absolute()
    found = shutil.which(NAME)  # started as ``python -m app``: the command on the PATH
    if found is None:
        raise CommandError(f"cannot tell where the {NAME} command is; run this as `{NAME} desktop-entry`",
                           exit_code=2)
    return Path(found)


def entry_text(program: Path) -> str:
    """The shipped desktop entry, starting ``program`` by its full path (quoted if it has spaces)."""
    command = f'"{program}"' if " " in str(program) else str(program)
    lines = []
    for line in (shipped("resources") / f"{NAME}.desktop").read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            lines += [f"TryExec={program}", f"Exec={command}"]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def installed_files(data_home: Path) -> list[Path]:
    icons = data_home / "icons" / "hicolor"
    return [data_home / "applications" / f"{NAME}.desktop",
            *(icons / f"{size}x{size}" / "apps" / f"{NAME}.png" for size in ICON_SIZES),
            icons / "scalable" / "apps" / f"{NAME}.svg"]


def install(data_home: Path, program: Path) -> Path:
    """Write the entry and the icons under ``data_home``; returns the entry's path."""
    entry, *icons = installed_files(data_home)
    sources = [shipped("resources") / "icons" / f"{NAME}-{size}.png" for size in ICON_SIZES]
    sources.append(shipped("resources") / "icons" / f"{NAME}.svg")
    for source, target in zip(sources, icons, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(program), encoding="utf-8")
    return entry


def remove(data_home: Path) -> list[Path]:
    """Delete what ``install`` wrote; returns the files that were there."""
    removed = [path for path in installed_files(data_home) if path.exists()]
    for path in removed:
        path.unlink()
    return removed


def _refresh_menu(applications: Path) -> None:
    """Most desktops notice a new entry by themselves; where the tool is there, tell them at once."""
    if shutil.which("update-desktop-database") and applications.is_dir():
        subprocess.run(["update-desktop-database", str(applications)], check=False, capture_output=True)
