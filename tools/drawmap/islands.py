"""The drawing of the world of islands, derived from the standard drawing (docs/islands.md).

No coastline data: the islands are the standard board with the land blasted apart along every
border between two countries (``tools/islands.py`` names them):

1. each former border between two countries is found in the standard drawing (the stretch of
   one side's outline that lies on the other side's);
2. the gap is the land within ``GAP / 2`` of any such border, Switzerland and the land that is
   no province left whole; each point of the gap goes to the strait whose border is nearest
   (a Voronoi split of points along the borders), so straits meet where three countries met;
3. every land province loses its part of the gap; the seas are the standard ones;
4. anchors are kept where they still lie well inside the province, else placed again as the
   generator places them (``build._spots``); a strait's are placed the same way.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import shapely
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from adjudicator.board.drawing import path_rings
from adjudicator.board.load import load_map
from adjudicator.board.map import ProvinceType

from .build import FORMAT, _node, _parts, _path, _polygonal, _spots, _xy

GAP = 12.0
"""px: the width of a strait, where a border was."""
STEP = 1.5
"""px: the spacing of the points along each border that the gap is split by."""
MARGIN = 3.0
"""px: how far inside its province a kept anchor must be."""
ONE_SIDED = {"KOL": "SWE"}
"""Straits cut from one side alone, as wide: Norway at Narvik is narrower than half a strait
(cut from both sides, the Kolen Strait would cut Norway in two and open on the Norwegian Sea)."""
TOUCH_UPS = (("VIE", (654.0, 634.0), 8.0, "BOH", "GAL"),)
"""(province, centre, radius, west, east): a disc of the province given to its neighbours, the
west half to one, the east half to the other, before the cut. Bohemia and Galicia met along 5 px
only, next to Silesia: the Sudeten Strait would swallow that border and reach Vienna; Vienna
yields a corner so that they keep their border."""


def _shape(d: str) -> BaseGeometry:
    region: BaseGeometry = Polygon()
    for ring in path_rings(d):
        if len(ring) >= 3:
            region = region.symmetric_difference(shapely.make_valid(Polygon(ring)))
    return region


def _border(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """The stretch of ``a``'s outline that lies on ``b``'s (the drawing shares the vertices)."""
    return shapely.line_merge(a.boundary.intersection(b.buffer(0.15)))


def _points(line: BaseGeometry) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for part in getattr(line, "geoms", [line]):
        if part.is_empty or part.length == 0:
            continue
        count = max(2, math.ceil(part.length / STEP) + 1)
        out += [part.interpolate(i / (count - 1), normalized=True).coords[0] for i in range(count)]
    return out


def derive_islands(standard_path: Path) -> dict[str, Any]:
    """The islands' drawing as plain data, from the standard drawing's file."""
    from tools.islands import COUNTRIES, STRAITS

    return derive(standard_path, COUNTRIES, STRAITS)


def derive(
    standard_path: Path, countries: dict[str, tuple[str, ...]], straits: dict[str, Any]
) -> dict[str, Any]:
    """The drawing of ``countries`` parted by ``straits``, from the standard drawing's file."""
    data = json.loads(standard_path.read_text(encoding="utf-8"))
    shapes = {pid: _shape(entry["d"]) for pid, entry in data["provinces"].items()}
    for pid, (x, y), radius, west, east in TOUCH_UPS:
        disc = shapes[pid].intersection(Point(x, y).buffer(radius, quad_segs=16))
        half = shapely.box(x - 2 * radius, y - 2 * radius, x, y + 2 * radius)
        shapes[west] = shapes[west].union(disc.intersection(half))
        shapes[east] = shapes[east].union(disc.difference(half))
        shapes[pid] = _polygonal(shapes[pid].difference(disc))
    country_shape = {
        name: shapely.union_all([shapes[pid] for pid in pids]) for name, pids in countries.items()
    }
    borders = {
        sid: _border(country_shape[a], country_shape[b]) for sid, (a, b, _, _) in straits.items()
    }
    land = shapely.union_all(
        [shape for pid in countries.values() for shape in map(shapes.get, pid)]
    )
    strips = []
    for sid, line in borders.items():
        if sid in ONE_SIDED:
            side = country_shape[ONE_SIDED[sid]]
            strips.append(line.buffer(GAP, quad_segs=8).intersection(side))
        else:
            strips.append(line.buffer(GAP / 2, quad_segs=8))
    gap = shapely.union_all(strips).intersection(land)
    # a junction lies on two or three borders: no seed there, so that each strait's share
    # ends on the bisectors between the borders, and the three straits meet
    owners: dict[tuple[int, int], set[str]] = {}
    points = {sid: _points(line) for sid, line in sorted(borders.items())}
    for sid, xys in points.items():
        for x, y in xys:
            owners.setdefault((round(x * 2), round(y * 2)), set()).add(sid)
    seeds = [
        (sid, (x, y))
        for sid, xys in points.items()
        for x, y in xys
        if len(owners[round(x * 2), round(y * 2)]) == 1
    ]
    cells = shapely.voronoi_polygons(
        MultiPoint([xy for _, xy in seeds]), extend_to=gap.envelope.buffer(GAP), ordered=True
    )
    owned: dict[str, list[BaseGeometry]] = {}
    for (sid, _), cell in zip(seeds, cells.geoms, strict=True):
        owned.setdefault(sid, []).append(cell)
    regions: dict[str, BaseGeometry] = {}
    for pid, shape in shapes.items():
        in_country = any(pid in pids for pids in countries.values())
        regions[pid] = _polygonal(shape.difference(gap)) if in_country else shape
    for sid, cells_of in owned.items():
        regions[sid] = _polygonal(shapely.union_all(cells_of).intersection(gap))
    regions = {pid: _clean(shape) for pid, shape in regions.items()}
    # one noded set of lines, as the generator's: neighbours share every vertex, so rounding
    # moves both sides of a border alike (no slivers of overlap between land and strait)
    _, _, width, height = data["viewBox"]
    board = SimpleNamespace(
        regions=regions,
        decoration={d["name"]: _shape(d["d"]) for d in data["decoration"]},
        view=shapely.box(0, 0, width, height),
    )
    _node(board)  # type: ignore[arg-type]
    return _drawing(data, board.regions)


def _clean(shape: BaseGeometry) -> BaseGeometry:
    """Drop the crumbs a cut leaves (pieces under 2 px²)."""
    return _polygonal(shapely.union_all([p for p in _parts(shape) if p.area >= 2.0]))


def _keep(
    old: dict[str, Any], key: str, geometry: BaseGeometry, spots: dict[str, tuple[float, float]]
) -> Any:
    """The standard drawing's anchor where it still lies well inside, else a new one."""
    spot = old.get(key)
    if spot is not None and geometry.contains(Point(spot).buffer(MARGIN)):
        return spot
    return _xy(spots[key])


def _drawing(standard: dict[str, Any], regions: dict[str, BaseGeometry]) -> dict[str, Any]:
    game_map = load_map("islands")
    provinces: dict[str, Any] = {}
    for pid in sorted(game_map.provinces):
        province = game_map.provinces[pid]
        geometry = regions[pid]
        old = standard["provinces"].get(pid, {})
        spots = _spots(geometry)
        entry: dict[str, Any] = {"type": province.type.value, "d": _path(geometry)}

        entry["label"] = _keep(old, "label", geometry, spots)
        if province.type is not ProvinceType.IMPASSABLE:
            entry["unit"] = _keep(old, "unit", geometry, spots)
            entry["dislodged"] = _keep(old, "dislodged", geometry, spots)
        if province.supply_center:
            entry["center"] = _keep(old, "center", geometry, spots)
        if province.coasts:
            entry["coasts"] = old["coasts"]
        provinces[pid] = entry
    return {
        "format": FORMAT,
        "map": game_map.name,
        "viewBox": standard["viewBox"],
        "credit": standard["credit"] + " The islands: the standard drawing with every border"
        " between two countries blasted into a strait (tools/drawmap/islands.py).",
        "projection": standard["projection"],
        "provinces": provinces,
        "decoration": standard["decoration"],
    }
