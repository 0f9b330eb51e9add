"""Which build of the adjudication core runs: the compiled one or the pure Python reference.

``ADJUDICATOR_COMPILE=1`` at install time compiles the modules of :data:`COMPILED` (the
adjudication core and the values it reads) with mypyc into extension modules beside the pure
ones (``setup.py``, docs/compiled-core.md).
Python's importer prefers an extension module to a source file of the same name, so the
compiled core runs wherever it was built, unless :func:`select_core` (run by the package's
``__init__`` before anything imports the core) puts a finder first that reads every module of
the package from its source:

- ``ADJUDICATOR_PURE=1`` asks for the pure core;
- a compiled core older than any of its sources is stale (a source edited or checked out after
  the build) and is left alone, with one warning: its modules are compiled together and call
  each other directly, so the core is compiled whole or not at all.

Both builds give byte-identical adjudications (``tests/adjudication/test_compiled_core.py``).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from pathlib import Path
from types import ModuleType

PURE_VARIABLE = "ADJUDICATOR_PURE"
"""Set to anything but ``""`` or ``0``, the environment variable that selects the pure core."""

_PACKAGE = Path(__file__).resolve().parent.parent

COMPILED: tuple[str, ...] = (
    "adjudication",
    "base/calendar.py",
    "base/model.py",
    "board/convoys.py",
    "board/graph.py",
    "board/per_map.py",
    "board/tables.py",
    "state/outcomes.py",
)
"""What the compiled core is, relative to the package: the adjudication core a phase runs
through, and the values it reads and makes by the dozen (locations, units, orders, results, the
map's tables), whose fields compiled code then reads directly. ``setup.py`` compiles exactly
these (a test keeps the two lists equal); everything else of the package stays Python."""


def compiled_sources() -> list[Path]:
    """The source files of the compiled core."""
    found: list[Path] = []
    for entry in COMPILED:
        path = _PACKAGE / entry
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


class SourceFinder:
    """A meta path finder that reads the package's modules from their ``.py`` files, never from
    the extension modules beside them."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if not fullname.startswith("adjudicator.") or path is None:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def compiled_files() -> list[Path]:
    """The extension modules of a compiled core in this package (none in a pure install)."""
    found = {
        source.with_name(source.stem + suffix)
        for source in compiled_sources()
        for suffix in EXTENSION_SUFFIXES
    }
    return sorted(path for path in found if path.exists())


_SLACK = 10.0
"""Seconds a source may be newer than the compiled core and still count as built with it: an
installer writes a wheel's files in any order, within moments of each other."""


def _stale(compiled: list[Path]) -> bool:
    built = min(path.stat().st_mtime for path in compiled) + _SLACK
    return any(source.stat().st_mtime > built for source in compiled_sources())


def select_core() -> None:
    """Put :class:`SourceFinder` first on ``sys.meta_path`` when the pure core is asked for or
    the compiled one is stale; otherwise leave the importer as it is. Runs once per process."""
    if any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        return
    compiled = compiled_files()
    if not compiled:
        return
    if os.environ.get(PURE_VARIABLE, "") in {"", "0"}:
        if not _stale(compiled):
            return
        warnings.warn(
            "adjudicator: the compiled core is older than its sources, so the pure Python core "
            "runs; rebuild it with `python -m tools.build_core`",
            RuntimeWarning,
            stacklevel=2,
        )
    sys.meta_path.insert(0, SourceFinder())


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (the compiled core)."""
    return (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
