"""The generic resolver (DATC v3.0 §5.C-§5.F) on small systems of boolean equations.

Each system maps a decision to a function of the others; the resolver must find the unique
consistent solution when there is one, and call the backup rule with exactly the cycle's members
when there are zero or two.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping, Sequence

import pytest

from adjudicator.adjudication.resolver import (
    BACKUP_RULES,
    DecisionKind,
    Resolver,
    all_hold,
    szykman,
)
from adjudicator.base.rules import ParadoxRule

Equations = Mapping[str, Callable[[Callable[[str], bool]], bool]]


class System:
    """A resolver over explicit equations that records the backup calls it sees."""

    def __init__(
        self, equations: Equations, backup_values: Mapping[str, bool] | None = None
    ) -> None:
        self.equations = equations
        self.backup_values = dict(backup_values or {})
        self.cycles: list[list[str]] = []
        self.calls: dict[str, int] = {}
        self.resolver: Resolver[str] = Resolver(self.adjudicate, self.backup)

    def adjudicate(self, key: str) -> bool:
        self.calls[key] = self.calls.get(key, 0) + 1
        return self.equations[key](self.resolver.resolve)

    def backup(self, cycle: list[str]) -> dict[str, bool]:
        self.cycles.append(sorted(cycle))
        return {k: self.backup_values.get(k, True) for k in cycle}

    def solve(self, order: Sequence[str] | None = None) -> dict[str, bool]:
        for key in order or sorted(self.equations):
            self.resolver.resolve(key)
        return dict(sorted(self.resolver.resolved.items()))


def test_acyclic_dependencies_resolve_without_guessing() -> None:
    system = System(
        {
            "a": lambda r: r("b") and not r("c"),
            "b": lambda r: True,
            "c": lambda r: r("b") and False,
        }
    )
    assert system.solve() == {"a": True, "b": True, "c": False}
    assert system.cycles == []
    assert all(n == 1 for n in system.calls.values())


def test_cycle_with_one_consistent_resolution_is_taken() -> None:
    """§5.C category b: a ring broken by a bounce (6.C.3 in miniature): both guesses for the
    ancestor give the same answer, so no backup rule is needed."""
    system = System({"a": lambda r: r("b"), "b": lambda r: r("a") and r("c"), "c": lambda r: False})
    assert system.solve() == {"a": False, "b": False, "c": False}
    assert system.cycles == []


def test_cycle_with_two_resolutions_goes_to_the_backup_rule() -> None:
    """§5.C category c, two solutions: circular movement (6.C.1)."""
    system = System({"a": lambda r: r("b"), "b": lambda r: r("c"), "c": lambda r: r("a")})
    assert system.solve() == {"a": True, "b": True, "c": True}
    assert system.cycles == [["a", "b", "c"]]


def test_cycle_with_no_resolution_goes_to_the_backup_rule() -> None:
    """§5.C category c, no solution: a paradox; the backup rule's values are final."""
    system = System(
        {"a": lambda r: not r("b"), "b": lambda r: r("a")},
        backup_values={"a": False, "b": False},
    )
    assert system.solve() == {"a": False, "b": False}
    assert system.cycles == [["a", "b"]]


@pytest.mark.parametrize("start", ["a", "b", "c", "d"])
def test_result_does_not_depend_on_where_resolution_starts(start: str) -> None:
    """The ancestor rule: whichever order recursion starts from, the cycle {b, c} (two
    solutions) is judged by its ancestor, and orders outside it are never swept into the
    backup rule (§5.F)."""
    equations: Equations = {
        "a": lambda r: r("b"),
        "b": lambda r: r("c"),
        "c": lambda r: r("b") or r("d"),
        "d": lambda r: False,
    }
    system = System(equations)
    values = system.solve([start, *sorted(equations)])
    assert values == {"a": True, "b": True, "c": True, "d": False}
    assert system.cycles == [["b", "c"]]


@pytest.mark.parametrize("order", list(itertools.permutations("cms")))
def test_a_value_read_from_an_open_cycle_is_not_final(order: tuple[str, ...]) -> None:
    """Issue 12 in miniature: a convoy ``c`` that stands whatever the support ``s`` does (it
    reads ``s`` all the same), the support cut when the convoy stands, and the convoyed move
    ``m`` that needs the convoy. Resolving ``s`` from inside ``c``'s cycle reads ``m``, which
    reads the guess of ``c`` as well: ``m`` must wait for ``c`` and not keep the value it got
    from the guess. The one consistent resolution is taken from every starting point."""
    system = System(
        {
            "c": lambda r: not (r("s") and False),
            "s": lambda r: False if r("c") else not r("m"),
            "m": lambda r: r("c"),
        }
    )
    assert system.solve(order) == {"c": True, "m": True, "s": False}
    assert system.cycles == []


def test_outer_order_waits_for_the_ancestor_of_a_nested_cycle() -> None:
    """An order that depends on a cycle but is not in it gets a final value only after the
    cycle is settled, and is never passed to the backup rule."""
    system = System(
        {
            "outer": lambda r: not r("x"),
            "x": lambda r: r("y"),
            "y": lambda r: r("x"),
        }
    )
    assert system.solve(["outer"]) == {"outer": False, "x": True, "y": True}
    assert system.cycles == [["x", "y"]]


def test_two_independent_cycles_are_broken_separately() -> None:
    system = System(
        {
            "a": lambda r: r("b"),
            "b": lambda r: r("a"),
            "c": lambda r: r("d") and r("a"),
            "d": lambda r: r("c"),
        }
    )
    assert system.solve(["c"]) == {"a": True, "b": True, "c": True, "d": True}
    assert sorted(system.cycles) == [["a", "b"], ["c", "d"]]


def _follow(key: str, resolve: Callable[[str], bool]) -> bool:
    return resolve(key)


def test_long_circle_stays_linear() -> None:
    """A ring of many orders must not explode into 2**n adjudications (§5.E note)."""
    n = 60
    keys = [f"k{i:02d}" for i in range(n)]
    equations: Equations = {
        key: functools.partial(_follow, keys[(i + 1) % n]) for i, key in enumerate(keys)
    }
    system = System(equations)
    assert all(system.solve().values())
    assert max(system.calls.values()) <= 3


def _kinds(mapping: Mapping[str, DecisionKind]) -> Callable[[str], DecisionKind]:
    return mapping.__getitem__


MOVES = {"m1": DecisionKind.MOVE, "m2": DecisionKind.MOVE}
PARADOX = {"m1": DecisionKind.MOVE, "s1": DecisionKind.SUPPORT, "c1": DecisionKind.CONVOY}
OTHER = {"m1": DecisionKind.MOVE, "s1": DecisionKind.SUPPORT}


def test_szykman_circular_movement_succeeds() -> None:
    assert szykman(["m1", "m2"], _kinds(MOVES)) == {"m1": True, "m2": True}


def test_szykman_fails_only_the_convoys() -> None:
    assert szykman(["m1", "s1", "c1"], _kinds(PARADOX)) == {"c1": False}


def test_szykman_fails_other_cycles_entirely() -> None:
    assert szykman(["m1", "s1"], _kinds(OTHER)) == {"m1": False, "s1": False}


def test_all_hold_fails_the_whole_paradox() -> None:
    assert all_hold(["m1", "s1", "c1"], _kinds(PARADOX)) == {
        "m1": False,
        "s1": False,
        "c1": False,
    }
    assert all_hold(["m1", "m2"], _kinds(MOVES)) == {"m1": True, "m2": True}


def test_every_paradox_rule_has_a_backup_rule() -> None:
    assert set(BACKUP_RULES) == set(ParadoxRule)


def test_resolver_state_is_per_instance() -> None:
    first = System({"a": lambda r: r("b"), "b": lambda r: r("a")})
    second = System({"a": lambda r: False, "b": lambda r: True})
    first.solve()
    assert second.solve() == {"a": False, "b": True}
    assert first.resolver.broken_cycles and not second.resolver.broken_cycles
