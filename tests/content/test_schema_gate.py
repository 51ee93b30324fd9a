"""The fast gate in front of the schema check never passes a file the draft-07 validator refuses.

The gate (fastjsonschema's compiled form of content/case.schema.json) only spares ``jsonschema`` the
files it passes; were it ever more lenient, a slip would load without a word. Its known leniencies
(Python's ``True == 1``, ``3.0`` as a whole number) and the fractions it does judge (``2.5``) are the
cases tried here, at every place of every library case where a boolean, a number or an enumerated value
stands.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.content.cases import schema
from app.content.cases.schema import _passes_gate, case_schema, shape_problems
from app.content.cases.yaml_lines import Located, load_located

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "content" / "cases").glob("*.yaml"))
SWAPS: dict[type, list[Any]] = {bool: [1, 0, 1.0], int: [True, False, 2.0, 2.5], float: [True, 2, 2.0], str: [True, 1]}


def _places(value: Any, where: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*where, index))
    else:
        yield where, value


def _with(data: Any, where: tuple[Any, ...], value: Any) -> Any:
    changed = copy.deepcopy(data)
    target = changed
    for part in where[:-1]:
        target = target[part]
    target[where[-1]] = value
    return changed


@pytest.mark.parametrize("path", CASES[::7], ids=lambda path: path.stem)
def test_the_gate_never_changes_what_is_reported(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each slip gets the same messages with the gate as from ``jsonschema`` alone, and gets some."""
    located = load_located(path.read_text(encoding="utf-8"), strict=True)
    tried = 0
    for where, value in _places(located.data):
        if isinstance(value, str) and len(value) > 20:
            continue  # free text: any text is as good as another, and a number there is refused by type
        for swap in SWAPS.get(type(value), []):
            changed = Located(_with(located.data, where, swap), located.lines)
            with_gate = shape_problems(path, changed)
            with monkeypatch.context() as patched:
                patched.setattr(schema, "_passes_gate", lambda data: False)
                alone = shape_problems(path, changed)
            assert with_gate == alone, f"{path.name}: {'.'.join(map(str, where))} = {swap!r}"
            tried += 1
    assert tried > 20


def test_an_enumerated_boolean_and_a_constant_number_keep_their_types() -> None:
    """``format: 1`` is a constant and ``director: true`` one value of an enum: their look-alikes of the
    other type must not pass the gate (in Python ``True == 1``)."""
    assert case_schema()["properties"]["format"]["const"] == 1
    data = load_located(CASES[0].read_text(encoding="utf-8"), strict=True).data
    assert _passes_gate(data) and not _passes_gate({**data, "format": True})
    events = [{"director": 1} if event == {"director": True} else event for event in data["events"]]
    assert any(type(event.get("director")) is int for event in events)  # the look-alike is in
    assert not _passes_gate({**data, "events": events})
