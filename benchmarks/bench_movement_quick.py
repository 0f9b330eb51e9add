"""Time the movement resolver on random legal 34-unit phases (seeded); print the median.

Run: ``python benchmarks/bench_movement_quick.py [--phases N] [--units N] [--seed N]``.

Two figures: the resolver alone
(:func:`adjudicator.adjudication.movement.phase.adjudicate_movement` on orders the legality checks
already passed, which is what the resolver owns) and the whole public
:func:`adjudicator.adjudication.engine.adjudicate` (legality checks included), both from Python
objects to an :class:`~adjudicator.state.outcomes.Adjudication`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Mapping, Sequence

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import check_orders
from adjudicator.adjudication.movement.phase import adjudicate_movement
from adjudicator.base.model import (
    Convoy,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseType,
    Season,
    Support,
    Unit,
    UnitType,
)
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.state.position import Position


def random_position(game_map: GameMap, rng: random.Random, count: int) -> Position:
    """``count`` units of random powers on distinct random provinces."""
    powers = sorted(game_map.powers)
    provinces = sorted(game_map.provinces)
    rng.shuffle(provinces)
    units: list[Unit] = []
    for pid in provinces:
        if len(units) == count:
            break
        kinds = [t for t in UnitType if game_map.locations(pid, t)]
        if not kinds:
            continue
        kind = rng.choice(kinds)
        location = rng.choice(game_map.locations(pid, kind))
        units.append(Unit(rng.choice(powers), kind, location))
    phase = Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
    return Position(game_map.name, phase, tuple(units), supply_centers={})


def _move_targets(game_map: GameMap, unit: Unit) -> list[Location]:
    return sorted(game_map.neighbours(unit.location, unit.type))


def random_orders(
    game_map: GameMap, position: Position, rng: random.Random
) -> dict[str, list[Order]]:
    """One plausible order per unit: mostly moves and supports, some holds and convoys.

    Moves go to neighbours; supports back a neighbour's hold or a neighbour's move chosen
    first; fleets at sea convoy an army next to them. Orders the legality check rejects are
    simply dropped by the engine, like any illegal order.
    """
    by_province = {u.province: u for u in position.units}
    moves: dict[str, Location] = {}
    orders: dict[str, Order] = {}
    for unit in position.units:
        roll = rng.random()
        targets = _move_targets(game_map, unit)
        if roll < 0.55 and targets:
            dest = rng.choice(targets)
            moves[unit.province] = dest
            orders[unit.province] = Move(unit.type, unit.location, dest)
    for unit in position.units:
        if unit.province in orders:
            continue
        orders[unit.province] = _support_or_convoy(game_map, unit, by_province, moves, rng)
    out: dict[str, list[Order]] = {}
    for unit in position.units:
        out.setdefault(unit.power, []).append(orders[unit.province])
    return out


def _support_or_convoy(
    game_map: GameMap,
    unit: Unit,
    by_province: Mapping[str, Unit],
    moves: Mapping[str, Location],
    rng: random.Random,
) -> Order:
    reach = game_map.reachable_provinces(unit.location, unit.type)
    if unit.type is UnitType.FLEET and game_map.is_sea(unit.province):
        armies = [by_province[p] for p in sorted(reach) if p in by_province]
        armies = [a for a in armies if a.type is UnitType.ARMY]
        if armies and rng.random() < 0.5:
            army = rng.choice(armies)
            coastal = [p for p in sorted(reach) if game_map.is_coastal(p) and p != army.province]
            if coastal:
                dest = Location(rng.choice(coastal))
                return Convoy(unit.type, unit.location, army.location, dest)
    options: list[Order] = []
    for pid, other in sorted(by_province.items()):
        if other is unit:
            continue
        if pid in moves and moves[pid].province in reach and moves[pid].province != unit.province:
            options.append(
                Support(unit.type, unit.location, other.type, other.location, moves[pid])
            )
        elif pid not in moves and pid in reach:
            options.append(Support(unit.type, unit.location, other.type, other.location))
    if options and rng.random() < 0.85:
        return rng.choice(options)
    return Hold(unit.type, unit.location)


def _median_us(samples: Sequence[float]) -> float:
    return statistics.median(samples) * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=500)
    parser.add_argument("--units", type=int, default=34)
    parser.add_argument("--seed", type=int, default=1901)
    parser.add_argument("--repeat", type=int, default=5, help="timings per phase (best kept)")
    args = parser.parse_args(argv)
    game_map = load_map("standard")
    rules = Rules()
    rng = random.Random(args.seed)
    phases = []
    for _ in range(args.phases):
        position = random_position(game_map, rng, args.units)
        orders = random_orders(game_map, position, rng)
        phases.append((position, orders, check_orders(position, orders, game_map, rules)))
    resolver_times: list[float] = []
    engine_times: list[float] = []
    clock = time.perf_counter
    for position, orders, checked in phases:
        best = best_engine = float("inf")
        for _ in range(args.repeat):
            start = clock()
            adjudicate_movement(position, checked, game_map, rules)
            best = min(best, clock() - start)
            start = clock()
            adjudicate(position, orders, rules, game_map=game_map)
            best_engine = min(best_engine, clock() - start)
        resolver_times.append(best)
        engine_times.append(best_engine)
    valid = statistics.mean(len(c.valid) for _, _, c in phases)
    print(
        f"{args.phases} random phases of {args.units} units (seed {args.seed}, "
        f"{valid:.1f} legal orders on average)"
    )
    print(f"resolver (adjudicate_movement): median {_median_us(resolver_times):.1f} us/phase")
    print(f"engine (adjudicate, with legality): median {_median_us(engine_times):.1f} us/phase")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
