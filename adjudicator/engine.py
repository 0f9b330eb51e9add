"""The public entry point: :func:`adjudicate` one phase of any type.

Pure: no I/O beyond loading the (cached) map named by the position, and the inputs are never
changed. The orders are checked for legality first (illegal orders become ``illegal`` results
and their units hold); then the phase type picks the adjudicator.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Protocol, cast

from adjudicator.errors import AdjudicatorError
from adjudicator.gamemap import GameMap, load_map
from adjudicator.model import Order, PhaseType
from adjudicator.movement import CheckedOrders, adjudicate_movement
from adjudicator.outcomes import Adjudication
from adjudicator.position import Position
from adjudicator.rules import Rules


class PhaseAdjudicator(Protocol):
    """The common signature of the movement, retreat and adjustment adjudicators."""

    def __call__(
        self, position: Position, checked: CheckedOrders, game_map: GameMap, rules: Rules
    ) -> Adjudication: ...


class OrderChecker(Protocol):
    def __call__(
        self,
        position: Position,
        orders: Mapping[str, Sequence[Order]],
        game_map: GameMap,
        rules: Rules,
    ) -> CheckedOrders: ...


_DEFAULT_RULES = Rules()
"""The DATC v3.0 preferences (immutable, so one shared value will do)."""

_PHASE_MODULES: Mapping[PhaseType, tuple[str, str]] = {
    PhaseType.RETREAT: ("adjudicator.retreats", "adjudicate_retreats"),
    PhaseType.ADJUSTMENT: ("adjudicator.adjustments", "adjudicate_adjustments"),
}


def adjudicate(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules | None = None,
    *,
    game_map: GameMap | None = None,
) -> Adjudication:
    """Adjudicate one phase: ``orders`` maps each power to its orders (as parsed).

    ``rules`` defaults to the DATC v3.0 preferences; ``game_map`` to the map the position names.

    >>> from adjudicator.model import Location, Move, UnitType
    >>> start = Position.initial(load_map("standard"))
    >>> order = Move(UnitType.ARMY, Location("PAR"), Location("BUR"))
    >>> result = adjudicate(start, {"France": [order]})
    >>> str(result.next_position.phase), str(result.result_of(order).outcome)
    ('F1901M', 'succeeds')
    >>> len(result.results)  # every unit has a result; the others held without orders
    22
    """
    rules = rules if rules is not None else _DEFAULT_RULES
    game_map = game_map if game_map is not None else load_map(position.map_name)
    checked = _checker()(position, orders, game_map, rules)
    return phase_adjudicator(position.phase.type)(position, checked, game_map, rules)


def phase_adjudicator(phase_type: PhaseType) -> PhaseAdjudicator:
    """The adjudicator for a phase type (retreats and adjustments are imported lazily)."""
    if phase_type is PhaseType.MOVEMENT:
        return adjudicate_movement
    module_name, function = _PHASE_MODULES[phase_type]
    return cast(PhaseAdjudicator, _load(module_name, function))


def _checker() -> OrderChecker:
    return cast(OrderChecker, _load("adjudicator.legality", "check_orders"))


def _load(module_name: str, function: str) -> object:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise AdjudicatorError(f"{module_name} is not available in this installation") from None
    return getattr(module, function)
