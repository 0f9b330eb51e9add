"""How a language writes an order in full sentences: :class:`LongForm`.

The sentences of :func:`~adjudicator.orders.write.format_order_long` (``Flotte im Mittleren
Atlantik unterstützt die Armee Picardie nach Brest``): its templates, the prepositions and
articles a place takes where a unit stands and where it goes, and the declension of a sea's
name after them. German is the language that has one (:data:`adjudicator.lang.de.LONG_FORM`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.base.model import UnitType


class Role(StrEnum):
    """Where a place stands in a sentence, which decides its preposition and case."""

    AT = "at"
    """Where a unit is (``im Mittleren Atlantik``, dative)."""
    TO = "to"
    """Where a unit goes (``in den Mittleren Atlantik``, accusative)."""
    OVER = "over"
    """A sea a convoyed army crosses (``über den Mittleren Atlantik``, accusative)."""


@dataclass(frozen=True, slots=True)
class LongForm:
    """The words of orders written in full. A place of unknown gender (every land province,
    and a sea whose head noun the table does not know) takes the ``None`` forms: its name as
    written, after ``nach`` where it is a destination."""

    unit_types: Mapping[UnitType, str]
    target: str
    """A supported or convoyed unit of named type (``die {type}``)."""
    places: Mapping[Role, Mapping[str | None, str]]
    """Role -> gender (``m``, ``f``, ``n``; ``None`` unknown) -> template of ``{name}``."""
    cases: Mapping[Role, Mapping[str, str]]
    """Role -> gender -> the ending an adjective before the noun takes there."""
    genders: tuple[tuple[str, str], ...]
    """(ending of the head noun, gender), first match wins (``see`` -> ``f``)."""
    head_breaks: tuple[str, ...]
    """Words after the head noun (``Golf von Lyon``: the head is ``Golf``)."""
    invariable: tuple[str, ...]
    """First words that look like adjectives but never decline (``Helgoländer``)."""
    adjective_endings: tuple[str, ...]
    hold: str
    move: str
    via: str
    support_hold: str
    support_move: str
    convoy: str
    retreat: str
    disband: str
    build: str
    waive: str

    def gender(self, name: str) -> str | None:
        """The gender of a sea's name from its head noun; None when the table does not know."""
        words = name.split()
        for index, word in enumerate(words):
            if word.lower() in self.head_breaks and index > 0:
                words = words[:index]
                break
        head = words[-1].lower() if words else ""
        return next((g for ending, g in self.genders if head.endswith(ending)), None)

    def decline(self, name: str, role: Role, gender: str) -> str:
        """``name`` with its first word, an adjective, in the case ``role`` takes (``Mittlerer
        Atlantik`` -> ``Mittleren Atlantik``)."""
        first, space, rest = name.partition(" ")
        if not space or first in self.invariable:
            return name
        endings = sorted(self.adjective_endings, key=len, reverse=True)
        ending = next((e for e in endings if first.endswith(e) and len(first) > len(e) + 2), None)
        if ending is None:
            return name
        return f"{first[: -len(ending)]}{self.cases[role][gender]} {rest}"

    def place(self, name: str, role: Role, *, sea: bool) -> str:
        """A place in the sentence: ``Wien``, ``nach Wien``, ``im Mittleren Atlantik``."""
        gender = self.gender(name) if sea else None
        forms = self.places[role]
        if gender is None or gender not in forms:
            return forms[None].format(name=name)
        return forms[gender].format(name=self.decline(name, role, gender))
