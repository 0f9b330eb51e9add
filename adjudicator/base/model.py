"""Small immutable values: phases, locations, units and the orders of every phase.

Every value prints in the canonical short form (the strings of the `diplomacy` package and
DPjudge: ``A PAR - BUR``, ``F NTH C A YOR - NWY``, ``F STP/NC B``) and that form parses back to an
equal value through :func:`adjudicator.parse_order`.

>>> str(Move(UnitType.ARMY, Location("PAR"), Location("BUR")))
'A PAR - BUR'
>>> str(Support(UnitType.FLEET, Location("NTH"), None, Location("LON")))
'F NTH S LON'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, TypeAlias

from adjudicator.base.errors import InputError
from adjudicator.base.limits import shown

_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc): native classes are built by plain assignments."""


class UnitType(StrEnum):
    """The two kinds of unit; the value is the letter used in orders."""

    ARMY = "A"
    FLEET = "F"


class Season(StrEnum):
    """Seasons of the game year; the value is the letter of the phase code."""

    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseType(StrEnum):
    """What is ordered in a phase; the value is the letter of the phase code."""

    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE_CODE = re.compile(r"([SFW])(\d{1,5})([MRA])")
MAX_YEAR = 99_999
"""The last year of a game: a phase code holds five digits of year, and every phase that can be
made (:class:`Phase` refuses other years) reads back from its code."""
_LOCATION = re.compile(r"([A-Z0-9]+)(?:/([A-Z0-9]+))?")


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """A game phase, written ``S1901M``, ``F1901R`` or ``W1901A``.

    >>> Phase.parse("f1901r")
    Phase(season=<Season.FALL: 'F'>, year=1901, type=<PhaseType.RETREAT: 'R'>)
    >>> str(Phase.parse("W1901A"))
    'W1901A'
    """

    season: Season
    year: int
    type: PhaseType

    def __init__(self, season: Season, year: int, type: PhaseType) -> None:
        # Written out for speed, as Location's: adjudication makes the next phase each time.
        if not 0 <= year <= MAX_YEAR:
            raise _year_out_of_range(year)
        if _COMPILED:
            self.season = season  # type: ignore[misc]
            self.year = year  # type: ignore[misc]
            self.type = type  # type: ignore[misc]
        else:
            _set_season(self, season)
            _set_year(self, year)
            _set_type_of_phase(self, type)

    @classmethod
    def parse(cls, text: str) -> Phase:
        """Read a phase code; raise :class:`ValueError` naming the expected shape."""
        match = _PHASE_CODE.fullmatch(text.strip().upper())
        if match is None:
            raise ValueError(
                f"invalid phase {shown(text)}: expected a code like 'S1901M', 'F1901R' or 'W1901A'"
            )
        season, year, kind = match.groups()
        phase = cls(Season(season), int(year), PhaseType(kind))
        if (phase.season is Season.WINTER) != (phase.type is PhaseType.ADJUSTMENT):
            raise ValueError(
                f"invalid phase {shown(text)}: adjustments happen in winter (W), movement and "
                "retreats in spring (S) or fall (F)"
            )
        return phase

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.type}"


def _year_out_of_range(year: int) -> InputError:
    """The error of a phase in ``year``: a game past W99999A cannot go on, since its next phase
    could not be written (and so not read back)."""
    return InputError.single(
        f"the year {shown(year)} is out of range: a phase code holds the years 0 to {MAX_YEAR}",
        "phase-year",
        hint=f"a game ends with W{MAX_YEAR}A at the latest",
    )


@dataclass(frozen=True, slots=True, order=True)
class Location:
    """A province id, with a coast for a fleet in a province that has named coasts.

    Ids are the map's canonical upper-case codes (``STP``, ``NC``); head-to-head battles,
    support cuts, standoffs, occupancy and ownership all compare :attr:`province`.
    """

    province: str
    coast: str | None = None

    def __init__(self, province: str, coast: str | None = None) -> None:
        # Written out because adjudication makes locations and units by the dozen per phase:
        # the generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__, which costs more than the slot setters bound below the class.
        if _COMPILED:
            self.province = province  # type: ignore[misc]
            self.coast = coast  # type: ignore[misc]
        else:
            _set_province(self, province)
            _set_coast(self, coast)

    def __str__(self) -> str:
        return self.province if self.coast is None else f"{self.province}/{self.coast}"

    @classmethod
    def parse(cls, text: str) -> Location:
        """Read the canonical ``PROV`` or ``PROV/XC`` form, the inverse of ``str()`` (any case,
        surrounding spaces ignored); raise :class:`ValueError` quoting the text. Names and
        other spellings are the map's business (:meth:`GameMap.read_location
        <adjudicator.board.map.GameMap.read_location>`).

        >>> Location.parse("stp/sc")
        Location(province='STP', coast='SC')
        """
        match = _LOCATION.fullmatch(text.strip().upper())
        if match is None:
            raise ValueError(f"invalid location {text!r}: expected a form like 'PAR' or 'STP/NC'")
        return cls(match[1], match[2])

    @property
    def bare(self) -> Location:
        """The same province without its coast."""
        return self if self.coast is None else Location(self.province)


@dataclass(frozen=True, slots=True, order=True)
class Unit:
    """A unit of a power standing on a location."""

    power: str
    type: UnitType
    location: Location

    def __init__(self, power: str, type: UnitType, location: Location) -> None:
        # Written out for speed, as Location's.
        if _COMPILED:
            self.power = power  # type: ignore[misc]
            self.type = type  # type: ignore[misc]
            self.location = location  # type: ignore[misc]
        else:
            _set_power(self, power)
            _set_type(self, type)
            _set_location(self, location)

    def __str__(self) -> str:
        return f"{self.type!s} {self.location!s}"

    @classmethod
    def parse(cls, text: str, power: str) -> Unit:
        """Read the canonical ``A PAR`` or ``F STP/NC`` form of a unit of ``power``, the inverse
        of ``str()``: ``Unit.parse(str(unit), unit.power) == unit``. Raise :class:`ValueError`
        quoting the text. Names, ``Army``/``Fleet`` and bracketed coasts are the map's business
        (:meth:`GameMap.read_unit <adjudicator.board.map.GameMap.read_unit>`).

        >>> unit = Unit.parse("f stp/sc", "Russia")
        >>> unit.type, unit.location, str(unit)
        (<UnitType.FLEET: 'F'>, Location(province='STP', coast='SC'), 'F STP/SC')
        """
        letter, _, place = text.strip().partition(" ")
        try:
            return cls(power, UnitType(letter.upper()), Location.parse(place))
        except ValueError:
            raise ValueError(
                f"invalid unit {text!r}: expected a form like 'A PAR' or 'F STP/SC'"
            ) from None

    @property
    def province(self) -> str:
        return self.location.province


class _UnitDraft:
    """A :class:`Unit` while :func:`made_unit` sets its fields: the same slots in the same order
    (so that the object may change between the two classes), without the frozen ``__setattr__``."""

    __slots__ = Unit.__slots__
    power: str
    type: UnitType
    location: Location


def made_unit(power: str, type: UnitType, location: Location) -> Unit:
    """``Unit(power, type, location)``, the very same value, for the movement adjudication's
    moved units (one per move that succeeds): a :class:`_UnitDraft` turned into a :class:`Unit`
    (the twin-class construction, above), about two thirds of the class call's cost. Compiled,
    the class call itself, which is cheap there (and CPython refuses the class change between a
    compiled class and a Python one)."""
    if _COMPILED:
        return Unit(power, type, location)
    draft = _UnitDraft()
    draft.power = power
    draft.type = type
    draft.location = location
    draft.__class__ = Unit  # type: ignore[assignment]
    return draft  # type: ignore[return-value]  # a Unit since the line above


def slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The setter of one slot of ``cls``, which bypasses a frozen dataclass's ``__setattr__``:
    for the ``__init__`` of the values made in bulk (the object is still immutable afterwards)."""
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


# The twin-class construction. The values made in bulk on the hot path (results, moved units,
# parsed orders, syntax values) are each built as a *twin*, a plain class with the very same
# ``__slots__`` (so that the object's layout fits both), by plain assignments, and then made the
# frozen dataclass by assigning ``__class__``. About 0.2-0.4 µs a value where the generated
# ``__init__`` of a frozen dataclass, one ``object.__setattr__`` per field, costs about 1.1 µs;
# the value is equal, hashed and immutable as if made the usual way. Subclasses are built the
# usual way. CPython allows the class change because the two layouts are the same; should a
# Python refuse it, these places go back to the slot setters (the tests fail at once). Compiled
# with the core (mypyc), these modules build the values by plain assignments instead (_COMPILED).

_set_season = slot_setter(Phase, "season")
_set_year = slot_setter(Phase, "year")
_set_type_of_phase = slot_setter(Phase, "type")
_set_province = slot_setter(Location, "province")
_set_coast = slot_setter(Location, "coast")
_set_power = slot_setter(Unit, "power")
_set_type = slot_setter(Unit, "type")
_set_location = slot_setter(Unit, "location")


def _unit_text(unit_type: UnitType | None, location: Location) -> str:
    # ``!s`` throughout: formatting a value without it takes a detour through __format__,
    # which doubles the cost of the messages that quote orders.
    return str(location) if unit_type is None else f"{unit_type!s} {location!s}"


@dataclass(frozen=True, slots=True)
class Hold:
    """``A PAR H``: the unit stays; it can receive hold support."""

    unit_type: UnitType | None
    location: Location

    def __str__(self) -> str:
        return f"{_unit_text(self.unit_type, self.location)} H"


@dataclass(frozen=True, slots=True)
class Move:
    """``A PAR - BUR``; ``A LON - NWY VIA`` asks for a convoy; ``A LON - NTH - NWY`` names a route.

    :attr:`path` holds the sea provinces of an explicit route (DATC 4.A.6); a path implies
    :attr:`via_convoy`.
    """

    unit_type: UnitType | None
    location: Location
    destination: Location
    via_convoy: bool = False
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        unit = _unit_text(self.unit_type, self.location)
        if self.path:
            return " - ".join([unit, *self.path, str(self.destination)])
        suffix = " VIA" if self.via_convoy else ""
        return f"{unit} - {self.destination!s}{suffix}"


@dataclass(frozen=True, slots=True)
class Support:
    """``A BUD S A WAR - GAL`` (support to move) or ``F NTH S F LON`` (support to hold).

    :attr:`destination` is ``None`` for a support to hold.
    """

    unit_type: UnitType | None
    location: Location
    target_type: UnitType | None
    target: Location
    destination: Location | None = None

    def __str__(self) -> str:
        supporter = _unit_text(self.unit_type, self.location)
        text = f"{supporter} S {_unit_text(self.target_type, self.target)}"
        return text if self.destination is None else f"{text} - {self.destination!s}"


@dataclass(frozen=True, slots=True)
class Convoy:
    """``F NTH C A LON - NWY``: the fleet convoys the army on :attr:`army`."""

    unit_type: UnitType | None
    location: Location
    army: Location
    destination: Location

    def __str__(self) -> str:
        unit = _unit_text(self.unit_type, self.location)
        return f"{unit} C A {self.army!s} - {self.destination!s}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """``A VIE R BOH``: a dislodged unit retreats."""

    unit_type: UnitType | None
    location: Location
    destination: Location

    def __str__(self) -> str:
        return f"{_unit_text(self.unit_type, self.location)} R {self.destination!s}"


@dataclass(frozen=True, slots=True)
class Disband:
    """``F TRI D``: a dislodged unit disbands, or (in an adjustment phase) a unit is removed."""

    unit_type: UnitType | None
    location: Location

    def __str__(self) -> str:
        return f"{_unit_text(self.unit_type, self.location)} D"


@dataclass(frozen=True, slots=True)
class Build:
    """``A BER B`` or ``F STP/NC B``: a new unit in an owned, empty home centre."""

    unit_type: UnitType | None
    location: Location

    def __str__(self) -> str:
        return f"{_unit_text(self.unit_type, self.location)} B"


@dataclass(frozen=True, slots=True)
class Waive:
    """``WAIVE``: the power gives up one build."""

    def __str__(self) -> str:
        return "WAIVE"


Order: TypeAlias = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive
"""Any order of any phase; use ``match`` to tell them apart."""

UnitOrder: TypeAlias = Hold | Move | Support | Convoy | Retreat | Disband | Build
"""The orders that name a unit (every kind but :class:`Waive`)."""

MOVEMENT_ORDERS: tuple[type, ...] = (Hold, Move, Support, Convoy)
RETREAT_ORDERS: tuple[type, ...] = (Retreat, Disband)
ADJUSTMENT_ORDERS: tuple[type, ...] = (Build, Disband, Waive)

ORDERS_BY_PHASE: dict[PhaseType, tuple[type, ...]] = {
    PhaseType.MOVEMENT: MOVEMENT_ORDERS,
    PhaseType.RETREAT: RETREAT_ORDERS,
    PhaseType.ADJUSTMENT: ADJUSTMENT_ORDERS,
}
"""The order kinds that belong to each phase type."""


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """A unit dislodged this phase, where its attacker came from, and where it may retreat."""

    unit: Unit
    attacked_from: str
    by_convoy: bool = False
    retreats: tuple[Location, ...] = field(default=(), compare=False)
    """Where the unit may retreat; derived from the position, so not part of equality."""
