"""YAML with line numbers: load a document and remember the line of every value.

Case files are written by hand, so every mistake must be reported with its line.
PyYAML composes a node tree that knows lines, and constructs plain Python values
that do not; this module walks both in step and records, for each path of keys
and indexes, the line the value starts on.

Several things YAML allows are refused or reported here because content files
have no use for them and they hide mistakes: anchors and aliases (``&a`` /
``*a``), which let a few lines expand into billions of values; merge keys
(``<<:``), which pull keys in from elsewhere; collections nested deeper than any
content needs, which would exhaust Python's stack; a key written twice in one
mapping, where the last one silently wins; and characters YAML cannot hold,
reported at their own line and column rather than where the parser gave up.

Case files are read ``strict``: YAML 1.2's booleans (``true``/``false`` only, so
that ``yes`` is the text an editor's YAML 1.2 checker also sees), and no tabs or
line breaks an editor does not show as one, since YAML reads them differently
from what the author sees on screen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

Path = tuple[str | int, ...]
MAX_DEPTH = 64  # content needs a handful of levels; building values recurses once per level
MERGE_TAG = "tag:yaml.org,2002:merge"
STR_TAG, SEQ_TAG, MAP_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
BOOL_TAG = "tag:yaml.org,2002:bool"
# Characters YAML cannot hold (the complement of its printable set), and, in a strict file, tabs and the
# line breaks an editor shows differently from YAML: a lone carriage return, NEL, the line and paragraph
# separators.
_UNPRINTABLE = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]"
_STRICT_ONLY = re.compile("\t|\r(?!\n)|[\x85\u2028\u2029]")


@cache
def _unprintable() -> re.Pattern[str]:
    """The pattern of ``_UNPRINTABLE``, compiled at its first use: its class spans most of Unicode and takes
    about 10 ms to compile, which the window's start-up (importing this module with the law editions, read
    from the cached library) does not need."""
    return re.compile(_UNPRINTABLE)


class YamlSyntaxError(ValueError):
    """The text is not valid YAML; ``line`` says where the parser gave up."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True)
class DuplicateKey:
    """A key written twice in one mapping: PyYAML keeps the value at ``second``."""

    path: Path
    key: str
    first: int
    second: int


@dataclass
class Located:
    """A loaded document, the line of each value by its path from the root, and any key written twice."""

    data: Any
    lines: dict[Path, int] = field(default_factory=dict)
    duplicates: list[DuplicateKey] = field(default_factory=list)

    def line(self, *path: str | int) -> int:
        """The line of the value at path, or of its nearest ancestor that has one."""
        key: Path = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get((), 1)


def _yaml() -> Any:
    """PyYAML, imported on first use: the window starts from a cached library and parses no YAML."""
    import yaml

    return yaml


def _loader(yaml: Any) -> Any:
    """libyaml's loader when PyYAML was built with it: the same results, several times faster."""
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def _strict_loader() -> Any:
    """The loader with YAML 1.2's booleans: ``yes``, ``no``, ``on`` and ``off`` stay text, as they are in
    YAML 1.2 (and so in an editor's schema check); only true and false are booleans."""
    yaml = _yaml()
    base = _loader(yaml)
    resolvers = {first: [(tag, pattern) for tag, pattern in found if tag != BOOL_TAG]
                 for first, found in base.yaml_implicit_resolvers.items()}
    strict: Any = type("StrictCaseLoader", (base,), {"yaml_implicit_resolvers": resolvers})
    strict.add_implicit_resolver(BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    return strict


def load_located(text: str, strict: bool = False) -> Located:
    """Parse one YAML document, keeping lines; raises YamlSyntaxError on bad YAML, on a character YAML
    cannot hold, on an anchor, alias or merge key, and, when ``strict`` (case files), on a tab or a line
    break an editor does not show; ``strict`` also reads only true and false as booleans."""
    yaml = _yaml()
    _screen_characters(text, strict)
    loader_class = _strict_loader() if strict else _loader(yaml)
    _screen(text, loader_class)
    loader = loader_class(text)
    located = Located(None)
    try:
        node = loader.get_single_node()
        if node is not None:
            # Before construction, which would apply (and remove) merge keys.
            _inspect(yaml, node, (), located.duplicates)
            located.data = _construct(yaml, loader, node)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc
    finally:
        loader.dispose()
    if node is not None:
        _record(yaml, node, located.data, (), located.lines)
    return located


def _screen_characters(text: str, strict: bool) -> None:
    """The first character YAML cannot hold (or, strict, a tab or a hidden line break), at its line and
    column: PyYAML's own complaint about it names no line."""
    bad = _unprintable().search(text)
    tab = _STRICT_ONLY.search(text) if strict else None
    if tab is not None and (bad is None or tab.start() < bad.start()):
        bad = tab
    if bad is None:
        return
    line = text.count("\n", 0, bad.start()) + 1
    column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
    char = bad.group()
    if char == "\t":
        what = ("a tab character: YAML reads a tab in indentation differently from the spaces an editor shows; "
                "use spaces")
    elif char in "\r\x85\u2028\u2029":
        what = (f"the line break U+{ord(char):04X}, which editors do not show as a new line but YAML reads as one; "
                "use ordinary line ends")
    else:
        raise YamlSyntaxError(line, f"not valid YAML at column {column}: the control character U+{ord(char):04X} "
                                    "cannot stand in a YAML file; delete it")
    raise YamlSyntaxError(line, f"column {column}: {what}")


def _screen(text: str, loader: Any) -> None:
    """Reject ``&anchor``, ``*alias`` and deep nesting before anything is built: the event stream is as long
    as the text, whereas the values an alias stands for can grow exponentially (the "billion laughs").

    The events are taken from the parser one by one and told apart by their class, not through
    ``yaml.parse`` and ``isinstance``: a case has hundreds of events, and this loop is run for every file
    of a pack."""
    yaml = _yaml()
    starts, ends = {yaml.SequenceStartEvent, yaml.MappingStartEvent}, {yaml.SequenceEndEvent, yaml.MappingEndEvent}
    nodes = {*starts, yaml.ScalarEvent, yaml.AliasEvent}
    parser = loader(text)
    depth = 0
    try:
        while (event := parser.get_event()) is not None:
            kind = type(event)
            if kind in nodes and event.anchor is not None:
                line = event.start_mark.line + 1 if event.start_mark is not None else 1
                what = "alias *" if kind is yaml.AliasEvent else "anchor &"
                raise YamlSyntaxError(line, f"YAML {what}{event.anchor} is not allowed here; write the value out "
                                            "in full")
            if kind in starts:
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark is not None else 1
                    raise YamlSyntaxError(line, f"lists and mappings are nested more than {MAX_DEPTH} deep here")
            elif kind in ends:
                depth -= 1
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc
    finally:
        parser.dispose()


def _syntax_error(exc: yaml.YAMLError, text: str) -> YamlSyntaxError:
    """PyYAML's complaint with its line; a mark past the end of the text (the parser looking for a token
    that never came) is put on the last line."""
    yaml = _yaml()
    if isinstance(exc, yaml.reader.ReaderError):  # a position in the text, not a mark
        return YamlSyntaxError(text.count("\n", 0, exc.position) + 1, f"not valid YAML: {exc.reason}")
    if not isinstance(exc, yaml.MarkedYAMLError):
        return YamlSyntaxError(1, f"not valid YAML: {exc}")
    mark = exc.problem_mark or exc.context_mark
    line = min(mark.line + 1, text.count("\n") + 1) if mark is not None else 1
    return YamlSyntaxError(line, f"not valid YAML: {exc.problem or exc.context}")


def _inspect(yaml: Any, node: yaml.Node, path: Path, found: list[DuplicateKey]) -> None:
    """Every key written twice in a mapping, with both lines (the tree has no aliases, so it is a tree);
    a merge key is refused at its line."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == MERGE_TAG:
                raise YamlSyntaxError(key_node.start_mark.line + 1, "a YAML merge key (<<:) is not allowed here; "
                                                                    "write the keys out in full")
            if isinstance(key_node, yaml.ScalarNode):
                key, line = str(key_node.value), key_node.start_mark.line + 1
                if key in seen:
                    found.append(DuplicateKey(path, key, seen[key], line))
                seen.setdefault(key, line)
                _inspect(yaml, value_node, (*path, key), found)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _inspect(yaml, item, (*path, index), found)


def _construct(yaml: Any, loader: Any, node: yaml.Node) -> Any:
    """The value of a node, as the loader's ``construct_document`` builds it, with text, lists and mappings of
    text keys built here.

    Why: the loader builds every value through the same general step (tags, generators for values that
    refer to themselves), which was a sixth of reading a case file; the values of a case are nearly all text,
    lists and mappings with text keys, and a tree without aliases refers to nothing twice. Any other node (a
    number, a boolean, a date, an explicit tag, a key that is not text) is handed to the loader, which
    builds it, or refuses it, exactly as before."""
    tag = node.tag
    if tag == STR_TAG and isinstance(node, yaml.ScalarNode):
        return node.value
    if tag == SEQ_TAG and isinstance(node, yaml.SequenceNode):
        return [_construct(yaml, loader, item) for item in node.value]
    if tag == MAP_TAG and isinstance(node, yaml.MappingNode) and all(
            key.tag == STR_TAG and isinstance(key, yaml.ScalarNode) for key, _value in node.value):
        return {key.value: _construct(yaml, loader, value) for key, value in node.value}  # a key twice: the last value, as PyYAML
    return loader.construct_object(node, deep=True)


def _record(yaml: Any, node: yaml.Node, value: Any, path: Path, lines: dict[Path, int]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode) and isinstance(value, dict):
        for key_node, value_node in node.value:
            key = key_node.value
            if key in value:
                _record(yaml, value_node, value[key], (*path, key), lines)
            else:  # a non-string key constructed to another type (e.g. 1 for "1")
                for actual in value:
                    if str(actual) == key:
                        _record(yaml, value_node, value[actual], (*path, str(actual)), lines)
    elif isinstance(node, yaml.SequenceNode) and isinstance(value, list):
        for index, (item_node, item) in enumerate(zip(node.value, value, strict=False)):
            _record(yaml, item_node, item, (*path, index), lines)
