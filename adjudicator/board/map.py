"""Maps: provinces, coasts, adjacency and powers, loaded from ``maps/<name>.yaml``.

:class:`GameMap` answers every geographic question the parser, the legality checks and the
resolver ask; the graphs inside it are private. Load maps with
:func:`~adjudicator.board.load.load_map` (by name, alias or path; cached per file).
``docs/maps.md`` documents the file format.

>>> from adjudicator.board.load import load_map
>>> m = load_map("standard")
>>> m.adjacent(Location("MAO"), Location("SPA", "NC"), UnitType.FLEET)
True
>>> m.lookup("St. Petersburg")
('STP',)
>>> str(m.read_unit("f stp(sc)", "Russia"))
'F STP/SC'

Every reader of units and places written as text (position, case, jDip and saved-game files)
goes through :meth:`GameMap.read_unit`, :meth:`GameMap.read_location` or
:meth:`GameMap.unit_problem`, and reports the :class:`PlaceProblem` it gets back with its own
file, line, column and code.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.base.model import Location, Phase, Unit, UnitType
from adjudicator.board import graph
from adjudicator.board.map_rules import DEFAULT_FIRST_PHASE, MapRule
from adjudicator.lang.fold import DEFAULT_LANGUAGE, fold_name
from adjudicator.lang.languages import LANGUAGES, inflections


class ProvinceType(StrEnum):
    LAND = "land"
    """Inland: armies only."""
    COAST = "coast"
    """Coastal: armies, and fleets along its coast(s)."""
    SEA = "sea"
    """Open water: fleets only."""
    IMPASSABLE = "impassable"
    """No unit may ever enter (Switzerland)."""


@dataclass(frozen=True, slots=True)
class Province:
    """One province of a map."""

    id: str
    type: ProvinceType
    supply_center: bool
    home: str | None
    """The power whose home centre this is, if any."""
    coasts: tuple[str, ...]
    """Named coasts (``NC``, ``SC``) of a multi-coast province; empty otherwise."""
    names: Mapping[str, tuple[str, ...]]
    """Language -> names, display name first."""

    def name(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The display name in ``lang`` (English when that language has none)."""
        names = self.names.get(lang) or self.names.get(DEFAULT_LANGUAGE) or (self.id,)
        return names[0]

    def locations(self, unit_type: UnitType) -> tuple[Location, ...]:
        """Where a unit of ``unit_type`` may stand here (its coasts, for a fleet in a province
        with named coasts); empty if the unit can never be here."""
        if unit_type is UnitType.ARMY:
            ok = self.type in (ProvinceType.LAND, ProvinceType.COAST)
            return (Location(self.id),) if ok else ()
        if self.type not in (ProvinceType.SEA, ProvinceType.COAST):
            return ()
        if self.coasts:
            return tuple(Location(self.id, c) for c in self.coasts)
        return (Location(self.id),)

    def placement_problem(self, unit_type: UnitType, location: Location) -> PlaceProblem | None:
        """Why a unit of ``unit_type`` cannot stand exactly on ``location`` of this province
        (``None`` if it can): the map loader's check of starting units, and the last step of
        every reader of units (:meth:`GameMap.read_unit`, :meth:`GameMap.unit_problem`)."""
        if location.coast is not None and location.coast not in self.coasts:
            return _unknown_coast(self, location.coast, unit_type)
        options = self.locations(unit_type)
        if location in options:
            return None
        if not options:
            if self.type is ProvinceType.IMPASSABLE:
                message = f"{self.id} is impassable"
            elif unit_type is UnitType.ARMY:
                message = f"an army cannot stand in the sea {self.id}"
            else:
                message = f"a fleet cannot stand in the inland {self.id}"
            return PlaceProblem(PlaceProblemKind.CANNOT_STAND, message, unit_type=unit_type)
        kind, message = (
            (PlaceProblemKind.ARMY_COAST, f"an army stands in {self.id}, not on a coast")
            if unit_type is UnitType.ARMY
            else (PlaceProblemKind.MISSING_COAST, f"a fleet in {self.id} needs its coast")
        )
        problem = PlaceProblem(kind, message, options=options, unit_type=unit_type)
        return replace(problem, hint=f"write {problem.choices}")


@dataclass(frozen=True, slots=True)
class Power:
    """One power (player) of a map."""

    name: str
    names: Mapping[str, tuple[str, ...]]
    adjectives: Mapping[str, str]
    start: tuple[Unit, ...]
    colour: str | None = None
    """The power's colour on a board picture (``#rrggbb``), if the map gives one."""

    def display(self, lang: str = DEFAULT_LANGUAGE) -> str:
        names = self.names.get(lang) or (self.name,)
        return names[0]

    def adjective(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.adjectives.get(lang) or self.adjectives.get(DEFAULT_LANGUAGE) or self.name


class PlaceProblemKind(StrEnum):
    """Why a unit or a place written as text cannot be read (:class:`PlaceProblem`)."""

    SYNTAX = "syntax"
    """Not a unit: no ``A``, ``F``, ``Army`` or ``Fleet`` first, or no place after it."""
    UNKNOWN_PROVINCE = "unknown-province"
    AMBIGUOUS_PROVINCE = "ambiguous-province"
    UNKNOWN_COAST = "unknown-coast"
    """A coast word the map does not know, or a coast the province does not have."""
    MISSING_COAST = "missing-coast"
    """A fleet in a province with named coasts, written without its coast."""
    ARMY_COAST = "army-coast"
    """An army written on a coast. Only the check of canonical units refuses it; the readers of
    hand-written text drop the coast, since armies ignore coasts."""
    CANNOT_STAND = "cannot-stand"
    """An army at sea, a fleet inland, any unit in an impassable province."""


@dataclass(frozen=True, slots=True)
class PlaceProblem:
    """Why a unit or a place could not be read, as a value rather than an exception: each reader
    (positions, case files, jDip files, saved games, map files) turns it into a diagnostic with
    its own file, line, column and code."""

    kind: PlaceProblemKind
    message: str
    """Lower case, quoting what is wrong: ``unknown province 'Pariss'``."""
    hint: str | None = None
    """A way out: ``did you mean 'PAR' (Paris)?``, ``write F SPA/NC or F SPA/SC``."""
    offset: int = 0
    """Where the fault starts in the text read: the place, for a problem of its province or
    coast; ``0`` for a problem of the unit as a whole."""
    options: tuple[Location, ...] = ()
    """Where the unit may stand in that province, when it may stand there at all."""
    unit_type: UnitType | None = None
    suggestion: str | None = None
    """The province an unknown name most likely meant (the hint names it)."""

    @property
    def choices(self) -> str:
        """:attr:`options` written as units: ``F STP/NC or F STP/SC``."""
        prefix = "" if self.unit_type is None else f"{self.unit_type!s} "
        return " or ".join(f"{prefix}{option!s}" for option in self.options)


def _unknown_coast(province: Province, coast: str, unit_type: UnitType | None) -> PlaceProblem:
    has = f"it has {', '.join(province.coasts)}" if province.coasts else "it has no named coasts"
    options = () if unit_type is None else province.locations(unit_type)
    problem = PlaceProblem(
        PlaceProblemKind.UNKNOWN_COAST,
        f"unknown coast {coast!r} of {province.id}; {has}",
        options=options,
        unit_type=unit_type,
    )
    return replace(problem, hint=f"write {problem.choices}") if options else problem


_WORDS = re.compile(r"[\s\-]+")
_UNIT_TEXT = re.compile(r"(?i)\s*(a|f|army|fleet)\s+(\S.*?)\s*")
"""A unit written by hand: its type, then its place (``Fleet St. Petersburg (south coast)``)."""


_PLACE_TEXT = re.compile(r"\s*([^/()]+?)\s*(?:/\s*([^/()]+?)|\(\s*([^/()]+?)\s*\))?\s*")
"""A place: a province, then a coast after ``/`` or in brackets (``stp/sc``, ``Spain (nc)``)."""


class GameMap:
    """A loaded, validated map. Immutable; share one instance per map file."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        aliases: tuple[str, ...],
        victory: int,
        languages: tuple[str, ...],
        provinces: Mapping[str, Province],
        powers: Mapping[str, Power],
        coast_names: Mapping[str, Mapping[str, tuple[str, ...]]],
        army_edges: Mapping[str, frozenset[str]],
        fleet_edges: Mapping[Location, frozenset[Location]],
        source: str,
        first_phase: Phase = DEFAULT_FIRST_PHASE,
        rules: frozenset[MapRule] = frozenset(),
        drawing: str | None = None,
    ) -> None:
        self.name = name
        self.first_phase = first_phase
        """The phase the game begins in (``first_phase:``; Spring 1901 movement by default)."""
        self.rules = rules
        """The map's rule words (``rules:``, :mod:`adjudicator.board.map_rules`)."""
        self.drawing = drawing or name
        """The name of the shipped drawing this map is drawn with (``drawing:``; its own by
        default): a variant on another map's geography names that map."""
        self.title = title
        self.aliases = aliases
        self.victory = victory
        self.languages = languages
        self.provinces: Mapping[str, Province] = dict(provinces)
        self.powers: Mapping[str, Power] = dict(powers)
        self.coast_names = coast_names
        self.source = source
        self._army: dict[Location, frozenset[Location]] = {
            Location(p): frozenset(Location(q) for q in qs) for p, qs in army_edges.items()
        }
        self._fleet: dict[Location, frozenset[Location]] = dict(fleet_edges)
        self._fleet_reach: dict[Location, frozenset[str]] = {
            loc: frozenset(n.province for n in ns) for loc, ns in self._fleet.items()
        }
        self._army_reach: dict[Location, frozenset[str]] = {
            loc: frozenset(n.province for n in ns) for loc, ns in self._army.items()
        }
        self._names = _NameIndex(self)
        self._codes: dict[tuple[str, str], str] = {}
        self._word_limits: dict[str, int] = {}
        self._unit_texts: dict[str, dict[str, tuple[UnitType, Location]]] = {}
        self._borders = self._build_borders()

    # ----------------------------------------------------------------- provinces
    def __repr__(self) -> str:
        return f"<GameMap {self.name!r} from {self.source}>"

    def province(self, province_id: str) -> Province:
        """The province with this canonical id; :class:`KeyError` if unknown."""
        return self.provinces[province_id]

    @functools.cached_property
    def supply_centers(self) -> frozenset[str]:
        return frozenset(p.id for p in self.provinces.values() if p.supply_center)

    def home_centers(self, power: str) -> tuple[str, ...]:
        """The home supply centres of ``power`` (canonical name), sorted."""
        return tuple(sorted(p.id for p in self.provinces.values() if p.home == power))

    @functools.cached_property
    def starting_units(self) -> tuple[Unit, ...]:
        return tuple(u for power in self.powers.values() for u in power.start)

    @functools.cached_property
    def starting_centers(self) -> Mapping[str, tuple[str, ...]]:
        """Power -> its home centres, the ownership at the start of the game; on a ``mobilize``
        map no centre yet (each power owns the one it builds on first)."""
        if MapRule.MOBILIZE in self.rules:
            return dict.fromkeys(self.powers, ())
        return {power: self.home_centers(power) for power in self.powers}

    # ----------------------------------------------------------------- locations
    def locations(self, province_id: str, unit_type: UnitType) -> tuple[Location, ...]:
        """Where a unit of ``unit_type`` may stand in this province (its coasts for a fleet in a
        multi-coast province); empty if the unit can never be there."""
        province = self.provinces.get(province_id)
        return () if province is None else province.locations(unit_type)

    def is_valid_location(self, location: Location, unit_type: UnitType) -> bool:
        """Whether a unit of this type may stand exactly here (a fleet needs its coast)."""
        return location in self.locations(location.province, unit_type)

    def neighbours(self, location: Location, unit_type: UnitType) -> frozenset[Location]:
        """Where a unit of ``unit_type`` on ``location`` can move in one step."""
        table = self._army if unit_type is UnitType.ARMY else self._fleet
        return table.get(location.bare if unit_type is UnitType.ARMY else location, frozenset())

    def adjacent(self, source: Location, target: Location, unit_type: UnitType) -> bool:
        """Whether a unit can move from ``source`` to ``target`` in one step. For fleets both
        locations must carry the right coast; for armies coasts are ignored."""
        if unit_type is UnitType.ARMY:
            return target.bare in self._army.get(source.bare, frozenset())
        return target in self._fleet.get(source, frozenset())

    def reachable_provinces(self, location: Location, unit_type: UnitType) -> frozenset[str]:
        """The provinces a unit could move into in one step: what it can support into."""
        if unit_type is UnitType.ARMY:
            return self._army_reach.get(location.bare, frozenset())
        return self._fleet_reach.get(location, frozenset())

    def fleet_targets(self, source: Location, province_id: str) -> tuple[Location, ...]:
        """The coasts of ``province_id`` (or the bare province) that a fleet on ``source``
        reaches in one step, sorted."""
        return tuple(
            sorted(loc for loc in self._fleet.get(source, ()) if loc.province == province_id)
        )

    def is_sea(self, province_id: str) -> bool:
        province = self.provinces.get(province_id)
        return province is not None and province.type is ProvinceType.SEA

    def is_coastal(self, province_id: str) -> bool:
        province = self.provinces.get(province_id)
        return province is not None and province.type is ProvinceType.COAST

    def province_neighbours(self, province_id: str) -> frozenset[str]:
        """Provinces sharing a border with this one, for any unit type."""
        return self._borders.get(province_id, frozenset())

    def distances_from(self, sources: Iterable[str]) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every province, over every border (land and
        sea alike), as the 2023 civil-disorder rule counts them. No sources, no distances; an
        unknown province id is a :class:`KeyError`; an impassable source is no source."""
        wanted = set(sources)
        unknown = sorted(wanted - set(self.provinces))
        if unknown:
            raise KeyError(f"unknown province {', '.join(unknown)}")
        borders = self._borders
        return graph.distances(sorted(wanted & borders.keys()), borders.__getitem__)

    def distances_by_unit(self, sources: Iterable[str], unit_type: UnitType) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every province, moving as ``unit_type`` would
        under the older civil-disorder rule: a fleet along sea and coast, an army over land and
        sea."""
        # A province with two coasts has a border set per coast: merge them, never overwrite.
        borders = (self._fleet,) if unit_type is UnitType.FLEET else (self._army, self._fleet)
        edges: dict[str, set[str]] = {}
        for table in borders:
            for a, bs in table.items():
                edges.setdefault(a.province, set()).update(b.province for b in bs)
        return graph.distances(sources, lambda province: edges.get(province, ()))

    # ----------------------------------------------------------------- names
    def lookup(self, name: str, lang: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
        """Province ids a name may mean in ``lang`` (empty if unknown, two or more if ambiguous)."""
        return self._names.provinces(name, lang)

    def lookup_coast(self, word: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
        """The coast code (``NC``) for a coast word (``north coast``, ``nc``, ``Nordküste``)."""
        return self._names.coast(word, lang)

    def lookup_power(self, name: str, lang: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
        """Canonical power names that ``name`` (``England``, ``ENG``, ``english``) may mean."""
        return self._names.powers(name, lang)

    def suggest(self, name: str, lang: str = DEFAULT_LANGUAGE, limit: int = 3) -> list[str]:
        """Province ids whose names are closest to an unknown ``name``, best first."""
        return self._names.suggest(name, lang, limit)

    def names(self, lang: str = DEFAULT_LANGUAGE) -> Mapping[str, tuple[str, ...]]:
        """Folded name -> province ids, for ``lang``: every spelling this map accepts."""
        return self._names.table(lang)

    def name_length_limit(self, lang: str = DEFAULT_LANGUAGE) -> int:
        """The length of the longest folded province, power or coast name in ``lang``: a text
        that folds to more characters names nothing, so a reader need not look it up."""
        return self._names.longest(lang)

    def name_word_limit(self, lang: str = DEFAULT_LANGUAGE) -> int:
        """The most words a place can take in ``lang``: the longest province name plus the
        longest coast word plus two articles. The parser tries no longer runs of words as one
        place, so a long line of words costs it linear, not cubic, time."""
        limit = self._word_limits.get(lang)
        if limit is None:
            names = [n for p in self.provinces.values() for n in p.names.get(lang, ())]
            coasts = [w for ws in self.coast_names.values() for w in ws.get(lang, ())]
            longest = max((len(_WORDS.split(n.strip())) for n in names), default=1)
            coast = max((len(_WORDS.split(w.strip())) for w in coasts), default=1)
            limit = longest + coast + 2
            self._word_limits[lang] = limit
        return limit

    def code(self, province_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """How to write a province in the short form of ``lang``: its id, unless that language
        reads the id as another province (DPjudge's German ``tyr`` is the Tyrrhenian Sea), and
        then the shortest of its own names there that reads back to it (``TIR`` for Tyrolia).

        >>> from adjudicator.board.load import load_map
        >>> m = load_map("standard")
        >>> m.code("TYR", "en"), m.code("TYR", "de-dpjudge"), m.code("TYS", "de-dpjudge")
        ('TYR', 'TIR', 'TYS')
        """
        key = (province_id, lang)
        cached = self._codes.get(key)
        if cached is None:
            cached = self._code(province_id, lang)
            self._codes[key] = cached
        return cached

    def _code(self, province_id: str, lang: str) -> str:
        if self.lookup(province_id, lang) == (province_id,):
            return province_id
        province = self.provinces[province_id]
        own = [n for n in province.names.get(lang, ()) if self.lookup(n, lang) == (province_id,)]
        if not own:
            return province_id
        best = min(own, key=lambda n: (len(n), n))
        return best.upper() if len(fold_name(best)) <= 4 else best

    # ----------------------------------------------------------------- units and places as text
    def read_unit(self, text: str, power: str, lang: str = DEFAULT_LANGUAGE) -> Unit | PlaceProblem:
        """A unit of ``power`` as people write it: the canonical ``F STP/SC`` (what ``str()``
        writes, read at the cost of one dictionary look-up), or any case, any name of the
        province in ``lang``, ``Army``/``Fleet``, and a coast after ``/`` or in brackets, as a
        code or a word. An army's coast is dropped, since armies ignore coasts, but it must be
        one the province has. Every reader of units in position, case, jDip and saved-game
        files comes here; what is wrong comes back as a :class:`PlaceProblem` for the caller to
        report in its own terms.

        >>> from adjudicator.board.load import load_map
        >>> m = load_map("standard")
        >>> str(m.read_unit("Fleet St. Petersburg (south coast)", "Russia"))
        'F STP/SC'
        >>> problem = m.read_unit("F STP", "Russia")
        >>> problem.message
        'a fleet in STP needs its coast'
        >>> problem.hint
        'write F STP/NC or F STP/SC'
        """
        canonical = self._canonical_units(lang).get(text)
        if canonical is not None:
            return Unit(power, *canonical)
        match = _UNIT_TEXT.fullmatch(text)
        if match is None:
            return PlaceProblem(
                PlaceProblemKind.SYNTAX,
                f"invalid unit {text!r}: expected a form like 'A PAR' or 'F STP/SC'",
                self._foreign_unit_hint(text),
            )
        unit_type = UnitType(match[1][0].upper())
        location = self._read_place(match[2], lang, match.start(2), unit_type)
        if isinstance(location, PlaceProblem):
            return location
        if unit_type is UnitType.ARMY:
            location = location.bare
        problem = self.provinces[location.province].placement_problem(unit_type, location)
        return Unit(power, unit_type, location) if problem is None else problem

    def _foreign_unit_hint(self, text: str) -> str | None:
        """The accepted form of a unit written with another language's unit word (German
        ``Armee Paris``, ``Flotte Ostsee``): the readers of units take ``A``, ``F``, ``Army`` and
        ``Fleet`` only, since the words of the order languages
        (:data:`~adjudicator.lang.languages.LANGUAGES`) belong to orders. The place is read in
        that language too, so that the hint gives its code (``F BAL``) when it can."""
        word, _, place = text.strip().partition(" ")
        place = place.strip()
        if not place:
            return None
        folded = word.casefold()
        for code, language in LANGUAGES.items():
            for terminal, letter in (("ARMY", "A"), ("FLEET", "F")):
                words = language.vocabulary.spellings.get(terminal, ())
                if folded in (w.casefold() for w in words):
                    found = self.read_location(place, code)
                    where = place if isinstance(found, PlaceProblem) else str(found)
                    return (
                        f"write '{letter} {where}': a unit is A or F (or Army, Fleet) and a place"
                    )
        return None

    def read_location(self, text: str, lang: str = DEFAULT_LANGUAGE) -> Location | PlaceProblem:
        """A place as people write it (``STP/SC``, ``stp(sc)``, ``Spain (north coast)``), with
        no unit to say whether it may stand there; a coast must be one the province has."""
        return self._read_place(text, lang, 0, None)

    def read_province(self, text: str, lang: str = DEFAULT_LANGUAGE) -> str | PlaceProblem:
        """The id of the one province that ``text`` names in ``lang`` (its id, a name, an
        alias); an unknown name comes back with the closest name as a hint."""
        found = self.lookup(text, lang)
        if len(found) == 1:
            return found[0]
        name = text.strip()
        if found:
            return PlaceProblem(
                PlaceProblemKind.AMBIGUOUS_PROVINCE,
                f"ambiguous province {name!r}: {' or '.join(found)}",
            )
        close = self.suggest(name, lang, limit=1)
        problem = PlaceProblem(PlaceProblemKind.UNKNOWN_PROVINCE, f"unknown province {name!r}")
        if not close:
            return problem
        hint = f"did you mean {close[0]!r} ({self.provinces[close[0]].name(lang)})?"
        return replace(problem, hint=hint, suggestion=close[0])

    def unit_problem(self, unit: Unit) -> PlaceProblem | None:
        """Why a unit read in the canonical form (:meth:`Unit.parse
        <adjudicator.base.model.Unit.parse>`) cannot stand on this map, or ``None``. Stricter
        than :meth:`read_unit`: an army written on a coast is a problem."""
        province = self.provinces.get(unit.province)
        if province is None:
            return PlaceProblem(
                PlaceProblemKind.UNKNOWN_PROVINCE, f"unknown province {unit.province!r}"
            )
        return province.placement_problem(unit.type, unit.location)

    def _read_place(
        self, text: str, lang: str, offset: int, unit_type: UnitType | None
    ) -> Location | PlaceProblem:
        match = _PLACE_TEXT.fullmatch(text)
        province_text, coast_text = (match[1], match[2] or match[3]) if match else (text, None)
        pid = self.read_province(province_text, lang)
        if isinstance(pid, PlaceProblem):
            return replace(pid, offset=offset)
        if coast_text is None:
            return Location(pid)
        province = self.provinces[pid]
        coast = self.lookup_coast(coast_text, lang)
        if coast is None or coast not in province.coasts:
            return replace(_unknown_coast(province, coast_text, unit_type), offset=offset)
        return Location(pid, coast)

    def _canonical_units(self, lang: str) -> Mapping[str, tuple[UnitType, Location]]:
        """``A PAR``, ``F STP/NC``, ... -> type and location, for every place a unit may stand
        whose id reads as itself in ``lang`` (DPjudge's German reads ``TYR`` as the sea): what
        position files and ``str()`` write, read without parsing."""
        table = self._unit_texts.get(lang)
        if table is None:
            table = {
                f"{unit_type!s} {location!s}": (unit_type, location)
                for pid, province in self.provinces.items()
                if self.lookup(pid, lang) == (pid,)
                for unit_type in UnitType
                for location in province.locations(unit_type)
            }
            self._unit_texts[lang] = table
        return table

    # ----------------------------------------------------------------- internals
    def _build_borders(self) -> dict[str, frozenset[str]]:
        """Province -> the provinces across any of its borders, for any unit type; every
        passable province is a key, a border counts from both sides."""
        borders: dict[str, set[str]] = {
            pid: set()
            for pid, prov in self.provinces.items()
            if prov.type is not ProvinceType.IMPASSABLE
        }
        for table in (self._army, self._fleet):
            for a, bs in table.items():
                for b in bs:
                    borders.setdefault(a.province, set()).add(b.province)
                    borders.setdefault(b.province, set()).add(a.province)
        return {pid: frozenset(others) for pid, others in borders.items()}


class _NameIndex:
    """Folded name -> candidates, per language. Ids count as names in every language unless the
    language gives that token to another province (DPjudge's German ``tyr``)."""

    def __init__(self, game_map: GameMap) -> None:
        self._provinces: dict[str, dict[str, tuple[str, ...]]] = {}
        self._powers: dict[str, dict[str, tuple[str, ...]]] = {}
        self._coasts: dict[str, dict[str, str]] = {}
        self._display: dict[str, dict[str, str]] = {}
        self._longest: dict[str, int] = {}
        for lang in game_map.languages:
            own: dict[str, set[str]] = {}
            for prov in game_map.provinces.values():
                for n in prov.names.get(lang, ()):
                    own.setdefault(fold_name(n), set()).add(prov.id)
            # An adjective before the noun may take any ending (`im Mittleren Atlantik`),
            # where that spelling names nothing else.
            for prov in game_map.provinces.values():
                for n in prov.names.get(lang, ()):
                    for other in inflections(n, lang):
                        own.setdefault(fold_name(other), {prov.id})
            table = {key: tuple(sorted(ids)) for key, ids in own.items()}
            for prov in game_map.provinces.values():
                table.setdefault(fold_name(prov.id), (prov.id,))
            self._provinces[lang] = table
            self._display[lang] = {key: ", ".join(ids) for key, ids in table.items()}
            powers: dict[str, set[str]] = {}
            for power in game_map.powers.values():
                spellings = [power.name, *power.names.get(lang, ())]
                if power.adjectives.get(lang):
                    spellings.append(power.adjectives[lang])
                for n in spellings:
                    powers.setdefault(fold_name(n), set()).add(power.name)
            self._powers[lang] = {k: tuple(sorted(v)) for k, v in powers.items()}
            coasts: dict[str, str] = {}
            for code, words in game_map.coast_names.items():
                coasts[fold_name(code)] = code
                for w in words.get(lang, ()):
                    coasts[fold_name(w)] = code
            self._coasts[lang] = coasts
            keys = [*table, *self._powers[lang], *coasts]
            self._longest[lang] = max(map(len, keys), default=0)
        self._default = game_map.languages[0] if game_map.languages else DEFAULT_LANGUAGE

    def _lang(self, lang: str) -> str:
        return lang if lang in self._provinces else self._default

    def table(self, lang: str) -> Mapping[str, tuple[str, ...]]:
        return self._provinces.get(self._lang(lang), {})

    def longest(self, lang: str) -> int:
        return self._longest.get(self._lang(lang), 0)

    def provinces(self, name: str, lang: str) -> tuple[str, ...]:
        return self.table(lang).get(fold_name(name), ())

    def powers(self, name: str, lang: str) -> tuple[str, ...]:
        return self._powers.get(self._lang(lang), {}).get(fold_name(name), ())

    def coast(self, word: str, lang: str) -> str | None:
        return self._coasts.get(self._lang(lang), {}).get(fold_name(word))

    def suggest(self, name: str, lang: str, limit: int) -> list[str]:
        table = self.table(lang)
        close = difflib.get_close_matches(fold_name(name), list(table), n=limit * 3, cutoff=0.6)
        seen: list[str] = []
        for key in close:
            for pid in table[key]:
                if pid not in seen:
                    seen.append(pid)
        return seen[:limit]
