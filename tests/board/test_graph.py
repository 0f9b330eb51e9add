"""The graph queries of :mod:`adjudicator.board.graph`, checked against networkx: on the standard
map (distances over every border, and per unit type) and on random graphs (every function)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.base.model import UnitType
from adjudicator.board import graph
from adjudicator.board.map import GameMap, ProvinceType
from tests.examples import examples

A = UnitType.ARMY
F = UnitType.FLEET


def _map_graph(game_map: GameMap, unit_types: Iterable[UnitType]) -> nx.Graph:  # type: ignore[type-arg]
    """The provinces and their borders for these unit types, built from the map's moves alone
    (the way the map built its networkx graph before graph.py existed)."""
    borders: nx.Graph = nx.Graph()  # type: ignore[type-arg]
    borders.add_nodes_from(
        pid for pid, p in game_map.provinces.items() if p.type is not ProvinceType.IMPASSABLE
    )
    for pid, unit_type in itertools.product(game_map.provinces, unit_types):
        for here in game_map.locations(pid, unit_type):
            borders.add_edges_from(
                (pid, there.province) for there in game_map.neighbours(here, unit_type)
            )
    return borders


def test_distances_from_every_province_match_networkx(standard: GameMap) -> None:
    reference = _map_graph(standard, (A, F))
    for pid in standard.provinces:
        expected = (
            dict(nx.single_source_shortest_path_length(reference, pid)) if pid in reference else {}
        )
        assert standard.distances_from([pid]) == expected, pid


def test_distances_from_several_sources_match_networkx(standard: GameMap) -> None:
    reference = _map_graph(standard, (A, F))
    for power in standard.powers:
        homes = standard.home_centers(power)
        expected = nx.multi_source_dijkstra_path_length(reference, set(homes), weight=None)
        assert standard.distances_from(homes) == dict(expected), power
    everything = set(reference)
    assert standard.distances_from(everything) == dict.fromkeys(everything, 0)


def test_distances_are_listed_nearest_first(standard: GameMap) -> None:
    steps = list(standard.distances_from(["MOS", "LON"]).values())
    assert steps == sorted(steps)
    assert steps[:2] == [0, 0]


def test_an_impassable_source_is_no_source(standard: GameMap) -> None:
    assert standard.distances_from(["SWI"]) == {}
    assert standard.distances_from(["SWI", "PAR"]) == standard.distances_from(["PAR"])


def test_province_neighbours_match_networkx(standard: GameMap) -> None:
    reference = _map_graph(standard, (A, F))
    for pid in standard.provinces:
        expected = frozenset(reference.neighbors(pid)) if pid in reference else frozenset()
        assert standard.province_neighbours(pid) == expected, pid


def test_army_distances_by_unit_match_networkx(standard: GameMap) -> None:
    # The older civil-disorder count for an army: over land and sea.
    reference = _map_graph(standard, (A, F))
    for pid in ("LON", "MOS", "SMY", "NAO", "MUN"):
        expected = dict(nx.single_source_shortest_path_length(reference, pid))
        assert standard.distances_by_unit([pid], A) == expected, pid


def test_fleet_distances_by_unit_match_networkx(standard: GameMap) -> None:
    # A fleet along sea and coast; the borders of both coasts of STP, SPA and BUL count (they
    # were once overwritten by one coast's, which made LON -> RUM 9 steps instead of 8).
    reference = _map_graph(standard, (F,))
    for pid in ("LON", "STP", "SPA", "BUL", "NAO", "CON"):
        expected = dict(nx.single_source_shortest_path_length(reference, pid))
        assert standard.distances_by_unit([pid], F) == expected, pid
    assert standard.distances_by_unit(["LON"], F)["RUM"] == 8


# Random graphs: every function against networkx.


@st.composite
def graphs(draw: st.DrawFn) -> nx.Graph:  # type: ignore[type-arg]
    size = draw(st.integers(1, 12))
    pairs = list(itertools.combinations(range(size), 2))
    edges = draw(st.lists(st.sampled_from(pairs), max_size=24)) if pairs else []
    random_graph: nx.Graph = nx.Graph()  # type: ignore[type-arg]
    random_graph.add_nodes_from(range(size))
    random_graph.add_edges_from(edges)
    return random_graph


def _neighbours(g: nx.Graph) -> Callable[[int], list[int]]:  # type: ignore[type-arg]
    return lambda node: sorted(g.neighbors(node))


@given(graphs(), st.data())
def test_distances_match_networkx(g: nx.Graph, data: st.DataObject) -> None:  # type: ignore[type-arg]
    sources = data.draw(st.lists(st.sampled_from(sorted(g)), max_size=3))
    expected = nx.multi_source_dijkstra_path_length(g, set(sources), weight=None) if sources else {}
    assert graph.distances(sources, _neighbours(g)) == dict(expected)


@given(graphs(), st.data())
def test_steps_to_match_networkx(g: nx.Graph, data: st.DataObject) -> None:  # type: ignore[type-arg]
    nodes = sorted(g)
    sources = data.draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=3))
    goals = set(data.draw(st.lists(st.sampled_from(nodes), max_size=3)))
    lengths = nx.multi_source_dijkstra_path_length(g, set(sources), weight=None)
    expected = min((d for node, d in lengths.items() if node in goals), default=None)
    assert graph.steps_to(sources, _neighbours(g), goals.__contains__) == expected


@given(graphs(), st.data())
def test_reaches_and_component_match_networkx(g: nx.Graph, data: st.DataObject) -> None:  # type: ignore[type-arg]
    nodes = sorted(g)
    allowed = set(data.draw(st.lists(st.sampled_from(nodes), max_size=len(nodes))))
    sources = data.draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=3))
    goals = set(data.draw(st.lists(st.sampled_from(nodes), max_size=3)))
    within = g.subgraph(allowed)
    reached = {n for s in sources if s in allowed for n in nx.node_connected_component(within, s)}
    found = graph.reaches(sources, _neighbours(g), goals.__contains__, enter=allowed.__contains__)
    assert found == bool(reached & goals)
    assert graph.component([s for s in sources if s in allowed], _neighbours(within)) == reached


@settings(max_examples=examples(500))
@given(graphs(), st.data())
def test_two_disjoint_paths_match_networkx(g: nx.Graph, data: st.DataObject) -> None:  # type: ignore[type-arg]
    nodes = sorted(g)
    source, sink = data.draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2))
    if source == sink or g.has_edge(source, sink):
        return  # node-disjoint paths are defined for two distinct, non-adjacent nodes
    try:
        expected = len(list(nx.node_disjoint_paths(g, source, sink, cutoff=2))) >= 2
    except nx.NetworkXNoPath:
        expected = False
    links = {node: sorted(g.neighbors(node)) for node in g}
    assert graph.two_disjoint_paths(links, source, sink) == expected


def _links(edges: str) -> dict[str, list[str]]:
    links: dict[str, list[str]] = {}
    for pair in edges.split():
        a, b = pair[0], pair[1]
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    return links


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        ("sa at sb bt", True),  # a ring
        ("sa ab bt", False),  # a chain
        ("sa sb ac bc ct", False),  # both ways meet in c before the sink
        # Two ways to c and two ways on from it: edge-disjoint, but both paths pass c.
        ("sa sb ac bc cd ce dt et", False),
        ("sa sb ac bc cd ce dt et bf ft", True),  # b - f - t avoids c
        ("sa ab bt sc cd de et", True),  # paths of different lengths
    ],
)
def test_two_disjoint_paths(edges: str, expected: bool) -> None:
    links = _links(edges)
    assert graph.two_disjoint_paths(links, "s", "t") == expected
    assert graph.two_disjoint_paths(links, "t", "s") == expected


def test_walk_goes_breadth_first_and_stops_at_the_goal() -> None:
    borders = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a", "e"], "d": ["b", "f"], "e": ["c"]}
    asked: list[str] = []

    def enter(node: str) -> bool:
        asked.append(node)
        return True

    came_from, found = graph.walk(["a"], borders.__getitem__, lambda n: n == "d", enter)
    assert found == "d"
    assert came_from == {"a": None, "b": "a", "c": "a", "d": "b", "e": "c"}
    # Only the nodes taken off the queue before the goal are asked (once each): the resolver
    # decides a fleet's CONVOY only when the search reaches it. f is never even seen.
    assert asked == ["a", "b", "c", "d"]


def test_a_node_refused_entry_is_neither_crossed_nor_a_goal() -> None:
    chain = {"a": ["b"], "b": ["a", "c"], "c": ["b"]}
    assert not graph.reaches(["a"], chain.__getitem__, lambda n: n == "c", lambda n: n != "b")
    assert not graph.reaches(["a"], chain.__getitem__, lambda n: n == "b", lambda n: n != "b")
    assert graph.reaches(["a"], chain.__getitem__, lambda n: n == "c")


def test_no_sources_no_answers() -> None:
    assert graph.distances([], lambda node: [node]) == {}
    assert graph.steps_to([], lambda node: [node], lambda node: True) is None
    assert graph.component([], lambda node: [node]) == set()
    assert graph.walk([], lambda node: [node]) == ({}, None)
    assert not graph.two_disjoint_paths({"t": []}, "s", "t")
