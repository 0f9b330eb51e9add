"""How a case's run differs from what it expects, in plain words, and the account of a failing
case (orders, expected and actual outcomes, positions, differences)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Unit,
    Waive,
)
from adjudicator.base.rules import Rules
from adjudicator.state.outcomes import Adjudication, OrderResult
from adjudicator.suites.model import Case, CaseOrder, CaseStatus, ExpectedDislodgement, Step

__all__ = ["compare_step", "explain"]


def compare_step(step: Step, orders: Sequence[CaseOrder], result: Adjudication) -> list[str]:
    """The differences between one step's expectations and its adjudication, in plain words."""
    expect = step.expect
    differences: list[str] = []
    for expected in expect.results:
        item = orders[expected.index] if expected.index < len(orders) else expected.order
        label = expected.key
        if item.order is None:
            differences.append(f"{label}: expected {expected.outcome}, but it was not parsed")
            continue
        actual = _find_result(result.results, item.power, item.order, expected.occurrence)
        if actual is None:
            differences.append(f"{label}: expected {expected.outcome}, got no result")
            continue
        if actual.outcome is not expected.outcome or (
            expected.reason is not None and str(actual.reason) != expected.reason
        ):
            want = str(expected.outcome)
            if expected.reason is not None:
                want += f" ({expected.reason})"
            differences.append(f"{label}: expected {want}, got {_describe(actual)}")
    next_position = result.next_position
    if expect.units is not None:
        differences.extend(_compare_units(expect.units, next_position.units))
    if expect.dislodged is not None:
        differences.extend(
            _compare_dislodged(expect.dislodged, result.dislodged, expect.retreatless_may_vanish)
        )
    if expect.standoffs is not None and set(expect.standoffs) != set(result.standoffs):
        differences.append(
            f"standoffs: expected {_names(expect.standoffs)}, got {_names(result.standoffs)}"
        )
    if expect.supply_centers is not None:
        differences.extend(_compare_centers(expect.supply_centers, next_position.supply_centers))
    if expect.phase is not None and expect.phase != next_position.phase:
        differences.append(f"phase: expected {expect.phase}, got {next_position.phase}")
    return differences


def _find_result(
    results: Sequence[OrderResult],
    power: str,
    order: Order,
    occurrence: int,
) -> OrderResult | None:
    """The result for ``order`` of ``power``: the same order, else the same order with unit types
    ignored, else the only result of the same kind for the same unit."""
    mine = [r for r in results if r.power == power]
    for same in (
        lambda r: r.order == order,
        lambda r: _untyped(r.order) == _untyped(order),
        lambda r: type(r.order) is type(order) and _unit_key(r.order) == _unit_key(order),
    ):
        found = [r for r in mine if same(r)]
        if len(found) >= occurrence:
            return found[occurrence - 1]
    return None


def _untyped(order: Order) -> Order:
    """The order without unit types and without the ordered unit's coast (which the engine may
    fill in or drop when it normalises)."""
    match order:
        case Waive():
            return order
        case Support():
            return dataclasses.replace(
                order, unit_type=None, location=order.location.bare, target_type=None
            )
        case Hold() | Move() | Convoy() | Retreat() | Disband() | Build():
            return dataclasses.replace(order, unit_type=None, location=order.location.bare)
        case _:
            assert_never(order)


def _unit_key(order: Order) -> str | None:
    match order:
        case Waive():
            return None
        case Hold() | Move() | Support() | Convoy() | Retreat() | Disband() | Build():
            return order.location.province
        case _:
            assert_never(order)


def _describe(result: OrderResult) -> str:
    text = str(result.outcome)
    reason = str(result.reason)
    if reason and reason != text:
        text += f" ({reason})"
    return text


def _names(items: Iterable[object]) -> str:
    listed = sorted(str(i) for i in items)
    return "[" + ", ".join(listed) + "]" if listed else "none"


def _by_power(units: Iterable[Unit]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for unit in units:
        out.setdefault(unit.power, set()).add(str(unit))
    return out


def _compare_units(expected: Iterable[Unit], actual: Iterable[Unit]) -> list[str]:
    want, got = _by_power(expected), _by_power(actual)
    differences = []
    for power in sorted(set(want) | set(got)):
        a, b = want.get(power, set()), got.get(power, set())
        if a == b:
            continue
        details = []
        if a - b:
            details.append(f"missing {', '.join(sorted(a - b))}")
        if b - a:
            details.append(f"unexpected {', '.join(sorted(b - a))}")
        differences.append(
            f"units of {power}: expected {_names(a)}, got {_names(b)} ({'; '.join(details)})"
        )
    return differences


def _compare_dislodged(
    expected: Sequence[ExpectedDislodgement],
    actual: Sequence[Dislodgement],
    retreatless_may_vanish: bool,
) -> list[str]:
    differences: list[str] = []
    want = {(e.unit.power, str(e.unit)): e for e in expected}
    got = {(d.unit.power, str(d.unit)): d for d in actual}
    for key in sorted(set(want) | set(got)):
        power, unit = key
        e, d = want.get(key), got.get(key)
        if e is not None and d is None:
            differences.append(f"dislodged: expected {unit} ({power}) dislodged, got not dislodged")
        elif d is not None and e is None:
            if retreatless_may_vanish and not d.retreats:
                continue
            differences.append(
                f"dislodged: expected {unit} ({power}) not dislodged, got dislodged from "
                f"{d.attacked_from}"
            )
        elif (
            e is not None
            and d is not None
            and e.attacked_from is not None
            and e.attacked_from != d.attacked_from
        ):
            differences.append(
                f"dislodged: expected {unit} ({power}) attacked from {e.attacked_from}, "
                f"got from {d.attacked_from}"
            )
        elif e is not None and d is not None and e.by_convoy not in (None, d.by_convoy):
            how = "by convoy" if d.by_convoy else "not by convoy"
            differences.append(
                f"dislodged: {unit} ({power}) was attacked {how}, expected otherwise"
            )
    return differences


def _compare_centers(
    expected: Mapping[str, Sequence[str]], actual: Mapping[str, Sequence[str]]
) -> list[str]:
    differences = []
    for power in sorted(set(expected) | set(actual)):
        a, b = set(expected.get(power, ())), set(actual.get(power, ()))
        if a != b:
            differences.append(f"supply centres of {power}: expected {_names(a)}, got {_names(b)}")
    return differences


def explain(outcome: CaseOutcome) -> str:
    """The account :meth:`CaseOutcome.explain` gives."""
    case = outcome.case
    lines = [f"{case.id}  {case.title}  ({case.where})".rstrip()]
    if case.source and case.source != case.where:
        lines.append(f"  source: {case.source}")
    if case.rules != Rules():
        lines.append(f"  rules: {case.rules.to_mapping()}")
    position = case.position
    lines.append(f"  phase {position.phase}; units: {_units_text(position.units)}")
    if position.dislodged:
        lines.append(f"  dislodged: {_dislodged_text(position.dislodged)}")
    for number, step in enumerate(case.steps, start=1):
        if len(case.steps) > 1:
            lines.append(f"  step {number}{': ' + step.title if step.title else ''}")
        orders = outcome.orders[number - 1] if number <= len(outcome.orders) else step.orders
        lines.append("  orders:")
        lines.extend(f"    {item.power}: {item.text}" for item in orders)
        if number <= len(outcome.adjudications):
            lines.extend(_explain_step(step, outcome.adjudications[number - 1]))
    if outcome.differences:
        lines.append("  differences:")
        lines.extend(f"    - {d}" for d in outcome.differences)
    return "\n".join(lines)


def _explain_step(step: Step, adjudication: Adjudication) -> list[str]:
    lines = ["  actual results:"]
    for r in adjudication.results:
        message = f" [{r.message}]" if r.message else ""
        lines.append(f"    {r.power}: {r.order}  ->  {_describe(r)}{message}")
    if step.expect.results:
        lines.append("  expected results:")
        for e in step.expect.results:
            reason = f" ({e.reason})" if e.reason else ""
            lines.append(f"    {e.order.power}: {e.key}  ->  {e.outcome}{reason}")
    lines.append(f"  units after: {_units_text(adjudication.next_position.units)}")
    if step.expect.units is not None:
        lines.append(f"  expected:    {_units_text(step.expect.units)}")
    if adjudication.dislodged:
        lines.append(f"  dislodged: {_dislodged_text(adjudication.dislodged)}")
    if step.expect.dislodged:
        expected = ", ".join(
            f"{e.unit} ({e.unit.power})" + (f" from {e.attacked_from}" if e.attacked_from else "")
            for e in step.expect.dislodged
        )
        lines.append(f"  expected dislodged: {expected}")
    return lines


def _dislodged_text(items: Iterable[Dislodgement]) -> str:
    return ", ".join(f"{d.unit} ({d.unit.power}) from {d.attacked_from}" for d in items)


def _units_text(units: Iterable[Unit]) -> str:
    grouped = _by_power(units)
    if not grouped:
        return "none"
    return "; ".join(f"{p}: {', '.join(sorted(us))}" for p, us in sorted(grouped.items()))


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """The result of running one case."""

    case: Case
    status: CaseStatus
    differences: tuple[str, ...] = ()
    """Plain-words differences between expected and actual, e.g.
    ``F NTH - PIC: expected illegal, got fails (bounce)``."""
    adjudications: tuple[Adjudication, ...] = ()
    """One per step that ran (for reports and debugging)."""
    orders: tuple[tuple[CaseOrder, ...], ...] = ()
    """The orders of each step that ran, parsed."""

    @property
    def passed(self) -> bool:
        """True unless the case counts as a failure (skipped and xfailed cases pass)."""
        return self.status is not CaseStatus.FAILED

    @property
    def reason(self) -> str | None:
        """The ``skip:`` or ``xfail:`` reason, when one applied."""
        if self.status is CaseStatus.SKIPPED:
            return self.case.skip
        if self.status in (CaseStatus.XFAILED, CaseStatus.XPASSED):
            return self.case.xfail
        return None

    def explain(self) -> str:
        """A full account for a failing case: orders, expected and actual outcomes, positions
        and the differences."""
        return explain(self)


@dataclass(frozen=True, slots=True)
class CaseReport:
    """The outcomes of a run over case files and folders."""

    outcomes: tuple[CaseOutcome, ...]
    files: tuple[str, ...] = ()

    def count(self, status: CaseStatus) -> int:
        return sum(1 for o in self.outcomes if o.status is status)

    @property
    def passed(self) -> int:
        return self.count(CaseStatus.PASSED)

    @property
    def failed(self) -> int:
        return self.count(CaseStatus.FAILED)

    @property
    def skipped(self) -> int:
        return self.count(CaseStatus.SKIPPED)

    @property
    def xfailed(self) -> int:
        return self.count(CaseStatus.XFAILED)

    @property
    def xpassed(self) -> int:
        return self.count(CaseStatus.XPASSED)

    @property
    def failures(self) -> tuple[CaseOutcome, ...]:
        return tuple(o for o in self.outcomes if o.status is CaseStatus.FAILED)

    def summary(self) -> str:
        """``N passed, M failed`` plus any skipped, xfailed and xpassed counts."""
        parts = [f"{self.passed} passed", f"{self.failed} failed"]
        for status in (CaseStatus.SKIPPED, CaseStatus.XFAILED, CaseStatus.XPASSED):
            if self.count(status):
                parts.append(f"{self.count(status)} {status}")
        return ", ".join(parts)
