"""Reading the land: a GeoJSON (lon/lat) file, or the TopoJSON of the ``world-atlas`` package.

Natural Earth's land is public domain. ``world-atlas`` (npm, ISC) packs it as TopoJSON:
quantised, delta-encoded arcs, shared between rings. A ring that crosses the antimeridian (the
Eurasian coast at Chukotka) jumps by 360 degrees between two points; read as a plane polygon
such a ring sweeps across the whole map and turns the Arctic inside out, so its longitudes are
unwrapped here first (a jump of more than 180 degrees is taken the short way round), and only
then is the land clipped to the box that is kept.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon, box, shape

BOX = (-25.0, 20.0, 60.0, 72.0)  # lon/lat: the part of the world a European map can need


def _unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]] | None:
    """The ring with continuous longitudes, or None for a ring round a pole (Antarctica)."""
    out = [ring[0]]
    shift = 0.0
    for (lon0, _), (lon1, lat1) in itertools.pairwise(ring):
        step = lon1 - lon0
        if step > 180:
            shift -= 360
        elif step < -180:
            shift += 360
        out.append((lon1 + shift, lat1))
    if abs(out[-1][0] - out[0][0]) > 1e-6:
        return None
    lons = [lon for lon, _ in out]
    middle = (min(lons) + max(lons)) / 2  # bring the ring's middle back between -180 and 180
    turn = 360.0 * round(middle / 360)
    return [(lon - turn, lat) for lon, lat in out]


def _topology_polygons(topology: dict[str, Any]) -> list[Polygon]:
    scale_x, scale_y = topology["transform"]["scale"]
    move_x, move_y = topology["transform"]["translate"]
    arcs: list[list[tuple[float, float]]] = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * scale_x + move_x, y * scale_y + move_y))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for index in indices:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    polygons = []
    for geometry in topology["objects"]["land"]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for part in parts:
            rings = [_unwrap(ring(indices)) for indices in part]  # holes follow their shell
            if rings[0] is None:
                continue
            holes = [r for r in rings[1:] if r is not None]
            polygons.append(Polygon(rings[0], holes))
    return polygons


def read_land(path: Path, needed: tuple[float, float, float, float] = BOX) -> MultiPolygon:
    """The land in the box ``needed`` (lon/lat), from a GeoJSON or a world-atlas TopoJSON file.

    A GeoJSON file is taken to cover the box of its land: if ``needed`` reaches beyond it, the
    board would show the file's edge as a coast, so that is an error.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("type") == "Topology":
        keep = box(*needed)
        parts = [shapely.make_valid(p) for p in _topology_polygons(data) if p.intersects(keep)]
        geometry = shapely.union_all(parts)
    elif data.get("type") == "FeatureCollection":
        geometry = shapely.union_all([shape(f["geometry"]) for f in data["features"]])
    else:
        geometry = shape(data)
    if data.get("type") != "Topology":
        west, south, east, north = geometry.bounds
        if needed[0] < west - 0.5 or needed[2] > east + 0.5 or needed[1] < south - 0.5:
            raise SystemExit(
                f"{path}: its land covers lon {west:.0f}..{east:.0f}, lat {south:.0f}..{north:.0f};"
                f" the board needs lon {needed[0]:.1f}..{needed[2]:.1f}, lat {needed[1]:.1f}.."
                f"{needed[3]:.1f}: pass --land with the TopoJSON land-50m.json of world-atlas"
                " (docs/drawing.md)"
            )
    clipped = shapely.make_valid(geometry.intersection(box(*needed)))
    parts = [g for g in getattr(clipped, "geoms", [clipped]) if isinstance(g, Polygon)]
    return MultiPolygon(sorted(parts, key=lambda p: (-round(p.area, 6), p.bounds)))
