"""The board picture (issue 18): structural tests on the SVG, parsed as XML: every unit at its
anchor, one mark per order with its kind and outcome, every centre in its owner's colour, the
title and the legend; the same bytes whatever the order of the orders."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Order
from adjudicator.board.load import load_map
from adjudicator.orders.read import parse_orders
from adjudicator.picture.palette import OKABE_ITO, palette_for, tint
from adjudicator.picture.render import render
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position
from tests.picture.boards import grid_board

SVG = "{http://www.w3.org/2000/svg}"
STANDARD = load_map("standard")
BOARD = grid_board(STANDARD)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def orders_for(position: Position, text: str) -> dict[str, list[Order]]:
    parsed = parse_orders(text, STANDARD, position)
    assert not parsed.diagnostics, parsed.diagnostics
    return parsed.by_power()


def spring_1901() -> tuple[Position, dict[str, list[Order]], Adjudication]:
    position = Position.initial(STANDARD)
    orders = orders_for(position, (EXAMPLES / "spring1901_orders.txt").read_text("utf-8"))
    return position, orders, adjudicate(position, orders)


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    return ET.fromstring(svg)


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def test_every_unit_is_drawn_at_its_anchor() -> None:
    position, orders, result = spring_1901()
    root = parse(render(position, orders, result, board=BOARD))
    units = {e.get("data-unit", ""): e for e in by_class(root, "unit")}
    assert sorted(units) == sorted(str(u) for u in position.units)
    for unit in position.units:
        shape = units[str(unit)][0]
        art = BOARD.provinces[unit.location.province]
        expected = art.coasts.get(unit.location.coast or "", art.unit)
        if shape.tag == f"{SVG}circle":
            at = (float(shape.get("cx", "")), float(shape.get("cy", "")))
        else:
            at = (
                float(shape.get("x", "")) + float(shape.get("width", "")) / 2,
                float(shape.get("y", "")) + float(shape.get("height", "")) / 2,
            )
        assert at == pytest.approx(expected, abs=0.11), unit


def test_one_mark_per_order_with_its_kind_and_outcome() -> None:
    position, orders, result = spring_1901()
    root = parse(render(position, orders, result, board=BOARD))
    marks = {e.get("data-order", ""): e for e in by_class(root, "order")}
    given = sorted(str(o) for listed in orders.values() for o in listed)
    assert sorted(marks) == given
    kinds = {str(o): type(o).__name__.lower() for listed in orders.values() for o in listed}
    for text, mark in marks.items():
        assert mark.get("data-kind") == kinds[text]
        outcome = result.result_of(next(o for ls in orders.values() for o in ls if str(o) == text))
        assert outcome is not None
        assert mark.get("data-outcome") == str(outcome.outcome)
        assert ("failed" in (mark.get("class") or "")) == (str(outcome.outcome) != "succeeds")


def test_a_failed_order_is_faded_and_crossed_and_only_it() -> None:
    position = Position.initial(STANDARD)
    orders = orders_for(position, "Germany: A Mun - Bur\nFrance: A Par - Bur\nA Mar S A Par - Bur")
    root = parse(render(position, orders, adjudicate(position, orders), board=BOARD))
    marks = {e.get("data-order"): e for e in by_class(root, "order")}
    failed = {text for text, e in marks.items() if "failed" in (e.get("class") or "")}
    assert failed == {"A MUN - BUR"}
    assert by_class(marks["A MUN - BUR"], "failure")
    assert not by_class(marks["A PAR - BUR"], "failure")


def test_every_centre_has_its_owners_colour() -> None:
    position, orders, result = spring_1901()
    root = parse(render(position, orders, result, board=BOARD))
    colours = palette_for(STANDARD)
    owner: dict[str, str] = {c: p for p, cs in position.supply_centers.items() for c in cs}
    centres = by_class(root, "centre")
    assert len(centres) == sum(1 for p in STANDARD.provinces.values() if p.supply_center)
    for centre in centres:
        power = owner.get(centre.get("data-province", ""))
        assert centre.get("fill") == (colours.power(power) if power else "#ffffff")
    provinces = {e.get("data-province"): e for e in by_class(root, "province")}
    assert provinces["PAR"].get("fill") == tint(colours.power("France"), 0.55)
    assert provinces["PAR"][0].text == "Paris"


def test_the_title_and_the_legend_in_english_and_german() -> None:
    position, orders, result = spring_1901()
    english = parse(render(position, orders, result, board=BOARD))
    assert english.find(f"{SVG}title") is not None
    assert english.findtext(f"{SVG}title") == "Spring 1901 (Movement): results"
    legend = english.find(f".//{SVG}g[@id='legend']")
    assert legend is not None
    powers = [e.get("data-power") for e in by_class(legend, "legend-power")]
    assert powers == sorted(STANDARD.powers)
    german = parse(render(position, orders, result, board=BOARD, lang="de"))
    assert german.findtext(f"{SVG}title") == "Frühjahr 1901 (Bewegung): Ergebnisse"
    provinces = {e.get("data-province"): e for e in by_class(german, "province")}
    assert provinces["MUN"][0].text == "München"
    assert "Frankreich: 3 Versorgungszentren" in "".join(german.itertext())
    orders_only = parse(render(position, orders, board=BOARD))
    assert orders_only.findtext(f"{SVG}title") == "Spring 1901 (Movement): orders"


def test_the_same_bytes_whatever_the_order_of_the_orders() -> None:
    position, orders, result = spring_1901()
    first = render(position, orders, result, board=BOARD)
    shuffled = list(orders.items())
    random.Random(7).shuffle(shuffled)
    again = {power: random.Random(3).sample(listed, len(listed)) for power, listed in shuffled}
    assert render(position, again, result, board=BOARD) == first


def test_moves_head_to_head_are_drawn_apart() -> None:
    position = Position.from_dict(
        {"map": "standard", "phase": "S1901M",
         "units": {"France": ["A BUR"], "Germany": ["A MUN"]}},
        STANDARD,
    )  # fmt: skip
    orders = orders_for(position, "France: A Bur - Mun\nGermany: A Mun - Bur")
    root = parse(render(position, orders, adjudicate(position, orders), board=BOARD))
    lines: dict[str, str] = {}
    for mark in by_class(root, "move"):
        line = mark.find(f"{SVG}polyline")
        assert line is not None
        lines[mark.get("data-order", "")] = line.get("points", "")
    assert lines["A BUR - MUN"] != lines["A MUN - BUR"]
    # drawn apart: neither runs along the straight line between the two units
    for text in lines.values():
        start = tuple(float(v) for v in text.split()[0].split(","))
        assert start[1] != pytest.approx(BOARD.provinces["BUR"].unit[1]) or start[0] != (
            pytest.approx(BOARD.provinces["BUR"].unit[0])
        )


def test_after_the_phase_dislodged_units_stand_aside_with_their_retreats() -> None:
    position = Position.from_dict(
        {"map": "standard", "phase": "F1901M",
         "units": {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]}},
        STANDARD,
    )  # fmt: skip
    orders = orders_for(position, "Germany: A Mun - Bur\nA Ruh S A Mun - Bur\nFrance: A Bur H")
    result = adjudicate(position, orders)
    root = parse(render(position, orders, result, board=BOARD, after=True))
    [dislodged] = by_class(root, "dislodged")
    assert dislodged.get("data-unit") == "A BUR"
    circle = dislodged[0]
    art = BOARD.provinces["BUR"]
    assert (float(circle.get("cx", "")), float(circle.get("cy", ""))) == art.dislodged
    options = {e.get("data-to") for e in by_class(root, "retreat-option")}
    assert options == {str(loc) for loc in result.dislodged[0].retreats}
    assert options  # Burgundy's army has somewhere to go
    assert root.findtext(
        f"{SVG}title"
    ) == "Winter 1901 (Adjustment), after Fall 1901 (Movement)" or (
        "after Fall 1901" in (root.findtext(f"{SVG}title") or "")
    )


def test_a_dislodged_unit_without_an_order_is_a_failed_hold() -> None:
    position = Position.from_dict(
        {"map": "standard", "phase": "F1901M",
         "units": {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]}},
        STANDARD,
    )  # fmt: skip
    orders = orders_for(position, "Germany: A Mun - Bur\nA Ruh S A Mun - Bur")
    root = parse(render(position, orders, adjudicate(position, orders), board=BOARD))
    [hold] = by_class(root, "hold")
    assert hold.get("data-order") == "A BUR H" and hold.get("data-power") == "France"
    assert "failed" in (hold.get("class") or "")


def test_text_from_outside_is_escaped() -> None:
    position, orders, result = spring_1901()
    svg = render(position, orders, result, board=BOARD)
    parse(svg)  # well-formed
    assert "<script" not in svg


def test_the_colour_blind_palette() -> None:
    colours = palette_for(STANDARD, "colour-blind")
    assert set(colours.powers.values()) == set(OKABE_ITO)
    with pytest.raises(ValueError, match="unknown palette 'neon': one of map, colour-blind"):
        palette_for(STANDARD, "neon")
