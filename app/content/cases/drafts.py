"""Checking a case while it is written: the loader's, the engine's and the solver's messages for a draft.

The case editor calls ``check_draft`` (off the GUI thread) each time the text settles, and shows
exactly what ``director-trainer check`` would print for the file, with the engine's reading of
the scenario so the author sees what it makes of the events before writing ``expect``.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.content.cases.checks import as_written, check_case, missing_expect
from app.content.cases.model import Case
from app.content.cases.questions import EXPECT_KEYS
from app.content.cases.loader import read_case
from app.content.files.problems import ContentProblem
from app.content.cases.yaml_lines import YamlSyntaxError, load_located
from app.rules.engine import analyse
from app.rules.explain import explanation_markdown

NEW_NAME = "new-case.yaml"
_ID_LINE = re.compile(r"^id:[ \t]*([a-z0-9-]+)[ \t]*(?:#.*)?$", re.MULTILINE)


@dataclass
class DraftCheck:
    """A draft's case (None while it does not load), its problems and warnings, and the engine's analysis."""

    name: str
    case: Case | None
    problems: list[ContentProblem] = field(default_factory=list)
    warnings: list[ContentProblem] = field(default_factory=list)
    analysis: str = ""


def draft_name(text: str) -> str:
    """The file name the draft will be saved under: its id and ``.yaml`` (``new-case.yaml`` until it has one)."""
    try:
        data = load_located(text).data
        case_id = data.get("id") if isinstance(data, dict) else None
    except YamlSyntaxError:  # mid-edit: the id line is usually still there to name the file
        found = _ID_LINE.search(text)
        case_id = found.group(1) if found else None
    name = f"{case_id}.yaml" if isinstance(case_id, str) and case_id.strip() else NEW_NAME
    return name if "/" not in name and "\\" not in name and not name.startswith(".") else NEW_NAME


def check_draft(text: str, topics: set[str] | None = None) -> DraftCheck:
    """Everything ``check`` would say about this text saved as a case file, and the engine's analysis."""
    name = draft_name(text)
    shown = Path(name)
    with tempfile.TemporaryDirectory(prefix="director-trainer-draft-") as scratch:
        path = Path(scratch) / name
        path.write_text(text, encoding="utf-8")
        case, problems = read_case(path, topics)
        result = DraftCheck(name, case, [_as(shown, p) for p in problems])
        if case is None:
            return result
        result.problems += [_as(shown, p) for p in check_case(case)]
        if not case.expect and case.edition == "wbf-2017" and (warning := missing_expect(case)) is not None:
            result.warnings.append(_as(shown, warning))
        result.analysis = explanation_markdown(analyse(case.scenario()))
    case.path = shown
    return result


def engine_expect(case: Case) -> dict[str, Any]:
    """The ``expect`` block the engine would write for a case: every conclusion it reaches, in format order.

    The author keeps only the keys the ruling rests on (CASE_FORMAT.md asks for the ones worked out
    from the laws); ``check`` then holds the case to them.
    """
    found = analyse(case.scenario()).conclusions()
    return {key: as_written(key, found[key]) for key in EXPECT_KEYS if key in found and found[key] is not None}


def _as(shown: Path, problem: ContentProblem) -> ContentProblem:
    return ContentProblem(shown, problem.line, problem.message)
