"""Property tests (hypothesis): random positions on the standard map with random orders.

Most orders are legal (moves to neighbours, supports of a neighbour's order, convoys by fleets
at sea, convoyed moves one or two seas away); the legality checks drop the rest, as they would
in a game. Whatever the orders:

- no two units end in one province;
- every unit ends where it was, at its move's destination, or among the dislodged;
- a move succeeds exactly when its unit arrives; a hold fails exactly when it is dislodged;
- every unit has a result;
- shuffling the orders, and the order of the powers, gives an identical Adjudication.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import (
    Convoy,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    Support,
    Unit,
    UnitType,
)
from adjudicator.base.rules import AdjacentConvoy, ParadoxRule, Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, Outcome
from adjudicator.state.position import Position

STANDARD = load_map("standard")
POWERS = sorted(STANDARD.powers)
PROVINCES = sorted(p for p in STANDARD.provinces if any(STANDARD.locations(p, t) for t in UnitType))


@functools.cache
def convoy_destinations(province: str) -> tuple[str, ...]:
    """Coastal provinces an army here could reach through one or two seas."""
    game_map: GameMap = STANDARD
    seas = {s for s in game_map.province_neighbours(province) if game_map.is_sea(s)}
    seas |= {t for s in seas for t in game_map.province_neighbours(s) if game_map.is_sea(t)}
    found = {
        c
        for s in seas
        for c in game_map.province_neighbours(s)
        if game_map.is_coastal(c) and c != province
    }
    return tuple(sorted(found))


@functools.cache
def distances(seed: str) -> dict[str, int]:
    return STANDARD.distances_from([seed])


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Up to 34 units crowded around a random province, so that they fight."""
    rnd = draw(st.randoms(use_true_random=False))
    count = draw(st.integers(min_value=2, max_value=34))
    near = distances(draw(st.sampled_from(PROVINCES)))
    chosen = sorted(PROVINCES, key=lambda p: near.get(p, 99) + 2.5 * rnd.random())[:count]
    units = []
    for pid in chosen:
        kind = rnd.choice([t for t in UnitType if STANDARD.locations(pid, t)])
        location = rnd.choice(STANDARD.locations(pid, kind))
        units.append(Unit(rnd.choice(POWERS[: draw(st.integers(2, 7))]), kind, location))
    return Position("standard", Phase.parse("S1901M"), tuple(units), supply_centers={})


def _move(rnd: random.Random, unit: Unit) -> Move | None:
    targets = sorted(STANDARD.neighbours(unit.location, unit.type))
    if unit.type is UnitType.ARMY and rnd.random() < 0.3:
        far = convoy_destinations(unit.province)
        if far:
            dest = Location(rnd.choice(far))
            return Move(unit.type, unit.location, dest, via_convoy=rnd.random() < 0.3)
    if not targets:
        return None
    return Move(unit.type, unit.location, rnd.choice(targets))


def _other(
    rnd: random.Random, unit: Unit, units: Mapping[str, Unit], moves: Mapping[str, Move]
) -> Order:
    reach = STANDARD.reachable_provinces(unit.location, unit.type)
    supports: list[Order] = []
    convoys: list[Order] = []
    for pid, other in units.items():
        move = moves.get(pid)
        if other is unit:
            continue
        if move is not None and move.destination.province in reach:
            supports.append(
                Support(unit.type, unit.location, other.type, other.location, move.destination)
            )
        if pid in reach:
            supports.append(Support(unit.type, unit.location, other.type, other.location))
        if (
            move is not None
            and unit.type is UnitType.FLEET
            and STANDARD.is_sea(unit.province)
            and other.type is UnitType.ARMY
        ):
            convoys.append(Convoy(unit.type, unit.location, other.location, move.destination))
    for options in (convoys, supports):
        if options and rnd.random() < 0.8:
            return rnd.choice(options)
    return Hold(unit.type, unit.location)


@st.composite
def phases(draw: st.DrawFn) -> tuple[Position, dict[str, list[Order]]]:
    position = draw(positions())
    rnd = draw(st.randoms(use_true_random=False))
    units = {u.province: u for u in position.units}
    share = draw(st.sampled_from([0.3, 0.5, 0.7]))
    moves: dict[str, Move] = {}
    for unit in position.units:
        if rnd.random() < share:
            move = _move(rnd, unit)
            if move is not None:
                moves[unit.province] = move
    orders: dict[str, list[Order]] = {}
    for unit in position.units:
        if rnd.random() > 0.95:
            continue  # no order: the unit holds
        order = moves.get(unit.province) or _other(rnd, unit, units, moves)
        orders.setdefault(unit.power, []).append(order)
    return position, orders


RULES = st.builds(
    Rules,
    adjacent_convoy=st.sampled_from(list(AdjacentConvoy)),
    paradox=st.sampled_from(list(ParadoxRule)),
)


def _check_invariants(
    position: Position, orders: dict[str, list[Order]], result: Adjudication
) -> None:
    after = result.next_position.units
    provinces = [u.province for u in after]
    assert len(provinces) == len(set(provinces)), "two units in one province"
    by_order = {id(r.order): r for r in result.results}
    moved: dict[str, Location] = {}
    for power_orders in orders.values():
        for order in power_orders:
            result_of = by_order.get(id(order))
            if (
                isinstance(order, Move)
                and result_of is not None
                and result_of.outcome is Outcome.SUCCEEDS
            ):
                moved[order.location.province] = order.destination
    dislodged = {d.unit.province: d for d in result.dislodged}
    assert len(dislodged) == len(result.dislodged)
    expected = []
    for unit in position.units:
        if unit.province in moved:
            assert unit.province not in dislodged, f"{unit} moved and was dislodged"
            dest = moved[unit.province]
            loc = dest if unit.type is UnitType.FLEET else Location(dest.province)
            expected.append(Unit(unit.power, unit.type, loc))
        elif unit.province in dislodged:
            d = dislodged[unit.province]
            assert d.unit == unit
            assert moved.get(d.attacked_from, Location("")).province == unit.province
        else:
            expected.append(unit)
    assert sorted(expected) == sorted(after), "a unit is not where its results put it"
    covered = {(r.power, getattr(r.order, "location", None)) for r in result.results}
    for unit in position.units:
        assert any(
            power == unit.power and loc is not None and loc.province == unit.province
            for power, loc in covered
        ), f"no result for {unit}"
    for r in result.results:
        if isinstance(r.order, Hold) and r.outcome is not Outcome.ILLEGAL:
            assert (r.outcome is Outcome.FAILS) == (r.order.location.province in dislodged)


@settings(max_examples=200, deadline=None)
@given(phases(), RULES)
def test_every_unit_ends_somewhere_and_alone(
    phase: tuple[Position, dict[str, list[Order]]], rules: Rules
) -> None:
    position, orders = phase
    result = adjudicate(position, orders, rules, game_map=STANDARD)
    _check_invariants(position, orders, result)


@settings(max_examples=100, deadline=None)
@given(phases(), st.randoms(use_true_random=False))
def test_shuffled_orders_give_an_identical_adjudication(
    phase: tuple[Position, dict[str, list[Order]]],
    rnd: random.Random,
) -> None:
    position, orders = phase
    first = adjudicate(position, orders, game_map=STANDARD)
    powers = list(orders)
    rnd.shuffle(powers)
    shuffled = {}
    for power in powers:
        given_orders = list(orders[power])
        rnd.shuffle(given_orders)
        shuffled[power] = given_orders
    assert adjudicate(position, shuffled, game_map=STANDARD) == first


@settings(max_examples=200, deadline=None)
@given(phases(), RULES)
def test_final_decisions_satisfy_their_equations(
    phase: tuple[Position, dict[str, list[Order]]], rules: Rules
) -> None:
    """Every decision the backup rule did not set is consistent with the §5.B equations
    evaluated on the final values (DATC §5.B.9: the one resolution must be taken)."""
    from adjudicator.adjudication.legality.check import check_orders
    from adjudicator.adjudication.movement.equations import Phase

    position, orders = phase
    checked = check_orders(position, orders, STANDARD, rules)
    state = Phase(position, checked.valid, STANDARD, rules)
    state.resolve_all()
    forced = {key for _, values in state.resolver.broken_cycles for key in values}
    for key, value in state.resolved.items():
        if key not in forced:
            assert state.adjudicate(key) == value, key
