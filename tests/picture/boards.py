"""A board drawn on a grid, for the renderer's tests: every province a square, its points at
known places, so that a test can say where each mark must stand without the shipped drawing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.board.map import GameMap

CELL = 60.0
COLUMNS = 10

Point = tuple[float, float]


@dataclass(frozen=True)
class GridProvince:
    d: str
    unit: Point
    dislodged: Point
    label: Point
    center: Point | None
    coasts: Mapping[str, Point] = field(default_factory=dict)


@dataclass(frozen=True)
class GridDecoration:
    d: str
    water: bool = False


@dataclass(frozen=True)
class GridCrossing:
    between: tuple[str, str]
    line: tuple[Point, Point]


@dataclass(frozen=True)
class GridBoard:
    view_box: tuple[float, float, float, float]
    provinces: Mapping[str, GridProvince]
    decoration: Sequence[GridDecoration] = ()
    crossings: Sequence[GridCrossing] = ()


def grid_board(game_map: GameMap) -> GridBoard:
    provinces: dict[str, GridProvince] = {}
    for index, pid in enumerate(sorted(game_map.provinces)):
        column, row = index % COLUMNS, index // COLUMNS
        x, y = column * CELL, row * CELL
        cx, cy = x + CELL / 2, y + CELL / 2
        province = game_map.provinces[pid]
        coasts = {
            coast: (cx - 15 + 30 * i, cy + 15) for i, coast in enumerate(sorted(province.coasts))
        }
        provinces[pid] = GridProvince(
            d=f"M{x},{y}h{CELL}v{CELL}h-{CELL}z",
            unit=(cx, cy),
            dislodged=(cx + 16, cy + 12),
            label=(cx, cy - 20),
            center=(cx - 18, cy + 18) if province.supply_center else None,
            coasts=coasts,
        )
    rows = (len(provinces) + COLUMNS - 1) // COLUMNS
    return GridBoard((0.0, 0.0, COLUMNS * CELL, rows * CELL), provinces)
