"""Blind strategies over the whole case library: how much each scores without reading a case,
against chance, and the best mark each reaches on every built-in exam paper.

    python bench/gaming.py [--seeds 50] [--papers 200]

A strategy answers from the form alone (always the first, last or longest choice shown, every box
ticked or none, the first two; numbers and law references blank) through the same marking and the
same shuffled choices as the window (``app.training.blind``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.content.library import load_library  # noqa: E402
from app.training.blind import STRATEGIES, best_paper, chance_score, play  # noqa: E402
from app.training.exam_profiles import BUILT_IN_PROFILES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="attempts at the whole library per strategy")
    parser.add_argument("--papers", type=int, default=200, help="papers drawn per profile and strategy")
    args = parser.parse_args()
    library = load_library()
    cases = [case for case in library.cases if case.edition == "wbf-2017"]
    chance = chance_score(cases)
    print(f"{len(cases)} cases under the 2017 Laws, {sum(len(c.questions) for c in cases)} questions")
    print(f"chance: {chance.fraction:6.1%} of all marks")
    print("best mark on any of the papers drawn, per built-in profile (each passes at 65 %):")
    for number, profile in enumerate(BUILT_IN_PROFILES, start=1):
        print(f"  paper {number}: {profile.name}")
    width = max(len(name) for name in STRATEGIES)
    print(f"{'strategy':{width}} {'library':>8} {'vs chance':>10} {'cases ≥65%':>11}  "
          + "  ".join(f"{f'paper {n}':>8}" for n in range(1, len(BUILT_IN_PROFILES) + 1)))
    for name, strategy in STRATEGIES.items():
        rng = random.Random(name)
        runs = [play(strategy, cases, rng).fraction for _ in range(args.seeds)]
        mean = sum(runs) / len(runs)
        passed = sum(play(strategy, [case], rng).fraction >= 0.65 for _ in range(args.seeds) for case in cases)
        best = [best_paper(strategy, profile, library.cases, args.papers) for profile in BUILT_IN_PROFILES]
        print(f"{name:{width}} {mean:8.1%} {mean / chance.fraction:9.2f}× {passed / args.seeds:11.1f}  "
              + "  ".join(f"{b:8.1%}" for b in best))


if __name__ == "__main__":
    main()
