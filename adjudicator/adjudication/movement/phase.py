"""Movement-phase adjudication: the decisions and strengths of DATC v3.0 §5.B.

:func:`adjudicate_movement` takes the position, the orders that passed the legality checks and
the rules, resolves every MOVE, SUPPORT and CONVOY decision with the generic
:class:`~adjudicator.adjudication.resolver.Resolver`, and builds the
:class:`~adjudicator.state.outcomes.Adjudication`: one result per order and per unit, each failure
naming its reason and the order that caused it, the dislodged units with their retreat options, the
standoffs and the next position.

The work is split in three stages, one module each:

- :mod:`adjudicator.adjudication.movement.index`: the orders indexed by province (on the engine's
  path each as :func:`~adjudicator.adjudication.legality.check.legal_orders` keeps it) and each
  move's convoy intent (DATC 4.A.3);
- :mod:`adjudicator.adjudication.movement.equations`: the §5.B equations (MOVE, SUPPORT, CONVOY,
  PATH, HOLD, ATTACK, DEFEND, PREVENT) that the resolver evaluates;
- :mod:`adjudicator.adjudication.movement.results`: the results with their reasons and causes, the
  dislodgements, the standoffs and the next position (adjudication.md §2.7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.movement.equations import Decisions
from adjudicator.adjudication.movement.results import Report
from adjudicator.base.model import Order
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position

__all__ = ["adjudicate_movement", "adjudicate_orders"]


def adjudicate_movement(
    position: Position, checked: CheckedOrders, game_map: GameMap, rules: Rules
) -> Adjudication:
    """Resolve a movement phase (DATC v3.0 §5) and report every order's fate.

    Reads ``checked.valid`` and ``checked.results`` only.
    """
    phase = Decisions(position, checked.valid, game_map, rules)
    phase.resolve_all()
    return Report(phase, position, checked.results, game_map, rules).build()


def adjudicate_orders(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    game_map: GameMap,
    rules: Rules,
) -> Adjudication:
    """:func:`~adjudicator.adjudication.legality.check.check_orders` and
    :func:`adjudicate_movement` in one.

    The engine's path: each order is indexed as soon as
    :func:`~adjudicator.adjudication.legality.check.legal_orders` keeps it, sparing the checked
    orders' intermediate table. When some unit has two legal orders, the duplicate rules of
    ``check_orders`` decide (4.D.3) and the phase takes the two steps after all.
    """
    phase = Decisions(position, None, game_map, rules)
    illegal = phase.check(orders)
    if illegal is None:
        return adjudicate_movement(
            position, check_orders(position, orders, game_map, rules), game_map, rules
        )
    phase.resolve_all()
    return Report(phase, position, illegal, game_map, rules).build()
