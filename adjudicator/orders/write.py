"""The short form of an order as a given language reads it, and the long form in sentences.

``str(order)`` is the canonical short form with the map's province ids (``A TYR - VIE``). In a
language whose names give one of those ids to another province (DPjudge's German ``tyr`` is
the Tyrrhenian Sea), :func:`format_order` writes that province by a name of its own there
(``A TIR - VIE``), so the text parses back to the same order in that language too.
:func:`format_order_long` writes an order in sentences (German: ``Flotte im Mittleren Atlantik
unterstützt die Armee Picardie nach Brest``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import assert_never

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    Retreat,
    Support,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap
from adjudicator.lang.fold import DEFAULT_LANGUAGE
from adjudicator.lang.languages import LANGUAGES
from adjudicator.lang.long_form import LongForm, Role

_ID = re.compile(r"(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])")


def format_order(order: Order, game_map: GameMap, lang: str = DEFAULT_LANGUAGE) -> str:
    """The canonical short form of ``order`` that reads back to it in ``lang``.

    >>> from adjudicator.board.load import load_map
    >>> from adjudicator.base.model import Location, Move, UnitType
    >>> order = Move(UnitType.ARMY, Location("TYR"), Location("VIE"))
    >>> format_order(order, load_map("standard"), "de-dpjudge")  # DPjudge's German: tyr is a sea
    'A TIR - VIE'
    >>> format_order(order, load_map("standard"), "en") == str(order)
    True
    """
    text = str(order)
    if lang == DEFAULT_LANGUAGE:
        return text

    def rewrite(match: re.Match[str]) -> str:
        token = match.group(1)
        return game_map.code(token, lang) if token in game_map.provinces else token

    return _ID.sub(rewrite, text)


def format_order_long(
    order: Order,
    game_map: GameMap,
    lang: str = "de",
    *,
    names: Mapping[str, str] | None = None,
) -> str:
    """``order`` written in full sentences of ``lang``, as rule books write them, with the
    articles and declensions of each place; it reads back to ``order`` in that language.

    ``names`` chooses the name written for a province id (default: its display name in
    ``lang``). Raises :class:`ValueError` for a language without long sentences.

    >>> from adjudicator.board.load import load_map
    >>> from adjudicator.base.model import Location, Support, UnitType
    >>> standard = load_map("standard")
    >>> order = Support(UnitType.FLEET, Location("MAO"), UnitType.ARMY, Location("PIC"),
    ...                 Location("BRE"))
    >>> format_order_long(order, standard, names={"MAO": "Mittlerer Atlantik"})
    'Flotte im Mittleren Atlantik unterstützt die Armee Picardie nach Brest'
    >>> format_order_long(Move(UnitType.FLEET, Location("LYO"), Location("SPA", "SC")), standard)
    'Flotte im Golf von Lyon zieht nach Spanien (Südküste)'
    """
    return _LongWriter(game_map, lang, names or {}).order(order)


class _LongWriter:
    def __init__(self, game_map: GameMap, lang: str, names: Mapping[str, str]) -> None:
        form = long_forms().get(lang)
        if form is None:
            known = ", ".join(sorted(long_forms()))
            raise ValueError(f"no long form for language {lang!r}; languages with one: {known}")
        self.form = form
        self.map = game_map
        self.lang = lang
        self.names = names

    def place(self, location: Location, role: Role) -> str:
        pid = location.province
        sea = self.map.is_sea(pid)
        name = self.names.get(pid) or self.default_name(pid, sea)
        text = self.form.place(name, role, sea=sea)
        if location.coast is None:
            return text
        words = self.map.coast_names.get(location.coast, {}).get(self.lang, ())
        return f"{text} ({words[0] if words else location.coast})"

    def default_name(self, pid: str, sea: bool) -> str:
        """The display name; for a sea, the first of its names whose gender the language
        knows (``Golf von Lyon`` rather than ``Golfe du Lion``), so it takes its article."""
        province = self.map.province(pid)
        if sea:
            for name in province.names.get(self.lang, ()):
                if len(name) > 3 and self.form.gender(name) is not None:
                    return name
        return province.name(self.lang)

    def unit(self, unit_type: UnitType | None, location: Location) -> str:
        at = self.place(location, Role.AT)
        return at if unit_type is None else f"{self.form.unit_types[unit_type]} {at}"

    def target(self, unit_type: UnitType | None, location: Location) -> str:
        at = self.place(location, Role.AT)
        if unit_type is None:
            return at
        kind = self.form.target.format(type=self.form.unit_types[unit_type])
        return f"{kind} {at}"

    def order(self, order: Order) -> str:
        form = self.form
        match order:
            case Hold():
                return form.hold.format(unit=self.unit(order.unit_type, order.location))
            case Move():
                steps = [self.place(Location(p), Role.OVER) for p in order.path]
                steps.append(self.place(order.destination, Role.TO))
                text = form.move.format(
                    unit=self.unit(order.unit_type, order.location), steps=" ".join(steps)
                )
                return text + form.via if order.via_convoy and not order.path else text
            case Support():
                unit = self.unit(order.unit_type, order.location)
                target = self.target(order.target_type, order.target)
                if order.destination is None:
                    return form.support_hold.format(unit=unit, target=target)
                dest = self.place(order.destination, Role.TO)
                return form.support_move.format(unit=unit, target=target, dest=dest)
            case Convoy():
                return form.convoy.format(
                    unit=self.unit(order.unit_type, order.location),
                    target=self.target(UnitType.ARMY, order.army),
                    dest=self.place(order.destination, Role.TO),
                )
            case Retreat():
                return form.retreat.format(
                    unit=self.unit(order.unit_type, order.location),
                    dest=self.place(order.destination, Role.TO),
                )
            case Disband():
                return form.disband.format(unit=self.unit(order.unit_type, order.location))
            case Build():
                return form.build.format(unit=self.unit(order.unit_type, order.location))
            case Waive():
                return form.waive
            case _:
                assert_never(order)


def long_forms() -> Mapping[str, LongForm]:
    """Language code -> its :class:`LongForm`, for the languages that have one."""
    return {code: lang.long_form for code, lang in LANGUAGES.items() if lang.long_form is not None}
