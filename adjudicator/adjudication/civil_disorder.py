"""Civil-disorder removals: which units a power loses when it orders too few removals (DATC 4.D.8).

Two rules, chosen by :attr:`Rules.civil_disorder`:

- :attr:`CivilDisorder.Y2023` (the 2023 rulebook, DATC v3.0 6.J.3-6.J.11): remove the unit
  farthest from its nearest *owned* supply centre, counting steps over every border (land and sea
  alike, for armies and fleets). Ties: fleets before armies, then alphabetically by English
  province name, ignoring spaces and punctuation.
- :attr:`CivilDisorder.HOME_DISTANCE` (older rulebooks as the ``diplomacy`` package reads them, so
  that its saved games replay): the unit farthest from its nearest *home* centre; an army counts
  steps over land and sea, a fleet only the moves it could make from its own coast. Ties: fleets
  before armies, then by province code (the package sorts the unit strings ``F NTH``).

>>> from adjudicator.board.load import load_map
>>> from adjudicator.base.model import Location, Unit, UnitType
>>> m = load_map("standard")
>>> units = [Unit("RUSSIA", UnitType.ARMY, Location("LVN")), Unit("RUSSIA", UnitType.ARMY,
...     Location("SWE"))]
>>> [str(u) for u in removals(m, "RUSSIA", units, ("STP",), 1)]
['A SWE']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from adjudicator.base.model import Location, Unit, UnitType
from adjudicator.base.rules import CivilDisorder
from adjudicator.board import graph
from adjudicator.board.map import GameMap
from adjudicator.lang.fold import fold_name

UNREACHABLE = 1_000_000
"""The distance of a unit that cannot reach any centre that counts: it goes first."""

RankKey = tuple[int, int, str, str]


def removals(
    game_map: GameMap,
    power: str,
    units: Iterable[Unit],
    owned: Iterable[str],
    count: int,
    rule: CivilDisorder = CivilDisorder.Y2023,
) -> tuple[Unit, ...]:
    """The ``count`` units of ``units`` that civil disorder removes, first removed first.

    ``owned`` are the power's supply centres (the 2023 rule measures to them); ``power`` names
    whose home centres the older rule measures to.
    """
    return tuple(removal_order(game_map, power, units, owned, rule)[: max(count, 0)])


def removal_order(
    game_map: GameMap,
    power: str,
    units: Iterable[Unit],
    owned: Iterable[str],
    rule: CivilDisorder = CivilDisorder.Y2023,
) -> list[Unit]:
    """All of ``units``, in the order civil disorder would remove them."""
    unit_list = list(units)
    # Coerce: ``Rules(civil_disorder="home-distance")`` hands over the plain string.
    if CivilDisorder(rule) is CivilDisorder.HOME_DISTANCE:
        key = _home_distance_key(game_map, game_map.home_centers(power))
    else:
        key = _owned_distance_key(game_map, tuple(owned))
    return sorted(unit_list, key=key)


def _type_rank(unit: Unit) -> int:
    return 0 if unit.type is UnitType.FLEET else 1


def _owned_distance_key(game_map: GameMap, owned: Sequence[str]) -> Callable[[Unit], RankKey]:
    distances = game_map.distances_from(owned) if owned else {}

    def key(unit: Unit) -> RankKey:
        distance = distances.get(unit.province, UNREACHABLE)
        name = fold_name(game_map.province(unit.province).name("en"))
        return (-distance, _type_rank(unit), name, str(unit.location))

    return key


def _home_distance_key(game_map: GameMap, homes: Sequence[str]) -> Callable[[Unit], RankKey]:
    army_distances = game_map.distances_from(homes) if homes else {}
    home_set = frozenset(homes)

    def key(unit: Unit) -> RankKey:
        if unit.type is UnitType.FLEET:
            distance = _fleet_distance(game_map, unit.location, home_set)
        else:
            distance = army_distances.get(unit.province, UNREACHABLE)
        return (-distance, _type_rank(unit), str(unit.location), "")

    return key


def _fleet_distance(game_map: GameMap, start: Location, targets: frozenset[str]) -> int:
    """Fleet moves from ``start`` (its own coast) to the nearest location in ``targets``."""
    steps = graph.steps_to(
        [start],
        lambda here: game_map.neighbours(here, UnitType.FLEET),
        lambda here: here.province in targets,
    )
    return UNREACHABLE if steps is None else steps
