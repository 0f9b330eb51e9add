"""Every case under ``test_cases/`` renders, before and after each phase, and random positions
with random orders (legal or not) render as well-formed SVG every time (issue 18)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Order
from adjudicator.board.drawing import drawing_for
from adjudicator.board.load import load_map
from adjudicator.picture.render import render
from adjudicator.state.position import Position
from adjudicator.suites.load import case_files, load_cases
from adjudicator.suites.run import run_case
from tests.fuzz.explore import MODES, Mode, fuzz
from tests.strategies import phase_orders, positions
from tests.suites.test_cases import TEST_CASES

STANDARD = load_map("standard")


def well_formed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


@pytest.mark.thorough
@pytest.mark.parametrize("path", case_files([TEST_CASES]), ids=lambda p: p.name)
def test_every_case_renders(path: Path) -> None:
    rendered = 0
    for case in load_cases(path):
        if case.skip is not None or drawing_for(case.game_map) is None:
            continue
        for result in run_case(case).adjudications:
            for after in (False, True):
                well_formed(render(result.position, None, result, game_map=case.game_map,
                                   after=after))  # fmt: skip
            rendered += 1
    assert rendered or path.name.endswith("differences.yaml")


@st.composite
def positions_with_orders(draw: st.DrawFn) -> tuple[Position, dict[str, list[Order]]]:
    position = draw(positions())
    return position, draw(phase_orders(position))


def check(drawn: tuple[Position, dict[str, list[Order]]]) -> None:
    position, orders = drawn
    result = adjudicate(position, orders, game_map=STANDARD)
    root = well_formed(render(position, orders, result, game_map=STANDARD))
    marks = {(e.get("data-power"), e.get("data-order")) for e in root.iter()
             if e.get("data-order") is not None}  # fmt: skip
    given = {(p, str(o)) for p, os in orders.items() for o in os if str(o) != "WAIVE"}
    assert given <= marks
    # besides the orders given, only the failed holds of dislodged units without an order
    extra = {(r.power, str(r.order)) for r in result.results if r.reason == "no order"}
    assert marks - given <= extra
    well_formed(render(position, orders, result, game_map=STANDARD, after=True, lang="de"))
    well_formed(render(position, orders, game_map=STANDARD, palette="colour-blind"))


@pytest.mark.parametrize("mode", MODES)
def test_random_positions_and_orders_render(mode: Mode) -> None:
    fuzz(mode, 40, check, positions_with_orders())
