"""The optional compiled core (issue 22): everything else is declared in ``pyproject.toml``.

``ADJUDICATOR_COMPILE=1 pip install --no-build-isolation -e '.[dev]'`` (or ``python -m
tools.build_core``, which runs it) compiles the modules of the adjudication core with mypyc into
extension modules beside the pure ones (``docs/compiled-core.md``). Without the variable, or
where mypyc or a C compiler is missing or fails, the package installs as pure Python and says so
once; the pure modules stay the reference, and ``ADJUDICATOR_PURE=1`` selects them at run time
even where compiled ones exist.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

COMPILED = (
    "adjudication",
    "base/calendar.py",
    "base/model.py",
    "board/convoys.py",
    "board/graph.py",
    "board/per_map.py",
    "board/tables.py",
    "state/outcomes.py",
)
"""What mypyc compiles, relative to ``adjudicator/``: the core a phase runs through (the intake
and the legality shortcuts, the index, the equations, the resolver, the results and the other
phases) and the values it reads and makes by the dozen. The same list as
``adjudicator.base.core.COMPILED`` (``tests/base/test_core.py`` keeps them equal; this file
cannot import the package it builds)."""


_BUILDING = any(
    command in sys.argv for command in ("bdist_wheel", "editable_wheel", "build_ext", "develop")
)
"""Whether this run of ``setup.py`` builds: pip also runs it for the build's requirements and
for the metadata, which should not repeat the message."""


def _say(message: str) -> None:
    # pip shows a build's output with -v only; the command line says which core runs too
    # (`adjudicator --version`).
    if _BUILDING:
        print(f"adjudicator: {message}", file=sys.stderr)


def _compiled_modules() -> list[Any]:
    if not _BUILDING or os.environ.get("ADJUDICATOR_COMPILE", "") in {"", "0"}:
        return []  # the metadata and the build's requirements do not depend on it
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed (the dev extra has it): installing the pure Python core")
        return []
    package = HERE / "adjudicator"
    paths = sorted(
        str(path.relative_to(HERE))
        for entry in COMPILED
        for path in (
            (package / entry).rglob("*.py") if (package / entry).is_dir() else [package / entry]
        )
    )
    try:
        modules: list[Any] = mypycify(paths, opt_level="3", group_name="adjudicator_core")
    except (Exception, SystemExit) as exc:  # mypy's errors end in SystemExit
        _say(f"mypyc could not compile the core ({exc}): installing the pure Python core")
        return []
    return modules


class OptionalBuildExt(build_ext):
    """``build_ext`` whose failure (no C compiler, missing headers) leaves the pure core."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            _say(f"the compiled core could not be built ({exc}): installing the pure Python core")

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            _say(f"{ext.name} could not be built ({exc}): the pure Python core is used")
            raise


setup(ext_modules=_compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
