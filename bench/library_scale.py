"""Benchmark: a library that grows with the user's own cases, and a large case pack coming in.

    python bench/library_scale.py [--cases 1000] [--pack 5000] [--repeat 3]

- start-up to first paint with no user cases, then with ``--cases`` of them, each launched as
  ``director-trainer gui`` starts (a fresh process, a warm cache, a progress database an earlier
  start made); target (issue 27): the user's cases add at most a second;
- the same start right after the cases appeared in the folder by hand (no copy of them yet: each
  file is read and checked once, then kept), and after one more case is saved (only it is read);
- importing a pack of ``--pack`` cases (read and checked, written, put into the start-up copy),
  as the window does it off the GUI thread; target: under 15 s for 5000 cases;
- the first start after that import, with all of them in the folder.

The cases are copies of the library's under new ids. The bare PySide6 window is launched beside each
start as the baseline, so the figures can be read against the load the machine was under, and each
figure has its CPU seconds beside it (for a start, the started process's own, interpreter included):
on a machine shared with other work the wall clock also counts the waiting.
A measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STARTUP_TARGET_SECONDS = 1.0
IMPORT_TARGET_SECONDS = 15.0
_ID = re.compile(r"^id: *(\S+) *$", re.MULTILINE)
FIRST_PAINT = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.ui.app import create_main_window
window = create_main_window(db=sys.argv[2])
window.show()
app.processEvents()
print(time.time() - t0, time.process_time(), len(window.library.cases))
window.close()
"""
BARE = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.show()
app.processEvents()
print(time.time() - t0, time.process_time(), 0)
"""


def user_cases(count: int) -> dict[str, str]:
    """``count`` case files (name: text), copies of the library's with ids of their own."""
    sources = sorted((ROOT / "content" / "cases").glob("*.yaml"))
    made: dict[str, str] = {}
    for number in range(count):
        source = sources[number % len(sources)]
        new_id = f"{source.stem}-mine-{number // len(sources) + 1}"
        made[f"{new_id}.yaml"] = _ID.sub(f"id: {new_id}", source.read_text(encoding="utf-8"), count=1)
    return made


def launch(snippet: str, db: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds of a fresh process to first paint, and the cases its window holds."""
    out = subprocess.run([sys.executable, "-c", snippet, repr(time.time()), str(db)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    seconds, cpu, cases = out.stdout.strip().splitlines()[-1].split()
    return float(seconds), float(cpu), int(cases)


def starts(db: Path, env: dict[str, str], repeat: int) -> tuple[float, float, float, int]:
    """Median seconds to first paint, of the bare window and of the application (wall clock and CPU), and
    the cases loaded."""
    bare, app, cpu, cases = [], [], [], 0
    for _ in range(repeat):
        bare.append(launch(BARE, db, env)[0])
        seconds, used, cases = launch(FIRST_PAINT, db, env)
        app.append(seconds)
        cpu.append(used)
    return statistics.median(bare), statistics.median(app), statistics.median(cpu), cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--pack", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="library-scale-") as scratch:
        home = Path(scratch)
        mine, db = home / "mine", home / "progress.sqlite3"
        mine.mkdir()
        env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
        env |= {"XDG_CACHE_HOME": str(home / "cache"), "XDG_DATA_HOME": str(home / "data"),
                "XDG_CONFIG_HOME": str(home / "config"), "DIRECTOR_TRAINER_USER_CASES": str(mine)}
        launch(FIRST_PAINT, db, env)  # the caches and the progress database a user's second start finds
        bare, none, none_cpu, library = starts(db, env, args.repeat)
        print(f"start-up to first paint, no user cases        {none:6.2f} s  ({library} cases; bare window "
              f"{bare:.2f} s; CPU {none_cpu:.2f} s)")

        for name, text in user_cases(args.cases).items():
            (mine / name).write_text(text, encoding="utf-8")
        first, first_cpu, cases = launch(FIRST_PAINT, db, env)
        print(f"first start after {args.cases} cases appeared by hand  {first:6.2f} s  ({cases} cases: each file "
              f"read once; CPU {first_cpu:.2f} s)")
        bare, warm, warm_cpu, cases = starts(db, env, args.repeat)
        print(f"start-up to first paint, {args.cases} user cases     {warm:6.2f} s  ({cases} cases; bare window "
              f"{bare:.2f} s; CPU {warm_cpu:.2f} s)")
        print(f"  the user cases add {warm - none:+.2f} s, CPU {warm_cpu - none_cpu:+.2f} s   (target at most "
              f"{STARTUP_TARGET_SECONDS:g} s)")
        name, text = next(iter(user_cases(1).items()))
        (mine / name.replace("-mine-", "-one-more-")).write_text(text.replace("-mine-", "-one-more-"), encoding="utf-8")
        one_more, one_more_cpu, cases = launch(FIRST_PAINT, db, env)
        print(f"first start after one more case was saved     {one_more:6.2f} s  ({cases} cases; CPU "
              f"{one_more_cpu:.2f} s)")

        for path in mine.iterdir():
            path.unlink()
        pack = home / "pack.zip"
        with zipfile.ZipFile(pack, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, text in user_cases(args.pack).items():
                archive.writestr(name, text)
        seconds, cpu, imported = import_seconds(pack, mine, home / "cache")
        print(f"import a pack of {args.pack} cases                {seconds:6.2f} s  ({imported} imported; target "
              f"under {IMPORT_TARGET_SECONDS:g} s; CPU {cpu:.2f} s)")
        bare, after, after_cpu, cases = starts(db, env, 1)
        print(f"first start after the import                 {after:6.2f} s  ({cases} cases; bare window {bare:.2f} s; "
              f"CPU {after_cpu:.2f} s)")
    return 0


def import_seconds(pack: Path, mine: Path, cache_home: Path) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds for the window's import of ``pack`` (read and check, write, remember), and
    the cases imported: on a machine shared with other work the wall clock also counts the waiting."""
    os.environ["XDG_CACHE_HOME"] = str(cache_home)
    from app.content.cases.packs import read_pack, write_pack
    from app.content.library import load_library
    from app.content.library_cache import remember_user_cases

    library = load_library()
    topics = set(library.topics) or None
    library_ids = frozenset(case.id for case in library.cases)
    started, cpu = time.perf_counter(), time.process_time()
    contents = read_pack(pack, mine, topics, library_ids)
    report = write_pack(contents, mine, lambda name: True)
    remember_user_cases(report.imported, topics)
    return time.perf_counter() - started, time.process_time() - cpu, len(report.imported)


if __name__ == "__main__":
    sys.exit(main())
