"""Drawing a map: land and water split among the provinces' seed points (docs/drawing.md).

The steps, for a map with a coastline:

1. project the land (Lambert conformal conic), crop it to the board, add the land patches
   (straits the game treats as land), simplify the coastline (Douglas-Peucker), drop islands
   smaller than ``min_island`` and fill the lakes;
2. water is the rest of the board; a body of water with no sea seed in it (a lake, the Caspian)
   becomes land;
3. each piece of land is split among the land seeds inside it (a Voronoi partition: nearest seed
   wins), each body of water among the sea seeds; a province is the union of its seeds' shares.
   A share cut off from every seed of its province (the partition reaching across a bay) goes to
   the neighbour it shares the longest border with. A piece of land with no seed is decoration;
4. anchors: the centre of the largest circle inside the province for the unit, the label, the
   dislodged unit and the supply-centre marker around it; the coasts' anchors from the seed
   file or near the coast's own seas;
5. coordinates rounded to 0.1 px, written as SVG paths.

A map without a coastline (``coordinates: px``) makes its land from blobs around the land
seeds instead of step 1.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import yaml
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from adjudicator.base.model import Location, UnitType
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, ProvinceType

from .land import read_land
from .projection import Lambert, project_array, unproject

FORMAT = 1


@dataclass
class Seeds:
    """A seed file, read."""

    map: str
    coordinates: str
    width: float
    simplify: float
    min_island: float
    credit: str
    projection: dict[str, Any] | None
    crop: dict[str, list[float]] | None
    height: float | None
    blob: float
    land_patches: dict[str, list[list[float]]]
    provinces: dict[str, list[list[float]]]
    decoration: dict[str, list[list[float]]]
    water_decoration: dict[str, list[list[float]]]
    crossings: dict[str, list[list[float]]]
    hub: list[float] | None
    anchors: dict[str, dict[str, list[float]]]
    coasts: dict[str, list[float]]


def read_seeds(path: Path) -> Seeds:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Seeds(
        map=data["map"],
        coordinates=data.get("coordinates", "lonlat"),
        width=float(data.get("width", 1200)),
        simplify=float(data.get("simplify", 0.6)),
        min_island=float(data.get("min_island", 30)),
        credit=str(data.get("credit", "")).strip(),
        projection=data.get("projection"),
        crop=data.get("crop"),
        height=data.get("height"),
        blob=float(data.get("blob", 40)),
        land_patches=data.get("land_patches") or {},
        provinces=data.get("provinces") or {},
        decoration=data.get("decoration") or {},
        water_decoration=data.get("water_decoration") or {},
        crossings=data.get("crossings") or {},
        hub=data.get("hub"),
        anchors=data.get("anchors") or {},
        coasts=data.get("coasts") or {},
    )


@dataclass
class Board:
    """The split board, before it is written: geometry per province and decoration."""

    game_map: GameMap
    seeds: Seeds
    width: float
    height: float
    to_px: Any  # (lon, lat) or (x, y) -> board pixels
    projection: Lambert | None
    regions: dict[str, BaseGeometry] = field(default_factory=dict)
    decoration: dict[str, BaseGeometry] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def view(self) -> Polygon:
        return box(0, 0, self.width, self.height)


def _lambert(seeds: Seeds) -> tuple[Lambert, float, float]:
    """The projection scaled and shifted to the crop, and the board's size."""
    assert seeds.projection is not None and seeds.crop is not None
    p = seeds.projection
    base = Lambert(p["lat1"], p["lat2"], p["lat0"], p["lon0"])
    crop = seeds.crop
    x_west = base.unit(*crop["west"])[0]
    x_east = base.unit(*crop["east"])[0]
    y_south = base.unit(*crop["south"])[1]
    y_north = base.unit(*crop["north"])[1]
    scale = seeds.width / (x_east - x_west)
    projection = Lambert(
        p["lat1"], p["lat2"], p["lat0"], p["lon0"], scale=scale, x0=x_west, y0=y_north
    )
    height = round((y_north - y_south) * scale, 1)
    return projection, seeds.width, height


def _parts(geometry: BaseGeometry) -> list[Polygon]:
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        return [geometry]
    return [g for part in getattr(geometry, "geoms", []) for g in _parts(part)]


def _polygonal(geometry: BaseGeometry) -> BaseGeometry:
    parts = _parts(geometry)
    return MultiPolygon(parts) if len(parts) != 1 else parts[0]


def _fill_holes(polygon: Polygon, keep: list[Point]) -> Polygon:
    holes = [
        ring for ring in polygon.interiors if any(Polygon(ring).contains(point) for point in keep)
    ]
    return Polygon(polygon.exterior, holes)


def _land(board: Board, land_file: Path | None) -> BaseGeometry:
    seeds = board.seeds
    view = board.view
    if seeds.coordinates == "lonlat":
        assert land_file is not None, "a map drawn from lon/lat seeds needs a land file"
        assert board.projection is not None
        projection = board.projection
        land = read_land(land_file, _needed_box(board))
        land = shapely.make_valid(shapely.transform(land, lambda xy: project_array(projection, xy)))
        patches = [Polygon([board.to_px(*p) for p in ring]) for ring in seeds.land_patches.values()]
        land = shapely.union_all([land, *patches]).intersection(view)
        land = shapely.simplify(land, seeds.simplify, preserve_topology=True)
    else:  # blobs around the land seeds
        points = [
            Point(board.to_px(*p))
            for pid, ps in sorted(seeds.provinces.items())
            if board.game_map.provinces[pid].type is not ProvinceType.SEA
            for p in ps
        ]
        points += [Point(board.to_px(*p)) for ps in seeds.decoration.values() for p in ps]
        blob = seeds.blob
        land = shapely.union_all([p.buffer(blob, quad_segs=8) for p in points])
        land = land.buffer(blob / 2, quad_segs=8).buffer(-blob / 2, quad_segs=8)  # close gaps
        patches = [Polygon([board.to_px(*p) for p in ring]) for ring in seeds.land_patches.values()]
        land = shapely.union_all([land, *patches]).intersection(view)
    sea_points = _sea_points(board)
    kept = [_fill_holes(part, sea_points) for part in _parts(land) if part.area >= seeds.min_island]
    land = shapely.union_all(kept)
    # water without a sea seed (a lake, the Caspian) is land
    water = view.difference(land)
    lakes = [part for part in _parts(water) if not any(part.contains(p) for p in sea_points)]
    return _polygonal(shapely.union_all([land, *lakes]))


def _needed_box(board: Board) -> tuple[float, float, float, float]:
    """The lon/lat box the board shows, with a margin."""
    assert board.projection is not None
    edge = [(board.width * t / 50, 0.0) for t in range(51)]
    edge += [(board.width * t / 50, board.height) for t in range(51)]
    edge += [(0.0, board.height * t / 50) for t in range(51)]
    edge += [(board.width, board.height * t / 50) for t in range(51)]
    lonlats = [unproject(board.projection, x, y) for x, y in edge]
    lons = [lon for lon, _ in lonlats]
    lats = [lat for _, lat in lonlats]
    return min(lons) - 1, min(lats) - 1, max(lons) + 1, min(max(lats) + 1, 89.0)


def _sea_points(board: Board) -> list[Point]:
    points = [
        Point(board.to_px(*p))
        for pid, ps in sorted(board.seeds.provinces.items())
        if board.game_map.provinces[pid].type is ProvinceType.SEA
        for p in ps
    ]
    return points + [
        Point(board.to_px(*p)) for ps in board.seeds.water_decoration.values() for p in ps
    ]


def _split(
    region: BaseGeometry, seeds: list[tuple[str, Point]], view: Polygon
) -> tuple[dict[str, list[Polygon]], list[Polygon]]:
    """Each piece of ``region`` split among the seeds inside it; the pieces with no seed."""
    owned: dict[str, list[Polygon]] = {}
    free: list[Polygon] = []
    for piece in _parts(region):
        inside = [(owner, point) for owner, point in seeds if piece.contains(point)]
        if not inside:
            free.append(piece)
            continue
        if len({owner for owner, _ in inside}) == 1:
            owned.setdefault(inside[0][0], []).append(piece)
            continue
        cells = shapely.voronoi_polygons(
            shapely.MultiPoint([point for _, point in inside]), extend_to=view, ordered=True
        )
        for (owner, _), cell in zip(inside, cells.geoms, strict=True):
            share = cell.intersection(piece)
            owned.setdefault(owner, []).extend(_parts(share))
    return owned, free


def _mend_spills(
    owned: dict[str, list[Polygon]], seeds: list[tuple[str, Point]], warnings: list[str]
) -> dict[str, BaseGeometry]:
    """Give each share cut off from all its owner's seeds to its longest-bordering neighbour."""
    regions = {owner: shapely.union_all(parts) for owner, parts in owned.items()}
    points: dict[str, list[Point]] = {}
    for owner, point in seeds:
        points.setdefault(owner, []).append(point)
    for _ in range(10):
        moved = False
        for owner in sorted(regions):
            for part in _parts(regions[owner]):
                if any(part.contains(p) for p in points.get(owner, [])):
                    continue
                best, length = None, 0.0
                for other in sorted(regions):
                    if other == owner:
                        continue
                    shared = part.boundary.intersection(regions[other].boundary).length
                    if shared > length:
                        best, length = other, shared
                if best is None:
                    continue
                regions[owner] = _polygonal(regions[owner].difference(part))
                regions[best] = _polygonal(shapely.union_all([regions[best], part]))
                if part.area > 20:
                    warnings.append(
                        f"a piece of {owner} ({part.area:.0f} px² at "
                        f"{part.representative_point().x:.0f},{part.representative_point().y:.0f})"
                        f" has none of its seeds: given to {best}"
                    )
                moved = True
        if not moved:
            break
    return regions


def build_board(  # noqa: PLR0912 (the steps, in order)
    map_path: Path, seeds_path: Path, land_file: Path | None
) -> Board:
    seeds = read_seeds(seeds_path)
    game_map = load_map(str(map_path))
    if seeds.coordinates == "lonlat":
        projection, width, height = _lambert(seeds)

        def to_px(lon: float, lat: float) -> tuple[float, float]:
            return projection.project(lon, lat)

        board = Board(game_map, seeds, width, height, to_px, projection)
    else:
        assert seeds.height is not None

        def plain(x: float, y: float) -> tuple[float, float]:
            return float(x), float(y)

        board = Board(game_map, seeds, seeds.width, float(seeds.height), plain, None)
    missing = sorted(set(game_map.provinces) - set(seeds.provinces))
    if missing:
        raise SystemExit(f"provinces without seeds: {', '.join(missing)}")
    land = _land(board, land_file)
    water = _polygonal(board.view.difference(land))
    land_seeds: list[tuple[str, Point]] = []
    sea_seeds: list[tuple[str, Point]] = []
    for pid, points in sorted(seeds.provinces.items()):
        is_sea = game_map.provinces[pid].type is ProvinceType.SEA
        for lonlat in points:
            point = Point(board.to_px(*lonlat))
            if not board.view.contains(point):
                board.warnings.append(f"seed of {pid} at {lonlat} is off the board")
            elif is_sea and not water.contains(point):
                board.warnings.append(f"sea seed of {pid} at {lonlat} is not on water")
            elif not is_sea and not land.contains(point):
                board.warnings.append(f"land seed of {pid} at {lonlat} is not on land")
            (sea_seeds if is_sea else land_seeds).append((pid, point))
    for name, points in sorted(seeds.decoration.items()):
        for lonlat in points:
            point = Point(board.to_px(*lonlat))
            if not board.view.contains(point):
                board.warnings.append(f"seed of {name} at {lonlat} is off the board")
            elif not land.contains(point):
                board.warnings.append(f"seed of {name} at {lonlat} is not on land")
            land_seeds.append((f"~{name}", point))
    # water that is no province (an ocean no unit sails) takes its share of the water
    for name, points in sorted(seeds.water_decoration.items()):
        for lonlat in points:
            point = Point(board.to_px(*lonlat))
            if not water.contains(point):
                board.warnings.append(f"seed of the water {name} at {lonlat} is not on water")
            sea_seeds.append((f"~{name}", point))
    land_owned, islands = _split(land, land_seeds, board.view)
    sea_owned, unowned_water = _split(water, sea_seeds, board.view)
    if unowned_water:
        board.warnings.append(f"{len(unowned_water)} pieces of water without a sea seed")
    regions = _mend_spills(land_owned, land_seeds, board.warnings)
    regions.update(_mend_spills(sea_owned, sea_seeds, board.warnings))
    for owner, geometry in sorted(regions.items()):
        if owner.startswith("~"):
            board.decoration[owner[1:]] = geometry
        else:
            board.regions[owner] = geometry
    for index, island in enumerate(sorted(islands, key=lambda p: (-p.area, p.bounds)), 1):
        board.decoration[f"island {index}"] = island
    _node(board)
    _smooth(board)
    return board


def _node(board: Board) -> None:
    """Rebuild every region from one noded set of lines, so that neighbours share every
    vertex of their common border (and rounding moves both sides alike)."""
    owners = [*(("p", k) for k in sorted(board.regions)), *(("d", k) for k in board.decoration)]
    geometries = [board.regions[k] if kind == "p" else board.decoration[k] for kind, k in owners]
    lines = shapely.union_all([g.boundary for g in geometries] + [board.view.boundary])
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(lines)))
    tree = shapely.STRtree(geometries)
    shares: dict[int, list[Polygon]] = {}
    for face in faces:
        point = face.representative_point()
        hits = [int(i) for i in tree.query(point, predicate="within")]
        if not hits:
            continue  # a gap: the faithfulness check reports it
        shares.setdefault(min(hits), []).append(face)
    for index, (kind, key) in enumerate(owners):
        geometry = _polygonal(shapely.union_all(shares.get(index, [])))
        if kind == "p":
            board.regions[key] = geometry
        else:
            board.decoration[key] = geometry


SMOOTHING = 2
"""Rounds of Chaikin's corner cutting on the borders between two provinces of the same kind
(land and land, sea and sea): the split draws them as straight pieces meeting at corners. The
coastline is Natural Earth's, already simplified, and is left as it is."""


def _smooth(board: Board) -> None:
    """Round the corners of every border between two land or two sea regions, each border
    once, so that both neighbours get the same curve; the faces are then rebuilt from the
    curves and each goes to the region it overlaps most."""
    owners = [*(("p", k) for k in sorted(board.regions)), *(("d", k) for k in board.decoration)]
    geometries = [board.regions[k] if kind == "p" else board.decoration[k] for kind, k in owners]
    sea = [
        key in board.seeds.water_decoration
        if kind == "d"
        else board.game_map.provinces[key].type is ProvinceType.SEA
        for kind, key in owners
    ]
    tree = shapely.STRtree(geometries)
    lines = shapely.union_all([g.boundary for g in geometries] + [board.view.boundary])
    edges = shapely.get_parts(shapely.line_merge(lines))
    curves = []
    for edge in edges:
        sides = _sides(edge, tree)
        interior = len(sides) == 2 and sea[sides[0]] == sea[sides[1]]
        curves.append(_chaikin(edge, SMOOTHING) if interior else edge)
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.union_all(curves))))
    shares: dict[int, list[Polygon]] = {}
    for face in faces:
        hits = [int(i) for i in tree.query(face, predicate="intersects")]
        if not hits:
            continue
        best = max(hits, key=lambda i: (face.intersection(geometries[i]).area, -i))
        shares.setdefault(best, []).append(face)
    for index, (kind, key) in enumerate(owners):
        geometry = _polygonal(shapely.union_all(shares.get(index, [])))
        if kind == "p":
            board.regions[key] = geometry
        else:
            board.decoration[key] = geometry


def _sides(edge: BaseGeometry, tree: shapely.STRtree) -> list[int]:
    """The regions on either side of ``edge``, seen from the middle of its longest piece."""
    coords = list(edge.coords)
    (x0, y0), (x1, y1) = max(
        itertools.pairwise(coords), key=lambda pair: math.dist(pair[0], pair[1])
    )
    length = math.dist((x0, y0), (x1, y1)) or 1.0
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    nx, ny = (y1 - y0) / length * 0.2, -(x1 - x0) / length * 0.2
    found = []
    for point in (Point(mx + nx, my + ny), Point(mx - nx, my - ny)):
        hits = [int(i) for i in tree.query(point, predicate="within")]
        if hits:
            found.append(min(hits))
    return found if len(set(found)) == 2 else []


def _chaikin(edge: BaseGeometry, rounds: int) -> BaseGeometry:
    """``edge`` with its corners cut ``rounds`` times (Chaikin); its ends stay where they are,
    on the junctions it shares with other borders."""
    coords = [tuple(c) for c in edge.coords]
    if len(coords) < 3 or coords[0] == coords[-1]:
        return edge
    for _ in range(rounds):
        cut = [coords[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(coords):
            cut.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            cut.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        cut.append(coords[-1])
        coords = cut
    return shapely.LineString(coords)


# ------------------------------------------------------------------------------ anchors
def _inside(geometry: BaseGeometry, x: float, y: float, margin: float) -> bool:
    return bool(geometry.contains(Point(x, y).buffer(margin, quad_segs=4)))


def _spots(geometry: BaseGeometry) -> dict[str, tuple[float, float]]:
    """Unit, label, dislodged unit and centre marker around the largest inscribed circle."""
    main = max(_parts(geometry), key=lambda p: p.area)
    circle = shapely.maximum_inscribed_circle(main, 0.2)
    cx, cy = circle.coords[0]
    radius = circle.length
    spots = {"unit": (cx, cy)}
    offsets = {
        "label": [(0, 0.6), (0, -0.6), (0.6, 0), (-0.6, 0), (0, 0.35)],
        "dislodged": [(0.55, -0.55), (-0.55, -0.55), (0.6, 0.3), (0, -0.6), (0.3, -0.3)],
        "center": [(-0.55, 0.45), (0.55, 0.45), (-0.6, 0), (0, 0.6), (-0.3, 0.3)],
    }
    for name, choices in offsets.items():
        for dx, dy in choices:
            x, y = cx + dx * radius, cy + dy * radius
            if _inside(main, x, y, min(3.0, radius / 4)) and all(
                math.dist((x, y), other) > radius * 0.3 for other in spots.values()
            ):
                spots[name] = (x, y)
                break
        else:
            spots[name] = (cx, cy)
    return spots


def _coast_anchor(
    board: Board, pid: str, coast: str, geometry: BaseGeometry
) -> tuple[float, float]:
    """A point of the province near the seas its coast alone touches."""
    key = f"{pid}/{coast}"
    if key in board.seeds.coasts:
        return board.to_px(*board.seeds.coasts[key])  # type: ignore[no-any-return]
    game_map = board.game_map
    province = game_map.provinces[pid]
    seas = {
        c: {
            n.province
            for n in game_map.neighbours(Location(pid, c), UnitType.FLEET)
            if game_map.is_sea(n.province)
        }
        for c in province.coasts
    }
    others = set().union(*(s for c, s in seas.items() if c != coast))
    own = (seas[coast] - others) or seas[coast]
    shore = shapely.union_all([geometry.boundary.intersection(board.regions[s]) for s in own])
    far = shapely.union_all([board.regions[s] for s in others - seas[coast]] or [Polygon()])
    best, best_distance = None, -1.0
    for line in getattr(shore, "geoms", [shore]):
        for t in np.linspace(0, 1, 21):
            point = line.interpolate(float(t), normalized=True)
            distance = far.distance(point) if not far.is_empty else 0.0
            if distance > best_distance:
                best, best_distance = point, distance
    assert best is not None
    # step inside the province, towards its unit anchor
    ux, uy = _spots(geometry)["unit"]
    for step in (8, 6, 4, 2):
        length = math.dist((best.x, best.y), (ux, uy)) or 1
        x = best.x + (ux - best.x) * step / length
        y = best.y + (uy - best.y) * step / length
        if geometry.contains(Point(x, y)):
            return x, y
    return best.x, best.y


# ------------------------------------------------------------------------------ writing
def _path(geometry: BaseGeometry) -> str:
    """SVG path data: an absolute move, then relative lines in tenths, closed; evenodd."""
    out = []
    for part in sorted(_parts(geometry), key=lambda p: (-p.area, p.bounds)):
        polygon = orient(part)
        for ring in [polygon.exterior, *polygon.interiors]:
            points: list[tuple[int, int]] = []
            for x, y in ring.coords[:-1]:
                point = (round(x * 10), round(y * 10))
                if not points or point != points[-1]:
                    points.append(point)
            while len(points) > 1 and points[0] == points[-1]:
                points.pop()
            if len(points) < 3:
                continue
            parts = [f"M{_tenths(points[0][0])} {_tenths(points[0][1])}l"]
            steps = []
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                steps.append(f"{_tenths(x1 - x0)} {_tenths(y1 - y0)}")
            out.append(parts[0] + " ".join(steps) + "z")
    return "".join(out)


def _tenths(value: int) -> str:
    sign = "-" if value < 0 else ""
    whole, tenth = divmod(abs(value), 10)
    return f"{sign}{whole}.{tenth}" if tenth else f"{sign}{whole}"


def _xy(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


def drawing(board: Board) -> dict[str, Any]:
    """The shipped drawing as plain data (docs/drawing.md, "The data")."""
    provinces: dict[str, Any] = {}
    for pid in sorted(board.game_map.provinces):
        province = board.game_map.provinces[pid]
        geometry = board.regions[pid]
        spots = _spots(geometry)
        for name, lonlat in board.seeds.anchors.get(pid, {}).items():
            spots[name] = board.to_px(*lonlat)
        entry: dict[str, Any] = {"type": province.type.value, "d": _path(geometry)}
        entry["label"] = _xy(spots["label"])
        if province.type is not ProvinceType.IMPASSABLE:
            entry["unit"] = _xy(spots["unit"])
            entry["dislodged"] = _xy(spots["dislodged"])
        if province.supply_center:
            entry["center"] = _xy(spots["center"])
        if province.coasts:
            entry["coasts"] = {
                c: _xy(_coast_anchor(board, pid, c, geometry)) for c in province.coasts
            }
        provinces[pid] = entry
    decoration = [
        {"name": name, "d": _path(geometry)}
        | ({"water": True} if name in board.seeds.water_decoration else {})
        for name, geometry in sorted(board.decoration.items(), key=_decoration_order)
    ]
    data: dict[str, Any] = {
        "format": FORMAT,
        "map": board.game_map.name,
        "viewBox": [0, 0, board.width, board.height],
        "credit": board.seeds.credit,
    }
    if board.projection is not None:
        p = board.projection
        data["projection"] = {
            "type": "lambert-conformal-conic",
            "lat1": p.lat1,
            "lat2": p.lat2,
            "lat0": p.lat0,
            "lon0": p.lon0,
            "scale": round(p.scale, 6),
            "x0": round(p.x0, 9),
            "y0": round(p.y0, 9),
        }
    data["provinces"] = provinces
    data["decoration"] = decoration
    if board.seeds.hub is not None:
        data["hub"] = _hub(board, provinces)
    if board.seeds.crossings:
        data["crossings"] = [
            {"between": pair.split("-"), "line": [_xy(board.to_px(*p)) for p in line]}
            for pair, line in sorted(board.seeds.crossings.items())
        ]
    return data


def _hub(board: Board, provinces: dict[str, Any]) -> list[float]:
    """The written point nearest the seed file's ``hub`` that the most provinces' outlines pass
    through: where four seas meet (Ancient Mediterranean), which the faithfulness tests then
    count as a border between each two of them."""
    from adjudicator.board.drawing import path_rings

    near = board.to_px(*board.seeds.hub)  # type: ignore[misc]
    counts: dict[tuple[float, float], int] = {}
    for entry in provinces.values():
        points = {p for ring in path_rings(entry["d"]) for p in ring}
        for point in points:
            if math.dist(point, near) < 3.0:
                key = (round(point[0], 1), round(point[1], 1))
                counts[key] = counts.get(key, 0) + 1
    best = max(counts, key=lambda p: (counts[p], -math.dist(p, near)))
    return [best[0], best[1]]


def _decoration_order(item: tuple[str, BaseGeometry]) -> tuple[int, int, str]:
    name, _ = item
    if name.startswith("island "):
        return 1, int(name.split()[1]), name
    return 0, 0, name


def dumps(data: dict[str, Any]) -> str:
    """Compact JSON with one province, one decoration per line (readable diffs)."""
    head = {k: v for k, v in data.items() if k not in ("provinces", "decoration", "crossings")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"{json.dumps(key)}:{json.dumps(value, separators=(',', ':'))},")
    lines.append('"provinces":{')
    items = list(data["provinces"].items())
    for i, (pid, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"{json.dumps(pid)}:{json.dumps(entry, separators=(',', ':'))}{comma}")
    lines.append('},"decoration":[')
    decoration = data["decoration"]
    for i, entry in enumerate(decoration):
        comma = "," if i < len(decoration) - 1 else ""
        lines.append(json.dumps(entry, separators=(",", ":")) + comma)
    if "crossings" in data:
        lines.append('],"crossings":[')
        crossings = data["crossings"]
        for i, entry in enumerate(crossings):
            comma = "," if i < len(crossings) - 1 else ""
            lines.append(json.dumps(entry, separators=(",", ":")) + comma)
    lines.append("]}")
    return "\n".join(lines) + "\n"
