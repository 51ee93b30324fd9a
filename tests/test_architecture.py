"""The layers of DESIGN.md and ARCHITECTURE.md, held by a test rather than by good intentions.

Every import in every module under ``app/`` is read (top-level, inside functions and under
``TYPE_CHECKING`` alike, since each is a dependency someone has to understand):

- only ``app/ui`` (and the ``gui`` command that starts it) imports Qt;
- no import runs upward: bridge → rules → content → training → store → ui → cli;
- no two modules import each other, directly or round a longer circle;
- ``app/ui`` and ``app/content`` keep their modules in sub-packages by area.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[1] / "app"
LAYERS = ("bridge", "rules", "content", "training", "store", "ui", "cli")
QT = ("PySide6", "shiboken6")
# Entry points that may sit at the top of a grouped package.
TOP_LEVEL = {"ui": {"__init__", "app"}, "content": {"__init__", "library", "library_cache"}}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(APP.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, as dotted names (``from a import b`` gives ``a`` and ``a.b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(path): path for path in sorted(APP.rglob("*.py"))}
GRAPH = {name: {m for m in imports_of(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def layer(module: str) -> str:
    """The layer a module belongs to; the root package (which only holds the version) is below them all."""
    if module == "app":
        return LAYERS[0]
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("cli", "__main__", "commands"):
        return "cli"
    return parts[1] if parts[1] in LAYERS else "cli"


def test_the_graph_sees_the_modules_it_should() -> None:
    assert "app.rules.engine" in MODULES and "app.ui.window.main_window" in MODULES
    assert "app.content.laws.refs" in GRAPH["app.training.marking"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_only_the_gui_imports_qt(module: str) -> None:
    if layer(module) == "ui" or module == "app.commands.gui":
        return
    qt = sorted(m for m in imports_of(MODULES[module]) if m.split(".")[0] in QT)
    assert not qt, f"{module} imports {qt}: only app/ui may use Qt"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_runs_upward(module: str) -> None:
    own = LAYERS.index(layer(module))
    upward = sorted(m for m in GRAPH[module] if LAYERS.index(layer(m)) > own)
    assert not upward, f"{module} ({layer(module)}) imports {upward} from a layer above it"


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the groups of modules that can each reach the others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def without_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph between modules proper: a package's ``__init__`` is where Python passes on the way
    to a module inside it, not something the importer depends on, so edges to packages go."""
    packages = {name for name, path in MODULES.items() if path.name == "__init__.py"}
    return {name: {m for m in targets if m not in packages} for name, targets in graph.items()}


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"], ["d"]]


def test_no_import_circles() -> None:
    circles = [group for group in strongly_connected(without_packages(GRAPH)) if len(group) > 1]
    assert not circles, f"modules that import each other: {circles}"


@pytest.mark.parametrize("package", sorted(TOP_LEVEL))
def test_areas_are_sub_packages(package: str) -> None:
    loose = sorted(p.stem for p in (APP / package).glob("*.py") if p.stem not in TOP_LEVEL[package])
    assert not loose, f"app/{package} has modules outside a sub-package: {loose}"
