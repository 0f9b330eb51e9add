"""Civil-disorder removals: which units a power loses when it orders too few removals (DATC 4.D.8).

The unit farthest from the nearest counted supply centre goes first. Three options of
:class:`~adjudicator.base.rules.Rules` say how:

- :attr:`Rules.disorder_centres`: the power's *owned* centres (2023 rulebook) or its *home*
  centres (older rulebooks, the ``diplomacy`` package, godip);
- :attr:`Rules.disorder_distance`: steps over *any border*, land and sea alike for armies and
  fleets (2023 rulebook, godip), or the *unit's moves*: a fleet counts the moves it could make
  from its own coast, an army every border (the ``diplomacy`` package);
- :attr:`Rules.disorder_ties`: fleets before armies, then alphabetically by English province
  name, ignoring spaces and punctuation (2023 rulebook, DATC v3.0 6.J.3-6.J.11), or by province
  abbreviation, as the unit texts ``F NTH`` sort (the package and godip);
- :attr:`Rules.disorder_fleets_first`: whether fleets go before armies among equally distant
  units before that order counts (everyone but webDiplomacy since June 2025).

:class:`~adjudicator.base.rules.CivilDisorder` names the combinations in use.

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
from adjudicator.base.rules import (
    CivilDisorder,
    DisorderCentres,
    DisorderDistance,
    DisorderTies,
    Rules,
)
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
    rule: Rules | CivilDisorder = CivilDisorder.Y2023,
) -> tuple[Unit, ...]:
    """The ``count`` units of ``units`` that civil disorder removes, first removed first.

    ``owned`` are the power's supply centres, ``power`` names whose home centres count;
    ``rule`` is the rules in force or a named combination of the civil-disorder options.
    """
    return tuple(removal_order(game_map, power, units, owned, rule)[: max(count, 0)])


def removal_order(
    game_map: GameMap,
    power: str,
    units: Iterable[Unit],
    owned: Iterable[str],
    rule: Rules | CivilDisorder = CivilDisorder.Y2023,
) -> list[Unit]:
    """All of ``units``, in the order civil disorder would remove them."""
    rules = rule if isinstance(rule, Rules) else Rules.from_mapping({"civil_disorder": rule})
    if rules.disorder_centres is DisorderCentres.HOME:
        centres = tuple(game_map.home_centers(power))
    else:
        centres = tuple(owned)
    distance = _distance(game_map, centres, rules.disorder_distance)
    by_name = rules.disorder_ties is DisorderTies.Y2023
    fleets_first = rules.disorder_fleets_first

    def key(unit: Unit) -> RankKey:
        rank = _type_rank(unit) if fleets_first else 0
        if by_name:
            name = fold_name(game_map.province(unit.province).name("en"))
            return (-distance(unit), rank, name, str(unit.location))
        return (-distance(unit), rank, str(unit.location), "")

    return sorted(units, key=key)


def _distance(
    game_map: GameMap, centres: Sequence[str], counting: DisorderDistance
) -> Callable[[Unit], int]:
    """A unit's distance to the nearest of ``centres``, counted as ``counting`` says."""
    any_border = game_map.distances_from(centres) if centres else {}
    targets = frozenset(centres)

    def distance(unit: Unit) -> int:
        if unit.type is UnitType.FLEET and counting is DisorderDistance.UNIT_MOVES:
            return _fleet_distance(game_map, unit.location, targets)
        return any_border.get(unit.province, UNREACHABLE)

    return distance


def _type_rank(unit: Unit) -> int:
    return 0 if unit.type is UnitType.FLEET else 1


def _fleet_distance(game_map: GameMap, start: Location, targets: frozenset[str]) -> int:
    """Fleet moves from ``start`` (its own coast) to the nearest location in ``targets``."""
    steps = graph.steps_to(
        [start],
        lambda here: game_map.neighbours(here, UnitType.FLEET),
        lambda here: here.province in targets,
    )
    return UNREACHABLE if steps is None else steps
