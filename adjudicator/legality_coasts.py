"""Coasts an order gets wrong, under the strict choices of DATC 4.B.5 and 4.B.6.

Under the defaults (the DATC v3.0 preferences) such a coast is garbage that the normalisation
drops: the ordered unit's coast comes from the position (4.B.5 b, 6.B.10). The strict choices
make the order illegal instead. The checker asks only when a strict choice is on
(``Checker.coast_checks``), and then skips the shortcuts of :mod:`adjudicator.legality_fast`,
which normalise such coasts away; so the default path never pays for these checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.gamemap import GameMap
from adjudicator.legality_codes import IllegalCode, Illegality, reject
from adjudicator.model import (
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    Retreat,
    Support,
    Unit,
    UnitType,
)
from adjudicator.rules import Rules, UnitCoast

__all__ = ["coast_garbage", "strict_coasts"]


def strict_coasts(rules: Rules) -> bool:
    """Whether ``rules`` make any wrong coast illegal (so the checks below must run)."""
    return rules.unit_coast is UnitCoast.STRICT


def coast_garbage(
    game_map: GameMap,
    rules: Rules,
    units: Mapping[str, Unit],
    order: Hold | Move | Support | Convoy | Retreat | Disband,
    unit: Unit,
) -> Illegality | None:
    """Why ``order`` for ``unit`` (the unit it orders, found) is illegal for a coast it names,
    or ``None``. A support is also checked against the unit it supports."""
    bad = _named_unit(game_map, rules, order.location, unit, order)
    if bad is None and isinstance(order, Support):
        supported = units.get(order.target.province)
        if supported is not None:
            bad = _named_unit(game_map, rules, order.target, supported, order)
    return bad


def _named_unit(
    game_map: GameMap, rules: Rules, named: Location, unit: Unit, order: Order
) -> Illegality | None:
    """A coast given for a unit the order names: it must be the unit's own (4.B.5 a)."""
    coast = named.coast
    if coast is None or unit.type is not UnitType.FLEET:
        return None
    if coast not in game_map.province(named.province).coasts:
        return None
    if rules.unit_coast is UnitCoast.STRICT and coast != unit.location.coast:
        return reject(
            IllegalCode.WRONG_UNIT_COAST, f"the fleet is on {unit.location}, not {named}", order
        )
    return None
