"""Positions: the state of a game at the start of a phase, and their YAML/JSON files.

A position file holds ``map``, ``phase``, ``units`` (power -> units such as ``F STP/SC``),
``dislodged`` (power -> {unit: province it was attacked from}), ``standoffs`` and
``supply_centers`` (power -> provinces). :meth:`Position.to_dict` and :meth:`Position.from_dict`
round-trip exactly.

>>> from adjudicator.gamemap import load_map
>>> p = Position.initial(load_map("standard"))
>>> str(p.phase), len(p.units)
('S1901M', 22)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from adjudicator.errors import PositionError
from adjudicator.gamemap import GameMap, load_map
from adjudicator.model import Location, Phase, PhaseType, Season, Unit, UnitType
from adjudicator.outcomes import Dislodgement

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
        object.__setattr__(self, "units", tuple(sorted(self.units, key=_unit_key)))
        object.__setattr__(
            self, "dislodged", tuple(sorted(self.dislodged, key=lambda d: _unit_key(d.unit)))
        )
        object.__setattr__(self, "standoffs", frozenset(self.standoffs))
        centers = {p: tuple(sorted(set(cs))) for p, cs in sorted(self.supply_centers.items())}
        object.__setattr__(self, "supply_centers", centers)

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
        """The map's starting position, Spring 1901 movement."""
        return cls(
            map_name=game_map.name,
            phase=Phase(Season.SPRING, 1901, PhaseType.MOVEMENT),
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
        """Read position data, checking every unit and name against the map.

        Raises :class:`PositionError` naming the key of each problem.
        """
        return _Reader(path).read(data, game_map)

    def dumps(self, fmt: str = "yaml") -> str:
        """The position file text, ``yaml`` or ``json``."""
        data = self.to_dict()
        if fmt == "json":
            return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)

    @classmethod
    def loads(
        cls, text: str, game_map: GameMap | None = None, path: str = "<position>"
    ) -> Position:
        """Read a position from YAML or JSON text (JSON is YAML)."""
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 0
            col = mark.column + 1 if mark is not None else 0
            problem = getattr(exc, "problem", None) or str(exc)
            raise PositionError.single(
                f"malformed YAML: {problem}", "yaml", path, line, col
            ) from None
        if not isinstance(data, dict):
            raise PositionError.single(
                "a position file must be a mapping", "position-shape", path, 1, 1
            )
        return cls.from_dict(data, game_map, path)

    @classmethod
    def load(cls, path: str | Path, game_map: GameMap | None = None) -> Position:
        """Read a position file; raise :class:`PositionError` if it cannot be read."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PositionError.single(
                f"cannot read position file: {exc}", "io", str(path)
            ) from None
        return cls.loads(text, game_map, str(path))


def _unit_key(unit: Unit) -> tuple[str, str, str]:
    return (unit.power, unit.location.province, str(unit))


class _Reader:
    """Reads position data, collecting every problem before raising."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[str] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def read(self, data: Mapping[str, Any], game_map: GameMap | None) -> Position:
        for key in data:
            if key not in _KEYS:
                self.fail(f"unknown key {key!r}; expected one of {', '.join(_KEYS)}")
        game_map = game_map or load_map(str(data.get("map") or "standard"))
        try:
            phase = Phase.parse(str(data.get("phase") or "S1901M"))
        except ValueError as exc:
            self.fail(f"phase: {exc}")
            phase = Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
        units = list(self.units(data.get("units") or {}, game_map, "units"))
        dislodged = list(self.dislodged(data.get("dislodged") or {}, game_map))
        standoffs = frozenset(self.provinces(data.get("standoffs") or [], game_map, "standoffs"))
        centers = self.centers(data.get("supply_centers"), game_map)
        seen: dict[str, Unit] = {}
        for unit in units:
            if unit.province in seen:
                self.fail(f"units: {unit} and {seen[unit.province]} stand in the same province")
            seen[unit.province] = unit
        if self.problems:
            raise PositionError.single("; ".join(self.problems), "position", self.path)
        return Position(game_map.name, phase, tuple(units), tuple(dislodged), standoffs, centers)

    def power(self, name: object, game_map: GameMap, where: str) -> str | None:
        found = game_map.lookup_power(str(name))
        if len(found) == 1:
            return found[0]
        self.fail(f"{where}: unknown power {name!r}; powers are {', '.join(game_map.powers)}")
        return None

    def unit(self, power: str, text: str, game_map: GameMap, where: str) -> Unit | None:
        kind, _, place = str(text).strip().partition(" ")
        try:
            unit_type = UnitType(kind.upper())
            loc = Location.parse(place)
        except ValueError:
            self.fail(f"{where}: invalid unit {text!r}; expected a form like 'A PAR' or 'F STP/SC'")
            return None
        if loc.province not in game_map.provinces:
            close = game_map.suggest(loc.province)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.fail(f"{where}: unknown province {loc.province!r} in {text!r}{hint}")
            return None
        if unit_type is UnitType.ARMY and loc.coast is not None:
            loc = loc.bare
        if not game_map.is_valid_location(loc, unit_type):
            options = game_map.locations(loc.province, unit_type)
            if unit_type is UnitType.FLEET and loc.coast is None and len(options) > 1:
                choices = " or ".join(str(o) for o in options)
                self.fail(f"{where}: {text!r} needs a coast: {choices}")
            else:
                self.fail(f"{where}: a unit {text!r} cannot stand there")
            return None
        return Unit(power, unit_type, loc)

    def units(self, raw: object, game_map: GameMap, where: str) -> Iterable[Unit]:
        if not isinstance(raw, dict):
            self.fail(f"{where}: must map each power to a list of units")
            return
        for name, items in raw.items():
            power = self.power(name, game_map, where)
            if power is None:
                continue
            if not isinstance(items, list):
                self.fail(f"{where}.{name}: must be a list of units like 'A PAR'")
                continue
            for text in items:
                unit = self.unit(power, str(text), game_map, f"{where}.{name}")
                if unit is not None:
                    yield unit

    def dislodged(self, raw: object, game_map: GameMap) -> Iterable[Dislodgement]:
        if not isinstance(raw, dict):
            self.fail("dislodged: must map each power to {unit: attacked-from province}")
            return
        for name, items in raw.items():
            power = self.power(name, game_map, "dislodged")
            if power is None:
                continue
            if not isinstance(items, dict):
                self.fail(
                    f"dislodged.{name}: must map each unit to the province it was attacked from"
                )
                continue
            for text, origin in items.items():
                unit = self.unit(power, str(text), game_map, f"dislodged.{name}")
                by_convoy = isinstance(origin, dict) and bool(origin.get("convoy", False))
                source = origin.get("from") if isinstance(origin, dict) else origin
                where = f"dislodged.{name}.{text}"
                provinces = self.provinces([source], game_map, where)
                if unit is not None and provinces:
                    yield Dislodgement(unit, provinces[0], by_convoy)

    def provinces(self, raw: object, game_map: GameMap, where: str) -> list[str]:
        if not isinstance(raw, list):
            self.fail(f"{where}: must be a list of provinces")
            return []
        out = []
        for item in raw:
            pid = str(item).strip().upper().partition("/")[0]
            if pid not in game_map.provinces:
                self.fail(f"{where}: unknown province {item!r}")
            else:
                out.append(pid)
        return out

    def centers(self, raw: object, game_map: GameMap) -> dict[str, tuple[str, ...]]:
        if raw is None:
            return dict(game_map.starting_centers)
        if not isinstance(raw, dict):
            self.fail("supply_centers: must map each power to a list of provinces")
            return {}
        out: dict[str, tuple[str, ...]] = {}
        owner: dict[str, str] = {}
        for name, items in raw.items():
            power = self.power(name, game_map, "supply_centers")
            if power is None:
                continue
            provinces = self.provinces(items or [], game_map, f"supply_centers.{name}")
            for pid in provinces:
                if pid not in game_map.supply_centers:
                    self.fail(f"supply_centers.{name}: {pid} is not a supply centre")
                elif pid in owner:
                    self.fail(f"supply_centers: {pid} is owned by both {owner[pid]} and {power}")
                owner[pid] = power
            out[power] = tuple(provinces)
        return out
