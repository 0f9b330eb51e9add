"""``docs/variants.md``: the guide's commands, run exactly as written on the example's files
(``examples/variant/``, copied to a temporary folder so that the drawing the generator writes
does not touch the checkout), and the files the guide shows are the files."""

from __future__ import annotations

import io
import re
import shlex
import shutil
from pathlib import Path

import pytest

from adjudicator.cli.main import main as adjudicator

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "variants.md"
EXAMPLE = ROOT / "examples" / "variant"


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"^```{kind}\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.M | re.S)


def test_the_guide_shows_the_example_files() -> None:
    shown = _blocks("yaml")
    for name in ("shores.yaml", "shores_seeds.yaml", "shores_cases.yaml"):
        assert (EXAMPLE / name).read_text(encoding="utf-8") in shown, name


def test_the_guides_commands_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("shapely", reason="the board generator needs the dev extra (shapely)")
    # Imported by name, as tests/board/test_drawing.py does: the generator is a developer's tool
    # that mypy does not check.
    drawmap = pytest.importorskip("tools.drawmap.__main__", reason="run from the repository").main

    shutil.copytree(EXAMPLE, tmp_path / "examples" / "variant")
    monkeypatch.chdir(tmp_path)
    commands = [line for block in _blocks("sh") for line in block.splitlines() if line.strip()]
    assert len(commands) == 5, commands
    for command in commands:
        argv = shlex.split(command)
        out = io.StringIO()
        if argv[0] == "adjudicator":
            code = adjudicator(argv[1:], stdout=out)
        else:
            assert argv[:3] == ["python", "-m", "tools.drawmap"], command
            code = drawmap(argv[3:])
        assert code == 0, (command, out.getvalue())
        if argv[1] == "test":
            assert out.getvalue().strip() == "3 passed, 0 failed"
    drawn = tmp_path / "examples" / "variant" / "shores.drawing.json"
    assert drawn.read_bytes() == (EXAMPLE / "shores.drawing.json").read_bytes()
    svg = (tmp_path / "shores.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "Red: 2 centres" in svg and "Blue: 2 centres" in svg
