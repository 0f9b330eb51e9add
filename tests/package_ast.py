"""The package's modules parsed once per test process: the layer and dispatch checks read the
same syntax trees, and every pytest-xdist worker collects both."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"


@functools.cache
def package_sources() -> dict[Path, str]:
    """Every module's text by its path, in path order."""
    return {path: path.read_text("utf-8") for path in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def package_trees() -> dict[Path, ast.Module]:
    """Every module of the package by its path, in path order."""
    return {path: ast.parse(text) for path, text in package_sources().items()}
