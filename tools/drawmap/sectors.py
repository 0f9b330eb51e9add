"""A board of sectors of one disc, meeting at its centre (``layout: sectors`` in a seed file).

For a map whose provinces all border each other (Pure: seven, which no drawing in the plane can
give pairwise borders): one sector per province, in the order of the ids, from the top going
clockwise; the centre is the drawing's ``hub``. Outside the disc is decoration (docs/drawing.md).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from shapely.geometry import Polygon, box

from adjudicator.board.load import load_map
from adjudicator.board.map import ProvinceType

from .build import FORMAT, _path, _spots, _xy

_STEPS = 24
"""Points on each sector's arc: enough for a round disc at this size."""


def sector_drawing(map_path: Path, seeds_path: Path) -> dict[str, Any]:
    """The drawing's data (as :func:`tools.drawmap.build.drawing` returns it)."""
    seeds = yaml.safe_load(seeds_path.read_text(encoding="utf-8"))
    game_map = load_map(map_path)
    width, height, radius = float(seeds["width"]), float(seeds["height"]), float(seeds["radius"])
    cx, cy = width / 2, height / 2
    ids = sorted(p for p, v in game_map.provinces.items() if v.type is not ProvinceType.IMPASSABLE)
    provinces: dict[str, Any] = {}
    disc: list[tuple[float, float]] = []
    for index, pid in enumerate(ids):
        start = 2 * math.pi * index / len(ids)
        arc = [
            _on_circle(cx, cy, radius, start + 2 * math.pi * step / (len(ids) * _STEPS))
            for step in range(_STEPS + 1)
        ]
        disc.extend(arc[:-1])
        geometry = Polygon([(cx, cy), *arc])
        spots = _spots(geometry)
        province = game_map.provinces[pid]
        entry: dict[str, Any] = {"type": province.type.value, "d": _path(geometry)}
        entry["label"] = _xy(spots["label"])
        entry["unit"] = _xy(spots["unit"])
        entry["dislodged"] = _xy(spots["dislodged"])
        if province.supply_center:
            entry["center"] = _xy(spots["center"])
        provinces[pid] = entry
    outside = box(0, 0, width, height).difference(Polygon(disc))
    return {
        "format": FORMAT,
        "map": game_map.name,
        "viewBox": [0, 0, width, height],
        "credit": seeds["credit"],
        "hub": [round(cx, 1), round(cy, 1)],
        "provinces": provinces,
        "decoration": [{"name": "outside", "d": _path(outside)}],
    }


def _on_circle(cx: float, cy: float, radius: float, angle: float) -> tuple[float, float]:
    """The point at ``angle`` (clockwise from the top) on the circle, rounded to the 0.1 px the
    file keeps, so that neighbouring sectors share their border's points exactly."""
    return round(cx + radius * math.sin(angle), 1), round(cy - radius * math.cos(angle), 1)
