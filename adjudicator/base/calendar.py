"""The calendar of a map: how many years pass between the seasons.

The phase codes keep their three seasons on every map: a spring movement, a fall movement and a
winter adjustment a year (``S1901M``, ``F1901M``, ``W1901A``), each movement with its retreats.
A calendar only says which years they fall in. The standard game's fall is in the spring's year
and the next spring one year later. The Hundred (DPjudge: ``FLOW NEWYEAR:5``, one
movement phase a year, ``IFYEARDIV:10`` before the adjustments) moves five years at every
movement: its springs are the years ending in 5 and its falls, with the adjustments, the years
ending in 0 (``S1425M``, ``F1430M``, ``W1430A``, ``S1435M``). Ownership still changes after a
fall and victory is still checked there, as DPjudge takes the centres just before an
adjustment phase and godip after its retreats of a year divisible by ten.

>>> Calendar().next_movement(Phase.parse("F1901M"))
Phase(season=<Season.SPRING: 'S'>, year=1902, type=<PhaseType.MOVEMENT: 'M'>)
>>> decades = Calendar(spring_to_fall=5, fall_to_spring=5)
>>> str(decades.next_movement(Phase.parse("S1425M")))
'F1430M'
>>> decades.admits(Phase.parse("S1430M"), first=Phase.parse("S1425M"))
False
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.base.model import Phase, PhaseType, Season

__all__ = ["MAX_STEP", "STANDARD_CALENDAR", "Calendar"]

MAX_STEP = 100
"""The most years a calendar lets pass between two seasons (a map's file is refused beyond)."""


@dataclass(frozen=True, slots=True)
class Calendar:
    """Years from a spring to its fall (and the fall's winter), and from a fall to the next
    spring. The standard calendar is ``Calendar(0, 1)``."""

    spring_to_fall: int = 0
    """Years from a spring's movement to the fall's: 0 on the standard map, 5 on the Hundred."""
    fall_to_spring: int = 1
    """Years from a fall (and its winter) to the next spring: at least 1, so the years go on."""

    def __post_init__(self) -> None:
        if not 0 <= self.spring_to_fall <= MAX_STEP or not 1 <= self.fall_to_spring <= MAX_STEP:
            raise ValueError(
                f"a calendar needs 0 to {MAX_STEP} years from spring to fall and 1 to {MAX_STEP}"
                f" from fall to spring, not {self.spring_to_fall} and {self.fall_to_spring}"
            )

    @property
    def cycle(self) -> int:
        """Years from one spring to the next."""
        return self.spring_to_fall + self.fall_to_spring

    def next_movement(self, phase: Phase) -> Phase:
        """The movement phase after ``phase``'s season: the fall after a spring, the spring
        after a fall or a winter."""
        if phase.season is Season.SPRING:
            return Phase(Season.FALL, phase.year + self.spring_to_fall, PhaseType.MOVEMENT)
        return Phase(Season.SPRING, phase.year + self.fall_to_spring, PhaseType.MOVEMENT)

    def admits(self, phase: Phase, *, first: Phase) -> bool:
        """Whether ``phase`` lies on the steps of a game that began with ``first``: its year is
        one of its season's (on the standard calendar every year is). Years before ``first``
        are not refused: a position may be set up in any year of the cycle."""
        spring = self._spring_year(first)
        offset = 0 if phase.season is Season.SPRING else self.spring_to_fall
        return (phase.year - offset - spring) % self.cycle == 0

    def _spring_year(self, phase: Phase) -> int:
        """The year of the spring of ``phase``'s cycle."""
        if phase.season is Season.SPRING:
            return phase.year
        return phase.year - self.spring_to_fall


STANDARD_CALENDAR = Calendar()
"""The rulebook's calendar: spring and fall in one year, the next spring a year later."""
