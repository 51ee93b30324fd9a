"""The case schema (content/case.schema.json): every slip a writer makes by hand gets a message at its line.

Each slip below was once accepted without a word (issue 27): a misspelt key that silently turned a
right answer wrong, text where a boolean belongs, an empty value, a YAML merge key, a tab, a NUL,
an infinite number. The loader now checks every file against the published schema first.
"""

import json
import time
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from app.content.cases.loader import MAX_FILE_BYTES, read_case
from app.content.cases.model import EDITIONS, QUESTION_KINDS
from app.content.cases.questions import EXPECT_KEYS
from app.content.cases.schema import case_schema, schema_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = Path(__file__).parent / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"
NAME = EXAMPLE.name
TOPICS = {"insufficient-bid"}


def _problems(tmp_path: Path, old: str, new: str) -> tuple[str, list[tuple[int, str]]]:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    path = tmp_path / NAME
    path.write_text(text, encoding="utf-8")
    case, problems = read_case(path, TOPICS)
    assert case is None, "the slip must keep the case from loading"
    return text, [(p.line, p.message) for p in problems]


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if fragment in line)


SLIPS = [
    # unknown keys, with the key that was probably meant
    ("        correct: true", "        corect: true", "corect:", "unknown key 'corect' in a choice; did you mean `correct`?"),
    ('    answer: "27B2"', '    answer: "27B2"\n    acept: ["27B"]', "acept:",
     "unknown key 'acept' in a question; did you mean `accept`?"),
    ("    kind: single\n    ask: South does not accept", "    kind: single\n    tolerence: 2\n    ask: South does not accept",
     "tolerence:", "unknown key 'tolerence' in a question; did you mean `tolerance`?"),
    ("show: [E]", "show: [E]\nsituaton: x", "situaton:", "unknown key 'situaton' in a case; did you mean `situation`?"),
    ("board: {number: 5}", "board: {number: 5, dealr: N}", "board:", "unknown key 'dealr' in a board; did you mean `dealer`?"),
    ("  - director: true", "  - directer: true", "directer:", "unknown key 'directer' in an event; did you mean `director`?"),
    ("  - call: {E: 1D}", "  - call: {E: 1D, intented: true}", "intented",
     "unknown key 'intented' in a call event; did you mean `intended`?"),
    ("  offender: E", "  ofender: E", "ofender:", "unknown key 'ofender' in an expect block; did you mean `offender`?"),
    ('    answer: "27B2"', '    answer: "27B2"\n    tolerance: 1', "tolerance: 1",
     "'tolerance' is not a key of a law question; its keys are id, kind, ask, why, points, accept, answer"),
    # booleans are booleans
    ("        correct: true", "        correct: 'true'", "correct: 'true'",
     "correct must be true or false, written without quotes, not the text 'true'"),
    ("        correct: true", "        correct: yes", "correct: yes",
     "correct must be true or false, written without quotes, not the text 'yes'"),
    ("        correct: true", "        correct: 1", "correct: 1",
     "correct must be true or false, written without quotes, not the number 1"),
    ("  lead_restrictions: true", "  lead_restrictions: 'true'", "lead_restrictions:",
     "lead_restrictions: this key is true or false, written without quotes, not the text 'true'"),
    # text is text, of a sane length
    ("title: One diamond over an opening one spade", "title: 12345", "title:",
     "title must be one line of text (up to 200 characters), not the number 12345"),
    ("      - text: South may accept the insufficient bid", "      - text: [South, may, accept]", "text: [South",
     "text must be text, not a list"),
    ("title: One diamond over an opening one spade", "title: " + "x" * 201, "title:",
     "title is 201 characters long; the limit is 200"),
    ("      - {text: Pass}", "\n".join(f"      - {{text: Pass {n}}}" for n in range(11)),
     "{text: 2D, correct: true}",
     "choices has 13 entries; the limit is 12"),
    # no value where a value belongs
    ("        why: Law 27A1 gives the offender's left-hand opponent the first choice.", "        why:", "why:",
     "key 'why' has no value: give it one or leave the key out"),
    ("      - text: South may accept the insufficient bid", "      - text:", "text:",
     "key 'text' has no value; a choice needs it"),
    ("    ask: Whose decision comes first?", "    ask:", "ask:", "key 'ask' has no value; a question needs it"),
    # numbers are finite and in range
    ("  offender: E", "  offender: E\n  tricks_transferred: 1e400", "tricks_transferred",
     "tricks_transferred: this key is a whole number of tricks, 0 to 13, not the text '1e400'"),
    ("  offender: E", "  offender: E\n  score_ns: .inf", "score_ns", "score_ns is inf, not a finite number; write an ordinary number"),
    ("  offender: E", "  offender: E\n  tricks_transferred: 1.0e+400", "tricks_transferred",
     "tricks_transferred is inf, not a finite number; write an ordinary number"),
    ("difficulty: 1", "difficulty: .nan", "difficulty:", "difficulty is nan, not a finite number; write an ordinary number"),
    ("difficulty: 1", "difficulty: 1.0", "difficulty:", "difficulty must be a whole number from 1 to 5, not the number 1.0"),
    ("board: {number: 5}", "board: {number: 100000000000000000000}", "board:",
     "number is 100000000000000000000: board number must be a whole number from 1 to 9999"),
    # what YAML allows but a case has no use for
    ("board: {number: 5}", "board: {<<: {number: 5}}", "board:", "a YAML merge key (<<:) is not allowed here; write the keys out in full"),
    ("  - director: true", "\t- director: true", "director", "column 1: a tab character: YAML reads a tab in indentation "
     "differently from the spaces an editor shows; use spaces"),
    ("situation: |\n  Markdown", "situation: |\n  Mark\tdown", "Mark\tdown", "column 7: a tab character: YAML reads a tab "
     "in indentation differently from the spaces an editor shows; use spaces"),
    ("title: One diamond over an opening one spade", 'title: "One\\0 diamond"', "title:",
     "title holds the control character U+0000, which no case text uses; delete it"),
    ("title: One diamond over an opening one spade", "title: One\x00 diamond", "title:",
     "not valid YAML at column 11: the control character U+0000 cannot stand in a YAML file; delete it"),
    ("situation: |\n  Markdown", "situation: |\n  Mark\x07down", "Mark\x07down",
     "not valid YAML at column 7: the control character U+0007 cannot stand in a YAML file; delete it"),
    ("situation: |\n  Markdown", "situation: |\n  Mark\u2028down", "Mark\u2028down",
     "column 7: the line break U+2028, which editors do not show as a new line but YAML reads as one; use ordinary "
     "line ends"),
]


@pytest.mark.parametrize(("old", "new", "where", "message"), SLIPS, ids=[s[3][:40] for s in SLIPS])
def test_a_slip_is_reported_at_its_line(tmp_path: Path, old: str, new: str, where: str, message: str) -> None:
    text, problems = _problems(tmp_path, old, new)
    assert (_line_of(text, where), message) in problems, problems


def test_several_slips_are_each_reported_once_in_line_order(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in (("difficulty: 1", "difficulty: 9"), ("show: [E]", "show: [X]"),
                     ("        correct: true", "        corect: true")):
        text = text.replace(old, new, 1)
    path = tmp_path / NAME
    path.write_text(text, encoding="utf-8")
    case, problems = read_case(path, TOPICS)
    assert case is None
    assert [(p.line, p.message) for p in problems] == [
        (_line_of(text, "difficulty: 9"), "difficulty must be a whole number from 1 to 5"),
        (_line_of(text, "show: [X]"), "an entry of show is 'X': a seat is N, E, S or W (North, East, South, West are "
                                      "read too)"),
        (_line_of(text, "corect:"), "unknown key 'corect' in a choice; did you mean `correct`?"),
    ]


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / NAME
    # Not YAML at all, so a message about anything but the size would mean it was parsed.
    path.write_text("{[" * (MAX_FILE_BYTES // 2 + 1), encoding="utf-8")
    started = time.perf_counter()
    case, problems = read_case(path, TOPICS)
    assert time.perf_counter() - started < 1.0
    assert case is None and [(p.line, p.message.split(";")[0]) for p in problems] == [
        (1, f"the file is {MAX_FILE_BYTES + 2:,} bytes")]


def test_the_schema_is_a_valid_draft_07_schema_and_the_published_file() -> None:
    assert schema_file() == ROOT / "content" / "case.schema.json"
    schema = json.loads(schema_file().read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    assert case_schema() == schema


def test_the_schema_and_the_reader_name_the_same_keys_and_values() -> None:
    schema = case_schema()
    definitions = schema["definitions"]
    assert tuple(schema["properties"]["edition"]["enum"]) == EDITIONS
    assert tuple(definitions["question"]["properties"]["kind"]["enum"]) == QUESTION_KINDS
    assert set(definitions["expect"]["properties"]) == set(EXPECT_KEYS)


def test_every_library_case_has_the_schema_shape() -> None:
    from app.content.cases.loader import load_cases

    cases, problems = load_cases([ROOT / "content" / "cases", ROOT / "tests" / "cases_engine"])
    assert problems == [] and len(cases) > 200
