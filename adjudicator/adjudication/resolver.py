"""The generic Kruijswijk resolver: memoised decisions, cycle detection, guesses, backup rule.

The resolver knows nothing about Diplomacy. It is given an ``adjudicate(key) -> bool`` function
that computes one decision from the others (calling :meth:`Resolver.resolve` for every decision
it needs) and a backup rule for cycles with zero or two consistent resolutions. This is the
split of DATC v3.0 §5.C: *adjudicate* implements the rules, *resolve* keeps the books.

The algorithm is the guess algorithm of DATC §5.F (Math of Adjudication ch. 6): a cycle is
judged only by its *ancestor* (the order whose resolution started it), which tries both guesses.
Where §5.F counts recursion hits to find the ancestor, this resolver keeps, with every value
computed from a guess, the set of guesses it read, so that a value is final only when it read
none, and an order is the ancestor only when the one guess it read is its own: a hit count misses
an order that reads a guess of a cycle found before the order itself was reached, which then
took its value from that guess as final, and the result depended on the order in which the
decisions were visited, that is on the provinces' names (issue 12). Together with the
Pandin's-paradox technique of §5.D, which the movement rules apply when adjudicating a convoy,
every cycle seen here is a single clean loop.

>>> r = Resolver(lambda k: k == "a", lambda cycle: {})
>>> r.resolve("a"), r.resolve("b")
(True, False)

All state lives on the :class:`Resolver` instance, one per adjudication; nothing is global.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from enum import IntEnum
from typing import Generic, TypeVar

from adjudicator.base.rules import ParadoxRule

K = TypeVar("K", bound=Hashable)

_log = logging.getLogger(__name__)


class DecisionKind(IntEnum):
    """The three boolean decisions of DATC §5.A; PATH and the strengths are derived."""

    MOVE = 1
    SUPPORT = 2
    CONVOY = 3


BackupRule = Callable[[Sequence[K], Callable[[K], DecisionKind]], dict[K, bool]]
"""Given a cycle's decisions and a way to tell their kinds, the values that break the cycle."""


def szykman(cycle: Sequence[K], kind_of: Callable[[K], DecisionKind]) -> dict[K, bool]:
    """DATC §5.B.9 with the Szykman rule (4.A.2, the v3.0 preference).

    A cycle of moves only is circular movement: every move succeeds (6.C.1, 6.C.2). A cycle
    that contains a convoy is a convoy paradox: every CONVOY in it fails and the rest is then
    resolved normally (6.F.14-6.F.24). Any other cycle (variants only) fails entirely.
    """
    kinds = [kind_of(key) for key in cycle]
    if all(kind is DecisionKind.MOVE for kind in kinds):
        return dict.fromkeys(cycle, True)
    convoys = [key for key, kind in zip(cycle, kinds, strict=True) if kind is DecisionKind.CONVOY]
    if convoys:
        return dict.fromkeys(convoys, False)
    return dict.fromkeys(cycle, False)


def all_hold(cycle: Sequence[K], kind_of: Callable[[K], DecisionKind]) -> dict[K, bool]:
    """DATC §4.A.2 'All Hold': circular movement still succeeds, but in a convoy paradox every
    order of the cycle fails."""
    if all(kind_of(key) is DecisionKind.MOVE for key in cycle):
        return dict.fromkeys(cycle, True)
    return dict.fromkeys(cycle, False)


BACKUP_RULES: Mapping[ParadoxRule, BackupRule[str]] = {
    ParadoxRule.SZYKMAN: szykman,
    ParadoxRule.ALL_HOLD: all_hold,
    # The rulebooks' rules act in the SUPPORT equation (movement.equations) and leave some
    # paradoxes without an answer (DATC 4.A.2): Szykman breaks those (ParadoxRule.backup).
    ParadoxRule.Y1971: szykman,
    ParadoxRule.Y1982: szykman,
    ParadoxRule.Y2000: szykman,
}
"""The backup rule for each :class:`~adjudicator.base.rules.ParadoxRule`."""


class _CycleMet(Exception):
    """The optimistic pass of :meth:`Resolver.resolve_all` met a cycle."""


class Resolver(Generic[K]):
    """Resolves decisions on demand; one instance per adjudication (DATC §5.F).

    ``adjudicate(key)`` must be a pure function of the values :meth:`resolve` returns for other
    keys. ``backup(cycle)`` is called with the decisions of a cycle that has zero or two
    consistent resolutions and returns values that break it; they become final.

    While a cycle is open, a value computed from a guess is *provisional*: it is kept with the
    decisions on the recursion stack whose guesses it read (directly or through other
    provisional values) until the ancestor of the cycle, the decision whose value read no
    guess but its own, has settled; then it is computed again from final values.
    """

    __slots__ = (
        "_adjudicate",
        "_backup",
        "_depends",
        "_guess",
        "_optimistic",
        "_postponed",
        "_provisional",
        "_provisional_order",
        "_visiting",
        "broken_cycles",
        "guessed",
        "resolved",
    )

    def __init__(
        self,
        adjudicate: Callable[[K], bool],
        backup: Callable[[list[K]], Mapping[K, bool]],
    ) -> None:
        self._adjudicate = adjudicate
        self._backup = backup
        self.resolved: dict[K, bool] = {}
        """Final resolutions."""
        self.broken_cycles: list[tuple[tuple[K, ...], dict[K, bool]]] = []
        """Each cycle the backup rule broke, with the values it set (for reports and traces)."""
        self._guess: dict[K, bool] = {}
        """The decisions being adjudicated (the recursion stack), with their current guesses."""
        self._depends: set[K] = set()
        """The decisions on the stack whose guesses the current adjudication has read."""
        self._provisional: dict[K, tuple[bool, frozenset[K]]] = {}
        """Values computed from guesses, with the stacked decisions whose guesses they read."""
        self._provisional_order: list[K] = []
        """The keys of :attr:`_provisional` in the order they were computed."""
        self._postponed: list[K] = []
        """Every decision given a provisional value while the current cycles are open, even if
        the value was dropped since: the members of a cycle, for the backup rule."""
        self._visiting: set[K] = set()
        self._optimistic = False
        self.guessed = False
        """Whether the guess algorithm ran (for a cycle, or outside :meth:`resolve_all`), so
        that ``adjudicate`` may have seen values that did not stand."""

    def resolve_all(self, keys: Iterable[K]) -> None:
        """Resolve every key, in the order given (resolving one may settle others on the way).

        Most decisions depend on others without a cycle, so the plain recursion of §5.C goes
        first, without the guess bookkeeping. The first cycle it meets stops it; every value
        it settled is final, and the guess algorithm carries on from the key it was resolving,
        in the very state it would have reached on its own.
        """
        pending = list(keys)
        resolved, adjudicate = self.resolved, self._adjudicate
        self._optimistic = True
        try:
            for key in pending:
                if key not in resolved:
                    # :meth:`resolve` of the plain recursion, at its top. The key need not be
                    # marked as visiting: a cycle back to it is met one lap later, at the
                    # first decision of the lap that is marked, and every value settled on
                    # the way read final values only.
                    resolved[key] = adjudicate(key)
            return
        except _CycleMet:
            self._visiting.clear()
        finally:
            self._optimistic = False
        for key in pending:
            if key not in self.resolved:
                self.resolve(key)

    def resolve(self, key: K) -> bool:
        """The resolution of ``key``: final if known, else a guess while a cycle is open."""
        known = self.resolved.get(key)
        if known is not None:
            return known
        if self._optimistic:
            visiting = self._visiting
            if key in visiting:
                raise _CycleMet
            visiting.add(key)
            value = self._adjudicate(key)
            visiting.discard(key)
            self.resolved[key] = value
            return value
        guess = self._guess.get(key)
        if guess is not None:
            # Recursion came back to a decision being adjudicated: a cycle through it.
            self._depends.add(key)
            return guess
        provisional = self._provisional.get(key)
        if provisional is not None:
            value, depends = provisional
            self._depends |= depends
            return value
        return self._resolve_new(key)

    def _resolve_new(self, key: K) -> bool:
        """§5.F: adjudicate ``key`` with the guess *fails*; if that read no guess but its own,
        ``key`` is the ancestor of a cycle: try *succeeds* as well and compare."""
        self.guessed = True
        outer = self._depends
        mark, members = len(self._provisional_order), len(self._postponed)
        first, depends = self._adjudicate_guessing(key, False)
        if not depends:
            # No guess was read, so no cycle was met: ``first`` is final. The common case.
            return self._settle(key, first, outer)
        if depends != {key}:
            return self._postpone(key, first, depends, outer, mark)
        self._drop_provisional(mark)
        del self._postponed[members:]
        second, depends = self._adjudicate_guessing(key, True)
        self._drop_provisional(mark)
        if depends - {key}:
            # Under the other guess it reads a decision further up as well: that one is the
            # ancestor, and judges the cycle.
            return self._postpone(key, first, depends, outer, mark)
        cycle = list(dict.fromkeys(self._postponed[members:]))
        del self._postponed[members:]
        if first == second:
            # Both guesses are consistent with one answer: it is the only resolution.
            return self._settle(key, first, outer)
        self._break(key, cycle)
        del self._guess[key]
        self._depends = outer
        return self.resolve(key)

    def _adjudicate_guessing(self, key: K, guess: bool) -> tuple[bool, set[K]]:
        """``adjudicate(key)`` with ``key`` stacked under ``guess``, and the guesses it read."""
        self._guess[key] = guess
        self._depends = set()
        return self._adjudicate(key), self._depends

    def _settle(self, key: K, value: bool, outer: set[K]) -> bool:
        self.resolved[key] = value
        del self._guess[key]
        self._depends = outer
        return value

    def _postpone(self, key: K, value: bool, depends: set[K], outer: set[K], mark: int) -> bool:
        """Keep ``value`` as provisional: a cycle runs through ``key`` but started further up
        the recursion, and ``key`` now stands on the guesses of ``depends`` without its own."""
        guess = self._guess.pop(key)
        rest = frozenset(depends - {key})
        provisional, order = self._provisional, self._provisional_order
        if key in depends:
            # What was computed from this guess now stands on the guesses ``key`` read instead,
            # if ``key`` keeps that value; otherwise it is dropped, to be computed again from
            # the value ``key`` keeps when it is read.
            kept: list[K] = []
            for other in order[mark:]:
                other_value, other_depends = provisional[other]
                if key not in other_depends:
                    kept.append(other)
                elif value == guess:
                    provisional[other] = (other_value, (other_depends - {key}) | rest)
                    kept.append(other)
                else:
                    del provisional[other]
            order[mark:] = kept
        provisional[key] = (value, rest)
        order.append(key)
        self._postponed.append(key)
        outer |= rest
        self._depends = outer
        return value

    def _drop_provisional(self, mark: int) -> None:
        """Forget the provisional values computed since ``mark``."""
        for other in self._provisional_order[mark:]:
            del self._provisional[other]
        del self._provisional_order[mark:]

    def _break(self, key: K, cycle: list[K]) -> None:
        """Apply the backup rule (§5.B.9) to a cycle with zero or two resolutions."""
        members = cycle if key in cycle else [*cycle, key]
        values = dict(self._backup(list(members)))
        if not any(k in values for k in members):
            # A backup rule that settles nothing would loop forever: fail the whole cycle.
            values = dict.fromkeys(members, False)
        _log.debug("cycle %s has no single resolution; backup rule sets %s", members, values)
        self.broken_cycles.append((tuple(members), values))
        self.resolved.update(values)
