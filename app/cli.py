"""The ``director-trainer`` command: starts the GUI, or runs a tool such as ``score`` or ``imps``.

Each subcommand lives in its own module under ``app.commands`` (see that
package's docstring for the pattern); this module only assembles them and
turns errors into one-line messages and exit codes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from app import __version__
from app.bridge.errors import BridgeError
from app.commands import (
    CommandError,
    analyse,
    board,
    boards,
    check,
    classroom,
    desktop_entry,
    gui,
    import_laws,
    imps,
    law,
    matchpoints,
    quick_reference,
    score,
    search,
)

COMMANDS = (gui, score, imps, board, boards, matchpoints, law, search, quick_reference, check, analyse, import_laws,
            desktop_entry, classroom)
PROG = "director-trainer"
USAGE_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Learn to direct duplicate bridge: the Laws beside a drawn table, and director's tools. "
        "With no command, starts the application.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--db", metavar="URL",
        help="where progress is kept: a SQLite file path or any SQLAlchemy URL, e.g. a shared "
        "postgresql://user@server/club (default: $DIRECTOR_TRAINER_DB, else a file in your user data folder)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register(subparsers)
    parser.set_defaults(run=gui.run, command="gui")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        exit_code: int = args.run(args)
        sys.stdout.flush()  # here, so that a closed pipe is caught below and not at interpreter exit
    except BrokenPipeError:
        # The reader went away (``| head``, quitting ``less``): that is not an error. Point stdout
        # at devnull so the interpreter's last flush has nowhere to fail either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except BridgeError as error:
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except CommandError as error:
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return error.exit_code
    return exit_code
