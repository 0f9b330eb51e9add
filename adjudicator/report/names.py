"""Naming things in a report: powers, provinces, coasts, units and orders in the judges'
long form (and in the short form a language reads back), in the words of one language table."""

from __future__ import annotations

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
    Phase,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap
from adjudicator.lang.words import Words
from adjudicator.orders.write import format_order
from adjudicator.state.outcomes import OrderResult, Reason
from adjudicator.state.position import Position


class Namer:
    """Names units, places, powers and orders in one language, looking units up in the
    position the orders were given in."""

    def __init__(self, game_map: GameMap, words: Words, position: Position) -> None:
        self.map = game_map
        self.words = words
        self.position = position
        self._ranks = {p: i for i, p in enumerate(game_map.powers)}
        self._collation = str.maketrans(dict(words.collation))

    # ------------------------------------------------------------------ plain names
    def sort_key(self, name: str) -> str:
        """The key that sorts names in this language's order (``Ärmelkanal`` among the A's)."""
        return name.translate(self._collation)

    def power_rank(self, power: str) -> tuple[int, str]:
        return (self._ranks.get(power, len(self._ranks)), power)

    def result_key(self, result: OrderResult) -> tuple[tuple[int, str], int, str, str]:
        """Judge order: by power, then by the name of the ordered unit's province."""
        order = result.order
        if isinstance(order, Waive):
            return (self.power_rank(result.power), 1, "", str(order))
        place = self.sort_key(self.place(order.location))
        return (self.power_rank(result.power), 0, place, str(order))

    def power(self, power: str) -> str:
        known = self.map.powers.get(power)
        return known.display(self.words.lang) if known else power

    def adjective(self, power: str) -> str:
        known = self.map.powers.get(power)
        return known.adjective(self.words.lang) if known else power

    def province(self, pid: str) -> str:
        province = self.map.provinces.get(pid)
        return province.name(self.words.lang) if province else pid

    def code(self, pid: str) -> str:
        """A province in the short form of this language (German ``TIR`` for Tyrolia)."""
        return self.map.code(pid, self.words.lang)

    def short(self, order: Order) -> str:
        """An order in the short form that reads back to it in this language."""
        return format_order(order, self.map, self.words.lang)

    def place(self, location: Location) -> str:
        name = self.province(location.province)
        if location.coast is None:
            return name
        spellings = self.map.coast_names.get(location.coast, {})
        coast = (spellings.get(self.words.lang) or spellings.get("en") or (location.coast,))[0]
        return self.words.coast.format(place=name, coast=coast)

    def unit_type(self, unit_type: UnitType) -> str:
        return self.words.unit_types[unit_type]

    def phase_line(self, template: str, kinds: Mapping[PhaseType, str], phase: Phase) -> str:
        return template.format(
            kind=kinds[phase.type], season=self.words.seasons[phase.season], year=phase.year
        )

    # ------------------------------------------------------------------ units
    def unit_at(self, province: str, *, dislodged_first: bool = False) -> Unit | None:
        """The unit in ``province``; in a retreat phase the dislodged one comes first."""
        pending = [d.unit for d in self.position.dislodged if d.unit.province == province]
        standing = self.position.unit_at(province)
        if dislodged_first and pending:
            return pending[0]
        return standing or (pending[0] if pending else None)

    def ordered_unit(self, power: str, order: Order) -> Unit | None:
        """The unit an order names, as it stands on the board: a left-out or wrong unit type is
        the board's (DATC 4.C.1, 4.C.2), except for a build, which names what it creates."""
        if isinstance(order, Waive):
            return None
        retreating = self.position.phase.type is PhaseType.RETREAT
        found = self.unit_at(order.location.province, dislodged_first=retreating)
        if isinstance(order, Build) or found is None:
            return None if order.unit_type is None else Unit(power, order.unit_type, order.location)
        return found

    def target_unit(self, unit_type: UnitType | None, location: Location) -> Unit | None:
        """The unit a support or convoy names: the one on the board, else (an empty province)
        the type the order gives, owned by nobody."""
        found = self.unit_at(location.province)
        if found is not None:
            return found
        return None if unit_type is None else Unit("", unit_type, location)

    def unit_words(self, line_power: str, unit: Unit | None, location: Location) -> str:
        """A unit as an order line names it: ``Army Vienna``, ``Austrian Army Vienna``."""
        if unit is None:
            return self.words.bare_unit.format(place=self.place(location))
        place = self.place(unit.location if unit.power else location)
        kind = self.unit_type(unit.type)
        if unit.power and unit.power != line_power:
            return self.words.foreign_unit.format(
                adj=self.adjective(unit.power), type=kind, place=place
            )
        return self.words.own_unit.format(type=kind, place=place)

    def who(self, unit: Unit, *, dat: bool = False) -> str:
        """A unit in a sentence: ``the Russian Army in Warsaw``."""
        kind = self.unit_type(unit.type)
        place = self.place(unit.location)
        if not unit.power:
            template = self.words.who_anon_dat if dat else self.words.who_anon
            return template.format(type=kind, place=place)
        template = self.words.who_dat if dat else self.words.who
        return template.format(adj=self.adjective(unit.power), type=kind, place=place)

    # ------------------------------------------------------------------ orders
    def long(self, power: str, order: Order, reason: Reason = Reason.NONE) -> str:
        """The judge long form of an order, without power and full stop."""
        w = self.words
        if isinstance(order, Waive):
            return w.waive
        unit = self.ordered_unit(power, order)
        me = self.unit_words(power, unit, order.location)
        if reason is Reason.NO_ORDER and isinstance(order, Hold | Disband | Retreat):
            return w.no_order.format(unit=me)
        adjusting = self.position.phase.type is PhaseType.ADJUSTMENT
        match order:
            case Hold():
                return w.hold.format(unit=me)
            case Move(destination=dest, path=path):
                route = w.path_separator.join([*(self.province(p) for p in path), self.place(dest)])
                return w.move.format(unit=me, dest=route)
            case Support(target_type=tt, target=target, destination=dest):
                them = self.unit_words(power, self.target_unit(tt, target), target)
                if dest is None:
                    return w.support_hold.format(unit=me, target=them)
                return w.support_move.format(unit=me, target=them, dest=self.place(dest))
            case Convoy(army=army, destination=dest):
                them = self.unit_words(power, self.target_unit(UnitType.ARMY, army), army)
                return w.convoy.format(unit=me, army=them, dest=self.place(dest))
            case Retreat(destination=dest):
                return w.retreat.format(unit=me, dest=self.place(dest))
            case Disband() if adjusting:
                return self._adjustment(w.remove, w.remove_unknown, unit, order.location)
            case Disband():
                return w.disband.format(unit=me)
            case Build():
                return self._adjustment(w.build, w.build_unknown, unit, order.location)
            case _:
                assert_never(order)

    def _adjustment(
        self,
        templates: Mapping[UnitType, str],
        unknown: str,
        unit: Unit | None,
        location: Location,
    ) -> str:
        place = self.place(location)
        if unit is None:
            return unknown.format(place=place)
        return templates[unit.type].format(place=place)
