"""What is derived from a map once and kept while the map lives: :class:`PerMap`.

The tables of the hot paths (:mod:`adjudicator.board.tables`), the convoy graph
(:mod:`adjudicator.board.convoys`) and the readers' memos (:mod:`adjudicator.state.plain`) are
each built on a map's first use and dropped with the map.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

from adjudicator.board.map import GameMap

T = TypeVar("T")


class PerMap(Generic[T]):
    """``make(game_map)``, made once per map, for as long as the map lives.

    The last map asked about is kept apart: every phase asks several times, and a
    weak-dictionary look-up runs Python code and makes a weak reference each time."""

    __slots__ = ("_found", "_last", "_make")

    def __init__(self, make: Callable[[GameMap], T]) -> None:
        self._make = make
        self._found: weakref.WeakKeyDictionary[GameMap, T] = weakref.WeakKeyDictionary()
        self._last: tuple[weakref.ref[GameMap], T] | None = None

    def __call__(self, game_map: GameMap) -> T:
        last = self._last
        if last is not None and last[0]() is game_map:
            return last[1]
        found = self._found.get(game_map)
        if found is None:
            found = self._found[game_map] = self._make(game_map)
        self._last = (weakref.ref(game_map), found)
        return found

    def clear(self) -> None:
        """Forget every map's value (for tests)."""
        self._found = weakref.WeakKeyDictionary()
        self._last = None
