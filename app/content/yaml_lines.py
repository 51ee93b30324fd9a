"""YAML with line numbers: load a document and remember the line of every value.

Case files are written by hand, so every mistake must be reported with its line.
PyYAML composes a node tree that knows lines, and constructs plain Python values
that do not; this module walks both in step and records, for each path of keys
and indexes, the line the value starts on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

Path = tuple[str | int, ...]
# libyaml's loader when PyYAML was built with it: the same results, several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlSyntaxError(ValueError):
    """The text is not valid YAML; ``line`` says where the parser gave up."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Located:
    """A loaded document and the line of each value, by its path from the root."""

    data: Any
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, *path: str | int) -> int:
        """The line of the value at path, or of its nearest ancestor that has one."""
        key: Path = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get((), 1)


def load_located(text: str) -> Located:
    """Parse one YAML document, keeping lines; raises YamlSyntaxError on bad YAML."""
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise YamlSyntaxError(line, f"not valid YAML: {exc.problem or exc.context}") from exc
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(1, f"not valid YAML: {exc}") from exc
    finally:
        loader.dispose()
    located = Located(data)
    if node is not None:
        _record(node, data, (), located.lines)
    return located


def _record(node: yaml.Node, value: Any, path: Path, lines: dict[Path, int]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode) and isinstance(value, dict):
        for key_node, value_node in node.value:
            key = key_node.value
            if key in value:
                _record(value_node, value[key], (*path, key), lines)
            else:  # a non-string key constructed to another type (e.g. 1 for "1")
                for actual in value:
                    if str(actual) == key:
                        _record(value_node, value[actual], (*path, str(actual)), lines)
    elif isinstance(node, yaml.SequenceNode) and isinstance(value, list):
        for index, (item_node, item) in enumerate(zip(node.value, value, strict=False)):
            _record(item_node, item, (*path, index), lines)
