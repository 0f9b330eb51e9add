"""The shapes an order is written in: what the grammar's rules produce, before any name means
anything.

Private to :mod:`adjudicator.orders.read`. :class:`SyntaxBuilder` is a Lark ``Transformer`` that
runs *inside* the LALR parser (no parse tree is ever built): each rule of ``grammar/orders.lark``
becomes one of the small frozen values below, carrying the words as written and their offsets in
the line. :mod:`adjudicator.orders.resolve` then resolves them against the map and the position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Literal, TypeVar

from lark import Token, Transformer

from adjudicator.base.errors import cut
from adjudicator.base.model import UnitType

QUOTED_LIMIT = 60
"""The most characters of a written text that a message quotes. The line itself is shown under
the message (as an excerpt of a long line), so a message stays one short line whatever was
pasted into the order."""


def shown(text: str) -> str:
    """``text`` as a message quotes it: whole, or its start and ``…`` when it is longer than
    :data:`QUOTED_LIMIT`.

    >>> shown("Mid-Atlantic Ocean")
    'Mid-Atlantic Ocean'
    >>> len(shown("Lon " * 1000))
    60
    """
    return cut(text, QUOTED_LIMIT)


OrderKind = Literal[
    "hold", "move", "support", "convoy", "retreat", "disband", "build", "waive", "remove", "bare"
]


@dataclass(frozen=True, slots=True)
class Name:
    """A run of words as written (a place, coast or power name)."""

    words: tuple[str, ...]
    columns: tuple[int, ...]
    """The 1-based column of each word."""
    start: int
    end: int
    """Offsets of the first and past the last character in the line."""

    @property
    def column(self) -> int:
        return self.columns[0]


@dataclass(frozen=True, slots=True)
class LetterName(Name):
    """A power label written DPjudge's way, ``E)``: it must be one letter of one power."""


@dataclass(frozen=True, slots=True)
class Place:
    name: Name
    coast: Name | None
    """An explicit coast: ``/nc``, ``(north coast)``, ``-sc``."""
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as written: an optional type and a place."""

    type: UnitType | None
    place: Place
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Target:
    """The unit a support or convoy is for; ``foreign`` is the adjective (``German``)."""

    foreign: Name | None
    type: UnitType | None
    place: Place
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Draft:
    """One order as written: its kind (the grammar rule) and its parts."""

    kind: OrderKind
    unit: UnitRef | None
    target: Target | None
    places: tuple[Place, ...]
    """The places after the unit: the steps of a move, a support's or convoy's destination."""
    via: bool
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class ItemDraft:
    """One item of a line: a power label, an order, or both."""

    label: Name | None
    order: Draft | None


@dataclass(frozen=True, slots=True)
class _TypeWord:
    type: UnitType
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Via:
    start: int
    end: int


_V = TypeVar("_V")


def _quick(cls: type[_V]) -> Callable[..., _V]:
    """``cls(*values)`` for a frozen slots dataclass of this module, made faster: the value is
    made as a plain dataclass with the very same slots (plain assignments instead of the frozen
    ``object.__setattr__`` per field: about 0.4 µs instead of 1.1), then becomes a ``cls``,
    equal, hashed and immutable as one made by ``cls``. The builder makes about a dozen values
    for each line the grammar reads."""
    annotations = {field.name: Any for field in fields(cls)}  # type: ignore[arg-type]
    plain: Any = dataclass(slots=True)(
        type(f"_Plain{cls.__name__}", (), {"__annotations__": annotations})
    )
    if plain.__slots__ != cls.__slots__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: no plain twin with the same slots")

    def make(*values: Any) -> _V:
        value = plain(*values)
        value.__class__ = cls  # the twin-class construction of adjudicator.base.model
        return value  # type: ignore[no-any-return]

    return make


_name: Callable[[tuple[str, ...], tuple[int, ...], int, int], Name] = _quick(Name)
_place: Callable[[Name, Name | None, int, int], Place] = _quick(Place)
_unit_ref: Callable[[UnitType | None, Place, int, int], UnitRef] = _quick(UnitRef)
_target: Callable[[Name | None, UnitType | None, Place, int, int], Target] = _quick(Target)
_order_draft: Callable[
    [OrderKind, UnitRef | None, Target | None, tuple[Place, ...], bool, int, int], Draft
] = _quick(Draft)
_item_draft: Callable[[Name | None, Draft | None], ItemDraft] = _quick(ItemDraft)
_type_word: Callable[[UnitType, int, int], _TypeWord] = _quick(_TypeWord)


def _span(children: list[Any]) -> tuple[int, int]:
    """Where ``children`` start and end in the line. They stand in the line's order (the
    parser takes a line's tokens left to right, and each value spans its own tokens), so the
    first child starts the span and the last ends it."""
    first, last = children[0], children[-1]
    start = (first.start_pos or 0) if isinstance(first, Token) else first.start
    end = (last.end_pos or 0) if isinstance(last, Token) else last.end
    return start, end


def _word_name(token: Token) -> Name:
    start = token.start_pos or 0
    return _name((str(token),), (token.column or start + 1,), start, token.end_pos or start)


class SyntaxBuilder(Transformer[Token, Any]):
    """Rule callbacks of the grammar; stateless, so one instance serves every parse."""

    def name(self, children: list[Token]) -> Name:
        start, end = _span(children)
        words = tuple(str(t) for t in children)
        return _name(words, tuple(t.column or 1 for t in children), start, end)

    def coast(self, children: list[Any]) -> Name:
        (child,) = children
        return child if isinstance(child, Name) else _word_name(child)

    def place(self, children: list[Any]) -> Place:
        coast = children[1] if len(children) > 1 else None
        return _place(children[0], coast, *_span(children))

    def unit_type(self, children: list[Token]) -> _TypeWord:
        (token,) = children
        kind = UnitType.ARMY if token.type == "ARMY" else UnitType.FLEET
        return _type_word(kind, *_span(children))

    def unit(self, children: list[Any]) -> UnitRef:
        kind = children[0].type if isinstance(children[0], _TypeWord) else None
        return _unit_ref(kind, children[-1], *_span(children))

    def foreign(self, children: list[Name]) -> Name:
        return children[0]

    def target(self, children: list[Any]) -> Target:
        foreign = children[0] if isinstance(children[0], Name) else None
        kind = next((c.type for c in children if isinstance(c, _TypeWord)), None)
        return _target(foreign, kind, children[-1], *_span(children))

    def via(self, children: list[Token]) -> _Via:
        return _Via(*_span(children))

    def power(self, children: list[Any]) -> Name:
        (child,) = children
        return child if isinstance(child, Name) else _word_name(child)

    def label(self, children: list[Name]) -> Name:
        return children[0]

    def letter_label(self, children: list[Name]) -> Name:
        (name,) = children
        return LetterName(name.words, name.columns, name.start, name.end)

    def item(self, children: list[Any]) -> ItemDraft:
        label = next((c for c in children if isinstance(c, Name)), None)
        order = next((c for c in children if isinstance(c, Draft)), None)
        return _item_draft(label, order)

    # One callback per order rule; they differ only in the kind they record.
    def hold(self, children: list[Any]) -> Draft:
        return _draft("hold", children)

    def move(self, children: list[Any]) -> Draft:
        return _draft("move", children)

    def support(self, children: list[Any]) -> Draft:
        return _draft("support", children)

    def convoy(self, children: list[Any]) -> Draft:
        return _draft("convoy", children)

    def retreat(self, children: list[Any]) -> Draft:
        return _draft("retreat", children)

    def disband(self, children: list[Any]) -> Draft:
        return _draft("disband", children)

    def build(self, children: list[Any]) -> Draft:
        return _draft("build", children)

    def waive(self, children: list[Any]) -> Draft:
        return _draft("waive", children)

    def remove(self, children: list[Any]) -> Draft:
        return _draft("remove", children)

    def bare(self, children: list[Any]) -> Draft:
        return _draft("bare", children)


def _draft(kind: OrderKind, children: list[Any]) -> Draft:
    # one pass over the children (this runs for every order read by the grammar)
    unit: UnitRef | None = None
    target: Target | None = None
    places: list[Place] = []
    via = False
    for child in children:
        if isinstance(child, Place):
            places.append(child)
        elif isinstance(child, UnitRef):
            if unit is None:
                unit = child
        elif isinstance(child, Target):
            if target is None:
                target = child
        elif isinstance(child, _Via):
            via = True
    return _order_draft(kind, unit, target, tuple(places), via, *_span(children))
