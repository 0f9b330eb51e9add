"""Legality: which orders *could* be valid in a position, before any other order is known.

DATC 4.E.1 (v3.0): an order is **legal** when, not knowing the other orders, it could be valid.
Illegal orders are ignored entirely (the unit holds and can receive hold support); each gets an
``ILLEGAL`` :class:`~adjudicator.state.outcomes.OrderResult` with a stable :class:`IllegalCode` and a
short lowercase message quoting the order. A legal support or convoy that finds no matching
order is *void*, which the resolver decides, never this module.

Legal orders are also **normalised** (DATC v3.0 preferences, see ``docs/illegal-orders.md``):

* the unit type comes from the position, a missing or wrong one is ignored (4.C.1, 4.C.2);
* the ordered unit's coast comes from the position (4.B.5);
* an army destination loses its coast, an unknown coast is dropped (4.B.6, 6.B.12);
* a fleet destination gets its coast when only one is reachable (4.B.2 with
  :attr:`Rules.coasts` lenient); with two reachable, or under strict coasts, a missing coast is
  illegal (4.B.1, 6.B.1);
* a supported fleet move without a coast gets the coast when only one is reachable, otherwise it
  stays coastless and matches a move to either coast (4.B.4, 6.B.7, 6.B.8, 6.B.15);
* an explicit convoy path (``A LON - NTH - NWY``) becomes plain *via convoy* unless
  :attr:`Rules.convoy_path` enforces it (4.A.6).

>>> from adjudicator.board.load import load_map
>>> from adjudicator.base.model import Location, Move
>>> from adjudicator.state.position import Position
>>> from adjudicator.base.rules import Rules
>>> m = load_map("standard")
>>> p = Position.initial(m)
>>> check_order(p, "England", Move(None, Location("LVP"), Location("IRI")), m, Rules())
Illegality(code=<IllegalCode.ARMY_TO_SEA: 'army-to-sea'>, message="an army cannot enter the sea province IRI in 'LVP - IRI'")
>>> str(check_order(p, "Russia", Move(None, Location("SEV"), Location("RUM")), m, Rules()).normalised)
'F SEV - RUM'
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Final, assert_never, cast

from adjudicator.adjudication.legality.adjustments import AdjustmentChecks
from adjudicator.adjudication.legality.coasts import strict_coasts
from adjudicator.adjudication.legality.codes import (
    IllegalCode,
    Illegality,
    Normalised,
    quote_order,
    reject,
)
from adjudicator.adjudication.legality.retreats import RetreatChecks
from adjudicator.adjudication.legality.shortcuts import (
    MOVEMENT_SHORTCUTS,
    WINTER_SHORTCUTS,
    ShortcutFunction,
    shortcuts_allowed,
)
from adjudicator.base.model import (
    ORDERS_BY_PHASE,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitOrder,
    Waive,
)
from adjudicator.base.rules import MultipleOrders, Rules
from adjudicator.board.map import GameMap
from adjudicator.board.tables import MapTables, tables
from adjudicator.state.outcomes import OrderResult
from adjudicator.state.position import Position

__all__ = [
    "CheckedOrders",
    "Checker",
    "SeveralOrders",
    "check_order",
    "check_orders",
    "legal_orders",
    "not_an_order",
]


class CheckedOrders:
    """Every order of a phase, split into the legal ones (one per unit) and the rejected ones.

    Immutable by convention. Not a dataclass: outside winter :attr:`sequence` is built on first
    use from :attr:`valid` (``from_valid``), because only adjustment phases read it and a
    movement phase would otherwise pay for one :class:`Normalised` object per order.
    """

    __slots__ = ("_from_valid", "_sequence", "results", "valid")

    def __init__(
        self,
        valid: dict[str, tuple[str, Order, Order]] | None = None,
        results: list[OrderResult] | None = None,
        sequence: list[Normalised] | None = None,
        *,
        from_valid: bool = False,
    ) -> None:
        self.valid: dict[str, tuple[str, Order, Order]] = {} if valid is None else valid
        """Province of the ordered unit (of the build, in a winter) -> (power, order as given,
        normalised order). In the order first given."""
        self.results: list[OrderResult] = [] if results is None else results
        """``ILLEGAL`` results for illegal, duplicate and wrong-phase orders, in the order
        given."""
        self._sequence = sequence
        self._from_valid = from_valid

    @property
    def sequence(self) -> list[Normalised]:
        """Every kept legal order (waives too), power by power in the order given: the order in
        which surplus builds and removals are discarded (4.D.4, 4.D.6)."""
        if self._sequence is None:
            entries = self.valid.values() if self._from_valid else ()
            self._sequence = [Normalised(p, o, n) for p, o, n in entries]
        return self._sequence

    @property
    def waives(self) -> list[tuple[str, Waive]]:
        """(power, waive) for each legal waive, in order."""
        return [(n.power, n.order) for n in self.sequence if isinstance(n.order, Waive)]

    def __repr__(self) -> str:
        return (
            f"CheckedOrders(valid={self.valid!r}, results={self.results!r}, "
            f"sequence={self.sequence!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheckedOrders):
            return NotImplemented
        return (self.valid, self.results, self.sequence) == (
            other.valid,
            other.results,
            other.sequence,
        )

    __hash__ = None  # type: ignore[assignment]


def check_order(
    position: Position, power: str, order: Order, game_map: GameMap, rules: Rules
) -> Normalised | Illegality:
    """Check one order of ``power`` on its own (no duplicate check)."""
    return Checker(position, game_map, rules).check(power, order)


def check_orders(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    game_map: GameMap,
    rules: Rules,
) -> CheckedOrders:
    """Check every order (power -> orders, in the order written) and keep one per unit.

    Several different legal orders for one unit are all dropped under
    :attr:`MultipleOrders.DROP_ALL` (4.D.3 c) or the last one counts under ``LAST_WINS``;
    orders equal after normalisation count once (6.J.2). An illegal order never competes with a
    legal one (4.E.1, 6.D.31). In a winter, the first legal build in a province counts (6.I.7).
    Something among the orders that is no order raises :class:`TypeError` (:func:`not_an_order`).
    """
    checker = Checker(position, game_map, rules)
    if position.phase.type is not PhaseType.ADJUSTMENT:
        illegal: list[OrderResult] = []
        given: dict[str, Order] = {}
        try:
            valid: dict[str, tuple[str, Order, Order]] = {
                province: (power, given[province], normalised)
                for province, power, normalised in legal_orders(checker, orders, illegal, given)
            }
        except SeveralOrders:
            pass
        else:
            return CheckedOrders(valid, illegal, from_valid=True)
    return _sort_out(checker, orders, rules, position.phase.type)


class SeveralOrders(Exception):
    """Raised by :func:`legal_orders` when a unit has a second legal order (or a waive is
    legal, which only a winter allows): only the full bookkeeping of :func:`check_orders` applies
    the rules for several orders."""


def not_an_order(power: str, order: object) -> TypeError:
    """The :class:`TypeError` for something among ``power``'s orders that is no order.

    Raised where the general checks meet it (every object whose exact type has no shortcut goes
    there), rather than by a test of every order's type up front in :func:`adjudicate`: that
    cost about 1.5% of a movement phase. So a wrong call still fails before any result is made,
    not with texts or units among the results as ``illegal`` orders."""
    return TypeError(
        f"adjudicate: orders[{str(power)[:40]!r}] must hold orders (Hold, Move, ...), not "
        f"{type(order).__name__} (parse_orders reads text into orders)"
    )


def legal_orders(
    checker: Checker,
    orders: Mapping[str, Sequence[Order]],
    illegal: list[OrderResult],
    given: dict[str, Order],
) -> Iterator[tuple[str, str, UnitOrder]]:
    """The one loop that keeps one legal order per unit, outside a winter.

    Checks every order in turn. A legal one goes into ``given`` (province of the unit -> the
    order as given) and is yielded as (province, power, normalised order); an illegal one adds
    its ``ILLEGAL`` result to ``illegal``. The usual phase has at most one legal order per unit,
    so nothing is dropped and everything stays in the order given. When a unit had a second
    legal order, the loop ends by raising :class:`SeveralOrders` (what it yielded is then no
    phase to adjudicate): :func:`check_orders` then sorts the phase out (checking again is cheap
    and pure), and the movement intake, which indexes each order as it comes, starts over
    through it.
    """
    # The shortcut table is looked up here rather than through Checker.verdict, and ``given``
    # doubles as the record of the units ordered: a second legal order for a unit overwrites
    # the first there, which the count of the orders kept shows at the end (cheaper than a
    # look-up per order). This loop runs for every order of every movement phase, and each
    # call or look-up saved counts.
    shortcuts = checker.shortcuts
    movement = shortcuts is MOVEMENT_SHORTCUTS
    general = checker.general_verdict
    kept = len(given)
    for power, listed in orders.items():
        # Read as objects: something that is no order reaches the general checks, which name
        # it (not_an_order), where the compiled loop would reject it with mypyc's message.
        items: Sequence[object] = listed
        for item in items:
            kind = type(item)
            # A movement phase's shortcuts (MOVEMENT_SHORTCUTS) called directly: through the
            # table, a call costs the compiled core 3 % of a phase; test_legality_once checks
            # that this loop and the table give the same verdicts.
            if not movement:
                short = shortcuts.get(kind)
                normalised = None if short is None else short(checker, power, item)
            elif kind is Move:
                normalised = checker._short_move(power, item)  # type: ignore[arg-type]
            elif kind is Support:
                normalised = checker._short_support(power, item)  # type: ignore[arg-type]
            elif kind is Hold:
                normalised = checker._short_hold(power, item)  # type: ignore[arg-type]
            elif kind is Convoy:
                normalised = checker._short_convoy(power, item)  # type: ignore[arg-type]
            else:
                normalised = None
            if normalised is None:
                verdict = general(power, item)
                if isinstance(verdict, Illegality):
                    illegal.append(verdict.result(power, cast(Order, item)))
                    continue
                if isinstance(verdict, Waive):
                    raise SeveralOrders
                normalised = verdict
            province = normalised.location.province
            # An order: a shortcut answered for its type, or the general checks took it.
            given[province] = item  # type: ignore[assignment]
            kept += 1
            yield province, power, normalised
    if len(given) != kept:
        raise SeveralOrders


# --------------------------------------------------------------------------- duplicates
def _sort_out(
    checker: Checker, orders: Mapping[str, Sequence[Order]], rules: Rules, phase: PhaseType
) -> CheckedOrders:
    """The full bookkeeping, for a winter or a unit with several legal orders: every verdict
    with its place among the orders given, then one order per unit by :func:`_one_per_unit`."""
    rejected: list[tuple[int, OrderResult]] = []
    legal: list[tuple[int, Normalised]] = []
    index = 0
    for power, given in orders.items():
        items: Sequence[object] = given  # as in legal_orders
        for item in items:
            if not isinstance(item, Order):  # a subclass of an order class passes
                raise not_an_order(power, item)
            order = item
            verdict = checker.verdict(power, order)
            if isinstance(verdict, Illegality):
                rejected.append((index, verdict.result(power, order)))
            else:
                legal.append((index, Normalised(power, order, verdict)))
            index += 1
    kept, dropped = _one_per_unit(legal, rules, phase)
    rejected.extend(dropped)
    valid: dict[str, tuple[str, Order, Order]] = {}
    for _, n in kept:
        if not isinstance(n.normalised, Waive):
            valid[n.normalised.location.province] = (n.power, n.order, n.normalised)
    return CheckedOrders(
        valid=valid,
        results=[r for _, r in sorted(rejected, key=lambda pair: pair[0])],
        sequence=[n for _, n in sorted(kept, key=lambda pair: pair[0])],
    )


def _one_per_unit(
    legal: list[tuple[int, Normalised]], rules: Rules, phase: PhaseType
) -> tuple[list[tuple[int, Normalised]], list[tuple[int, OrderResult]]]:
    groups: dict[str, list[tuple[int, Normalised]]] = {}
    kept: list[tuple[int, Normalised]] = []
    for index, n in legal:
        if isinstance(n.normalised, Waive):
            kept.append((index, n))
        else:
            groups.setdefault(n.normalised.location.province, []).append((index, n))
    dropped: list[tuple[int, OrderResult]] = []
    for group in groups.values():
        distinct: list[tuple[int, Normalised]] = []
        for index, n in group:
            if all(n.normalised != other.normalised for _, other in distinct):
                distinct.append((index, n))
        if len(distinct) == 1:
            kept.append(distinct[0])
        elif phase is PhaseType.ADJUSTMENT:
            kept.append(distinct[0])
            dropped.extend((i, _later_build(n, distinct[0][1])) for i, n in distinct[1:])
        elif rules.multiple_orders is MultipleOrders.LAST_WINS:
            kept.append(distinct[-1])
            dropped.extend((i, _replaced(n, distinct[-1][1])) for i, n in distinct[:-1])
        else:
            dropped.extend((i, _all_dropped(n, distinct)) for i, n in distinct)
    return kept, dropped


def _all_dropped(n: Normalised, distinct: list[tuple[int, Normalised]]) -> OrderResult:
    others = "; ".join(f"'{quote_order(o.order)}'" for _, o in distinct if o is not n)
    message = (
        f"the unit also has the order {others}, so all its orders are dropped, "
        f"in '{quote_order(n.order)}'"
    )
    return Illegality(IllegalCode.DUPLICATE_ORDER, message).result(n.power, n.order)


def _replaced(n: Normalised, last: Normalised) -> OrderResult:
    message = (
        f"replaced by the later order '{quote_order(last.order)}', in '{quote_order(n.order)}'"
    )
    return Illegality(IllegalCode.DUPLICATE_ORDER, message).result(n.power, n.order)


def _later_build(n: Normalised, first: Normalised) -> OrderResult:
    message = (
        f"the earlier order '{quote_order(first.order)}' already builds there, "
        f"in '{quote_order(n.order)}'"
    )
    return Illegality(IllegalCode.BUILD_SAME_PROVINCE, message).result(n.power, n.order)


# --------------------------------------------------------------------------- checks
class Checker(AdjustmentChecks):
    """The checks of one phase's orders, one at a time (:meth:`verdict`); holds what every
    check of that phase looks up.

    ``units`` and ``map_tables``, when given, must be the position's units keyed by province
    and the map's tables (the movement adjudicator, which checks and indexes the orders in one
    pass, shares its own).
    """

    def __init__(
        self,
        position: Position,
        game_map: GameMap,
        rules: Rules,
        units: dict[str, Unit] | None = None,
        map_tables: MapTables | None = None,
    ) -> None:
        self.position = position
        self.map = game_map
        self.rules = rules
        if map_tables is None:
            map_tables = tables(game_map)
        self.tables = map_tables
        if units is None:
            units = {unit.location.province: unit for unit in position.units}
        self.units = units
        # Strict coast choices (4.B.5, 4.B.6 a) take the coast checks of the general checks.
        self.coast_checks = strict_coasts(rules)
        # The shortcuts assume every unit stands on a known province, so that an order naming a
        # unit's province never needs that check.
        allowed = shortcuts_allowed(rules) and map_tables.known.issuperset(units)
        self.shortcuts: dict[type, Shortcut] = _shortcuts(position.phase.type) if allowed else {}
        """The shortcut of each kind of order that has one in this phase, by type; empty when
        the rules or the position rule them out."""

    def check(self, power: str, order: Order) -> Normalised | Illegality:
        verdict = self.verdict(power, order)
        if isinstance(verdict, Illegality):
            return verdict
        return Normalised(power, order, verdict)

    def verdict(self, power: str, order: Order) -> Order | Illegality:
        """The normalised order, or why ``order`` is illegal: a shortcut's answer if it has
        one, else the general checks'."""
        short = self.shortcuts.get(type(order))
        if short is not None:
            normalised = short(self, power, order)
            if normalised is not None:
                return normalised
        return self.general_verdict(power, order)

    def general_verdict(self, power: str, order: object) -> Order | Illegality:
        """:meth:`verdict` by the general checks, which explain what is wrong (no
        shortcuts). Something that is no order raises :class:`TypeError`
        (:func:`not_an_order`)."""
        if not isinstance(order, Order):  # a subclass of an order class passes
            raise not_an_order(power, order)
        phase = self.position.phase.type
        if not isinstance(order, ORDERS_BY_PHASE[phase]):
            return reject(
                IllegalCode.WRONG_PHASE, f"not an order of a {_PHASE_WORDS[phase]}", order
            )
        unknown = self._unknown_province(order)
        if unknown is not None:
            return reject(IllegalCode.UNKNOWN_PROVINCE, f"unknown province '{unknown}'", order)
        match order:
            case Waive():
                return self._waive(power, order)
            case Build():
                return self._build(power, order)
            case Disband() if phase is PhaseType.ADJUSTMENT:
                return self._removal(power, order)
            case Retreat() | Disband():
                return self._retreat_phase(power, order)
            case Hold() | Move() | Support() | Convoy():
                return self._movement(power, order)
            case _:
                assert_never(order)

    def _unknown_province(self, order: Order) -> str | None:
        match order:
            case Waive():
                places: tuple[str, ...] = ()
            case Move():
                places = (order.location.province, order.destination.province, *order.path)
            case Support():
                dest = () if order.destination is None else (order.destination.province,)
                places = (order.location.province, order.target.province, *dest)
            case Convoy():
                places = (order.location.province, order.army.province, order.destination.province)
            case Retreat():
                places = (order.location.province, order.destination.province)
            case Hold() | Disband() | Build():
                places = (order.location.province,)
            case _:
                assert_never(order)
        return next((p for p in places if p not in self.map.provinces), None)


_PHASE_WORDS = {
    PhaseType.MOVEMENT: "movement phase",
    PhaseType.RETREAT: "retreat phase",
    PhaseType.ADJUSTMENT: "build phase",
}


Shortcut = ShortcutFunction

_MOVEMENT: Final = PhaseType.MOVEMENT
_RETREAT: Final = PhaseType.RETREAT
_RETREAT_SHORTCUTS: Final[dict[type, Shortcut]] = {Retreat: RetreatChecks._fast_retreat}


def _shortcuts(phase: PhaseType) -> dict[type, Shortcut]:
    """The shortcuts of a phase type, by order type. Tested by identity: an enum member hashes
    by Python code, so a table keyed by phase type costs more than the tests."""
    if phase is _MOVEMENT:
        return MOVEMENT_SHORTCUTS
    if phase is _RETREAT:
        return _RETREAT_SHORTCUTS
    return WINTER_SHORTCUTS
