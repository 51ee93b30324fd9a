"""The shape of a case file, checked against ``content/case.schema.json`` with every message at its line.

Why a JSON Schema: it is the one statement of which keys a case has and what
each holds, read by the loader here and by an instructor's editor (VS Code's
YAML extension checks and completes a case as it is typed); a slip caught by
one is caught by the other. The ``jsonschema`` library does the checking; this
module only turns its findings into ``file:line`` messages a writer can act on
(an unknown key with the key it was probably meant to be, a value of the wrong
kind with what it should be).

Why a second validator in front of ``jsonschema``: ``jsonschema`` interprets the
schema value by value, which was half the time of reading a case (a pack of 5000,
``check`` on 1000). ``fastjsonschema`` compiles the same schema into Python code
that answers "is it valid?" many times faster, but says little about why not. So
it is a gate: a file it passes, with nothing else to report, is done; any other
goes to ``jsonschema`` for the messages. The gate is made never less strict
than ``jsonschema``: it is not used on a file holding a fraction with nothing
after the point (it would take ``3.0`` as a whole number, which the loader
refuses; ``0.05`` it judges as ``jsonschema`` does), and each ``enum``/``const``
that is not text is given its type, since Python's ``True == 1`` would otherwise
let ``format: true`` pass for ``format: 1``. The compiled code names the place
of each finding in a message built from all its local variables, even when
nothing will read it (an event tried against the kinds it is not, on the way to
the one it is): the gate's messages are never read, so that formatting is taken
out, which makes the gate five times faster.

Three things are checked here because JSON Schema cannot say them: a number
that is not finite (``.inf``, ``.nan``, ``1e400``), a control character that a
quoted escape put into a text, and a key that is not text. A key with no value
(``why:`` and nothing after it) is reported as such rather than as a wrong type.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from app import shipped
from app.content.cases.yaml_lines import Located
from app.content.files.problems import ContentProblem

SCHEMA_NAME = "case.schema.json"
# Characters no case text has a use for: C0 and C1 controls other than the tab and the line end, and DEL.
# (A tab in a text is written \t inside quotes: the loader refuses one written as such.)
_CONTROL = re.compile("[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F]")
_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "array": "a list, like [a, b]", "object": "a mapping of keys", "null": "empty"}
TOP_LEVEL = "case"
_COUNTING = ("minProperties", "maxProperties", "oneOf")  # how many keys a mapping has, or which

JsonPath = tuple[str | int, ...]


def schema_file() -> Path:
    """The schema shipped with this code (``app.shipped``: inside an installed wheel or bundle,
    beside the package in a checkout). It is the loader's contract, so it never comes from another
    content folder ($DIRECTOR_TRAINER_CONTENT)."""
    return shipped("content") / SCHEMA_NAME


@cache
def case_schema() -> dict[str, Any]:
    """The parsed schema, read once."""
    schema: dict[str, Any] = json.loads(schema_file().read_text(encoding="utf-8"))
    return schema


@cache
def _validator() -> Any:
    return validator_for(case_schema())


def validator_for(schema: dict[str, Any]) -> Any:
    """A draft-07 validator whose whole numbers are Python ints: YAML's ``3.0`` is a float, which the
    rest of the loader cannot use as a board number or a trick count, and a boolean is never a number.
    ``schema`` may use the case schema's definitions (another content file that holds case events does)."""
    from jsonschema import Draft7Validator, validators

    def whole(_checker: Any, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    checker = Draft7Validator.TYPE_CHECKER.redefine("integer", whole)
    strict = validators.extend(Draft7Validator, type_checker=checker)
    return strict(_inlined(schema, case_schema()["definitions"]))


def _inlined(node: Any, definitions: dict[str, Any]) -> Any:
    """The schema with each ``#/definitions/...`` reference replaced by what it names: the same rules,
    checked twice as fast, since jsonschema resolves a reference each time it meets one. (The schema's
    definitions do not refer to themselves, so this ends.)"""
    if isinstance(node, list):
        return [_inlined(item, definitions) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:  # draft 07 ignores what stands beside a reference (a description)
        return _inlined(definitions[node["$ref"].removeprefix("#/definitions/")], definitions)
    return {key: _inlined(value, definitions) for key, value in node.items() if key != "definitions"}


# How fastjsonschema's code fills the place into a finding's message ("data.events[{data__events_x}]"); without
# it the message keeps the braces, which nobody reads: only pass or fail counts.
_NAMED_FROM_LOCALS = ".format(**locals())"


@cache
def _gate() -> Callable[[Any], Any]:
    """The schema compiled by fastjsonschema (see the module's docstring), typed so that it accepts nothing
    the draft-07 validator refuses; it raises ``JsonSchemaException`` on a file that does not pass."""
    import fastjsonschema

    schema = _typed(_inlined(case_schema(), case_schema()["definitions"]))
    schema["$schema"] = "http://json-schema.org/draft-07/schema#"
    schema.pop("$id", None)  # the code's entry is then named ``validate``, not after the schema's address
    code = fastjsonschema.compile_to_code(schema, detailed_exceptions=False)
    namespace: dict[str, Any] = {}
    exec(code.replace(_NAMED_FROM_LOCALS, ""), namespace)  # the library's own code, run as its compile() runs it
    gate: Callable[[Any], Any] = namespace["validate"]
    return gate


def _passes_gate(data: Any) -> bool:
    from fastjsonschema import JsonSchemaException

    try:
        _gate()(data)
    except JsonSchemaException:
        return False
    return True


_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (type(None), "null"),
               (list, "array"), (dict, "object"))


def _typed(node: Any) -> Any:
    """The schema with each ``enum`` and ``const`` that is not all text split by JSON type, so that a boolean
    never matches a number (in Python ``True == 1``) nor a number a boolean."""
    if isinstance(node, list):
        return [_typed(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _typed(value) for key, value in node.items()}
    values = out.pop("enum", None) if "enum" in out else [out.pop("const")] if "const" in out else None
    if values is None:
        return out
    by_type: dict[str, list[Any]] = {}
    for value in values:
        by_type.setdefault(next(name for kind, name in _JSON_TYPES if isinstance(value, kind)), []).append(value)
    out["allOf"] = [*out.get("allOf", []), {"anyOf": [{"type": kind, "enum": same} for kind, same in by_type.items()]}]
    return out


def shape_problems(path: Path, located: Located, validator: Any = None,
                   contract: str = "the case format") -> list[ContentProblem]:
    """Every way the file departs from the schema (the case schema unless ``validator`` says another,
    made by ``validator_for``; ``contract`` names it in messages), one message per slip, sorted by line.
    Only the case schema has the compiled gate in front of it (it is what thousands of files meet)."""
    checker = _ShapeCheck(path, located, validator or _validator(), contract, gated=validator is None)
    return checker.run()


class _ShapeCheck:
    """One file's check: the YAML values as JSON sees them, then the schema's findings as messages."""

    def __init__(self, path: Path, located: Located, validator: Any, contract: str, gated: bool) -> None:
        self.path = path
        self.doc = located
        self.validator = validator
        self.contract = contract
        self.gated = gated  # the compiled case-schema gate may pass a sound file without the validator
        self.problems: list[ContentProblem] = []
        self.reported: set[JsonPath] = set()  # paths with a message already: one message per slip
        self.empty: set[JsonPath] = set()  # keys written with no value, left out of what the schema sees
        self.unknown_in: set[JsonPath] = set()  # mappings with an unknown key reported
        self.whole_floats = False  # a float like 3.0 met: the gate would take it for a whole number

    def run(self) -> list[ContentProblem]:
        data = self._as_json(self.doc.data, ())
        if self.gated and not self.problems and not self.empty and not self.whole_floats and _passes_gate(data):
            return []
        for error in sorted(self.validator.iter_errors(data), key=_outside_in):
            self._report(error)
        for where in sorted(self.empty - self.reported, key=str):
            self._add(where, f"key '{where[-1]}' has no value: give it one or leave the key out")
        return sorted(self.problems, key=lambda p: p.line)

    # ----- the values as JSON sees them ------------------------------------------------------------

    def _as_json(self, value: Any, where: JsonPath) -> Any:
        """Keys as text (YAML reads ``1:`` as a number), keys with no value left out and remembered,
        and the values JSON Schema cannot judge reported here."""
        if isinstance(value, dict):
            out: dict[str, Any] = {}
            for key, item in value.items():
                if isinstance(key, bool) or not isinstance(key, str | int):
                    self._add(where, f"the key {key!r} is not plain text; write keys as words, like title:")
                    continue
                name = str(key)
                if item is None:
                    self.empty.add((*where, name))
                    continue
                out[name] = self._as_json(item, (*where, name))
            return out
        if isinstance(value, list):
            return [self._as_json(item, (*where, index)) for index, item in enumerate(value)]
        if isinstance(value, float) and value.is_integer():
            self.whole_floats = True
        if isinstance(value, float) and not math.isfinite(value):
            self._add(where, f"{_name(where)} is {value}, not a finite number; write an ordinary number", mark=True)
        elif isinstance(value, str) and (control := _CONTROL.search(value)):
            self._add(where, f"{_name(where)} holds the control character U+{ord(control.group()):04X}, "
                             "which no case text uses; delete it", mark=True)
        return value

    # ----- the schema's findings as messages -----------------------------------------------------------

    def _report(self, error: Any) -> None:
        where: JsonPath = tuple(error.absolute_path)
        if any(where[:n] in self.reported for n in range(len(where) + 1)):
            return  # a slip inside something already reported is the same slip
        validator, schema, value = error.validator, error.schema, error.instance
        if validator == "required":
            for key in error.validator_value:
                if key not in value:
                    self._missing(where, key, schema)
            return
        if validator == "additionalProperties":
            for key in value:
                if key not in schema.get("properties", {}):
                    self._unknown((*where, key), schema)
            self.unknown_in.add(where)
            return
        if validator in _COUNTING and where in self.unknown_in:
            return  # "one key only" is what the unknown key already broke
        self._add(where, self._message(validator, schema, value, where), mark=True)

    def _missing(self, where: JsonPath, key: str, schema: dict[str, Any]) -> None:
        if (*where, key) in self.empty:
            self.reported.add((*where, key))
            required = f"it is required by {self.contract}" if not where else f"{_a(_title(schema))} needs it"
            self._add((*where, key), f"key '{key}' has no value; {required}")
        elif not where:
            self._add(where, f"missing key '{key}' (required by {self.contract})")
        else:
            self._add(where, f"missing key '{key}': {_a(_title(schema))} needs it")

    def _unknown(self, where: JsonPath, schema: dict[str, Any]) -> None:
        if where in self.reported:
            return  # the same key found unknown by the question's kind and by the question itself
        key, title = str(where[-1]), _title(schema)
        allowed = list(schema.get("properties", {}))
        known_elsewhere = key in _question_keys() and title.endswith("question")
        if known_elsewhere:
            message = f"'{key}' is not a key of {_a(title)}; its keys are {', '.join(allowed)}"
        else:
            guess = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            hint = f"did you mean `{guess[0]}`?" if guess else f"the keys are {', '.join(allowed)}"
            message = f"unknown key '{key}' in {_a(title)}; {hint}"
        self._add(where, message, mark=True)

    def _message(self, validator: str, schema: dict[str, Any], value: Any, where: JsonPath) -> str:
        name = _name(where)
        custom = schema.get("errorMessage")
        if validator == "enum":
            choices = [_shown(v) for v in schema["enum"]]
            guess = difflib.get_close_matches(str(value), [str(v) for v in schema["enum"]], n=1, cutoff=0.6)
            hint = f"; did you mean `{guess[0]}`?" if guess and isinstance(value, str) else ""
            if custom:
                return f"{name} is {_shown(value)}: {custom}{hint}"
            return f"{name} is {_shown(value)}; it must be one of {', '.join(choices)}{hint}"
        if validator == "maxLength":
            return f"{name} is {len(value)} characters long; the limit is {schema['maxLength']}"
        if validator == "maxItems":
            return f"{name} has {len(value)} entries; the limit is {schema['maxItems']}"
        if validator == "maxProperties" and not custom:
            return f"{name} has {len(value)} entries; the limit is {schema['maxProperties']}"
        if validator == "minLength" and value == "":
            return f"{name} is empty"
        if validator == "minItems" and not custom:
            return f"{name} needs at least {schema['minItems']} entries"
        if validator == "uniqueItems":
            return f"{name} lists the same entry twice"
        if validator == "dependencies":
            return "give contract: and declarer: together (e.g. contract: 4SX, declarer: S)"
        if validator in ("minLength", "pattern") and isinstance(value, str) and not value.strip():
            return f"{name} is empty"
        if validator == "type":
            wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            stated = custom or f"{name} must be {' or '.join(_TYPE_WORDS[t] for t in wanted)}"
            return f"{stated if stated.startswith(name) else f'{name}: {stated}'}, not {_described(value)}"
        if custom:
            return custom if custom.startswith(name) else f"{name} is {_shown(value)}: {custom}"
        if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            return f"{name} is {_shown(value)}, outside the range this key allows ({validator} {schema[validator]})"
        return f"{name} is not written as the case format asks ({_shown(value)})"

    def _add(self, where: JsonPath, message: str, mark: bool = False) -> None:
        if mark:
            self.reported.add(where)
        self.problems.append(ContentProblem(self.path, self.doc.line(*where), message))


def _outside_in(error: Any) -> tuple[int, bool]:
    """Report order: a mapping before what is inside it, and at one place its unknown or missing keys first,
    which say more than a count of keys does."""
    return len(error.absolute_path), error.validator not in ("additionalProperties", "required")


def _name(where: JsonPath) -> str:
    """How a message names a value: its key, or the list it is an entry of."""
    for position, part in enumerate(reversed(where)):
        if isinstance(part, str):
            return part if position == 0 else f"an entry of {part}"
    return "the file"


def _title(schema: dict[str, Any]) -> str:
    return str(schema.get("title", TOP_LEVEL))


def _a(title: str) -> str:
    return f"an {title}" if title[:1] in "aeiou" else f"a {title}"


@cache
def _question_keys() -> frozenset[str]:
    return frozenset(case_schema()["definitions"]["question"]["properties"])


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, int | float):
        return str(value)
    return _described(value)


def _described(value: Any) -> str:
    """A wrong value in words: 'the text 'true'', 'a list', 'the number 12345'."""
    if isinstance(value, bool):
        return f"the boolean {_shown(value)}"
    if isinstance(value, str):
        return f"the text {_shown(value)}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__} value"
