"""Hypothesis strategies shared by the test modules: random orders on the standard map."""

from __future__ import annotations

from hypothesis import strategies as st

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    Retreat,
    Support,
    UnitType,
    Waive,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import ProvinceType

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
