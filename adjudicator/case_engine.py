"""Where running cases meets the rest of the package: the order parser and the adjudicator.

Both are found at call time, so the case files can be loaded (and their loader tested) while
either module is missing; a run then fails with :class:`EngineUnavailableError`'s message.
Callers use ``case_engine.find_parser()`` through the module, so a test can replace it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TypeAlias, cast

from adjudicator.errors import AdjudicatorError
from adjudicator.gamemap import GameMap
from adjudicator.model import Order
from adjudicator.outcomes import Adjudication
from adjudicator.position import Position
from adjudicator.rules import Rules

__all__ = [
    "AdjudicateFn",
    "EngineUnavailableError",
    "ParseFn",
    "default_adjudicate",
    "find_parser",
    "require_parser",
]

AdjudicateFn: TypeAlias = Callable[[Position, Mapping[str, Sequence[Order]], Rules], Adjudication]
"""What :func:`adjudicator.case_run.run_case` calls for each phase: ``(position, orders by
power, rules)``."""

ParseFn: TypeAlias = Callable[[str, GameMap, Position], Order]
"""Reads one order in a position: :func:`adjudicator.parser.parse_order`, or a stand-in."""


class EngineUnavailableError(AdjudicatorError):
    """The parser or the engine module is not there (yet)."""


def find_parser() -> ParseFn | None:
    """``adjudicator.parser.parse_order``, or ``None`` while that module does not exist."""
    try:
        module = importlib.import_module("adjudicator.parser")
    except ModuleNotFoundError as exc:
        if exc.name in ("adjudicator.parser",):
            return None
        raise
    return cast(ParseFn, module.parse_order)


def require_parser() -> ParseFn:
    """The order parser; :class:`EngineUnavailableError` when it is missing."""
    parse = find_parser()
    if parse is None:
        raise EngineUnavailableError(
            "cannot run cases: adjudicator.parser (the order parser) is not available yet"
        )
    return parse


def default_adjudicate(game_map: GameMap) -> AdjudicateFn:
    """:func:`adjudicator.engine.adjudicate` on ``game_map``, as an :data:`AdjudicateFn`."""
    try:
        module = importlib.import_module("adjudicator.engine")
    except ModuleNotFoundError as exc:
        if exc.name != "adjudicator.engine":
            raise
        raise EngineUnavailableError(
            "cannot run cases: adjudicator.engine (the adjudicator) is not available yet"
        ) from None
    engine = cast(Callable[..., Adjudication], module.adjudicate)

    def adjudicate(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        return engine(position, orders, rules, game_map=game_map)

    return adjudicate
