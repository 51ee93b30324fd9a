"""Properties: any mutation of a real case file loads cleanly or is reported as ``file:line: message``,
and a slip that makes a file invalid is never passed over.

The first test cuts, duplicates, swaps and re-indents lines, drops in YAML syntax
(anchors, aliases, flow brackets, deep nesting, keys with no value), and replaces characters
or bytes of real case files from ``content/cases`` and ``tests/cases_engine``.
The loader must answer with problems that each name a line of the file, and a
case that loads must go through ``check`` (the engine's comparison with
``expect`` and the missing-expect warning) without raising.

The second makes one slip that is wrong wherever it lands, at a place Hypothesis
picks in the file's values: an unknown key in any mapping, a value of the wrong
kind (text for a boolean, a boolean for a number, a number for text), an
infinite number, a merge key, a tab, a huge text, number or list, a file far over
the size limit. The case must not load, and a message must name the line of the
slip (line 1 for a file refused for its size before it is read).

Hypothesis's own ``deadline`` holds every example to a second; the alias refusal
is what keeps a "billion laughs" from hanging. A case's ``solver:`` claims are
read but not solved here: a claim the double-dummy solver has not seen takes it
a few tenths of a second, which ``bench/`` measures.
"""

import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path

from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.commands.check import check_case, missing_expect
from app.content.cases.loader import MAX_FILE_BYTES, read_case
from app.content.cases.writer import dump_case

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "content" / "cases").glob("*.yaml")) + sorted((ROOT / "tests" / "cases_engine").glob("*.yaml"))
TEXTS = {path.stem: path.read_bytes() for path in SOURCES}
SNIPPETS = [
    b"a: &a [x, x, x]", b"b: &b [*a, *a, *a]", b"c: [*b, *b]", b"  - *a", b"<<: *a", b"title:", b"laws:",
    b"expect:", b"board: {number: 7}", b"board:", b"  irregularity: revoke", b"events:", b"- director: true",
    b"  - play: {E: HQ}", b"  - accept: {S: false}", b"  - call: {W: P}", b"questions: 7", b"  choices: 3",
    b"  items: 5", b"  accept: 9", b"    tolerance: x", b"{", b"[", b"]", b"}", b": :", b"- - -", b"? [a, b]",
    b"\t- tab", b"!!python/object:os.system x", b"!!binary aGk=", b"---", b"...", b"%YAML 1.1",
    b"id: other-id", b"deal: 7", b"deal: \"N:- - - -\"", b"result: 14", b"contract: 4S", b"declarer: Q",
    b"solver: {tricks: 99}", b"\xff\xfe", b"\xe9t\xe9", b"\x00", b"\x07", b"deep: " + b"[" * 998 + b"]" * 998,
]


def _mutate(data: bytes, steps: list[tuple[int, int, int, int]]) -> bytes:
    """Apply each (operation, a, b, c) to the lines of ``data``."""
    lines = data.split(b"\n")
    for operation, a, b, c in steps:
        i, j = a % len(lines), b % len(lines)
        if operation == 0:  # cut a run of lines (a file cut short when it reaches the end)
            del lines[i:i + 1 + c % 8]
        elif operation == 1:  # a line written twice
            lines.insert(j, lines[i])
        elif operation == 2:  # two lines swapped
            lines[i], lines[j] = lines[j], lines[i]
        elif operation == 3:  # indentation changed
            lines[i] = b" " * (c % 6) + lines[i].lstrip(b" ")
        elif operation == 4:  # a snippet of YAML dropped in
            lines.insert(i, SNIPPETS[c % len(SNIPPETS)])
        elif operation == 5 and lines[i]:  # one byte replaced
            k = c % len(lines[i])
            lines[i] = lines[i][:k] + bytes([b % 256]) + lines[i][k + 1:]
        elif operation == 6:  # the text ends here
            return b"\n".join(lines)[: a % (len(data) + 1)]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


@pytest.fixture(scope="module")
def workdir() -> Path:
    # The engine is warmed up once, so that the deadline measures the case, not the imports.
    for path in SOURCES[:3]:
        case, _ = read_case(path)
        if case is not None:
            check_case(replace(case, solver=[]))
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@settings(max_examples=300, deadline=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(TEXTS)),
       steps=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 10_000), st.integers(0, 10_000),
                                st.integers(0, 10_000)), min_size=1, max_size=4))
def test_a_mutated_case_loads_or_is_reported_by_line(workdir: Path, name: str,
                                                     steps: list[tuple[int, int, int, int]]) -> None:
    data = _mutate(TEXTS[name], steps)
    path = workdir / f"{name}.yaml"
    path.write_bytes(data)
    case, problems = read_case(path, topics=None)
    last_line = data.count(b"\n") + 1
    for problem in problems:
        assert re.match(rf"^{re.escape(str(path))}:\d+: \S", str(problem)), str(problem)
        assert 1 <= problem.line <= last_line, str(problem)
    if case is None:
        assert problems, "a file that does not load says why"
        return
    assert problems == []
    for problem in check_case(replace(case, solver=[])):
        assert re.match(rf"^{re.escape(str(path))}:\d+: \S", str(problem)), str(problem)
    missing_expect(case)


MARK = "zz-slip-here"  # a placeholder value, replaced in the text by the slip's own YAML
UNKNOWN_KEY = "zq-x_y"  # no mapping of a case has such a key, not even notes (note ids are letters and digits)
# Each is wrong in every place of its kind: (what replaces a value, the kinds of value it may replace).
WRONG_VALUES = {
    "text for a boolean": ("'true'", (bool,)),
    "a boolean for a number": ("true", (int, float)),
    "a number for text": ("12345", (str,)),
    "infinity": (".inf", (bool, int, float, str)),
    "minus infinity": ("-.inf", (bool, int, float, str)),
    "not a number": (".nan", (bool, int, float, str)),
    "a huge number": ("1" + "0" * 30, (bool, int, float, str)),
    "a huge text": ("x" * 25_000, (bool, int, float, str)),
}
Place = tuple[str | int, ...]


def _places(value: Any, where: Place = ()) -> tuple[list[Place], list[Place], list[Place]]:
    """The mappings, the plain values and the lists of a case's data, by their paths."""
    mappings: list[Place] = []
    scalars: list[Place] = []
    lists: list[Place] = []
    if isinstance(value, dict):
        mappings.append(where)
        children: list[tuple[str | int, Any]] = list(value.items())
    elif isinstance(value, list):
        lists.append(where)
        children = list(enumerate(value))
    else:
        return [], [where], []
    for key, item in children:
        found = _places(item, (*where, key))
        mappings += found[0]
        scalars += found[1]
        lists += found[2]
    return mappings, scalars, lists


def _at(data: Any, where: Place) -> Any:
    for key in where:
        data = data[key]
    return data


def _slip(data: dict[str, Any], kind: str, pick: int) -> tuple[str, str] | None:
    """The case's text with one slip made in ``data`` (changed in place), and the text that marks its line;
    None if the file has no place for this kind of slip."""
    mappings, scalars, lists = _places(data)
    if kind in ("unknown key", "merge key", "tab"):
        where = mappings[pick % len(mappings)]
        _at(data, where)[UNKNOWN_KEY if kind != "merge key" else "zz-merge-here"] = {"x": 1} if kind == "merge key" \
            else "x"
        text = dump_case(data)
        if kind == "merge key":
            return text.replace("zz-merge-here", "<<"), "<<:"
        if kind == "tab":
            return text.replace(f"{UNKNOWN_KEY}: x", f"{UNKNOWN_KEY}:\tx"), "\t"
        return text, UNKNOWN_KEY
    if kind in ("a huge list", "a huge file"):
        where = lists[pick % len(lists)]
        items = _at(data, where)
        if not items:
            return None
        _at(data, where[:-1])[where[-1]] = MARK
        # JSON is YAML: the long list goes in as one flow line, which is quicker than the writer.
        # One entry more than the longest list a case may have (events), or as many as make 4 MB.
        one = len(json.dumps(items[0], ensure_ascii=False)) + 2
        flow = json.dumps(items[:1] * (401 if kind == "a huge list" else 4_000_000 // one), ensure_ascii=False)
        return dump_case(data).replace(f'"{MARK}"', MARK).replace(MARK, flow), flow[:40]
    token, kinds = WRONG_VALUES[kind]
    fitting = [where for where in scalars if type(_at(data, where)) in kinds]  # a boolean is no int here
    if not fitting:
        return None
    where = fitting[pick % len(fitting)]
    _at(data, where[:-1])[where[-1]] = MARK
    text = dump_case(data)
    return text.replace(f'"{MARK}"', token).replace(MARK, token), token


@settings(max_examples=200, deadline=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(TEXTS)),
       kind=st.sampled_from(["unknown key", "merge key", "tab", "a huge list", "a huge file", *WRONG_VALUES]),
       pick=st.integers(0, 10_000))
def test_a_slip_anywhere_is_reported_at_its_line(workdir: Path, name: str, kind: str, pick: int) -> None:
    data = yaml.safe_load(TEXTS[name])
    slipped = _slip(data, kind, pick)
    if slipped is None:
        return
    text, marker = slipped
    path = workdir / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    case, problems = read_case(path, topics=None)
    assert case is None and problems, f"{kind} passed unnoticed in {name}"
    last_line = text.count("\n") + 1
    for problem in problems:
        assert re.match(rf"^{re.escape(str(path))}:\d+: \S", str(problem)), str(problem)
        assert 1 <= problem.line <= last_line, str(problem)
    if kind == "a huge file" or len(text.encode()) > MAX_FILE_BYTES:
        assert [(p.line, p.message.split(";")[0]) for p in problems] == [
            (1, f"the file is {len(text.encode()):,} bytes")], [str(p) for p in problems]
        return
    lines = text.split("\n")
    marked = {number for number, line in enumerate(lines, 1) if marker in line}
    assert any(p.line in marked for p in problems), ([str(p) for p in problems], sorted(marked))
