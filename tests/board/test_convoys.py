"""Convoy route search: BFS routes, simple routes and routes without a shortcut (DATC 6.G.19)."""

from __future__ import annotations

import itertools
import time

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board.convoys import (
    convoy_coasts,
    fleets_on_minimal_routes,
    fleets_on_routes,
    is_route,
    route_exists,
    seas_touching,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from tests.examples import examples

STANDARD = load_map("standard")
SEAS = sorted(p for p in STANDARD.provinces if STANDARD.is_sea(p))
COASTS = sorted(convoy_coasts(STANDARD))


@pytest.mark.parametrize(
    ("origin", "destination", "fleets", "expected"),
    [
        ("LON", "NWY", {"NTH"}, True),
        ("LON", "NWY", set(), False),
        ("LON", "NWY", {"NWG"}, False),
        ("LON", "TUN", {"ENG", "MAO", "WES"}, True),
        ("LON", "TUN", {"ENG", "WES"}, False),
        # Fleets on coasts never convoy (6.F.1): Constantinople does not join the two seas.
        ("GRE", "SEV", {"AEG", "CON", "BLA"}, False),
        ("RUM", "ARM", {"BLA"}, True),
        # St Petersburg touches the Barents Sea by its north coast: any coast counts.
        ("STP", "NWY", {"BAR"}, True),
        ("STP", "LVN", {"BOT"}, True),
        # Inland ends and a trip to the same province never have a route.
        ("MUN", "HOL", {"NTH", "HEL"}, False),
        ("LON", "LON", {"NTH"}, False),
        ("LON", "NTH", {"NTH"}, False),
    ],
)
def test_route_exists(origin: str, destination: str, fleets: set[str], expected: bool) -> None:
    assert route_exists(STANDARD, origin, destination, fleets) is expected


@pytest.mark.parametrize(
    ("origin", "destination", "fleets", "minimal", "simple"),
    [
        # 6.G.19: Mar - Lyo - Spa makes the Western Mediterranean unnecessary.
        ("MAR", "SPA", {"LYO", "WES"}, {"LYO"}, {"LYO", "WES"}),
        # Two parallel routes: both fleets are needed by one of them.
        ("LON", "BEL", {"ENG", "NTH"}, {"ENG", "NTH"}, {"ENG", "NTH"}),
        # The Tyrrhenian Sea only lengthens a route whose Western Med already touches Tunis.
        (
            "LON",
            "TUN",
            {"ENG", "MAO", "WES", "TYS"},
            {"ENG", "MAO", "WES"},
            {"ENG", "MAO", "WES", "TYS"},
        ),
        # 6.F.12: the Irish Sea is on no route at all from London to Belgium.
        ("LON", "BEL", {"ENG", "IRI"}, {"ENG"}, {"ENG"}),
        ("LON", "NWY", set(), set(), set()),
        # Coastal fleets are ignored.
        ("GRE", "SEV", {"AEG", "CON", "BLA"}, set(), set()),
    ],
)
def test_fleets_on_routes(
    origin: str, destination: str, fleets: set[str], minimal: set[str], simple: set[str]
) -> None:
    assert fleets_on_minimal_routes(STANDARD, origin, destination, fleets) == minimal
    assert fleets_on_routes(STANDARD, origin, destination, fleets) == simple


def test_is_route() -> None:
    assert is_route(STANDARD, "LON", "NWY", ["NTH"])
    assert is_route(STANDARD, "LON", "TUN", ["ENG", "MAO", "WES"])
    assert not is_route(STANDARD, "LON", "TUN", ["ENG", "WES"])
    assert not is_route(STANDARD, "LON", "NWY", ["NTH", "NTH"])
    assert not is_route(STANDARD, "LON", "NWY", [])
    assert not is_route(STANDARD, "LON", "NWY", ["YOR"])


def test_seas_touching() -> None:
    assert seas_touching(STANDARD, "SPA") == {"MAO", "LYO", "WES"}
    assert seas_touching(STANDARD, "MUN") == frozenset()
    assert "NTH" in seas_touching(STANDARD, "NWG")


def test_other_map() -> None:
    testmap = load_map("testmap")
    seas = [p for p in testmap.provinces if testmap.is_sea(p)]
    coasts = sorted(convoy_coasts(testmap))
    for a, b in itertools.permutations(coasts, 2):
        assert route_exists(testmap, a, b, seas) == bool(
            fleets_on_minimal_routes(testmap, a, b, seas)
        )


def _convoy_graph(game_map: GameMap, origin: str, destination: str, fleets: set[str]) -> nx.Graph:  # type: ignore[type-arg]
    graph: nx.Graph = nx.Graph()  # type: ignore[type-arg]
    graph.add_nodes_from(["@origin", "@destination", *fleets])
    for sea in fleets:
        for other in seas_touching(game_map, sea) & fleets:
            graph.add_edge(sea, other)
        if sea in seas_touching(game_map, origin):
            graph.add_edge("@origin", sea)
        if sea in seas_touching(game_map, destination):
            graph.add_edge("@destination", sea)
    return graph


def _brute_force(
    game_map: GameMap, origin: str, destination: str, fleets: set[str]
) -> tuple[set[str], set[str]]:
    """Fleets on simple routes and on chordless routes, by listing every route."""
    graph = _convoy_graph(game_map, origin, destination, fleets)
    simple: set[str] = set()
    minimal: set[str] = set()
    for path in nx.all_simple_paths(graph, "@origin", "@destination"):
        inner = path[1:-1]
        simple.update(inner)
        chordless = all(
            not graph.has_edge(path[i], path[j])
            for i in range(len(path))
            for j in range(i + 2, len(path))
        )
        if chordless:
            minimal.update(inner)
    return simple, minimal


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(COASTS),
    st.sampled_from(COASTS),
    st.sets(st.sampled_from(SEAS), max_size=9),
)
def test_against_brute_force(origin: str, destination: str, fleets: set[str]) -> None:
    if origin == destination:
        assert not route_exists(STANDARD, origin, destination, fleets)
        return
    simple, minimal = _brute_force(STANDARD, origin, destination, fleets)
    assert route_exists(STANDARD, origin, destination, fleets) == bool(simple)
    assert fleets_on_routes(STANDARD, origin, destination, fleets) == simple
    assert fleets_on_minimal_routes(STANDARD, origin, destination, fleets) == minimal


def test_every_sea_full_board_is_fast() -> None:
    """With a fleet on every sea, all coastal pairs: BFS stays cheap, and the chordless search
    (memoised) finishes too. (This process's CPU time, not the wall clock: a busy machine must
    not fail it.)"""
    start = time.process_time()
    for a, b in itertools.permutations(COASTS, 2):
        route_exists(STANDARD, a, b, SEAS)
    assert time.process_time() - start < 2.0
    start = time.process_time()
    for b in COASTS:
        if b != "LON":
            fleets_on_minimal_routes(STANDARD, "LON", b, SEAS)
    assert time.process_time() - start < 10.0
