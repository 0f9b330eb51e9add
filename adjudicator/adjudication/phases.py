"""The phase sequence: which phase follows, centre ownership after a Fall, and victory.

Spring movement, spring retreats (only if a unit was dislodged), fall movement, fall retreats
(likewise), winter adjustments (only if some power must build or remove), then the next year.
The years between the seasons are the map's calendar (:class:`~adjudicator.base.calendar.
Calendar`: the standard one, or the Hundred's five years a movement).
Ownership changes after the Fall's movement and its retreats, never after Spring; victory is
checked right after that update (:func:`victory_notes`).

A retreat phase is kept even when no dislodged unit has anywhere to go: those units are disbanded
by the retreat phase with a result each, as the ``diplomacy`` package's saved games record it
(webDiplomacy skips such a phase instead, kestasjk/webDiplomacy#194).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from adjudicator.base.model import (
    Dislodgement,
    Phase,
    PhaseType,
    Season,
    Unit,
    Waive,
    slot_setter,
)
from adjudicator.base.rules import Builds, Rules
from adjudicator.board.map import GameMap
from adjudicator.board.map_rules import build_rule, mobilizing
from adjudicator.board.tables import tables
from adjudicator.state.outcomes import OrderResult, Outcome, Victory
from adjudicator.state.position import Position


def update_ownership(
    centers: Mapping[str, tuple[str, ...]], units: Iterable[Unit], game_map: GameMap
) -> dict[str, tuple[str, ...]]:
    """Ownership after a Fall: an occupied centre goes to its occupier, an empty one stays.

    ``centers`` in a position's order (the powers sorted, each power's centres sorted), and so
    is the result (a power that lost every centre keeps an empty entry). Only the powers that
    lost or took a centre get a new tuple: most Falls change a few centres, or none.
    """
    supply_centers = game_map.supply_centers
    # A dict of its own from the start: the result where nothing changed hands, and, compiled,
    # a dict's look-ups are native where a Mapping's are method calls.
    result = dict(centers)
    taken: dict[str, str] = {}  # centre -> the power whose unit stands there, not its owner
    # Plain attribute reads: a dotted attrgetter costs several times more per unit.
    for unit in units:
        pid = unit.location.province
        if pid in supply_centers and pid not in result.get(unit.power, ()):
            taken[pid] = unit.power
    if not taken:
        return result
    won: dict[str, list[str]] = {}  # power -> the centres it took
    for pid, taker in taken.items():
        if taker in won:
            won[taker].append(pid)
        else:
            won[taker] = [pid]
    for power, owned in result.items():
        gained = won.get(power)
        if gained is not None or not taken.keys().isdisjoint(owned):
            kept = [pid for pid in owned if pid not in taken]
            if gained is not None:
                kept.extend(gained)
            kept.sort()
            result[power] = tuple(kept)
    if won.keys() <= result.keys():  # no power that owned no centre took one
        return result
    for power, gained in won.items():
        if power not in result:
            result[power] = tuple(sorted(gained))
    return dict(sorted(result.items()))


def adjustment_counts(
    centers: Mapping[str, tuple[str, ...]], units: Iterable[Unit]
) -> dict[str, int]:
    """Power -> centres minus units: positive builds, negative removals (every power with
    units or centres, zero included)."""
    counts = {power: len(pids) for power, pids in centers.items()}
    # Units come by power (a position keeps them so): counted run by run, one update a run.
    power, run = "", 0
    for unit in units:
        if unit.power == power:
            run += 1
            continue
        if run:
            counts[power] = counts.get(power, 0) - run
        power, run = unit.power, 1
    if run:
        counts[power] = counts.get(power, 0) - run
    return counts


def adjustments_owed(game_map: GameMap, position: Position) -> dict[str, int]:
    """:func:`adjustment_counts` of ``position``, with the one build more each power of a
    ``mobilize`` map makes in its first phase (DPjudge's ``MOBILIZE``: a centre still to be
    chosen among the power's home centres)."""
    counts = adjustment_counts(position.supply_centers, position.units)
    if mobilizing(game_map, position.phase):
        for power in game_map.powers:
            counts[power] = counts.get(power, 0) + 1
    return counts


def build_sites(
    game_map: GameMap,
    rules: Rules,
    centers: Mapping[str, tuple[str, ...]],
    power: str,
    phase: Phase | None = None,
) -> frozenset[str]:
    """The centres ``power`` may build on, occupied or not: its owned home centres, or every
    centre it owns where ``builds`` is ``any-owned`` (the map's ``build_any``); in the first
    phase of a ``mobilize`` map also its home centres nobody owns."""
    owned = centers.get(power, ())
    if build_rule(game_map, rules) is Builds.ANY_OWNED:
        sites = set(owned)
    else:
        sites = {pid for pid in tables(game_map).home_centers.get(power, ()) if pid in owned}
    if phase is not None and mobilizing(game_map, phase):
        taken = {pid for pids in centers.values() for pid in pids}
        sites.update(h for h in game_map.home_centers(power) if h not in taken)
    return frozenset(sites)


def adjustments_needed(
    game_map: GameMap,
    centers: Mapping[str, tuple[str, ...]],
    units: Iterable[Unit],
    rules: Rules | None = None,
) -> bool:
    """Whether the winter phase has anything to order: a removal owed, or a build that has a
    free centre to go to (an owned home centre, or any owned centre under ``build_any``)."""
    unit_list = list(units)
    counts = adjustment_counts(centers, unit_list)
    if any(delta < 0 for delta in counts.values()):
        return True
    rules = rules if rules is not None else _DEFAULT_RULES
    occupied: set[str] | None = None
    for power, delta in counts.items():
        if delta > 0:
            if occupied is None:
                occupied = {unit.location.province for unit in unit_list}
            if not build_sites(game_map, rules, centers, power) <= occupied:
                return True
    return False


_DEFAULT_RULES: Final = Rules()


def winners(game_map: GameMap, centers: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """Powers owning at least the map's victory threshold of centres."""
    threshold = game_map.victory
    found = [power for power, pids in centers.items() if len(pids) >= threshold]
    found.sort()
    return tuple(found)


def ownership_updated(before: Position, after: Position) -> bool:
    """Whether going from ``before`` to ``after`` passed the end of a Fall, where centres change
    hands (after the Fall movement if nobody was dislodged, else after the Fall retreats)."""
    return before.phase.season is Season.FALL and after.phase.season is not Season.FALL


def victory_notes(game_map: GameMap, before: Position, after: Position) -> tuple[Victory, ...]:
    """A :class:`Victory` for each power at the victory threshold, when ``after`` follows a
    Fall's ownership update (victory is never checked after Spring: ownership has not moved)."""
    if not ownership_updated(before, after):
        return ()
    return tuple(Victory(power) for power in winners(game_map, after.supply_centers))


def advance(
    game_map: GameMap,
    position: Position,
    units: Iterable[Unit],
    dislodged: Iterable[Dislodgement] = (),
    standoffs: Iterable[str] = (),
    *,
    sorted_units: bool = False,
    rules: Rules | None = None,
) -> Position:
    """The position after ``position``'s phase was resolved into ``units`` (and, after a
    movement phase, ``dislodged`` units awaiting retreat and the ``standoffs``).

    ``sorted_units``: the units, and the dislodged units, are in a position's order already (by
    power and province), so that the next position need not sort them. ``rules`` say where
    powers build, which decides whether a winter is needed (the defaults without them)."""
    unit_list = tuple(units)
    pending = tuple(dislodged)
    phase = position.phase
    centers: dict[str, tuple[str, ...]] | None = None
    if phase.type is PhaseType.MOVEMENT and pending:
        nxt = Phase(phase.season, phase.year, PhaseType.RETREAT)
        # Compiled, frozenset() copies even a frozenset (the movement report hands one over).
        standing = standoffs if isinstance(standoffs, frozenset) else frozenset(standoffs)
    elif phase.type is PhaseType.ADJUSTMENT or phase.season is Season.SPRING:
        nxt, pending, standing = game_map.calendar.next_movement(phase), (), _NO_STANDOFFS
    else:
        pending = ()
        centers = update_ownership(position.supply_centers, unit_list, game_map)
        if adjustments_needed(game_map, centers, unit_list, rules):
            nxt = Phase(Season.WINTER, phase.year, PhaseType.ADJUSTMENT)
        else:
            nxt = game_map.calendar.next_movement(phase)
        standing = _NO_STANDOFFS
    if sorted_units:
        # Nothing to sort: the next position is assembled here (compiled, this spares a call
        # into the interpreter, Position.successor, per phase).
        return _successor(position, nxt, unit_list, pending, standing, centers)
    return position.successor(nxt, unit_list, pending, standing, centers, sorted_units=sorted_units)


_NO_STANDOFFS: Final[frozenset[str]] = frozenset()


def _successor(
    position: Position,
    phase: Phase,
    units: tuple[Unit, ...],
    dislodged: tuple[Dislodgement, ...],
    standoffs: frozenset[str],
    centers: dict[str, tuple[str, ...]] | None,
) -> Position:
    """``position.successor(phase, units, dislodged, standoffs, centers, sorted_units=True)``,
    the very same value, for ``units`` and ``dislodged`` in a position's order; ``centers``,
    when given, a new dict that nothing else holds."""
    new: Position = _NEW(Position)
    _SET_MAP_NAME(new, position.map_name)
    _SET_PHASE(new, phase)
    _SET_UNITS(new, units)
    _SET_DISLODGED(new, dislodged)
    _SET_STANDOFFS(new, standoffs)
    # A new position's centres are a dict of its own (update_ownership made ``centers`` anew).
    _SET_SUPPLY_CENTERS(new, dict(position.supply_centers) if centers is None else centers)
    return new


_NEW: Final[Callable[[type[Position]], Position]] = object.__new__
"""``object.__new__`` as a constant: compiled, no look-up of ``object`` and its method per call."""
_Setter = Callable[[object, object], None]
_SET_MAP_NAME: Final[_Setter] = slot_setter(Position, "map_name")
_SET_PHASE: Final[_Setter] = slot_setter(Position, "phase")
_SET_UNITS: Final[_Setter] = slot_setter(Position, "units")
_SET_DISLODGED: Final[_Setter] = slot_setter(Position, "dislodged")
_SET_STANDOFFS: Final[_Setter] = slot_setter(Position, "standoffs")
_SET_SUPPLY_CENTERS: Final[_Setter] = slot_setter(Position, "supply_centers")


def canonical_key(result: OrderResult) -> tuple[str, str, str, bool, bool, str]:
    """The order of the results of a retreat or an adjustment phase: by power, then by the
    order's province (a waive first), then by the order's text. An order given twice (``A PAR
    B`` twice: the build and the repeat) puts the success first and a plain result before one
    with a detail; the whole result breaks any tie left, so that equal inputs in any order give
    equal tuples."""
    order = result.order
    province = "" if isinstance(order, Waive) else order.location.province
    failed = result.outcome is not Outcome.SUCCEEDS
    return (result.power, province, str(order), failed, result.detail is not None, repr(result))
