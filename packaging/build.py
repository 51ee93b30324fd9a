"""Build a one-folder bundle of Director Trainer for this platform, then smoke-test it.

    python packaging/build.py [--skip-build]

The bundle lands in packaging/dist/director-trainer/ (the program is ``director-trainer``,
``director-trainer.exe`` on Windows, inside it; on macOS also ``Director Trainer.app``).
The smoke test is ``smoke.py``'s: the version, the content check, a law section, search,
a board's double-dummy table, a score, and the window started offscreen. The build fails
when the bundle is larger than the size the project holds it to.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

from platforms import NAME, executable
from smoke import report, run_smoke_tests

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"
BUNDLE = DIST / NAME
EXECUTABLE = BUNDLE / executable()
# What a club director downloads: Qt, Python, the content and the solver, and nothing else.
MAX_MIB = 150


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


def size_of(folder: Path) -> int:
    """Bytes on disk: the bundle links some Qt libraries by symlink, so links are not counted twice."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-build", action="store_true", help="only smoke-test an existing bundle")
    args = parser.parse_args()
    if not args.skip_build:
        seconds = build()
        print(f"built {BUNDLE} in {seconds:.0f} s")
    if not EXECUTABLE.exists():
        print(f"build.py: no bundle at {EXECUTABLE}; run without --skip-build first", file=sys.stderr)
        return 1
    mib = size_of(BUNDLE) / 2**20
    print(f"bundle size {mib:.0f} MiB (at most {MAX_MIB})")
    failures = run_smoke_tests([str(EXECUTABLE)])
    if mib > MAX_MIB:
        failures.append(f"the bundle is {mib:.0f} MiB, over {MAX_MIB} MiB: see what grew in {BUNDLE / '_internal'}")
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
