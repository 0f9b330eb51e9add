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
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

import networkx as nx

from adjudicator.base.model import Location, Unit, UnitType
from adjudicator.lang.fold import DEFAULT_LANGUAGE, fold_name


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


@dataclass(frozen=True, slots=True)
class Power:
    """One power (player) of a map."""

    name: str
    names: Mapping[str, tuple[str, ...]]
    adjectives: Mapping[str, str]
    start: tuple[Unit, ...]

    def display(self, lang: str = DEFAULT_LANGUAGE) -> str:
        names = self.names.get(lang) or (self.name,)
        return names[0]

    def adjective(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.adjectives.get(lang) or self.adjectives.get(DEFAULT_LANGUAGE) or self.name


_WORDS = re.compile(r"[\s\-]+")


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
    ) -> None:
        self.name = name
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
        self._graph = self._build_graph()

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
        """Power -> its home centres, the ownership at the start of the game."""
        return {power: self.home_centers(power) for power in self.powers}

    # ----------------------------------------------------------------- locations
    def locations(self, province_id: str, unit_type: UnitType) -> tuple[Location, ...]:
        """Where a unit of ``unit_type`` may stand in this province (its coasts for a fleet in a
        multi-coast province); empty if the unit can never be there."""
        province = self.provinces.get(province_id)
        if province is None:
            return ()
        if unit_type is UnitType.ARMY:
            ok = province.type in (ProvinceType.LAND, ProvinceType.COAST)
            return (Location(province_id),) if ok else ()
        if province.type not in (ProvinceType.SEA, ProvinceType.COAST):
            return ()
        if province.coasts:
            return tuple(Location(province_id, c) for c in province.coasts)
        return (Location(province_id),)

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
        return (
            frozenset(self._graph.neighbors(province_id))
            if province_id in self._graph
            else frozenset()
        )

    def distances_from(self, sources: Iterable[str]) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every province, over every border (land and
        sea alike), as the 2023 civil-disorder rule counts them. No sources, no distances; an
        unknown province id is a :class:`KeyError` (networkx's own errors must not leak)."""
        wanted = set(sources)
        unknown = sorted(wanted - set(self.provinces))
        if unknown:
            raise KeyError(f"unknown province {', '.join(unknown)}")
        start = {pid for pid in wanted if pid in self._graph}
        if not start:
            return {}
        return dict(nx.multi_source_dijkstra_path_length(self._graph, start, weight=None))

    def distances_by_unit(self, sources: Iterable[str], unit_type: UnitType) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every province, moving as ``unit_type`` would
        under the older civil-disorder rule: a fleet along sea and coast, an army over land and
        sea."""
        if unit_type is UnitType.FLEET:
            edges = {a.province: {b.province for b in bs} for a, bs in self._fleet.items()}
        else:
            edges = {}
            for a, bs in self._army.items():
                edges.setdefault(a.province, set()).update(b.province for b in bs)
            for a2, bs2 in self._fleet.items():
                edges.setdefault(a2.province, set()).update(b.province for b in bs2)
        return _bfs(edges, sources)

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
        reads the id as another province (German ``tyr`` is the Tyrrhenian Sea), and then the
        shortest of its own names there that reads back to it (``TIR`` for Tyrolia).

        >>> from adjudicator.board.load import load_map
        >>> m = load_map("standard")
        >>> m.code("TYR", "en"), m.code("TYR", "de"), m.code("TYS", "de")
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

    # ----------------------------------------------------------------- internals
    def _build_graph(self) -> nx.Graph:  # type: ignore[type-arg]
        graph: nx.Graph = nx.Graph()  # type: ignore[type-arg]
        graph.add_nodes_from(p for p, prov in self.provinces.items() if prov.type != "impassable")
        for table in (self._army, self._fleet):
            for a, bs in table.items():
                graph.add_edges_from((a.province, b.province) for b in bs)
        return graph


def _bfs(edges: Mapping[str, Iterable[str]], sources: Iterable[str]) -> dict[str, int]:
    dist = dict.fromkeys(sources, 0)
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there in edges.get(here, ()):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


class _NameIndex:
    """Folded name -> candidates, per language. Ids count as names in every language unless the
    language gives that token to another province (German ``tyr``)."""

    def __init__(self, game_map: GameMap) -> None:
        self._provinces: dict[str, dict[str, tuple[str, ...]]] = {}
        self._powers: dict[str, dict[str, tuple[str, ...]]] = {}
        self._coasts: dict[str, dict[str, str]] = {}
        self._display: dict[str, dict[str, str]] = {}
        for lang in game_map.languages:
            own: dict[str, set[str]] = {}
            for prov in game_map.provinces.values():
                for n in prov.names.get(lang, ()):
                    own.setdefault(fold_name(n), set()).add(prov.id)
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
        self._default = game_map.languages[0] if game_map.languages else DEFAULT_LANGUAGE

    def _lang(self, lang: str) -> str:
        return lang if lang in self._provinces else self._default

    def table(self, lang: str) -> Mapping[str, tuple[str, ...]]:
        return self._provinces.get(self._lang(lang), {})

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
