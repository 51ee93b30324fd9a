"""``director-trainer board``: the dealer and vulnerability of a board number (Law 2)."""

from __future__ import annotations

import argparse

from app.bridge.rota import board_conditions
from app.commands import print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "board",
        help="dealer and vulnerability of a board (Law 2)",
        description="Print the dealer and vulnerability Law 2 gives board N (the pattern repeats every 16 boards).",
    )
    parser.add_argument("number", metavar="N", type=int, help="board number, 1 or more")
    parser.add_argument("--json", action="store_true", help="print as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    dealer, vulnerability = board_conditions(args.number)
    if args.json:
        print_json({"board": args.number, "dealer": dealer.letter, "vulnerability": vulnerability.value})
    else:
        print(f"Board {args.number}: dealer {dealer.english}, {vulnerability.english}")
    return 0
