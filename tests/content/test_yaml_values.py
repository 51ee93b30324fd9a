"""The values ``load_located`` builds are the ones PyYAML's own constructor builds, errors included.

``yaml_lines`` builds text, lists and mappings of text keys itself, for speed, and hands every other
node to PyYAML; were the two ever to differ, a case would read differently from what an instructor's
YAML tools show. Every YAML file of the content and a set of documents with the nodes the short way
leaves to PyYAML (numbers, dates, explicit tags, keys that are not text, a key written twice, values
PyYAML refuses) are built both ways and compared, value and type, or error and message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from app.content.cases import yaml_lines

ROOT = Path(__file__).resolve().parents[2]
CONTENT = sorted((ROOT / "content").rglob("*.yaml"))
ODD = [
    "a: 1\na: 2\nb: [1, 2.5, true, null, ~, 2001-12-14, .inf, 0x1F, 1e400]\n",
    "!!set {a, b}", "x: !!omap [a: 1, b: 2]", "x: !!pairs [a: 1, a: 2]", "? [1, 2]\n: x", "{a: 1, {b: 2}: 3}",
    "a: =\n", "= : a", "a: !!str 12", "a: !!binary aGVsbG8=", "1: a\n0x1: b\n", "true: x\nnull: y\n",
    "a: !foo x", "a: !!seq {x: 1}", "a: !!map [1]", "- !!str [a]", "- 2001-13-45\n", "'': x\n", "a: !!int x",
    "a: {b: 1, b: 2, c: 3}", "[a, [b, {c: d}]]", "a: !!float 1", "a: yes\nb: on\nc: 'true'\n", "", "~",
]


def _built(text: str, loader_class: Any, build: Callable[[Any, Any], Any]) -> tuple[str, str]:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        return "value", repr(None if node is None else build(loader, node))
    except Exception as error:  # PyYAML raises ValueError for some values (a 13th month): the same is expected
        return "error", f"{type(error).__name__}: {error}"
    finally:
        loader.dispose()


@pytest.mark.parametrize("strict", [True, False], ids=["case files", "other files"])
def test_values_and_errors_are_pyyaml_s(strict: bool) -> None:
    loader_class = yaml_lines._strict_loader() if strict else yaml_lines._loader(yaml)
    texts = [path.read_text(encoding="utf-8") for path in CONTENT] + ODD
    for text in texts:
        ours = _built(text, loader_class, lambda loader, node: yaml_lines._construct(yaml, loader, node))
        theirs = _built(text, loader_class, lambda loader, node: loader.construct_document(node))
        assert ours == theirs, text[:80]
    assert len(CONTENT) > 200
