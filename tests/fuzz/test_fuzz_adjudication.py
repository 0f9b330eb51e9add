"""Fuzzing adjudication: positions of every phase type with legal-ish orders (most plausible,
some of any kind from the unit's place, a few from anywhere under any power; the strategies of
``tests/strategies.py``) never raise, and keep the invariants of a phase:

- every unit (in a retreat phase, every dislodged unit) has exactly one result saying what it
  did, or only results for illegal orders (it holds, or in a retreat phase is disbanded);
- no two units stand in one province in the next position;
- the orders' order changes nothing: the same results (as a collection), the same next
  position, the same dislodgements and standoffs.

``tests/adjudication/test_properties.py`` checks the resolver's finer properties on crowded
movement phases; this is the rougher, wider net.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Order, PhaseType
from adjudicator.state.outcomes import Adjudication, Outcome
from adjudicator.state.position import Position
from tests.fuzz.explore import MODES, Mode, fuzz
from tests.strategies import STANDARD, phase_orders, positions


@st.composite
def phases(draw: st.DrawFn) -> tuple[Position, dict[str, list[Order]]]:
    position = draw(positions())
    return position, draw(phase_orders(position))


def _results_per_unit(position: Position, result: Adjudication) -> None:
    kind = position.phase.type
    if kind is PhaseType.ADJUSTMENT:
        return  # results there are per build and removal, not per unit
    units = position.units if kind is PhaseType.MOVEMENT else [d.unit for d in position.dislodged]
    said: Counter[tuple[str, str, bool]] = Counter()
    for r in result.results:
        location = getattr(r.order, "location", None)
        if location is not None:
            said[r.power, location.province, r.outcome is Outcome.ILLEGAL] += 1
    for unit in units:
        done = said[unit.power, unit.province, False]
        refused = said[unit.power, unit.province, True]
        assert done == 1 or (done == 0 and refused >= 1), f"{unit}: {done} results, {refused} void"


def _shuffled(
    orders: dict[str, list[Order]], rnd: random.Random, within: bool
) -> dict[str, list[Order]]:
    powers = list(orders)
    rnd.shuffle(powers)
    shuffled = {}
    for power in powers:
        given = list(orders[power])
        if within:
            rnd.shuffle(given)
        shuffled[power] = given
    return shuffled


def check_phase(phase: tuple[Position, dict[str, list[Order]]], rnd: random.Random) -> None:
    position, orders = phase
    result = adjudicate(position, orders, game_map=STANDARD)
    _results_per_unit(position, result)
    provinces = [u.province for u in result.next_position.units]
    assert len(provinces) == len(set(provinces)), "two units in one province"
    # the order of a power's builds decides which count when it orders too many (DATC 4.D.5):
    # in an adjustment phase only the powers are shuffled
    within = position.phase.type is not PhaseType.ADJUSTMENT
    again = adjudicate(position, _shuffled(orders, rnd, within), game_map=STANDARD)
    assert Counter(again.results) == Counter(result.results)
    # illegal orders' results keep the order they were written in: compare the rest as a whole
    assert dataclasses.replace(again, results=result.results) == result


@pytest.mark.parametrize("mode", MODES)
def test_random_phases_keep_the_invariants(mode: Mode) -> None:
    fuzz(mode, 60, check_phase, phases(), st.randoms(use_true_random=False))
