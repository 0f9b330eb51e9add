"""The package's layers (docs/architecture.md), enforced: each module imports only from its own
layer and the layers below, and the imports form no circle.

Every ``import`` statement counts, wherever it stands (at the top, under ``TYPE_CHECKING``, in a
function body), so a late import cannot hide an upward dependency or a cycle: late imports are
for loading time only (the command line loads what a command needs).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.package_ast import PACKAGE, package_trees

LAYERS: dict[str, int] = {
    "base": 0,
    "lang": 1,
    "board": 2,
    "state": 3,
    "orders": 4,
    "adjudication": 4,
    "report": 5,
    "suites": 5,
    "picture": 5,
    "judge": 6,
    "cli": 7,
}
"""Layer of each subpackage. Layers of equal rank are siblings and do not import each other."""

FACADE = "adjudicator"
"""``adjudicator/__init__.py``: the public API, above every layer; nothing inside imports it."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, ast.Module]:
    return {_module_name(path): tree for path, tree in package_trees().items()}


MODULES = _modules()


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".")
    is_package = (PACKAGE.parent / Path(*package) / "__init__.py").exists()
    base = package if is_package else package[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _imports(module: str, tree: ast.Module) -> Iterator[tuple[str, ast.stmt]]:
    """Every package module this one imports (``from x import name`` counts ``x.name`` when
    that is a module)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == FACADE:
                    yield _existing(alias.name), node
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            if target.split(".")[0] != FACADE:
                continue
            for alias in node.names:
                if f"{target}.{alias.name}" in MODULES:
                    yield f"{target}.{alias.name}", node
                else:
                    yield _existing(target), node


def _existing(name: str) -> str:
    """The module ``name`` is, or the package it is an attribute of."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def _rank(module: str) -> int:
    layer = _layer(module)
    if layer is None:
        return max(LAYERS.values()) + 1
    return LAYERS[layer]


def test_every_subpackage_has_a_layer() -> None:
    found = {_layer(m) for m in MODULES} - {None}
    assert found == set(LAYERS), "add the new subpackage to LAYERS and docs/architecture.md"


def test_no_upward_or_sideways_import() -> None:
    wrong = []
    for module, tree in MODULES.items():
        for target, node in _imports(module, tree):
            if module == FACADE or _layer(module) == _layer(target):
                continue
            if target == FACADE or _rank(target) >= _rank(module):
                wrong.append(f"{module}:{node.lineno} imports {target}")
    assert not wrong, "\n".join(wrong)


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, tree in MODULES.items():
        for target, _ in _imports(module, tree):
            if target != module:
                graph[module].add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycle() -> None:
    graph = _graph()
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_each_layer_says_what_it_holds(package: str) -> None:
    """Each subpackage's docstring is its map: it names every module inside."""
    doc = ast.get_docstring(MODULES[f"{FACADE}.{package}"]) or ""
    missing = [
        m.rsplit(".", 1)[1]
        for m in MODULES
        if m.startswith(f"{FACADE}.{package}.") and m.count(".") == 2
        if f"``{m.rsplit('.', 1)[1]}``" not in doc and f"``{m.rsplit('.', 1)[1]}/``" not in doc
    ]
    assert not missing, f"adjudicator/{package}/__init__.py does not describe {missing}"


def test_every_subpackage_ships() -> None:
    """pyproject lists the packages explicitly (grammar/ and maps/ are mapped into the wheel), so a
    new subpackage must be added there or the wheel would miss it."""
    listed = set(
        tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
            "packages"
        ]
    )
    found = {m for m in MODULES if (PACKAGE.parent / Path(*m.split(".")) / "__init__.py").exists()}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
