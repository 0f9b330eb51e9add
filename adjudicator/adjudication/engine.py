"""The public entry point: :func:`adjudicate` one phase of any type.

Pure: no I/O beyond loading the (cached) map named by the position, and the inputs are never
changed. The orders are checked for legality first (illegal orders become ``illegal`` results
and their units hold); then the phase type picks the adjudicator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from adjudicator.adjudication.adjustments import adjudicate_adjustments
from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.movement.phase import adjudicate_movement, adjudicate_orders
from adjudicator.adjudication.retreats import adjudicate_retreats
from adjudicator.base.errors import check_argument
from adjudicator.base.model import Order, PhaseType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position

PhaseAdjudicator = Callable[[Position, CheckedOrders, GameMap, Rules], Adjudication]
"""The common signature of the movement, retreat and adjustment adjudicators."""

_DEFAULT_RULES: Final = Rules()
"""The DATC v3.0 preferences (immutable, so one shared value will do)."""

_BY_PHASE: Mapping[PhaseType, PhaseAdjudicator] = {
    PhaseType.MOVEMENT: adjudicate_movement,
    PhaseType.RETREAT: adjudicate_retreats,
    PhaseType.ADJUSTMENT: adjudicate_adjustments,
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

    >>> from adjudicator.base.model import Location, Move, UnitType
    >>> start = Position.initial(load_map("standard"))
    >>> order = Move(UnitType.ARMY, Location("PAR"), Location("BUR"))
    >>> result = adjudicate(start, {"France": [order]})
    >>> str(result.next_position.phase), str(result.result_of(order).outcome)
    ('F1901M', 'succeeds')
    >>> len(result.results)  # every unit has a result; the others held without orders
    22
    """
    _check_arguments(position, orders, rules, game_map)
    rules = rules if rules is not None else _DEFAULT_RULES
    game_map = game_map if game_map is not None else load_map(position.map_name)
    if position.phase.type is PhaseType.MOVEMENT:
        return adjudicate_orders(position, orders, game_map, rules)  # checks as it indexes
    checked = check_orders(position, orders, game_map, rules)
    return _BY_PHASE[position.phase.type](position, checked, game_map, rules)


_ORDERS = "a mapping power -> sequence of orders, like {'France': [Move(...)]}"


def _check_arguments(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules | None,
    game_map: GameMap | None,
) -> None:
    """:class:`TypeError` naming the argument of :func:`adjudicate` that has a wrong type.

    Only the top level, so that a wrong call fails here rather than with an ``AttributeError``
    inside. The usual call (a dict of lists) passes by exact type tests; anything else takes the
    general ``isinstance`` path. Something among the orders that is no order fails in the
    legality checks, where the general checks meet it
    (:func:`~adjudicator.adjudication.legality.check.not_an_order`): checking every order's type
    here as well would cost about 1.5% of a movement phase."""
    # Exact types first, as for the orders below: the usual call passes without a call.
    if type(position) is not Position:
        check_argument(position, Position, "adjudicate", "position", "a Position")
    if type(orders) is not dict:
        check_argument(orders, Mapping, "adjudicate", "orders", _ORDERS)
    if rules is not None and type(rules) is not Rules:
        check_argument(rules, Rules, "adjudicate", "rules", "a Rules value or None")
    if game_map is not None and type(game_map) is not GameMap:
        check_argument(game_map, GameMap, "adjudicate", "game_map", "a GameMap or None")
    # Typed as objects: what a caller hands over is checked here, and the compiled core would
    # otherwise reject a wrong key with its own message before the check could name it.
    entries: Iterable[tuple[object, object]] = orders.items()
    for power, given in entries:
        if type(power) is not str or type(given) not in _SEQUENCES:
            _check_power_orders(power, given)


_SEQUENCES: Final = (list, tuple)
"""The sequences one usually hands over: tested by exact type, the fast path."""


def _check_power_orders(power: object, given: object) -> None:
    check_argument(power, str, "adjudicate", "a key of orders", "a power's name")
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise TypeError(
            f"adjudicate: orders[{str(power)[:40]!r}] must be a sequence of orders, not "
            f"{type(given).__name__} (parse_orders reads text into orders)"
        )
