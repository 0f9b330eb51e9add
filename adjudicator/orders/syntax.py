"""The shapes an order is written in: what the grammar's rules produce, before any name means
anything.

Private to :mod:`adjudicator.orders.read`. :class:`SyntaxBuilder` is a Lark ``Transformer`` that
runs *inside* the LALR parser (no parse tree is ever built): each rule of ``grammar/orders.lark``
becomes one of the small frozen values below, carrying the words as written and their offsets in
the line. :mod:`adjudicator.orders.resolve` then resolves them against the map and the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

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


def _span(children: list[Any]) -> tuple[int, int]:
    starts: list[int] = []
    ends: list[int] = []
    for child in children:
        if isinstance(child, Token):
            starts.append(child.start_pos or 0)
            ends.append(child.end_pos or 0)
        else:
            starts.append(child.start)
            ends.append(child.end)
    return min(starts), max(ends)


def _word_name(token: Token) -> Name:
    start = token.start_pos or 0
    return Name((str(token),), (token.column or start + 1,), start, token.end_pos or start)


class SyntaxBuilder(Transformer[Token, Any]):
    """Rule callbacks of the grammar; stateless, so one instance serves every parse."""

    def name(self, children: list[Token]) -> Name:
        start, end = _span(children)
        words = tuple(str(t) for t in children)
        return Name(words, tuple(t.column or 1 for t in children), start, end)

    def coast(self, children: list[Any]) -> Name:
        (child,) = children
        return child if isinstance(child, Name) else _word_name(child)

    def place(self, children: list[Any]) -> Place:
        coast = children[1] if len(children) > 1 else None
        return Place(children[0], coast, *_span(children))

    def unit_type(self, children: list[Token]) -> _TypeWord:
        (token,) = children
        kind = UnitType.ARMY if token.type == "ARMY" else UnitType.FLEET
        return _TypeWord(kind, *_span(children))

    def unit(self, children: list[Any]) -> UnitRef:
        kind = children[0].type if isinstance(children[0], _TypeWord) else None
        return UnitRef(kind, children[-1], *_span(children))

    def foreign(self, children: list[Name]) -> Name:
        return children[0]

    def target(self, children: list[Any]) -> Target:
        foreign = children[0] if isinstance(children[0], Name) else None
        kind = next((c.type for c in children if isinstance(c, _TypeWord)), None)
        return Target(foreign, kind, children[-1], *_span(children))

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
        return ItemDraft(label, order)

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
    unit = next((c for c in children if isinstance(c, UnitRef)), None)
    target = next((c for c in children if isinstance(c, Target)), None)
    places = tuple(c for c in children if isinstance(c, Place))
    via = any(isinstance(c, _Via) for c in children)
    return Draft(kind, unit, target, places, via, *_span(children))
