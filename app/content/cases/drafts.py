"""Checking a case while it is written: the loader's, the engine's and the solver's messages for a draft.

The case editor calls ``check_draft`` (off the GUI thread) each time the text settles, and shows
exactly what ``director-trainer check`` would print for the file, with the engine's reading of
the scenario so the author sees what it makes of the events before writing ``expect``. A draft
also answers for the skeleton's placeholder text (``skeleton.PLACEHOLDERS``) left anywhere in it:
a case that asks "Write the question the trainee answers." loads, but is no case, so each is a
problem at its line and the editor will not save the draft until it is written.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.content.cases.checks import as_written, check_case, missing_expect
from app.content.cases.loader import read_case
from app.content.cases.model import Case
from app.content.cases.questions import EXPECT_KEYS
from app.content.cases.skeleton import PLACEHOLDERS
from app.content.cases.yaml_lines import Located, YamlSyntaxError, load_located
from app.content.files.problems import ContentProblem
from app.rules.engine import analyse
from app.rules.explain import explanation_markdown

NEW_NAME = "new-case.yaml"
_ID_LINE = re.compile(r"^id:[ \t]*([a-z0-9-]+)[ \t]*(?:#.*)?$", re.MULTILINE)


@dataclass
class DraftCheck:
    """A draft's case (None while it does not load), its problems (placeholder text left in it among
    them, ``placeholders`` of them) and warnings, and the engine's analysis."""

    name: str
    case: Case | None
    problems: list[ContentProblem] = field(default_factory=list)
    warnings: list[ContentProblem] = field(default_factory=list)
    analysis: str = ""
    placeholders: int = 0

    @property
    def can_be_saved(self) -> bool:
        """A draft is saved once it loads and nothing in it is still the skeleton's placeholder text."""
        return self.case is not None and not self.placeholders


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
        unwritten = placeholder_problems(text, shown)
        result = DraftCheck(name, case, [_as(shown, p) for p in problems] + unwritten, placeholders=len(unwritten))
        if case is None:
            return result
        result.problems += [_as(shown, p) for p in check_case(case)]
        if not case.expect and case.edition == "wbf-2017" and (warning := missing_expect(case)) is not None:
            result.warnings.append(_as(shown, warning))
        result.analysis = explanation_markdown(analyse(case.scenario()))
    case.path = shown
    return result


def placeholder_problems(text: str, shown: Path) -> list[ContentProblem]:
    """A problem, at its line, for every value of the draft that still holds placeholder text (none
    for text that is not YAML: the loader reports that)."""
    try:
        located = load_located(text)
    except YamlSyntaxError:
        return []
    lines = text.splitlines()
    found: list[ContentProblem] = []
    for path, value in _strings(located.data, ()):
        phrase = next((p for p in PLACEHOLDERS if value.strip() == p or (p.endswith(".") and p in value)), None)
        if phrase is not None:
            where, thing = _describe(path, located)
            start = located.line(*path)  # a block of text starts a line above its words: point at the words
            line = next((n for n in range(start, min(start + 3, len(lines)) + 1) if phrase in lines[n - 1]), start)
            found.append(ContentProblem(shown, line,
                                        f"{where} still holds the placeholder text {phrase!r}: write the real {thing}"))
    return found


def _strings(value: Any, path: tuple[str | int, ...]) -> list[tuple[tuple[str | int, ...], str]]:
    """Every string in a loaded YAML value, with its path."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in _strings(item, (*path, str(key)))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in _strings(item, (*path, index))]
    return []


_TOP = {"title": ("the title", "title"), "situation": ("the situation", "situation"),
        "ruling": ("the model ruling", "model ruling"), "commentary": ("the commentary", "commentary")}


def _describe(path: tuple[str | int, ...], located: Located) -> tuple[str, str]:
    """What holds the value at ``path``, and what the author should write there instead."""
    if len(path) >= 3 and path[0] == "questions" and isinstance(path[1], int):
        questions = located.data.get("questions") if isinstance(located.data, dict) else None
        question = questions[path[1]] if isinstance(questions, list) else None
        name = f"question {question.get('id')!r}" if isinstance(question, dict) and question.get("id") \
            else f"question {path[1] + 1}"
        if path[2] == "choices" and len(path) >= 5 and isinstance(path[3], int):
            return (f"choice {path[3] + 1} of {name}",
                    "explanation" if path[4] == "why" else "choice")
        return (name, {"ask": "question", "why": "explanation"}.get(str(path[2]), str(path[2])))
    if len(path) == 1 and path[0] in _TOP:
        return _TOP[str(path[0])]
    return ".".join(str(part) for part in path), "text"


def engine_expect(case: Case) -> dict[str, Any]:
    """The ``expect`` block the engine would write for a case: every conclusion it reaches, in format order.

    The author keeps only the keys the ruling rests on (CASE_FORMAT.md asks for the ones worked out
    from the laws); ``check`` then holds the case to them.
    """
    found = analyse(case.scenario()).conclusions()
    return {key: as_written(key, found[key]) for key in EXPECT_KEYS if key in found and found[key] is not None}


def _as(shown: Path, problem: ContentProblem) -> ContentProblem:
    return ContentProblem(shown, problem.line, problem.message)
