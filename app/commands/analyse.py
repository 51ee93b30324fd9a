"""``director-trainer analyse CASE.yaml|FOLDER [--json]``: the rules engine's findings for a case (or for
each case in a folder), with its reasoning step by step and the points it leaves to the director."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.commands import CommandError, print_json

BAD_INPUT = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help="print the rules engine's findings for a case, or each case in a folder",
        description="Replay a case file and print what the rules engine finds: each irregularity, what follows "
        "under the 2017 Laws step by step with the law for each step, the points left to the director's "
        "judgement, and the conclusions in the vocabulary of a case's expect block.",
    )
    parser.add_argument("case", type=Path, metavar="CASE.yaml",
                        help="a case file, or a folder: each *.yaml case under it is analysed in turn")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Imported here: every start of the program, the window included, registers this command.
    from app.content.cases.loader import case_files, read_case
    from app.rules.engine import analyse
    from app.rules.explain import explanation_text

    path: Path = args.case
    if not path.exists():
        raise CommandError(f"no such case file or folder: {path}", exit_code=BAD_INPUT)
    files = case_files([path])
    if not files:
        raise CommandError(f"{path} is a folder with no case files (*.yaml) under it; give a case file, "
                           "or a folder that holds some", exit_code=BAD_INPUT)
    if path.is_file():
        case, problems = read_case(path)
        if case is None:
            lines = "\n".join(str(p) for p in problems)
            raise CommandError(f"{path} cannot be read:\n{lines}", exit_code=BAD_INPUT)
    findings: list[dict[str, object]] = []
    unreadable = 0
    shown = 0
    for file in files:
        case, problems = read_case(file)
        if case is None:  # only in a folder: a broken case is reported and the others analysed
            unreadable += 1
            print(f"{file} cannot be read (skipped):", *problems, sep="\n  ", file=sys.stderr)
            continue
        analysis = analyse(case.scenario())
        if args.json:
            findings.append({"case": case.id, "file": str(file), **analysis.as_dict()})
            continue
        if shown:
            print("\n" + "-" * 78 + "\n")
        shown += 1
        print(f"{case.id}: {case.title}")
        print()
        print(explanation_text(analysis))
    if args.json:
        print_json(findings[0] if path.is_file() else findings)
    if unreadable:
        print(f"{unreadable} of {len(files)} case files could not be read", file=sys.stderr)
    return BAD_INPUT if unreadable else 0
