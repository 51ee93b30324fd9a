"""Problems found in content files, reported as ``file:line: what is wrong``.

Loaders collect problems instead of raising, so one broken file never stops the
rest of the library from loading; ``director-trainer check`` prints them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ContentProblem:
    """One mistake in one file, with the line it is on (0 when no line applies)."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.message}"


class ContentError(Exception):
    """Raised inside a loader for a mistake that makes a whole file unusable."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message
