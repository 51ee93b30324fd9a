"""Running the `director-trainer` command inside a test, as a user's shell would."""

from __future__ import annotations

import pytest

from app import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit code and what the command printed on stdout and stderr; argparse's own exits
    (--help, a usage error) are exit codes too, as the shell sees them."""
    try:
        code = cli.main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
