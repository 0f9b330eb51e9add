"""The picture as a person sees it (issue 18): headless Chromium (Debian's ``chromium``, driven
by Playwright, launched by its path) opens a rendered SVG and takes a screenshot, and the test
reads the pixels where it knows what must be: a centre in its owner's colour, a neutral centre
white, the open sea, and the inside of a unit in its power's colour.

Chromium is launched as ``tests/browser.py`` says.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.board.drawing import ProvinceDrawing, load_drawing
from adjudicator.board.load import load_map
from adjudicator.picture.palette import palette_for, tint
from adjudicator.picture.render import render
from adjudicator.state.position import Position
from tests.browser import chromium, hex_colour, near

pytestmark = pytest.mark.thorough
"""A real browser takes seconds to start: `.ci/run` runs this with `pytest -m thorough`."""

STANDARD = load_map("standard")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def clear_of_marks(province: ProvinceDrawing) -> tuple[float, float]:
    """A point of ``province`` where a position without orders draws nothing: its dislodged
    unit's place, which must stand apart from its label, unit and centre."""
    spot = province.dislodged
    assert spot is not None
    for other in (province.label, province.unit, province.center):
        if other is not None:
            assert math.dist(spot, other) > 8, (province.id, spot, other)
    return spot


def test_chromium_shows_the_board_in_its_colours(browser: object, tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    board = load_drawing("standard")
    assert board is not None
    position = Position.initial(STANDARD)
    # the picture inline in a page, as the judge's web pages will show it (Chromium waits for
    # ever on the fonts of a screenshot of a bare SVG document)
    declaration, _, svg = render(position, board=board).partition("\n")
    assert declaration.startswith("<?xml")
    page_file = tmp_path / "board.html"
    page_file.write_text(
        f"<!DOCTYPE html><html><body style='margin:0'>{svg}</body></html>", encoding="utf-8"
    )
    x, y, width, _ = board.view_box
    page = browser.new_page(viewport={"width": int(width), "height": 900})  # type: ignore[attr-defined]
    page.goto(page_file.as_uri())
    shot = image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
    page.close()
    colours = palette_for(STANDARD)

    def at(point: tuple[float, float]) -> str:
        return hex_colour(shot.getpixel((round(point[0] - x), round(point[1] - y))))

    provinces = board.provinces
    paris, belgium = provinces["PAR"].center, provinces["BEL"].center
    assert paris is not None and belgium is not None
    assert near(at(paris), colours.power("France")), at(paris)  # a centre, its owner's
    assert near(at(belgium), colours.neutral_centre), at(belgium)  # a neutral centre
    owned = clear_of_marks(provinces["MOS"])
    assert near(at(owned), tint(colours.power("Russia"), 0.55)), at(owned)  # Russia's land
    open_sea = clear_of_marks(provinces["BAR"])
    assert near(at(open_sea), colours.sea), at(open_sea)
    munich = provinces["MUN"].unit
    assert munich is not None
    inside = (munich[0] - 4, munich[1] + 4)  # inside the army, beside its letter
    assert near(at(inside), colours.power("Germany"), 12), at(inside)
