"""Property tests (hypothesis): an adjustment phase does not depend on the order of its orders.

Random winter positions on the standard map, with builds, waives and removals, legal and
illegal ones (outside the home centres, in occupied or unowned centres, of foreign units, by a
power with nothing to build or remove) and orders that are no adjustment at all.

The DATC counts a power's surplus builds and removals in the order given (4.D.4 b, 4.D.6 b: the
first legal ones count), so two kinds of shuffle are tested:

- when no power orders more than it may (nor two builds in one province), any shuffle of the
  powers and of each power's orders gives an identical :class:`Adjudication` (results in the same
  order, notes, next position) and an identical report;
- with surplus orders, a shuffle that keeps each power's builds, waives and removals in their
  order (the orders that are not adjustments go anywhere) gives an identical one too.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.phases import adjustment_counts
from adjudicator.base.model import (
    Build,
    Disband,
    Hold,
    Location,
    Order,
    Phase,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.load import load_map
from adjudicator.report.render import render_report
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position
from tests.examples import examples

STANDARD = load_map("standard")
POWERS = sorted(STANDARD.powers)
PLACES = sorted(p for p in STANDARD.provinces if any(STANDARD.locations(p, t) for t in UnitType))
CENTERS = sorted(STANDARD.supply_centers)

Winter = tuple[Position, dict[str, list[Order]]]


@st.composite
def winter_positions(draw: st.DrawFn) -> Position:
    """Units of random powers anywhere they can stand, and centres owned at random (many of
    them home centres, so that builds are legal)."""
    units: list[Unit] = []
    for province in draw(st.lists(st.sampled_from(PLACES), unique=True, max_size=18)):
        unit_type = draw(st.sampled_from([t for t in UnitType if STANDARD.locations(province, t)]))
        location = draw(st.sampled_from(STANDARD.locations(province, unit_type)))
        units.append(Unit(draw(st.sampled_from(POWERS)), unit_type, location))
    owned: dict[str, list[str]] = {power: [] for power in POWERS}
    for center in CENTERS:
        home = STANDARD.provinces[center].home
        owners = [None, *POWERS] if home is None else [home, home, None, *POWERS]
        owner = draw(st.sampled_from(owners))
        if owner is not None:
            owned[owner].append(center)
    centers = {power: tuple(sorted(pids)) for power, pids in owned.items()}
    return Position("standard", Phase.parse("W1901A"), tuple(units), (), frozenset(), centers)


def _build(draw: st.DrawFn, power: str, province: str) -> Build:
    unit_type = draw(st.sampled_from([UnitType.ARMY, UnitType.FLEET, None]))
    coasts = STANDARD.locations(province, UnitType.FLEET) if unit_type is UnitType.FLEET else ()
    location = draw(st.sampled_from(coasts)) if coasts else Location(province)
    return Build(unit_type, location)


@st.composite
def power_orders(draw: st.DrawFn, position: Position, power: str, surplus: bool) -> list[Order]:
    """One power's winter orders. Without ``surplus`` its builds and waives together stay
    within its builds, its removals within those it owes, and its builds are in different
    provinces; with it, anything goes."""
    delta = adjustment_counts(position.supply_centers, position.units).get(power, 0)
    homes = list(STANDARD.home_centers(power))
    sites = st.sampled_from(homes + PLACES)
    orders: list[Order] = []
    builds = draw(st.integers(0, 4 if surplus or delta <= 0 else delta))
    chosen = draw(st.lists(sites, unique=not surplus, min_size=builds, max_size=builds))
    for province in chosen:
        orders.append(Waive() if draw(st.booleans()) else _build(draw, power, province))
    removals = draw(st.integers(0, 4 if surplus or delta >= 0 else -delta))
    own = [u.province for u in position.units_of(power)]
    targets = st.sampled_from(own + PLACES) if own else st.sampled_from(PLACES)
    for province in draw(st.lists(targets, unique=True, min_size=removals, max_size=removals)):
        unit_type = draw(st.sampled_from(list(UnitType)))
        orders.append(Disband(unit_type, Location(province)))
    for province in draw(st.lists(st.sampled_from(PLACES), max_size=2)):
        orders.append(Hold(UnitType.ARMY, Location(province)))  # no adjustment: illegal
    return draw(st.permutations(orders))


@st.composite
def winters(draw: st.DrawFn, *, surplus: bool = False) -> Winter:
    position = draw(winter_positions())
    powers = draw(st.lists(st.sampled_from(POWERS), unique=True))
    return position, {p: draw(power_orders(position, p, surplus)) for p in powers}


def _report(adjudication: Adjudication) -> tuple[str, str, str]:
    return (
        render_report(adjudication, STANDARD),
        render_report(adjudication, STANDARD, lang="de"),
        render_report(adjudication, STANDARD, fmt="json"),
    )


def _shuffled_powers(orders: dict[str, list[Order]], rnd: random.Random) -> list[str]:
    powers = list(orders)
    rnd.shuffle(powers)
    return powers


@settings(max_examples=examples(150), deadline=None)
@given(winters(), st.randoms(use_true_random=False))
def test_shuffled_winter_orders_give_an_identical_adjudication_and_report(
    winter: Winter, rnd: random.Random
) -> None:
    position, orders = winter
    first = adjudicate(position, orders, game_map=STANDARD)
    shuffled: dict[str, list[Order]] = {}
    for power in _shuffled_powers(orders, rnd):
        shuffled[power] = list(orders[power])
        rnd.shuffle(shuffled[power])
    again = adjudicate(position, shuffled, game_map=STANDARD)
    assert again == first
    assert _report(again) == _report(first)


def _counted(order: Order) -> bool:
    """Whether the DATC counts the order where it stands in the power's list (4.D.4, 4.D.6)."""
    return isinstance(order, Build | Waive | Disband)


@settings(max_examples=examples(100), deadline=None)
@given(winters(surplus=True), st.randoms(use_true_random=False))
def test_surplus_orders_count_in_the_order_given_and_nothing_else_moves_a_result(
    winter: Winter, rnd: random.Random
) -> None:
    position, orders = winter
    first = adjudicate(position, orders, game_map=STANDARD)
    shuffled: dict[str, list[Order]] = {}
    for power in _shuffled_powers(orders, rnd):
        given = orders[power]
        counted = iter([o for o in given if _counted(o)])
        others = [o for o in given if not _counted(o)]
        # Interleave the others anywhere; the counted orders keep their sequence.
        slots = [True] * (len(given) - len(others)) + [False] * len(others)
        rnd.shuffle(slots)
        rnd.shuffle(others)
        rest = iter(others)
        shuffled[power] = [next(counted) if slot else next(rest) for slot in slots]
    again = adjudicate(position, shuffled, game_map=STANDARD)
    assert again == first
    assert _report(again) == _report(first)
