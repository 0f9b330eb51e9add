"""Positions: the state of a game at the start of a phase, and their YAML/JSON files.

A position file holds ``map``, ``phase``, ``units`` (power -> units such as ``F STP/SC``),
``dislodged`` (power -> {unit: province it was attacked from, or ``{from: PROV, convoy: true}``
when the attacker came by convoy}), ``standoffs`` and ``supply_centers`` (power -> provinces).
:meth:`Position.to_dict` / :meth:`Position.from_dict` and :meth:`Position.dumps` /
:meth:`Position.loads` round-trip exactly. The reader is tolerant (names, power codes, any case,
``F Spa(sc)``) and reports every problem as a :class:`~adjudicator.base.errors.Diagnostic` naming
the file, key, line and column. ``docs/positions.md`` documents the format.

>>> from adjudicator.board.load import load_map
>>> p = Position.initial(load_map("standard"))
>>> str(p.phase), len(p.units)
('S1901M', 22)
"""

from __future__ import annotations

import difflib
import json
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import NoneType
from typing import Any

import yaml

from adjudicator.base.errors import MapError, PositionError, check_argument
from adjudicator.base.limits import DEFAULT_LIMITS, Limits, shown, split_lines
from adjudicator.base.model import Dislodgement, Phase, Unit
from adjudicator.base.sources import (
    Keys,
    Problems,
    key_text,
    load_json,
    load_yaml_tree,
    read_source,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from adjudicator.state.plain import read_plain

_KEYS = ("map", "phase", "units", "dislodged", "standoffs", "supply_centers")


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable game state. Units and centres are kept sorted, so equal states compare
    equal whatever order they were given in."""

    map_name: str
    phase: Phase
    units: tuple[Unit, ...]
    dislodged: tuple[Dislodgement, ...] = ()
    standoffs: frozenset[str] = frozenset()
    supply_centers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Power -> owned supply centres."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "units", _canonical_units(self.units))
        object.__setattr__(self, "dislodged", _canonical_dislodged(self.dislodged))
        object.__setattr__(self, "standoffs", frozenset(self.standoffs))
        centers = {p: tuple(sorted(set(cs))) for p, cs in sorted(self.supply_centers.items())}
        object.__setattr__(self, "supply_centers", centers)

    def successor(
        self,
        phase: Phase,
        units: Iterable[Unit],
        dislodged: Iterable[Dislodgement] = (),
        standoffs: Iterable[str] = (),
        supply_centers: Mapping[str, tuple[str, ...]] | None = None,
        *,
        sorted_units: bool = False,
    ) -> Position:
        """The position of a later phase of this game: equal to ``Position(self.map_name,
        phase, units, dislodged, standoffs, supply_centers)``, the centres defaulting to this
        position's.

        Adjudication makes one per phase; this skips sorting again what is sorted already: this
        position's centres, and ``supply_centers``, when given, must be too (powers in order,
        each power's centres in order without repeats); with ``sorted_units``, the units are
        taken to be in a position's order as well (by power and province, one per province).
        """
        new = object.__new__(Position)
        _set_map_name(new, self.map_name)
        _set_phase(new, phase)
        _set_units(new, tuple(units) if sorted_units else _canonical_units(units))
        _set_dislodged(new, _canonical_dislodged(dislodged))
        _set_standoffs(new, frozenset(standoffs))
        centers = self.supply_centers if supply_centers is None else supply_centers
        _set_supply_centers(new, dict(centers))
        return new

    # ------------------------------------------------------------------ queries
    def unit_at(self, province: str) -> Unit | None:
        """The (not dislodged) unit in ``province``, if any."""
        for unit in self.units:
            if unit.location.province == province:
                return unit
        return None

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def owner(self, province: str) -> str | None:
        """The power owning the supply centre ``province``, if any."""
        for power, centers in self.supply_centers.items():
            if province in centers:
                return power
        return None

    @property
    def powers(self) -> tuple[str, ...]:
        """Powers with units, dislodged units or centres, sorted."""
        names = {u.power for u in self.units} | {d.unit.power for d in self.dislodged}
        names |= {p for p, cs in self.supply_centers.items() if cs}
        return tuple(sorted(names))

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, game_map: GameMap) -> Position:
        """The map's starting position, in its first phase (Spring 1901 movement unless the
        map's ``first_phase:`` says otherwise)."""
        return cls(
            map_name=game_map.name,
            phase=game_map.first_phase,
            units=game_map.starting_units,
            supply_centers=dict(game_map.starting_centers),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for YAML or JSON (the position file format)."""
        units: dict[str, list[str]] = {}
        for unit in self.units:
            units.setdefault(unit.power, []).append(str(unit))
        dislodged: dict[str, dict[str, Any]] = {}
        for d in self.dislodged:
            value: Any = (
                {"from": d.attacked_from, "convoy": True} if d.by_convoy else d.attacked_from
            )
            dislodged.setdefault(d.unit.power, {})[str(d.unit)] = value
        return {
            "map": self.map_name,
            "phase": str(self.phase),
            "units": units,
            "dislodged": dislodged,
            "standoffs": sorted(self.standoffs),
            "supply_centers": {p: list(cs) for p, cs in self.supply_centers.items()},
        }

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], game_map: GameMap | None = None, path: str = "<position>"
    ) -> Position:
        """Read position data, checking every unit and name against the map (the one named by
        ``map:`` unless ``game_map`` is given).

        Raises :class:`PositionError` with one diagnostic per problem, each naming the key
        (``units.England[1]``); data that is not a mapping is such a problem (it comes from a
        file). A ``game_map`` or ``path`` of a wrong type is a :class:`TypeError`.
        """
        check_argument(game_map, (GameMap, NoneType), "Position.from_dict", "game_map", _A_MAP)
        check_argument(path, str, "Position.from_dict", "path", "a text (where the data came from)")
        if not isinstance(data, Mapping):
            raise PositionError.single(
                "a position must be a mapping with 'phase' and 'units'", "position-shape", path
            )
        plain = read_plain(data, game_map)  # the usual data, read with one look-up per name
        if plain is None:
            return _Reader(path, None).read(data, game_map)  # the rest, with every check
        read_map, phase, units, standoffs, centers = plain
        new = object.__new__(Position)  # what __post_init__ would do, the centres sorted already
        _set_map_name(new, read_map.name)
        _set_phase(new, phase)
        _set_units(new, _canonical_units(units))
        _set_dislodged(new, ())
        _set_standoffs(new, standoffs)
        _set_supply_centers(new, centers)
        return new

    def dumps(self, fmt: str = "yaml") -> str:
        """The position file text, ``yaml`` or ``json``."""
        data = self.to_dict()
        if fmt == "json":
            return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)

    @classmethod
    def loads(
        cls,
        text: str,
        game_map: GameMap | None = None,
        path: str = "<position>",
        *,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Position:
        """Read a position from YAML or JSON text. A ``path`` ending in ``.json`` is read as
        strict JSON; anything else as YAML (which reads most JSON too). Problems carry the line
        and column of the offending key; a document beyond ``limits`` (nesting, aliases, the
        longest number) is refused while it is read."""
        data, root = _parse(text, path, limits)
        if not isinstance(data, dict):
            raise PositionError.single(
                "a position file must be a mapping with 'phase' and 'units'",
                "position-shape",
                path,
                1,
                1,
                _line(text, 1),
            )
        return _Reader(path, text, root, limits).read(data, game_map)

    @classmethod
    def load_with_map(
        cls, path: str | Path, game_map: GameMap | None = None, *, limits: Limits = DEFAULT_LIMITS
    ) -> tuple[Position, GameMap]:
        """:meth:`load`, and the map the position was read against: ``game_map``, or the map
        its ``map:`` names, a shipped one or a map file found relative to the position file (a
        variant of one's own, which no name finds)."""
        position = cls.load(path, game_map, limits=limits)
        if game_map is not None:
            return position, game_map
        reader = _Reader(str(path), None, limits=limits)
        text = read_source(path, PositionError, "position file", limits, lines=False)
        data, _ = _parse(text, str(path), limits)
        raw = data.get("map") if isinstance(data, dict) else None
        found = reader.game_map(raw, None)
        return position, found if found is not None else load_map(position.map_name)

    @classmethod
    def load(
        cls,
        path: str | Path,
        game_map: GameMap | None = None,
        *,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Position:
        """Read a position file; raise :class:`PositionError` if it cannot be read or used, or
        holds more than ``limits`` allow (a JSON file's lines are not limited).

        A ``map:`` that names a file is found relative to the position file."""
        lines = not str(path).lower().endswith(".json")
        text = read_source(path, PositionError, "position file", limits, lines=lines)
        return cls.loads(text, game_map, str(path), limits=limits)


_A_MAP = "a GameMap (see load_map) or None"

_PLACE = operator.attrgetter("power", "location.province")


def _canonical_units(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """The units in canonical order: by power, province and text (:func:`_unit_key`).

    Adjudication makes a position per phase, usually from units nearly or wholly in that order.
    Checking and sorting with (power, province) keys built in C costs a fraction of sorting with
    :func:`_unit_key`; once those pairs strictly rise, the text has nothing left to decide.
    """
    given = tuple(units)
    keys = list(map(_PLACE, given))
    if all(map(operator.lt, keys, keys[1:])):
        return given
    ordered = sorted(given, key=_PLACE)
    keys = list(map(_PLACE, ordered))
    if all(map(operator.lt, keys, keys[1:])):
        return tuple(ordered)
    return tuple(sorted(given, key=_unit_key))


def _canonical_dislodged(dislodged: Iterable[Dislodgement]) -> tuple[Dislodgement, ...]:
    given = tuple(dislodged)
    if len(given) < 2:  # most phases: nothing to sort, and no unit's text to make
        return given
    return tuple(sorted(given, key=lambda d: _unit_key(d.unit)))


def _slot_setter(name: str) -> Callable[[Position, object], None]:
    """The setter of a slot of :class:`Position`, which bypasses the frozen ``__setattr__``."""
    setter: Callable[[Position, object], None] = Position.__dict__[name].__set__
    return setter


_set_map_name = _slot_setter("map_name")
_set_phase = _slot_setter("phase")
_set_units = _slot_setter("units")
_set_dislodged = _slot_setter("dislodged")
_set_standoffs = _slot_setter("standoffs")
_set_supply_centers = _slot_setter("supply_centers")


def _unit_key(unit: Unit) -> tuple[str, str, str]:
    return (unit.power, unit.location.province, str(unit))


def _line(text: str, line: int) -> str | None:
    lines = split_lines(text)
    return lines[line - 1] if 0 < line <= len(lines) else None


def _parse(text: str, path: str, limits: Limits) -> tuple[object, yaml.Node | None]:
    """The data of a YAML or JSON text, and its YAML node tree when there is one to share;
    :class:`PositionError` with line and column if it is malformed or beyond ``limits``."""
    if path.lower().endswith(".json"):
        return load_json(text, path, PositionError, limits), None
    return load_yaml_tree(text, path, PositionError, limits)


_UNIT_CODES = {
    PlaceProblemKind.SYNTAX: "unit",
    PlaceProblemKind.UNKNOWN_PROVINCE: "unknown-province",
    PlaceProblemKind.AMBIGUOUS_PROVINCE: "unknown-province",
    PlaceProblemKind.UNKNOWN_COAST: "unit-location",
    PlaceProblemKind.MISSING_COAST: "missing-coast",
    PlaceProblemKind.ARMY_COAST: "unit-location",
    PlaceProblemKind.CANNOT_STAND: "unit-location",
}
"""The diagnostic code of each problem with a unit (``docs/positions.md`` lists them)."""


class _Reader:
    """Reads position data, collecting every problem (with its key, line and column when the
    text is known) before raising one :class:`PositionError`."""

    def __init__(
        self,
        path: str,
        text: str | None,
        root: yaml.Node | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.path = path
        self.limits = limits
        self.problems = Problems(path, text, PositionError, root=root, limits=limits)
        self.fail = self.problems.add  # a problem at a key path, prefixed with that path

    def read(self, data: Mapping[Any, Any], game_map: GameMap | None) -> Position:
        self.problems.add_duplicate_keys("key given twice (only the last would count)")
        for key in data:
            if key not in _KEYS:
                self.fail((key,), f"unknown key; expected one of {', '.join(_KEYS)}", "unknown-key")
        game_map = self.game_map(data.get("map"), game_map)
        if game_map is None:
            raise PositionError(list(self.problems.items))
        phase = self.phase(data.get("phase"), game_map.first_phase)
        units = self.units(data.get("units"), game_map)
        dislodged = self.dislodged(data.get("dislodged"), game_map)
        standoffs = self.standoffs(data.get("standoffs"), game_map)
        centers = self.centers(data.get("supply_centers"), game_map)
        self.problems.items.sort(key=lambda d: (d.line, d.column))
        self.problems.check()
        return Position(game_map.name, phase, tuple(units), tuple(dislodged), standoffs, centers)

    # ------------------------------------------------------------------ map and phase
    def game_map(self, raw: object, given: GameMap | None) -> GameMap | None:
        if raw is not None and not isinstance(raw, str):
            self.fail(("map",), "must be a map name, like 'standard', or a map file", "map")
            return given
        if given is not None:
            if raw is not None and not _is_file_name(raw):
                names = {given.name.lower(), *(a.lower() for a in given.aliases)}
                if raw.strip().lower() not in names:
                    self.fail(
                        ("map",),
                        f"this position is for map {shown(raw)}, but map {given.name!r} was given",
                        "map",
                    )
            return given
        name = raw or "standard"
        if _is_file_name(name) and not Path(name).is_absolute() and self.path[:1] != "<":
            name = str(Path(self.path).parent / name)
        try:
            return load_map(name, limits=self.limits)
        except MapError as exc:
            first = exc.diagnostics[0] if exc.diagnostics else None
            if first is None or first.code not in ("unknown-map", "io"):
                raise  # the map file itself is broken: its own error says where
            message = first.message if first.code == "unknown-map" else f"{name}: {first.message}"
            self.fail(("map",), message, "unknown-map", first.hint)
            return None

    def phase(self, raw: object, first: Phase) -> Phase:
        """The position's phase; without one, the map's first phase."""
        if raw is None:
            return first
        try:
            return Phase.parse(raw if isinstance(raw, str) else shown(raw))
        except ValueError as exc:
            self.fail(("phase",), str(exc), "phase")
            return first

    # ------------------------------------------------------------------ names
    def power(
        self, name: object, game_map: GameMap, keys: Keys, seen: dict[str, object]
    ) -> str | None:
        text = key_text(name)
        found = game_map.lookup_power(text)
        if len(found) != 1:
            close = difflib.get_close_matches(text, list(game_map.powers), n=1, cutoff=0.6)
            self.fail(
                keys,
                f"unknown power {shown(name)}; powers are {', '.join(game_map.powers)}",
                "unknown-power",
                f"did you mean {close[0]!r}?" if close else None,
            )
            return None
        power = found[0]
        if power in seen:
            self.fail(keys, f"{power} is already listed (as {shown(seen[power])})", "duplicate-key")
            return None
        seen[power] = name
        return power

    def province(self, raw: object, game_map: GameMap, keys: Keys) -> str | None:
        """A province id from an id or a name (``STP``, ``St. Petersburg``)."""
        text = key_text(raw).strip() if isinstance(raw, str | int) else ""
        if not text:
            self.fail(keys, f"expected a province, not {shown(raw)}", "unknown-province")
            return None
        found = game_map.read_province(text)
        if isinstance(found, PlaceProblem):
            self.fail(keys, found.message, "unknown-province", found.hint)
            return None
        return found

    def unit(self, power: str, raw: object, game_map: GameMap, keys: Keys) -> Unit | None:
        found = game_map.read_unit(raw if isinstance(raw, str) else shown(raw), power)
        if isinstance(found, Unit):
            return found
        syntax = found.kind is PlaceProblemKind.SYNTAX  # its message quotes the text already
        message = found.message if syntax else f"{shown(raw)}: {found.message}"
        self.fail(keys, message, _UNIT_CODES[found.kind], found.hint)
        return None

    # ------------------------------------------------------------------ sections
    def units(self, raw: object, game_map: GameMap) -> list[Unit]:
        out: list[Unit] = []
        if raw is None:
            return out
        if not isinstance(raw, dict):
            self.fail(("units",), "must map each power to a list of units", "position-shape")
            return out
        seen: dict[str, object] = {}
        where: dict[str, Unit] = {}
        for name, items in raw.items():
            power = self.power(name, game_map, ("units", name), seen)
            if power is None:
                continue
            if not isinstance(items, list):
                self.fail(
                    ("units", name), "must be a list of units like [A PAR, F BRE]", "position-shape"
                )
                continue
            for index, text in enumerate(items):
                keys: Keys = ("units", name, index)
                unit = self.unit(power, text, game_map, keys)
                if unit is None:
                    continue
                other = where.get(unit.province)
                if other is not None:
                    self.fail(
                        keys,
                        f"{unit.province} already holds {other} of {other.power}",
                        "duplicate-unit",
                    )
                    continue
                where[unit.province] = unit
                out.append(unit)
        return out

    def dislodged(self, raw: object, game_map: GameMap) -> list[Dislodgement]:
        out: list[Dislodgement] = []
        if raw is None:
            return out
        if not isinstance(raw, dict):
            self.fail(
                ("dislodged",),
                "must map each power to {unit: province it was attacked from}",
                "position-shape",
            )
            return out
        seen: dict[str, object] = {}
        where: dict[str, Unit] = {}
        for name, items in raw.items():
            power = self.power(name, game_map, ("dislodged", name), seen)
            if power is None:
                continue
            if not isinstance(items, dict):
                self.fail(
                    ("dislodged", name),
                    "must map each unit to the province it was attacked from, like {A PAR: BUR}",
                    "position-shape",
                )
                continue
            for text, origin in items.items():
                keys: Keys = ("dislodged", name, text)
                unit = self.unit(power, text, game_map, keys)
                attack = self.attack(origin, game_map, keys)
                if unit is None or attack is None:
                    continue
                if unit.province in where:
                    self.fail(
                        keys,
                        f"{unit.province} already holds the dislodged {where[unit.province]}",
                        "duplicate-unit",
                    )
                    continue
                where[unit.province] = unit
                out.append(Dislodgement(unit, attack[0], attack[1]))
        return out

    def attack(self, origin: object, game_map: GameMap, keys: Keys) -> tuple[str, bool] | None:
        """``BUR`` or ``{from: BUR, convoy: true}`` -> (province, by convoy)."""
        if not isinstance(origin, dict):
            pid = self.province(origin, game_map, keys)
            return None if pid is None else (pid, False)
        for key in origin:
            if key not in ("from", "convoy"):
                self.fail((*keys, key), "unknown key; expected 'from' and 'convoy'", "unknown-key")
        convoy = origin.get("convoy", False)
        if not isinstance(convoy, bool):
            self.fail((*keys, "convoy"), "must be true or false", "position-shape")
        if "from" not in origin:
            self.fail(keys, "missing 'from': the province the attack came from", "position-shape")
            return None
        pid = self.province(origin["from"], game_map, (*keys, "from"))
        return None if pid is None else (pid, convoy is True)

    def standoffs(self, raw: object, game_map: GameMap) -> frozenset[str]:
        if raw is None:
            return frozenset()
        if not isinstance(raw, list):
            self.fail(("standoffs",), "must be a list of provinces", "position-shape")
            return frozenset()
        found = (self.province(item, game_map, ("standoffs", i)) for i, item in enumerate(raw))
        return frozenset(pid for pid in found if pid is not None)

    def centers(self, raw: object, game_map: GameMap) -> dict[str, tuple[str, ...]]:
        if raw is None:
            return dict(game_map.starting_centers)
        if not isinstance(raw, dict):
            self.fail(
                ("supply_centers",),
                "must map each power to a list of provinces",
                "position-shape",
            )
            return {}
        out: dict[str, tuple[str, ...]] = {}
        owner: dict[str, str] = {}
        seen: dict[str, object] = {}
        for name, items in raw.items():
            power = self.power(name, game_map, ("supply_centers", name), seen)
            if power is None:
                continue
            if items is not None and not isinstance(items, list):
                self.fail(("supply_centers", name), "must be a list of provinces", "position-shape")
                continue
            owned: list[str] = []
            for index, item in enumerate(items or ()):
                keys: Keys = ("supply_centers", name, index)
                pid = self.province(item, game_map, keys)
                if pid is None:
                    continue
                if pid not in game_map.supply_centers:
                    self.fail(keys, f"{pid} is not a supply centre", "not-a-center")
                elif pid in owner:
                    again = "listed twice" if owner[pid] == power else f"owned by {owner[pid]}"
                    self.fail(keys, f"{pid} is already {again}", "duplicate-center")
                else:
                    owner[pid] = power
                    owned.append(pid)
            out[power] = tuple(owned)
        return out


def _is_file_name(name: str) -> bool:
    return name.lower().endswith((".yaml", ".yml")) or "/" in name or "\\" in name
