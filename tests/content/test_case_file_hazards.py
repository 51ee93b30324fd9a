"""Case files that YAML accepts but that hide a mistake: aliases, keys written twice, keys with no value,
bytes that are not UTF-8, and a file that lost its expect block. Each is reported at its line."""

from pathlib import Path

import pytest

from app import cli
from app.content.cases.loader import read_case

FIXTURES = Path(__file__).parent / "fixtures" / "cases"
EXAMPLE = FIXTURES / "insufficient-bid-over-one-spade.yaml"
ENGINE_CASES = Path(__file__).resolve().parents[1] / "cases_engine"
NAME = "insufficient-bid-over-one-spade.yaml"


def _write(tmp_path: Path, text: str, name: str = NAME) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(text: str, fragment: str, start: int = 1) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if i >= start and fragment in line)


def test_nested_aliases_are_refused_at_the_first_anchor(tmp_path: Path) -> None:
    # Nine levels of ten aliases each would stand for a billion values if they were expanded.
    levels = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    levels += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 9)]
    text = EXAMPLE.read_text(encoding="utf-8").replace("show: [E]", "show: [E]\n" + "\n".join(levels))
    path = _write(tmp_path, text)
    case, problems = read_case(path)
    assert case is None
    assert [(p.line, p.message) for p in problems] == [
        (_line_of(text, "a0: &a0"), "YAML anchor &a0 is not allowed here; write the value out in full")]


def test_an_alias_alone_is_refused_at_its_line(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("show: [E]", "show: [*seat]")
    _, problems = read_case(_write(tmp_path, text))
    assert [(p.line, p.message) for p in problems] == [
        (_line_of(text, "show: [*seat]"), "YAML alias *seat is not allowed here; write the value out in full")]


def test_a_second_board_key_is_reported_with_both_lines(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("board: {number: 5}", "board: {number: 5}\nboard: {number: 6}")
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    first, second = _line_of(text, "board: {number: 5}"), _line_of(text, "board: {number: 6}")
    assert case is None
    assert [(p.line, p.message) for p in problems] == [
        (second, f"board is written twice (lines {first} and {second}); YAML would keep only the second: delete one")]


def test_a_bad_expect_key_hidden_by_a_later_good_one_is_reported(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        "  irregularity: insufficient-bid", "  irregularity: revoke\n  irregularity: insufficient-bid")
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    first = _line_of(text, "irregularity: revoke")
    assert case is None
    assert [p.line for p in problems] == [first + 1]
    assert problems[0].message.startswith(f"expect.irregularity is written twice (lines {first} and {first + 1})")


@pytest.mark.parametrize("key", ["title", "laws", "situation", "board"])
def test_a_required_key_with_no_value_is_missing(tmp_path: Path, key: str) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith((" ", "\n")))
    text = "".join([*lines[:start], f"{key}:\n", *lines[end:]])
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    assert case is None
    assert any(p.line == start + 1 and p.message == f"key '{key}' has no value; it is required by the case format"
               for p in problems), [str(p) for p in problems]


def test_an_optional_key_with_no_value_is_reported(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").split("expect:")[0] + "expect:\n"
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    assert case is None
    assert [(p.line, p.message) for p in problems] == [
        (_line_of(text, "expect:"), "key 'expect' has no value: give it one or leave the key out")]


def test_bytes_that_are_not_utf8_are_reported_by_line_and_column(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    data = text.encode("utf-8").replace(b"title: One diamond", b"title: \xe9One diamond")
    path = tmp_path / NAME
    path.write_bytes(data)
    case, problems = read_case(path)
    assert case is None
    assert [(p.line, p.message.split(";")[0]) for p in problems] == [
        (_line_of(text, "title:"), "column 8: byte 0xe9 is not UTF-8 text (invalid continuation byte)")]


def test_column_counts_characters_not_bytes(tmp_path: Path) -> None:
    path = tmp_path / NAME
    path.write_bytes("format: 1\ntitle: ♠♥ ".encode() + b"\xff")
    _, problems = read_case(path)
    assert (problems[0].line, problems[0].message.split(":")[0]) == (2, "column 11")


def _cut_short(tmp_path: Path) -> Path:
    """An engine case whose file ends before its expect block."""
    source = (ENGINE_CASES / "ib-accepted.yaml").read_text(encoding="utf-8")
    return _write(tmp_path, source.split("expect:")[0], "ib-accepted.yaml")


def test_check_warns_about_a_case_the_engine_rules_on_without_expect(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _cut_short(tmp_path)
    code = cli.main(["check", str(tmp_path)])
    out = capsys.readouterr().out.strip().splitlines()
    line = _line_of(path.read_text(encoding="utf-8"), "call: {E: 1D}")
    assert code == 0
    assert out[0] == (f"{path}:{line}: warning: case 'ib-accepted' has no expect block, but the rules engine finds "
                      "insufficient-bid by East (Law 27A1): add an expect block with what the ruling rests on")
    assert out[-1].endswith(": no problems, 1 warning(s) (errors under --strict)")


def test_under_strict_the_missing_expect_block_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _cut_short(tmp_path)
    code = cli.main(["check", "--strict", str(tmp_path)])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 1
    assert out[0].startswith(f"{path}:") and "warning" not in out[0] and "'ib-accepted' has no expect block" in out[0]
    assert out[-1].endswith(": 1 problem(s)")


def test_a_case_the_engine_finds_nothing_in_needs_no_expect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (ENGINE_CASES / "score-without-irregularity.yaml").read_text(encoding="utf-8")
    _write(tmp_path, source.split("expect:")[0], "score-without-irregularity.yaml")
    code = cli.main(["check", "--strict", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "warning" not in out and out.strip().endswith(": no problems")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("    choices:\n      - text: South may accept", "    choices: 3\n    other:\n      - text: South may accept",
     "choices must be a list"),
    ('    answer: "27B2"', '    answer: "27B2"\n    accept: 9', "accept must be a list"),
    ("  offender: E", "  offender:", "key 'offender' has no value: give it one or leave the key out"),
    ("  offender: E", "  offender: [E, W]", "offender: a seat is N, E, S or W (North, East, South, West are read too), not a list"),
])
def test_a_value_of_the_wrong_shape_inside_a_question_or_expect_is_reported(tmp_path: Path, old: str, new: str,
                                                                            message: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new)
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    assert case is None and any(message in p.message for p in problems), [str(p) for p in problems]


def test_a_case_with_an_empty_commentary_does_not_load(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").split("commentary: |")[0] + 'commentary: ""\n'
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    assert case is None and [p.message for p in problems] == ["commentary is empty"]


def test_nesting_deeper_than_any_case_needs_is_refused_at_its_line(tmp_path: Path) -> None:
    # Nested 998 deep (libyaml allows it), the lists would exhaust Python's stack while the values are built.
    text = EXAMPLE.read_text(encoding="utf-8").replace("show: [E]", "show: " + "[" * 998 + "E" + "]" * 998)
    case, problems = read_case(_write(tmp_path, text))
    assert case is None
    assert [(p.line, p.message) for p in problems] == [
        (_line_of(text, "show: [[["), "lists and mappings are nested more than 64 deep here")]


def test_sources_that_are_not_a_list_keep_the_case_from_loading(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("show: [E]", "show: [E]\nsources: 7")
    case, problems = read_case(_write(tmp_path, text), topics={"insufficient-bid"})
    assert case is None and [(p.line, p.message) for p in problems] == [
        (_line_of(text, "sources: 7"), "sources must be a list, like [a, b], not the number 7")]
