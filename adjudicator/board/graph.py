"""Graph queries: the searches that the map, the convoy rules and civil disorder ask.

Every search in the package is one breadth-first :func:`walk`, and the questions are thin
functions that read its answer:

* :func:`distances` — steps from the nearest source to every node reached
  (:meth:`GameMap.distances_from <adjudicator.board.map.GameMap.distances_from>`, the 2023
  civil-disorder count; :meth:`~adjudicator.board.map.GameMap.distances_by_unit`);
* :func:`steps_to` — steps to the nearest node that passes a test (a fleet's moves to a home
  centre under the older civil-disorder rule);
* :func:`reaches` — whether a node that passes a test can be reached (a convoy route over the
  seas, in the legality checks and in the resolver's PATH decision);
* :func:`component` — every node reached (the fleets connected to one end of a convoy);
* :func:`two_disjoint_paths` — whether two paths that share no node but their ends join two
  nodes (a fleet on some simple convoy route, by Menger's theorem).

A graph is never an object here: it is a ``neighbours`` function (for
:func:`two_disjoint_paths`, a mapping of adjacency lists), so each caller searches the adjacency
it already holds (the map's borders, the convoy graph's seas restricted to the fleets that may
convoy, the fleets the resolver matched to one army) without building a copy. The ``enter`` test
of :func:`walk` is asked once per node, only when the walk reaches it: the resolver passes its
CONVOY decision, so a fleet is resolved only if the search gets that far.

Why not networkx. It was the only third-party library the core imported for geography, and it
cost about 0.1 s of every ``import adjudicator`` (a third of it) for one multi-source Dijkstra
with unit weights, which is a breadth-first search over a dict. Its ``node_disjoint_paths``
would answer :func:`two_disjoint_paths`, but it builds an auxiliary directed graph and runs a
general flow algorithm on every call, while the convoy rule asks once per candidate fleet, on
graphs of a dozen seas, where two augmenting paths decide the question: the 30 lines here
answered such a question (London to Tunis over six seas) eight times faster, raise no exception
when there is no path, and keep the import light. So the adjudication imports networkx nowhere;
only map validation's whole-graph questions do (:mod:`adjudicator.board.topology`, imported
when asked), and ``tests/board/test_graph.py`` uses it as the reference that every function
here is checked against.

>>> borders = {"a": ["b"], "b": ["a", "c"], "c": ["b"], "d": []}
>>> distances(["a"], borders.__getitem__)
{'a': 0, 'b': 1, 'c': 2}
>>> steps_to(["a"], borders.__getitem__, lambda node: node in {"c", "d"})
2
>>> reaches(["a"], borders.__getitem__, lambda node: node == "d")
False
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

__all__ = [
    "Neighbours",
    "component",
    "distances",
    "reaches",
    "steps_to",
    "two_disjoint_paths",
    "walk",
]

N = TypeVar("N", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
"""The graph, as the nodes one step from a node."""

_End = tuple[N, bool]
"""In :func:`two_disjoint_paths`, a node's entry (``False``) or exit (``True``)."""


def walk(
    sources: Iterable[N],
    neighbours: Neighbours[N],
    goal: Callable[[N], bool] | None = None,
    enter: Callable[[N], bool] | None = None,
) -> tuple[dict[N, N | None], N | None]:
    """A breadth-first walk from ``sources``: every node it saw, in the order seen, with the
    node it was first seen from (``None`` for a source; nodes are never ``None``), and the first
    node where ``goal`` holds (``None`` if none is reachable).

    The walk stops at that node, so the rest of the graph and its ``enter`` tests stay
    untouched. A node for which ``enter`` is false is seen but not walked through (nor tested
    as a goal); ``enter`` is asked once per node, when the walk reaches it.

    This is the one search loop of the package; the functions below only read its answer. It is
    a plain loop over a growing list rather than a generator: legality checks and the resolver
    ask for convoy routes thousands of times a second, and a generator cost them nearly twice as
    much per search.

    >>> borders = {"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": []}
    >>> walk(["a"], borders.__getitem__, goal=lambda node: node == "d")
    ({'a': None, 'b': 'a', 'c': 'a', 'd': 'b'}, 'd')
    >>> walk(["a"], borders.__getitem__, goal=lambda node: node == "d", enter=lambda n: n != "b")
    ({'a': None, 'b': 'a', 'c': 'a', 'd': 'c'}, 'd')
    """
    came_from: dict[N, N | None] = dict.fromkeys(sources)
    # Iterating over a list that grows at its end visits the nodes first in, first out.
    queue = list(came_from)
    for here in queue:
        if enter is not None and not enter(here):
            continue
        if goal is not None and goal(here):
            return came_from, here
        for there in neighbours(here):
            if there not in came_from:
                came_from[there] = here
                queue.append(there)
    return came_from, None


def distances(sources: Iterable[N], neighbours: Neighbours[N]) -> dict[N, int]:
    """Steps from the nearest of ``sources`` to every node reachable from them, nearest first
    (the sources themselves at 0; no sources, no distances)."""
    steps: dict[N, int] = {}
    # A node is seen after the node it was seen from, so its distance is known by then.
    for node, via in walk(sources, neighbours)[0].items():
        steps[node] = 0 if via is None else steps[via] + 1
    return steps


def steps_to(
    sources: Iterable[N], neighbours: Neighbours[N], goal: Callable[[N], bool]
) -> int | None:
    """Steps from the nearest of ``sources`` to the nearest node where ``goal`` holds (0 for a
    source); ``None`` when no such node is reachable."""
    came_from, found = walk(sources, neighbours, goal)
    if found is None:
        return None
    steps = 0
    via = came_from[found]
    while via is not None:
        steps += 1
        via = came_from[via]
    return steps


def reaches(
    sources: Iterable[N],
    neighbours: Neighbours[N],
    goal: Callable[[N], bool],
    enter: Callable[[N], bool] | None = None,
) -> bool:
    """Whether a node where ``goal`` holds is reachable from ``sources`` through nodes that
    ``enter`` lets in (see :func:`walk`)."""
    return walk(sources, neighbours, goal, enter)[1] is not None


def component(sources: Iterable[N], neighbours: Neighbours[N]) -> set[N]:
    """Every node reachable from ``sources``, the sources included."""
    return set(walk(sources, neighbours)[0])


def two_disjoint_paths(links: Mapping[N, Iterable[N]], source: N, sink: N) -> bool:
    """Whether two paths from ``source`` to ``sink`` in the undirected graph ``links`` share no
    node but those two (``links`` lists each edge from both ends).

    Two augmenting paths of a unit-capacity flow in which every node is split into an entry and
    an exit decide it (Menger's theorem); each augmenting path is a :func:`walk` over the arcs
    that still have capacity.

    >>> ring = {"s": ["a", "b"], "a": ["s", "t"], "b": ["s", "t"], "t": ["a", "b"]}
    >>> two_disjoint_paths(ring, "s", "t")
    True
    >>> chain = {"s": ["a"], "a": ["s", "t"], "t": ["a"]}
    >>> two_disjoint_paths(chain, "s", "t")
    False
    """
    if source not in links:
        return False  # no edges at all
    # The residual capacity of every arc, and of its reverse (0 until a path uses the arc).
    left: dict[_End[N], dict[_End[N], int]] = {}

    def arc(a: _End[N], b: _End[N]) -> None:
        out = left.setdefault(a, {})
        out[b] = out.get(b, 0) + 1
        left.setdefault(b, {}).setdefault(a, 0)

    for node, others in links.items():
        arc((node, False), (node, True))
        for other in others:
            arc((node, True), (other, False))
    # The paths leave from the source's exit and arrive at the sink's entry, so only the nodes
    # between them are limited to one path each.
    start: _End[N] = (source, True)
    goal: _End[N] = (sink, False)

    def open_arcs(here: _End[N]) -> list[_End[N]]:
        return [there for there, room in left[here].items() if room > 0]

    for _ in range(2):
        came_from, found = walk([start], open_arcs, lambda end: end == goal)
        if found is None:
            return False
        here, back = goal, came_from[goal]
        while back is not None:
            left[back][here] -= 1
            left[here][back] += 1
            here, back = back, came_from[back]
    return True
