"""The drawing of a shipped map: province outlines and where to put things (docs/drawing.md).

A map may ship a drawing beside it, ``maps/<name>.drawing.json``, made by the developers'
generator (``python -m tools.drawmap``). This module reads it into frozen values for a renderer;
it knows no geometry library. Every coordinate is in board pixels (x to the right, y down) of
the drawing's ``view_box``.

>>> drawing = load_drawing("testmap")
>>> drawing is not None and sorted(drawing.provinces["PEN"].coasts)
['NC', 'SC']
>>> path_rings("M1 2l3 0 0 4z")
(((1.0, 2.0), (4.0, 2.0), (4.0, 6.0)),)
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias

from adjudicator.base.model import Location

if TYPE_CHECKING:
    from adjudicator.board.map import GameMap

FORMAT = 1
"""The version of the data format this module reads."""

Point: TypeAlias = tuple[float, float]
Ring: TypeAlias = tuple[Point, ...]


@dataclass(frozen=True)
class ProvinceDrawing:
    """One province: its outline and its anchors.

    ``d`` is SVG path data (``M`` then relative ``l`` steps, ``z`` closing each ring; several
    rings for islands and holes, to be filled with ``fill-rule="evenodd"``). ``unit`` and
    ``dislodged`` are ``None`` for an impassable province, ``center`` for a province with no
    supply centre; ``coasts`` holds the anchor of each named coast.
    """

    id: str
    type: str
    d: str
    label: Point
    unit: Point | None
    dislodged: Point | None
    center: Point | None
    coasts: Mapping[str, Point]

    def rings(self) -> tuple[Ring, ...]:
        """The outline's rings as absolute points (each ring closed implicitly)."""
        return path_rings(self.d)


@dataclass(frozen=True)
class Decoration:
    """Land that is no province (islands, the edge of the world): drawn, never played."""

    name: str
    d: str


@dataclass(frozen=True)
class MapDrawing:
    """A map's drawing: the board's size, every province, the decoration and the credit."""

    map: str
    view_box: tuple[float, float, float, float]
    credit: str
    projection: Mapping[str, float | str] | None
    provinces: Mapping[str, ProvinceDrawing]
    decoration: tuple[Decoration, ...]
    hub: Point | None = None
    """A point where several provinces meet and border each other all (Pure's seven sectors
    meet at the disc's centre: no drawing in the plane gives seven provinces pairwise borders);
    ``None`` on a map whose every border is drawn as a shared line."""

    def anchor(self, location: Location, *, dislodged: bool = False) -> Point:
        """Where a unit at ``location`` stands: its coast's anchor for a fleet on a named
        coast, else the province's unit (or dislodged-unit) anchor."""
        province = self.provinces[location.province]
        if location.coast is not None and not dislodged:
            return province.coasts[location.coast]
        spot = province.dislodged if dislodged else province.unit
        if spot is None:
            raise ValueError(f"{location.province} is impassable: no unit stands there")
        return spot


_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)")
_TOKEN = re.compile(r"[MLlmz]|-?(?:\d+(?:\.\d*)?|\.\d+)")


def path_rings(d: str) -> tuple[Ring, ...]:
    """The rings of path data written with ``M``/``m``, ``L``/``l`` and ``z`` only."""
    rings: list[Ring] = []
    current: list[Point] = []
    x = y = 0.0
    command = ""
    numbers: list[float] = []

    def flush() -> None:
        nonlocal x, y
        for i in range(0, len(numbers) - 1, 2):
            dx, dy = numbers[i], numbers[i + 1]
            first = i == 0 and command in "Mm"
            relative = command in "lm" if not first else command == "m"
            x, y = (x + dx, y + dy) if relative else (dx, dy)
            if first and current:
                rings.append(tuple(current))
                current.clear()
            current.append((round(x, 6), round(y, 6)))
        numbers.clear()

    for token in _TOKEN.findall(d):
        if _NUMBER.fullmatch(token):
            numbers.append(float(token))
            continue
        flush()
        if token == "z":
            if current:
                rings.append(tuple(current))
                current = []
            command = ""
        else:
            command = token
    flush()
    if current:
        rings.append(tuple(current))
    return tuple(rings)


def _point(value: Any) -> Point:
    x, y = value
    return float(x), float(y)


def parse_drawing(data: Mapping[str, Any]) -> MapDrawing:
    """A drawing from its JSON data; ``ValueError`` for another format version."""
    if data.get("format") != FORMAT:
        raise ValueError(f"drawing format {data.get('format')!r}; this version reads {FORMAT}")
    provinces = {}
    for pid, entry in data["provinces"].items():
        provinces[pid] = ProvinceDrawing(
            id=pid,
            type=entry["type"],
            d=entry["d"],
            label=_point(entry["label"]),
            unit=_point(entry["unit"]) if "unit" in entry else None,
            dislodged=_point(entry["dislodged"]) if "dislodged" in entry else None,
            center=_point(entry["center"]) if "center" in entry else None,
            coasts=MappingProxyType({c: _point(p) for c, p in entry.get("coasts", {}).items()}),
        )
    x, y, width, height = (float(v) for v in data["viewBox"])
    projection = data.get("projection")
    return MapDrawing(
        map=data["map"],
        view_box=(x, y, width, height),
        credit=data.get("credit", ""),
        projection=MappingProxyType(dict(projection)) if projection else None,
        provinces=MappingProxyType(provinces),
        decoration=tuple(Decoration(e["name"], e["d"]) for e in data.get("decoration", [])),
        hub=_point(data["hub"]) if "hub" in data else None,
    )


def drawing_for(game_map: GameMap) -> MapDrawing | None:
    """The drawing of ``game_map``: for a map loaded from a file, ``<stem>.drawing.json`` beside
    that file if there is one (a variant of your own, docs/variants.md); else the shipped drawing
    its ``drawing:`` names (its own by default)."""
    source = game_map.source
    if os.path.isabs(source):
        beside = Path(source).with_name(Path(source).name.rsplit(".", 1)[0] + ".drawing.json")
        if beside.is_file():
            return _read_beside(str(beside), beside.stat().st_mtime_ns)
    return load_drawing(game_map.drawing)


@functools.lru_cache(maxsize=8)
def _read_beside(path: str, mtime: int) -> MapDrawing:
    """A drawing file read once per version (``mtime``): a redrawn file is read again."""
    del mtime  # part of the cache key only
    return parse_drawing(json.loads(Path(path).read_text(encoding="utf-8")))


@functools.cache
def load_drawing(map_name: str) -> MapDrawing | None:
    """The drawing shipped for the map named ``map_name`` (``GameMap.name``), or ``None``."""
    entry = resources.files("adjudicator.maps") / f"{map_name}.drawing.json"
    if not entry.is_file():
        return None
    return parse_drawing(json.loads(entry.read_text(encoding="utf-8")))
