"""The benchmark's phase generator gives legal orders, deterministically (no timing here)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from adjudicator.adjudication.legality.check import check_orders
from adjudicator.base.model import Convoy, Move, Support, UnitType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from benchmarks.generator import (
    MAX_UNITS,
    MIN_UNITS,
    RecordedPhase,
    adjustment_phases,
    movement_phases,
    retreat_phases,
)

Generator = Callable[[GameMap, int, int], list[RecordedPhase]]
GENERATORS: list[Generator] = [movement_phases, retreat_phases, adjustment_phases]


@pytest.fixture(scope="module")
def standard() -> GameMap:
    return load_map("standard")


@pytest.mark.parametrize("generate", GENERATORS, ids=lambda g: g.__name__)
def test_every_order_is_legal(standard: GameMap, generate: Generator) -> None:
    for phase in generate(standard, 60, 7):
        checked = check_orders(phase.position, phase.orders, standard, Rules())
        assert [str(r.order) for r in checked.results] == [], phase.label
        assert len(checked.sequence) == phase.order_count, phase.label


@pytest.mark.parametrize("generate", GENERATORS, ids=lambda g: g.__name__)
def test_same_seed_same_phases(standard: GameMap, generate: Generator) -> None:
    assert generate(standard, 10, 3) == generate(standard, 10, 3)
    assert generate(standard, 10, 3) != generate(standard, 10, 4)


def test_movement_phases_shape(standard: GameMap) -> None:
    phases = movement_phases(standard, 60, 11)
    assert all(MIN_UNITS <= p.unit_count <= MAX_UNITS for p in phases)
    assert all(p.unit_count == MAX_UNITS for p in phases[::5])
    # Every unit has exactly one order.
    assert all(p.order_count == p.unit_count for p in phases)
    orders = [o for p in phases for os in p.orders.values() for o in os]
    convoyed = [o for o in orders if isinstance(o, Move) and o.via_convoy]
    assert convoyed
    assert any(isinstance(o, Convoy) for o in orders)
    assert any(isinstance(o, Support) and o.destination is not None for o in orders)
    assert any(isinstance(o, Support) and o.destination is None for o in orders)
    # Convoyed moves never go where the army could walk (DATC 4.A.3 stays out of it).
    for order in convoyed:
        assert not standard.adjacent(order.location, order.destination, UnitType.ARMY)


def test_retreat_phases_have_dislodged_units(standard: GameMap) -> None:
    for phase in retreat_phases(standard, 30, 5):
        assert 1 <= len(phase.position.dislodged) <= 4
        occupied = {u.province for u in phase.position.units}
        for d in phase.position.dislodged:
            assert d.unit.province in occupied  # the attacker stands there now
            assert d.attacked_from not in occupied


def test_the_islands_phases_start_with_every_power_convoying() -> None:
    """``bench_adjudicate --kinds islands``: the examples' phase, then random legal phases of
    the islands map; every order legal, every power convoying in the first."""
    from benchmarks.bench_adjudicate import islands_phases

    islands = load_map("islands")
    phases = islands_phases(islands, 6, 7)
    assert len(phases) == 6
    first = phases[0]
    assert first.unit_count == MAX_UNITS
    convoying = {
        p for p, orders in first.orders.items() if any(isinstance(o, Convoy) for o in orders)
    }
    assert convoying == set(islands.powers)
    for phase in phases:
        checked = check_orders(phase.position, phase.orders, islands, Rules())
        assert [str(r.order) for r in checked.results] == [], phase.label
