"""The legality checks of retreat-phase orders, and where a dislodged unit may retreat
(:func:`retreat_options`; DATC 4.A.5, 6.H).
"""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.adjudication.legality.coasts import coast_garbage
from adjudicator.adjudication.legality.codes import IllegalCode, Illegality, reject
from adjudicator.adjudication.legality.movement import MovementChecks
from adjudicator.base.model import Disband, Dislodgement, Location, Order, Retreat, Unit, UnitOrder
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.board.tables import tables
from adjudicator.state.position import Position


def retreat_options(
    game_map: GameMap,
    unit: Unit,
    attacked_from: str,
    by_convoy: bool,
    occupied: Collection[str],
    standoffs: Collection[str],
    rules: Rules | None = None,
) -> tuple[Location, ...]:
    """Where a dislodged unit may retreat: its ordinary moves (never by convoy, 6.H.13) into
    provinces that are empty, not left empty by a standoff (a standoff closes every coast,
    6.H.16) and not the attacker's origin, unless the attack came by convoy and
    :attr:`Rules.retreat_to_convoyed_attacker_origin` (4.A.5 b, 6.H.11)."""
    rules = rules if rules is not None else Rules()
    if by_convoy and rules.retreat_to_convoyed_attacker_origin:
        attacked_from = ""
    options: list[Location] = []  # a loop, not a generator: mypyc makes a class of each
    for loc in tables(game_map).neighbours(unit.type, unit.location):
        province = loc.province
        if province not in occupied and province not in standoffs and province != attacked_from:
            options.append(loc)
    return tuple(options)


class RetreatChecks(MovementChecks):
    """Mixin of :class:`~adjudicator.adjudication.legality.check.Checker`: retreats and disbands of
    a retreat phase, with a shortcut for the commonest legal retreat."""

    position: Position

    def _fast_retreat(self, power: str, order: Retreat) -> UnitOrder | None:
        """A retreat to one of the unit's retreat options, written without a coast (where the
        province has none)."""
        dest = order.destination
        if (
            dest.coast is not None
            or dest.province in self.tables.coasts
            or order.location.province not in self.tables.known
        ):
            return None
        found = self._dislodged(power, order)
        if isinstance(found, Illegality):
            return None
        unit = found.unit
        occupied = self.units.keys()
        for option in retreat_options(
            self.map,
            unit,
            found.attacked_from,
            found.by_convoy,
            occupied,
            self.position.standoffs,
            self.rules,
        ):
            if option.province == dest.province:
                if order.unit_type is unit.type and order.location.coast == unit.location.coast:
                    return order
                return Retreat(unit.type, unit.location, option)
        return None

    def _dislodged(self, power: str, order: Retreat | Disband) -> Dislodgement | Illegality:
        province = order.location.province
        found = next((d for d in self.position.dislodged if d.unit.province == province), None)
        standing = self.units.get(province)
        if found is None or (found.unit.power != power and standing and standing.power == power):
            # The power's own unit there is the attacker, which stays put.
            if standing is not None:
                return reject(
                    IllegalCode.NOT_DISLODGED, f"the unit {standing} was not dislodged", order
                )
            return reject(IllegalCode.NO_UNIT, f"there is no dislodged unit in {province}", order)
        if found.unit.power != power:
            unit = found.unit
            return reject(
                IllegalCode.FOREIGN_UNIT,
                f"the unit {unit} belongs to {unit.power}, not {power}",
                order,
            )
        return found

    def _retreat_phase(self, power: str, order: Retreat | Disband) -> Order | Illegality:
        found = self._dislodged(power, order)
        if isinstance(found, Illegality):
            return found
        unit = found.unit
        if self.coast_checks:
            bad = coast_garbage(self.map, self.rules, self.units, order, unit)
            if bad is not None:
                return bad
        if isinstance(order, Disband):
            return Disband(unit.type, unit.location)
        target = self._target(unit, order.destination, order, convoy=False, for_support=False)
        if isinstance(target, Illegality) or target is None:
            return target or reject(IllegalCode.MISSING_COAST, "the coast must be named", order)
        occupied = self.units.keys()
        options = retreat_options(
            self.map,
            unit,
            found.attacked_from,
            found.by_convoy,
            occupied,
            self.position.standoffs,
            self.rules,
        )
        if target in options:
            return Retreat(unit.type, unit.location, target)
        pid = target.province
        if pid in occupied:
            return reject(IllegalCode.RETREAT_OCCUPIED, f"the province {pid} is occupied", order)
        if pid in self.position.standoffs:
            return reject(
                IllegalCode.RETREAT_STANDOFF,
                f"the province {pid} was left empty by a standoff",
                order,
            )
        return reject(IllegalCode.RETREAT_ATTACKER_ORIGIN, f"the attack came from {pid}", order)
