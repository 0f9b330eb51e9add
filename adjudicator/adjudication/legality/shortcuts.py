"""Shortcuts of the legality checks for the commonest legal orders of movement and winter phases.

Most orders of a movement phase are an own unit holding, moving to a neighbour (or by convoy
along fleets at sea), supporting such a move or a unit that stands, or a fleet at sea convoying
an army. :class:`Shortcuts` recognises such orders with a few look-ups in the map's tables
(:mod:`adjudicator.board.tables`) and returns the normalised order: the given one itself when it
already is in normal form (it names the unit's type and exact coast, and its target needs no
change), so most phases build no order objects at all.

A shortcut only ever says "legal, normalised as this order" or, returning ``None``, "don't
know": whenever anything is unusual (a missing or foreign unit, a coast it does not know what to
do with, a named convoy path, a step that is not in the tables) the general checks of
:mod:`adjudicator.adjudication.legality.check` decide, and explain an illegal order. So the
shortcuts change the speed, never a verdict: each shortcut's docstring names the general check it
agrees with, and ``tests/adjudication/test_legality_once.py`` compares the two verdicts on many
orders under every combination of the rules options that bear on legality.

Whether the shortcuts may run at all is decided in one place, :func:`shortcuts_allowed`, from what
:data:`OPTION_EFFECTS` declares about each rules option: an option only the general checks know
turns them off unless it has its default choice.

In a winter, :class:`WinterShortcuts` does the same for a build on a plain home centre and a
removal of an own unit.

The tests are written out rather than split into small helpers, and enum members are module
constants, because a Python call or a look-up of a member on its enum class costs 50-100 ns,
which adds up over the orders of every phase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Support,
    Unit,
    UnitOrder,
    UnitType,
)
from adjudicator.base.rules import CoastRule, Rules, SupportCoast
from adjudicator.board import convoys
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.board.tables import MapTables

if TYPE_CHECKING:
    from adjudicator.state.position import Position

__all__ = [
    "MOVEMENT_SHORTCUTS",
    "OPTION_EFFECTS",
    "WINTER_SHORTCUTS",
    "OptionEffect",
    "ShortcutFunction",
    "Shortcuts",
    "WinterShortcuts",
    "shortcuts_allowed",
]

_ARMY: Final = UnitType.ARMY
_FLEET: Final = UnitType.FLEET
_REQUIRED: Final = SupportCoast.REQUIRED
_NOWHERE: Final[frozenset[str]] = frozenset()


class OptionEffect(Enum):
    """What a rules option changes, as far as the shortcuts are concerned."""

    RESOLUTION = "resolution"
    """How legal orders resolve (or which of several legal orders for a unit counts), never the
    verdict on one order."""
    LEGALITY = "legality"
    """The verdict on an order; the shortcuts give the general checks' verdict under every
    choice, because they read the option or answer only where it makes no difference."""
    LEGALITY_GENERAL_ONLY = "legality-general-only"
    """The verdict on an order, and only the general checks know the option: any choice but the
    default turns the shortcuts off."""


OPTION_EFFECTS: Mapping[str, OptionEffect] = {
    "adjacent_convoy": OptionEffect.LEGALITY,  # a move via convoy is answered only with a route
    "paradox": OptionEffect.RESOLUTION,
    "coasts": OptionEffect.LEGALITY,  # read by _short_step
    "multiple_orders": OptionEffect.RESOLUTION,  # check_orders applies it after the verdicts
    "disorder_centres": OptionEffect.RESOLUTION,  # civil disorder: adjustments only
    "disorder_distance": OptionEffect.RESOLUTION,
    "disorder_ties": OptionEffect.RESOLUTION,
    "disorder_fleets_first": OptionEffect.RESOLUTION,
    "convoy_path": OptionEffect.LEGALITY,  # a move naming its path takes the general checks
    "necessary_convoys": OptionEffect.LEGALITY,  # read by _short_convoy
    # Read by the retreat shortcut (RetreatChecks._fast_retreat), through retreat_options.
    "retreat_to_convoyed_attacker_origin": OptionEffect.LEGALITY,
    "convoy_disruption": OptionEffect.RESOLUTION,
    "dislodged_unit_bounces": OptionEffect.RESOLUTION,
    "unit_coast": OptionEffect.LEGALITY_GENERAL_ONLY,  # the shortcuts drop a wrong coast
    "irrelevant_coast": OptionEffect.LEGALITY_GENERAL_ONLY,  # ... and an irrelevant one
    "support_coast": OptionEffect.LEGALITY,  # read by _short_step
    # _short_step leaves a coast the fleet cannot reach to the general checks.
    "impossible_coast": OptionEffect.LEGALITY,
    # _short_build answers only a build on an owned home centre, legal under every choice.
    "builds": OptionEffect.LEGALITY,
}
"""The effect of every :class:`~adjudicator.base.rules.Rules` option, by field name.

``tests/adjudication/test_legality_once.py`` fails until a new option is listed here, and checks
each claim: the shortcuts agree with the general checks under every combination of the
``LEGALITY`` choices that bear on a phase type, and a ``RESOLUTION`` option never changes a
verdict."""

_DEFAULTS = Rules()
_DEFAULT_ONLY: tuple[tuple[str, object], ...] = tuple(
    (name, getattr(_DEFAULTS, name))
    for name in Rules.option_names()
    # An option missing from the table counts as known to the general checks only: a new option
    # can slow the checks down, never let the shortcuts skip it.
    if OPTION_EFFECTS.get(name, OptionEffect.LEGALITY_GENERAL_ONLY)
    is OptionEffect.LEGALITY_GENERAL_ONLY
)


def shortcuts_allowed(rules: Rules) -> bool:
    """Whether the shortcuts may decide orders under ``rules``: the one place that says so.

    >>> shortcuts_allowed(Rules()), shortcuts_allowed(Rules(unit_coast="strict"))
    (True, False)
    """
    # ``is``: Rules holds its choices as enum members and bools, never equal copies. A plain
    # loop: every phase asks, and ``all`` over a generator costs more than the two tests.
    for name, default in _DEFAULT_ONLY:  # noqa: SIM110
        if getattr(rules, name) is not default:
            return False
    return True


class Shortcuts:
    """Mixin of the legality checker: the shortcuts of a movement phase
    (:data:`MOVEMENT_SHORTCUTS`).

    The checker provides the attributes declared here. Every unit must stand on a known
    province (the checker only asks then), so that an order naming a unit's province never
    needs the unknown-province check.
    """

    map: GameMap
    rules: Rules
    tables: MapTables
    units: dict[str, Unit]

    _fleets_at_sea: frozenset[str] | None = None
    _needed_fleets: dict[tuple[str, str], frozenset[str]] | None = None

    @property
    def fleets_at_sea(self) -> frozenset[str]:
        """Provinces of the fleets that could convoy (found on first use: few phases ask)."""
        found = self._fleets_at_sea
        if found is None:
            fleets = [p for p, u in self.units.items() if u.type is _FLEET]
            found = self._fleets_at_sea = self.tables.seas.intersection(fleets)
        return found

    def needed_fleets(self, origin: str, destination: str) -> frozenset[str]:
        """:func:`convoys.fleets_on_minimal_routes` over the fleets at sea, once per army and
        phase: each fleet of a chain convoying one army asks the same question."""
        if self._needed_fleets is None:
            self._needed_fleets = {}
        key = (origin, destination)
        found = self._needed_fleets.get(key)
        if found is None:
            found = convoys.fleets_on_minimal_routes(
                self.map, origin, destination, self.fleets_at_sea
            )
            self._needed_fleets[key] = found
        return found

    def _short_hold(self, power: str, order: Hold) -> UnitOrder | None:
        unit = self.units.get(order.location.province)
        if unit is None or unit.power != power:
            return None
        as_given = order.unit_type is unit.type and order.location.coast == unit.location.coast
        return order if as_given else Hold(unit.type, unit.location)

    def _short_move(self, power: str, order: Move) -> UnitOrder | None:
        unit = self.units.get(order.location.province)
        if unit is None or unit.power != power or order.path:
            return None
        dest = order.destination
        kind = unit.type
        if order.via_convoy:
            if kind is not _ARMY or not self._short_convoy_route(unit, dest, None):
                return None
            target = dest
        elif kind is _ARMY:
            # The commonest order, an army's step, as _short_step decides it, written out:
            # the call would cost as much as the test.
            if dest.coast is not None or dest.province not in self.tables.army.get(
                unit.location.province, _NOWHERE
            ):
                return None
            target = dest
        else:
            step = self._short_step(unit, dest, for_support=False)
            if step is None:
                return None
            target = step
        if (
            target is dest
            and order.unit_type is kind
            and order.location.coast == unit.location.coast
        ):
            return order
        return Move(kind, unit.location, target, order.via_convoy)

    def _short_support(self, power: str, order: Support) -> UnitOrder | None:
        unit = self.units.get(order.location.province)
        supported = self.units.get(order.target.province)
        if unit is None or supported is None or unit.power != power or supported is unit:
            return None
        dest = order.destination
        area = order.target.province if dest is None else dest.province
        location = unit.location
        # MapTables.reach written out: a call would cost as much as the look-up.
        if unit.type is _ARMY:
            reach = self.tables.army.get(location.province, _NOWHERE)
        else:
            reach = self.tables.fleet_reach.get((location.province, location.coast), _NOWHERE)
        if area == location.province or area not in reach:
            return None
        where = dest
        if dest is not None:
            where = self._short_step(supported, dest, for_support=True)
            # 6.D.31: the supporter cannot be the convoy that the supported army needs.
            convoyed = (
                where is None
                and supported.type is _ARMY
                and self._short_convoy_route(supported, dest, unit.location.province)
            )
            if convoyed:
                where = dest
            elif where is None:
                return None
        as_given = (
            where is dest
            and order.unit_type is unit.type
            and order.location.coast == unit.location.coast
            and order.target_type is supported.type
            and order.target.coast == supported.location.coast
        )
        if as_given:
            return order
        return Support(unit.type, unit.location, supported.type, supported.location, where)

    def _short_convoy(self, power: str, order: Convoy) -> UnitOrder | None:
        """A fleet at sea convoying an army to a coast, on a route without a shortcut
        (``MovementChecks._convoy``)."""
        unit = self.units.get(order.location.province)
        army = self.units.get(order.army.province)
        if (
            unit is None
            or army is None
            or unit.power != power
            or unit.type is not _FLEET
            or army.type is not _ARMY
        ):
            return None
        fleet = unit.location.province
        origin, dest = army.location.province, order.destination.province
        coastal = convoys.convoy_coasts(self.map)
        if (
            fleet not in self.tables.seas  # a fleet at sea, one of fleets_at_sea
            or origin == dest
            or origin not in coastal
            or dest not in coastal
        ):
            return None
        if self.rules.necessary_convoys and not self._on_route_without_shortcut(
            fleet, origin, dest
        ):
            return None
        as_given = (
            order.unit_type is unit.type
            and order.location.coast == unit.location.coast
            and order.army.coast == army.location.coast
            and order.destination.coast is None
        )
        if as_given:
            return order
        return Convoy(unit.type, unit.location, army.location, Location(dest))

    def _on_route_without_shortcut(self, fleet: str, origin: str, dest: str) -> bool:
        """Whether ``fleet`` (at sea) lies on a route without a shortcut between the coastal
        provinces ``origin`` and ``dest`` (6.G.19), as :meth:`needed_fleets` says. A fleet that
        touches both is such a route on its own (no member of it but the two ends, whose land
        border does not count): the usual convoy, answered without the search."""
        touched = self.tables.fleet_reach[(fleet, None)]
        if origin in touched and dest in touched:
            return True
        return fleet in self.needed_fleets(origin, dest)

    def _short_convoy_route(self, army: Unit, dest: Location, without: str | None) -> bool:
        """Whether the fleets at sea (but ``without``) could convoy ``army`` to ``dest``,
        written without a coast (``MovementChecks._army_target``). A move via convoy is then legal
        under every rule choice: 4.A.3 only matters when there is no route."""
        origin = army.location.province
        if dest.coast is not None or dest.province == origin:
            return False
        coastal = convoys.convoy_coasts(self.map)
        if origin not in coastal or dest.province not in coastal:
            return False
        # The usual convoy, one fleet at sea touching both ends, needs neither a search nor
        # the fleets at sea (a pass over every unit).
        units = self.units
        both = convoys.seas_touching(self.map, origin) & convoys.seas_touching(
            self.map, dest.province
        )
        for sea in both:
            fleet = units.get(sea)
            if fleet is not None and fleet.type is _FLEET and sea != without:
                return True
        fleets = self.fleets_at_sea
        if without is not None and without in fleets:
            fleets = fleets - {without}
        return convoys.route_exists(self.map, origin, dest.province, fleets)

    def _short_step(self, unit: Unit, dest: Location, *, for_support: bool) -> Location | None:
        """Where ``unit`` ends if ordered (or supported) one step to ``dest``, as
        ``MovementChecks._target`` normalises it; ``None`` if that takes the general checks."""
        location = unit.location
        if unit.type is _ARMY:
            if dest.coast is None and dest.province in self.tables.army.get(
                location.province, _NOWHERE
            ):
                return dest
            return None
        moves = self.tables.fleet.get((location.province, location.coast))
        reachable = None if moves is None else moves.get(dest.province)
        if reachable is None:
            return None
        if dest.province not in self.tables.coasts:
            return dest if dest.coast is None else None
        if dest.coast is not None:
            return dest if dest in reachable else None
        # A coast left out (4.B.2, 4.B.4): taken when only one is reachable; a support may
        # also stay coastless and match a move to either coast (6.B.7, 6.B.8), unless the
        # rules require supports to name it (the general check says so).
        if for_support and self.rules.support_coast is _REQUIRED:
            return None
        if len(reachable) == 1 and (for_support or self.rules.coasts is CoastRule.LENIENT):
            return reachable[0]
        return dest if for_support else None


class WinterShortcuts(Shortcuts):
    """Mixin of the legality checker: the shortcuts of a winter (:data:`WINTER_SHORTCUTS`).
    It extends :class:`Shortcuts` so that the checker's bases form one chain (mypyc compiles
    no multiple inheritance).

    The checker provides the attributes declared here; ``counts`` is power -> builds (positive)
    or removals (negative) owed.
    """

    map: GameMap
    position: Position
    tables: MapTables
    units: dict[str, Unit]

    @property
    def counts(self) -> dict[str, int]:
        """Provided by the checker."""
        raise NotImplementedError

    def _short_build(self, power: str, order: Build) -> UnitOrder | None:
        """A build of a named unit type on a home centre without named coasts, owned, empty
        and on the map (``AdjustmentChecks._build``)."""
        pid = order.location.province
        province = self.map.provinces.get(pid)
        if (
            province is None
            or order.location.coast is not None
            or province.coasts
            or order.unit_type is None
            or province.home != power
            or pid in self.units
            or self.counts.get(power, 0) <= 0
            or self.position.owner(pid) != power
        ):
            return None
        if order.unit_type is _FLEET and province.type is not ProvinceType.COAST:
            return None
        return order

    def _short_removal(self, power: str, order: Disband) -> UnitOrder | None:
        """The removal of an own unit by a power that owes removals
        (``AdjustmentChecks._removal``)."""
        location = order.location
        unit = self.units.get(location.province)
        if (
            unit is None
            or unit.power != power
            or location.province not in self.tables.known
            or self.counts.get(power, 0) >= 0
        ):
            return None
        if order.unit_type is unit.type and location.coast == unit.location.coast:
            return order
        return Disband(unit.type, unit.location)


ShortcutFunction = Callable[[Any, str, Any], UnitOrder | None]
"""A shortcut: (the checker, the power, an order of the type it is filed under) -> "legal,
normalised as this order", or ``None`` for "don't know". Plain dicts of them, so that the
compiled core looks one up without a method call."""

MOVEMENT_SHORTCUTS: Final[dict[type, ShortcutFunction]] = {
    Move: Shortcuts._short_move,
    Support: Shortcuts._short_support,
    Hold: Shortcuts._short_hold,
    Convoy: Shortcuts._short_convoy,
}
"""The shortcut of each kind of movement order, by type (looked up by the order's exact type:
one look-up and one call per order)."""

WINTER_SHORTCUTS: Final[dict[type, ShortcutFunction]] = {
    Build: WinterShortcuts._short_build,
    Disband: WinterShortcuts._short_removal,
}
"""The shortcut of each kind of winter order that has one, by type."""
