"""What an order line means, remembered, and canonical lines read without the grammar.

Private to :mod:`adjudicator.orders.read`. A line written exactly as ``str(order)`` writes an
order (``A PAR - BUR``) maps straight to its order through :func:`canonical_meaning`, a shape
trusted only after the grammar agreed on its first line; any line read once is kept in a bounded
:class:`Memo` keyed on (map, language, phase type, line). Both change the speed, never a result:
``parse_orders(..., _memo=False)`` reads every line with the grammar, and
``tests/orders/test_fast_path.py`` holds them to it.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap
from adjudicator.lang.languages import vocabulary
from adjudicator.lang.vocabulary import Problem, fold
from adjudicator.orders.resolve import Built, Item


@dataclass(frozen=True, slots=True)
class ItemMeaning:
    """One item of a line as read: its problems in report order, and the item (None when it
    could not be read)."""

    problems: tuple[Problem, ...]
    item: Item | None


LineMeaning = tuple[ItemMeaning, ...]
"""What one order line means for a map, language and phase type: frozen values only, so a
stored meaning can be handed out again and again and no caller can change it."""

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class Memo(Generic[_K, _V]):
    """A dictionary that keeps at most ``size`` entries, dropping the least recently used.

    The memos below are module-level rather than attached to the map: the map is a board-layer
    value that knows nothing of the order language, and ``functools.lru_cache`` (which the
    name tables of :mod:`adjudicator.orders.read` use) cannot be cleared per entry or asked its
    size cheaply. They
    are keyed on immutable values only (a map is immutable and hashed by identity, a language
    code, a phase type, the line), hold frozen values only, and are bounded, so what they
    change is speed, never a result: ``parse_orders(..., _memo=False)`` reads the same.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[_K, _V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: _K) -> _V | None:
        value = self._entries.get(key)
        if value is not None:
            # try/except rather than contextlib.suppress: this runs for every line read, and
            # the context manager's object and calls cost twice the look-up (~0.3 µs)
            try:  # noqa: SIM105
                self._entries.move_to_end(key)
            except KeyError:  # dropped by another thread meanwhile: the value is still valid
                pass
        return value

    def put(self, key: _K, value: _V) -> None:
        self._entries[key] = value
        with contextlib.suppress(KeyError):  # as in get
            self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            try:
                self._entries.popitem(last=False)
            except KeyError:  # emptied by another thread meanwhile
                break

    def clear(self) -> None:
        self._entries.clear()


MEMO_SIZE = 8192
"""Lines remembered: every distinct order of many games' worth of phases (a few MB at most)."""
MEMO_LINE_LIMIT = 200
"""A longer line is not remembered, so that a hostile file cannot fill the memo with
megabytes of text; real order lines are far shorter."""
MEANINGS: Memo[tuple[GameMap, str, PhaseType | None, str], LineMeaning] = Memo(MEMO_SIZE)
"""(map, language, phase type, line) -> what the line means, for lines whose meaning took
nothing from the position: a unit type left out and filled from it, and a name with two readings
where a unit stands (German ``Liv``, which the position decides, or which is an error only for
want of one), are never remembered."""
SHAPES: Memo[tuple[tuple[GameMap, str, PhaseType | None], tuple[str, ...]], bool] = Memo(1024)
"""(map, language, phase type) and a canonical shape (``A @ - @``) -> whether the grammar
reads the first line of that shape as :func:`canonical_meaning` builds it."""

_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}
_SHAPE_WORDS = frozenset({"A", "F", "H", "-", "S", "C", "VIA", "R", "D", "B", "WAIVE"})
_ID = re.compile(r"[A-Z]+")


def canonical_meaning(
    line: str, game_map: GameMap, lang: str, phase: PhaseType | None
) -> tuple[tuple[str, ...], LineMeaning] | None:
    """A line written exactly as ``str(order)`` writes an order (``A PAR - BUR``,
    ``F STP/SC - BOT``, ``F NTH C A LON - NWY``, ``WAIVE``; no paths) and the meaning the
    grammar gives it, built without the grammar: its shape (places as ``@``, with a coast
    ``@/``) and that meaning; None for any other line. Places are only those of
    :func:`canonical_places`, whose ids read as themselves and as nothing else in ``lang``; a
    shape is trusted only after the grammar agreed on its first line (:data:`SHAPES`)."""
    parts = line.split(" ")
    places = canonical_places(game_map, lang)
    shape: list[str] = []
    locations: list[Location] = []
    for part in parts:
        location = places.get(part)
        if location is not None:
            locations.append(location)
            shape.append("@" if location.coast is None else "@/")
        elif part in _SHAPE_WORDS:
            shape.append(part)
        else:
            return None
    order = _order_of(shape, locations, phase)
    if order is None:
        return None
    built = Built(order, 1, 0, len(line))
    return tuple(shape), (ItemMeaning((), Item(False, None, built)),)


def _order_of(shape: list[str], at: list[Location], phase: PhaseType | None) -> Order | None:
    """The order of a canonical line of this shape, ``at`` its places in order."""
    if shape == ["WAIVE"]:
        return Waive()
    unit_type = _UNIT_TYPES.get(shape[0])
    if unit_type is None or len(shape) < 3 or not shape[1].startswith("@"):
        return None
    rest = ["@" if word.startswith("@") else word for word in shape[2:]]
    own = at[0]
    match rest:
        case ["H"]:
            return Hold(unit_type, own)
        case ["D"]:
            return Disband(unit_type, own)
        case ["B"]:
            return Build(unit_type, own)
        case ["-", "@"]:
            if phase is PhaseType.RETREAT:  # as the grammar's reading does (a move retreats)
                return Retreat(unit_type, own, at[1])
            return Move(unit_type, own, at[1])
        case ["-", "@", "VIA"]:
            return Move(unit_type, own, at[1], via_convoy=True)
        case ["R", "@"]:
            return Retreat(unit_type, own, at[1])
        case ["S", ("A" | "F") as other, "@"]:
            return Support(unit_type, own, _UNIT_TYPES[other], at[1])
        case ["S", ("A" | "F") as other, "@", "-", "@"]:
            return Support(unit_type, own, _UNIT_TYPES[other], at[1], at[2])
        case ["C", "A", "@", "-", "@"]:
            return Convoy(unit_type, own, at[1], at[2])
    return None


@functools.lru_cache(maxsize=16)
def canonical_places(game_map: GameMap, lang: str) -> Mapping[str, Location]:
    """``PAR``, ``STP/NC``, ... -> the location, for every province (and each of its coasts)
    whose id, and coast code, reads in ``lang`` as itself and as nothing else: no other
    province (DPjudge's German ``TYR`` is the Tyrrhenian Sea), no keyword, article, power, or
    word of a phrase or separable verb. Other ids keep the grammar."""
    vocab = vocabulary(lang)
    phrase_words = {fold(w) for w in vocab.words() if " " in w for w in w.split()}
    phrase_words.update(fold(w) for w in vocab.separable_words())

    def plain(word: str) -> bool:
        return (
            _ID.fullmatch(word) is not None
            and not vocab.keywords(word)
            and not vocab.is_article(word)
            and fold(word) not in phrase_words
            and not game_map.lookup_power(word, lang)
        )

    places: dict[str, Location] = {}
    for pid, province in game_map.provinces.items():
        if not plain(pid) or game_map.lookup(pid, lang) != (pid,):
            continue
        places[pid] = Location(pid)
        for coast in province.coasts:
            if plain(coast) and game_map.lookup_coast(coast, lang) == coast:
                places[f"{pid}/{coast}"] = Location(pid, coast)
    return places
