"""Plain lookup tables of a map, for the hot paths of legality checks and adjudication.

:class:`~adjudicator.board.map.GameMap` answers geographic questions with :class:`Location` keys,
whose dataclass ``__hash__`` and ``__eq__`` run Python code on every look-up. The adjudicator
asks thousands of such questions per second, so this module derives, once per map, the same
facts keyed by province strings and ``(province, coast)`` tuples, which hash in C. The tables
are built from the map's public API only and kept in a weak cache, so nothing outlives its map.

>>> from adjudicator.board.load import load_map
>>> t = tables(load_map("standard"))
>>> "BUR" in t.army["PAR"], t.fleet[("MAO", None)]["SPA"]
(True, (Location(province='SPA', coast='NC'), Location(province='SPA', coast='SC')))
"""

from __future__ import annotations

from typing import Final

from adjudicator.base.model import Location, UnitType
from adjudicator.board.map import GameMap
from adjudicator.board.per_map import PerMap

__all__ = ["LocationKey", "MapTables", "tables"]

LocationKey = tuple[str, str | None]
"""``(province, coast)``: a location as a key that hashes in C."""


class MapTables:
    """Per-map facts as plain dicts and frozensets (read-only by convention)."""

    __slots__ = (
        "__weakref__",
        "army",
        "army_steps",
        "coasts",
        "fleet",
        "fleet_reach",
        "fleet_steps",
        "home_centers",
        "known",
        "seas",
        "supply_centers",
    )

    def __init__(self, game_map: GameMap) -> None:
        provinces = game_map.provinces
        self.known: frozenset[str] = frozenset(provinces)
        self.seas: frozenset[str] = game_map.convoy_waters
        """Where a fleet can convoy: the seas, and the ports (a coast whose fleet convoys)."""
        self.coasts: dict[str, tuple[str, ...]] = {
            pid: p.coasts for pid, p in provinces.items() if p.coasts
        }
        """The named coasts of the multi-coast provinces (only those)."""
        self.supply_centers: frozenset[str] = game_map.supply_centers
        self.home_centers: dict[str, tuple[str, ...]] = {
            power: game_map.home_centers(power) for power in game_map.powers
        }
        army: dict[str, frozenset[str]] = {}
        fleet: dict[LocationKey, dict[str, tuple[Location, ...]]] = {}
        fleet_reach: dict[LocationKey, frozenset[str]] = {}
        army_steps: dict[str, tuple[Location, ...]] = {}
        fleet_steps: dict[LocationKey, tuple[Location, ...]] = {}
        for pid in provinces:
            for loc in game_map.locations(pid, UnitType.ARMY):
                army[pid] = game_map.reachable_provinces(loc, UnitType.ARMY)
                army_steps[pid] = tuple(sorted(game_map.neighbours(loc, UnitType.ARMY)))
            for loc in game_map.locations(pid, UnitType.FLEET):
                key = (loc.province, loc.coast)
                fleet_steps[key] = tuple(sorted(game_map.neighbours(loc, UnitType.FLEET)))
                moves: dict[str, list[Location]] = {}
                for target in game_map.neighbours(loc, UnitType.FLEET):
                    moves.setdefault(target.province, []).append(target)
                fleet[key] = {p: tuple(sorted(ts)) for p, ts in moves.items()}
                fleet_reach[key] = game_map.reachable_provinces(loc, UnitType.FLEET)
        self.army: dict[str, frozenset[str]] = army
        """Province -> the provinces an army there can move into."""
        self.fleet: dict[LocationKey, dict[str, tuple[Location, ...]]] = fleet
        """Fleet location -> province -> the locations (coasts) of it the fleet reaches, sorted:
        :meth:`GameMap.fleet_targets` as a table."""
        self.fleet_reach: dict[LocationKey, frozenset[str]] = fleet_reach
        """Fleet location -> the provinces it can move (and so support) into."""
        # Two tables rather than one keyed by the unit type too: an enum member hashes by Python
        # code, which a look-up per dislodged unit would pay.
        self.army_steps: dict[str, tuple[Location, ...]] = army_steps
        """Province -> an army's :meth:`GameMap.neighbours` there, sorted."""
        self.fleet_steps: dict[LocationKey, tuple[Location, ...]] = fleet_steps
        """Fleet location -> its :meth:`GameMap.neighbours`, sorted."""

    def neighbours(self, unit_type: UnitType, location: Location) -> tuple[Location, ...]:
        """:meth:`GameMap.neighbours` from the tables, sorted (empty where no unit can be)."""
        if unit_type is _ARMY:
            return self.army_steps.get(location.province, ())
        return self.fleet_steps.get((location.province, location.coast), ())

    def reach(self, unit_type: UnitType, location: Location) -> frozenset[str]:
        """:meth:`GameMap.reachable_provinces` from the tables (empty where no unit can be)."""
        if unit_type is _ARMY:
            return self.army.get(location.province, _NOWHERE)
        return self.fleet_reach.get((location.province, location.coast), _NOWHERE)


_NOWHERE: Final[frozenset[str]] = frozenset()
_ARMY: Final = UnitType.ARMY  # a module constant: looking a member up on its enum costs ~50 ns

tables: Final[PerMap[MapTables]] = PerMap(MapTables)
"""The tables of a map, built on first use: ``tables(game_map)``."""
