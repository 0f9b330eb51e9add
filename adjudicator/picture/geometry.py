"""Where things stand on a drawn board, and the plane geometry of the marks between them.

:class:`Board` is what the renderer needs of a map's drawing (``maps/<name>.drawing.json``,
read by :mod:`adjudicator.board.drawing`): each province's outline and its anchor points. The
rest is a few lines of plane geometry: a segment shortened to stop at a unit's edge, moved
aside so that two moves head to head both show, an arrowhead, a cross.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

from adjudicator.base.model import Location
from adjudicator.picture.svg import Point

UNIT_RADIUS = 9.0
"""Half the size of a unit's mark, in the drawing's pixels."""


class ProvinceArt(Protocol):
    """One province as drawn (:class:`adjudicator.board.drawing.ProvinceDrawing`)."""

    @property
    def d(self) -> str: ...

    @property
    def unit(self) -> Point | None: ...

    @property
    def dislodged(self) -> Point | None: ...

    @property
    def label(self) -> Point: ...

    @property
    def center(self) -> Point | None: ...

    @property
    def coasts(self) -> Mapping[str, Point]: ...


class DecorationArt(Protocol):
    @property
    def d(self) -> str: ...

    @property
    def water(self) -> bool: ...


class CrossingArt(Protocol):
    @property
    def between(self) -> tuple[str, str]: ...

    @property
    def line(self) -> tuple[Point, Point]: ...


class Board(Protocol):
    """A map as drawn (:class:`adjudicator.board.drawing.MapDrawing`): its extent, its
    provinces, and the land that is no province."""

    @property
    def view_box(self) -> tuple[float, float, float, float]: ...

    @property
    def provinces(self) -> Mapping[str, ProvinceArt]: ...

    @property
    def decoration(self) -> Sequence[DecorationArt]: ...

    @property
    def crossings(self) -> Sequence[CrossingArt]: ...


def anchor(board: Board, location: Location) -> Point:
    """Where a unit at ``location`` is drawn: its coast's point on a coast, else the
    province's unit point."""
    art = board.provinces[location.province]
    if location.coast is not None and location.coast in art.coasts:
        return art.coasts[location.coast]
    return art.unit or art.label


def dislodged_anchor(board: Board, province: str) -> Point:
    """Where a dislodged unit of ``province`` stands: beside the province's unit, clear of it
    (in a small province the drawing's point may be too near the unit that took its place;
    the unit then stands off to the upper right)."""
    art = board.provinces[province]
    unit = art.unit or art.label
    spot = art.dislodged or unit
    if math.dist(spot, unit) < 2 * UNIT_RADIUS + 2:
        return (unit[0] + 1.6 * UNIT_RADIUS, unit[1] - 1.3 * UNIT_RADIUS)
    return spot


def shortened(start: Point, end: Point, at_start: float, at_end: float) -> tuple[Point, Point]:
    """The segment from ``start`` to ``end`` with ``at_start`` and ``at_end`` taken off its
    ends (never past its middle)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-6:
        return start, end
    cut0 = min(at_start, length / 2 - 0.5)
    cut1 = min(at_end, length / 2 - 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    return (x0 + ux * cut0, y0 + uy * cut0), (x1 - ux * cut1, y1 - uy * cut1)


def aside(start: Point, end: Point, distance: float) -> tuple[Point, Point]:
    """The segment moved ``distance`` to its left (seen from ``start``): two moves along the
    same line in opposite directions move apart."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = (y1 - y0) / length * distance, -(x1 - x0) / length * distance
    return (x0 + nx, y0 + ny), (x1 + nx, y1 + ny)


def middle(start: Point, end: Point) -> Point:
    return ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)


def arrowhead(tail: Point, tip: Point, size: float = 9.0) -> tuple[Point, Point, Point]:
    """The triangle of an arrow ending at ``tip``, coming from ``tail``."""
    (x0, y0), (x1, y1) = tail, tip
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * size, y1 - uy * size
    half = size * 0.5
    return (x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)


def cross(at: Point, size: float = 5.0) -> str:
    """A path ``d`` of an × centred on ``at``."""
    x, y = at
    return (
        f"M{x - size:.1f},{y - size:.1f}L{x + size:.1f},{y + size:.1f}"
        f"M{x - size:.1f},{y + size:.1f}L{x + size:.1f},{y - size:.1f}"
    )


def nearest_chain(start: Point, stops: Sequence[Point]) -> list[Point]:
    """``stops`` in the order a route from ``start`` would take them, each the nearest to the
    one before: a convoy's fleets from the army's shore outwards."""
    left = list(stops)
    chain: list[Point] = []
    here = start
    while left:
        best = min(left, key=lambda p: (math.hypot(p[0] - here[0], p[1] - here[1]), p))
        left.remove(best)
        chain.append(best)
        here = best
    return chain
