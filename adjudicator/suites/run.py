"""Running cases: every step through the adjudicator, compared with what the case expects.

Running is pure apart from the map loader: :func:`run_case` takes the adjudicating function as
a parameter (default :func:`adjudicator.adjudication.engine.adjudicate`), so the comparison logic
can be tested on its own.
"""

from __future__ import annotations

import dataclasses
import os
import traceback
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.adjudication.engine import adjudicate as engine_adjudicate
from adjudicator.base.errors import CaseFileError, Diagnostic, InputError, check_argument
from adjudicator.base.model import Order
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_order
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position
from adjudicator.suites.compare import CaseOutcome, CaseReport, compare_step
from adjudicator.suites.load import case_files, load_cases
from adjudicator.suites.model import AdjudicateFn, Case, CaseOrder, CaseStatus, ParseFn, Step

__all__ = ["run_case", "run_cases", "run_paths"]


def run_case(
    case: Case,
    adjudicate: AdjudicateFn | None = None,
    *,
    catch: bool = True,
    parse: ParseFn | None = None,
) -> CaseOutcome:
    """Run every step of ``case`` and compare with its expectations.

    ``adjudicate`` defaults to :func:`adjudicator.adjudication.engine.adjudicate`; ``parse`` to
    :func:`adjudicator.orders.read.parse_order` (used for orders not parsed at load time). With
    ``catch`` (the default) an exception inside the engine becomes a failure with its message;
    without it the exception propagates (pytest then shows the traceback).
    """
    if case.skip is not None:
        return CaseOutcome(case, CaseStatus.SKIPPED)
    done = _Progress()
    try:
        _run_steps(case, adjudicate, parse, done)
    except Exception as exc:
        if not catch:
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        done.differences.append(
            f"adjudication raised {type(exc).__name__}: {exc} "
            f"(at {Path(where.filename).name}:{where.lineno})"
        )
    differences = tuple(done.differences)
    status = CaseStatus.FAILED if differences else CaseStatus.PASSED
    if case.xfail is not None:
        status = CaseStatus.XFAILED if differences else CaseStatus.XPASSED
    return CaseOutcome(case, status, differences, tuple(done.adjudications), tuple(done.orders))


@dataclass
class _Progress:
    """What a run has found so far (kept when a later step raises)."""

    differences: list[str] = field(default_factory=list)
    adjudications: list[Adjudication] = field(default_factory=list)
    orders: list[tuple[CaseOrder, ...]] = field(default_factory=list)


def _run_steps(
    case: Case, adjudicate: AdjudicateFn | None, parse: ParseFn | None, done: _Progress
) -> None:
    """Run the steps in turn until one cannot run; record each in ``done``."""
    game_map = case.game_map
    run = adjudicate or _on_map(game_map)
    position = case.position
    for number, step in enumerate(case.steps, start=1):
        prefix = f"step {number}: " if len(case.steps) > 1 else ""
        if step.phase is not None and step.phase != position.phase:
            done.differences.append(
                f"{prefix}expected the phase {step.phase}, but the position is in {position.phase}"
            )
            return
        orders, problems = _parse_step(step, game_map, position, parse)
        done.orders.append(orders)
        if problems:
            done.differences.extend(prefix + p for p in problems)
            return
        result = run(position, _by_power(orders), case.rules)
        done.adjudications.append(result)
        done.differences.extend(prefix + d for d in compare_step(step, orders, result))
        position = result.next_position


def _on_map(game_map: GameMap) -> AdjudicateFn:
    """:func:`adjudicator.adjudication.engine.adjudicate` on the case's own map."""

    def adjudicate(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        return engine_adjudicate(position, orders, rules, game_map=game_map)

    return adjudicate


def _by_power(orders: Iterable[CaseOrder]) -> dict[str, list[Order]]:
    by_power: dict[str, list[Order]] = {}
    for item in orders:
        if item.order is not None:
            by_power.setdefault(item.power, []).append(item.order)
    return by_power


def _parse_step(
    step: Step, game_map: GameMap, position: Position, parse: ParseFn | None
) -> tuple[tuple[CaseOrder, ...], list[str]]:
    out: list[CaseOrder] = []
    problems: list[str] = []
    for item in step.orders:
        if item.order is not None:
            out.append(item)
            continue
        reader = parse or parse_order
        try:
            order = reader(item.text, game_map, position)
        except InputError as exc:
            message = exc.diagnostics[0].message if exc.diagnostics else str(exc)
            problems.append(f"cannot read order {item.text!r} ({item.power}): {message}")
            continue
        out.append(dataclasses.replace(item, order=order))
    return tuple(out), problems


def run_cases(
    cases: Iterable[Case], adjudicate: AdjudicateFn | None = None
) -> tuple[CaseOutcome, ...]:
    return tuple(run_case(case, adjudicate) for case in cases)


def run_paths(paths: Sequence[str | Path], adjudicate: AdjudicateFn | None = None) -> CaseReport:
    """Load and run every case file named by ``paths`` (folders recursively).

    Raises :class:`CaseFileError` (with the diagnostics of every bad file) before running
    anything if a file cannot be loaded, and :class:`TypeError` for ``paths`` that are not a
    sequence of paths (a single path is a one-item list: a text would be read letter by letter).
    """
    if isinstance(paths, str | bytes | os.PathLike) or not isinstance(paths, Sequence):
        raise TypeError(
            "run_paths: paths must be a sequence of paths (like ['test_cases/']), "
            f"not {type(paths).__name__}"
        )
    for path in paths:
        check_argument(path, (str, os.PathLike), "run_paths", "paths", "a sequence of paths")
    files = case_files(paths)
    loaded: list[Case] = []
    problems: list[Diagnostic] = []
    for path in files:
        try:
            loaded.extend(load_cases(path))
        except InputError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise CaseFileError(problems)
    return CaseReport(run_cases(loaded, adjudicate), tuple(str(f) for f in files))
