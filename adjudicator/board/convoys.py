"""Convoy routes: is there a chain of fleets at sea from an army's province to its destination?

Three questions, all on the map's *convoy graph*: the coastal provinces and the sea provinces,
joined where a fleet could move between them (any coast counts for a coastal province, so a fleet
in the Gulf of Lyon touches Spain).

* :func:`route_exists` — a breadth-first search (:func:`~adjudicator.board.graph.reaches`) over
  the seas that hold usable fleets. It never enumerates paths: that was exponential on large
  maps (kestasjk/webDiplomacy PRs #600, #614).
  The resolver calls it for legality (any fleet at sea), validity (the fleets whose convoy order
  matches) and PATH (the matching fleets whose convoy succeeds).
* :func:`fleets_on_routes` — the fleets on some simple route, the test for a convoy order when
  the 6.G.19 rule is switched off.
* :func:`fleets_on_minimal_routes` — the fleets on some route *without a shortcut* (DATC 6.G.19,
  4.E.1): a route ``origin, f1, ..., fk, destination`` where no two non-consecutive members touch
  (the direct land border between origin and destination does not count). With Marseilles -
  Gulf of Lyon - Spain possible, a fleet in the Western Mediterranean lies only on the route
  Mar - Lyo - Wes - Spa, whose Lyo - Spa border is a shortcut, so convoying with it is illegal.

The per-map adjacency sets are built once per :class:`~adjudicator.board.map.GameMap` and kept in a
weak cache, so nothing outlives its map.

>>> from adjudicator.board.load import load_map
>>> m = load_map("standard")
>>> route_exists(m, "LON", "NWY", {"NTH"})
True
>>> sorted(fleets_on_minimal_routes(m, "MAR", "SPA", {"LYO", "WES"}))
['LYO']
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Mapping
from typing import Final

from adjudicator.base.model import Location, UnitType
from adjudicator.board import graph as search
from adjudicator.board.map import GameMap
from adjudicator.board.per_map import PerMap

__all__ = [
    "convoy_coasts",
    "fleets_on_minimal_routes",
    "fleets_on_routes",
    "is_route",
    "route_exists",
    "seas_touching",
]

_CACHE_LIMIT = 4096
"""Memoised answers per map for the (exponential in theory) minimal-route search."""


class _ConvoyGraph:
    """The convoy adjacency of one map: sea -> seas, sea -> coastal provinces, and back."""

    def __init__(self, game_map: GameMap) -> None:
        # the seas and the ports (Baleares): where a fleet can carry an army
        seas = sorted(game_map.convoy_waters)
        self.seas: frozenset[str] = frozenset(seas)
        sea_seas: dict[str, frozenset[str]] = {}
        coast_seas: dict[str, set[str]] = {}
        for sea in seas:
            reach = game_map.reachable_provinces(Location(sea), UnitType.FLEET)
            sea_seas[sea] = frozenset(p for p in reach if p in self.seas)
            for pid in reach:
                if game_map.is_coastal(pid):
                    coast_seas.setdefault(pid, set()).add(sea)
        self.sea_seas: Mapping[str, frozenset[str]] = sea_seas
        self.coast_seas: Mapping[str, frozenset[str]] = {
            pid: frozenset(ss) for pid, ss in coast_seas.items()
        }
        self.coastal: frozenset[str] = frozenset(self.coast_seas)
        self.minimal: dict[tuple[str, str, frozenset[str]], frozenset[str]] = {}
        self.simple: dict[tuple[str, str, frozenset[str]], frozenset[str]] = {}


_graph: Final[PerMap[_ConvoyGraph]] = PerMap(_ConvoyGraph)
"""A map's convoy graph, built on first use."""


def seas_touching(game_map: GameMap, province: str) -> frozenset[str]:
    """The sea provinces a fleet could sail between and ``province`` (any of its coasts)."""
    graph = _graph(game_map)
    if province in graph.seas:
        return graph.sea_seas[province]
    return graph.coast_seas.get(province, frozenset())


def convoy_coasts(game_map: GameMap) -> frozenset[str]:
    """The provinces an army can be convoyed from or to: coastal provinces touching a sea."""
    return _graph(game_map).coastal


def _usable(graph: _ConvoyGraph, fleets: Iterable[str]) -> frozenset[str]:
    # Fleets on coastal provinces never convoy (DATC 6.F.1); ignore them here.
    return graph.seas.intersection(fleets)


def route_exists(game_map: GameMap, origin: str, destination: str, fleets: Collection[str]) -> bool:
    """Whether a chain of the sea provinces in ``fleets`` links the coastal provinces ``origin``
    and ``destination`` (a breadth-first search; provinces, never coasts).

    >>> from adjudicator.board.load import load_map
    >>> m = load_map("standard")
    >>> route_exists(m, "LON", "TUN", {"ENG", "MAO", "WES"})
    True
    >>> route_exists(m, "LON", "TUN", {"ENG", "WES"})
    False
    """
    if origin == destination:
        return False
    graph = _graph(game_map)
    start = graph.coast_seas.get(origin)
    goal = graph.coast_seas.get(destination)
    if not start or not goal:
        return False
    usable = _usable(graph, fleets)
    first = start & usable
    # Most questions have no usable fleet next to the army: answered without a search.
    return bool(first) and search.reaches(first, _within(graph, usable), goal.__contains__)


def is_route(game_map: GameMap, origin: str, destination: str, path: Iterable[str]) -> bool:
    """Whether ``path`` (sea provinces in order, as in ``A LON - NTH - NWY``) is itself a route:
    every step crosses a border, and no sea appears twice."""
    steps = list(path)
    if not steps or len(set(steps)) != len(steps) or origin == destination:
        return False
    graph = _graph(game_map)
    if any(s not in graph.seas for s in steps):
        return False
    if steps[0] not in graph.coast_seas.get(origin, frozenset()):
        return False
    if steps[-1] not in graph.coast_seas.get(destination, frozenset()):
        return False
    return all(b in graph.sea_seas[a] for a, b in itertools.pairwise(steps))


def _within(graph: _ConvoyGraph, usable: frozenset[str]) -> search.Neighbours[str]:
    """The convoy graph restricted to the seas in ``usable``."""
    sea_seas = graph.sea_seas
    return lambda sea: sea_seas[sea] & usable


def _component(graph: _ConvoyGraph, start: Iterable[str], usable: frozenset[str]) -> set[str]:
    first = usable.intersection(start)
    return search.component(first, _within(graph, usable)) if first else set()


def _relevant(
    graph: _ConvoyGraph, origin: str, destination: str, usable: frozenset[str]
) -> frozenset[str]:
    """The fleets connected to both ends (a cheap prune before the costly searches)."""
    if origin == destination:
        return frozenset()
    start = usable.intersection(graph.coast_seas.get(origin, ()))
    goal = graph.coast_seas.get(destination, frozenset())
    near_origin = _component(graph, start, usable)
    if near_origin.isdisjoint(goal):
        return frozenset()
    if len(start) == 1:
        # A single component, and it touches the destination: all of it is connected to both.
        return frozenset(near_origin)
    return frozenset(near_origin & _component(graph, goal, usable))


def fleets_on_routes(
    game_map: GameMap, origin: str, destination: str, fleets: Collection[str]
) -> frozenset[str]:
    """The seas in ``fleets`` that lie on some simple route from ``origin`` to ``destination``.

    A fleet lies on a simple route exactly when two paths that share only the fleet lead from it
    to the two ends (Menger): :func:`~adjudicator.board.graph.two_disjoint_paths` from the fleet
    to a sink joined to both ends decides it without listing routes.
    """
    graph = _graph(game_map)
    usable = _relevant(graph, origin, destination, _usable(graph, fleets))
    key = (origin, destination, usable)
    cached = graph.simple.get(key)
    if cached is not None:
        return cached
    start = graph.coast_seas.get(origin, frozenset())
    goal = graph.coast_seas.get(destination, frozenset())
    # The two ends get their own node names so that a sea and a province never collide.
    ends = {("end", origin): start & usable, ("end", destination): goal & usable}
    links: dict[object, set[object]] = {sea: set(graph.sea_seas[sea] & usable) for sea in usable}
    for end, seas in ends.items():
        links[end] = set(seas)
        for sea in seas:
            links[sea].add(end)
    sink = ("sink",)
    links[sink] = set(ends)
    for end in ends:
        links[end].add(sink)
    found = frozenset(sea for sea in usable if search.two_disjoint_paths(links, sea, sink))
    _remember(graph.simple, key, found)
    return found


def fleets_on_minimal_routes(
    game_map: GameMap, origin: str, destination: str, fleets: Collection[str]
) -> frozenset[str]:
    """The seas in ``fleets`` that lie on some route without a shortcut (DATC 6.G.19).

    A depth-first search grows chordless chains from ``origin``: a sea may join the chain only
    if it touches no member but the last, and a chain ends at the first sea that touches
    ``destination``. The search stops as soon as every candidate fleet is known to be on such a
    chain. Deciding this is hard on arbitrary graphs, but the candidates are only the fleets
    connected to both ends, a few on real boards, and answers are memoised per map.
    """
    graph = _graph(game_map)
    usable = _relevant(graph, origin, destination, _usable(graph, fleets))
    key = (origin, destination, usable)
    cached = graph.minimal.get(key)
    if cached is not None:
        return cached
    start = graph.coast_seas.get(origin, frozenset()) & usable
    goal = graph.coast_seas.get(destination, frozenset())
    found: set[str] = set()

    def extend(chain: list[str], blocked: frozenset[str]) -> None:
        # ``blocked``: seas touching the origin or a member before the last one.
        if len(found) == len(usable):
            return
        last = chain[-1]
        for nxt in sorted(graph.sea_seas[last] & usable):
            if nxt in blocked or nxt in chain:
                continue
            chain.append(nxt)
            if nxt in goal:
                found.update(chain)
            else:
                extend(chain, blocked | graph.sea_seas[last])
            chain.pop()

    for first in sorted(start):
        if first in goal:
            found.add(first)
            continue
        extend([first], start)
    result = frozenset(found)
    _remember(graph.minimal, key, result)
    return result


def _remember(
    cache: dict[tuple[str, str, frozenset[str]], frozenset[str]],
    key: tuple[str, str, frozenset[str]],
    value: frozenset[str],
) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
