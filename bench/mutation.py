"""Mutation testing of the packages whose answers must be right: print the mutation score of each.

    python bench/mutation.py [PACKAGE ...] [--workdir DIR] [--sample DIGITS] [--ref COMMIT]
                             [--survivors] [--fresh] [--report] [--max-children N]

PACKAGE is one of the keys of ``PACKAGES`` (``rules``, ``scoring``, ``marking``,
``refs``); with none, all four run in that order. Needs the ``mutation`` extra
(``pip install -e '.[mutation]'``). It is slow (an hour or more for the rules
engine on one core), so it is a measurement kept beside the benchmarks, not a
test and not part of CI.

Why mutmut: version 3 copies the source into its own ``mutants/`` folder and
switches mutants on at run time, so the checkout is never rewritten while
others work in it, and it runs for each mutant only the tests that reached the
mutated function, which is what makes one core enough. To keep each package to
its own tests, every package gets a folder of its own under ``--workdir``
(default ``/tmp/director-trainer-mutation``) holding a copy of ``app``,
``tests`` and ``content`` and a ``pyproject.toml`` that names the files to
mutate and the test folders to run. A second run in the same folder reuses
mutmut's results; ``--survivors`` tests again only the mutants that survived, or that no test
reached, last time (after tests were added, nothing already killed can come back), and
``--fresh`` throws the folder away first. ``--sample 05`` tests only the
mutants whose number ends in 0 or 5 (a fifth of them, the same fifth on every
run), for a figure within the time there is; ``--ref COMMIT`` measures the
code and tests of an earlier commit, for a before-and-after comparison.

The rules engine's tests that check all of ``content/`` or the whole folder of
engine cases in one go are left out of its runs: they take seconds each, and
the engine cases they run are run one by one by the other tests anyway.

The score printed is (killed + timed out) ÷ (killed + timed out + survived + no
tests + suspicious): a mutant that makes the tests hang is caught too. Mutants
mutmut skipped, and those not tested yet (an interrupted run), are counted apart.
mutmut switches a mutant on when its function is called, so a mutant in a
function that only runs while a module is imported (building a constant table)
survives unless a test calls that function itself.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = Path(sys.executable).with_name("mutmut")


@dataclass(frozen=True)
class Package:
    mutate: tuple[str, ...]  # globs of the files to mutate, relative to the checkout
    tests: tuple[str, ...]  # the test files or folders that guard them
    slow: tuple[str, ...] = ()  # tests left out of mutation runs (see the module's docstring)


WHOLE_FOLDER_CHECKS = tuple(f"tests/rules/test_engine_cases.py::{name}" for name in (
    "test_check_passes_every_engine_case", "test_check_without_paths_covers_all_of_content",
    "test_the_content_guard_fails_on_a_wrong_expect_value", "test_the_content_guard_fails_if_law_93_stops_parsing"))
PACKAGES = {
    "rules": Package(("app/rules/*",), ("tests/rules",), WHOLE_FOLDER_CHECKS),
    "scoring": Package(("app/bridge/scoring/*",), ("tests/bridge",)),
    "marking": Package(("app/training/marking.py",),
                       ("tests/training/test_marking.py", "tests/training/test_marks_in_full.py")),
    "refs": Package(("app/content/laws/refs.py",), ("tests/content/test_refs.py",)),
}
COPIED = ("app", "tests", "content")


def prepare(folder: Path, package: Package, fresh: bool, ref: str | None) -> None:
    """A copy of the checkout (or of commit ``ref``) that mutmut may fill with its ``mutants/`` folder."""
    if fresh and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        target = folder / name
        if target.exists():
            shutil.rmtree(target)
        if ref is None:
            shutil.copytree(ROOT / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if ref is not None:
        archive = subprocess.run(["git", "archive", ref, *COPIED], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    config = {
        "source_paths": ["app"],
        "only_mutate": list(package.mutate),
        "also_copy": ["content"],
        "pytest_add_cli_args_test_selection": list(package.tests),
        "pytest_add_cli_args": ["-p", "no:cacheprovider", *(f"--deselect={test}" for test in package.slow)],
    }
    lines = ["[tool.mutmut]"] + [f"{key} = {json.dumps(value)}" for key, value in config.items()]
    lines += ["", "[tool.pytest.ini_options]", 'markers = ["postgres: needs a PostgreSQL server"]', ""]
    (folder / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")


def survivors(folder: Path) -> list[str]:
    """Names of the mutants that the last run in ``folder`` did not catch (survived, or no test reached)."""
    out = subprocess.run([str(MUTMUT), "results"], cwd=folder, capture_output=True, text=True, check=False).stdout
    return [line.split(":")[0].strip() for line in out.splitlines()
            if line.strip().endswith((": survived", ": no tests"))]


def run_mutmut(folder: Path, names: list[str], max_children: int) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    command = ["nice", "-n", "15", str(MUTMUT), "run", "--max-children", str(max_children), *names]
    subprocess.run(command, cwd=folder, env=env, check=False, stdout=subprocess.DEVNULL)


def score(folder: Path) -> dict[str, int]:
    subprocess.run([str(MUTMUT), "export-cicd-stats"], cwd=folder, check=False, stdout=subprocess.DEVNULL)
    stats_file = folder / "mutants" / "mutmut-cicd-stats.json"
    if not stats_file.exists():
        return {}
    stats: dict[str, int] = json.loads(stats_file.read_text(encoding="utf-8"))
    return stats


def line(name: str, stats: dict[str, int]) -> str:
    if not stats:
        return f"{name:<8} no results"
    tested = stats["killed"] + stats["survived"] + stats["timeout"] + stats["no_tests"] + stats["suspicious"]
    caught = stats["killed"] + stats["timeout"]
    percent = 100 * caught / tested if tested else 0.0
    unchecked = stats["total"] - tested - stats["skipped"]
    return (f"{name:<8} {percent:5.1f} %  killed {stats['killed']}, timed out {stats['timeout']}, "
            f"survived {stats['survived']}, no tests {stats['no_tests']}, suspicious {stats['suspicious']}, "
            f"skipped {stats['skipped']}, not yet tested {unchecked} (of {stats['total']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE", help=f"any of {', '.join(PACKAGES)} (default: all)")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/director-trainer-mutation"))
    parser.add_argument("--max-children", type=int, default=1, help="parallel test processes (default 1)")
    parser.add_argument("--survivors", action="store_true", help="test again only last run's surviving mutants")
    parser.add_argument("--fresh", action="store_true", help="discard earlier results first")
    parser.add_argument("--sample", metavar="DIGITS", help="test only mutants whose number ends in one of DIGITS")
    parser.add_argument("--ref", metavar="COMMIT", help="measure this commit's code and tests, not the checkout's")
    parser.add_argument("--report", action="store_true", help="print the scores of earlier runs without running")
    args = parser.parse_args(argv)
    unknown = [name for name in args.packages if name not in PACKAGES]
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}: choose from {', '.join(PACKAGES)}")
    if not MUTMUT.exists():
        print(f"mutmut is not installed beside {sys.executable}: pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    for name in args.packages or list(PACKAGES):
        folder = args.workdir / name
        if not args.report:
            names = survivors(folder) if args.survivors and folder.exists() else []
            if args.sample and not args.survivors:
                names = [f"*__mutmut_*[{args.sample}]"]
            if args.survivors and not names:
                print(f"{name:<8} nothing survived last time (or no last time): not run again")
            else:
                prepare(folder, PACKAGES[name], args.fresh, args.ref)
                run_mutmut(folder, names, args.max_children)
        print(line(name, score(folder)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
