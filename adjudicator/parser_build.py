"""From parse tree to orders: the Lark ``Transformer`` of the order language, and name resolution.

Private to :mod:`adjudicator.parser`. The transformer first turns names into small syntax values
(:class:`Name`, :class:`Place`, :class:`UnitRef`), then each order rule resolves them against the
map (and the position, when one is given) and builds the frozen order of :mod:`adjudicator.model`.
Problems are collected, not raised, so one order can report several of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from adjudicator.gamemap import GameMap
from adjudicator.model import (
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
    Unit,
    UnitType,
    Waive,
)
from adjudicator.parser_words import ParseCode, Problem, Vocabulary, fold
from adjudicator.position import Position


# ---------------------------------------------------------------------- syntax values
@dataclass(frozen=True, slots=True)
class Name:
    """A run of words as written, with the column of each word."""

    words: tuple[str, ...]
    columns: tuple[int, ...]
    text: str
    """The source text from the first word to the last (``St. Petersburg``)."""

    @property
    def column(self) -> int:
        return self.columns[0]


@dataclass(frozen=True, slots=True)
class Place:
    name: Name
    coast: Name | None = None
    """An explicit coast: ``/nc``, ``(north coast)``."""


@dataclass(frozen=True, slots=True)
class UnitRef:
    type: UnitType | None
    place: Place


@dataclass(frozen=True, slots=True)
class Target:
    """The unit a support or convoy is for; ``foreign`` is the ignored adjective (``German``)."""

    type: UnitType | None
    place: Place
    foreign: bool = False


@dataclass(frozen=True, slots=True)
class Label:
    """A power label (``England:``); ``power`` is None when the name is unknown."""

    power: str | None


@dataclass(frozen=True, slots=True)
class Built:
    """An order rule's result: the order (None after a problem) and where it was written."""

    order: Order | None
    column: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Item:
    """One item of a line: a power label, an order, or both."""

    label: Label | None
    built: Built | None


class _Via:
    """Marker for ``via convoy``."""


_VIA = _Via()


# ---------------------------------------------------------------------- the transformer
class OrderBuilder(Transformer[Token, Any]):
    """Builds one line's items; :attr:`problems` collects what went wrong."""

    def __init__(
        self, game_map: GameMap, vocab: Vocabulary, position: Position | None, line: str
    ) -> None:
        super().__init__()
        self.map = game_map
        self.vocab = vocab
        self.lang = vocab.lang
        self.position = position
        self.phase = position.phase.type if position is not None else None
        self.line = line
        self.problems: list[Problem] = []

    def problem(self, message: str, code: ParseCode, column: int, hint: str | None = None) -> None:
        self.problems.append(Problem(message, code, column, hint))

    # ------------------------------------------------------------------ names and places
    def name(self, children: list[Token]) -> Name:
        first, last = children[0], children[-1]
        text = self.line[first.start_pos or 0 : last.end_pos]
        return Name(tuple(str(t) for t in children), tuple(t.column or 1 for t in children), text)

    def coast(self, children: list[Any]) -> Name:
        (child,) = children
        if isinstance(child, Name):
            return child
        return Name((str(child),), (child.column or 1,), str(child))

    def place(self, children: list[Any]) -> Place:
        return Place(children[0], children[1] if len(children) > 1 else None)

    def unit_type(self, children: list[Token]) -> UnitType:
        return UnitType.ARMY if children[0].type == "ARMY" else UnitType.FLEET

    def unit(self, children: list[Any]) -> UnitRef:
        if len(children) == 1:
            return UnitRef(None, children[0])
        return UnitRef(children[0], children[1])

    def foreign(self, children: list[Name]) -> Name:
        name = children[0]
        if not self.map.lookup_power(name.text, self.lang):
            self.problem(
                f"unknown power {name.text!r} before the supported unit"
                + _did_you_mean(self._power_suggestions(name.text)),
                ParseCode.FOREIGN_ADJECTIVE,
                name.column,
            )
        return name

    def target(self, children: list[Any]) -> Target:
        foreign = isinstance(children[0], Name)
        rest = children[1:] if foreign else children
        if len(rest) == 1:
            return Target(None, rest[0], foreign)
        return Target(rest[0], rest[1], foreign)

    def via(self, children: list[Token]) -> _Via:
        return _VIA

    def power(self, children: list[Any]) -> Name:
        child = children[0]
        if isinstance(child, Name):
            return child
        return Name((str(child),), (child.column or 1,), str(child))

    def label(self, children: list[Name]) -> Label:
        name = children[0]
        found = self.map.lookup_power(name.text, self.lang)
        if len(found) == 1:
            return Label(found[0])
        if found:
            self.problem(
                f"ambiguous power {name.text!r}: could be {_either(found)}",
                ParseCode.AMBIGUOUS_POWER,
                name.column,
            )
        else:
            powers = ", ".join(self.map.powers)
            self.problem(
                f"unknown power {name.text!r}" + _did_you_mean(self._power_suggestions(name.text)),
                ParseCode.UNKNOWN_POWER,
                name.column,
                hint=f"the powers of this map are {powers}",
            )
        return Label(None)

    def item(self, children: list[Any]) -> Item:
        label = next((c for c in children if isinstance(c, Label)), None)
        built = next((c for c in children if isinstance(c, Built)), None)
        return Item(label, built)

    # ------------------------------------------------------------------ orders
    @v_args(meta=True)
    def hold(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(children[0])
        return self._built(meta, None if own is None else Hold(*own))

    @v_args(meta=True)
    def move(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(children[0])
        steps = [self.resolve(p) for p in children[1:] if isinstance(p, Place)]
        if own is None or None in steps:
            return self._built(meta, None)
        locations = [s for s in steps if s is not None]
        return self._built(meta, self._move(own, locations, any(c is _VIA for c in children)))

    @v_args(meta=True)
    def support(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(children[0])
        target: Target = next(c for c in children if isinstance(c, Target))
        supported = self._target(target)
        places = [c for c in children if isinstance(c, Place)]
        destination = self.resolve(places[0]) if places else None
        if own is None or supported is None or (places and destination is None):
            return self._built(meta, None)
        return self._built(meta, Support(*own, *supported, destination))

    @v_args(meta=True)
    def convoy(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(children[0])
        target: Target = next(c for c in children if isinstance(c, Target))
        army = self._target(target)
        places = [c for c in children if isinstance(c, Place)]
        destination = self.resolve(places[0])
        if target.type is UnitType.FLEET:
            self.problem(
                "only armies are convoyed, but the convoy names a fleet",
                ParseCode.CONVOYED_FLEET,
                target.place.name.column,
            )
            return self._built(meta, None)
        if own is None or army is None or destination is None:
            return self._built(meta, None)
        return self._built(meta, Convoy(*own, army[1], destination))

    @v_args(meta=True)
    def retreat(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(children[0])
        destination = self.resolve(next(c for c in children if isinstance(c, Place)))
        if own is None or destination is None:
            return self._built(meta, None)
        return self._built(meta, Retreat(*own, destination))

    @v_args(meta=True)
    def disband(self, meta: Meta, children: list[Any]) -> Built:
        own = self._own(next(c for c in children if isinstance(c, UnitRef)))
        return self._built(meta, None if own is None else Disband(*own))

    @v_args(meta=True)
    def build(self, meta: Meta, children: list[Any]) -> Built:
        unit: UnitRef = next(c for c in children if isinstance(c, UnitRef))
        location = self.resolve(unit.place)
        return self._built(meta, None if location is None else Build(unit.type, location))

    @v_args(meta=True)
    def waive(self, meta: Meta, children: list[Any]) -> Built:
        return self._built(meta, Waive())

    @v_args(meta=True)
    def bare(self, meta: Meta, children: list[Any]) -> Built:
        """A unit with no verb: a build in an adjustment phase, else a hold; two places written
        side by side (``A Par Bur``) are a move."""
        unit: UnitRef = children[0]
        if self.phase is PhaseType.ADJUSTMENT:
            location = self.resolve(unit.place)
            return self._built(meta, None if location is None else Build(unit.type, location))
        if not isinstance(self._match(unit.place.name.words), Location):
            pair = self._split_pair(unit.place)
            if pair is not None:
                mover = (self._fill(unit.type, pair[0]), pair[0])
                return self._built(meta, self._move(mover, [pair[1]], via=False))
        own = self._own(unit)
        return self._built(meta, None if own is None else Hold(*own))

    # ------------------------------------------------------------------ helpers
    def _built(self, meta: Meta, order: Order | None) -> Built:
        return Built(order, meta.column, meta.start_pos, meta.end_pos)

    def _move(
        self, own: tuple[UnitType | None, Location], steps: list[Location], via: bool
    ) -> Order:
        destination = steps[-1]
        path = tuple(s.province for s in steps[:-1])
        if self.phase is PhaseType.RETREAT and not path and not via:
            return Retreat(*own, destination)
        return Move(*own, destination, via_convoy=via or bool(path), path=path)

    def _own(self, unit: UnitRef) -> tuple[UnitType | None, Location] | None:
        """The ordered unit: its type (filled from the position when left out) and location."""
        location = self.resolve(unit.place)
        if location is None:
            return None
        return self._fill(unit.type, location), location

    def _fill(self, unit_type: UnitType | None, location: Location) -> UnitType | None:
        if unit_type is not None or self.position is None:
            return unit_type
        found = unit_in(self.position, location.province)
        return found.type if found is not None else None

    def _target(self, target: Target) -> tuple[UnitType | None, Location] | None:
        place = target.place
        words = place.name.words
        # `S German Ber`: an adjective without a unit type is glued to the place name.
        if (
            not target.foreign
            and len(words) > 1
            and self._match(words) is None
            and self.map.lookup_power(words[0], self.lang)
            and self._match(words[1:]) is not None
        ):
            rest = Name(words[1:], place.name.columns[1:], " ".join(words[1:]))
            place = Place(rest, place.coast)
        location = self.resolve(place)
        if location is None:
            return None
        unit_type = target.type
        if unit_type is None and self.position is not None:
            found = self.position.unit_at(location.province)
            unit_type = found.type if found is not None else None
        return unit_type, location

    # ------------------------------------------------------------------ name resolution
    def resolve(self, place: Place) -> Location | None:
        """The location a place names, or None after recording why it names none."""
        found = self._match(place.name.words)
        if isinstance(found, tuple):
            self.problem(
                f"ambiguous province {place.name.text!r}: could be {self._either_province(found)}",
                ParseCode.AMBIGUOUS_PROVINCE,
                place.name.column,
            )
            return None
        if found is None:
            self._unknown(place.name)
            return None
        if place.coast is None:
            return found
        coast = self.map.lookup_coast(" ".join(place.coast.words), self.lang)
        if coast is None:
            self._unknown_coast(place.coast, found.province)
            return None
        return Location(found.province, coast)

    def _match(self, words: Sequence[str]) -> Location | tuple[str, ...] | None:
        """A location for ``words`` (a tuple of ids when ambiguous, None when unknown): the whole
        name, else a name and a coast of that province (``bul ec``), else without ``the``."""
        ids = self.map.lookup(" ".join(words), self.lang)
        if len(ids) == 1:
            return Location(ids[0])
        if ids:
            return ids
        for k in range(len(words) - 1, 0, -1):
            head = self.map.lookup(" ".join(words[:k]), self.lang)
            if len(head) == 1:
                coast = self.map.lookup_coast(" ".join(words[k:]), self.lang)
                if coast is not None and coast in self.map.province(head[0]).coasts:
                    return Location(head[0], coast)
        if len(words) > 1 and self.vocab.is_article(words[0]):
            return self._match(words[1:])
        return None

    def _split_pair(self, place: Place) -> tuple[Location, Location] | None:
        words = place.name.words
        for k in range(1, len(words)):
            first = self._match(words[:k])
            second = self._match(words[k:])
            if isinstance(first, Location) and isinstance(second, Location):
                if place.coast is not None:
                    coast = self.map.lookup_coast(" ".join(place.coast.words), self.lang)
                    if coast is None:
                        return None
                    second = Location(second.province, coast)
                return first, second
        return None

    def _unknown(self, name: Name) -> None:
        words = name.words
        for k in range(len(words) - 1, 0, -1):
            if isinstance(self._match(words[:k]), Location):
                start = name.columns[0] - 1
                head = self.line[start : name.columns[k - 1] - 1 + len(words[k - 1])]
                bad = words[k]
                self.problem(
                    f"unexpected word {bad!r} after {head!r}"
                    + _did_you_mean(self._word_suggestions(bad), quoted=True),
                    ParseCode.SYNTAX,
                    name.columns[k],
                )
                return
        close = self.map.suggest(name.text, self.lang)
        shown = [f"'{pid}' ({self.map.province(pid).name(self.lang)})" for pid in close]
        self.problem(
            f"unknown province {name.text!r}" + _did_you_mean(shown, quoted=True),
            ParseCode.UNKNOWN_PROVINCE,
            name.column,
        )

    def _unknown_coast(self, coast: Name, province: str) -> None:
        coasts = self.map.province(province).coasts
        words = {code: self.map.coast_names.get(code, {}).get(self.lang, ()) for code in coasts}
        if coasts:
            choices = _either([f"'{c.lower()}' ({w[0]})" if w else c for c, w in words.items()])
            hint: str | None = f"{province} has the coasts {choices}"
        else:
            hint = f"{province} has no named coasts"
        self.problem(
            f"unknown coast {coast.text!r}", ParseCode.UNKNOWN_COAST, coast.column, hint=hint
        )

    def _either_province(self, ids: Sequence[str]) -> str:
        return _either([f"'{pid}' ({self.map.province(pid).name(self.lang)})" for pid in ids])

    def _word_suggestions(self, word: str) -> list[str]:
        keywords = {fold(w): w for w in self.vocab.words() if len(w) > 1}
        close = difflib.get_close_matches(fold(word), list(keywords), n=1, cutoff=0.7)
        if close:
            return [f"'{keywords[close[0]]}'"]
        return [
            f"'{pid}' ({self.map.province(pid).name(self.lang)})"
            for pid in self.map.suggest(word, self.lang, limit=2)
        ]

    def _power_suggestions(self, text: str) -> list[str]:
        spellings: dict[str, str] = {}
        for power in self.map.powers.values():
            spellings.setdefault(fold(power.display(self.lang)), power.name)
            spellings.setdefault(fold(power.adjective(self.lang)), power.adjective(self.lang))
        close = difflib.get_close_matches(fold(text), list(spellings), n=2, cutoff=0.6)
        return [spellings[c] for c in close]


# ---------------------------------------------------------------------- module helpers
def unit_in(position: Position, province: str) -> Unit | None:
    """The unit an order for ``province`` is about: in a retreat phase the dislodged unit there
    comes first (the unit that dislodged it stands in the same province)."""
    if position.phase.type is PhaseType.RETREAT:
        for d in position.dislodged:
            if d.unit.province == province:
                return d.unit
    return position.unit_at(province)


def order_power(order: Order, position: Position | None) -> str | None:
    """The power an order without a label belongs to, according to the position."""
    if position is None or isinstance(order, Waive):
        return None
    if isinstance(order, Build):
        return position.owner(order.location.province)
    unit = unit_in(position, order.location.province)
    return unit.power if unit is not None else None


def _either(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _did_you_mean(suggestions: Sequence[str], *, quoted: bool = False) -> str:
    if not suggestions:
        return ""
    shown = suggestions if quoted else [f"'{s}'" for s in suggestions]
    return f" — did you mean {_either(shown)}?"
