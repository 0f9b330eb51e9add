"""Movement phase, last stage: the resolved decisions turned into the
:class:`~adjudicator.state.outcomes.Adjudication` (adjudication.md §2.7).

One result per order and per unit, each failure naming its reason and the order that caused it
(§5.B.1 for moves, §5.B.2 for supports, §5.B.3 for convoys), the dislodged units with their
retreat options, the standoffs (§7) and the next position.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Final

from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.adjudication.movement.equations import Decisions
from adjudicator.adjudication.phases import advance, victory_notes
from adjudicator.adjudication.resolver import DecisionKind
from adjudicator.base.model import (
    Dislodgement,
    Hold,
    Location,
    Order,
    Unit,
    UnitType,
    Waive,
    made_unit,
)
from adjudicator.base.rules import ParadoxRule, Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import (
    Adjudication,
    CircularMovement,
    ConvoyLost,
    ConvoyParadox,
    Detail,
    Note,
    OrderResult,
    Outcome,
    Reason,
    made_result,
)
from adjudicator.state.position import Position

# Enum members as Final module constants: the compiled module keeps each in a C variable (an
# imported name is a look-up in the module's dict at every use).
SUCCEEDS: Final = Outcome.SUCCEEDS
FAILS: Final = Outcome.FAILS
BOUNCED: Final = Reason.BOUNCED
LOST_HEAD_TO_HEAD: Final = Reason.LOST_HEAD_TO_HEAD
MOVE: Final = DecisionKind.MOVE
CONVOY: Final = DecisionKind.CONVOY
ARMY: Final = UnitType.ARMY
bisect_left: Final = bisect.bisect_left
NO_STANDOFFS: Final[frozenset[str]] = frozenset()


class Report:
    """Turns the resolved decisions into results, dislodgements, standoffs and the next
    position (adjudication.md §2.7)."""

    def __init__(
        self,
        phase: Decisions,
        position: Position,
        illegal: Sequence[OrderResult],
        game_map: GameMap,
        rules: Rules,
    ) -> None:
        self.phase = phase
        self.position = position
        self.illegal = illegal
        self.map = game_map
        self.rules = rules
        dest, units = phase.dest, phase.units
        moved: set[str] = set()
        failing: set[str] = set()
        for key, value in phase.resolved.items():
            if not value:
                failing.add(key)
            elif key in dest:
                moved.add(key)
        dislodger: dict[str, str] = {}
        for origin in moved:
            target = dest[origin]
            if target in units and target not in moved:
                dislodger[target] = origin
        # One argument each: compiled, set.update with one is a C call, with two a method call.
        failing.update(dislodger)
        failing.update(phase.void)
        self.moved = moved
        self.failing = failing
        """The units whose order did not simply succeed: their results need explaining."""
        self.dislodger = dislodger

    def build(self) -> Adjudication:
        units, provinces = self.placed()
        found = self.standoffs()
        standoffs = frozenset(found) if found else NO_STANDOFFS
        dislodger = self.dislodger
        if dislodger:
            # Occupied after the moves: where the survivors stand (a dislodged unit's province
            # is its dislodger's destination).
            occupied = set(provinces)
            ordered = list(dislodger)
            if len(ordered) > 1:  # in a position's order, by power and province: the units'
                ordered = [p for p in self.phase.units if p in dislodger]
            dislodged = tuple([self.dislodgement(p, occupied, standoffs) for p in ordered])
        else:
            dislodged = ()
        nxt = advance(
            self.map,
            self.position,
            units,
            dislodged,
            standoffs,
            sorted_units=True,
            rules=self.rules,
        )
        notes = self.notes()
        notes.extend(victory_notes(self.map, self.position, nxt))
        return Adjudication(self.position, self.results(), nxt, dislodged, standoffs, tuple(notes))

    # ------------------------------------------------------------------ positions
    def survivors(self) -> list[Unit]:
        """The units after the moves, sorted as a position keeps them (by power and province,
        so the next position need not sort them)."""
        return self.placed()[0]

    def placed(self) -> tuple[list[Unit], list[str]]:
        """:meth:`survivors`, and each one's province alongside."""
        phase = self.phase
        moved, dislodger, moves = self.moved, self.dislodger, phase.moves
        units: list[Unit] = []
        provinces: list[str] = []  # each unit's province, alongside
        # The position's units come by power, and a moved unit keeps its power: each unit goes
        # at the end of its power's run, or, when a move took a unit past it, into its place
        # in that run (a sort of each power's units, key by key, cost some 30 k instructions).
        power: str | None = None
        start = 0
        for origin, unit in phase.units.items():
            if origin in moved:
                loc = moves[origin].destination
                if loc.coast is not None and unit.type is ARMY:
                    loc = Location(loc.province)
                survivor = made_unit(unit.power, unit.type, loc)
                province = loc.province
            elif origin in dislodger:
                continue
            else:
                survivor, province = unit, origin
            if survivor.power != power:
                power = survivor.power
                start = len(units)
            elif province < provinces[-1]:
                at = bisect_left(provinces, province, start)
                provinces.insert(at, province)
                units.insert(at, survivor)
                continue
            provinces.append(province)
            units.append(survivor)
        return units, provinces

    def standoffs(self) -> list[str]:
        """Provinces left empty although a move into them was stopped by another move's PREVENT
        (§7; a move with PREVENT 0 makes none, 6.F.7)."""
        phase = self.phase
        moved, units = self.moved, phase.units
        found: list[str] = []  # a list, not a generator: compiled, a generator is a class
        for dest in phase.contested:
            origins = phase.into[dest]
            if any(o in moved for o in origins):
                continue
            if dest in units and dest not in moved:
                continue
            if any(self._prevented(o) for o in origins):
                found.append(dest)
        return found

    def _prevented(self, origin: str) -> bool:
        phase = self.phase
        attack = phase.attack(origin)
        dest = phase.dest[origin]
        return any(o != origin and 0 < attack <= phase.prevent(o) for o in phase.into[dest])

    def dislodgement(
        self, province: str, occupied: set[str], standoffs: frozenset[str]
    ) -> Dislodgement:
        unit = self.phase.units[province]
        origin = self.dislodger[province]
        by_convoy = self.phase.convoyed(origin)
        options = retreat_options(
            self.map, unit, origin, by_convoy, occupied, standoffs, self.rules
        )
        return Dislodgement(unit, origin, by_convoy, options)

    def notes(self) -> list[Note]:
        """The cycles the backup rule broke: rings of moves, and convoy paradoxes with the
        orders the rule made fail."""
        found: list[Note] = []  # a list, not a generator: compiled, a generator is a class
        broken = self.phase.resolver.broken_cycles
        if not broken:
            return found
        given = self.phase.given
        for cycle, values in broken:
            if all(self.phase.kind[k] is MOVE for k in cycle):
                found.append(CircularMovement(tuple(given[k] for k in sorted(cycle))))
            else:
                failed = tuple(given[k] for k in sorted(values))
                found.append(ConvoyParadox(ParadoxRule(self.rules.paradox).backup, failed))
        return found

    # ------------------------------------------------------------------ results
    def results(self) -> tuple[OrderResult, ...]:
        """Every order's result and a hold result for every unit without a valid order,
        sorted by (power, province) so shuffled orders give identical reports.

        The position keeps its units sorted that way, so only the illegal orders' results
        need merging in. Most orders simply succeed; the others are explained one by one."""
        phase = self.phase
        illegal = self.illegal
        reported = {(r.power, _province(r.order)) for r in illegal} if illegal else ()
        given_orders, failing = phase.given, self.failing
        out: list[OrderResult] = []
        # out.append, not a bound method kept in a local: the compiled loop appends in C.
        for province, unit in phase.units.items():
            given = given_orders.get(province)
            if given is None:
                if (unit.power, province) not in reported:
                    out.append(self.unordered(province))
            elif province in failing:
                out.append(self.result(province))
            else:
                out.append(made_result(unit.power, given, SUCCEEDS))
        if not illegal:
            return tuple(out)
        keyed = [((r.power, _province(r.order), str(r.order)), r) for r in illegal]
        keyed.extend(((r.power, _province(r.order), ""), r) for r in out)
        keyed.sort(key=_first)
        return tuple(result for _, result in keyed)

    def cause_order(self, province: str) -> Order:
        """The order a unit gave, or the hold it stood by (no order or an illegal one)."""
        given = self.phase.given.get(province)
        if given is not None:
            return given
        unit = self.phase.units[province]
        return Hold(unit.type, unit.location)

    def succeeded(self, province: str) -> OrderResult:
        return made_result(self.phase.units[province].power, self.phase.given[province], SUCCEEDS)

    def failed(
        self, province: str, reason: Reason, cause: str | None = None, detail: Detail | None = None
    ) -> OrderResult:
        """A failure, ``cause`` the province of the unit whose order caused it."""
        phase = self.phase
        units, given = phase.units, phase.given
        power = units[province].power
        if cause is None:
            return made_result(power, given[province], FAILS, reason, None, None, None, detail)
        cause_order = given.get(cause) or self.cause_order(cause)
        return made_result(
            power, given[province], FAILS, reason, cause_order, units[cause].power, None, detail
        )

    def unordered(self, province: str) -> OrderResult:
        """A unit with no (valid) order holds (DATC 4.D.9); the report still lists it."""
        phase = self.phase
        unit = phase.units[province]
        order = Hold(unit.type, unit.location)
        dislodger = self.dislodger.get(province)
        if dislodger is None:
            return made_result(unit.power, order, SUCCEEDS, Reason.NO_ORDER)
        cause = self.cause_order(dislodger)
        return made_result(
            unit.power, order, FAILS, Reason.NO_ORDER, cause, phase.units[dislodger].power
        )

    def result(self, province: str) -> OrderResult:
        phase = self.phase
        kind = phase.kind.get(province)
        if kind is MOVE:
            return (
                self.succeeded(province) if province in self.moved else self.move_result(province)
            )
        dislodger = self.dislodger.get(province)
        if kind is None:
            if province in phase.void:
                return self.void_result(province)
            if dislodger is not None:
                return self.failed(province, Reason.DISLODGED, dislodger)
            return self.succeeded(province)
        if province in phase.paradox and not phase.resolved[province]:
            return self.paradox_result(province)
        if dislodger is not None and not phase.resolved[province]:
            return self.failed(province, Reason.DISLODGED, dislodger)
        if phase.resolved[province]:
            # Dislodged or not: a rulebook's paradox rule keeps a support its dislodger did not
            # cut (DATC 6.F.17, 6.F.18 under the 1982 rule); any other decision of a dislodged
            # unit fails.
            return self.succeeded(province)
        if kind is CONVOY:
            return self.failed(province, Reason.DISRUPTED)
        return self.cut_result(province)

    def paradox_result(self, province: str) -> OrderResult:
        """An order the backup rule made fail to break a convoy paradox (4.A.2)."""
        rule = ParadoxRule(self.rules.paradox).backup
        return self.failed(province, Reason.CONVOY_PARADOX, None, rule)

    def void_result(self, province: str) -> OrderResult:
        """A support or convoy whose unit did not give the matching order (6.D.7-6.D.9)."""
        target = self.phase.void[province]
        if target is not None and target in self.phase.units:
            return self.failed(province, Reason.VOID, target)
        return self.failed(province, Reason.VOID)

    def cut_result(self, province: str) -> OrderResult:
        phase = self.phase
        power, area = phase.units[province].power, phase.area.get(province)
        for origin in phase.into.get(province, ()):
            if (
                phase.units[origin].power != power
                and origin != area
                and phase.path(origin)
                and not phase.shielded(province, origin)
            ):
                return self.failed(province, Reason.CUT, origin)
        return self.failed(province, Reason.CUT)

    def move_result(self, origin: str) -> OrderResult:
        """Why a move failed, in the order a player would check: no route, own unit,
        head-to-head, the unit there, the rival moves (§5.B.1)."""
        phase = self.phase
        if origin in phase.paradox:
            return self.paradox_result(origin)
        if origin in phase.mode and not phase.path(origin):
            return self.path_result(origin)
        found = phase.why.get(origin) if not phase.resolver.guessed else None
        if found is not None:
            return self.failed(origin, found[0], found[1])
        attack = phase.attack(origin)
        dest = phase.dest[origin]
        opp = phase.opp.get(origin)
        if dest in phase.units and attack == 0:
            return self.failed(origin, Reason.NO_SELF_DISLODGEMENT, dest)
        if opp is not None and phase.head_to_head(origin, opp):
            if attack <= phase.defend(opp):
                return self.failed(origin, LOST_HEAD_TO_HEAD, opp)
        elif attack <= phase.hold(dest):
            return self.failed(origin, BOUNCED, dest)
        for other in phase.into[dest]:
            if other != origin and attack <= phase.prevent(other):
                return self.failed(origin, BOUNCED, other)
        return self.failed(origin, BOUNCED)

    def path_result(self, origin: str) -> OrderResult:
        phase = self.phase
        if not phase.routes.get(origin):
            return self.failed(origin, Reason.NO_CONVOY)
        fleets = phase.fleets[origin]
        if any(f in phase.paradox for f in fleets):
            return self.paradox_result(origin)
        for fleet in fleets:
            if fleet in self.dislodger:
                lost = ConvoyLost(phase.given[fleet])
                return self.failed(origin, Reason.DISRUPTED, self.dislodger[fleet], lost)
        return self.failed(origin, Reason.DISRUPTED)


def _province(order: Order) -> str:
    return "" if isinstance(order, Waive) else order.location.province


def _first(pair: tuple[tuple[str, str, str], OrderResult]) -> tuple[str, str, str]:
    return pair[0]
