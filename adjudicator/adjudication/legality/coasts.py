"""Coasts an order gets wrong, under the strict choices of DATC 4.B.5 and 4.B.6.

Under the defaults (the DATC v3.0 preferences) such a coast is garbage that the normalisation
drops: the ordered unit's coast comes from the position (4.B.5 b, 6.B.10), and an unknown coast
or one given for an army is left out (4.B.6 b, 6.B.12). The strict choices
make the order illegal instead. The checker asks only when a strict choice is on
(``Checker.coast_checks``), so the default path never pays for these checks. Both options are
known to the general checks only (``OPTION_EFFECTS`` in
:mod:`adjudicator.adjudication.legality.shortcuts`), so the shortcuts, which normalise such coasts
away, never run under a strict choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, assert_never

from adjudicator.adjudication.legality.codes import IllegalCode, Illegality, reject
from adjudicator.base.model import (
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
from adjudicator.base.rules import IrrelevantCoast, Rules, UnitCoast
from adjudicator.board.map import GameMap

__all__ = ["coast_garbage", "strict_coasts"]


_STRICT_UNIT_COAST: Final = UnitCoast.STRICT
_STRICT_IRRELEVANT_COAST: Final = IrrelevantCoast.STRICT
"""Module constants: every phase's checker asks, and a look-up on the enum class is slow."""


def strict_coasts(rules: Rules) -> bool:
    """Whether ``rules`` make any wrong coast illegal (so the checks below must run)."""
    return (
        rules.unit_coast is _STRICT_UNIT_COAST or rules.irrelevant_coast is _STRICT_IRRELEVANT_COAST
    )


def coast_garbage(
    game_map: GameMap,
    rules: Rules,
    units: Mapping[str, Unit],
    order: Hold | Move | Support | Convoy | Retreat | Disband,
    unit: Unit,
) -> Illegality | None:
    """Why ``order`` for ``unit`` (the unit it orders, found) is illegal for a coast it names,
    or ``None``. A support is also checked against the unit it supports, a convoy against the
    army it convoys."""
    bad = _named_unit(game_map, rules, order.location, unit, order)
    if bad is not None:
        return bad
    match order:
        case Move() | Retreat():
            return _destination(game_map, rules, order.destination, unit, order)
        case Support():
            supported = units.get(order.target.province)
            if supported is None:
                return None
            bad = _named_unit(game_map, rules, order.target, supported, order)
            if bad is None and order.destination is not None:
                bad = _destination(game_map, rules, order.destination, supported, order)
            return bad
        case Convoy():
            army = units.get(order.army.province)
            if army is not None:
                bad = _named_unit(game_map, rules, order.army, army, order)
            if bad is None and order.destination.coast is not None:
                bad = _irrelevant(rules, order.destination, "a convoyed army", order)
            return bad
        case Hold() | Disband():
            return None
        case _:
            assert_never(order)


def _named_unit(
    game_map: GameMap, rules: Rules, named: Location, unit: Unit, order: Order
) -> Illegality | None:
    """A coast given for a unit the order names: it must be the fleet's own (4.B.5 a), and
    neither unknown nor given for an army (4.B.6 a)."""
    coast = named.coast
    if coast is None:
        return None
    if unit.type is UnitType.ARMY:
        return _irrelevant(rules, named, "an army", order)
    if coast not in game_map.province(named.province).coasts:
        return _irrelevant(rules, named, "", order)
    if rules.unit_coast is UnitCoast.STRICT and coast != unit.location.coast:
        return reject(
            IllegalCode.WRONG_UNIT_COAST, f"the fleet is on {unit.location}, not {named}", order
        )
    return None


def _destination(
    game_map: GameMap, rules: Rules, dest: Location, unit: Unit, order: Order
) -> Illegality | None:
    """A coast given for where ``unit`` goes: unknown, or for an army (4.B.6 a). A real coast
    the fleet cannot reach is 4.B.3, which the move checks judge."""
    if dest.coast is None:
        return None
    if unit.type is UnitType.ARMY:
        return _irrelevant(rules, dest, "an army", order)
    if dest.coast not in game_map.province(dest.province).coasts:
        return _irrelevant(rules, dest, "", order)
    return None


def _irrelevant(rules: Rules, named: Location, whose: str, order: Order) -> Illegality | None:
    if rules.irrelevant_coast is not IrrelevantCoast.STRICT:
        return None
    if whose:
        reason = f"{whose} has no coast, so {named} names an irrelevant one"
    else:
        reason = f"{named.province} has no coast {named.coast}"
    return reject(IllegalCode.IRRELEVANT_COAST, reason, order)
