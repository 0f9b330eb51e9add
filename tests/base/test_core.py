"""Choosing the core at run time (``adjudicator.base.core``): the finder that reads the pure
modules where compiled ones stand beside them, and the name of the running core."""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES, SourceFileLoader
from pathlib import Path

from adjudicator.adjudication import engine
from adjudicator.base import core


def test_the_source_finder_reads_the_py_file_beside_an_extension_module(tmp_path: Path) -> None:
    (tmp_path / "speedy.py").write_text("VALUE = 1\n")
    (tmp_path / f"speedy{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a library")
    spec = core.SourceFinder().find_spec("adjudicator.speedy", [str(tmp_path)])
    assert spec is not None
    assert isinstance(spec.loader, SourceFileLoader)
    assert spec.origin == str(tmp_path / "speedy.py")


def test_the_source_finder_finds_packages_and_leaves_other_names(tmp_path: Path) -> None:
    package = tmp_path / "inner"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / f"__init__{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a library")
    spec = core.SourceFinder().find_spec("adjudicator.inner", [str(tmp_path)])
    assert spec is not None
    assert spec.origin == str(package / "__init__.py")
    assert spec.submodule_search_locations == [str(package)]
    assert core.SourceFinder().find_spec("elsewhere.inner", [str(tmp_path)]) is None
    assert core.SourceFinder().find_spec("adjudicator.missing", [str(tmp_path)]) is None


def test_the_running_core_is_named_after_where_its_engine_came_from() -> None:
    compiled = any(isinstance(f, core.SourceFinder) for f in sys.meta_path) is False and bool(
        core.compiled_files()
    )
    assert core.is_compiled(engine) is compiled
    assert core.is_compiled(core) is False


def test_setup_compiles_what_the_core_names() -> None:
    """``setup.py`` cannot import the package it builds, so it lists the compiled modules
    again: the two lists must agree, or the stale check and the doctests would miss a module."""
    import ast

    setup = Path(__file__).resolve().parents[2] / "setup.py"
    tree = ast.parse(setup.read_text(encoding="utf-8"))
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets)
    )
    assert listed == core.COMPILED
    assert all(source.exists() for source in core.compiled_sources())
