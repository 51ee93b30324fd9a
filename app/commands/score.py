"""``director-trainer score``: the score of a contract (Law 77) from North-South's side."""

from __future__ import annotations

import argparse
import dataclasses

from app.bridge.contract import parse_contract
from app.bridge.rota import Vulnerability
from app.bridge.scoring import SCHEMES, breakdown, get_scheme, score_ns
from app.commands import print_json

EPILOG = """\
examples:
  director-trainer score 4SX S 8 --vul Both      prints -500
  director-trainer score 3NT N 10 --vul NS       prints 630
  director-trainer score 4H E 10 --scheme ibl    the IBL proposal's table
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score a contract (Law 77)",
        description="Print the score of a contract from North-South's side.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("contract", metavar="CONTRACT", help="level, denomination, X or XX: 4SX, 3NT, 7NTXX")
    parser.add_argument("declarer", metavar="DECLARER", help="N, E, S or W")
    parser.add_argument("tricks", metavar="TRICKS", type=int, help="tricks won by declarer's side (0–13)")
    parser.add_argument(
        "--vul",
        default="None",
        metavar="VUL",
        help="vulnerability of the board: None, NS, EW or Both (default None)",
    )
    parser.add_argument(
        "--scheme",
        default="wbf",
        choices=sorted(SCHEMES),
        help="scoring table: wbf (Law 77, the default), ibl (the IBL proposal), "
        "ibl-nt30 (IBL with no-trump tricks after the first at 30)",
    )
    parser.add_argument("--json", action="store_true", help="print the score and its parts as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    contract = parse_contract(args.contract, args.declarer)
    vulnerability = Vulnerability.parse(args.vul)
    scheme = get_scheme(args.scheme)
    ns = score_ns(contract, args.tricks, vulnerability, scheme)
    if args.json:
        parts = breakdown(contract, args.tricks, vulnerability, scheme)
        print_json(
            {
                "contract": str(contract),
                "declarer": contract.declarer.letter,
                "tricks": args.tricks,
                "vulnerability": vulnerability.value,
                "scheme": scheme.name,
                "ns_score": ns,
                "declarer_score": parts.total,
                "breakdown": dataclasses.asdict(parts),
            }
        )
    else:
        print(ns)
    return 0
