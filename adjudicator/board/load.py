"""Reading a map file in stages: YAML, shape, provinces, names, adjacency, powers.

Every problem becomes a :class:`~adjudicator.base.errors.Diagnostic` naming the file, the key path
(``adjacency.fleet.BUL/EC[2]``) and, where the YAML tells it, the line and column. All problems
of a stage are reported together; a later stage runs only when the earlier ones passed, so one
typo does not produce a cascade. Nothing but :class:`~adjudicator.base.errors.MapError` ever leaves
:func:`parse_map_text`, whatever the text.

``docs/maps.md`` lists every diagnostic code.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import os
import re
import stat
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

import yaml

from adjudicator.base.errors import MapError, cut
from adjudicator.base.limits import DEFAULT_LIMITS, Limits
from adjudicator.base.model import Location, Unit, UnitType
from adjudicator.base.sources import Keys, Problems, load_yaml_tree
from adjudicator.board.map import GameMap, Power, Province, ProvinceType
from adjudicator.board.map_options import check_map_rules, read_first_phase, read_rule_words
from adjudicator.lang.fold import fold_name

__all__ = ["parse_map_text"]

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
    "shared_names",
    "first_phase",
    "rules",
    "drawing",
}
_REQUIRED = ("name", "victory", "powers", "provinces", "adjacency")
_PROVINCE_KEYS = {"type", "supply_center", "home", "coasts", "names"}
_POWER_KEYS = {"names", "adjective", "start", "colour"}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_CODE = re.compile(r"[A-Za-z0-9]+")

_PowerNames = Mapping[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]]
"""Power -> (names per language, adjective per language)."""


def parse_map_text(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> GameMap:
    """Validate a map file's text and build the :class:`GameMap`; raise :class:`MapError`
    (also for YAML beyond ``limits``: nesting, aliases, the longest number)."""
    data, root = _read_yaml(text, path, limits)
    problems = Problems(path, text, MapError, root=root, limits=limits)
    problems.add_duplicate_keys("key given twice (YAML keeps only the last)")
    _check_shape(data, problems)
    first_phase = read_first_phase(data.get("first_phase"), problems)
    rule_words = read_rule_words(data.get("rules"), problems)
    problems.check()
    languages = tuple(str(x) for x in data.get("languages") or ["en"])
    coast_names = _read_coasts(data.get("coasts") or {}, languages, problems)
    powers_raw: Mapping[Any, Any] = data["powers"]
    provinces, raw_ids = _read_provinces(
        data["provinces"], powers_raw, coast_names, languages, problems
    )
    power_names = _read_power_names(powers_raw, languages, problems)
    shared = _read_shared_names(data.get("shared_names"), languages, problems)
    problems.check()
    provinces, power_names, coast_names = _with_dialects(
        languages, provinces, power_names, coast_names
    )
    _check_names(provinces, raw_ids, power_names, coast_names, languages, shared, problems)
    army, fleet = _read_adjacency(data["adjacency"], provinces, problems)
    problems.check()
    powers = _read_powers(powers_raw, power_names, provinces, problems)
    victory = data["victory"]
    centres = sum(1 for p in provinces.values() if p.supply_center)
    if victory > centres:
        problems.add(
            ("victory",),
            f"{victory} supply centres needed but the map has only {centres}",
            "victory",
        )
    check_map_rules(rule_words, first_phase, powers, problems)
    problems.check()
    return GameMap(
        name=str(data["name"]),
        title=str(data.get("title") or data["name"]),
        aliases=tuple(str(a) for a in data.get("aliases") or ()),
        victory=victory,
        languages=languages,
        provinces=provinces,
        powers=powers,
        coast_names=coast_names,
        army_edges=army,
        fleet_edges=fleet,
        source=path,
        first_phase=first_phase,
        rules=rule_words,
        drawing=str(data["drawing"]) if data.get("drawing") else None,
    )


# --------------------------------------------------------------------- stage 1: YAML and shape
def _read_yaml(text: str, path: str, limits: Limits) -> tuple[dict[Any, Any], yaml.Node | None]:
    data, root = load_yaml_tree(text, path, MapError, limits)
    if not isinstance(data, dict):
        raise MapError.single("a map file must be a YAML mapping", "map-shape", path, 1, 1)
    return data, root


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: object) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _unknown_keys(
    data: Mapping[Any, Any], allowed: set[str], keys: Keys, problems: Problems
) -> None:
    for extra in sorted(set(data) - allowed, key=str):
        problems.add(
            (*keys, extra),
            f"unknown key; expected one of {', '.join(sorted(allowed))}",
            "unknown-key",
        )


def _check_shape(data: Mapping[Any, Any], problems: Problems) -> None:
    _unknown_keys(data, _TOP_KEYS, (), problems)
    for key in _REQUIRED:
        if key not in data:
            problems.add((), f"missing required key {key!r}", "map-shape")
    if "name" in data and not _is_text(data["name"]):
        problems.add(("name",), "must be the map's name, a non-empty text", "map-shape")
    for key in ("title", "drawing"):
        if key in data and data[key] is not None and not isinstance(data[key], str):
            problems.add((key,), "must be a text", "map-shape")
    for key in ("aliases", "languages"):
        value = data.get(key)
        if value is not None and (
            not isinstance(value, list) or not all(_is_text(v) for v in value)
        ):
            problems.add((key,), "must be a list of names, like [a, b]", "map-shape")
    if data.get("languages") == []:
        problems.add(("languages",), "must list at least one language", "map-shape")
    for key in ("powers", "provinces", "adjacency"):
        if key in data and (not isinstance(data[key], dict) or not data[key]):
            problems.add((key,), "must be a mapping with at least one entry", "map-shape")
    _check_sections(data, problems)


def _check_sections(data: Mapping[Any, Any], problems: Problems) -> None:
    victory = data.get("victory")
    if "victory" in data and (not _is_int(victory) or victory < 1):
        problems.add(
            ("victory",),
            f"must be a positive number of supply centres, not {victory!r}",
            "victory",
        )
    if "coasts" in data and data["coasts"] is not None and not isinstance(data["coasts"], dict):
        problems.add(("coasts",), "must map each coast code to its words", "map-shape")
    adjacency = data.get("adjacency")
    if isinstance(adjacency, dict):
        for key, table in adjacency.items():
            if key not in ("army", "fleet"):
                problems.add(
                    ("adjacency", key), "unknown key; expected 'army' or 'fleet'", "unknown-key"
                )
            elif table is not None and not isinstance(table, dict):
                problems.add(("adjacency", key), "must map each location to a list", "map-shape")


# --------------------------------------------------------------------- stage 2: declarations
def _names_of(
    raw: object, keys: Keys, languages: tuple[str, ...], problems: Problems
) -> dict[str, tuple[str, ...]]:
    """``{en: [Name, alias], de: Name}`` -> language -> names."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.add(keys, "must map a language code to a list of names", "map-shape")
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for lang, given in raw.items():
        if str(lang) not in languages:
            problems.add(
                (*keys, lang),
                f"language {lang!r} is not declared",
                "unknown-language",
                hint=f"add it to 'languages:' ({', '.join(languages)})",
            )
            continue
        names = [given] if isinstance(given, str) else given
        if not isinstance(names, list) or not all(_is_text(n) or _is_int(n) for n in names):
            problems.add(
                (*keys, lang),
                "must be a list of non-empty names (quote names YAML reads otherwise, like 'no')",
                "map-shape",
            )
            continue
        out[str(lang)] = tuple(str(n).strip() for n in names)
    return out


def _read_coasts(
    raw: Mapping[Any, Any], languages: tuple[str, ...], problems: Problems
) -> dict[str, dict[str, tuple[str, ...]]]:
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for code, words in raw.items():
        if not _CODE.fullmatch(str(code)):
            problems.add(("coasts", code), "a coast code must be letters and digits", "map-shape")
            continue
        out[str(code).upper()] = _names_of(words, ("coasts", code), languages, problems)
    return out


def _read_provinces(
    raw: Mapping[Any, Any],
    powers: Mapping[Any, Any],
    coast_names: Mapping[str, object],
    languages: tuple[str, ...],
    problems: Problems,
) -> tuple[dict[str, Province], dict[str, object]]:
    """Province id -> Province, and province id -> the key as the file wrote it."""
    provinces: dict[str, Province] = {}
    raw_ids: dict[str, object] = {}
    power_names = {str(p) for p in powers}
    for pid_raw, spec in raw.items():
        keys: Keys = ("provinces", pid_raw)
        pid = str(pid_raw).upper()
        if not _CODE.fullmatch(pid):
            problems.add(
                keys, "a province id must be letters and digits, like 'STP'", "province-id"
            )
            continue
        if pid in raw_ids:
            problems.add(keys, f"same id as {raw_ids[pid]} (ids ignore case)", "duplicate-key")
            continue
        raw_ids[pid] = pid_raw
        province = _read_province(pid, spec, keys, power_names, coast_names, languages, problems)
        if province is not None:
            provinces[pid] = province
    return provinces, raw_ids


def _read_province(
    pid: str,
    spec: object,
    keys: Keys,
    power_names: set[str],
    coast_names: Mapping[str, object],
    languages: tuple[str, ...],
    problems: Problems,
) -> Province | None:
    if not isinstance(spec, dict):
        problems.add(keys, "must be a mapping with at least 'type'", "map-shape")
        return None
    _unknown_keys(spec, _PROVINCE_KEYS, keys, problems)
    try:
        kind = ProvinceType(str(spec.get("type")))
    except ValueError:
        problems.add(
            (*keys, "type") if "type" in spec else keys,
            f"unknown province type {spec.get('type')!r}; expected land, coast, sea or impassable",
            "province-type",
        )
        return None
    sc = spec.get("supply_center", False)
    if not isinstance(sc, bool):
        problems.add((*keys, "supply_center"), "must be true or false", "map-shape")
        sc = False
    home = _home(spec.get("home"), sc, (*keys, "home"), power_names, problems)
    coasts = _province_coasts(spec.get("coasts"), kind, (*keys, "coasts"), coast_names, problems)
    names = _names_of(spec.get("names"), (*keys, "names"), languages, problems)
    return Province(pid, kind, sc, home, coasts, names)


def _home(
    home: object, supply_center: bool, keys: Keys, power_names: set[str], problems: Problems
) -> str | None:
    """The power whose home centre the province is, if any and valid."""
    if home is None:
        return None
    if not isinstance(home, str) or home not in power_names:
        problems.add(
            keys,
            f"unknown power {home!r}; powers are {', '.join(sorted(power_names))}",
            "unknown-power",
        )
        return None
    if not supply_center:
        problems.add(
            keys,
            "a home centre must be a supply centre (add 'supply_center: true')",
            "home-not-center",
        )
    return home


def _province_coasts(
    raw: object,
    kind: ProvinceType,
    keys: Keys,
    coast_names: Mapping[str, object],
    problems: Problems,
) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(_is_text(c) for c in raw):
        problems.add(keys, "must be a list of coast codes, like [NC, SC]", "map-shape")
        return ()
    coasts = tuple(str(c).strip().upper() for c in raw)
    if coasts and kind is not ProvinceType.COAST:
        problems.add(keys, f"a {kind} province cannot have coasts", "coast-of-inland")
    for code in coasts:
        if code not in coast_names:
            problems.add(
                keys, f"unknown coast {code!r}; declare it under 'coasts:'", "unknown-coast"
            )
    if len(set(coasts)) != len(coasts):
        problems.add(keys, "a coast is listed twice", "duplicate-key")
    if len(coasts) == 1:
        problems.add(
            keys,
            "list coasts only for provinces with two or more; one coast is the province itself",
            "single-coast",
        )
    return coasts


def _read_power_names(
    raw: Mapping[Any, Any], languages: tuple[str, ...], problems: Problems
) -> dict[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]]:
    """Power -> (names per language, adjective per language)."""
    out: dict[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]] = {}
    for name, spec in raw.items():
        keys: Keys = ("powers", name)
        if not _is_text(name):
            problems.add(keys, "a power's name must be a text", "map-shape")
            continue
        if not isinstance(spec, dict):
            problems.add(
                keys, "must be a mapping with 'names', 'adjective' and 'start'", "map-shape"
            )
            continue
        _unknown_keys(spec, _POWER_KEYS, keys, problems)
        names = _names_of(spec.get("names"), (*keys, "names"), languages, problems)
        adjective = spec.get("adjective")
        adjectives: dict[str, str] = {}
        if isinstance(adjective, str):
            adjectives = {languages[0]: adjective}
        elif isinstance(adjective, dict):
            for lang, words in _names_of(
                adjective, (*keys, "adjective"), languages, problems
            ).items():
                if len(words) != 1:
                    problems.add(
                        (*keys, "adjective", lang), "must be one word per language", "map-shape"
                    )
                else:
                    adjectives[lang] = words[0]
        elif adjective is not None:
            problems.add((*keys, "adjective"), "must be a word or {language: word}", "map-shape")
        out[str(name)] = (names, adjectives)
    return out


def _read_shared_names(
    raw: object, languages: tuple[str, ...], problems: Problems
) -> dict[str, frozenset[str]]:
    """``shared_names: {de: [liv]}``: folded names that may mean several provinces of one
    language (a reader then asks the position, or reports every candidate)."""
    found = _names_of(raw, ("shared_names",), languages, problems)
    shared = {lang: frozenset(fold_name(n) for n in names) for lang, names in found.items()}
    for lang in languages:  # a dialect shares its base language's shared names
        base = dialect_base(lang, languages)
        if base is not None:
            shared[lang] = shared.get(lang, frozenset()) | shared.get(base, frozenset())
    return shared


def dialect_base(lang: str, languages: tuple[str, ...]) -> str | None:
    """The language a dialect code extends (``de`` for ``de-dpjudge``), None for a language."""
    base, dash, _ = lang.partition("-")
    return base if dash and base in languages and base != lang else None


def _with_dialects(
    languages: tuple[str, ...],
    provinces: dict[str, Province],
    powers: dict[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]],
    coasts: dict[str, dict[str, tuple[str, ...]]],
) -> tuple[
    dict[str, Province],
    dict[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]],
    dict[str, dict[str, tuple[str, ...]]],
]:
    """Names for each dialect (``de-dpjudge``): its own names, and its base language's names
    that it does not give to another province (``tyr``). A dialect is a set of names only, so
    powers and coasts keep the base language's words."""
    for lang in languages:
        base = dialect_base(lang, languages)
        if base is None:
            continue
        own = {fold_name(n): pid for pid, p in provinces.items() for n in p.names.get(lang, ())}
        for pid, province in list(provinces.items()):
            kept = [n for n in province.names.get(base, ()) if own.get(fold_name(n), pid) == pid]
            names = {**province.names, lang: (*kept, *province.names.get(lang, ()))}
            provinces[pid] = dataclasses.replace(province, names=names)
        for names, adjectives in powers.values():
            names.setdefault(lang, names.get(base, ()))
            if base in adjectives:
                adjectives.setdefault(lang, adjectives[base])
        for words in coasts.values():
            words.setdefault(lang, words.get(base, ()))
    return provinces, powers, coasts


_Spelling = tuple[str, Keys, str]
"""Who a word names (a province, power or coast), where the file wrote it, and the word."""


def _check_names(
    provinces: Mapping[str, Province],
    raw_ids: Mapping[str, object],
    powers: _PowerNames,
    coasts: Mapping[str, Mapping[str, tuple[str, ...]]],
    languages: tuple[str, ...],
    shared: Mapping[str, frozenset[str]],
    problems: Problems,
) -> None:
    """Within one language one folded name means one province, one power, one coast, except
    the province names ``shared_names`` declares shared on purpose (German ``Liv``)."""
    for lang in languages:
        province_words = [
            (pid, ("provinces", raw_ids[pid], "names", lang, index), name)
            for pid, prov in provinces.items()
            for index, name in enumerate(prov.names.get(lang, ()))
            if fold_name(name) not in shared.get(lang, frozenset())
        ]
        _collisions(province_words, lang, "name", problems)
        _collisions(_power_words(powers, lang), lang, "name", problems)
        coast_words = [
            (code, ("coasts", code, lang, index - 1) if index else ("coasts", code), word)
            for code, words in coasts.items()
            for index, word in enumerate((code, *words.get(lang, ())))
        ]
        _collisions(coast_words, lang, "coast word", problems)


def _power_words(powers: _PowerNames, lang: str) -> list[_Spelling]:
    """Each power's own name, its names in ``lang`` and its adjective in ``lang``."""
    out: list[_Spelling] = []
    for power, (names, adjectives) in powers.items():
        out.append((power, ("powers", power), power))
        out += [
            (power, ("powers", power, "names", lang, i), n)
            for i, n in enumerate(names.get(lang, ()))
        ]
        if lang in adjectives:
            out.append((power, ("powers", power, "adjective"), adjectives[lang]))
    return out


def _collisions(spellings: Iterable[_Spelling], lang: str, noun: str, problems: Problems) -> None:
    """A problem for each word that folds like an earlier word naming something else."""
    seen: dict[str, str] = {}
    for owner, keys, word in spellings:
        key = fold_name(word)
        other = seen.get(key)
        if other is not None and other != owner:
            problems.add(
                keys,
                f"{noun} {word!r} also means {other} in language {lang!r}",
                "name-collision",
            )
        seen.setdefault(key, owner)


# --------------------------------------------------------------------- stage 3: adjacency
def _read_adjacency(
    raw: Mapping[Any, Any], provinces: Mapping[str, Province], problems: Problems
) -> tuple[dict[str, frozenset[str]], dict[Location, frozenset[Location]]]:
    army = _read_edges(raw.get("army") or {}, UnitType.ARMY, provinces, problems)
    fleet = _read_edges(raw.get("fleet") or {}, UnitType.FLEET, provinces, problems)
    return (
        {a.province: frozenset(b.province for b in bs) for a, bs in army.items()},
        fleet,
    )


def _read_edges(
    table: Mapping[Any, Any],
    unit_type: UnitType,
    provinces: Mapping[str, Province],
    problems: Problems,
) -> dict[Location, frozenset[Location]]:
    kind = "army" if unit_type is UnitType.ARMY else "fleet"
    edges: dict[Location, set[Location]] = {}
    written: dict[Location, object] = {}
    for source, targets in table.items():
        keys: Keys = ("adjacency", kind, source)
        here = _location(str(source), unit_type, provinces, keys, problems)
        if here is not None and here in written:
            problems.add(keys, f"{here} is listed twice (as {written[here]!r})", "duplicate-key")
            here = None
        if here is not None:
            written[here] = source
        if not isinstance(targets, list):
            problems.add(keys, "must be a list of locations, like [PAR, BUR]", "map-shape")
            continue
        found: set[Location] = set()
        for index, target in enumerate(targets):
            there = _location(str(target), unit_type, provinces, (*keys, index), problems)
            if there is not None and there == here:
                problems.add((*keys, index), f"{here} cannot border itself", "self-border")
            elif there is not None:
                found.add(there)
        if here is not None:
            edges[here] = found
    for a, bs in edges.items():
        for b in sorted(bs):
            if a not in edges.get(b, set()):
                problems.add(
                    ("adjacency", kind, written[a]),
                    f"{a} lists {b} but {b} does not list {a}; borders are "
                    "symmetric, list both directions",
                    "asymmetric",
                    hint=f"add {a} to the list of {b}",
                )
    return {a: frozenset(bs) for a, bs in edges.items()}


def _location(
    text: str,
    unit_type: UnitType,
    provinces: Mapping[str, Province],
    keys: Keys,
    problems: Problems,
) -> Location | None:
    try:
        loc = Location.parse(text)
    except ValueError:
        problems.add(
            keys, f"invalid location {text!r}; expected a form like PAR or STP/NC", "location"
        )
        return None
    province = provinces.get(loc.province)
    if province is None:
        problems.add(keys, f"unknown province {loc.province!r}", "unknown-province")
        return None
    if province.type is ProvinceType.IMPASSABLE:
        problems.add(keys, f"{loc.province} is impassable and can have no borders", "impassable")
        return None
    wrong = (
        _army_border(loc, province) if unit_type is UnitType.ARMY else _fleet_border(loc, province)
    )
    if wrong is not None:
        problems.add(keys, *wrong)
        return None
    return loc


def _army_border(loc: Location, province: Province) -> tuple[str, str] | None:
    """Why an army border cannot end at ``loc`` (message, code), or ``None``."""
    if province.type is ProvinceType.SEA:
        return f"army border into the sea {loc.province}", "army-to-sea"
    if loc.coast is not None:
        return f"armies ignore coasts; write {loc.province}, not {loc}", "army-coast"
    return None


def _fleet_border(loc: Location, province: Province) -> tuple[str, str] | None:
    """Why a fleet border cannot end at ``loc`` (message, code), or ``None``."""
    if province.type is ProvinceType.LAND:
        return f"fleet border into the landlocked {loc.province}", "fleet-inland"
    if loc.coast is not None and loc.coast not in province.coasts:
        has = (
            f"its coasts are {', '.join(province.coasts)}"
            if province.coasts
            else f"it has no named coasts, write {loc.province}"
        )
        return f"{loc.province} has no coast {loc.coast!r}; {has}", "unknown-coast"
    if loc.coast is None and province.coasts:
        coasts = ", ".join(province.coasts)
        return f"{loc.province} has coasts {coasts}; a fleet border must name one", "missing-coast"
    return None


# --------------------------------------------------------------------- stage 4: powers
def _read_powers(
    raw: Mapping[Any, Any],
    names: _PowerNames,
    provinces: Mapping[str, Province],
    problems: Problems,
) -> dict[str, Power]:
    powers: dict[str, Power] = {}
    occupied: dict[str, str] = {}
    for name, spec in raw.items():
        keys: Keys = ("powers", name)
        start = spec.get("start")
        if start is not None and not isinstance(start, list):
            problems.add(
                (*keys, "start"), "must be a list of units, like [A PAR, F BRE]", "map-shape"
            )
            start = None
        units: list[Unit] = []
        for index, text in enumerate(start or ()):
            unit = _start_unit(str(name), text, provinces, (*keys, "start", index), problems)
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
        power_names, adjectives = names[str(name)]
        colour = spec.get("colour")
        if colour is not None and not (isinstance(colour, str) and _COLOUR.fullmatch(colour)):
            problems.add(
                (*keys, "colour"), "must be a colour written #rrggbb, like '#2a6fdb'", "map-shape"
            )
            colour = None
        powers[str(name)] = Power(
            str(name), power_names, adjectives, tuple(units), colour.lower() if colour else None
        )
    return powers


def _start_unit(
    power: str,
    raw: object,
    provinces: Mapping[str, Province],
    keys: Keys,
    problems: Problems,
) -> Unit | None:
    """A starting unit, written in the canonical form (:meth:`Unit.parse`) only."""
    try:
        unit = Unit.parse(raw if isinstance(raw, str) else repr(raw), power)
    except ValueError as exc:
        problems.add(keys, str(exc), "start-unit")
        return None
    province = provinces.get(unit.province)
    if province is None:
        problems.add(keys, f"unknown province {unit.province!r} in {raw!r}", "unknown-province")
        return None
    problem = province.placement_problem(unit.type, unit.location)
    if problem is not None:
        # The loader's messages carry their fix inline, as its other checks do.
        message = problem.message if problem.hint is None else f"{problem.message}; {problem.hint}"
        problems.add(keys, message, "start-unit")
        return None
    return unit


def available_maps() -> list[str]:
    """Names of the maps shipped with the package."""
    folder = resources.files("adjudicator.maps")
    return sorted(
        entry.name.removesuffix(".yaml")
        for entry in folder.iterdir()
        if entry.name.endswith(".yaml")
    )


def load_map(name_or_path: str | Path, *, limits: Limits = DEFAULT_LIMITS) -> GameMap:
    """Load a shipped map by name or alias (``standard``, ``classic``) or a map file by path.

    Raises :class:`MapError` with the file and key of every problem (a map file beyond
    ``limits`` is one), and :class:`TypeError` for an argument that is neither a text nor a
    path.
    """
    if not isinstance(name_or_path, str | os.PathLike):
        raise TypeError(
            "load_map: name_or_path must be a map name or a path (str or os.PathLike), "
            f"not {type(name_or_path).__name__}"
        )
    text = os.fspath(name_or_path)
    if not isinstance(text, str):  # a bytes path
        raise TypeError("load_map: name_or_path must be a text path, not bytes")
    if "\0" in text:
        raise MapError.single(
            f"unknown map {_quoted(text)}: a map name or path cannot contain a NUL byte",
            "unknown-map",
        )
    # os.path.isfile, not Path.is_file: it answers False for a text no path can be (a name too
    # long for the file system raises OSError from Path.is_file), which is then a map name
    if text.endswith((".yaml", ".yml")) or os.path.isfile(text):
        _refuse_special_file(text)
        return _load_path(str(Path(text).resolve()), limits)
    return _load_shipped(text.strip().lower())


def _refuse_special_file(path: str) -> None:
    """:class:`MapError` for a FIFO, a device or a socket named as a map file: opening a FIFO
    blocks until some program writes to it (a position's ``map:`` may name any path)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return  # missing or unusable: the reader says so
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise MapError.single(
            "not a regular file (a FIFO, a device or a socket), so not a map file",
            "io",
            path,
        )


_QUOTED = 60
"""Characters of a map name quoted in a message: a name longer than that is cut short."""


def _quoted(name: str) -> str:
    return repr(cut(name, _QUOTED + 1))


@functools.cache
def _load_shipped(name: str) -> GameMap:
    folder = resources.files("adjudicator.maps")
    names = available_maps()
    if name in names:
        entry = folder / f"{name}.yaml"
        return parse_map_text(entry.read_text(encoding="utf-8"), f"maps/{name}.yaml")
    for other in names:
        game_map = _load_shipped(other)
        if name in (a.lower() for a in game_map.aliases):
            return game_map
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"did you mean {close[0]!r}?" if close else None
    raise MapError.single(
        f"unknown map {_quoted(name)}; available maps: {', '.join(names) or 'none'}",
        "unknown-map",
        hint=hint,
    )


@functools.lru_cache(maxsize=32)
def _load_path(path: str, limits: Limits) -> GameMap:
    from adjudicator.base.sources import read_source

    return parse_map_text(read_source(path, MapError, "map file", limits), path, limits)
