"""The smoke tests every built artefact passes, run as a user would run the installed command.

    python packaging/smoke.py PROGRAM [ARGUMENT...]

e.g. ``python packaging/smoke.py /usr/bin/director-trainer`` after installing the .deb. The
same list checks the wheel in a fresh environment (``wheel_check.py``), the bundle
(``build.py``) and the Debian package (``deb.py check``): the version, the content checked
against the rules engine and the solver, a law section, search, a board file with its
double-dummy table (endplay's compiled solver), a score, the window started offscreen
with a fresh progress database, and the PostgreSQL driver reaching for a classroom server.

Each run uses a throw-away home, data and cache folder, and a working folder outside the
checkout, so nothing the checkout holds can stand in for what the artefact must carry.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A board file the project's tests read too; board 7 has all four hands.
FIXTURE = ROOT / "tests" / "bridge" / "fixtures" / "composer_crlf.pbn"


def version() -> str:
    """The version in the checkout's ``app/__init__.py``, read without importing the package."""
    for line in (ROOT / "app" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit("smoke: app/__init__.py sets no __version__")


@dataclass(frozen=True)
class Smoke:
    """One command, the lines its output must contain and the exit code it must end with (a
    refusal prints its reason on stderr, so that is where its lines are looked for)."""

    arguments: tuple[str, ...]
    expected: tuple[str, ...]
    exit_code: int = 0


def smoke_tests(fixture: Path = FIXTURE) -> tuple[Smoke, ...]:
    return (
        Smoke(("--version",), (f"director-trainer {version()}",)),
        Smoke(("check", "--strict"), ("with the double-dummy solver: no problems",)),
        Smoke(("law", "27b1a"), ("Law 27B1(a) — Lowest sufficient bid",)),
        Smoke(("search", "revoke"), ("Law 63A — Revoke becomes established",)),
        Smoke(("score", "3NT", "N", "10", "--vul", "NS"), ("630",)),
        # The solver's table for board 7: North makes ten tricks in spades and in notrumps.
        Smoke(("boards", str(fixture), "--board", "7", "--double-dummy"),
              ("Double dummy: tricks for each declarer", "North   10   8   6   7  10")),
        Smoke(("gui", "--smoke-test"), ("window shown: Director Trainer", "progress: ")),
        # The PostgreSQL driver is inside: a classroom server that is not there is reported by
        # the driver itself (a missing driver would say how to install it instead).
        Smoke(("--db", "postgresql://nobody@127.0.0.1:9/none", "classroom", "list"),
              ("connection failed",), exit_code=2),
    )


def isolated_environment(home: Path) -> dict[str, str]:
    """The environment a first-time user has: no content override, user folders all in ``home``."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(home), "USERPROFILE": str(home),
           "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_CACHE_HOME": str(home / "cache"), "APPDATA": str(home / "appdata"),
           "LOCALAPPDATA": str(home / "localappdata"),
           # Output goes to a pipe: on Windows that would otherwise be the ANSI code page, which has no ♠.
           "PYTHONIOENCODING": "utf-8",
           # Platforms whose user folders ignore the variables above still keep progress here.
           "DIRECTOR_TRAINER_DB": str(home / "progress.sqlite3")}
    env.pop("DIRECTOR_TRAINER_CONTENT", None)  # the artefact must find its own content
    env.pop("PYTHONPATH", None)
    return env


def run_smoke_tests(program: Sequence[str], tests: Sequence[Smoke] | None = None) -> list[str]:
    """Run each test with ``program`` (the command and any leading arguments); print a line per
    test passed and return a description of each failure (empty when all passed)."""
    failures = []
    with tempfile.TemporaryDirectory(prefix="director-trainer-smoke-") as folder:
        home = Path(folder)
        env = isolated_environment(home)
        for test in tests or smoke_tests():
            shown = " ".join([Path(program[0]).name, *program[1:], *test.arguments])
            try:
                result = subprocess.run([*program, *test.arguments], capture_output=True, text=True,
                                        encoding="utf-8", env=env, cwd=home, timeout=300)
            except (OSError, subprocess.TimeoutExpired) as error:
                failures.append(f"{shown}: {error}")
                continue
            output = result.stdout if test.exit_code == 0 else result.stderr
            missing = [line for line in test.expected if line not in output]
            if result.returncode != test.exit_code or missing:
                failures.append(f"{shown}: exit {result.returncode}, missing {missing}\n"
                                f"{result.stdout[-800:]}{result.stderr[-1500:]}")
            else:
                print(f"ok  {shown}", flush=True)
    return failures


def report(failures: list[str]) -> int:
    """Print the failures and a closing line; the exit code for the caller."""
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    print("smoke test passed" if not failures else f"smoke test: {len(failures)} failure(s)", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    sys.exit(report(run_smoke_tests(sys.argv[1:])))
