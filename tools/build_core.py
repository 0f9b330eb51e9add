"""Build (or remove) the compiled core in this checkout: ``python -m tools.build_core [--clean]``.

Building reinstalls the checkout in editable mode with ``ADJUDICATOR_COMPILE=1`` (``setup.py``
then compiles the modules of ``adjudicator.base.core.COMPILED`` with mypyc, which the ``dev``
extra installs; about a minute on two CPUs), without build isolation so that the mypy of this
environment compiles, and then says which core a fresh interpreter runs. ``--clean`` removes
the extension modules and reinstalls the pure package, so the pure core runs without
``ADJUDICATOR_PURE=1``.
docs/compiled-core.md says more.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def compiled_outputs() -> list[Path]:
    """The compiled core's files in the checkout: one extension module per compiled module,
    and the library they share at the top."""
    found = [*ROOT.glob("adjudicator_core__mypyc*"), *(ROOT / "adjudicator").rglob("*.so")]
    return sorted(found)


def install(compile_core: bool) -> int:
    env = dict(os.environ, ADJUDICATOR_COMPILE="1" if compile_core else "0")
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation"]
    command += ["--no-deps", "-e", str(ROOT)]
    return subprocess.run(command, env=env, check=False).returncode


def which_core() -> str:
    script = "from adjudicator.cli.main import _version; print(_version())"
    env = {k: v for k, v in os.environ.items() if k != "ADJUDICATOR_PURE"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or done.stderr.strip()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled core")
    args = parser.parse_args(argv)
    for path in compiled_outputs():
        path.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    code = install(compile_core=not args.clean)
    print(which_core())
    if code == 0 and not args.clean and not compiled_outputs():
        print("the compiled core was not built (pip install -v says why): the pure core runs")
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
