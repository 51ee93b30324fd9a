"""YAML with line numbers: load a document and remember the line of every value.

Case files are written by hand, so every mistake must be reported with its line.
PyYAML composes a node tree that knows lines, and constructs plain Python values
that do not; this module walks both in step and records, for each path of keys
and indexes, the line the value starts on.

Three things YAML allows are refused or reported here because content files
have no use for them and they hide mistakes: anchors and aliases (``&a`` /
``*a``), which let a few lines expand into billions of values; collections
nested deeper than any content needs, which would exhaust Python's stack; and a
key written twice in one mapping, where the last one silently wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

Path = tuple[str | int, ...]
MAX_DEPTH = 64  # content needs a handful of levels; building values recurses once per level


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


def load_located(text: str) -> Located:
    """Parse one YAML document, keeping lines; raises YamlSyntaxError on bad YAML or on an anchor or alias."""
    yaml = _yaml()
    _screen(text)
    loader = _loader(yaml)(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc
    finally:
        loader.dispose()
    located = Located(data)
    if node is not None:
        _record(yaml, node, data, (), located.lines)
        _duplicates(yaml, node, (), located.duplicates)
    return located


def _screen(text: str) -> None:
    """Reject ``&anchor``, ``*alias`` and deep nesting before anything is built: the event stream is as long
    as the text, whereas the values an alias stands for can grow exponentially (the "billion laughs")."""
    yaml = _yaml()
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_loader(yaml)):
            line = event.start_mark.line + 1 if event.start_mark is not None else 1
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                what = "alias *" if isinstance(event, yaml.AliasEvent) else "anchor &"
                raise YamlSyntaxError(line, f"YAML {what}{event.anchor} is not allowed here; write the value out "
                                            "in full")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise YamlSyntaxError(line, f"lists and mappings are nested more than {MAX_DEPTH} deep here")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc


def _syntax_error(exc: yaml.YAMLError, text: str) -> YamlSyntaxError:
    """PyYAML's complaint with its line; a mark past the end of the text (the parser looking for a token
    that never came) is put on the last line."""
    yaml = _yaml()
    if not isinstance(exc, yaml.MarkedYAMLError):
        return YamlSyntaxError(1, f"not valid YAML: {exc}")
    mark = exc.problem_mark or exc.context_mark
    line = min(mark.line + 1, text.count("\n") + 1) if mark is not None else 1
    return YamlSyntaxError(line, f"not valid YAML: {exc.problem or exc.context}")


def _duplicates(yaml: Any, node: yaml.Node, path: Path, found: list[DuplicateKey]) -> None:
    """Every key written twice in a mapping, with both lines (the tree has no aliases, so it is a tree)."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key, line = str(key_node.value), key_node.start_mark.line + 1
                if key in seen:
                    found.append(DuplicateKey(path, key, seen[key], line))
                seen.setdefault(key, line)
                _duplicates(yaml, value_node, (*path, key), found)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _duplicates(yaml, item, (*path, index), found)


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
