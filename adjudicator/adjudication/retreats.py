"""The retreat phase: every dislodged unit retreats or disbands (DATC 6.H, adjudication.md §7).

A retreat succeeds iff it is legal and no other legal retreat goes to the same province; two or
more retreats to one province all fail and those units disband (6.H.7, 6.H.8). Illegal retreats
(into the attacker's origin, a standoff province, an occupied one, or not adjacent) were already
dropped by the legality check, so they neither succeed nor bounce anyone (6.H.10). A dislodged
unit without a legal order disbands; it still gets a result, so reports cover it
(TedDriggs/diplomacy#12).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from operator import attrgetter
from typing import assert_never

from adjudicator.adjudication.legality.check import CheckedOrders
from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.adjudication.phases import advance, canonical_key, victory_notes
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, OrderResult, Outcome, Reason, Removal
from adjudicator.state.position import Position


def adjudicate_retreats(
    position: Position, checked: CheckedOrders, game_map: GameMap, rules: Rules
) -> Adjudication:
    """Resolve a retreat phase.

    ``position.dislodged`` holds the units that must retreat; ``checked.valid`` their legal
    Retreat and Disband orders, keyed by the dislodged unit's province.
    """
    orders = _retreat_orders(position, checked)
    arrivals: dict[str, list[tuple[str, str, Order]]] = {}
    for pid, (power, given, order) in orders.items():
        if isinstance(order, Retreat):
            arrivals.setdefault(order.destination.province, []).append((pid, power, given))

    illegal_for = {(r.power, _province(r.order)) for r in checked.results}
    results: list[OrderResult] = list(checked.results)
    survivors: list[Unit] = list(position.units)
    for dislodgement in position.dislodged:
        unit = dislodgement.unit
        entry = orders.get(unit.province)
        if entry is None:
            if (unit.power, unit.province) not in illegal_for:
                results.append(_unordered(dislodgement, position, game_map, rules))
            continue
        power, given, order = entry
        if isinstance(order, Retreat):
            result, moved = _retreat(unit, given, order, arrivals)
            results.append(result)
            if moved is not None:
                # Into its place among the sorted units: a retreat goes to an empty province.
                insort(survivors, moved, key=_PLACE)
        else:
            results.append(OrderResult(power, given, Outcome.SUCCEEDS, detail=Removal.DISBANDED))

    next_position = advance(game_map, position, survivors, sorted_units=True, rules=rules)
    return Adjudication(
        position=position,
        results=tuple(sorted(results, key=canonical_key)),
        next_position=next_position,
        notes=victory_notes(game_map, position, next_position),
    )


def _retreat_orders(
    position: Position, checked: CheckedOrders
) -> dict[str, tuple[str, Order, Retreat | Disband]]:
    """The valid Retreat/Disband orders of dislodged units (other kinds are the legality
    check's business; ignore them defensively rather than move a unit that is not retreating)."""
    dislodged = {d.unit.province for d in position.dislodged}
    orders: dict[str, tuple[str, Order, Retreat | Disband]] = {}
    for pid, (power, given, order) in checked.valid.items():
        if pid not in dislodged:
            continue
        match order:
            case Retreat() | Disband():
                orders[pid] = (power, given, order)
            case Hold() | Move() | Support() | Convoy() | Build() | Waive():
                pass
            case _:
                assert_never(order)
    return orders


def _retreat(
    unit: Unit,
    given: Order,
    order: Retreat,
    arrivals: Mapping[str, list[tuple[str, str, Order]]],
) -> tuple[OrderResult, Unit | None]:
    rivals = [(p, o) for pid, p, o in arrivals[order.destination.province] if pid != unit.province]
    if rivals:
        cause_power, cause = rivals[0]
        result = OrderResult(
            unit.power,
            given,
            Outcome.FAILS,
            Reason.RETREAT_COLLISION,
            cause=cause,
            cause_power=cause_power,
        )
        return result, None
    # Armies never stand on a coast; a fleet keeps the coast the legality check settled.
    where = order.destination.bare if unit.type is UnitType.ARMY else order.destination
    return OrderResult(unit.power, given, Outcome.SUCCEEDS), Unit(unit.power, unit.type, where)


def _unordered(
    dislodgement: Dislodgement, position: Position, game_map: GameMap, rules: Rules
) -> OrderResult:
    """The result for a dislodged unit nobody ordered: it disbands (a synthesized order)."""
    unit = dislodgement.unit
    order = Disband(unit.type, unit.location)
    occupied = {u.province for u in position.units}
    options = retreat_options(
        game_map,
        unit,
        dislodgement.attacked_from,
        dislodgement.by_convoy,
        occupied,
        position.standoffs,
        rules,
    )
    reason = Reason.NO_ORDER if options else Reason.DISBANDED
    return OrderResult(unit.power, order, Outcome.SUCCEEDS, reason)


_PLACE = attrgetter("power", "location.province")
"""A position's order of units (one unit per province)."""


def _province(order: Order) -> str | None:
    return None if isinstance(order, Waive) else order.location.province
