"""The map's graph questions that map validation asks, answered with networkx.

``adjudicator maps validate`` reports, beside "ok", what a map maker wants to know about the
shape of the board and the loader cannot call an error: how many land masses armies walk on and
how many waters fleets sail (connectedness per unit type), the provinces no unit of either type
can ever enter, the islands no fleet reaches, and the provinces an army can never leave (no
border for an army and no sea to be convoyed over). None of these is wrong in itself (Britain is
an island for armies on the standard map), so they are notes, and the map loads all the same.

These are questions about whole graphs, asked once per validation, where speed does not matter
and networkx's connected components are the well-kept answer; so networkx is imported here, only
when :func:`map_topology` is called (``import adjudicator`` never loads it; the adjudication's
own searches are :mod:`adjudicator.board.graph`, which says why).

>>> from adjudicator.board.load import load_map
>>> topology = map_topology(load_map("standard"))
>>> [len(region) for region in topology.army_regions]
[48, 6, 2]
>>> len(topology.fleet_regions), topology.unreachable, topology.stranded_armies
(1, (), ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.base.model import UnitType
from adjudicator.board.map import GameMap, ProvinceType

if TYPE_CHECKING:
    import networkx as nx

_SHOWN = 8
"""Provinces named in a note before the rest are counted."""


@dataclass(frozen=True, slots=True)
class Topology:
    """The answers, each a tuple of provinces sorted by name (regions largest first)."""

    army_regions: tuple[tuple[str, ...], ...]
    """The land masses: the provinces armies can walk between without a convoy."""
    fleet_regions: tuple[tuple[str, ...], ...]
    """The waters: the provinces fleets can sail between (coasts of a province count as one)."""
    unreachable: tuple[str, ...]
    """Provinces (not impassable) that no unit of either type can enter from anywhere."""
    islands_without_fleets: tuple[str, ...]
    """Coastal provinces with no land border that no fleet can reach: an army there is alone."""
    stranded_armies: tuple[str, ...]
    """Provinces an army can never leave: no border for an army and no sea beside them."""

    def notes(self) -> list[str]:
        """The answers in words, one line each, for ``maps validate``."""
        lines = [
            f"armies: {_regions(self.army_regions, 'land mass', 'land masses')}",
            f"fleets: {_regions(self.fleet_regions, 'water', 'waters')}",
        ]
        if self.unreachable:
            lines.append(f"no unit can ever enter {_named(self.unreachable)}")
        if self.islands_without_fleets:
            lines.append(f"islands no fleet reaches: {_named(self.islands_without_fleets)}")
        if self.stranded_armies:
            lines.append(f"an army can never leave {_named(self.stranded_armies)}")
        return lines


def map_topology(game_map: GameMap) -> Topology:
    """Answer the graph questions about ``game_map`` (imports networkx)."""
    import networkx as nx

    playable = [
        pid for pid, p in game_map.provinces.items() if p.type is not ProvinceType.IMPASSABLE
    ]
    army = _graph(game_map, UnitType.ARMY)
    fleet = _graph(game_map, UnitType.FLEET)
    army_regions = _components(army)
    fleet_regions = _components(fleet)
    both = nx.compose(army, fleet)
    unreachable = sorted(pid for pid in playable if both.in_degree(pid) == 0)
    seas = {pid for pid in playable if game_map.is_sea(pid)}
    islands = sorted(
        pid
        for pid in playable
        if game_map.province(pid).type is ProvinceType.COAST
        and army.degree(pid) == 0
        and fleet.in_degree(pid) == 0
    )
    stranded = sorted(
        pid
        for pid in playable
        if game_map.province(pid).type is not ProvinceType.SEA
        and army.out_degree(pid) == 0
        and not any(n in seas for n in _all_neighbours(game_map, pid))
    )
    return Topology(
        tuple(army_regions),
        tuple(fleet_regions),
        tuple(p for p in unreachable if p not in islands),
        tuple(islands),
        tuple(stranded),
    )


def _graph(game_map: GameMap, unit_type: UnitType) -> nx.DiGraph[str]:
    """The provinces a unit of ``unit_type`` may stand in, and its moves between them (a
    directed graph: a map may make a border one-way for fleets, such as a coast's)."""
    import networkx as nx

    graph: nx.DiGraph[str] = nx.DiGraph()
    for pid in game_map.provinces:
        for location in game_map.locations(pid, unit_type):
            graph.add_node(pid)
            for there in game_map.neighbours(location, unit_type):
                graph.add_edge(pid, there.province)
    return graph


def _components(graph: nx.DiGraph[str]) -> list[tuple[str, ...]]:
    import networkx as nx

    found = [tuple(sorted(c)) for c in nx.weakly_connected_components(graph)]
    return sorted(found, key=lambda region: (-len(region), region))


def _all_neighbours(game_map: GameMap, pid: str) -> set[str]:
    """Every province that borders ``pid`` for either unit type, from any of its coasts."""
    out: set[str] = set()
    for unit_type in (UnitType.ARMY, UnitType.FLEET):
        for location in game_map.locations(pid, unit_type):
            out.update(n.province for n in game_map.neighbours(location, unit_type))
    # A sea touching the province's coast is a fleet's border from the sea's side.
    for other, province in game_map.provinces.items():
        if province.type is ProvinceType.SEA:
            for location in game_map.locations(other, UnitType.FLEET):
                if any(n.province == pid for n in game_map.neighbours(location, UnitType.FLEET)):
                    out.add(other)
    return out


def _regions(regions: tuple[tuple[str, ...], ...], one: str, many: str) -> str:
    """``3 land masses: 48 provinces; CLY EDI LON LVP WAL YOR; NAF TUN``: the largest by its
    size, the others by their provinces; ``none`` on a map without any (Pure has no water)."""
    if not regions:
        return f"no {one}"
    if len(regions) == 1:
        return f"one {one} of {len(regions[0])} provinces"
    rest = "; ".join(_named(region, " ") for region in regions[1:_SHOWN])
    more = f"; and {len(regions) - _SHOWN} more" if len(regions) > _SHOWN else ""
    return f"{len(regions)} {many}: {len(regions[0])} provinces; {rest}{more}"


def _named(provinces: tuple[str, ...], separator: str = ", ") -> str:
    shown = separator.join(provinces[:_SHOWN])
    more = f" and {len(provinces) - _SHOWN} more" if len(provinces) > _SHOWN else ""
    return shown + more
