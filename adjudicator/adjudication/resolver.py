"""The generic Kruijswijk resolver: memoised decisions, cycle detection, guesses, backup rule.

The resolver knows nothing about Diplomacy. It is given an ``adjudicate(key) -> bool`` function
that computes one decision from the others (calling :meth:`Resolver.resolve` for every decision
it needs) and a backup rule for cycles with zero or two consistent resolutions. This is the
split of DATC v3.0 §5.C: *adjudicate* implements the rules, *resolve* keeps the books.

The algorithm is the guess algorithm of DATC §5.F (Math of Adjudication ch. 6) in its final
form, with ``recursion_hits`` so that a cycle is only judged by its *ancestor* (the order whose
resolution started it) and ``guess_based`` so that several cycles met in one recursion are
told apart. Together with the Pandin's-paradox technique of §5.D, which the movement rules apply
when adjudicating a convoy, every cycle seen here is a single clean loop.

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
}
"""The backup rule for each :class:`~adjudicator.base.rules.ParadoxRule`."""


class _CycleMet(Exception):
    """The optimistic pass of :meth:`Resolver.resolve_all` met a cycle."""


class Resolver(Generic[K]):
    """Resolves decisions on demand; one instance per adjudication (DATC §5.F).

    ``adjudicate(key)`` must be a pure function of the values :meth:`resolve` returns for other
    keys. ``backup(cycle)`` is called with the decisions of a cycle that has zero or two
    consistent resolutions and returns values that break it; they become final.
    """

    __slots__ = (
        "_adjudicate",
        "_backup",
        "_cycle",
        "_guess",
        "_guess_based",
        "_hits",
        "_optimistic",
        "_visited",
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
        self._visited: set[K] = set()
        self._cycle: list[K] = []
        self._guess_based = False
        self._hits = 0
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
        self._optimistic = True
        try:
            for key in pending:
                if key not in self.resolved:
                    self.resolve(key)
            return
        except _CycleMet:
            self._visited.clear()
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
            visiting = self._visited
            if key in visiting:
                raise _CycleMet
            visiting.add(key)
            value = self._adjudicate(key)
            visiting.discard(key)
            self.resolved[key] = value
            return value
        if key in self._cycle:
            # Part of a cycle that is not settled yet: its provisional value stands.
            self._guess_based = True
            return self._guess[key]
        if key in self._visited:
            # Recursion came back to an order being adjudicated: a cycle.
            self._cycle.append(key)
            self._guess_based = True
            self._hits += 1
            return self._guess[key]
        return self._resolve_new(key)

    def _resolve_new(self, key: K) -> bool:
        """§5.F: adjudicate ``key`` with the guess *fails*; if that depended on a guess and
        ``key`` is the ancestor of the cycle, try *succeeds* as well and compare."""
        self.guessed = True
        self._visited.add(key)
        old_len = len(self._cycle)
        old_guess_based = self._guess_based
        old_hits = self._hits
        self._guess_based = False
        self._guess[key] = False
        first = self._adjudicate(key)
        if not self._guess_based:
            # No guess was read, so no cycle was met (and _hits is unchanged): ``first`` is
            # final. The common case, kept free of further calls.
            self.resolved[key] = first
            self._visited.discard(key)
            self._guess_based = old_guess_based
            return first
        if key in self._cycle:
            self._hits -= 1
        if self._hits == old_hits:
            del self._cycle[old_len:]
            self._guess[key] = True
            second = self._adjudicate(key)
            if first == second:
                # Both guesses are consistent with one answer: it is the only resolution.
                del self._cycle[old_len:]
                return self._finish(key, first, old_guess_based, old_hits)
            self._break(key, self._cycle[old_len:])
            del self._cycle[old_len:]
            self._guess_based = old_guess_based
            self._hits = old_hits
            self._visited.discard(key)
            return self.resolve(key)
        # A cycle runs through this order but started further up: report the guess upwards.
        if key not in self._cycle:
            self._cycle.append(key)
        self._guess[key] = first
        self._visited.discard(key)
        return first

    def _finish(self, key: K, value: bool, old_guess_based: bool, old_hits: int) -> bool:
        self.resolved[key] = value
        self._visited.discard(key)
        self._guess_based = old_guess_based
        self._hits = old_hits
        return value

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
