"""Fuzzing the map loader: mutations of ``maps/testmap.yaml``, in its data and in its text, give
a map or a :class:`~adjudicator.base.errors.MapError`, never another exception, and never more
words than the file warrants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import reject

from adjudicator.base.errors import MapError
from adjudicator.board.load import parse_map_text
from tests.fuzz.explore import MODES, Mode, fuzz, mutants, text_mutants

TESTMAP = Path(__file__).resolve().parents[2] / "maps" / "testmap.yaml"
TEXT = TESTMAP.read_text(encoding="utf-8")
DATA = yaml.safe_load(TEXT)


def check_text(text: str) -> None:
    try:
        parse_map_text(text, "fuzz.yaml")
    except MapError as exc:
        assert exc.diagnostics and all(d.path == "fuzz.yaml" for d in exc.diagnostics)
        # bounded by counting: a few lines per problem, plus the text quoted (at most twice)
        said = sum(len(d.format()) for d in exc.diagnostics)
        assert said <= 1_000 * len(exc.diagnostics) + 2 * len(text)
        assert len(exc.diagnostics) <= len(text) + 1


@pytest.mark.parametrize("mode", MODES)
def test_mutated_map_files_give_a_map_or_a_map_error(mode: Mode) -> None:
    fuzz(mode, 30, check_text, text_mutants(TEXT))


def check_data(data: Any) -> None:
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except (ValueError, RecursionError):  # PyYAML itself cannot write it: nothing to read
        reject()
    check_text(text)


@pytest.mark.parametrize("mode", MODES)
def test_mutated_map_data_gives_a_map_or_a_map_error(mode: Mode) -> None:
    fuzz(mode, 20, check_data, mutants(DATA))


def test_the_map_fuzzed_loads() -> None:
    assert parse_map_text(TEXT, "testmap.yaml").name == "testmap"
