"""``director-trainer check [PATH...]``: validate content and compare each case's ``expect`` with the engine.

With no paths it checks the whole of ``content/`` (laws, glossary, topics,
cases and the quick-reference card, with every law reference and the card's
engine-held lines); with paths, just those case files or folders.
Each problem is one line ``file:line: message``; a summary line follows and the
exit code is 1 if anything is wrong. A case with no ``expect`` block in which the
engine finds an irregularity gets a warning (a file cut short loses its
``expect`` block without a word otherwise); ``--strict`` makes that an error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.commands import CommandError
from app.content.cases.checks import check_case, compare, missing_expect
from app.content.cases.loader import case_files
from app.content.files.problems import ContentProblem
from app.content.laws.quick_reference import quick_reference_problems
from app.content.library import load_library

FAILED = 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate content and check each case's expect block against the rules engine",
        description="Validate case files (and, with no PATH, the whole law library, glossary and topic list) "
        "and compare each case's expect block with the rules engine. Prints one line per problem, "
        "file:line: message, then a summary; exits 1 if anything is wrong.",
    )
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="case files or folders of cases (default: all of content/)")
    parser.add_argument("--strict", action="store_true",
                        help="a case without an expect block in which the rules engine finds an irregularity is an "
                        "error, not a warning (CI checks content/ this way)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    paths: list[Path] = args.paths
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise CommandError(f"no such file or folder: {', '.join(missing)}", exit_code=2)
    library = load_library(case_paths=paths or None, check_references=True)
    if paths:
        wanted = {p.resolve() for p in case_files(paths)}
        problems = [p for p in library.problems if p.path.resolve() in wanted]
    else:
        # The quick-reference card, its law references and its engine-held lines.
        problems = list(library.problems) + quick_reference_problems(library.root, library.book)
    warnings: list[ContentProblem] = []
    checked = claims = 0
    for case in library.cases:
        found = check_case(case, library.book)
        problems.extend(found)
        checked += 1 if case.expect else 0
        claims += len(case.solver)
        if not case.expect and case.edition == "wbf-2017" and (unchecked := missing_expect(case)) is not None:
            (problems if args.strict else warnings).append(unchecked)
    for problem in problems:
        print(problem)
    for warning in warnings:
        print(f"{warning.path}:{warning.line}: warning: {warning.message}")
    cases = f"{len(library.cases)} case(s)"
    scope = cases if paths else f"content ({cases}, the law library, glossary, topics and quick-reference card)"
    verdict = f"{len(problems)} problem(s)" if problems else "no problems"
    if warnings:
        verdict += f", {len(warnings)} warning(s) (errors under --strict)"
    solved = f", {claims} solver claim(s) with the double-dummy solver" if claims else ""
    print(f"checked {scope}; {checked} expect block(s) compared with the rules engine{solved}: {verdict}")
    return FAILED if problems else 0


__all__ = ["check_case", "compare", "missing_expect", "register", "run"]
