"""The general legality checks of movement-phase orders: holds, moves, supports and convoys
(DATC 4.E.1; the normalisations of 4.A.6, 4.B and 4.C).

:class:`MovementChecks` explains what is wrong with an order the shortcuts of
:mod:`adjudicator.adjudication.legality.shortcuts` did not recognise, and also decides where a unit
may go for the retreat checks (:meth:`MovementChecks._target`).
"""

from __future__ import annotations

from typing import assert_never

from adjudicator.adjudication.legality.coasts import coast_garbage
from adjudicator.adjudication.legality.codes import (
    IllegalCode,
    Illegality,
    own_unit,
    quote_order,
    reject,
)
from adjudicator.adjudication.legality.shortcuts import WinterShortcuts
from adjudicator.base.model import Convoy, Hold, Location, Move, Order, Support, Unit, UnitType
from adjudicator.base.rules import (
    AdjacentConvoy,
    CoastRule,
    ConvoyPath,
    ImpossibleCoast,
    SupportCoast,
)
from adjudicator.board import convoys
from adjudicator.board.map import ProvinceType

WALKS_WITHOUT_ROUTE = frozenset(
    {AdjacentConvoy.FALLBACK, AdjacentConvoy.Y1971, AdjacentConvoy.GODIP}
)
"""The readings of DATC 4.A.3 under which an army ordered *via convoy* to a province it could
walk to is a legal order even when no convoy route is possible at all: it then walks. Under
``2023`` and ``explicit`` it could never move (no land fallback), and the ``diplomacy`` package
(with dipcc) and webDiplomacy refuse such an order; so it is illegal there (4.E.1)."""


class MovementChecks(WinterShortcuts):
    """Mixin of :class:`~adjudicator.adjudication.legality.check.Checker`: the general checks of a
    movement order.

    The checker provides the attributes the
    :class:`~adjudicator.adjudication.legality.shortcuts.Shortcuts` declare, whose fleets at sea
    (found on first use) these checks share.
    """

    coast_checks: bool
    """Whether a strict coast choice (4.B.5, 4.B.6) is on: :func:`coast_garbage` must run."""

    def _movement(self, power: str, order: Hold | Move | Support | Convoy) -> Order | Illegality:
        unit = own_unit(power, order, self.units.get(order.location.province))
        if isinstance(unit, Illegality):
            return unit
        if self.coast_checks:
            bad = coast_garbage(self.map, self.rules, self.units, order, unit)
            if bad is not None:
                return bad
        match order:
            case Hold():
                return Hold(unit.type, unit.location)
            case Move():
                return self._move(unit, order)
            case Support():
                return self._support(unit, order)
            case Convoy():
                return self._convoy(unit, order)
            case _:
                assert_never(order)

    def _move(self, unit: Unit, order: Move) -> Order | Illegality:
        wants_convoy = order.via_convoy or bool(order.path)
        if unit.type is UnitType.FLEET and wants_convoy:
            return reject(IllegalCode.CONVOY_OF_FLEET, "a fleet cannot be convoyed", order)
        target = self._target(unit, order.destination, order, convoy=True, for_support=False)
        if isinstance(target, Illegality):
            return target
        assert target is not None  # a move always gets its coast or is illegal
        if unit.type is UnitType.ARMY and wants_convoy:
            bad = self._convoy_wish(unit, order, target)
            if bad is not None:
                return bad
        path = order.path if self.rules.convoy_path is ConvoyPath.ENFORCE else ()
        return Move(unit.type, unit.location, target, wants_convoy, path)

    def _convoy_wish(self, unit: Unit, order: Move, target: Location) -> Illegality | None:
        """An army ordered *via convoy*: the convoy must be possible (4.E.1), except where the
        rules let the army walk when no convoy carries it (4.A.3: ``fallback``, ``1971`` and
        ``godip``, :data:`WALKS_WITHOUT_ROUTE`)."""
        if order.path and self.rules.convoy_path is ConvoyPath.ENFORCE:
            fleets_there = all(p in self.fleets_at_sea for p in order.path)
            if not (
                fleets_there
                and convoys.is_route(self.map, unit.province, target.province, order.path)
            ):
                path = " - ".join(order.path)
                return reject(
                    IllegalCode.BAD_CONVOY_PATH, f"no chain of fleets along {path}", order
                )
            return None
        fallback = self.rules.adjacent_convoy in WALKS_WITHOUT_ROUTE
        if fallback and self.map.adjacent(unit.location, target, UnitType.ARMY):
            return None
        if convoys.route_exists(self.map, unit.province, target.province, self.fleets_at_sea):
            return None
        return reject(
            IllegalCode.NO_CONVOY_ROUTE,
            f"no fleets at sea could convoy it to {target.province}",
            order,
        )

    def _target(
        self,
        unit: Unit,
        dest: Location,
        order: Order,
        *,
        convoy: bool,
        for_support: bool,
        without: str | None = None,
    ) -> Location | Illegality | None:
        """Where ``unit`` would end if ordered to ``dest``, or why it cannot go there.

        ``convoy``: an army may also go by convoy (fleets at sea, except ``without``).
        ``for_support``: a fleet's missing coast may stay missing (``None``, 4.B.4).
        """
        if dest.province == unit.province:
            return reject(IllegalCode.MOVE_TO_SELF, "a unit cannot move to its own province", order)
        province = self.map.province(dest.province)
        if province.type is ProvinceType.IMPASSABLE:
            return reject(IllegalCode.IMPASSABLE, f"no unit may enter {dest.province}", order)
        if unit.type is UnitType.ARMY:
            return self._army_target(unit, dest.bare, order, convoy=convoy, without=without)
        return self._fleet_target(unit, dest, order, for_support=for_support)

    def _fleet_target(
        self, unit: Unit, dest: Location, order: Order, *, for_support: bool
    ) -> Location | Illegality | None:
        province = self.map.province(dest.province)
        if province.type is ProvinceType.LAND:
            return reject(
                IllegalCode.FLEET_INLAND,
                f"a fleet cannot enter the inland province {dest.province}",
                order,
            )
        reachable = self.map.fleet_targets(unit.location, dest.province)
        if not reachable:
            return reject(
                IllegalCode.NOT_ADJACENT, f"the unit {unit} cannot reach {dest.province}", order
            )
        if not province.coasts:
            return reachable[0]
        if dest.coast in province.coasts:
            if dest in reachable:
                return dest
            if len(reachable) == 1 and self.rules.impossible_coast is ImpossibleCoast.IGNORE:
                # 4.B.3 a: the coast is ignored and the move goes to the one it can reach.
                return reachable[0]
            return reject(
                IllegalCode.UNREACHABLE_COAST,
                f"the unit {unit} cannot reach the coast {dest}",
                order,
            )
        if len(reachable) == 1 and (for_support or self.rules.coasts is CoastRule.LENIENT):
            return reachable[0]
        if for_support:
            return None
        choices = " or ".join(str(loc) for loc in reachable)
        return reject(IllegalCode.MISSING_COAST, f"the coast must be named: {choices}", order)

    def _army_target(
        self, unit: Unit, dest: Location, order: Order, *, convoy: bool, without: str | None
    ) -> Location | Illegality:
        if self.map.is_sea(dest.province):
            return reject(
                IllegalCode.ARMY_TO_SEA,
                f"an army cannot enter the sea province {dest.province}",
                order,
            )
        if self.map.adjacent(unit.location, dest, UnitType.ARMY):
            return dest
        reach = convoys.convoy_coasts(self.map)
        if not convoy or unit.province not in reach or dest.province not in reach:
            return reject(
                IllegalCode.NOT_ADJACENT, f"the unit {unit} cannot reach {dest.province}", order
            )
        fleets = self.fleets_at_sea - {without} if without else self.fleets_at_sea
        if convoys.route_exists(self.map, unit.province, dest.province, fleets):
            return dest
        if without and convoys.route_exists(
            self.map, unit.province, dest.province, self.fleets_at_sea
        ):
            return reject(
                IllegalCode.SUPPORT_OWN_CONVOY,
                f"the only convoy to {dest.province} would be the supporter itself",
                order,
            )
        return reject(
            IllegalCode.NO_CONVOY_ROUTE,
            f"no fleets at sea could convoy it to {dest.province}",
            order,
        )

    def _support(self, unit: Unit, order: Support) -> Order | Illegality:
        if order.target.province == unit.province:
            return reject(IllegalCode.SUPPORT_SELF, "a unit cannot support itself", order)
        dest = order.destination
        if dest is not None and dest.province == unit.province:
            return reject(
                IllegalCode.SUPPORT_OWN_PROVINCE,
                "a unit cannot support into its own province",
                order,
            )
        supported = self.units.get(order.target.province)
        if supported is None:
            return reject(
                IllegalCode.SUPPORT_NO_UNIT,
                f"there is no unit in {order.target.province} to support",
                order,
            )
        area = order.target.province if dest is None else dest.province
        if area not in self.map.reachable_provinces(unit.location, unit.type):
            return reject(
                IllegalCode.SUPPORT_UNREACHABLE, f"the unit {unit} cannot reach {area}", order
            )
        if dest is None:
            return Support(unit.type, unit.location, supported.type, supported.location)
        # 6.D.31: the supporting fleet cannot also be the convoy the supported army needs.
        without = unit.province if unit.province in self.fleets_at_sea else None
        target = self._target(
            supported, dest, order, convoy=True, for_support=True, without=without
        )
        if isinstance(target, Illegality):
            if target.code is IllegalCode.SUPPORT_OWN_CONVOY:
                return target
            reason = target.message.removesuffix(f" in '{quote_order(order)}'")
            return reject(
                IllegalCode.SUPPORT_IMPOSSIBLE_MOVE,
                f"the supported move is impossible ({reason})",
                order,
            )
        if self.rules.support_coast is SupportCoast.REQUIRED and supported.type is UnitType.FLEET:
            coasts = self.map.province(dest.province).coasts
            if coasts and dest.coast not in coasts:
                return reject(
                    IllegalCode.SUPPORT_MISSING_COAST,
                    f"a support of a fleet into {dest.province} must name the coast",
                    order,
                )
        where = target if target is not None else dest.bare
        return Support(unit.type, unit.location, supported.type, supported.location, where)

    def _convoy(self, unit: Unit, order: Convoy) -> Order | Illegality:
        if unit.type is UnitType.ARMY:
            return reject(IllegalCode.CONVOY_NOT_AT_SEA, "only fleets can convoy", order)
        if unit.province not in self.fleets_at_sea:
            return reject(IllegalCode.CONVOY_NOT_AT_SEA, f"the fleet {unit} is not at sea", order)
        army = self.units.get(order.army.province)
        if army is None:
            return reject(
                IllegalCode.CONVOY_NO_UNIT, f"there is no army in {order.army.province}", order
            )
        if army.type is UnitType.FLEET:
            return reject(IllegalCode.CONVOY_OF_FLEET, "a fleet cannot be convoyed", order)
        origin, dest = army.province, order.destination.province
        reach = convoys.convoy_coasts(self.map)
        if origin == dest or origin not in reach or dest not in reach:
            return reject(
                IllegalCode.CONVOY_IMPOSSIBLE,
                f"an army cannot be convoyed from {origin} to {dest}",
                order,
            )
        # 6.G.19 / 4.E.1: the fleet must lie on a route without a shortcut. With the rule off,
        # a convoy off every route is legal and merely void or failing (6.F.12).
        if self.rules.necessary_convoys and unit.province not in self.needed_fleets(origin, dest):
            return self._not_needed(unit, origin, dest, order)
        return Convoy(unit.type, unit.location, army.location, Location(dest))

    def _not_needed(self, unit: Unit, origin: str, dest: str, order: Convoy) -> Illegality:
        on_route = convoys.fleets_on_routes(self.map, origin, dest, self.fleets_at_sea)
        if unit.province in on_route:
            return reject(
                IllegalCode.CONVOY_UNNECESSARY,
                f"every route through {unit.province} has a shortcut, so it is never needed",
                order,
            )
        return reject(
            IllegalCode.CONVOY_IMPOSSIBLE,
            f"no convoy route from {origin} to {dest} passes {unit.province}",
            order,
        )
