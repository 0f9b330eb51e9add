"""Fuzzing the position reader: mutations of valid positions, as data and as YAML or JSON text,
give a position or a :class:`~adjudicator.base.errors.PositionError` (a
:class:`~adjudicator.base.errors.MapError` when ``map:`` names no map), never another exception,
and never more diagnostics than the input has places."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from adjudicator.base.errors import AdjudicatorError, InputError
from adjudicator.board.load import load_map
from adjudicator.state.position import Position
from tests.fuzz.explore import MODES, Mode, fuzz, mutants, text_mutants

STANDARD = load_map("standard")
VALID: dict[str, Any] = {
    "map": "standard",
    "phase": "F1901R",
    "units": {"England": ["F LON", "F NTH"], "France": ["A BUR", "F BRE"], "Russia": ["F STP/SC"]},
    "dislodged": {"Germany": {"A MUN": "BUR"}, "England": {"A BEL": {"from": "BUR"}}},
    "standoffs": ["RUH"],
    "supply_centers": {"England": ["LON", "EDI"], "France": ["PAR", "BRE"]},
}
"""A retreat-phase position using every key of the position format (docs/positions.md)."""
VALID_TEXTS = [
    ("valid.yaml", yaml.safe_dump(VALID, sort_keys=False)),
    ("valid.json", json.dumps(VALID, indent=1)),
]


def _size(data: Any, limit: int = 100_000) -> tuple[int, int]:
    """Places in ``data`` (each key and each value counts) and the characters of its texts,
    counting no further than ``limit`` places and never recursing (values nest thousands
    deep)."""
    places, chars, stack = 0, 0, [data]
    while stack and places < limit:
        item = stack.pop()
        places += 1
        if isinstance(item, str):
            chars += len(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return places, chars


def _bounded(exc: InputError, places: int, chars: int) -> None:
    """Cost bounded by counting: no more problems than places in the input, and no more words
    than a few lines per problem plus the input's own texts quoted (each at most twice)."""
    assert exc.diagnostics
    assert len(exc.diagnostics) <= places + 1
    said = sum(len(d.format()) for d in exc.diagnostics)
    assert said <= 1_000 * len(exc.diagnostics) + 2 * chars


def check_data(data: Any, with_map: bool) -> None:
    try:
        Position.from_dict(data, STANDARD if with_map else None, path="fuzz")
    except InputError as exc:
        _bounded(exc, *_size(data))


@pytest.mark.parametrize("mode", MODES)
def test_mutated_position_data_gives_a_position_or_our_error(mode: Mode) -> None:
    from hypothesis import strategies as st

    fuzz(mode, 40, check_data, mutants(VALID), st.booleans())


def check_text(named: tuple[str, str], with_map: bool) -> None:
    path, text = named
    try:
        Position.loads(text, STANDARD if with_map else None, path=path)
    except InputError as exc:
        _bounded(exc, len(text), len(text))
    except AdjudicatorError:
        pass


@pytest.mark.parametrize("mode", MODES)
def test_mutated_position_files_give_a_position_or_our_error(mode: Mode) -> None:
    from hypothesis import strategies as st

    texts = st.sampled_from(VALID_TEXTS).flatmap(
        lambda named: st.tuples(st.just(named[0]), text_mutants(named[1]))
    )
    fuzz(mode, 40, check_text, texts, st.booleans())


def test_the_valid_position_reads() -> None:
    """The fuzzing starts from a position that reads, as data and as both texts."""
    read = Position.from_dict(VALID)
    assert read.dislodged and read.standoffs
    for path, text in VALID_TEXTS:
        assert Position.loads(text, path=path) == read
