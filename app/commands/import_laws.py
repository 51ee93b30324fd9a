"""``director-trainer import-laws FILE``: keep the user's own copy of the official law text beside the library."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.commands import CommandError, print_json
from app.content.library import load_library
from app.content.official.importer import default_folder, import_file, remove
from app.content.official.text import OfficialImportError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "import-laws",
        help="import your own copy of the official law text (PDF or text)",
        description="Read the 2017 law book from a PDF, or from text extracted from one (UTF-8, Windows-1252 "
        "or Latin-1), split it into laws and sections, and keep it in your user data folder so the library can "
        "show the official wording beside each summary. English and German headings are recognised. The report "
        "says which sections were left without wording and what was kept aside. Importing again replaces the "
        "old copy.",
    )
    parser.add_argument("file", metavar="FILE", nargs="?", type=Path, help="the law book (.pdf or .txt)")
    parser.add_argument("--remove", action="store_true", help="delete the imported copy")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder = default_folder()
    if args.remove:
        removed = remove(folder)
        print("removed the imported official text" if removed else "there was no imported official text")
        return 0
    if args.file is None:
        raise CommandError("name the law book to import (a .pdf or .txt file), or use --remove", exit_code=2)
    library = load_library()
    try:
        report = import_file(args.file, library.book, folder)
    except OfficialImportError as exc:
        raise CommandError(str(exc), exit_code=2) from None
    if args.json:
        print_json({"laws": report.laws, "worded": report.worded, "total": report.total,
                    "missing": list(report.missing), "unplaced": list(report.unplaced)})
    else:
        print(report.summary())
    return 0
