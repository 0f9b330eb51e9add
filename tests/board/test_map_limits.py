"""Hostile map files (issue 11): alias bombs, numbers of thousands of digits and files beyond
the limits are a :class:`MapError` at their line and column, refused while the file is read."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.base.errors import Diagnostic, MapError
from adjudicator.base.limits import Limits
from adjudicator.board.load import load_map, parse_map_text

MB = 1 << 20
VALID = Path(__file__).resolve().parents[1] / "data" / "maps" / "valid.yaml"


def refused(read: Callable[[], object]) -> Diagnostic:
    """The first diagnostic of the :class:`MapError` ``read`` raises, within 40 MB."""
    tracemalloc.start()
    try:
        with pytest.raises(MapError) as info:
            read()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * MB, f"{peak / MB:.0f} MB to refuse"
    str(info.value)
    return info.value.diagnostics[0]


def test_a_billion_laughs_map_is_refused_while_it_is_read() -> None:
    lines = ["name: bomb", 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):
        here, below = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{here}: &{here} [{', '.join([f'*{below}'] * 9)}]")
    lines.append("provinces: {X: *i}")
    d = refused(lambda: parse_map_text("\n".join(lines) + "\n", "bomb.yaml"))
    assert (d.path, d.code, d.line) == ("bomb.yaml", "too-large", 6)


def test_a_big_string_aliased_a_thousand_times_is_refused() -> None:
    text = "name: &s " + "x" * MB + "\naliases: [" + ", ".join(["*s"] * 1000) + "]\n"
    d = refused(lambda: parse_map_text(text, "big.yaml"))
    assert (d.code, d.line, d.column) == ("too-large", 2, 11)


def test_a_victory_of_5000_digits_is_refused_at_its_place() -> None:
    text = VALID.read_text(encoding="utf-8").replace("victory: ", "victory: 1" + "0" * 5000 + " # ")
    d = refused(lambda: parse_map_text(text, "long.yaml"))
    line = text.split("\n").index(next(x for x in text.split("\n") if x.startswith("victory")))
    assert (d.code, d.line, d.column) == ("too-long", line + 1, 10)
    assert d.message == "victory: a number of 5,001 characters; at most 100 are read"


def test_a_map_file_is_read_within_the_limits_its_caller_chooses(tmp_path: Path) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text(VALID.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_map(path).name
    d = refused(lambda: load_map(path, limits=Limits(max_file_bytes=100)))
    assert (d.code, d.path) == ("too-large", str(path))
