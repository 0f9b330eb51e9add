"""Recorded phases for the benchmarks: random positions and random *legal* orders, from a seed.

Every phase is generated once, as our own objects (:class:`Position` and orders), and then
translated into each engine's objects by ``bench_adjudicate.py``. The same seed always gives the
same phases, so figures taken on different days time the same work.

Movement phases hold 20 to 34 units of random powers on random provinces of the standard map
(every fifth phase exactly 34). Each unit moves, holds, supports a move or a stand that was
really ordered, or convoys an army that really moves by convoy; supports and convoys never point
at an order that was not given, so no order is void or illegal. Convoyed moves always say
``VIA`` and go to a province the army could not reach overland, so no engine's reading of the
adjacent-convoy rule (DATC 4.A.3) changes the result.

Retreat phases hold 20 to 34 units and one to four dislodged units, each dislodged by a unit of
another power that now stands in its place, with a standoff or two; the dislodged units retreat
to a legal province (two may pick the same one) or disband.

Adjustment phases hold 15 to 34 units; every occupied centre belongs to its occupier and the
free centres to random powers (or nobody), so some powers build (or waive) and others remove.
Every power orders exactly the builds it can place and the removals it owes, so no rule on civil
disorder is involved.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseType,
    Retreat,
    Season,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.state.position import Position

MIN_UNITS = 20
MAX_UNITS = 34
FULL_BOARD_EVERY = 5
"""Every fifth movement phase (0, 5, 10, ...) has exactly :data:`MAX_UNITS` units."""


@dataclass(frozen=True, slots=True)
class RecordedPhase:
    """One phase to adjudicate: a position and every power's orders, in the order written."""

    label: str
    position: Position
    orders: Mapping[str, tuple[Order, ...]]

    @property
    def unit_count(self) -> int:
        return len(self.position.units) + len(self.position.dislodged)

    @property
    def order_count(self) -> int:
        return sum(len(orders) for orders in self.orders.values())

    def order_lines(self) -> list[str]:
        """``Power: order`` lines, for reports of disagreements."""
        return [f"{power}: {order}" for power, orders in self.orders.items() for order in orders]


# --------------------------------------------------------------------------- positions
def _random_units(
    game_map: GameMap,
    rng: random.Random,
    count: int,
    exclude: frozenset[str] = frozenset(),
    powers: int | None = None,
) -> list[Unit]:
    """``count`` units of random powers on distinct random provinces (any unit a province can
    hold: armies on land, fleets at sea, either on a coast; a random coast where there are
    two)."""
    provinces = sorted(
        pid
        for pid, prov in game_map.provinces.items()
        if prov.type is not ProvinceType.IMPASSABLE and pid not in exclude
    )
    names = sorted(game_map.powers)[:powers]
    units = []
    for pid in rng.sample(provinces, count):
        kinds = [t for t in (UnitType.ARMY, UnitType.FLEET) if game_map.locations(pid, t)]
        unit_type = rng.choice(kinds)
        location = rng.choice(game_map.locations(pid, unit_type))
        units.append(Unit(rng.choice(names), unit_type, location))
    return units


def _by_power(entries: Sequence[tuple[str, Order]]) -> dict[str, tuple[Order, ...]]:
    out: dict[str, list[Order]] = {}
    for power, order in entries:
        out.setdefault(power, []).append(order)
    return {power: tuple(orders) for power, orders in sorted(out.items())}


# --------------------------------------------------------------------------- movement
def movement_phases(
    game_map: GameMap, count: int, seed: int, *, adjacent_convoys: bool = False
) -> list[RecordedPhase]:
    """``count`` movement phases (alternately Spring and Fall) from ``seed``.

    ``adjacent_convoys``: the orders include the convoys DATC 4.A.3 is about (see
    :class:`_AdjacentConvoyOrders`), to compare engines' readings of that rule, and the units
    belong to three powers only, so that armies are often convoyed by fleets of their own power
    (which some readings treat apart); the default phases keep out of it.
    """
    orders_class = _AdjacentConvoyOrders if adjacent_convoys else _MovementOrders
    rng = random.Random(seed)
    phases = []
    for index in range(count):
        size = MAX_UNITS if index % FULL_BOARD_EVERY == 0 else rng.randint(MIN_UNITS, MAX_UNITS)
        season = Season.SPRING if index % 2 == 0 else Season.FALL
        units = _random_units(game_map, rng, size, powers=3 if adjacent_convoys else None)
        position = Position(
            game_map.name,
            Phase(season, 1901 + index // 2, PhaseType.MOVEMENT),
            tuple(units),
            supply_centers=dict(game_map.starting_centers),
        )
        orders = orders_class(game_map, rng, units).orders()
        phases.append(RecordedPhase(f"movement #{index}", position, _by_power(orders)))
    return phases


class _MovementOrders:
    """Random legal movement orders for one position."""

    convoy_share = 0.12
    """The chance that an army on a coast is given a convoyed move, where fleets can carry it."""

    def __init__(self, game_map: GameMap, rng: random.Random, units: Sequence[Unit]) -> None:
        self.map = game_map
        self.rng = rng
        self.units = {u.province: u for u in units}
        self.orders_by_unit: dict[str, Order] = {}

    def orders(self) -> list[tuple[str, Order]]:
        provinces = sorted(self.units)
        self.rng.shuffle(provinces)
        for pid in provinces:
            if pid not in self.orders_by_unit and self.rng.random() < self.convoy_share:
                self._convoy(self.units[pid])
        self._after_convoys(provinces)
        for pid in provinces:
            if pid not in self.orders_by_unit and self.rng.random() < 0.5:
                self._move(self.units[pid])
        for pid in provinces:
            if pid not in self.orders_by_unit:
                self._support_or_hold(self.units[pid])
        return [(self.units[pid].power, self.orders_by_unit[pid]) for pid in sorted(self.units)]

    def _after_convoys(self, provinces: Sequence[str]) -> None:
        """A hook for more orders once the convoys are given (none here)."""

    def _move(self, unit: Unit) -> None:
        targets = sorted(self.map.neighbours(unit.location, unit.type))
        if targets:
            target = self.rng.choice(targets)
            self.orders_by_unit[unit.province] = Move(unit.type, unit.location, target)

    def _convoy(self, army: Unit) -> None:
        """A convoyed move of ``army`` along a shortest chain of unordered fleets at sea, to a
        coastal province it could not reach overland."""
        if army.type is not UnitType.ARMY or not self.map.is_coastal(army.province):
            return
        chains = self._fleet_chains(army.province)
        overland = self.map.reachable_provinces(army.location, UnitType.ARMY)
        landings = sorted(
            {
                pid
                for sea in chains
                for pid in self.map.province_neighbours(sea)
                if self.map.is_coastal(pid) and pid != army.province and pid not in overland
            }
        )
        if not landings:
            return
        destination = self.rng.choice(landings)
        route = min(
            (chains[sea] for sea in chains if destination in self.map.province_neighbours(sea)),
            key=lambda r: (len(r), r),
        )
        self.orders_by_unit[army.province] = Move(
            UnitType.ARMY, army.location, Location(destination), via_convoy=True
        )
        for sea in route:
            fleet = self.units[sea]
            self.orders_by_unit[sea] = Convoy(
                UnitType.FLEET, fleet.location, army.location, Location(destination)
            )

    def _fleet_chains(self, start: str) -> dict[str, tuple[str, ...]]:
        """Sea province -> shortest chain of unordered fleets at sea from ``start`` to it."""
        chains: dict[str, tuple[str, ...]] = {}
        queue: deque[tuple[str, tuple[str, ...]]] = deque([(start, ())])
        while queue:
            here, chain = queue.popleft()
            for pid in sorted(self.map.province_neighbours(here)):
                unit = self.units.get(pid)
                if (
                    pid in chains
                    or unit is None
                    or unit.type is not UnitType.FLEET
                    or not self.map.is_sea(pid)
                    or pid in self.orders_by_unit
                ):
                    continue
                chains[pid] = (*chain, pid)
                queue.append((pid, chains[pid]))
        return chains

    def _support_or_hold(self, unit: Unit) -> None:
        candidates = self._supportable(unit)
        if candidates and self.rng.random() < 0.7:
            target, destination = self.rng.choice(candidates)
            self.orders_by_unit[unit.province] = Support(
                unit.type, unit.location, target.type, target.location, destination
            )
        else:
            self.orders_by_unit[unit.province] = Hold(unit.type, unit.location)

    def _supportable(self, supporter: Unit) -> list[tuple[Unit, Location | None]]:
        """(unit, destination) for every order this unit could support: a move into a province it
        reaches (never its own), or a unit that stays and stands where it reaches. Units not yet
        ordered will stand (they hold or support)."""
        reach = self.map.reachable_provinces(supporter.location, supporter.type)
        found: list[tuple[Unit, Location | None]] = []
        for pid in sorted(self.units):
            if pid == supporter.province:
                continue
            order = self.orders_by_unit.get(pid)
            if isinstance(order, Move):
                goal = order.destination.province
                if goal in reach and goal != supporter.province:
                    found.append((self.units[pid], Location(goal)))
            elif pid in reach:
                found.append((self.units[pid], None))
        return found


class _AdjacentConvoyOrders(_MovementOrders):
    """Random legal movement orders rich in the convoys of DATC 4.A.3: an army may be convoyed
    to a province it could also reach overland, its order says ``VIA`` or not (at random), and
    one fleet of its chain may be left without the convoy order (an incomplete chain; that fleet
    gets another order). Fleets and armies belong to random powers, so convoys by the army's own
    power and by others both occur."""

    convoy_share = 0.35
    incomplete_share = 0.3
    via_share = 0.5

    attack_share = 0.4
    """The chance that a unit next to a convoying fleet attacks it (so that convoys break)."""

    def _after_convoys(self, provinces: Sequence[str]) -> None:
        convoying = {pid for pid, order in self.orders_by_unit.items() if isinstance(order, Convoy)}
        for pid in provinces:
            unit = self.units[pid]
            if pid in self.orders_by_unit or self.rng.random() >= self.attack_share:
                continue
            targets = sorted(
                loc
                for loc in self.map.neighbours(unit.location, unit.type)
                if loc.province in convoying and self.units[loc.province].power != unit.power
            )
            if targets:
                target = self.rng.choice(targets)
                self.orders_by_unit[pid] = Move(unit.type, unit.location, target)
                self._support_attack(unit, target)

    def _support_attack(self, attacker: Unit, target: Location) -> None:
        """Give the attack on a convoying fleet a supporter, where one is free, so that the
        fleet can be dislodged. Never one of the fleet's own power: such a support cannot
        dislodge it (DATC 6.D.12), and the package counts it all the same where convoys are
        concerned (see ``tests/suites/test_package_phases.py``)."""
        owner = self.units[target.province].power
        helpers = [
            helper
            for pid, helper in sorted(self.units.items())
            if pid not in self.orders_by_unit
            and helper.power != owner
            and target.province in self.map.reachable_provinces(helper.location, helper.type)
        ]
        if helpers:
            helper = self.rng.choice(helpers)
            self.orders_by_unit[helper.province] = Support(
                helper.type, helper.location, attacker.type, attacker.location, target.bare
            )

    def _convoy(self, army: Unit) -> None:
        if army.type is not UnitType.ARMY or not self.map.is_coastal(army.province):
            return
        chains = self._fleet_chains(army.province)
        landings = sorted(
            {
                pid
                for sea in chains
                for pid in self.map.province_neighbours(sea)
                if self.map.is_coastal(pid) and pid != army.province
            }
        )
        if not landings:
            return
        destination = self.rng.choice(landings)
        # Any chain that reaches the destination, not only the shortest: longer chains make
        # the incomplete ones that tell the engines' readings of 4.A.3 apart. Only chains with
        # no fleet to spare (none but the last touches the destination): the package refuses
        # a convoy by a fleet that no shortest chain needs.
        route = self.rng.choice(
            sorted(
                chain
                for chain in chains.values()
                if destination in self.map.province_neighbours(chain[-1])
                and not any(destination in self.map.province_neighbours(s) for s in chain[:-1])
            )
        )
        via = self.rng.random() < self.via_share
        self.orders_by_unit[army.province] = Move(
            UnitType.ARMY, army.location, Location(destination), via_convoy=via
        )
        left_out = self.rng.choice(route) if self.rng.random() < self.incomplete_share else None
        for sea in route:
            if sea != left_out:
                fleet = self.units[sea]
                self.orders_by_unit[sea] = Convoy(
                    UnitType.FLEET, fleet.location, army.location, Location(destination)
                )


# --------------------------------------------------------------------------- retreats
def retreat_phases(game_map: GameMap, count: int, seed: int) -> list[RecordedPhase]:
    """``count`` retreat phases (alternately Spring and Fall) from ``seed``."""
    rng = random.Random(seed)
    phases = []
    for index in range(count):
        season = Season.SPRING if index % 2 == 0 else Season.FALL
        phase = Phase(season, 1901 + index // 2, PhaseType.RETREAT)
        position = _retreat_position(game_map, rng, phase)
        orders = _retreat_orders(rng, position)
        phases.append(RecordedPhase(f"retreat #{index}", position, _by_power(orders)))
    return phases


def _retreat_position(game_map: GameMap, rng: random.Random, phase: Phase) -> Position:
    """Units, then some of them dislodged: the attacker (of another power, a type that could
    make the move) stands in the dislodged unit's place and came from an empty neighbour."""
    units = {u.province: u for u in _random_units(game_map, rng, rng.randint(20, 34))}
    wanted = rng.randint(1, 4)
    dislodged: list[Dislodgement] = []
    for pid in rng.sample(sorted(units), len(units)):
        if len(dislodged) >= wanted:
            break
        victim = units[pid]
        used = frozenset(d.attacked_from for d in dislodged)
        attack = _attack_on(game_map, rng, victim, units, used)
        if attack is None:
            continue
        attacker, origin = attack
        units[pid] = attacker
        dislodged.append(Dislodgement(victim, origin))
    empty = sorted(
        pid
        for pid, prov in game_map.provinces.items()
        if prov.type is not ProvinceType.IMPASSABLE
        and pid not in units
        and all(d.attacked_from != pid for d in dislodged)
    )
    standoffs = frozenset(rng.sample(empty, rng.randint(0, 2)))
    # Where each may go, as the movement phase before would have reported it.
    with_options = tuple(
        Dislodgement(
            d.unit,
            d.attacked_from,
            d.by_convoy,
            retreat_options(game_map, d.unit, d.attacked_from, d.by_convoy, units, standoffs),
        )
        for d in dislodged
    )
    return Position(
        game_map.name,
        phase,
        tuple(units.values()),
        with_options,
        standoffs,
        dict(game_map.starting_centers),
    )


def _attack_on(
    game_map: GameMap,
    rng: random.Random,
    victim: Unit,
    units: Mapping[str, Unit],
    used: frozenset[str],
) -> tuple[Unit, str] | None:
    """A unit of another power that could have moved into ``victim``'s place from an empty
    neighbour (not the origin of another attack), and that neighbour."""
    options: list[tuple[Unit, str]] = []
    for unit_type in (UnitType.ARMY, UnitType.FLEET):
        for here in game_map.locations(victim.province, unit_type):
            for there in sorted(game_map.neighbours(here, unit_type)):
                if there.province not in units and there.province not in used:
                    options.append((Unit("", unit_type, here), there.province))
    if not options:
        return None
    shape, origin = rng.choice(options)
    power = rng.choice([p for p in sorted(game_map.powers) if p != victim.power])
    return Unit(power, shape.type, shape.location), origin


def _retreat_orders(rng: random.Random, position: Position) -> list[tuple[str, Order]]:
    orders: list[tuple[str, Order]] = []
    for d in position.dislodged:
        unit = d.unit
        order: Order
        if d.retreats and rng.random() < 0.85:
            order = Retreat(unit.type, unit.location, rng.choice(d.retreats))
        else:
            order = Disband(unit.type, unit.location)
        orders.append((unit.power, order))
    return orders


# --------------------------------------------------------------------------- adjustments
def adjustment_phases(game_map: GameMap, count: int, seed: int) -> list[RecordedPhase]:
    """``count`` winter adjustment phases from ``seed``."""
    rng = random.Random(seed)
    phases = []
    for index in range(count):
        units = _random_units(game_map, rng, rng.randint(15, MAX_UNITS))
        centers = _centres_after_fall(game_map, rng, units)
        position = Position(
            game_map.name,
            Phase(Season.WINTER, 1901 + index, PhaseType.ADJUSTMENT),
            tuple(units),
            supply_centers=centers,
        )
        orders = _adjustment_orders(game_map, rng, position)
        phases.append(RecordedPhase(f"adjustment #{index}", position, _by_power(orders)))
    return phases


def _centres_after_fall(
    game_map: GameMap, rng: random.Random, units: Sequence[Unit]
) -> dict[str, tuple[str, ...]]:
    """Occupied centres belong to the occupier; free ones to a random power, or to nobody."""
    occupier = {u.province: u.power for u in units}
    owned: dict[str, list[str]] = {power: [] for power in sorted(game_map.powers)}
    for pid in sorted(game_map.supply_centers):
        if pid in occupier:
            owned[occupier[pid]].append(pid)
        elif rng.random() < 0.8:
            owned[rng.choice(sorted(game_map.powers))].append(pid)
    return {power: tuple(pids) for power, pids in owned.items()}


def _adjustment_orders(
    game_map: GameMap, rng: random.Random, position: Position
) -> list[tuple[str, Order]]:
    """Each power builds as many units as it may place (sometimes waiving one) or removes
    exactly the units it owes."""
    occupied = {u.province for u in position.units}
    orders: list[tuple[str, Order]] = []
    for power in sorted(game_map.powers):
        owned = position.supply_centers.get(power, ())
        mine = position.units_of(power)
        delta = len(owned) - len(mine)
        if delta < 0:
            for unit in rng.sample(mine, -delta):
                orders.append((power, Disband(unit.type, unit.location)))
            continue
        sites = [h for h in game_map.home_centers(power) if h in owned and h not in occupied]
        for site in rng.sample(sites, min(delta, len(sites))):
            if rng.random() < 0.1:
                orders.append((power, Waive()))
                continue
            kinds = [t for t in (UnitType.ARMY, UnitType.FLEET) if game_map.locations(site, t)]
            unit_type = rng.choice(kinds)
            where = rng.choice(game_map.locations(site, unit_type))
            orders.append((power, Build(unit_type, where)))
    return orders
