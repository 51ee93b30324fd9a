"""Property: any mutation of a real case file loads cleanly or is reported as ``file:line: message``.

Hypothesis cuts, duplicates, swaps and re-indents lines, drops in YAML syntax
(anchors, aliases, flow brackets, deep nesting, keys with no value), and replaces characters
or bytes of real case files from ``content/cases`` and ``tests/cases_engine``.
The loader must answer with problems that each name a line of the file, and a
case that loads must go through ``check`` (the engine's comparison with
``expect`` and the missing-expect warning) without raising. Hypothesis's own
``deadline`` holds every example to a second; the alias refusal is what keeps
a "billion laughs" from hanging. A case's ``solver:`` claims are read but not
solved here: a claim the double-dummy solver has not seen takes it a few tenths
of a second, which ``bench/`` measures.
"""

import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.commands.check import check_case, missing_expect
from app.content.cases.loader import read_case

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
