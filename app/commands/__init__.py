"""Subcommands of ``director-trainer``, one module each.

A subcommand module exposes ``register(subparsers)``, which adds its parser
with ``subparsers.add_parser(...)`` and sets ``run`` on it with
``parser.set_defaults(run=run)``; ``run(args) -> int`` returns the exit code.
Add the module to ``COMMANDS`` in ``app/cli.py``. Bad input is reported by
raising a ``BridgeError`` (exit 2) or a ``CommandError`` (its own exit code,
1 for a failed check); ``app.cli.main`` prints the message on one line.
"""

from __future__ import annotations

import json
import sys
from typing import Any


class CommandError(Exception):
    """A subcommand failed for a reason that is not bad bridge input (e.g. a failed check)."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def print_json(data: Any) -> None:
    """Write ``data`` as JSON on standard output, the form every ``--json`` option uses."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
