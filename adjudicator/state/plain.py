"""Position data as :meth:`Position.to_dict <adjudicator.state.position.Position.to_dict>` writes
it, read at the cost of one dictionary look-up per name.

Bots, replays of archives and benchmarks hand over positions as plain data by the thousand, nearly
always in the form ``to_dict`` writes: canonical power names, units like ``F STP/SC``, province
ids. The full reader (``position._Reader``) folds every name, looks it up in the map's name index
and keeps the key of every entry for its messages: about 130 µs for 34 units and 22 centres. Here
each text the map has once read successfully (a power name, a unit of a power, a province) is
remembered per map, and data made only of such texts, with nothing given twice, becomes the same
values in a few microseconds.

Anything else makes :func:`read_plain` return ``None`` (a name the map does not read, a value of
a wrong type, a unit or centre given twice, a map file, dislodged units), and the full reader then
reads the data as before: every check is still made, and every bad input gets the same messages.
A name is remembered only after the map read it with the very call the full reader makes, so
both readers give the same result for it. The memos are bounded, and kept only as long as their
map.
"""

from __future__ import annotations

import functools
import operator
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from adjudicator.base.errors import MapError
from adjudicator.base.model import Phase, Unit
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.board.per_map import PerMap

__all__ = ["PlainPosition", "read_plain"]

PlainPosition = tuple[GameMap, Phase, tuple[Unit, ...], frozenset[str], dict[str, tuple[str, ...]]]
"""The map, phase, units, standoffs and centres (power -> owned centres) that plain data gives;
no dislodged units. The centres are in a position's order already (powers sorted, each power's
centres sorted); the units as given."""

_KEYS = frozenset(("map", "phase", "units", "dislodged", "standoffs", "supply_centers"))
_MEMO_LIMIT = 4096
"""The most texts of each kind remembered per map. The map's own names take a few hundred; the
bound only stops a stream of odd spellings (``a pAr``) from growing the memos without end."""


class _Memo:
    """What texts mean on one map: only texts the map read successfully, as the full reader
    reads them (a unit with ``read_unit``, a power with ``lookup_power`` and a province with
    ``read_province``, each in the map's default language)."""

    __slots__ = ("_map", "centers", "powers", "provinces", "units")

    def __init__(self, game_map: GameMap) -> None:
        # Weakly: the memo is the value of a weak dictionary keyed by its map, which a strong
        # reference from the value would keep alive for ever.
        self._map = weakref.ref(game_map)
        self.powers: dict[str, str] = {}
        self.units: dict[str, dict[str, Unit]] = {}
        """Power -> unit text -> the unit (one shared value per text: units are immutable)."""
        self.provinces: dict[str, str] = {}
        self.centers = game_map.supply_centers

    @property
    def map(self) -> GameMap:
        found = self._map()
        if found is None:  # pragma: no cover - the caller holds the map it asks about
            raise ReferenceError("the map of this memo is gone")
        return found

    def power(self, name: str) -> str | None:
        found = self.powers.get(name)
        if found is None:
            matches = self.map.lookup_power(name)
            if len(matches) != 1:
                return None
            found = matches[0]
            if len(self.powers) < _MEMO_LIMIT:
                self.powers[name] = found
        return found

    def unit(self, units: dict[str, Unit], power: str, text: object) -> Unit | None:
        if type(text) is not str:
            return None
        read = self.map.read_unit(text, power)
        if not isinstance(read, Unit):
            return None
        if len(units) < _MEMO_LIMIT:
            units[text] = read
        return read

    def province(self, text: object) -> str | None:
        if type(text) is not str:
            return None
        found = self.provinces.get(text)
        if found is None:
            if not text.strip():
                return None
            read = self.map.read_province(text.strip())
            if not isinstance(read, str):
                return None
            found = read
            if len(self.provinces) < _MEMO_LIMIT:
                self.provinces[text] = found
        return found


_memo: PerMap[_Memo] = PerMap(_Memo)
"""A map's memo, made on first use."""
_PHASES: dict[str, Phase] = {}


def read_plain(data: Mapping[Any, Any], game_map: GameMap | None) -> PlainPosition | None:
    """The parts of the position that ``data`` gives, if it is written as ``to_dict`` writes
    it (names in any spelling the map reads, no dislodged units); ``None`` otherwise, for the
    full reader to read (and report)."""
    if type(data) is not dict or not data.keys() <= _KEYS:
        return None
    game_map = _game_map(data.get("map"), game_map)
    if game_map is None:
        return None
    phase = _phase(data.get("phase"), game_map.first_phase)
    dislodged = data.get("dislodged")
    if phase is None or (dislodged is not None and (type(dislodged) is not dict or dislodged)):
        return None  # dislodged units, or a wrong value: the full reader's
    memo = _memo(game_map)
    units = _units(data.get("units"), memo)
    standoffs = _standoffs(data.get("standoffs"), memo)
    centers = _centers(data.get("supply_centers"), memo)
    if units is None or standoffs is None or centers is None:
        return None
    return game_map, phase, units, standoffs, centers


def _game_map(raw: object, given: GameMap | None) -> GameMap | None:
    """The map, when the data names it plainly: exactly as ``given`` is named (any other
    spelling is the full reader's to check), or by a name to load (not a file)."""
    if given is not None:
        return given if raw is None or raw == given.name else None
    if raw is None:
        raw = "standard"
    if type(raw) is not str or raw.lower().endswith((".yaml", ".yml")) or "/" in raw or "\\" in raw:
        return None  # a map file: found relative to the position file, by the full reader
    try:
        return load_map(raw)  # cached per name; the full reader loads it the same way
    except MapError:  # an unknown name: the full reader's to report
        return None


def _phase(raw: object, first: Phase) -> Phase | None:
    if raw is None:
        return first  # the map's first phase, as the full reader
    if type(raw) is not str:
        return None
    found = _PHASES.get(raw)
    if found is None:
        try:
            found = Phase.parse(raw)
        except ValueError:
            return None
        if len(_PHASES) < _MEMO_LIMIT:
            _PHASES[raw] = found
    return found


def _units(raw: object, memo: _Memo) -> tuple[Unit, ...] | None:
    if raw is None:
        return ()
    if type(raw) is not dict:
        return None
    out: list[Unit] = []
    powers = set()
    known_powers, units = memo.powers, memo.units
    for name, items in raw.items():
        # The usual case written out (a known power, a list of known units): this runs for
        # every power of every position read.
        power = known_powers.get(name) or (memo.power(name) if type(name) is str else None)
        if power is None or type(items) is not list:
            return None
        powers.add(power)
        known = units.get(power)
        if known is None:
            known = units[power] = {}
        try:
            given: list[Unit | None] = list(map(known.get, items))
        except TypeError:  # an unhashable item (a list, a mapping): not a unit
            return None
        if all(given):  # units are all true; the test runs in C
            out += given  # type: ignore[arg-type]  # no None among them
            continue
        found = _look_up(items, known, functools.partial(memo.unit, known, power))
        if found is None:
            return None
        out += found
    if len(powers) != len(raw) or len(set(map(_PROVINCE, out))) != len(out):
        return None  # a power or a province given twice
    return tuple(out)


def _standoffs(raw: object, memo: _Memo) -> frozenset[str] | None:
    if raw is None:
        return frozenset()
    if type(raw) is not list:
        return None
    found = _look_up(raw, memo.provinces, memo.province)
    return None if found is None else frozenset(found)


def _centers(raw: object, memo: _Memo) -> dict[str, tuple[str, ...]] | None:
    """Power -> its centres, each power's sorted (``Position`` keeps them so)."""
    if raw is None:
        return _sorted_centers(memo.map.starting_centers)
    if type(raw) is not dict:
        return None
    out: dict[str, list[str]] = {}
    count = 0
    known_powers = memo.powers
    for name, items in raw.items():
        power = known_powers.get(name) or (memo.power(name) if type(name) is str else None)
        if power is None or power in out:
            return None
        if items is None:
            out[power] = []
            continue
        if type(items) is not list:
            return None
        owned = _look_up(items, memo.provinces, memo.province)
        if owned is None or not memo.centers.issuperset(owned):
            return None
        out[power] = owned
        count += len(owned)
    if len(set().union(*out.values())) != count:
        return None  # a centre listed twice
    return {power: tuple(sorted(out[power])) for power in sorted(out)}  # no repeats: no set


def _sorted_centers(centers: Mapping[str, Iterable[str]]) -> dict[str, tuple[str, ...]]:
    """The centres in a position's order: powers sorted, each power's centres sorted."""
    return {power: tuple(sorted(set(centers[power]))) for power in sorted(centers)}


_PROVINCE = operator.attrgetter("location.province")
_Meaning = TypeVar("_Meaning", Unit, str)


def _look_up(
    items: list[Any], known: dict[str, _Meaning], read: Callable[[Any], _Meaning | None]
) -> list[_Meaning] | None:
    """What each item means: a look-up in ``known`` each, and ``read`` (which remembers) for an
    item not known yet; ``None`` if any item does not read."""
    try:
        found: list[_Meaning | None] = list(map(known.get, items))
    except TypeError:  # an unhashable item (a list, a mapping): not a name
        return None
    if not all(found):  # units and province ids are all true; truth is tested in C
        for index, known_meaning in enumerate(found):
            if known_meaning is None:
                found[index] = read(items[index])
                if found[index] is None:
                    return None
    return found  # type: ignore[return-value]  # no None left
