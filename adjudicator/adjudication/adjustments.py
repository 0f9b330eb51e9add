"""The adjustment phase: builds, removals and waives (DATC 6.I, 6.J; adjudication.md §8).

Each power may change its unit count by ``delta = owned centres - units``. Its legal orders are
taken in the order given: the first legal builds (a waive uses up a build too) count up to
``delta``, the rest fail (4.D.4 b, 6.I.1); only the first build in a province counts (4.D.5,
6.I.7); the first legal removals count up to ``-delta`` (4.D.6 b, 6.J.1) and a unit removed twice
counts once (6.J.2). A power that owes removals and orders too few loses the rest by civil
disorder (:mod:`adjudicator.adjudication.civil_disorder`); unused builds are waived.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import assert_never

from adjudicator.adjudication.civil_disorder import removals
from adjudicator.adjudication.legality.check import CheckedOrders
from adjudicator.adjudication.legality.codes import Normalised
from adjudicator.adjudication.phases import adjustments_owed, advance, canonical_key
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.board.map_rules import mobilizing
from adjudicator.state.outcomes import (
    Adjudication,
    CivilDisorderRemoval,
    Note,
    OrderResult,
    Outcome,
    Reason,
    Refusal,
    Refused,
    Removal,
    UnusedBuilds,
)
from adjudicator.state.position import Position


def adjudicate_adjustments(
    position: Position, checked: CheckedOrders, game_map: GameMap, rules: Rules
) -> Adjudication:
    """Resolve an adjustment phase; powers without orders waive their builds or lose units by
    civil disorder.

    ``checked.sequence`` holds the legal orders (waives too) in the order given; the legality
    check has already rejected a second build in one province (6.I.7) and merged repeats of one
    removal (6.J.2).
    """
    counts = adjustments_owed(game_map, position)
    by_power: dict[str, list[Normalised]] = {}
    for entry in checked.sequence:
        by_power.setdefault(entry.power, []).append(entry)

    results: list[OrderResult] = []
    notes: list[Note] = []
    removed: list[Unit] = []
    built: list[Unit] = []
    for power in sorted(set(counts) | set(by_power)):
        delta, entries = counts.get(power, 0), by_power.get(power, [])
        if delta == 0 and not entries:
            continue  # nothing to build, remove or report
        outcome = _Power(power, delta, position, game_map, rules)
        outcome.resolve(entries)
        results.extend(outcome.results)
        notes.extend(outcome.notes)
        removed.extend(outcome.removed)
        built.extend(outcome.built)
    # Only a unit in a province something was removed from can equal a removed unit.
    emptied = {u.location.province for u in removed}
    units = [u for u in position.units if u.location.province not in emptied or u not in removed]
    for unit in built:
        insort(units, unit, key=_PLACE)  # a build goes to an empty province

    # Canonical, as in movement and retreats: by power, then by province and order, so that the
    # results (and the report) do not follow the order the orders came in.
    everything = [*checked.results, *results]
    next_position = advance(game_map, position, units, sorted_units=True)
    if mobilizing(game_map, position.phase):
        next_position = _mobilized(next_position, built)
    return Adjudication(
        position=position,
        results=tuple(sorted(everything, key=canonical_key)),
        next_position=next_position,
        notes=tuple(notes),
    )


@dataclass
class _Power:
    """One power's adjustments, resolved order by order."""

    power: str
    delta: int
    position: Position
    game_map: GameMap
    rules: Rules
    results: list[OrderResult] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    built: list[Unit] = field(default_factory=list)
    removed: list[Unit] = field(default_factory=list)

    def resolve(self, entries: Sequence[Normalised]) -> None:
        used = 0
        sites: set[str] = set()
        for entry in entries:
            given, order = entry.order, entry.normalised
            match order:
                case Build():
                    used += self._build(given, order, used, sites)
                case Waive():
                    used += self._waive(given, used)
                case Disband():
                    self._remove(given, order)
                case Hold() | Move() | Support() | Convoy() | Retreat():
                    self._fail(given, Refusal.NOT_AN_ADJUSTMENT)
                case _:
                    assert_never(order)
        if self.delta > 0 and used < self.delta:
            self._waive_rest(self.delta - used)
        elif self.delta < 0 and len(self.removed) < -self.delta:
            self._civil_disorder(-self.delta - len(self.removed))

    def _build(self, given: Order, order: Build, used: int, sites: set[str]) -> int:
        province = order.location.province
        if self.delta <= 0:
            self._fail(given, Refusal.NO_BUILDS)
            return 0
        if province in sites:
            self._fail(given, Refusal.SITE_TAKEN)
            return 0
        if used >= self.delta:
            self._fail(given, Refusal.BUILDS_USED, self.delta)
            return 0
        sites.add(province)
        unit_type = order.unit_type or UnitType.ARMY
        where = order.location.bare if unit_type is UnitType.ARMY else order.location
        self.built.append(Unit(self.power, unit_type, where))
        self.results.append(OrderResult(self.power, given, Outcome.SUCCEEDS))
        return 1

    def _waive(self, given: Order, used: int) -> int:
        if self.delta <= 0 or used >= self.delta:
            self._fail(given, Refusal.NO_BUILD_TO_WAIVE)
            return 0
        self.results.append(OrderResult(self.power, given, Outcome.SUCCEEDS))
        return 1

    def _remove(self, given: Order, order: Disband) -> None:
        unit = self.position.unit_at(order.location.province)
        if self.delta >= 0 or unit is None or unit.power != self.power:
            self._fail(given, Refusal.NO_REMOVALS)
            return
        if unit in self.removed:
            # 6.J.2: the same unit twice counts once; the repeat is carried out already.
            repeat = OrderResult(
                self.power, given, Outcome.SUCCEEDS, detail=Removal.ALREADY_REMOVED
            )
            self.results.append(repeat)
            return
        if len(self.removed) >= -self.delta:
            self._fail(given, Refusal.REMOVALS_MADE, -self.delta)
            return
        self.removed.append(unit)
        self.results.append(OrderResult(self.power, given, Outcome.SUCCEEDS))

    def _fail(self, given: Order, refusal: Refusal, allowed: int = 0) -> None:
        refused = Refused(refusal, allowed)
        self.results.append(
            OrderResult(self.power, given, Outcome.FAILS, Reason.NOT_ALLOWED, detail=refused)
        )

    def _waive_rest(self, unused: int) -> None:
        self.notes.append(UnusedBuilds(self.power, unused))

    def _civil_disorder(self, missing: int) -> None:
        remaining = [u for u in self.position.units_of(self.power) if u not in self.removed]
        owned = self.position.supply_centers.get(self.power, ())
        chosen = removals(self.game_map, self.power, remaining, owned, missing, self.rules)
        for unit in chosen:
            self.removed.append(unit)
            self.results.append(
                OrderResult(
                    self.power,
                    Disband(unit.type, unit.location),
                    Outcome.SUCCEEDS,
                    Reason.CIVIL_DISORDER,
                )
            )
            self.notes.append(CivilDisorderRemoval(self.power, unit))


def _mobilized(position: Position, built: Sequence[Unit]) -> Position:
    """After the first phase of a ``mobilize`` map: each power owns the centres it built on
    (DPjudge's ``MOBILIZE``: the centre chosen becomes the power's own)."""
    centers = {power: set(pids) for power, pids in position.supply_centers.items()}
    for unit in built:
        centers.setdefault(unit.power, set()).add(unit.location.province)
    owned = {power: tuple(sorted(pids)) for power, pids in sorted(centers.items())}
    return position.successor(
        position.phase, position.units, supply_centers=owned, sorted_units=True
    )


_PLACE = attrgetter("power", "location.province")
"""A position's order of units (one unit per province)."""
