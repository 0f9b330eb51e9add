"""The calendar of a map (issue 20): the standard one, and the Hundred's five years a movement
(DPjudge's FLOW NEWYEAR:5 with adjustments IFYEARDIV:10)."""

from __future__ import annotations

import pytest

from adjudicator.base.calendar import STANDARD_CALENDAR, Calendar
from adjudicator.base.model import Phase

DECADES = Calendar(spring_to_fall=5, fall_to_spring=5)


def sequence(calendar: Calendar, first: str, count: int) -> list[str]:
    """The movement phases from ``first``, each followed by the next (no retreats, no winter)."""
    phases = [Phase.parse(first)]
    while len(phases) < count:
        phases.append(calendar.next_movement(phases[-1]))
    return [str(p) for p in phases]


def test_the_standard_calendar_is_the_rulebook_s() -> None:
    assert Calendar() == STANDARD_CALENDAR
    assert sequence(STANDARD_CALENDAR, "S1901M", 5) == [
        "S1901M",
        "F1901M",
        "S1902M",
        "F1902M",
        "S1903M",
    ]
    assert str(STANDARD_CALENDAR.next_movement(Phase.parse("W1901A"))) == "S1902M"


def test_the_hundred_moves_five_years_a_movement() -> None:
    assert sequence(DECADES, "S1425M", 5) == ["S1425M", "F1430M", "S1435M", "F1440M", "S1445M"]
    assert str(DECADES.next_movement(Phase.parse("W1430A"))) == "S1435M"
    assert str(DECADES.next_movement(Phase.parse("F1430R"))) == "S1435M"
    assert DECADES.cycle == 10


@pytest.mark.parametrize(
    ("phase", "admitted"),
    [
        ("S1425M", True),
        ("S1425R", True),
        ("F1430M", True),
        ("F1430R", True),
        ("W1430A", True),
        ("S1445M", True),
        ("S1415M", True),  # set up before the usual start: still on the steps
        ("S1430M", False),
        ("F1425M", False),
        ("W1425A", False),
        ("F1435R", False),
    ],
)
def test_the_hundred_s_phases(phase: str, admitted: bool) -> None:
    assert DECADES.admits(Phase.parse(phase), first=Phase.parse("S1425M")) is admitted


def test_every_year_is_on_the_standard_calendar() -> None:
    first = Phase.parse("W1898A")
    for code in ("S1899M", "F1899M", "W1899A", "S1901M", "F1950R"):
        assert STANDARD_CALENDAR.admits(Phase.parse(code), first=first)


@pytest.mark.parametrize(
    ("spring_to_fall", "fall_to_spring"), [(-1, 1), (0, 0), (101, 1), (5, 101)]
)
def test_a_calendar_that_stands_still_or_leaps_is_refused(
    spring_to_fall: int, fall_to_spring: int
) -> None:
    with pytest.raises(ValueError, match="a calendar needs"):
        Calendar(spring_to_fall, fall_to_spring)
