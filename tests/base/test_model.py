"""The canonical text of locations and units: ``parse`` reads back exactly what ``str()`` writes
and refuses everything else (names and other spellings are the map's business)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.base.model import Location, Phase, PhaseType, Season, Unit, UnitType, made_unit

CODES = st.from_regex(r"[A-Z0-9]{1,4}", fullmatch=True)
LOCATIONS = st.builds(Location, CODES, st.none() | CODES)
UNITS = st.builds(
    Unit, st.sampled_from(["England", "Russia"]), st.sampled_from(UnitType), LOCATIONS
)


@given(LOCATIONS)
def test_location_round_trip(location: Location) -> None:
    assert Location.parse(str(location)) == location


@given(UNITS)
def test_unit_round_trip(unit: Unit) -> None:
    assert Unit.parse(str(unit), unit.power) == unit


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("F STP/SC", Unit("Russia", UnitType.FLEET, Location("STP", "SC"))),
        ("f stp/sc", Unit("Russia", UnitType.FLEET, Location("STP", "SC"))),
        ("  A  PAR ", Unit("Russia", UnitType.ARMY, Location("PAR"))),
    ],
)
def test_unit_parse_ignores_case_and_spaces(text: str, unit: Unit) -> None:
    assert Unit.parse(text, "Russia") == unit


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A",
        "PAR",
        "X PAR",
        "A PAR/",
        "A /NC",
        "A PAR/NC/SC",
        "Army PAR",
        "A St. Petersburg",
        "F STP(SC)",
        "A PAR NC",
        "A PÄR",
    ],
)
def test_unit_parse_refuses_anything_else(text: str) -> None:
    with pytest.raises(ValueError, match=r"invalid unit .*: expected a form like 'A PAR'"):
        Unit.parse(text, "Russia")


@pytest.mark.parametrize("text", ["", "/", "PAR/", "/NC", "PAR/NC/SC", "STP(SC)", "P R", "PÄR"])
def test_location_parse_refuses_anything_else(text: str) -> None:
    with pytest.raises(ValueError, match="invalid location"):
        Location.parse(text)


# The values are compiled with the core where it is built (docs/compiled-core.md), and their
# written-out constructors then assign fields directly: whichever core runs, a value must stay a
# frozen dataclass, equal, ordered and hashed by its fields.
_MADE = [
    Location("STP", "NC"),
    Unit("Russia", UnitType.FLEET, Location("STP", "SC")),
    made_unit("France", UnitType.ARMY, Location("BUR")),
    Phase(Season.FALL, 1901, PhaseType.RETREAT),
]


@pytest.mark.parametrize("value", _MADE, ids=lambda v: type(v).__name__)
def test_a_value_is_a_frozen_dataclass_whichever_core_runs(value: object) -> None:
    fields = dataclasses.fields(value)  # type: ignore[arg-type]
    first = fields[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, first, getattr(value, first))
    values = tuple(getattr(value, f.name) for f in fields)
    again = type(value)(*values)
    assert again == value and hash(again) == hash(value) == hash(values)
    assert dataclasses.replace(value) == value  # type: ignore[type-var]
    assert repr(again) == repr(value)


def test_made_unit_is_a_unit() -> None:
    made = made_unit("France", UnitType.ARMY, Location("BUR"))
    assert type(made) is Unit
    assert made == Unit("France", UnitType.ARMY, Location("BUR"))
    assert made < Unit("Germany", UnitType.ARMY, Location("BUR"))
