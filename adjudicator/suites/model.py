"""The values of DATC-style test cases: cases, their steps and expectations, and run outcomes.

:mod:`adjudicator.suites.load` and :mod:`adjudicator.suites.jdip` build these from files,
:mod:`adjudicator.suites.run` runs them and :mod:`adjudicator.suites.compare` says how a run
differs from what a case expects. The package :mod:`adjudicator.suites` maps them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias

from adjudicator.base.model import Order, Phase, Unit
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, Outcome
from adjudicator.state.position import Position

AdjudicateFn: TypeAlias = Callable[[Position, Mapping[str, Sequence[Order]], Rules], Adjudication]
"""What a case run calls for each phase: ``(position, orders by power, rules)``."""

ParseFn: TypeAlias = Callable[[str, GameMap, Position], Order]
"""Reads one order in a position: :func:`adjudicator.orders.read.parse_order`, or a stand-in."""

__all__ = [
    "CASES_KIND",
    "Case",
    "CaseOrder",
    "CaseStatus",
    "Expectation",
    "ExpectedDislodgement",
    "ExpectedResult",
    "Step",
]

CASES_KIND = "cases"
"""The ``kind:`` of a case file (optional). YAML files under a case folder that declare another
kind (such as ``jdip-expected-differences``) are data for tests, not cases, and are skipped."""


@dataclass(frozen=True, slots=True)
class CaseOrder:
    """One order as written in a case, with where it was written and (once parsed) its value."""

    power: str
    text: str
    line: int = 0
    column: int = 0
    order: Order | None = None
    """The parsed order; ``None`` until the parser has read it (later steps parse at run time,
    because their position is only known then)."""

    def __str__(self) -> str:
        return f"{self.power}: {self.text}"


@dataclass(frozen=True, slots=True)
class ExpectedResult:
    """``results: {KEY: outcome}``: the outcome expected for one written order."""

    key: str
    order: CaseOrder
    index: int
    """The position of :attr:`order` in its step's orders."""
    occurrence: int
    """1 for the first order with this power and text, 2 for a second identical one, ..."""
    outcome: Outcome
    reason: str | None = None
    line: int = 0
    column: int = 0


@dataclass(frozen=True, slots=True)
class ExpectedDislodgement:
    """A unit expected to be dislodged; ``attacked_from`` ``None`` means "not checked"."""

    unit: Unit
    attacked_from: str | None = None
    by_convoy: bool | None = None
    """Whether the attacker came by convoy (it decides where the unit may retreat, DATC 4.A.5);
    ``None`` means "not checked"."""


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a phase should produce. ``None`` fields are not checked."""

    units: tuple[Unit, ...] | None = None
    """The whole position after the phase (every power's units, dislodged ones excluded)."""
    dislodged: tuple[ExpectedDislodgement, ...] | None = None
    results: tuple[ExpectedResult, ...] = ()
    standoffs: frozenset[str] | None = None
    supply_centers: Mapping[str, tuple[str, ...]] | None = None
    phase: Phase | None = None
    """The phase of the resulting position (``F1901M``, ``W1901A``, ...)."""
    retreatless_may_vanish: bool = False
    """jDip convention: a dislodged unit with nowhere to retreat is destroyed at once, so the
    expected dislodged units may leave it out."""


@dataclass(frozen=True, slots=True)
class Step:
    """The orders of one phase and what they should produce."""

    orders: tuple[CaseOrder, ...]
    expect: Expectation
    title: str = ""
    line: int = 0
    phase: Phase | None = None
    """The phase this step is ordered in, when written; checked before it runs."""

    def orders_by_power(self) -> dict[str, list[CaseOrder]]:
        grouped: dict[str, list[CaseOrder]] = {}
        for order in self.orders:
            grouped.setdefault(order.power, []).append(order)
        return grouped


@dataclass(frozen=True, slots=True)
class Case:
    """One test case: a starting position and one or more phases of orders."""

    id: str
    title: str
    position: Position
    steps: tuple[Step, ...]
    rules: Rules = field(default_factory=Rules)
    map_name: str = "standard"
    """The map by name or path, as :func:`adjudicator.board.load.load_map` takes it."""
    source: str = ""
    edition: str = ""
    skip: str | None = None
    xfail: str | None = None
    path: str = "<cases>"
    line: int = 0
    format: str = "yaml"
    """``yaml`` or ``jdip``."""

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    @property
    def game_map(self) -> GameMap:
        return load_map(self.map_name)


class CaseStatus(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"
    XFAILED = "xfailed"
    """Failed, as its ``xfail:`` reason says it will."""
    XPASSED = "xpassed"
    """Marked ``xfail:`` but passed: time to remove the mark."""
