"""The engines the benchmark compares, each behind the same small interface.

An engine turns a :class:`RecordedPhase` into its own objects once (:meth:`Engine.prepare`,
never timed), then runs it as often as asked (:meth:`Engine.run`, which returns the seconds of
the timed part only), and reports the units after the phase (:meth:`Engine.outcome`) for the
sanity check. The peers (the ``diplomacy`` and ``pydip`` packages from PyPI, the ``bench`` extra)
are imported lazily: a missing peer is skipped with a message, never an import error.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

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
    Unit,
    UnitType,
)
from adjudicator.board.map import GameMap
from adjudicator.state.position import Position
from benchmarks.generator import RecordedPhase

Units = frozenset[str]
"""``POWER UNIT`` strings (``ENGLAND F STP/NC``): one engine's units after a phase."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the sanity check compares: units in place, and dislodged units, after a phase."""

    units: Units
    dislodged: Units
    """``POWER UNIT -> PROVINCES`` for each dislodged unit that has somewhere to retreat (the
    provinces it may retreat to). A dislodged unit with nowhere to go is left out: the
    ``diplomacy`` package disbands it at once, we and pydip keep it for the retreat phase."""


def unit_key(power: str, unit: str) -> str:
    return f"{power.upper()} {unit}"


def dislodged_key(power: str, unit: str, retreats: Iterable[str]) -> str:
    provinces = sorted({r.partition("/")[0] for r in retreats})
    return f"{unit_key(power, unit)} -> {' '.join(provinces)}"


def our_outcome(after: Position) -> Outcome:
    """Our next position as an :class:`Outcome`: its units, and each dislodged unit that has
    somewhere to retreat with its options."""
    dislodged = frozenset(
        dislodged_key(d.unit.power, str(d.unit), (str(r) for r in d.retreats))
        for d in after.dislodged
        if d.retreats
    )
    return Outcome(our_units(after.units), dislodged)


def our_units(units: Sequence[Unit]) -> Units:
    return frozenset(unit_key(u.power, str(u)) for u in units)


class Engine(Protocol):
    name: str
    timed: str
    """What :meth:`run` times, in words, for the table's notes."""

    def supports(self, phase_type: PhaseType) -> bool: ...

    def prepare(self, phase: RecordedPhase) -> Any: ...

    def run(self, prepared: Any) -> float: ...

    def outcome(self, prepared: Any) -> Outcome: ...


class Unavailable(Exception):
    """An engine that cannot run here (peer not installed, our engine not written yet)."""


# --------------------------------------------------------------------------- ours
class Ours:
    """``adjudicator.adjudication.engine.adjudicate(position, orders, game_map=...)``: legality
    checks, resolution and the next position, from our frozen objects to an
    :class:`Adjudication`."""

    name = "adjudicator (ours)"
    timed = "adjudicate(position, orders, game_map=m): legality, resolution, next position"

    def __init__(self, game_map: GameMap) -> None:
        try:
            engine = importlib.import_module("adjudicator.adjudication.engine")
        except ImportError as exc:
            raise Unavailable(
                f"adjudicator.adjudication.engine cannot be imported ({exc})"
            ) from None
        self._adjudicate: Callable[..., Any] = engine.adjudicate
        self.map = game_map

    def supports(self, phase_type: PhaseType) -> bool:
        return True

    def prepare(self, phase: RecordedPhase) -> RecordedPhase:
        return phase

    def run(self, prepared: RecordedPhase) -> float:
        adjudicate, position, orders, game_map = (
            self._adjudicate,
            prepared.position,
            prepared.orders,
            self.map,
        )
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = adjudicate(position, orders, game_map=game_map)
        return time.perf_counter() - start

    def outcome(self, prepared: RecordedPhase) -> Outcome:
        result = self._adjudicate(prepared.position, prepared.orders, game_map=self.map)
        return our_outcome(result.next_position)


class OursLegality:
    """Our legality checks alone (``legality.check_orders``), the first half of
    :class:`Ours`: shows how the time divides between checking and resolving."""

    name = "  of which check_orders"
    timed = "legality.check_orders(position, orders, m, Rules()) alone (--breakdown)"

    def __init__(self, game_map: GameMap) -> None:
        try:
            legality = importlib.import_module("adjudicator.adjudication.legality.check")
            rules = importlib.import_module("adjudicator.base.rules").Rules()
        except ImportError as exc:
            raise Unavailable(
                f"adjudicator.adjudication.legality.check cannot be imported ({exc})"
            ) from None
        self._check: Callable[..., Any] = legality.check_orders
        self._rules = rules
        self.map = game_map

    def supports(self, phase_type: PhaseType) -> bool:
        return True

    def prepare(self, phase: RecordedPhase) -> RecordedPhase:
        return phase

    def run(self, prepared: RecordedPhase) -> float:
        check, position, orders = self._check, prepared.position, prepared.orders
        game_map, rules = self.map, self._rules
        start = time.perf_counter()
        check(position, orders, game_map, rules)
        return time.perf_counter() - start

    def outcome(self, prepared: RecordedPhase) -> Outcome:
        raise NotImplementedError("check_orders alone has no outcome to compare")


# --------------------------------------------------------------------------- diplomacy
@dataclass(frozen=True, slots=True)
class DiplomacyPhase:
    """A phase in the ``diplomacy`` package's terms: a state for ``Game.set_state`` and each
    power's orders as strings."""

    state: dict[str, Any]
    orders: dict[str, list[str]]


class Diplomacy:
    """The ``diplomacy`` package (MILA): a ``Game`` per run, set up untimed, then timed."""

    name = "diplomacy"

    def __init__(self, with_orders: bool) -> None:
        try:
            self._game_class: Any = importlib.import_module("diplomacy").Game
        except ImportError:
            raise Unavailable(
                "the diplomacy package is not installed (pip install diplomacy)"
            ) from None
        self.with_orders = with_orders
        if with_orders:
            self.name = "diplomacy (set_orders+process)"
            self.timed = (
                "Game.set_orders(power, strings) for every power, then Game.process(); "
                "a fresh Game() with the phase's units, centres (and retreat options) is set up "
                "untimed before every run"
            )
        else:
            self.name = "diplomacy (process)"
            self.timed = (
                "Game.process() alone; the fresh Game(), its units, centres, retreat options "
                "and set_orders() are set up untimed before every run"
            )

    def supports(self, phase_type: PhaseType) -> bool:
        return True

    def prepare(self, phase: RecordedPhase) -> DiplomacyPhase:
        position = phase.position
        powers = [p.upper() for p in _all_powers(phase)]
        units: dict[str, list[str]] = {p: [] for p in powers}
        for unit in position.units:
            units[unit.power.upper()].append(str(unit))
        retreats: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
        for d in position.dislodged:
            units[d.unit.power.upper()].append(f"*{d.unit}")
            retreats[d.unit.power.upper()][str(d.unit)] = [str(loc) for loc in d.retreats]
        centers: dict[str, list[str]] = {p: [] for p in powers} | {
            p.upper(): list(cs) for p, cs in position.supply_centers.items()
        }
        state = {
            "name": str(position.phase),
            "units": units,
            "retreats": retreats,
            "centers": centers,
        }
        orders = {p.upper(): [str(o) for o in os] for p, os in phase.orders.items()}
        return DiplomacyPhase(state, orders)

    def game(self, prepared: DiplomacyPhase, set_orders: bool) -> Any:
        game = self._game_class()
        game.set_state(prepared.state)
        if set_orders:
            for power, orders in prepared.orders.items():
                game.set_orders(power, orders)
        return game

    def run(self, prepared: DiplomacyPhase) -> float:
        game = self.game(prepared, set_orders=not self.with_orders)
        start = time.perf_counter()
        if self.with_orders:
            for power, orders in prepared.orders.items():
                game.set_orders(power, orders)
        game.process()
        return time.perf_counter() - start

    def rejected(self, prepared: DiplomacyPhase) -> list[str]:
        """The package's complaints about our orders (it drops what it rejects)."""
        game = self.game(prepared, set_orders=True)
        if prepared.state["name"].endswith("M"):
            accepted = sum(len(v) for v in game.get_orders().values())
        else:
            # get_orders() leaves out WAIVE; the phase's orders proper are in Power.adjust.
            adjust = [o for p in game.powers.values() for o in p.adjust]
            accepted = sum(1 for o in adjust if not o.startswith("VOID"))
        given = sum(len(v) for v in prepared.orders.values())
        errors = [str(e) for e in game.error]
        if accepted != given and not errors:
            errors.append(f"{given - accepted} of {given} orders dropped without a message")
        return errors

    def outcome(self, prepared: DiplomacyPhase) -> Outcome:
        game = self.game(prepared, set_orders=True)
        game.process()
        units: set[str] = set()
        dislodged: set[str] = set()
        for power, items in game.get_units().items():
            retreats = game.get_power(power).retreats
            for item in items:
                if not item.startswith("*"):
                    units.add(unit_key(power, item))
                elif retreats.get(item[1:]):
                    dislodged.add(dislodged_key(power, item[1:], retreats[item[1:]]))
        return Outcome(frozenset(units), frozenset(dislodged))


def _all_powers(phase: RecordedPhase) -> list[str]:
    return sorted(
        {u.power for u in phase.position.units}
        | {d.unit.power for d in phase.position.dislodged}
        | set(phase.position.supply_centers)
        | set(phase.orders)
        | {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
    )


# --------------------------------------------------------------------------- pydip
_PYDIP_NAMES = {"EAS": "Eastern Mediterranean Sea", "WES": "Western Mediterranean Sea"}
_PYDIP_COASTS = {"NC": "North Coast", "SC": "South Coast", "EC": "North Coast"}
"""pydip names Bulgaria's east coast its north coast."""


@dataclass(frozen=True, slots=True)
class PydipPhase:
    commands: list[Any]
    back: dict[str, str]
    """pydip territory name -> our location text."""


class Pydip:
    """pydip 0.1.8: ``resolve_turn(game_map, commands)`` on commands built beforehand. pydip
    resolves movement phases only (its retreats and adjustments are separate, untimed here)."""

    name = "pydip"
    timed = (
        "pydip.turn.resolve.resolve_turn(map, commands) alone; its map, players and command "
        "objects are built beforehand; movement phases only"
    )

    def __init__(self, game_map: GameMap) -> None:
        try:
            self._resolve: Any = importlib.import_module("pydip.turn.resolve").resolve_turn
            vanilla = importlib.import_module("pydip.map.predefined.vanilla_dip")
            self._player = importlib.import_module("pydip.player.player").Player
            self._unit_types = importlib.import_module("pydip.player.unit").UnitTypes
            self._command = importlib.import_module("pydip.player.command.command")
        except ImportError:
            raise Unavailable("pydip is not installed (pip install pydip)") from None
        self.map = game_map
        if game_map.name == "standard":
            self.pydip_map = vanilla.generate_map()
        else:  # a variant (the islands): pydip's map built from ours
            self.pydip_map = self._build_map(importlib.import_module("pydip.map.map").Map)

    def _build_map(self, map_class: Any) -> Any:
        """pydip's ``Map`` of our map: a territory per province (a land one with its coasts as
        children, or a sea), and each border once, armies' between lands, fleets' between
        coasts and seas."""
        descriptors: list[dict[str, Any]] = []
        for pid, province in sorted(self.map.provinces.items()):
            if province.type == "impassable":
                continue
            land = self.name_of(Location(pid), None)
            if province.type == "sea":
                descriptors.append({"name": land})
                continue
            coasts = [
                self.name_of(location, UnitType.FLEET)
                for location in self.map.locations(pid, UnitType.FLEET)
            ]
            descriptors.append({"name": land, "coasts": coasts})
        borders: set[tuple[str, str]] = set()
        for unit_type in (UnitType.ARMY, UnitType.FLEET):
            for pid in self.map.provinces:
                for location in self.map.locations(pid, unit_type):
                    a = self.name_of(location, unit_type)
                    for other in self.map.neighbours(location, unit_type):
                        b = self.name_of(other, unit_type)
                        borders.add((min(a, b), max(a, b)))
        return map_class(descriptors, sorted(borders))

    def supports(self, phase_type: PhaseType) -> bool:
        return phase_type is PhaseType.MOVEMENT

    def name_of(self, location: Location, unit_type: UnitType | None) -> str:
        """pydip's territory for a unit of ``unit_type`` on ``location`` (``None``: the land)."""
        province = self.map.provinces[location.province]
        base = _PYDIP_NAMES.get(location.province, province.name("en"))
        if unit_type is not UnitType.FLEET or province.type == "sea":
            return base
        if location.coast is not None:
            return f"{base} {_PYDIP_COASTS[location.coast]}"
        if province.coasts:
            raise ValueError(f"a fleet in {location.province} needs its coast")
        return f"{base} Coast"

    def prepare(self, phase: RecordedPhase) -> PydipPhase:
        c = self._command
        players: dict[str, Any] = {}
        punits: dict[str, Any] = {}
        back: dict[str, str] = {}
        for power in _all_powers(phase):
            config = []
            for unit in phase.position.units_of(power):
                name = self.name_of(unit.location, unit.type)
                back[name] = str(unit.location)
                kind = (
                    self._unit_types.TROOP if unit.type is UnitType.ARMY else self._unit_types.FLEET
                )
                config.append({"territory_name": name, "unit_type": kind})
            players[power] = self._player(power, self.pydip_map, config)
            for punit in players[power].units:
                punits[punit.position] = punit
        by_province = {u.province: u for u in phase.position.units}

        def unit_of(location: Location) -> Any:
            unit = by_province[location.province]
            return punits[self.name_of(unit.location, unit.type)]

        commands = []
        for power, orders in phase.orders.items():
            player = players[power]
            for order in orders:
                commands.append(self._translate(c, player, order, unit_of, by_province))
        for pid in self.map.provinces:
            back.setdefault(self.name_of(Location(pid), None), pid)
        for pid, province in self.map.provinces.items():
            for coast in province.coasts:
                loc = Location(pid, coast)
                back[self.name_of(loc, UnitType.FLEET)] = str(loc)
            if province.type == "coast" and not province.coasts:
                back[self.name_of(Location(pid), UnitType.FLEET)] = pid
        return PydipPhase(commands, back)

    def _translate(
        self,
        c: Any,
        player: Any,
        order: Order,
        unit_of: Callable[[Location], Any],
        by_province: dict[str, Unit],
    ) -> Any:
        match order:
            case Hold():
                return c.HoldCommand(player, unit_of(order.location))
            case Move() if order.via_convoy or self._overseas(order, by_province):
                dest = self.name_of(order.destination, None)
                return c.ConvoyMoveCommand(player, unit_of(order.location), dest)
            case Move():
                unit = by_province[order.location.province]
                dest = self.name_of(order.destination, unit.type)
                return c.MoveCommand(player, unit_of(order.location), dest)
            case Support():
                target = by_province[order.target.province]
                if order.destination is None:
                    dest = self.name_of(target.location, target.type)
                else:
                    dest = self._support_destination(order.destination, target)
                return c.SupportCommand(
                    player, unit_of(order.location), unit_of(order.target), dest
                )
            case Convoy():
                dest = self.name_of(order.destination, None)
                return c.ConvoyTransportCommand(
                    player, unit_of(order.location), unit_of(order.army), dest
                )
            case Retreat() | Disband() | Build():
                raise ValueError(f"pydip resolves movement only, not {order}")
        raise ValueError(f"no pydip command for {order}")

    def _overseas(self, order: Move, by_province: dict[str, Unit]) -> bool:
        """An army's move to a province it cannot walk to goes by convoy (pydip's plain move
        command refuses it)."""
        unit = by_province[order.location.province]
        return unit.type is UnitType.ARMY and not self.map.adjacent(
            order.location.bare, order.destination.bare, UnitType.ARMY
        )

    def _support_destination(self, destination: Location, target: Unit) -> str:
        """pydip matches a support to the move by the exact territory, so a supported fleet
        move names the coast the fleet moves to."""
        if target.type is UnitType.ARMY:
            return self.name_of(destination.bare, None)
        coasts = self.map.fleet_targets(target.location, destination.province)
        return self.name_of(coasts[0] if coasts else destination, UnitType.FLEET)

    def run(self, prepared: PydipPhase) -> float:
        resolve, game_map, commands = self._resolve, self.pydip_map, prepared.commands
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = resolve(game_map, commands)
        return time.perf_counter() - start

    def outcome(self, prepared: PydipPhase) -> Outcome:
        result = self._resolve(self.pydip_map, prepared.commands)
        units: set[str] = set()
        dislodged: set[str] = set()
        for power, by_unit in result.items():
            for punit, retreats in by_unit.items():
                letter = "A" if punit.unit_type == self._unit_types.TROOP else "F"
                text = f"{letter} {prepared.back[punit.position]}"
                if retreats is None:
                    units.add(unit_key(power, text))
                elif retreats:
                    options = (prepared.back[name] for name in retreats)
                    dislodged.add(dislodged_key(power, text, options))
        return Outcome(frozenset(units), frozenset(dislodged))
