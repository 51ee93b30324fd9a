"""``director-trainer analyse CASE.yaml [--json]``: the rules engine's findings for one case, with its
reasoning step by step and the points it leaves to the director."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.commands import CommandError, print_json
from app.content.cases import read_case
from app.rules.engine import analyse
from app.rules.explain import explanation_text

BAD_INPUT = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help="print the rules engine's findings for one case",
        description="Replay a case file and print what the rules engine finds: each irregularity, what follows "
        "under the 2017 Laws step by step with the law for each step, the points left to the director's "
        "judgement, and the conclusions in the vocabulary of a case's expect block.",
    )
    parser.add_argument("case", type=Path, metavar="CASE.yaml", help="a case file")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.case
    if not path.is_file():
        raise CommandError(f"no such case file: {path}", exit_code=BAD_INPUT)
    case, problems = read_case(path)
    if case is None:
        lines = "\n".join(str(p) for p in problems)
        raise CommandError(f"{path} cannot be read:\n{lines}", exit_code=BAD_INPUT)
    analysis = analyse(case.scenario())
    if args.json:
        print_json({"case": case.id, **analysis.as_dict()})
    else:
        print(f"{case.id}: {case.title}")
        print()
        print(explanation_text(analysis))
    return 0
