"""A separate process for the crash and concurrency tests: records attempts for one profile,
printing each attempt's id once its transaction has committed. It prints "ready" once the
database is open and waits for a line on stdin, so two writers can be started together.

Usage: python writer.py DATABASE_URL PROFILE_NAME COUNT   (COUNT 0: until killed)
"""

from __future__ import annotations

import itertools
import sys

from store_samples import HALF_RIGHT, answered, sample_case

from app.store import Store

CASES = [sample_case(f"case-{n}") for n in range(5)]


def main(url: str, profile_name: str, count: int) -> None:
    with Store.open(url) as store:
        profile = store.profile_named(profile_name)
        assert profile is not None
        print("ready", flush=True)
        sys.stdin.readline()
        numbers = itertools.count() if count == 0 else range(count)
        for n in numbers:
            attempt_id = store.record_attempt(profile, answered(CASES[n % len(CASES)], HALF_RIGHT))
            print(attempt_id, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
