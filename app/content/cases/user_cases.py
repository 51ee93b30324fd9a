"""The user's own cases: written in the case editor or brought in with a case pack.

They live in the platform's user data folder, never in ``content/``, so nothing
a user does changes the shipped library (and an update of the application
never overwrites a user's work). They are read with the same loader and the
same checks as ``content/cases``: a broken file is reported and skipped. A
user case with the id of a library case stands in for it, which is how an
edited copy of a library case (File › Edit this case…) is seen in place of
the original.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from app.content.files.problems import ContentProblem

if TYPE_CHECKING:
    from app.content.cases.loader import CaseReader
    from app.content.cases.model import Case

APP_NAME = "director-trainer"
USER_CASES_ENV = "DIRECTOR_TRAINER_USER_CASES"


def user_case_folder() -> Path:
    """Where the user's cases are kept: $DIRECTOR_TRAINER_USER_CASES, or ``cases`` in the user data folder."""
    if os.environ.get(USER_CASES_ENV):
        return Path(os.environ[USER_CASES_ENV])
    import platformdirs

    return platformdirs.user_data_path(APP_NAME) / "cases"


def merge_user_cases(cases: list[Case], folder: Path, topics: set[str] | None,
                     read: CaseReader | None = None) -> tuple[list[Case], list[ContentProblem]]:
    """The library's cases with the user's beside them; a user case replaces a library case of the same id.
    ``read`` reads one of the user's files (default ``read_case``; the window's start-up takes unchanged ones
    from its cache)."""
    if not folder.is_dir():
        return cases, []
    # The loader (YAML, schema, checks) is imported only when there is a folder to read: the window's
    # start-up asks for the folder's name before its first paint.
    from app.content.cases.loader import load_cases, read_case

    mine, problems = load_cases([folder], topics, read or read_case)
    by_id = {case.id: case for case in mine}
    merged = [by_id.pop(case.id, case) for case in cases]
    merged.extend(case for case in mine if case.id in by_id)
    return merged, problems


def save_user_case(text: str, case_id: str, folder: Path | None = None,
                   topics: set[str] | None = None) -> tuple[Case | None, list[ContentProblem]]:
    """Write a case file into the user folder if it loads; returns the case, or None and its problems.

    The text is checked under its final name in a scratch folder first (the loader compares the id with
    the file name), then written beside its target and renamed, so a failed save never leaves half a
    file or a broken case behind.
    """
    folder = folder or user_case_folder()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{case_id}.yaml"
    partial = folder / f".{case_id}.yaml.part"
    with tempfile.TemporaryDirectory(prefix="director-trainer-case-") as scratch:
        checking = Path(scratch) / target.name
        checking.write_text(text, encoding="utf-8")
        from app.content.cases.loader import read_case

        case, problems = read_case(checking, topics)
    if case is None:
        return None, [ContentProblem(target, p.line, p.message) for p in problems]
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
    case.path = target
    return case, []

