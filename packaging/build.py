"""Build a one-folder bundle of Director Trainer for this platform, then smoke-test it.

    python packaging/build.py [--skip-build]

The bundle lands in packaging/dist/director-trainer/ (the executable is
``director-trainer`` inside it). The smoke test runs the bundled command three
ways: a score (Law 77), a law section from the bundled content, and the GUI
started offscreen with ``gui --smoke-test``, which shows the window and quits.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"
BUNDLE = DIST / "director-trainer"
EXECUTABLE = BUNDLE / ("director-trainer.exe" if sys.platform == "win32" else "director-trainer")

SMOKE_TESTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("score", "3NT", "N", "10", "--vul", "NS"), "630"),
    (("law", "27b1a", "--brief"), "Law 27B1(a)"),
    (("gui", "--smoke-test"), "window shown: Director Trainer"),
)


def build() -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    if importlib.util.find_spec("PyInstaller") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-e", f"{ROOT}[package]"], check=True)
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(DIST),
         "--workpath", str(HERE / "build"), str(HERE / "director-trainer.spec")],
        check=True, cwd=ROOT,
    )
    return time.monotonic() - started


def smoke_test() -> list[str]:
    """Run the bundled command; returns the failures (empty when all is well)."""
    failures = []
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
        env.pop("DIRECTOR_TRAINER_CONTENT", None)  # the bundle must find its own content
        for arguments, expected in SMOKE_TESTS:
            result = subprocess.run([str(EXECUTABLE), *arguments], capture_output=True, text=True, env=env,
                                    timeout=120, cwd=home)
            shown = f"director-trainer {' '.join(arguments)}"
            if result.returncode != 0 or expected not in result.stdout:
                failures.append(f"{shown}: exit {result.returncode}, expected {expected!r}\n"
                                f"{result.stdout[-800:]}{result.stderr[-1500:]}")
            else:
                print(f"ok  {shown}")
    return failures


def size_of(folder: Path) -> int:
    """Bytes on disk: the bundle links some Qt libraries by symlink, so links are not counted twice."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-build", action="store_true", help="only smoke-test an existing bundle")
    args = parser.parse_args()
    if not args.skip_build:
        seconds = build()
        print(f"built {BUNDLE} in {seconds:.0f} s, {size_of(BUNDLE) / 2**20:.0f} MiB")
    if not EXECUTABLE.exists():
        print(f"build.py: no bundle at {EXECUTABLE}; run without --skip-build first", file=sys.stderr)
        return 1
    failures = smoke_test()
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    print("smoke test passed" if not failures else f"smoke test: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
