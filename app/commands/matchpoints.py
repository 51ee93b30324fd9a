"""``director-trainer matchpoints``: matchpoint one board's traveller (Law 78A, adjusted scores of Law 12)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from app.bridge.scoring import (
    TRAVELLER_FORMAT,
    MatchpointedRow,
    load_traveller,
    matchpoint,
    parse_session_percentages,
)
from app.commands import print_json

EPILOG = (
    TRAVELLER_FORMAT
    + """
Matchpoints are 2 for each score beaten and 1 for each tie (Law 78A), or 1 and
1/2 with --half. Artificial scores are a percentage of the top; the real
results are factored up to the full top (Neuberg) when artificial scores make
them fewer. With --session, a pair given more than 50 % gets its session
percentage if higher, and a pair given less than 50 % its session percentage if
lower (Law 12C2(c)).
"""
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "matchpoints",
        help="matchpoint a traveller (Law 78A)",
        description="Matchpoint one board's results, including artificial and weighted adjusted scores.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", type=Path, help="traveller CSV (format below)")
    parser.add_argument("--half", action="store_true", help="score 1 per score beaten and 1/2 per tie")
    parser.add_argument(
        "--session",
        action="append",
        default=[],
        metavar="PAIR=PERCENT",
        help="a pair's percentage on the session's other boards, for Law 12C2(c); repeat for each pair",
    )
    parser.add_argument("--json", action="store_true", help="print the matchpointed rows as JSON")
    parser.set_defaults(run=run)


def _round(value: Fraction) -> float:
    return round(float(value), 2)


def run(args: argparse.Namespace) -> int:
    rows = load_traveller(args.file)
    results = matchpoint(rows, per_beaten=1 if args.half else 2, session_percent=parse_session_percentages(args.session))
    if args.json:
        print_json(
            {
                "top": results[0].top,
                "rows": [
                    {
                        "ns": result.row.ns_pair,
                        "ew": result.row.ew_pair,
                        "score": str(result.row.score),
                        "ns_matchpoints": _round(result.ns),
                        "ew_matchpoints": _round(result.ew),
                        "ns_percent": _round(result.ns_percent),
                        "ew_percent": _round(result.ew_percent),
                    }
                    for result in results
                ],
            }
        )
    else:
        _print_table(results)
    return 0


def _print_table(results: list[MatchpointedRow]) -> None:
    header = ("NS", "EW", "Score", "NS MP", "EW MP", "NS %", "EW %")
    lines = [
        (
            result.row.ns_pair,
            result.row.ew_pair,
            str(result.row.score),
            f"{float(result.ns):.2f}",
            f"{float(result.ew):.2f}",
            f"{float(result.ns_percent):.2f}",
            f"{float(result.ew_percent):.2f}",
        )
        for result in results
    ]
    widths = [max(len(row[column]) for row in [header, *lines]) for column in range(len(header))]
    for row in [header, *lines]:
        print(
            "  ".join(
                cell.ljust(width) if column < 3 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    print(f"Top: {results[0].top}")
