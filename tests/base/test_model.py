"""The canonical text of locations and units: ``parse`` reads back exactly what ``str()`` writes
and refuses everything else (names and other spellings are the map's business)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.base.model import Location, Unit, UnitType

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
