"""Legality: which orders *could* be valid in a position, before any other order is known.

DATC 4.E.1 (v3.0): an order is **legal** when, not knowing the other orders, it could be valid.
Illegal orders are ignored entirely (the unit holds and can receive hold support); each gets an
``ILLEGAL`` :class:`~adjudicator.outcomes.OrderResult` with a stable :class:`IllegalCode` and a
short lowercase message quoting the order. A legal support or convoy that finds no matching
order is *void*, which the resolver decides, never this module.

Legal orders are also **normalised** (DATC v3.0 preferences, see ``docs/illegal-orders.md``):

* the unit type comes from the position, a missing or wrong one is ignored (4.C.1, 4.C.2);
* the ordered unit's coast comes from the position (4.B.5);
* an army destination loses its coast, an unknown coast is dropped (4.B.6, 6.B.12);
* a fleet destination gets its coast when only one is reachable (4.B.2 with
  :attr:`Rules.coasts` lenient); with two reachable, or under strict coasts, a missing coast is
  illegal (4.B.1, 6.B.1);
* a supported fleet move without a coast gets the coast when only one is reachable, otherwise it
  stays coastless and matches a move to either coast (4.B.4, 6.B.7, 6.B.8, 6.B.15);
* an explicit convoy path (``A LON - NTH - NWY``) becomes plain *via convoy* unless
  :attr:`Rules.convoy_path` enforces it (4.A.6).

>>> from adjudicator.gamemap import load_map
>>> from adjudicator.position import Position
>>> from adjudicator.rules import Rules
>>> m = load_map("standard")
>>> p = Position.initial(m)
>>> check_order(p, "England", Move(None, Location("LVP"), Location("IRI")), m, Rules())
Illegality(code=<IllegalCode.ARMY_TO_SEA: 'army-to-sea'>, message="an army cannot enter the sea province IRI in 'LVP - IRI'")
>>> str(check_order(p, "Russia", Move(None, Location("SEV"), Location("RUM")), m, Rules()).normalised)
'F SEV - RUM'
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from adjudicator import convoys
from adjudicator.gamemap import GameMap, ProvinceType
from adjudicator.legality_fast import Shortcuts, WinterShortcuts
from adjudicator.maptables import tables
from adjudicator.model import (
    ORDERS_BY_PHASE,
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitOrder,
    UnitType,
    Waive,
)
from adjudicator.outcomes import Dislodgement, OrderResult, Outcome, Reason
from adjudicator.phases import adjustment_counts
from adjudicator.position import Position
from adjudicator.rules import AdjacentConvoy, CoastRule, ConvoyPath, MultipleOrders, Rules

__all__ = [
    "CheckedOrders",
    "Checker",
    "IllegalCode",
    "Illegality",
    "Normalised",
    "check_order",
    "check_orders",
    "retreat_options",
]


class IllegalCode(StrEnum):
    """Why an order is illegal; the values are stable and appear in reports and JSON.

    ``docs/illegal-orders.md`` gives an example of each.
    """

    # --- any phase
    WRONG_PHASE = "wrong-phase"
    """An order of a kind that does not belong to the phase (a support in a retreat phase)."""
    UNKNOWN_PROVINCE = "unknown-province"
    """The order names a province that is not on the map."""
    NO_UNIT = "no-unit"
    """No unit stands where the order says (in a retreat phase: no dislodged unit)."""
    FOREIGN_UNIT = "foreign-unit"
    """The unit belongs to another power (6.A.6)."""
    DUPLICATE_ORDER = "duplicate-order"
    """Another, different legal order was given to the same unit (4.D.3)."""
    # --- moves and retreats
    MOVE_TO_SELF = "move-to-self"
    """A move or retreat to the unit's own province (6.A.4, 6.A.5)."""
    NOT_ADJACENT = "not-adjacent"
    """The destination is not a neighbour and no convoy could help (6.A.1, 6.A.9, 6.B.11)."""
    NO_CONVOY_ROUTE = "no-convoy-route"
    """An army move that needs a convoy, with no chain of fleets at sea to carry it (6.D.32)."""
    BAD_CONVOY_PATH = "bad-convoy-path"
    """An explicit convoy path that is no route, when paths are enforced (4.A.6 b)."""
    ARMY_TO_SEA = "army-to-sea"
    """An army ordered into a sea province (6.A.2)."""
    FLEET_INLAND = "fleet-inland"
    """A fleet ordered to, or built in, an inland province (6.A.3, 6.I.2)."""
    IMPASSABLE = "impassable"
    """A province no unit may enter (Switzerland)."""
    UNREACHABLE_COAST = "unreachable-coast"
    """A fleet names a coast it cannot reach, though another coast is reachable (6.B.3)."""
    MISSING_COAST = "missing-coast"
    """A fleet move, retreat or build that must name a coast and does not (6.B.1, 6.B.14)."""
    # --- supports
    SUPPORT_SELF = "support-self"
    """A unit supporting itself, to hold or to move (6.A.8)."""
    SUPPORT_OWN_PROVINCE = "support-own-province"
    """A support into the supporter's own province (6.D.34)."""
    SUPPORT_NO_UNIT = "support-no-unit"
    """A support of a unit that is not there: it can never match an order."""
    SUPPORT_UNREACHABLE = "support-unreachable"
    """The supporter cannot itself move into the province it supports into (6.A.10, 6.B.5)."""
    SUPPORT_IMPOSSIBLE_MOVE = "support-impossible-move"
    """The supported move could never be legal (6.D.22-24, 6.A.5)."""
    SUPPORT_OWN_CONVOY = "support-own-convoy"
    """The supported move needs a convoy that only the supporter could give (6.D.31)."""
    # --- convoys
    CONVOY_NOT_AT_SEA = "convoy-not-at-sea"
    """A convoy by a fleet on a coast, or by an army (6.F.1)."""
    CONVOY_NO_UNIT = "convoy-no-unit"
    """A convoy of an army that is not there."""
    CONVOY_OF_FLEET = "convoy-of-fleet"
    """A convoy of a fleet, or a fleet ordered to move via convoy (6.A.7)."""
    CONVOY_IMPOSSIBLE = "convoy-impossible"
    """No route through this fleet could carry the army there (6.A.5, 6.F.1)."""
    CONVOY_UNNECESSARY = "convoy-unnecessary"
    """The fleet lies only on routes with a shortcut, so it is never needed (6.G.19)."""
    # --- retreats
    NOT_DISLODGED = "not-dislodged"
    """A retreat or disband order for a unit that was not dislodged."""
    RETREAT_ATTACKER_ORIGIN = "retreat-attacker-origin"
    """A retreat into the province the attack came from (6.H.5; not after a convoy, 6.H.11)."""
    RETREAT_OCCUPIED = "retreat-occupied"
    """A retreat into an occupied province (6.H.3)."""
    RETREAT_STANDOFF = "retreat-standoff"
    """A retreat into a province left empty by a standoff (6.H.6, 6.H.16)."""
    # --- adjustments
    NO_BUILDS = "no-builds"
    """A build or waive by a power that has no builds this winter."""
    NO_REMOVALS = "no-removals"
    """A removal by a power that owes none."""
    BUILD_NOT_HOME = "build-not-home"
    """A build outside the power's home centres (6.I.6)."""
    BUILD_NOT_OWNED = "build-not-owned"
    """A build in a home centre the power no longer owns (6.I.5)."""
    BUILD_OCCUPIED = "build-occupied"
    """A build in an occupied centre, on either coast (6.I.3, 6.I.4)."""
    BUILD_SAME_PROVINCE = "build-same-province"
    """A second build in a province an earlier build order already uses (6.I.7)."""
    BUILD_MISSING_TYPE = "build-missing-type"
    """A build without unit type on a coast that names no coast (4.C.3 c)."""


@dataclass(frozen=True, slots=True)
class Illegality:
    """An illegal order's code and message."""

    code: IllegalCode
    message: str

    def result(self, power: str, order: Order) -> OrderResult:
        """The ``ILLEGAL`` result reporting this for ``order``."""
        return OrderResult(
            power, order, Outcome.ILLEGAL, Reason.ILLEGAL, code=str(self.code), message=self.message
        )


@dataclass(frozen=True, slots=True)
class Normalised:
    """A legal order: who gave it, as given, and in the normalised form the resolver reads."""

    power: str
    order: Order
    normalised: Order


class CheckedOrders:
    """Every order of a phase, split into the legal ones (one per unit) and the rejected ones.

    Immutable by convention. Not a dataclass: outside winter :attr:`sequence` is built on first
    use from :attr:`valid` (``from_valid``), because only adjustment phases read it and a
    movement phase would otherwise pay for one :class:`Normalised` object per order.
    """

    __slots__ = ("_from_valid", "_sequence", "results", "valid")

    def __init__(
        self,
        valid: dict[str, tuple[str, Order, Order]] | None = None,
        results: list[OrderResult] | None = None,
        sequence: list[Normalised] | None = None,
        *,
        from_valid: bool = False,
    ) -> None:
        self.valid: dict[str, tuple[str, Order, Order]] = {} if valid is None else valid
        """Province of the ordered unit (of the build, in a winter) -> (power, order as given,
        normalised order). In the order first given."""
        self.results: list[OrderResult] = [] if results is None else results
        """``ILLEGAL`` results for illegal, duplicate and wrong-phase orders, in the order
        given."""
        self._sequence = sequence
        self._from_valid = from_valid

    @property
    def sequence(self) -> list[Normalised]:
        """Every kept legal order (waives too), power by power in the order given: the order in
        which surplus builds and removals are discarded (4.D.4, 4.D.6)."""
        if self._sequence is None:
            entries = self.valid.values() if self._from_valid else ()
            self._sequence = [Normalised(p, o, n) for p, o, n in entries]
        return self._sequence

    @property
    def waives(self) -> list[tuple[str, Waive]]:
        """(power, waive) for each legal waive, in order."""
        return [(n.power, n.order) for n in self.sequence if isinstance(n.order, Waive)]

    def __repr__(self) -> str:
        return (
            f"CheckedOrders(valid={self.valid!r}, results={self.results!r}, "
            f"sequence={self.sequence!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheckedOrders):
            return NotImplemented
        return (self.valid, self.results, self.sequence) == (
            other.valid,
            other.results,
            other.sequence,
        )

    __hash__ = None  # type: ignore[assignment]


def check_order(
    position: Position, power: str, order: Order, game_map: GameMap, rules: Rules
) -> Normalised | Illegality:
    """Check one order of ``power`` on its own (no duplicate check)."""
    return Checker(position, game_map, rules).check(power, order)


def check_orders(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    game_map: GameMap,
    rules: Rules,
) -> CheckedOrders:
    """Check every order (power -> orders, in the order written) and keep one per unit.

    Several different legal orders for one unit are all dropped under
    :attr:`MultipleOrders.DROP_ALL` (4.D.3 c) or the last one counts under ``LAST_WINS``;
    orders equal after normalisation count once (6.J.2). An illegal order never competes with a
    legal one (4.E.1, 6.D.31). In a winter, the first legal build in a province counts (6.I.7).
    """
    checker = Checker(position, game_map, rules)
    if position.phase.type is not PhaseType.ADJUSTMENT:
        checked = _one_each(checker, orders)
        if checked is not None:
            return checked
    rejected: list[tuple[int, OrderResult]] = []
    legal: list[tuple[int, Normalised]] = []
    ordered: set[str] = set()
    repeated = False
    index = 0
    for power, given in orders.items():
        for order in given:
            verdict = checker.verdict(power, order)
            if isinstance(verdict, Illegality):
                rejected.append((index, verdict.result(power, order)))
            else:
                legal.append((index, Normalised(power, order, verdict)))
                if not isinstance(verdict, Waive):
                    repeated = repeated or verdict.location.province in ordered
                    ordered.add(verdict.location.province)
            index += 1
    kept, dropped = _one_per_unit(legal, rules, position.phase.type) if repeated else (legal, [])
    rejected.extend(dropped)
    valid: dict[str, tuple[str, Order, Order]] = {}
    for _, n in kept:
        if not isinstance(n.normalised, Waive):
            valid[n.normalised.location.province] = (n.power, n.order, n.normalised)
    return CheckedOrders(
        valid=valid,
        results=[r for _, r in sorted(rejected, key=lambda pair: pair[0])],
        sequence=[n for _, n in sorted(kept, key=lambda pair: pair[0])],
    )


def _one_each(checker: Checker, orders: Mapping[str, Sequence[Order]]) -> CheckedOrders | None:
    """The usual case outside winter: at most one legal order per unit, so nothing is dropped
    and both lists are in the order given. ``None`` when some unit has two legal orders, which
    takes the full bookkeeping of :func:`check_orders` (checking again is cheap and pure)."""
    rejected: list[OrderResult] = []
    valid: dict[str, tuple[str, Order, Order]] = {}
    for power, given in orders.items():
        for order in given:
            verdict = checker.verdict(power, order)
            if isinstance(verdict, Illegality):
                rejected.append(verdict.result(power, order))
                continue
            if isinstance(verdict, Waive):
                return None  # never legal outside winter; the general path says so
            province = verdict.location.province
            if province in valid:
                return None
            valid[province] = (power, order, verdict)
    return CheckedOrders(valid, rejected, from_valid=True)


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
    return tuple(
        loc
        for loc in tables(game_map).neighbours(unit.type, unit.location)
        if loc.province not in occupied
        and loc.province not in standoffs
        and loc.province != attacked_from
    )


# --------------------------------------------------------------------------- duplicates
def _one_per_unit(
    legal: list[tuple[int, Normalised]], rules: Rules, phase: PhaseType
) -> tuple[list[tuple[int, Normalised]], list[tuple[int, OrderResult]]]:
    groups: dict[str, list[tuple[int, Normalised]]] = {}
    kept: list[tuple[int, Normalised]] = []
    for index, n in legal:
        if isinstance(n.normalised, Waive):
            kept.append((index, n))
        else:
            groups.setdefault(n.normalised.location.province, []).append((index, n))
    dropped: list[tuple[int, OrderResult]] = []
    for group in groups.values():
        distinct: list[tuple[int, Normalised]] = []
        for index, n in group:
            if all(n.normalised != other.normalised for _, other in distinct):
                distinct.append((index, n))
        if len(distinct) == 1:
            kept.append(distinct[0])
        elif phase is PhaseType.ADJUSTMENT:
            kept.append(distinct[0])
            dropped.extend((i, _later_build(n, distinct[0][1])) for i, n in distinct[1:])
        elif rules.multiple_orders is MultipleOrders.LAST_WINS:
            kept.append(distinct[-1])
            dropped.extend((i, _replaced(n, distinct[-1][1])) for i, n in distinct[:-1])
        else:
            dropped.extend((i, _all_dropped(n, distinct)) for i, n in distinct)
    return kept, dropped


def _all_dropped(n: Normalised, distinct: list[tuple[int, Normalised]]) -> OrderResult:
    others = "; ".join(f"'{o.order}'" for _, o in distinct if o is not n)
    message = f"the unit also has the order {others}, so all its orders are dropped, in '{n.order}'"
    return Illegality(IllegalCode.DUPLICATE_ORDER, message).result(n.power, n.order)


def _replaced(n: Normalised, last: Normalised) -> OrderResult:
    message = f"replaced by the later order '{last.order}', in '{n.order}'"
    return Illegality(IllegalCode.DUPLICATE_ORDER, message).result(n.power, n.order)


def _later_build(n: Normalised, first: Normalised) -> OrderResult:
    message = f"the earlier order '{first.order}' already builds there, in '{n.order}'"
    return Illegality(IllegalCode.BUILD_SAME_PROVINCE, message).result(n.power, n.order)


# --------------------------------------------------------------------------- checks
class Checker(Shortcuts, WinterShortcuts):
    """The checks of one phase's orders, one at a time (:meth:`verdict`); holds what every
    check of that phase looks up.

    ``units``, when given, must be the position's units keyed by province (the movement
    adjudicator, which checks and indexes the orders in one pass, shares its own).
    """

    def __init__(
        self,
        position: Position,
        game_map: GameMap,
        rules: Rules,
        units: dict[str, Unit] | None = None,
    ) -> None:
        self.position = position
        self.map = game_map
        self.rules = rules
        self.tables = tables(game_map)
        if units is None:
            units = dict(zip(map(_PROVINCE, position.units), position.units, strict=True))
        self.units = units
        # The shortcuts (adjudicator.legality_fast) assume every unit stands on a known
        # province, so that an order naming a unit's province never needs that check.
        self.fast = position.phase.type is PhaseType.MOVEMENT and self.tables.known.issuperset(
            self.units
        )
        self.retreating = position.phase.type is PhaseType.RETREAT
        self.winter = position.phase.type is PhaseType.ADJUSTMENT
        self._counts: dict[str, int] | None = None

    @property
    def counts(self) -> dict[str, int]:
        if self._counts is None:
            self._counts = adjustment_counts(self.position.supply_centers, self.position.units)
        return self._counts

    def check(self, power: str, order: Order) -> Normalised | Illegality:
        verdict = self.verdict(power, order)
        if isinstance(verdict, Illegality):
            return verdict
        return Normalised(power, order, verdict)

    def verdict(self, power: str, order: Order) -> Order | Illegality:
        """The normalised order, or why ``order`` is illegal."""
        if self.fast:
            normalised = self.shortcut(power, order)
            if normalised is not None:
                return normalised
        elif self.retreating and isinstance(order, Retreat):
            normalised = self._fast_retreat(power, order)
            if normalised is not None:
                return normalised
        elif self.winter:
            winter = self.winter_shortcut(power, order)
            if winter is not None:
                return winter
        return self.general_verdict(power, order)

    def general_verdict(self, power: str, order: Order) -> Order | Illegality:
        """:meth:`verdict` by the general checks, which explain what is wrong (no
        shortcuts)."""
        phase = self.position.phase.type
        if not isinstance(order, ORDERS_BY_PHASE[phase]):
            return _bad(IllegalCode.WRONG_PHASE, f"not an order of a {_PHASE_WORDS[phase]}", order)
        unknown = self._unknown_province(order)
        if unknown is not None:
            return _bad(IllegalCode.UNKNOWN_PROVINCE, f"unknown province '{unknown}'", order)
        match order:
            case Waive():
                return self._waive(power, order)
            case Build():
                return self._build(power, order)
            case Disband() if phase is PhaseType.ADJUSTMENT:
                return self._removal(power, order)
            case Retreat() | Disband():
                return self._retreat_phase(power, order)
            case Hold() | Move() | Support() | Convoy():
                return self._movement(power, order)

    # ----------------------------------------------------------------- retreat shortcut
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

    def _unknown_province(self, order: Order) -> str | None:
        match order:
            case Waive():
                places: tuple[str, ...] = ()
            case Move():
                places = (order.location.province, order.destination.province, *order.path)
            case Support():
                dest = () if order.destination is None else (order.destination.province,)
                places = (order.location.province, order.target.province, *dest)
            case Convoy():
                places = (order.location.province, order.army.province, order.destination.province)
            case Retreat():
                places = (order.location.province, order.destination.province)
            case _:
                places = (order.location.province,)
        return next((p for p in places if p not in self.map.provinces), None)

    # ----------------------------------------------------------------- movement
    def _own_unit(
        self, power: str, order: Hold | Move | Support | Convoy | Disband, unit: Unit | None
    ) -> Unit | Illegality:
        if unit is None:
            where = order.location.province
            return _bad(IllegalCode.NO_UNIT, f"there is no unit in {where}", order)
        if unit.power != power:
            return _bad(
                IllegalCode.FOREIGN_UNIT,
                f"the unit {unit} belongs to {unit.power}, not {power}",
                order,
            )
        return unit

    def _movement(self, power: str, order: Hold | Move | Support | Convoy) -> Order | Illegality:
        unit = self._own_unit(power, order, self.units.get(order.location.province))
        if isinstance(unit, Illegality):
            return unit
        match order:
            case Hold():
                return Hold(unit.type, unit.location)
            case Move():
                return self._move(unit, order)
            case Support():
                return self._support(unit, order)
            case Convoy():
                return self._convoy(unit, order)

    def _move(self, unit: Unit, order: Move) -> Order | Illegality:
        wants_convoy = order.via_convoy or bool(order.path)
        if unit.type is UnitType.FLEET and wants_convoy:
            return _bad(IllegalCode.CONVOY_OF_FLEET, "a fleet cannot be convoyed", order)
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
        rules let the army fall back to the land route (4.A.3 fallback and 1971 choices)."""
        if order.path and self.rules.convoy_path is ConvoyPath.ENFORCE:
            fleets_there = all(p in self.fleets_at_sea for p in order.path)
            if not (
                fleets_there
                and convoys.is_route(self.map, unit.province, target.province, order.path)
            ):
                path = " - ".join(order.path)
                return _bad(IllegalCode.BAD_CONVOY_PATH, f"no chain of fleets along {path}", order)
            return None
        fallback = self.rules.adjacent_convoy in (AdjacentConvoy.FALLBACK, AdjacentConvoy.Y1971)
        if fallback and self.map.adjacent(unit.location, target, UnitType.ARMY):
            return None
        if convoys.route_exists(self.map, unit.province, target.province, self.fleets_at_sea):
            return None
        return _bad(
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
            return _bad(IllegalCode.MOVE_TO_SELF, "a unit cannot move to its own province", order)
        province = self.map.province(dest.province)
        if province.type is ProvinceType.IMPASSABLE:
            return _bad(IllegalCode.IMPASSABLE, f"no unit may enter {dest.province}", order)
        if unit.type is UnitType.ARMY:
            return self._army_target(unit, dest.bare, order, convoy=convoy, without=without)
        return self._fleet_target(unit, dest, order, for_support=for_support)

    def _fleet_target(
        self, unit: Unit, dest: Location, order: Order, *, for_support: bool
    ) -> Location | Illegality | None:
        province = self.map.province(dest.province)
        if province.type is ProvinceType.LAND:
            return _bad(
                IllegalCode.FLEET_INLAND,
                f"a fleet cannot enter the inland province {dest.province}",
                order,
            )
        reachable = self.map.fleet_targets(unit.location, dest.province)
        if not reachable:
            return _bad(
                IllegalCode.NOT_ADJACENT, f"the unit {unit} cannot reach {dest.province}", order
            )
        if not province.coasts:
            return reachable[0]
        if dest.coast in province.coasts:
            if dest in reachable:
                return dest
            return _bad(
                IllegalCode.UNREACHABLE_COAST,
                f"the unit {unit} cannot reach the coast {dest}",
                order,
            )
        if len(reachable) == 1 and (for_support or self.rules.coasts is CoastRule.LENIENT):
            return reachable[0]
        if for_support:
            return None
        choices = " or ".join(str(loc) for loc in reachable)
        return _bad(IllegalCode.MISSING_COAST, f"the coast must be named: {choices}", order)

    def _army_target(
        self, unit: Unit, dest: Location, order: Order, *, convoy: bool, without: str | None
    ) -> Location | Illegality:
        if self.map.is_sea(dest.province):
            return _bad(
                IllegalCode.ARMY_TO_SEA,
                f"an army cannot enter the sea province {dest.province}",
                order,
            )
        if self.map.adjacent(unit.location, dest, UnitType.ARMY):
            return dest
        reach = convoys.convoy_coasts(self.map)
        if not convoy or unit.province not in reach or dest.province not in reach:
            return _bad(
                IllegalCode.NOT_ADJACENT, f"the unit {unit} cannot reach {dest.province}", order
            )
        fleets = self.fleets_at_sea - {without} if without else self.fleets_at_sea
        if convoys.route_exists(self.map, unit.province, dest.province, fleets):
            return dest
        if without and convoys.route_exists(
            self.map, unit.province, dest.province, self.fleets_at_sea
        ):
            return _bad(
                IllegalCode.SUPPORT_OWN_CONVOY,
                f"the only convoy to {dest.province} would be the supporter itself",
                order,
            )
        return _bad(
            IllegalCode.NO_CONVOY_ROUTE,
            f"no fleets at sea could convoy it to {dest.province}",
            order,
        )

    def _support(self, unit: Unit, order: Support) -> Order | Illegality:
        if order.target.province == unit.province:
            return _bad(IllegalCode.SUPPORT_SELF, "a unit cannot support itself", order)
        dest = order.destination
        if dest is not None and dest.province == unit.province:
            return _bad(
                IllegalCode.SUPPORT_OWN_PROVINCE,
                "a unit cannot support into its own province",
                order,
            )
        supported = self.units.get(order.target.province)
        if supported is None:
            return _bad(
                IllegalCode.SUPPORT_NO_UNIT,
                f"there is no unit in {order.target.province} to support",
                order,
            )
        area = order.target.province if dest is None else dest.province
        if area not in self.map.reachable_provinces(unit.location, unit.type):
            return _bad(
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
            reason = target.message.removesuffix(f" in '{order}'")
            return _bad(
                IllegalCode.SUPPORT_IMPOSSIBLE_MOVE,
                f"the supported move is impossible ({reason})",
                order,
            )
        where = target if target is not None else dest.bare
        return Support(unit.type, unit.location, supported.type, supported.location, where)

    def _convoy(self, unit: Unit, order: Convoy) -> Order | Illegality:
        if unit.type is UnitType.ARMY:
            return _bad(IllegalCode.CONVOY_NOT_AT_SEA, "only fleets can convoy", order)
        if unit.province not in self.fleets_at_sea:
            return _bad(IllegalCode.CONVOY_NOT_AT_SEA, f"the fleet {unit} is not at sea", order)
        army = self.units.get(order.army.province)
        if army is None:
            return _bad(
                IllegalCode.CONVOY_NO_UNIT, f"there is no army in {order.army.province}", order
            )
        if army.type is UnitType.FLEET:
            return _bad(IllegalCode.CONVOY_OF_FLEET, "a fleet cannot be convoyed", order)
        origin, dest = army.province, order.destination.province
        reach = convoys.convoy_coasts(self.map)
        if origin == dest or origin not in reach or dest not in reach:
            return _bad(
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
            return _bad(
                IllegalCode.CONVOY_UNNECESSARY,
                f"every route through {unit.province} has a shortcut, so it is never needed",
                order,
            )
        return _bad(
            IllegalCode.CONVOY_IMPOSSIBLE,
            f"no convoy route from {origin} to {dest} passes {unit.province}",
            order,
        )

    # ----------------------------------------------------------------- retreats
    def _dislodged(self, power: str, order: Retreat | Disband) -> Dislodgement | Illegality:
        province = order.location.province
        found = next((d for d in self.position.dislodged if d.unit.province == province), None)
        standing = self.units.get(province)
        if found is None or (found.unit.power != power and standing and standing.power == power):
            # The power's own unit there is the attacker, which stays put.
            if standing is not None:
                return _bad(
                    IllegalCode.NOT_DISLODGED, f"the unit {standing} was not dislodged", order
                )
            return _bad(IllegalCode.NO_UNIT, f"there is no dislodged unit in {province}", order)
        if found.unit.power != power:
            unit = found.unit
            return _bad(
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
        if isinstance(order, Disband):
            return Disband(unit.type, unit.location)
        target = self._target(unit, order.destination, order, convoy=False, for_support=False)
        if isinstance(target, Illegality) or target is None:
            return target or _bad(IllegalCode.MISSING_COAST, "the coast must be named", order)
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
            return _bad(IllegalCode.RETREAT_OCCUPIED, f"the province {pid} is occupied", order)
        if pid in self.position.standoffs:
            return _bad(
                IllegalCode.RETREAT_STANDOFF,
                f"the province {pid} was left empty by a standoff",
                order,
            )
        return _bad(IllegalCode.RETREAT_ATTACKER_ORIGIN, f"the attack came from {pid}", order)

    # ----------------------------------------------------------------- adjustments
    def _waive(self, power: str, order: Waive) -> Order | Illegality:
        if self.counts.get(power, 0) <= 0:
            return _bad(IllegalCode.NO_BUILDS, f"the power {power} has no builds", order)
        return order

    def _build(self, power: str, order: Build) -> Order | Illegality:
        pid = order.location.province
        province = self.map.province(pid)
        if self.counts.get(power, 0) <= 0:
            return _bad(IllegalCode.NO_BUILDS, f"the power {power} has no builds", order)
        if province.home != power:
            return _bad(
                IllegalCode.BUILD_NOT_HOME,
                f"the province {pid} is not a home centre of {power}",
                order,
            )
        if self.position.owner(pid) != power:
            return _bad(IllegalCode.BUILD_NOT_OWNED, f"the power {power} does not own {pid}", order)
        if pid in self.units:
            return _bad(
                IllegalCode.BUILD_OCCUPIED,
                f"the province {pid} is occupied by {self.units[pid]}",
                order,
            )
        coast = order.location.coast if order.location.coast in province.coasts else None
        unit_type = order.unit_type or _build_type(province.type, coast)
        if unit_type is None:
            return _bad(
                IllegalCode.BUILD_MISSING_TYPE,
                f"say whether to build an army or a fleet in {pid}",
                order,
            )
        if unit_type is UnitType.ARMY:
            return Build(unit_type, Location(pid))
        if province.type is not ProvinceType.COAST:
            return _bad(
                IllegalCode.FLEET_INLAND,
                f"a fleet cannot be built in the inland province {pid}",
                order,
            )
        if province.coasts and coast is None:
            choices = " or ".join(f"{pid}/{c}" for c in province.coasts)
            return _bad(IllegalCode.MISSING_COAST, f"the coast must be named: {choices}", order)
        return Build(unit_type, Location(pid, coast))

    def _removal(self, power: str, order: Disband) -> Order | Illegality:
        unit = self._own_unit(power, order, self.units.get(order.location.province))
        if isinstance(unit, Illegality):
            return unit
        if self.counts.get(power, 0) >= 0:
            return _bad(IllegalCode.NO_REMOVALS, f"the power {power} owes no removals", order)
        return Disband(unit.type, unit.location)


_PHASE_WORDS = {
    PhaseType.MOVEMENT: "movement phase",
    PhaseType.RETREAT: "retreat phase",
    PhaseType.ADJUSTMENT: "build phase",
}


def _build_type(kind: ProvinceType, coast: str | None) -> UnitType | None:
    """DATC 4.C.3 c: a build without unit type is an army inland, a fleet where a coast is
    named, and unclear on a coast without one."""
    if kind is ProvinceType.LAND:
        return UnitType.ARMY
    return UnitType.FLEET if coast is not None else None


_PROVINCE = attrgetter("location.province")


def _bad(code: IllegalCode, reason: str, order: Order) -> Illegality:
    return Illegality(code, f"{reason} in '{order}'")
