"""The decisions that ``Decisions._settle_static`` settles before the resolver runs: each must
have the value (and, for a failed move, the reason and rival in ``why``) that the resolver alone
gives it, under every paradox rule and convoy reading, on random phases and on convoy cycles.

The settling is a second reading of parts of the §5.B equations, written out for speed; this
test is what keeps it a faithful one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from adjudicator.adjudication.legality.check import check_orders
from adjudicator.adjudication.movement import equations
from adjudicator.adjudication.movement.equations import Decisions
from adjudicator.adjudication.movement.index import MOVE
from adjudicator.base.core import is_compiled
from adjudicator.base.model import Order
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.state.position import Position
from benchmarks.generator import movement_phases
from tests.adjudication.test_properties import convoy_cycles, phases
from tests.examples import examples

# The test subclasses Decisions, which a compiled class does not allow: it checks the pure
# core, and test_compiled_core holds the compiled one to the pure one, byte for byte.
pytestmark = pytest.mark.skipif(
    is_compiled(equations), reason="subclasses a class of the core (ADJUDICATOR_PURE=1 runs it)"
)

STANDARD = load_map("standard")
RULE_SETS = [
    Rules.from_mapping(options)
    for options in (
        {},
        {"paradox": "1971"},
        {"paradox": "1982"},
        {"paradox": "2000", "convoy_disruption": "any-route"},
        {"paradox": "all-hold"},
        {"adjacent_convoy": "1971", "dislodged_unit_bounces": "false"},
        {"adjacent_convoy": "explicit", "paradox": "1971"},
        {"adjacent_convoy": "diplomacy-package"},
        {"adjacent_convoy": "godip", "paradox": "1982"},
        {"adjacent_convoy": "fallback", "dislodged_unit_bounces": "false", "paradox": "2000"},
    )
]


class _ResolverAlone(Decisions):
    """The same decisions with nothing settled in advance: every one goes to the resolver."""

    __slots__ = ()

    def _settle_static(self) -> list[str]:
        return list(self.kind)


def assert_settled_as_the_resolver_would(
    position: Position, orders: dict[str, list[Order]]
) -> None:
    for rules in RULE_SETS:
        valid = check_orders(position, orders, STANDARD, rules).valid
        early = Decisions(position, valid, STANDARD, rules)
        indexed = dict(early.resolved)  # settled while indexing: not this test's concern
        left = early._settle_static()
        settled = {k: v for k, v in early.resolved.items() if k not in indexed}
        assert set(early.kind) <= set(early.resolved) | set(left) | set(indexed)
        alone = _ResolverAlone(position, valid, STANDARD, rules)
        alone.resolve_all()
        for key, value in settled.items():
            assert alone.resolved[key] == value, (rules, key)
            if early.kind[key] is MOVE and not value and not alone.resolver.guessed:
                assert early.why.get(key) == alone.why.get(key), (rules, key)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck))
@given(phases())
def test_settled_decisions_agree_with_the_resolver(
    phase: tuple[Position, dict[str, list[Order]]],
) -> None:
    assert_settled_as_the_resolver_would(*phase)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck))
@given(convoy_cycles())
def test_settled_decisions_agree_with_the_resolver_in_convoy_cycles(
    phase: tuple[Position, dict[str, list[Order]]],
) -> None:
    assert_settled_as_the_resolver_would(*phase)


def test_settled_decisions_agree_with_the_resolver_in_the_benchmark_phases() -> None:
    # Crowded boards of 20 to 34 units with supports, convoys and cut supports in plenty.
    for phase in movement_phases(STANDARD, 20, seed=2024):
        orders = {power: list(given) for power, given in phase.orders.items()}
        assert_settled_as_the_resolver_would(phase.position, orders)
