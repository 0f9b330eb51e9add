"""Reading a map file in stages: YAML, shape, provinces, names, adjacency, powers.

Every problem becomes a :class:`~adjudicator.errors.Diagnostic` naming the file, the key path
(``adjacency.fleet.BUL/EC``) and, where the YAML tells it, the line and column. All problems of a
stage are reported together; a later stage runs only when the earlier ones passed, so one typo does
not produce a cascade.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from adjudicator.errors import Diagnostic, MapError
from adjudicator.gamemap import GameMap, Power, Province, ProvinceType, fold_name
from adjudicator.model import Location, Unit, UnitType

_TOP_KEYS = {
    "name",
    "aliases",
    "title",
    "victory",
    "languages",
    "coasts",
    "powers",
    "provinces",
    "adjacency",
}
_PROVINCE_KEYS = {"type", "supply_center", "home", "coasts", "names"}
_POWER_KEYS = {"names", "adjective", "start"}


class _Problems:
    """Collects diagnostics, locating each key path in the YAML node tree."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.items: list[Diagnostic] = []
        try:
            self.root: yaml.Node | None = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            self.root = None

    def add(
        self, keys: tuple[object, ...], message: str, code: str, hint: str | None = None
    ) -> None:
        line, col = self._locate(keys)
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        where = ".".join(str(k) for k in keys)
        text = f"{where}: {message}" if where else message
        self.items.append(Diagnostic(text, code, self.path, line, col, source, hint=hint))

    def check(self) -> None:
        if self.items:
            raise MapError(list(self.items))

    def _locate(self, keys: tuple[object, ...]) -> tuple[int, int]:
        node = self.root
        best = (0, 0)
        for key in keys:
            if node is None:
                break
            found: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if str(k.value) == str(key):
                        best = (k.start_mark.line + 1, k.start_mark.column + 1)
                        found = v
                        break
            elif (
                isinstance(node, yaml.SequenceNode)
                and isinstance(key, int)
                and 0 <= key < len(node.value)
            ):
                found = node.value[key]
                best = (found.start_mark.line + 1, found.start_mark.column + 1)
            node = found
        return best


def parse_map_text(text: str, path: str) -> GameMap:
    """Validate a map file's text and build the :class:`GameMap`; raise :class:`MapError`."""
    problems = _Problems(text, path)
    data = _read_yaml(text, path)
    _check_shape(data, problems)
    problems.check()
    languages = tuple(str(x) for x in data.get("languages") or ["en"])
    coast_names = _read_coasts(data.get("coasts") or {}, problems)
    powers_raw: Mapping[str, Any] = data["powers"]
    provinces = _read_provinces(data["provinces"], set(powers_raw), coast_names, problems)
    problems.check()
    _check_names(provinces, powers_raw, languages, problems)
    army, fleet = _read_adjacency(data["adjacency"], provinces, problems)
    problems.check()
    powers = _read_powers(powers_raw, provinces, fleet, problems)
    victory = data.get("victory")
    if not isinstance(victory, int) or victory < 1:
        problems.add(("victory",), "must be a positive number of supply centres", "map-shape")
    problems.check()
    return GameMap(
        name=str(data["name"]),
        title=str(data.get("title") or data["name"]),
        aliases=tuple(str(a) for a in data.get("aliases") or ()),
        victory=int(victory),  # type: ignore[arg-type]
        languages=languages,
        provinces=provinces,
        powers=powers,
        coast_names=coast_names,
        army_edges=army,
        fleet_edges=fleet,
        source=path,
    )


def _read_yaml(text: str, path: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        col = mark.column + 1 if mark is not None else 0
        lines = text.splitlines()
        source = lines[line - 1] if 0 < line <= len(lines) else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise MapError.single(
            f"malformed YAML: {problem}", "yaml", path, line, col, source
        ) from None
    if not isinstance(data, dict):
        raise MapError.single("a map file must be a YAML mapping", "map-shape", path, 1, 1)
    return data


def _check_shape(data: Mapping[str, Any], problems: _Problems) -> None:
    for key in sorted(set(data) - _TOP_KEYS, key=str):
        problems.add(
            (key,), f"unknown key; expected one of {', '.join(sorted(_TOP_KEYS))}", "unknown-key"
        )
    for key in ("name", "powers", "provinces", "adjacency"):
        if key not in data:
            problems.add((), f"missing required key {key!r}", "map-shape")
    for key in ("powers", "provinces", "adjacency", "coasts"):
        if key in data and data[key] is not None and not isinstance(data[key], dict):
            problems.add((key,), "must be a mapping", "map-shape")
    adjacency = data.get("adjacency")
    if isinstance(adjacency, dict):
        for key in adjacency:
            if key not in ("army", "fleet"):
                problems.add(
                    ("adjacency", key), "unknown key; expected 'army' or 'fleet'", "unknown-key"
                )
            elif not isinstance(adjacency[key], dict):
                problems.add(("adjacency", key), "must map each location to a list", "map-shape")


def _names_of(
    raw: object, keys: tuple[object, ...], problems: _Problems
) -> dict[str, tuple[str, ...]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.add(keys, "must map a language code to a list of names", "map-shape")
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for lang, given in raw.items():
        names = [given] if isinstance(given, str) else given
        if not isinstance(names, list) or not all(isinstance(n, str | int) for n in names):
            problems.add((*keys, lang), "must be a list of names", "map-shape")
            continue
        out[str(lang)] = tuple(str(n) for n in names)
    return out


def _read_coasts(
    raw: Mapping[str, Any], problems: _Problems
) -> dict[str, dict[str, tuple[str, ...]]]:
    return {
        str(code).upper(): _names_of(words, ("coasts", code), problems)
        for code, words in raw.items()
    }


def _read_provinces(
    raw: Mapping[str, Any],
    power_names: set[str],
    coast_names: Mapping[str, object],
    problems: _Problems,
) -> dict[str, Province]:
    provinces: dict[str, Province] = {}
    for pid, spec in raw.items():
        keys: tuple[object, ...] = ("provinces", pid)
        if not isinstance(spec, dict):
            problems.add(keys, "must be a mapping with at least 'type'", "map-shape")
            continue
        for extra in sorted(set(spec) - _PROVINCE_KEYS, key=str):
            problems.add(
                (*keys, extra),
                f"unknown key; expected one of {', '.join(sorted(_PROVINCE_KEYS))}",
                "unknown-key",
            )
        try:
            kind = ProvinceType(str(spec.get("type")))
        except ValueError:
            problems.add(
                (*keys, "type"),
                f"unknown province type {spec.get('type')!r}; expected "
                "land, coast, sea or impassable",
                "province-type",
            )
            continue
        sc = spec.get("supply_center", False)
        if not isinstance(sc, bool):
            problems.add((*keys, "supply_center"), "must be true or false", "map-shape")
            sc = False
        home = spec.get("home")
        if home is not None:
            if home not in power_names:
                problems.add((*keys, "home"), f"unknown power {home!r}", "unknown-power")
            elif not sc:
                problems.add(
                    (*keys, "home"),
                    "a home centre must be a supply centre (add 'supply_center: true')",
                    "home-not-center",
                )
        coasts = tuple(str(c).upper() for c in spec.get("coasts") or ())
        if coasts and kind is not ProvinceType.COAST:
            problems.add(
                (*keys, "coasts"), f"a {kind} province cannot have coasts", "coast-of-inland"
            )
        for code in coasts:
            if code not in coast_names:
                problems.add(
                    (*keys, "coasts"),
                    f"unknown coast {code!r}; declare it under 'coasts:'",
                    "unknown-coast",
                )
        if len(coasts) == 1:
            problems.add(
                (*keys, "coasts"), "list coasts only for provinces with two or more", "single-coast"
            )
        names = _names_of(spec.get("names"), (*keys, "names"), problems)
        provinces[str(pid).upper()] = Province(str(pid).upper(), kind, sc, home, coasts, names)
    return provinces


def _check_names(
    provinces: Mapping[str, Province],
    powers: Mapping[str, Any],
    languages: tuple[str, ...],
    problems: _Problems,
) -> None:
    for lang in languages:
        seen: dict[str, str] = {}
        for pid, prov in provinces.items():
            for index, name in enumerate(prov.names.get(lang, ())):
                key = fold_name(name)
                other = seen.get(key)
                if other is not None and other != pid:
                    problems.add(
                        ("provinces", pid, "names", lang, index),
                        f"name {name!r} also means {other} in language {lang!r}",
                        "name-collision",
                    )
                seen[key] = pid
        power_seen: dict[str, str] = {}
        for power, spec in powers.items():
            names = spec.get("names", {}).get(lang, []) if isinstance(spec, dict) else []
            for index, name in enumerate([power, *names]):
                key = fold_name(str(name))
                other = power_seen.get(key)
                if other is not None and other != power:
                    problems.add(
                        ("powers", power, "names", lang, index - 1),
                        f"name {name!r} also means {other} in language {lang!r}",
                        "name-collision",
                    )
                power_seen[key] = power


def _read_adjacency(
    raw: Mapping[str, Any], provinces: Mapping[str, Province], problems: _Problems
) -> tuple[dict[str, frozenset[str]], dict[Location, frozenset[Location]]]:
    army: dict[str, frozenset[str]] = {}
    fleet: dict[Location, frozenset[Location]] = {}
    for kind, table in (("army", raw.get("army") or {}), ("fleet", raw.get("fleet") or {})):
        unit_type = UnitType.ARMY if kind == "army" else UnitType.FLEET
        edges: dict[Location, set[Location]] = {}
        for source, targets in table.items():
            keys: tuple[object, ...] = ("adjacency", kind, source)
            here = _location(str(source), unit_type, provinces, keys, problems)
            if not isinstance(targets, list):
                problems.add(keys, "must be a list of locations", "map-shape")
                continue
            found: set[Location] = set()
            for index, target in enumerate(targets):
                there = _location(str(target), unit_type, provinces, (*keys, index), problems)
                if there is not None:
                    found.add(there)
            if here is not None:
                edges.setdefault(here, set()).update(found)
        for a, bs in edges.items():
            for b in bs:
                if a not in edges.get(b, set()):
                    problems.add(
                        ("adjacency", kind, str(a)),
                        f"{a} lists {b} but {b} does not list {a}; borders are "
                        "symmetric, list both directions",
                        "asymmetric",
                    )
        if kind == "army":
            army = {a.province: frozenset(b.province for b in bs) for a, bs in edges.items()}
        else:
            fleet = {a: frozenset(bs) for a, bs in edges.items()}
    return army, fleet


def _location(
    text: str,
    unit_type: UnitType,
    provinces: Mapping[str, Province],
    keys: tuple[object, ...],
    problems: _Problems,
) -> Location | None:
    try:
        loc = Location.parse(text)
    except ValueError:
        problems.add(keys, f"invalid location {text!r}", "unknown-province")
        return None
    province = provinces.get(loc.province)
    if province is None:
        problems.add(keys, f"unknown province {loc.province!r}", "unknown-province")
        return None
    kind = province.type
    if kind is ProvinceType.IMPASSABLE:
        problems.add(keys, f"{loc.province} is impassable and can have no borders", "impassable")
        return None
    if unit_type is UnitType.ARMY:
        if kind is ProvinceType.SEA:
            problems.add(keys, f"army border into the sea {loc.province}", "army-to-sea")
            return None
        return loc.bare
    if kind is ProvinceType.LAND:
        problems.add(keys, f"fleet border into the landlocked {loc.province}", "fleet-inland")
        return None
    if loc.coast is not None and loc.coast not in province.coasts:
        problems.add(keys, f"{loc.province} has no coast {loc.coast!r}", "unknown-coast")
        return None
    if loc.coast is None and province.coasts:
        problems.add(
            keys,
            f"{loc.province} has coasts {', '.join(province.coasts)}; a fleet border must name one",
            "missing-coast",
        )
        return None
    return loc


def _read_powers(
    raw: Mapping[str, Any],
    provinces: Mapping[str, Province],
    fleet: Mapping[Location, frozenset[Location]],
    problems: _Problems,
) -> dict[str, Power]:
    powers: dict[str, Power] = {}
    occupied: dict[str, str] = {}
    for name, spec in raw.items():
        keys: tuple[object, ...] = ("powers", name)
        if not isinstance(spec, dict):
            problems.add(
                keys, "must be a mapping with 'names', 'adjective' and 'start'", "map-shape"
            )
            continue
        for extra in sorted(set(spec) - _POWER_KEYS, key=str):
            problems.add(
                (*keys, extra),
                f"unknown key; expected one of {', '.join(sorted(_POWER_KEYS))}",
                "unknown-key",
            )
        adjective = spec.get("adjective") or {}
        if isinstance(adjective, str):
            adjective = {"en": adjective}
        units: list[Unit] = []
        for index, text in enumerate(spec.get("start") or ()):
            unit = _start_unit(
                str(name), str(text), provinces, fleet, (*keys, "start", index), problems
            )
            if unit is None:
                continue
            if unit.province in occupied:
                problems.add(
                    (*keys, "start", index),
                    f"{unit.province} already holds a unit of {occupied[unit.province]}",
                    "start-unit",
                )
                continue
            occupied[unit.province] = str(name)
            units.append(unit)
        powers[str(name)] = Power(
            str(name),
            _names_of(spec.get("names"), (*keys, "names"), problems),
            {str(k): str(v) for k, v in adjective.items()},
            tuple(units),
        )
    return powers


def _start_unit(
    power: str,
    text: str,
    provinces: Mapping[str, Province],
    fleet: Mapping[Location, frozenset[Location]],
    keys: tuple[object, ...],
    problems: _Problems,
) -> Unit | None:
    kind, _, where = text.strip().partition(" ")
    if kind.upper() not in ("A", "F") or not where:
        problems.add(keys, f"invalid unit {text!r}; expected 'A PAR' or 'F STP/SC'", "start-unit")
        return None
    unit_type = UnitType(kind.upper())
    try:
        loc = Location.parse(where)
    except ValueError:
        problems.add(keys, f"invalid location in {text!r}", "start-unit")
        return None
    province = provinces.get(loc.province)
    if province is None:
        problems.add(keys, f"unknown province {loc.province!r} in {text!r}", "unknown-province")
        return None
    ok = (
        province.type in (ProvinceType.LAND, ProvinceType.COAST) and loc.coast is None
        if unit_type is UnitType.ARMY
        else (loc in fleet or (province.type is ProvinceType.SEA and loc.coast is None))
    )
    if not ok:
        kind = "fleet" if unit_type is UnitType.FLEET else "army"
        coasts = f" with coasts {'/'.join(province.coasts)}" if province.coasts else ""
        problems.add(
            keys, f"a {kind} cannot stand on {loc} ({province.type}{coasts})", "start-unit"
        )
        return None
    return Unit(power, unit_type, loc)
