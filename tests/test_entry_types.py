"""The public entry points check the types they are handed (issue 11).

A wrong type is a :class:`TypeError` at the call, naming the function and the argument and
saying what it should be, never an ``AttributeError`` from deep inside. Data that comes from a
file (a position's mapping) is input, not a type: it is refused with our own
:class:`~adjudicator.base.errors.InputError` kinds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.errors import MapError, PositionError
from adjudicator.base.model import Hold, Location, Move, Phase, UnitType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.orders.read import parse_order, parse_orders
from adjudicator.report.render import render_report
from adjudicator.state.position import Position
from adjudicator.suites.run import run_paths

REPO = Path(__file__).resolve().parents[1]
STANDARD = load_map("standard")
START = Position.initial(STANDARD)
WINTER = Position("standard", Phase.parse("W1901A"), START.units, supply_centers={})
MOVE = Move(UnitType.ARMY, Location("PAR"), Location("BUR"))

Call = Callable[[], object]

WRONG: dict[str, tuple[Call, str]] = {
    "adjudicate: orders as text": (
        lambda: adjudicate(START, "A Par - Bur"),  # type: ignore[arg-type]
        "adjudicate: orders must be a mapping power -> sequence of orders",
    ),
    "adjudicate: one power's orders as text": (
        lambda: adjudicate(START, {"France": "A Par - Bur"}),  # type: ignore[dict-item]
        "adjudicate: orders['France'] must be a sequence of orders, not str",
    ),
    "adjudicate: texts for orders": (
        lambda: adjudicate(START, {"France": ["A Par - Bur"]}),  # type: ignore[list-item]
        "adjudicate: orders['France'] must hold orders (Hold, Move, ...), not str",
    ),
    "adjudicate: a generator (read once) for orders": (
        lambda: adjudicate(START, {"France": (o for o in [MOVE])}),  # type: ignore[dict-item]
        "orders['France'] must be a sequence of orders, not generator",
    ),
    "adjudicate: units for orders, in an adjustment phase": (
        lambda: adjudicate(WINTER, {"France": list(START.units[:2])}),  # type: ignore[arg-type]
        "adjudicate: orders['France'] must hold orders (Hold, Move, ...), not Unit",
    ),
    "adjudicate: a power that is no name": (
        lambda: adjudicate(START, {1: [MOVE]}),  # type: ignore[dict-item]
        "adjudicate: a key of orders must be a power's name, not int (1)",
    ),
    "adjudicate: a position that is no Position": (
        lambda: adjudicate(START.to_dict(), {}),  # type: ignore[arg-type]
        "adjudicate: position must be a Position, not dict",
    ),
    "adjudicate: rules by name": (
        lambda: adjudicate(START, {}, "datc"),  # type: ignore[arg-type]
        "adjudicate: rules must be a Rules value or None, not str ('datc')",
    ),
    "adjudicate: a map by name": (
        lambda: adjudicate(START, {}, game_map="standard"),  # type: ignore[arg-type]
        "adjudicate: game_map must be a GameMap or None, not str",
    ),
    "parse_orders: a number for text": (
        lambda: parse_orders(123, STANDARD),  # type: ignore[arg-type]
        "parse_orders: text must be the order text (a str), not int (123)",
    ),
    "parse_orders: bytes for text": (
        lambda: parse_orders(b"A Par - Bur", STANDARD),  # type: ignore[arg-type]
        "parse_orders: text must be the order text (a str), not bytes",
    ),
    "parse_orders: a map by name": (
        lambda: parse_orders("A Par - Bur", "standard"),  # type: ignore[arg-type]
        "parse_orders: game_map must be a GameMap (see load_map), not str ('standard')",
    ),
    "parse_orders: a position as data": (
        lambda: parse_orders("A Par - Bur", STANDARD, {}),  # type: ignore[arg-type]
        "parse_orders: position must be a Position or None, not dict",
    ),
    "parse_orders: a path that is no text": (
        lambda: parse_orders("A Par - Bur", STANDARD, path=Path("x")),  # type: ignore[arg-type]
        "parse_orders: path must be a text",
    ),
    "parse_order: a number for text": (
        lambda: parse_order(5, STANDARD),  # type: ignore[arg-type]
        "parse_order: text must be the order text (a str), not int (5)",
    ),
    "parse_order: a language that is no code": (
        lambda: parse_order("A Par H", STANDARD, lang=1),  # type: ignore[arg-type]
        "parse_order: lang must be a language code",
    ),
    "Position.from_dict: a map by name": (
        lambda: Position.from_dict(START.to_dict(), "standard"),  # type: ignore[arg-type]
        "Position.from_dict: game_map must be a GameMap (see load_map) or None, not str",
    ),
    "load_map: a number": (
        lambda: load_map(5),  # type: ignore[arg-type]
        "load_map: name_or_path must be a map name or a path (str or os.PathLike), not int",
    ),
    "load_map: bytes": (
        lambda: load_map(b"standard"),  # type: ignore[arg-type]
        "load_map: name_or_path must be a map name or a path",
    ),
    "render_report: a position for results": (
        lambda: render_report(START, STANDARD),  # type: ignore[arg-type]
        "render_report: adjudication must be an Adjudication (what adjudicate returns)",
    ),
    "render_report: a map by name": (
        lambda: render_report(adjudicate(START, {}), "standard"),  # type: ignore[arg-type]
        "render_report: game_map must be a GameMap",
    ),
    "render_report: no format": (
        lambda: render_report(adjudicate(START, {}), STANDARD, fmt=None),  # type: ignore[arg-type]
        "render_report: fmt must be a format name: text, json, yaml, not None",
    ),
    "run_paths: one path as text": (
        lambda: run_paths("test_cases"),  # a str is a Sequence[str]: mypy cannot tell
        "run_paths: paths must be a sequence of paths (like ['test_cases/']), not str",
    ),
    "run_paths: a number among the paths": (
        lambda: run_paths([5]),  # type: ignore[list-item]
        "run_paths: paths must be a sequence of paths, not int (5)",
    ),
}


@pytest.mark.parametrize("case", list(WRONG))
def test_a_wrong_type_is_a_type_error_naming_the_argument(case: str) -> None:
    call, message = WRONG[case]
    with pytest.raises(TypeError, match=re.escape(message)):
        call()


def test_a_long_wrong_argument_is_quoted_short() -> None:
    with pytest.raises(TypeError) as caught:
        parse_orders(10**5000, STANDARD)  # type: ignore[arg-type]
    assert str(caught.value) == "parse_orders: text must be the order text (a str), not int"
    with pytest.raises(TypeError) as caught:
        adjudicate(START, "A Par - Bur " * 1000)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("data", ["x", 5, None, [], ["phase", "units"]])
def test_position_data_that_is_no_mapping_is_a_position_error(data: Any) -> None:
    """Position data comes from a file: a text or a list there is bad input, not a bad call."""
    with pytest.raises(PositionError, match="a position must be a mapping with 'phase'"):
        Position.from_dict(data)


@pytest.mark.parametrize("name", ["x" * 5000, "std\0ard", "std\0ard.yaml", "   "])
def test_a_map_name_no_file_can_have_is_an_unknown_map(name: str) -> None:
    with pytest.raises(MapError) as caught:
        load_map(name)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "unknown-map"
    assert len(diagnostic.message) < 200


def test_the_right_types_pass() -> None:
    """Sequences of any kind, subclass-free orders and the defaults all pass the checks."""
    hold = Hold(UnitType.FLEET, Location("LON"))
    result = adjudicate(START, {"France": (MOVE,), "England": [hold]}, Rules(), game_map=STANDARD)
    moved = result.result_of(MOVE)
    assert moved is not None and str(moved.outcome) == "succeeds"
    assert render_report(result, STANDARD, fmt="json", lang="de")
    assert load_map(REPO / "maps" / "testmap.yaml").name == "testmap"
