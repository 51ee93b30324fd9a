"""Benchmarks: print how long the things a trainee waits for take on this machine.

    python bench/run.py [--repeat N]

- start-up: a fresh process from launch to the first paint of the main window (shown, events
  processed), as ``director-trainer gui`` starts it, on until Home shows what is due (``home_ready``:
  from the snapshot kept at the last close, or from the store), and on until the progress store is
  open (off the GUI thread), each beside a bare PySide6 window started in the same run: targets at
  most 2.5x for the paint and 3x for Home. The database is one an earlier start created and closed,
  as a user's is (the schema is upgraded once per release), for a new trainee and for one with forty
  cases behind them; settings, caches and data are kept in a temporary folder, not the user's;
- search: one keystroke in the library's search box to the results being listed;
- full-text query: the index alone, without the GUI;
- opening a case: from the click to the table, timeline and first question on screen.

These are measurements, not tests: nothing fails, the figures are printed with
their targets beside them (first paint at most 2.5x a bare window and Home at most 3x,
search < 50 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERIES = ["penalty card", "revoke", "insufficient bid", "claim", "unauthorized information", "dummy", "lead out of turn",
           "comparable call", "average plus", "weighted score", "27b1a", "hesitation", "misinformation", "alert"]

# Both snippets print seconds since launch; the application's also when it is ready (its store is
# open and Home shows what is due: the opener is done once the window has refreshed from the store).
STARTUP_SNIPPET = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.ui.app import create_main_window
window = create_main_window(db=sys.argv[2])
window.show()
app.processEvents()
usable = time.time() - t0
while not window.home_ready:
    app.processEvents()
    time.sleep(0.001)
home = time.time() - t0
while not window.store_opener.done:
    app.processEvents()
    time.sleep(0.001)
print(usable, home, time.time() - t0)
window.close()
window.deleteLater()
app.processEvents()
"""
BARE_SNIPPET = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1280, 800)
window.show()
app.processEvents()
print(time.time() - t0)
"""


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    results = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        results.append(time.perf_counter() - start)
    return results


def report(name: str, seconds: list[float], target_ms: float | None = None) -> None:
    ms = [s * 1000 for s in seconds]
    target = f"   (target {target_ms:g} ms)" if target_ms else ""
    print(f"{name:<34} median {statistics.median(ms):8.1f} ms   max {max(ms):8.1f} ms   n={len(ms)}{target}")


# An installed application starts from compiled bytecode and a warm library cache; a checkout run
# with PYTHONDONTWRITEBYTECODE=1 would compile every module at every start instead.
LAUNCH_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _launch(snippet: str, folder: str, *arguments: str) -> list[float]:
    """Run ``snippet`` in a fresh process whose settings, caches and data live in ``folder``, not the user's."""
    env = {**LAUNCH_ENV, **{f"XDG_{kind}_HOME": str(Path(folder) / kind.lower()) for kind in ("CONFIG", "CACHE", "DATA")}}
    out = subprocess.run([sys.executable, "-c", snippet, repr(time.time()), *arguments], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return [float(figure) for figure in out.stdout.strip().splitlines()[-1].split()]


def a_trainees_history(db: str, cases: int = 40) -> None:
    """A trainee who has ruled on ``cases`` cases over the last two months (model answers, so some are due
    for review now and some later) and left one half-answered: what Home shows a returning trainee."""
    from datetime import timedelta

    from app.content.library import load_library
    from app.store.store import Store
    from app.training.attempt import Attempt
    from app.training.clock import utc_now
    from app.training.practice import Mode

    library, now = load_library(), utc_now()
    with Store.open(db) as store:
        profile = store.add_profile("Trainee")
        for number, case in enumerate(library.cases[:cases]):
            when = now - timedelta(days=60 * (cases - number) / cases)
            attempt = Attempt(case, started_at=when)
            for question in case.questions:
                attempt.answer(_model_answer(question))
                attempt.next(when)
            store.record_attempt(profile, attempt)
        half = Attempt(library.cases[cases])
        half.answer(_model_answer(library.cases[cases].questions[0]))
        store.save_unfinished_attempt(profile, half, Mode.PRACTICE)


def _model_answer(question: Any) -> Any:
    """The answer a trainee gives who rules as the case does, in the form each kind of question takes."""
    right = [number for number, choice in enumerate(question.choices) if choice.correct]
    return {"single": lambda: right[0], "multi": lambda: frozenset(right), "law": lambda: str(question.answer),
            "order": lambda: tuple(range(len(question.items)))}.get(question.kind, lambda: question.answer)()


def bench_startup(repeat: int) -> None:
    """Bare window and application launched in turn, so both meet the same load on the machine, for a new
    trainee and for one with a history, each with its own bare windows; one launch of each first, not
    counted, writes the bytecode and library caches, creates the progress database and keeps Home's
    snapshot, as a user's first start does."""
    for trainee in ("a new trainee", "a trainee with history"):
        with tempfile.TemporaryDirectory() as folder:
            db = str(Path(folder) / "progress.sqlite3")
            if trainee != "a new trainee":
                a_trainees_history(db)
            _launch(BARE_SNIPPET, folder)
            _launch(STARTUP_SNIPPET, folder, db)
            bare, runs = [], []
            for _ in range(repeat):
                bare += _launch(BARE_SNIPPET, folder)
                runs.append(_launch(STARTUP_SNIPPET, folder, db))
        print(f"for {trainee}:")
        report("  a bare PySide6 window", bare)
        for step, (name, target) in enumerate((("to first paint", 2.5), ("until Home shows what is due", 3),
                                              ("until the store is open", None))):
            times = [run[step] for run in runs]
            report(f"  {name}", times)
            print(f"{'':<34} = {statistics.median(times) / statistics.median(bare):.1f}x the bare window"
                  + (f"   (target at most {target:g}x)" if target else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.content.library import Library, load_library
    from app.ui.window.main_window import MainWindow

    print(f"Director Trainer benchmarks on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    bench_startup(args.repeat)
    report("load content (laws, glossary, cases)", timed(load_library, args.repeat))
    library = load_library()
    def build_index() -> object:
        return Library(library.root, library.book, library.glossary, library.topics, library.cases).index

    report("build the search index", timed(build_index, args.repeat))
    queries = [q for q in QUERIES for _ in range(args.repeat)]
    report("full-text query (index only)", [timed(lambda q=q: library.index.query(q), 1)[0] for q in queries], 50)

    app = QApplication.instance() or QApplication([])
    settings = QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    view = window.library_view

    def keystroke(text: str) -> None:
        view.search.setText(text)
        app.processEvents()

    figures = []
    for query in queries:
        view.search.clear()
        app.processEvents()
        figures += timed(lambda q=query: keystroke(q), 1)
    report("search keystroke to results listed", figures, 50)
    if library.cases:
        ids = [c.id for c in library.cases]
        report("open a case", [timed(lambda i=i: (window.open_case(i), app.processEvents()), 1)[0]
                               for i in ids * max(1, args.repeat // 2)])
    report("show a law section", [timed(lambda k=k: (window.show_law(k), app.processEvents()), 1)[0]
                                  for k in ["27", "64", "12C1(c)", "40B2(a)", "Definitions", "73C"] * args.repeat])
    window.deleteLater()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
