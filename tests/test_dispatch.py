"""Every ``match`` over order kinds ends in ``case _: assert_never(...)``, so that mypy names each
place a new kind of order must be handled (a default branch would take it silently).

A ``match`` counts when one of its cases names an order class (``case Move():``, ``case Hold() |
Disband():``); the order classes are read from the ``Order`` union itself, so a new kind is
covered as soon as it joins the union.
"""

from __future__ import annotations

import ast
import typing

import pytest

from adjudicator.base.model import Order
from tests.package_ast import PACKAGE, package_sources, package_trees

ORDER_KINDS = frozenset(kind.__name__ for kind in typing.get_args(Order))


def _named_classes(pattern: ast.pattern) -> set[str]:
    """The class names a case pattern matches on (through ``|`` and ``as``)."""
    if isinstance(pattern, ast.MatchClass) and isinstance(pattern.cls, ast.Name):
        return {pattern.cls.id}
    if isinstance(pattern, ast.MatchOr):
        return set().union(*(_named_classes(p) for p in pattern.patterns))
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _named_classes(pattern.pattern)
    return set()


def _order_matches() -> list[tuple[str, ast.Match]]:
    found: list[tuple[str, ast.Match]] = []
    sources = package_sources()
    for path, tree in package_trees().items():
        if "match " not in sources[path]:
            continue  # no match statement: walking its tree would find none
        for node in ast.walk(tree):
            if isinstance(node, ast.Match) and any(
                _named_classes(case.pattern) & ORDER_KINDS for case in node.cases
            ):
                where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                found.append((where, node))
    return found


MATCHES = _order_matches()


def _ends_in_assert_never(node: ast.Match) -> bool:
    last = node.cases[-1]
    wildcard = isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None
    if not wildcard or last.guard is not None or len(last.body) != 1:
        return False
    statement = last.body[0]
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Name)
        and statement.value.func.id == "assert_never"
        and [ast.dump(a) for a in statement.value.args] == [ast.dump(node.subject)]
    )


def test_order_kinds_are_read_from_the_union() -> None:
    assert {"Hold", "Move", "Support", "Convoy", "Retreat", "Disband", "Build", "Waive"} <= (
        ORDER_KINDS
    )


def test_the_package_dispatches_on_order_kinds() -> None:
    # Guards the scan itself: the legality checks, the engine and the reports all match on kinds.
    assert len(MATCHES) >= 10


@pytest.mark.parametrize(("where", "node"), MATCHES, ids=[where for where, _ in MATCHES])
def test_match_over_order_kinds_ends_in_assert_never(where: str, node: ast.Match) -> None:
    assert _ends_in_assert_never(node), (
        f"{where}: end this match with 'case _: assert_never(<subject>)' and name every order "
        "kind in a case before it, so that mypy reports it when a kind is added"
    )


def test_a_default_branch_is_caught() -> None:
    source = """
match order:
    case Move():
        pass
    case _:
        pass
"""
    (node,) = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Match)]
    assert not _ends_in_assert_never(node)
