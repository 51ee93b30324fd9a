"""Benchmark: a live class session under load — 40 simulated trainees, each on a login of their own,
answer the same question within two seconds, on a PostgreSQL server on the loopback address.

    python bench/live_load.py [--db SUPERUSER_URL] [--trainees 40] [--spread 2.0] [--processes 4]

(default --db: $DT_TEST_POSTGRES_URL, the server ``.ci/postgres.sh`` starts.) A throwaway schema is
made a class (``director-trainer classroom setup``, as an instructor would), with an instructor
and the trainees; everything is dropped afterwards. The trainees run in several processes, a
thread each, through the application's own store and watcher: each joins the session, waits
(LISTEN) for the presenter's question, answers at a random moment within ``--spread`` seconds of
seeing it, and reports when its answer was committed. The presenter, in this process, follows
the room as its notes do and notes when it first sees the full count.

Printed, for the application's way (LISTEN/NOTIFY) and for the fallback where a server refuses
LISTEN (a poll once a second): answers kept, lost and counted twice; how long each trainee's
screen took to show the question after the presenter moved (p50, p95, max); and how long after
the last answer was committed the presenter saw the full count — the issue's target is within a
second. The baseline, measured in the same run, is a bare NOTIFY's round trip on the same
server; the presenter's delay is printed as a multiple of it.

A measurement, not a timed test: it exits 1 only if an answer is lost or counted twice, or the
presenter never sees the full count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CASE = "bid-of-eight-spades"
SECONDS = 60


@dataclass(frozen=True)
class Report:
    """One trainee's figures: when the question showed on their screen, when their answer was
    committed, and whether the class took it."""

    name: str
    seen: float
    committed: float
    kept: bool


def trainee_process(urls: list[tuple[str, str]], code: str, spread: float, listen: bool,
                    ready: multiprocessing.Queue, reports: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """Some of the trainees, a thread each, as their applications would behave."""
    from app.content.library import load_library
    from app.store import Store
    from app.training.live import LiveAnswer, LivePhase

    case = load_library(ROOT / "content").case(CASE)
    assert case is not None
    answers = {q.id: (0 if q.kind == "single" else None) for q in case.questions}

    def trainee(name: str, url: str) -> None:
        store = Store.open(url)
        me = store.login_profile()
        assert me is not None
        state, _mine = store.join_live_session(me, code)
        watcher = store.live_watcher(state.session_id, listen=listen)
        watcher.wait()
        ready.put(name)
        deadline = time.monotonic() + SECONDS
        while state.phase is not LivePhase.QUESTION and time.monotonic() < deadline:
            if watcher.wait():
                state = store.live_state(state.session_id)
        seen = time.time()
        question = state.question_id
        assert question is not None and answers[question] is not None
        time.sleep(random.uniform(0, spread))
        kept = store.send_live_answer(me, state.session_id, LiveAnswer(question, answers[question], state.revision))
        reports.put(Report(name, seen, time.time(), kept))
        watcher.close()
        store.close()

    threads = [threading.Thread(target=trainee, args=pair) for pair in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def notify_round_trip(url: str, rounds: int = 50) -> float:
    """The baseline: seconds from a NOTIFY to its arrival on another connection, the median of ``rounds``."""
    import psycopg
    from sqlalchemy.engine import make_url

    plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    listener = psycopg.connect(plain, autocommit=True)
    sender = psycopg.connect(plain, autocommit=True)
    listener.execute("LISTEN dt_bench")
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        sender.execute("NOTIFY dt_bench")
        next(iter(listener.notifies(timeout=5, stop_after=1)))
        times.append(time.perf_counter() - started)
    listener.close()
    sender.close()
    return statistics.median(times)


def run_round(admin, urls: dict[str, str], ivy_url: str, trainees: int, spread: float, processes: int,  # type: ignore[no-untyped-def]
              listen: bool) -> dict[str, object]:
    from app.content.library import load_library
    from app.store import Store
    from app.training.live import LivePhase, LiveStep

    case = load_library(ROOT / "content").case(CASE)
    assert case is not None
    store = Store.open(ivy_url)
    ivy = store.login_profile()
    assert ivy is not None
    state = store.start_live_session(ivy, case, 7, LiveStep(LivePhase.TABLE, None, frozenset()))
    names = sorted(urls)
    context = multiprocessing.get_context("spawn")
    ready, reports = context.Queue(), context.Queue()
    groups = [[(name, urls[name]) for name in names[index::processes]] for index in range(processes)]
    workers = [context.Process(target=trainee_process, args=(group, state.code, spread, listen, ready, reports))
               for group in groups if group]
    for worker in workers:
        worker.start()
    for _ in range(trainees):
        ready.get(timeout=SECONDS)
    question = case.questions[0].id
    seen_full: list[float] = []
    watcher = store.live_watcher(state.session_id, listen=listen)
    watcher.wait()

    def presenter() -> None:
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            if watcher.wait() and len(store.live_room(state.session_id, question).answers) >= trainees:
                seen_full.append(time.time())
                return

    follower = threading.Thread(target=presenter)
    follower.start()
    store.set_live_step(state.session_id, LiveStep(LivePhase.QUESTION, question, frozenset()))
    moved = time.time()
    got = [reports.get(timeout=SECONDS) for _ in range(trainees)]
    follower.join(SECONDS)
    for worker in workers:
        worker.join(SECONDS)
    watcher.close()
    kept = store.live_room(state.session_id, question).answers
    store.end_live_session(state.session_id)
    store.close()
    follows = sorted((report.seen - moved) * 1000 for report in got)
    last = max(report.committed for report in got)
    first = min(report.committed for report in got)
    return {
        "kept": len(kept), "lost": trainees - len(kept), "twice": len(kept) - len({name for name, _ in kept}),
        "refused": sum(1 for report in got if not report.kept),
        "follow": (statistics.median(follows), follows[int(0.95 * (len(follows) - 1))], follows[-1]),
        "answers_over": last - first,
        "presenter_after_last": (seen_full[0] - last) * 1000 if seen_full else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=os.environ.get("DT_TEST_POSTGRES_URL"),
                        help="a PostgreSQL superuser's URL (default: $DT_TEST_POSTGRES_URL)")
    parser.add_argument("--trainees", type=int, default=40)
    parser.add_argument("--spread", type=float, default=2.0, help="seconds over which the answers come")
    parser.add_argument("--processes", type=int, default=4, help="processes the trainees' threads run in")
    args = parser.parse_args()
    if not args.db:
        print("no server: give --db or set DT_TEST_POSTGRES_URL (.ci/postgres.sh starts one)", file=sys.stderr)
        return 2
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    from app.store.class_admin import ClassAdmin

    server = make_url(args.db)
    schema, name = f"bench_{uuid.uuid4().hex[:10]}", f"b{uuid.uuid4().hex[:10]}"
    owner = sa.create_engine(args.db)
    with owner.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
    admin = ClassAdmin.open(server.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False))
    try:
        admin.setup(name)
        ivy_url = admin.url_for(admin.add("Ivy", instructor=True))
        urls = {f"Trainee {n:02d}": admin.url_for(admin.add(f"Trainee {n:02d}")) for n in range(1, args.trainees + 1)}
        baseline = notify_round_trip(args.db)
        print(f"Live class session on {server.host}:{server.port}: {args.trainees} trainees, each with a login of "
              f"their own, in {args.processes} processes; answers spread over {args.spread:g} s")
        print(f"baseline: a bare NOTIFY arrives {baseline * 1000:.2f} ms after it is sent (median of 50)")
        failed = False
        for label, listen in (("LISTEN/NOTIFY (the application)", True), ("poll once a second (no LISTEN)", False)):
            figures = run_round(admin, urls, ivy_url, args.trainees, args.spread, args.processes, listen)
            p50, p95, most = figures["follow"]  # type: ignore[misc]
            after = figures["presenter_after_last"]
            print(f"\n{label}")
            print(f"  answers kept {figures['kept']}/{args.trainees}, lost {figures['lost']}, counted twice "
                  f"{figures['twice']}, refused {figures['refused']}; they came over {figures['answers_over']:.2f} s")
            print(f"  a trainee's screen showed the question {p50:.0f} ms after the presenter moved (p50), "
                  f"{p95:.0f} ms (p95), {most:.0f} ms at most (target: within 1000 ms)")
            if after is None:
                print("  the presenter NEVER saw the full count")
                failed = True
            else:
                print(f"  the presenter saw all {args.trainees} answers {after:.0f} ms after the last was committed "
                      f"(target: within 1000 ms), {after / 1000 / baseline:.0f}x the bare NOTIFY")
            failed = failed or bool(figures["lost"]) or bool(figures["twice"])
        return 1 if failed else 0
    finally:
        admin.close()
        with owner.begin() as connection:
            connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
            roles = connection.execute(sa.text("SELECT rolname FROM pg_roles WHERE rolname LIKE :prefix"),
                                       {"prefix": f"{name}\\_%"}).scalars().all()
            for role in sorted(roles, key=lambda r: r.endswith(("_member", "_instructor"))):
                connection.execute(sa.text(f'DROP OWNED BY "{role}" CASCADE'))
                connection.execute(sa.text(f'DROP ROLE "{role}"'))
        owner.dispose()


if __name__ == "__main__":
    sys.exit(main())
