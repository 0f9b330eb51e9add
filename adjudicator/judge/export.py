"""A game as the ``diplomacy`` package's saved-game JSON, which ``adjudicator replay`` and other
tools read.

The package's layout: ``{"id", "map", "rules", "phases": [...]}``, each phase ``{"name",
"state": {"name", "units", "centers", "homes", "retreats", "builds"}, "orders", "results",
"messages"}``, powers in capitals (``FRANCE``), units as ``A PAR`` and ``*A MUN`` for a unit
dislodged and awaiting its retreat, orders in the package's short form (which is our canonical
form: ``A PAR - BUR``, ``A MUN R BOH``, ``F STP/SC B``, ``WAIVE``), results per unit as the
package's words (``bounce``, ``cut``, ``void``, ``dislodged``, ``disband``). The last phase is the
one waiting for orders (or the final position of a finished game), with no orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.adjudication.phases import adjustments_owed, build_sites
from adjudicator.base.model import Order, PhaseType, Waive
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, Outcome, Reason
from adjudicator.state.position import Position

_PACKAGE_REASONS: Mapping[Reason, str] = {
    Reason.BOUNCED: "bounce",
    Reason.LOST_HEAD_TO_HEAD: "bounce",
    Reason.NO_SELF_DISLODGEMENT: "bounce",
    Reason.RETREAT_COLLISION: "bounce",
    Reason.CUT: "cut",
    Reason.VOID: "void",
    Reason.ILLEGAL: "void",
    Reason.NOT_ALLOWED: "void",
    Reason.NO_CONVOY: "no convoy",
    Reason.DISRUPTED: "no convoy",
    Reason.CONVOY_PARADOX: "no convoy",
    Reason.DISLODGED: "dislodged",
    Reason.DISBANDED: "disband",
    Reason.CIVIL_DISORDER: "disband",
}
"""Our reason -> the word the package's results use for it (the package has fewer words)."""


@dataclass(frozen=True, slots=True)
class RecordedPhase:
    """One phase of a stored game."""

    position: Position
    orders: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Power -> the canonical orders adjudicated (empty for the phase waiting for orders)."""
    results: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Unit (``A PAR``) -> the package's result words (:func:`package_results`)."""


def package_results(adjudication: Adjudication) -> dict[str, list[str]]:
    """An adjudication's results as the package records them: unit -> words, empty when the
    order succeeded (or the unit held unordered)."""
    position = adjudication.position
    results: dict[str, list[str]] = {}
    for result in adjudication.results:
        key = _unit_key(result.order, position)
        words = results.setdefault(key, [])
        if result.outcome is not Outcome.SUCCEEDS:
            word = _PACKAGE_REASONS.get(result.reason)
            if word is not None and word not in words:
                words.append(word)
    for dislodged in adjudication.dislodged:
        words = results.setdefault(str(dislodged.unit), [])
        if "dislodged" not in words:
            words.append("dislodged")
    return dict(sorted(results.items()))


def _unit_key(order: Order, position: Position) -> str:
    if isinstance(order, Waive):
        return "WAIVE"
    unit = position.unit_at(order.location.province)
    if unit is None:
        unit = next(
            (
                d.unit
                for d in position.dislodged
                if d.unit.location.province == order.location.province
            ),
            None,
        )
    if unit is not None:
        return str(unit)
    kind = order.unit_type.value if order.unit_type is not None else "A"
    return f"{kind} {order.location}"


def saved_game(
    game_id: str,
    phases: Sequence[RecordedPhase],
    game_map: GameMap,
    *,
    rules: Rules | None = None,
    rule_names: Sequence[str] = (),
) -> dict[str, Any]:
    """The saved-game data of a game whose ``phases`` are in order, the last one waiting."""
    return {
        "id": game_id,
        "map": game_map.name,
        "rules": list(rule_names),
        "version": "1.0",
        "phases": [_phase(p, game_map, rules) for p in phases],
    }


def _power(name: str) -> str:
    return name.upper()


def _phase(phase: RecordedPhase, game_map: GameMap, rules: Rules | None) -> dict[str, Any]:
    position = phase.position
    orders = {_power(p): list(phase.orders.get(p, ())) for p in game_map.powers}
    return {
        "name": str(position.phase),
        "state": _state(position, game_map, rules),
        "orders": orders,
        "results": {unit: list(words) for unit, words in phase.results.items()},
        "messages": [],
    }


def _state(position: Position, game_map: GameMap, rules: Rules | None) -> dict[str, Any]:
    units: dict[str, list[str]] = {_power(p): [] for p in game_map.powers}
    retreats: dict[str, dict[str, list[str]]] = {_power(p): {} for p in game_map.powers}
    for unit in position.units:
        units.setdefault(_power(unit.power), []).append(str(unit))
    occupied = {u.location.province for u in position.units}
    for d in position.dislodged:
        units.setdefault(_power(d.unit.power), []).append("*" + str(d.unit))
        options = retreat_options(
            game_map, d.unit, d.attacked_from, d.by_convoy, occupied, position.standoffs, rules
        )
        retreats.setdefault(_power(d.unit.power), {})[str(d.unit)] = [str(o) for o in options]
    centers = {_power(p): list(cs) for p, cs in position.supply_centers.items()}
    homes = {_power(p): list(game_map.home_centers(p)) for p in game_map.powers}
    return {
        "name": str(position.phase),
        "units": units,
        "centers": centers,
        "homes": homes,
        "retreats": retreats,
        "builds": _builds(position, game_map, rules or Rules()),
    }


def _builds(position: Position, game_map: GameMap, rules: Rules) -> dict[str, dict[str, Any]]:
    """The package's ``builds``: per power the adjustment count and the free centres it may
    build in (its owned home centres, or as the map's rule words say; only in an adjustment
    phase; zero otherwise)."""
    counts = (
        adjustments_owed(game_map, position) if position.phase.type is PhaseType.ADJUSTMENT else {}
    )
    occupied = {u.location.province for u in position.units}
    out: dict[str, dict[str, Any]] = {}
    for power in game_map.powers:
        count = counts.get(power, 0)
        sites = build_sites(game_map, rules, position.supply_centers, power, position.phase)
        homes = sorted(sites - occupied) if count > 0 else []
        out[_power(power)] = {"count": count, "homes": homes}
    return out
