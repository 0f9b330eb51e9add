"""The compiled core's build falls back to pure Python where it cannot compile (issue 22).

``ADJUDICATOR_COMPILE=1`` asks ``setup.py`` for the compiled core; on a machine without a
working C compiler (here ``CC=/bin/false``) the wheel must still build, hold the pure package
with its grammar and maps and no extension module, and the build must say why once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _copy_checkout(target: Path) -> None:
    target.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py"):
        shutil.copy(REPO / name, target / name)
    for folder in ("adjudicator", "grammar", "maps"):
        shutil.copytree(
            REPO / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__", "*.so")
        )


@pytest.mark.thorough
def test_without_a_c_compiler_the_wheel_is_pure_python(tmp_path: Path) -> None:
    source = tmp_path / "src"
    _copy_checkout(source)
    env = dict(os.environ, ADJUDICATOR_COMPILE="1", CC="/bin/false", LDSHARED="/bin/false")
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v"]
    build = subprocess.run(
        [*pip, "-w", str(tmp_path), "."],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    output = build.stdout + build.stderr
    assert build.returncode == 0, output[-3000:]
    (wheel,) = tmp_path.glob("adjudicator-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "adjudicator/maps/standard.yaml" in names
    assert "adjudicator/grammar/orders.lark" in names
    assert "adjudicator/adjudication/engine.py" in names
    assert [n for n in names if n.endswith((".so", ".pyd"))] == []
    assert output.count("the compiled core could not be built") == 1, output[-3000:]
