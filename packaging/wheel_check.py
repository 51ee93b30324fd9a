"""Build the wheel and sdist, install the wheel as a user would, and smoke-test the installed command.

    python packaging/wheel_check.py [--wheel FILE]

``python -m build`` writes the sdist and, from it, the wheel to ``packaging/dist/``, so a file
missing from the sdist is missing from the wheel too. The wheel is then installed into a fresh
virtual environment in a temporary folder outside the checkout, with no ``content/`` anywhere
near it, and ``smoke.py``'s tests run through that environment's ``director-trainer``.
``--wheel`` skips the build and checks a wheel built before.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

from platforms import venv_program
from smoke import report, run_smoke_tests, version

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"


def build_wheel() -> Path:
    """Build the sdist and the wheel from it; returns the wheel."""
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(DIST), str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL)
    wheel = DIST / f"director_trainer-{version()}-py3-none-any.whl"
    if not wheel.exists():
        raise SystemExit(f"wheel_check: python -m build wrote no {wheel.name} in {DIST}")
    return wheel


def install(wheel: Path, folder: Path) -> Path:
    """A fresh virtual environment in ``folder`` with the wheel installed, with the classroom's
    PostgreSQL driver as the README has a class's users add it (its ``classroom`` extra); returns
    its command."""
    venv.create(folder / "venv", with_pip=True)
    subprocess.run([str(venv_program(folder / "venv", "python")), "-m", "pip", "install", "--quiet",
                    f"{wheel}[classroom]"], check=True)
    return venv_program(folder / "venv")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheel", type=Path, help="check this wheel instead of building one")
    args = parser.parse_args()
    started = time.monotonic()
    wheel = args.wheel.resolve() if args.wheel else build_wheel()
    print(f"wheel {wheel.name}: {wheel.stat().st_size / 2**20:.1f} MiB, built in {time.monotonic() - started:.0f} s",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="director-trainer-wheel-") as folder:
        started = time.monotonic()
        program = install(wheel, Path(folder))
        print(f"installed into a fresh environment in {time.monotonic() - started:.0f} s", flush=True)
        return report(run_smoke_tests([str(program)]))


if __name__ == "__main__":
    sys.exit(main())
