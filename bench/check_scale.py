"""Benchmark: ``director-trainer check`` on a library of 1000 cases, and what the loader's share of it is.

    python bench/check_scale.py [--cases 1000]

The library's cases are copied (each under a new id) until there are ``--cases`` of them, and
``check`` runs on the copies in this process, after a first run on the library itself (201 cases)
as the baseline: the ratio of the two, against the ratio of their sizes, says whether check grows
faster than the library. Then the parts of check are timed apart (loading; the engine with expect
and the law references; the solver's claims), and the load in its own parts: parsing the YAML,
checking it against the schema (content/case.schema.json) and the whole read. Target (issue 27):
check on 1000 cases in under 20 s.

The copies repeat the library's deals, and the solver answers each distinct position once per run
(``double_dummy._most_tricks``), so the run on the copies solves a fifth of its claims. To read the
figure honestly for 1000 *different* deals, the solver's part is also timed with its memory emptied
before every case (each position new), and check's time with that part in its place is printed as
an estimate beside the measured one. The memory is emptied before each run of check, so the baseline
run does not warm the second. Each figure has its CPU seconds beside it: on a machine shared with other
work the wall clock also counts the waiting, and the CPU figure is what the run costs itself.
A measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 20.0
_ID = re.compile(r"^id: *(\S+) *$", re.MULTILINE)


def copies(folder: Path, wanted: int) -> list[Path]:
    """``wanted`` case files in ``folder``: the library's, then copies of them with ``-copy-N`` ids."""
    sources = sorted((ROOT / "content" / "cases").glob("*.yaml"))
    made: list[Path] = []
    round_number = 0
    while len(made) < wanted:
        for source in sources[: wanted - len(made)]:
            text = source.read_text(encoding="utf-8")
            new_id = source.stem if round_number == 0 else f"{source.stem}-copy-{round_number}"
            path = folder / f"{new_id}.yaml"
            path.write_text(_ID.sub(f"id: {new_id}", text, count=1), encoding="utf-8")
            made.append(path)
        round_number += 1
    return made


def forget_positions() -> None:
    from app.bridge.double_dummy import _most_tricks

    _most_tricks.cache_clear()


def check_seconds(paths: list[str]) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds of one run of check, and its summary line. The CPU figure is what the
    run would take on a machine of its own: on one shared with other work the wall clock waits too."""
    from app import cli

    forget_positions()
    out = io.StringIO()
    started, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        cli.main(["check", *paths])
    return time.perf_counter() - started, time.process_time() - cpu, out.getvalue().strip().splitlines()[-1]


def load_parts(files: list[Path]) -> dict[str, tuple[float, float]]:
    """Wall-clock and CPU seconds for each part of loading: YAML, schema, and the whole read (YAML, schema,
    meaning), each file on its own as ``load_cases`` reads it."""
    from app.content.cases.loader import read_case
    from app.content.cases.schema import shape_problems
    from app.content.cases.yaml_lines import load_located

    def clocks() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()

    started = clocks()
    located = [(path, load_located(path.read_text(encoding="utf-8"), strict=True)) for path in files]
    parsed = clocks()
    for path, doc in located:
        shape_problems(path, doc)
    shaped = clocks()
    for path in files:
        read_case(path)
    loaded = clocks()
    return {part: (end[0] - start[0], end[1] - start[1]) for part, start, end in (
        ("YAML", started, parsed), ("schema", parsed, shaped), ("whole load (YAML, schema, reader)", shaped, loaded))}


def check_parts(folder: Path) -> dict[str, tuple[float, float]]:
    """Wall-clock and CPU seconds for each part of ``check``: loading, the engine with ``expect`` and the
    law references, and the double-dummy solver's claims."""
    from dataclasses import replace

    from app.content.cases.checks import check_case
    from app.content.cases.solver_claims import verify
    from app.content.library import load_library
    from app.rules.engine import analyse

    def clocks() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()

    def since(start: tuple[float, float]) -> tuple[float, float]:
        now = clocks()
        return now[0] - start[0], now[1] - start[1]

    started = clocks()
    library = load_library(case_paths=[folder], check_references=True)
    loading = since(started)
    started = clocks()
    for case in library.cases:
        check_case(replace(case, solver=[]), library.book)
    checking = since(started)
    solved = {}
    for afresh in (False, True):
        forget_positions()
        started = clocks()
        for case in library.cases:
            if afresh:
                forget_positions()
            if case.solver:
                contract = case.contract or analyse(case.scenario()).contract
                for claim in case.solver:
                    verify(claim, case.deal, contract, case.events)
        solved[afresh] = since(started)
    return {"load (laws, glossary, cases)": loading,
            "engine, expect and law references": checking,
            "solver claims (and the contract for them)": solved[False],
            "solver claims, every position new": solved[True]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args()
    library = sorted((ROOT / "content" / "cases").glob("*.yaml"))
    with tempfile.TemporaryDirectory(prefix="check-scale-") as scratch:
        files = copies(Path(scratch), args.cases)
        base, base_cpu, base_line = check_seconds([str(ROOT / "content" / "cases")])
        big, big_cpu, big_line = check_seconds([scratch])
        print(f"check, the library ({len(library)} cases)  {base:6.1f} s   {1000 * base / len(library):5.1f} ms a case"
              f"   (CPU {base_cpu:.1f} s)")
        print(f"  {base_line}")
        print(f"check, {len(files)} cases               {big:6.1f} s   {1000 * big / len(files):5.1f} ms a case   "
              f"(target {TARGET_SECONDS:g} s; CPU {big_cpu:.1f} s)")
        print(f"  {big_line}")
        print(f"ratio {big / base:.2f} for {len(files) / len(library):.2f} times the cases")
        parts = check_parts(Path(scratch))
        for part, (seconds, cpu) in parts.items():
            print(f"  check, {part:<44} {seconds:6.2f} s   {1000 * seconds / len(files):5.2f} ms a case"
                  f"   (CPU {cpu:.2f} s)")
        same, new = parts["solver claims (and the contract for them)"], parts["solver claims, every position new"]
        print(f"check, {len(files)} cases with every deal different (estimate)  {big - same[0] + new[0]:6.1f} s   "
              f"(target {TARGET_SECONDS:g} s; CPU {big_cpu - same[1] + new[1]:.1f} s)")
        for part, (seconds, cpu) in load_parts(files).items():
            print(f"  load, {part:<45} {seconds:6.2f} s   {1000 * seconds / len(files):5.2f} ms a case"
                  f"   (CPU {cpu:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
