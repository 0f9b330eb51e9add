"""The shipped drawings: read by :mod:`adjudicator.board.drawing`, and faithful to their maps.

The faithfulness checks measure the drawing itself (with shapely, of the development extra):
the provinces that share a border of real length are exactly the pairs the map makes adjacent;
land is land and sea is sea; coasts' anchors sit on their own coast; the provinces neither
overlap nor leave gaps; every anchor lies inside its province. ``problems`` is also what
``python -m tools.drawmap check`` prints while seeds are being chosen.
"""

from __future__ import annotations

import itertools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from adjudicator.base.model import Location, UnitType
from adjudicator.board.drawing import (
    MapDrawing,
    ProvinceDrawing,
    load_drawing,
    parse_drawing,
    path_rings,
)
from adjudicator.board.load import available_maps, load_map
from adjudicator.board.map import GameMap

BORDER = 3.0
"""px: two provinces whose common border is shorter than this only touch at a corner."""
SLIVER = 0.2
"""px: the width of the band in which two outlines count as one line."""

DRAWN = [name for name in available_maps() if load_drawing(name) is not None]


def test_standard_and_testmap_have_drawings() -> None:
    assert "standard" in DRAWN
    assert "testmap" in DRAWN


def test_path_rings_reads_moves_relative_lines_and_closes() -> None:
    assert path_rings("M0 0l10 0 0 10z M20 20l1.5 0 0 -2.5z") == (
        ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0)),
        ((20.0, 20.0), (21.5, 20.0), (21.5, 17.5)),
    )
    assert path_rings("M1 1L4 1L4 5z") == (((1.0, 1.0), (4.0, 1.0), (4.0, 5.0)),)
    assert path_rings("") == ()


def test_parse_refuses_another_format() -> None:
    with pytest.raises(ValueError, match="format 2"):
        parse_drawing({"format": 2})


@pytest.mark.parametrize("name", DRAWN)
def test_drawing_names_every_province_of_its_map(name: str) -> None:
    drawing = load_drawing(name)
    assert drawing is not None
    game_map = load_map(name)
    assert drawing.map == game_map.name
    assert set(drawing.provinces) == set(game_map.provinces)
    for pid, province in drawing.provinces.items():
        mapped = game_map.provinces[pid]
        assert province.type == mapped.type.value, pid
        assert (province.center is not None) == mapped.supply_center, pid
        assert set(province.coasts) == set(mapped.coasts), pid
        assert (province.unit is None) == (mapped.type.value == "impassable"), pid
    for location in (Location(p) for p in game_map.provinces if drawing.provinces[p].unit):
        assert drawing.anchor(location) == drawing.provinces[location.province].unit
    assert drawing.credit


def test_anchor_of_a_coast_and_of_a_dislodged_unit() -> None:
    drawing = load_drawing("testmap")
    assert drawing is not None
    pen = drawing.provinces["PEN"]
    assert drawing.anchor(Location("PEN", "NC")) == pen.coasts["NC"]
    assert drawing.anchor(Location("PEN", "NC"), dislodged=True) == pen.dislodged
    with pytest.raises(ValueError, match="impassable"):
        drawing.anchor(Location("MTN"))


def test_shipped_drawings_are_compact_and_rounded() -> None:
    folder = resources.files("adjudicator.maps")
    for name in DRAWN:
        text = (folder / f"{name}.drawing.json").read_text(encoding="utf-8")
        assert len(text.encode()) < 300_000, name
        data: dict[str, Any] = json.loads(text)
        for entry in data["provinces"].values():
            for key in ("label", "unit", "dislodged", "center"):
                if key in entry:
                    assert all(round(v, 1) == v for v in entry[key])


# ------------------------------------------------------------------------ faithfulness
def _geometry(d: str) -> Any:
    """The region of path data filled with the even-odd rule."""
    from shapely import make_valid
    from shapely.geometry import Polygon

    region: Any = Polygon()
    for ring in path_rings(d):
        if len(ring) >= 3:
            region = region.symmetric_difference(make_valid(Polygon(ring)))
    return region


def _expected_pairs(game_map: GameMap) -> set[tuple[str, str]]:
    pairs = set()
    for pid in game_map.provinces:
        for other in game_map.province_neighbours(pid):
            pairs.add((min(pid, other), max(pid, other)))
    return pairs


def _shared_length(a: Any, b: Any) -> float:
    """The length of the border two regions share (their outlines within ``SLIVER``)."""
    overlap = a.buffer(SLIVER / 2, quad_segs=2).intersection(b.buffer(SLIVER / 2, quad_segs=2))
    return float(overlap.area / SLIVER)


def _meet_at_the_hub(
    drawing: MapDrawing, shapes: dict[str, Any], touching: dict[tuple[str, str], float]
) -> None:
    """Provinces meeting at the drawing's hub border each other (Pure: seven sectors of a
    disc, which no drawing in the plane can give pairwise borders)."""
    from shapely.geometry import Point

    if drawing.hub is None:
        return
    hub = Point(*drawing.hub)
    meeting = sorted(pid for pid, shape in shapes.items() if shape.distance(hub) < 0.05)
    for i, pid in enumerate(meeting):
        for other in meeting[i + 1 :]:
            touching.setdefault((pid, other), 0.0)


def problems(drawing: MapDrawing, game_map: GameMap) -> list[str]:  # noqa: PLR0912
    """Every way the drawing disagrees with the map, in words (empty when faithful)."""
    from shapely import STRtree, union_all
    from shapely.geometry import Point, box

    found: list[str] = []
    shapes = {pid: _geometry(p.d) for pid, p in drawing.provinces.items()}
    decoration = union_all([_geometry(d.d) for d in drawing.decoration])
    passable = sorted(pid for pid, p in drawing.provinces.items() if p.type != "impassable")
    ids = sorted(shapes)
    tree = STRtree([shapes[pid] for pid in ids])
    touching: dict[tuple[str, str], float] = {}
    overlaps = []
    for i, pid in enumerate(ids):
        for j in sorted(int(k) for k in tree.query(shapes[pid])):
            if j <= i:
                continue
            other = ids[j]
            common = shapes[pid].intersection(shapes[other]).area
            if common > 1.0:
                overlaps.append(f"{pid}/{other} ({common:.1f} px²)")
            length = _shared_length(shapes[pid], shapes[other])
            if length > BORDER:
                touching[(pid, other)] = length
    _meet_at_the_hub(drawing, shapes, touching)
    drawn = {pair for pair in touching if pair[0] in passable and pair[1] in passable}
    expected = _expected_pairs(game_map)
    extra = sorted(drawn - expected)
    missing = sorted(expected - drawn)
    if extra or missing:
        found.append(
            "drawn but not adjacent: "
            + (", ".join(f"{a}-{b} ({touching[a, b]:.0f} px)" for a, b in extra) or "none")
            + "; adjacent but not drawn: "
            + (", ".join(f"{a}-{b}" for a, b in missing) or "none")
        )
    if overlaps:
        found.append("overlapping provinces: " + ", ".join(overlaps))

    # land and sea: the seas make the water, the rest and the decoration the land
    water = union_all([shapes[pid] for pid, p in drawing.provinces.items() if p.type == "sea"])
    land = union_all(
        [decoration, *(shapes[pid] for pid, p in drawing.provinces.items() if p.type != "sea")]
    )
    if land.intersection(water).area > 1.0:
        found.append(f"land and sea overlap by {land.intersection(water).area:.1f} px²")
    for pid in passable:
        if drawing.provinces[pid].type == "coast" and _shared_length(shapes[pid], water) <= BORDER:
            found.append(f"{pid} is a coast but touches no sea")
        if drawing.provinces[pid].type == "land" and _shared_length(shapes[pid], water) > BORDER:
            found.append(f"{pid} is inland but touches the sea")

    # no gaps: provinces and decoration cover the board
    x, y, width, height = drawing.view_box
    board = box(x, y, x + width, y + height)
    covered = union_all([land, water])
    gap = board.difference(covered).area
    if gap > 0.001 * board.area:
        found.append(f"provinces and decoration leave {gap:.0f} px² of the board uncovered")
    outside = covered.difference(board).area
    if outside > 1.0:
        found.append(f"{outside:.0f} px² drawn outside the board")

    # anchors inside their provinces; coasts on their own seas
    for pid, province in sorted(drawing.provinces.items()):
        for what, spot in _spots(province):
            if not shapes[pid].contains(Point(spot)):
                found.append(f"{pid}: its {what} anchor {spot} is outside the province")
        found.extend(_coast_problems(pid, province, shapes, game_map))
    return found


def _spots(province: ProvinceDrawing) -> list[tuple[str, tuple[float, float]]]:
    spots = [("label", province.label)]
    spots += [
        (what, spot)
        for what, spot in (
            ("unit", province.unit),
            ("dislodged", province.dislodged),
            ("centre", province.center),
        )
        if spot is not None
    ]
    spots += [(f"{coast} coast", spot) for coast, spot in sorted(province.coasts.items())]
    return spots


def _coast_problems(
    pid: str, province: ProvinceDrawing, shapes: dict[str, Any], game_map: GameMap
) -> list[str]:
    from shapely.geometry import Point

    found = []
    seas = {
        coast: {
            n.province
            for n in game_map.neighbours(Location(pid, coast), UnitType.FLEET)
            if game_map.is_sea(n.province)
        }
        for coast in province.coasts
    }
    for coast, spot in sorted(province.coasts.items()):
        point = Point(spot)
        own = seas[coast]
        others = set().union(*(s for c, s in seas.items() if c != coast)) - own
        nearest = min(
            (p for p in shapes if game_map.is_sea(p)), key=lambda s: shapes[s].distance(point)
        )
        if nearest not in own:
            found.append(f"{pid}/{coast}: its anchor is nearest to {nearest}, not its own sea")
        if others:
            mine = min(shapes[s].distance(point) for s in own)
            theirs = min(shapes[s].distance(point) for s in others)
            if mine >= theirs:
                found.append(
                    f"{pid}/{coast}: its anchor is {mine:.1f} px from its seas and "
                    f"{theirs:.1f} px from the other coast's"
                )
    return found


@pytest.mark.parametrize("name", DRAWN)
def test_drawing_is_faithful_to_its_map(name: str) -> None:
    pytest.importorskip(
        "shapely", reason="the faithfulness checks need shapely (pip install -e '.[dev]')"
    )
    drawing = load_drawing(name)
    assert drawing is not None
    found = problems(drawing, load_map(name))
    assert not found, "\n".join(found)


def test_every_pair_is_checked_once() -> None:
    """The pairs the map makes adjacent are unordered and never a province with itself."""
    pairs = _expected_pairs(load_map("testmap"))
    assert ("HIL", "LOW") in pairs
    assert all(a < b for a, b in pairs)
    assert not any(a == "MTN" or b == "MTN" for a, b in pairs)
    assert len(list(itertools.combinations(sorted(load_map("testmap").provinces), 2))) >= len(pairs)


def test_the_checks_catch_a_wrong_drawing() -> None:
    """A drawing that no longer matches its map is reported, in words."""
    pytest.importorskip("shapely", reason="the faithfulness checks need shapely")
    import dataclasses

    drawing = load_drawing("testmap")
    assert drawing is not None
    provinces = dict(drawing.provinces)
    # Fort drawn over the Peninsula: they overlap, and Fort now touches the West Sea and Southport
    provinces["FRT"] = dataclasses.replace(provinces["FRT"], d=provinces["PEN"].d)
    # the Lowlands' unit anchor moved into the East Sea
    provinces["LOW"] = dataclasses.replace(provinces["LOW"], unit=drawing.provinces["ESE"].unit)
    found = "\n".join(problems(dataclasses.replace(drawing, provinces=provinces), load_map("test")))
    assert "drawn but not adjacent: FRT-SPT" in found
    assert "FRT-WSE" in found
    assert "adjacent but not drawn: ESE-FRT" in found
    assert "overlapping provinces: FRT/PEN" in found
    assert "LOW: its unit anchor" in found
    assert "uncovered" in found


def test_the_generator_remakes_the_shipped_testmap_drawing() -> None:
    """`python -m tools.drawmap draw testmap` is deterministic and its output is what ships
    (the standard drawing needs the Natural Earth file, so only the seeds-only map is remade)."""
    pytest.importorskip("shapely", reason="the generator needs shapely")
    build = pytest.importorskip("tools.drawmap.build", reason="run from the repository's root")
    root = Path(__file__).resolve().parents[2]
    board = build.build_board(
        root / "maps" / "testmap.yaml", root / "tools" / "drawmap" / "testmap_seeds.yaml", None
    )
    made = build.dumps(build.drawing(board))
    shipped = (resources.files("adjudicator.maps") / "testmap.drawing.json").read_text("utf-8")
    assert made == shipped


def test_the_generator_remakes_the_shipped_pure_drawing() -> None:
    """`python -m tools.drawmap draw pure` (seven sectors of a disc) is what ships, and without
    its hub the drawing would miss the borders of the provinces that meet only at the centre."""
    pytest.importorskip("shapely", reason="the generator needs shapely")
    sectors = pytest.importorskip("tools.drawmap.sectors", reason="run from the repository's root")
    build = pytest.importorskip("tools.drawmap.build", reason="run from the repository's root")
    root = Path(__file__).resolve().parents[2]
    made = build.dumps(
        sectors.sector_drawing(
            root / "maps" / "pure.yaml", root / "tools" / "drawmap" / "pure_seeds.yaml"
        )
    )
    shipped = (resources.files("adjudicator.maps") / "pure.drawing.json").read_text("utf-8")
    assert made == shipped
    import dataclasses

    drawing = load_drawing("pure")
    assert drawing is not None and drawing.hub is not None
    found = problems(dataclasses.replace(drawing, hub=None), load_map("pure"))
    assert len(found) == 1 and "adjacent but not drawn: BER-LON" in found[0]
