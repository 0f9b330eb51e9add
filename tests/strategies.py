"""Hypothesis strategies shared by the test modules: random orders, positions of every phase
type and legal-ish orders for them, on the standard map."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

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
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import ProvinceType
from adjudicator.state.position import Position

STANDARD = load_map("standard")


def _locations() -> st.SearchStrategy[Location]:
    places: list[Location] = []
    for pid, province in STANDARD.provinces.items():
        if province.type is ProvinceType.IMPASSABLE:
            continue
        places.append(Location(pid))
        places.extend(Location(pid, c) for c in province.coasts)
    return st.sampled_from(places)


UNIT_TYPES = st.sampled_from([UnitType.ARMY, UnitType.FLEET, None])
"""A unit type, or none written."""
LOCATIONS = _locations()
"""Any location of the standard map: every passable province, and each named coast."""
SEAS = st.sampled_from(sorted(p for p in STANDARD.provinces if STANDARD.is_sea(p)))

ORDER_KINDS = ("hold", "move", "path", "support", "convoy", "retreat", "disband", "build", "waive")


@st.composite
def orders(draw: st.DrawFn) -> Order:
    """An order of any kind on standard-map locations (not necessarily legal anywhere)."""
    kind = draw(st.sampled_from(ORDER_KINDS))
    unit_type, here, there = draw(UNIT_TYPES), draw(LOCATIONS), draw(LOCATIONS)
    match kind:
        case "hold":
            return Hold(unit_type, here)
        case "move":
            return Move(unit_type, here, there, via_convoy=draw(st.booleans()))
        case "path":
            path = tuple(draw(st.lists(SEAS, min_size=1, max_size=4)))
            return Move(unit_type, here, there, via_convoy=True, path=path)
        case "support":
            destination = draw(st.one_of(st.none(), LOCATIONS))
            return Support(unit_type, here, draw(UNIT_TYPES), there, destination)
        case "convoy":
            return Convoy(unit_type, here, there, draw(LOCATIONS))
        case "retreat":
            return Retreat(unit_type, here, there)
        case "disband":
            return Disband(unit_type, here)
        case "build":
            return Build(unit_type, here)
    return Waive()


_PROVINCES = sorted(
    pid for pid in STANDARD.provinces if any(STANDARD.locations(pid, t) for t in UnitType)
)
_POWERS = sorted(STANDARD.powers)
_CENTRES = sorted(STANDARD.supply_centers)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position of any phase type on the standard map: units of random powers on distinct
    provinces (each where its type may stand); in a retreat phase some dislodged units (attacked
    from a neighbour) and standoffs; random centre ownership. Consistent with the map, not
    necessarily reachable in a game."""
    phase = draw(st.sampled_from(["S1901M", "F1903M", "S1902R", "F1901R", "W1901A", "W1905A"]))
    provinces = draw(st.lists(st.sampled_from(_PROVINCES), max_size=22, unique=True))
    units = [_unit_at(draw, pid) for pid in provinces]
    dislodged: list[Dislodgement] = []
    standoffs: list[str] = []
    if phase.endswith("R"):
        free = [p for p in _PROVINCES if p not in provinces]
        for pid in draw(st.lists(st.sampled_from(free), max_size=4, unique=True)) if free else []:
            unit = _unit_at(draw, pid)
            attackers = sorted(STANDARD.province_neighbours(pid) & set(provinces))
            dislodged.append(Dislodgement(unit, draw(st.sampled_from(attackers or [pid]))))
        standoffs = draw(st.lists(st.sampled_from(_PROVINCES), max_size=3, unique=True))
    owners = draw(
        st.lists(st.sampled_from(_POWERS), min_size=len(_CENTRES), max_size=len(_CENTRES))
    )
    centres: dict[str, list[str]] = {}
    for centre, owner in zip(_CENTRES, owners, strict=True):
        if draw(st.booleans()):
            centres.setdefault(owner, []).append(centre)
    return Position(
        "standard",
        Phase.parse(phase),
        tuple(units),
        tuple(dislodged),
        frozenset(standoffs),
        {p: tuple(cs) for p, cs in centres.items()},
    )


def _unit_at(draw: st.DrawFn, province: str) -> Unit:
    kind = draw(st.sampled_from([t for t in UnitType if STANDARD.locations(province, t)]))
    location = draw(st.sampled_from(STANDARD.locations(province, kind)))
    return Unit(draw(st.sampled_from(_POWERS)), kind, location)


@st.composite
def phase_orders(draw: st.DrawFn, position: Position) -> dict[str, list[Order]]:
    """Legal-ish orders for ``position``: most units get a plausible order of the phase (a hold,
    a move to a neighbour, a support of another unit; a retreat to a neighbour or a disband; a
    removal), some an order of any kind from their own place (:func:`orders` with the unit's
    location), a few none; builds in home centres, and a few orders of any kind from anywhere,
    under any power, are mixed in. The legality checks drop whatever is wrong."""
    ordered: dict[str, list[Order]] = {}
    kind = position.phase.type
    units = (
        position.units if kind is not PhaseType.RETREAT else [d.unit for d in position.dislodged]
    )
    for unit in units:
        roll = draw(st.integers(0, 9))
        if roll == 0:
            continue  # no order: the unit holds (or, in a retreat phase, is disbanded)
        order = draw(orders()) if roll < 3 else _plausible(draw, unit, position)
        if not isinstance(order, Waive):
            order = dataclasses.replace(order, location=unit.location)
        ordered.setdefault(unit.power, []).append(order)
    if kind is PhaseType.ADJUSTMENT:
        for power in draw(st.lists(st.sampled_from(_POWERS), max_size=3)):
            home = draw(st.sampled_from(STANDARD.home_centers(power)))
            ordered.setdefault(power, []).append(Build(draw(UNIT_TYPES), Location(home)))
    for power, order in draw(st.lists(st.tuples(st.sampled_from(_POWERS), orders()), max_size=3)):
        ordered.setdefault(power, []).append(order)
    return ordered


def _plausible(draw: st.DrawFn, unit: Unit, position: Position) -> Order:
    """An order ``unit`` could well be given in ``position``'s phase."""
    here, kind = unit.location, position.phase.type
    targets = sorted(STANDARD.neighbours(here, unit.type))
    if kind is PhaseType.ADJUSTMENT:
        return Disband(unit.type, here)
    if kind is PhaseType.RETREAT:
        if draw(st.booleans()) and targets:
            return Retreat(unit.type, here, draw(st.sampled_from(targets)))
        return Disband(unit.type, here)
    choice = draw(st.integers(0, 3))
    if choice == 0 or (choice == 1 and not targets):
        return Hold(unit.type, here)
    if choice == 1:
        return Move(unit.type, here, draw(st.sampled_from(targets)))
    other = draw(st.sampled_from(position.units))
    other_targets = sorted(STANDARD.neighbours(other.location, other.type))
    destination = draw(st.sampled_from(other_targets)) if other_targets and choice == 3 else None
    return Support(unit.type, here, other.type, other.location, destination)
