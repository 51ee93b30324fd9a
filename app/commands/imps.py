"""``director-trainer imps``: convert a point difference to IMPs (Law 78B)."""

from __future__ import annotations

import argparse

from app.bridge.scoring import imps
from app.commands import print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "imps",
        help="convert a point difference to IMPs (Law 78B)",
        description="Print the IMPs for a difference in points, with its sign: 430 gives 10, -620 gives -12.",
    )
    parser.add_argument("difference", metavar="DIFFERENCE", type=int, help="point difference, e.g. 430 or -620")
    parser.add_argument("--json", action="store_true", help="print the difference and the IMPs as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    result = imps(args.difference)
    if args.json:
        print_json({"difference": args.difference, "imps": result})
    else:
        print(result)
    return 0
