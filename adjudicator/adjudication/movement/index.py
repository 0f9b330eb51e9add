"""Movement phase, first stage: the orders indexed by province, and each move's convoy intent.

:class:`PhaseIndex` takes the legal orders (from
:func:`~adjudicator.adjudication.legality.check.check_orders`, or as
:func:`~adjudicator.adjudication.legality.check.legal_orders` checks them, :meth:`PhaseIndex.check`)
and builds every index the §5.B equations read
(:mod:`adjudicator.adjudication.movement.equations`): the moves into each province, the
head-to-head pairs, the supports of each move and hold, the convoying fleets of each army, and
whether a move goes over land or by convoy (DATC 4.A.3).

Decisions are keyed by the province of the ordered unit (a plain ``str``), and every index is
built once per phase, so the hot path does dictionary look-ups on strings only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, assert_never

from adjudicator.adjudication.legality.check import Checker, SeveralOrders, legal_orders
from adjudicator.adjudication.resolver import DecisionKind
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import AdjacentConvoy, ConvoyPath, Rules
from adjudicator.board.graph import reaches
from adjudicator.board.map import GameMap
from adjudicator.board.tables import tables
from adjudicator.state.outcomes import OrderResult, Outcome, Reason
from adjudicator.state.position import Position

SUCCEEDS: Final = Outcome.SUCCEEDS
FAILS: Final = Outcome.FAILS
BOUNCED: Final = Reason.BOUNCED
LOST_HEAD_TO_HEAD: Final = Reason.LOST_HEAD_TO_HEAD
MOVE: Final = DecisionKind.MOVE
SUPPORT: Final = DecisionKind.SUPPORT
CONVOY: Final = DecisionKind.CONVOY
ARMY: Final = UnitType.ARMY
FLEET: Final = UnitType.FLEET
"""Enum members as module constants: looking one up on its class costs about 50 ns."""

LAND: Final = 0
"""A move over land (or a fleet move): PATH is always true."""
BY_CONVOY: Final = 1
"""A convoyed move without land fallback: PATH needs an intact route (4.A.3, v3.0)."""
EITHER: Final = 2
"""A convoy with land fallback (the 1971 reading of 4.A.3 and ``fallback``, DATC v2's): convoyed
if a route stays intact, otherwise over land."""


_NOWHERE: Final[frozenset[str]] = frozenset()

_NO_FALLBACK: Final = frozenset({AdjacentConvoy.Y2023, AdjacentConvoy.EXPLICIT})


class PhaseIndex:
    """Per-adjudication indices of a movement phase, filled by :meth:`check` or
    :meth:`_record` and :meth:`_index`.

    :class:`~adjudicator.adjudication.movement.equations.Decisions` adds the §5.B equations and
    provides :attr:`resolved`, which indexing writes to: a support or convoy that nobody attacks is
    settled as soon as it is matched.
    """

    __slots__ = (
        "area",
        "contested",
        "dest",
        "fleets",
        "given",
        "hsup",
        "into",
        "kind",
        "map",
        "mode",
        "moves",
        "msup",
        "opp",
        "position",
        "reach",
        "resolved",
        "routes",
        "rules",
        "tables",
        "units",
        "void",
    )

    resolved: dict[str, bool]

    def __init__(self, position: Position, game_map: GameMap, rules: Rules) -> None:
        self.position = position
        self.map = game_map
        self.tables = tables(game_map)
        self.rules = rules
        self.units: dict[str, Unit] = {unit.location.province: unit for unit in position.units}
        self.given: dict[str, Order] = {}
        self.moves: dict[str, Move] = {}
        self.kind: dict[str, DecisionKind] = {}
        self.dest: dict[str, str] = {}
        self.mode: dict[str, int] = {}
        self.into: dict[str, list[str]] = {}
        self.contested: list[str] = []
        """The provinces that several moves enter."""
        self.opp: dict[str, str] = {}
        self.msup: dict[str, list[str]] = {}
        self.hsup: dict[str, list[str]] = {}
        self.area: dict[str, str] = {}
        self.void: dict[str, str | None] = {}
        self.fleets: dict[str, list[str]] = {}
        self.routes: dict[str, bool] = {}
        self.reach: dict[str, frozenset[str]] = {}

    # ------------------------------------------------------------------ indices
    def check(self, orders: Mapping[str, Sequence[Order]]) -> list[OrderResult] | None:
        """Check every order and index each legal one as
        :func:`~adjudicator.adjudication.legality.check.legal_orders` keeps it; return the
        ``ILLEGAL`` results (in the order given), or ``None`` when a unit has two legal orders
        (the indices are then incomplete: the phase must start over from
        :func:`~adjudicator.adjudication.legality.check.check_orders`)."""
        checker = Checker(self.position, self.map, self.rules, self.units, self.tables)
        moves = self.moves
        supports: list[tuple[str, Support]] = []
        convoys: list[tuple[str, Convoy]] = []
        illegal: list[OrderResult] = []
        try:
            for province, _, normalised in legal_orders(checker, orders, illegal, self.given):
                # Exact types first: an isinstance call costs several times an ``is`` test,
                # and only an order of a subclass takes _sort.
                if type(normalised) is Move:
                    moves[province] = normalised
                elif type(normalised) is Support:
                    supports.append((province, normalised))
                elif type(normalised) is not Hold:
                    _sort(province, normalised, moves, supports, convoys)
        except SeveralOrders:
            return None
        self._index(supports, convoys)
        return illegal

    def _record(
        self, valid: Mapping[str, tuple[str, Order, Order]]
    ) -> tuple[list[tuple[str, Support]], list[tuple[str, Convoy]]]:
        """Record the orders as given and the normalised moves; return the normalised supports
        and convoys."""
        units, given, moves = self.units, self.given, self.moves
        supports: list[tuple[str, Support]] = []
        convoys: list[tuple[str, Convoy]] = []
        for province, (_, order, normalised) in valid.items():
            if province in units:
                given[province] = order
                _sort(province, normalised, moves, supports, convoys)
        return supports, convoys

    def _index(
        self, supports: list[tuple[str, Support]], convoys: list[tuple[str, Convoy]]
    ) -> None:
        """Index the moves (already in :attr:`moves`), then match the supports and convoys
        against them.

        Lists that several orders extend (the moves into a province, the supports of a
        move) are sorted by province afterwards, so nothing depends on the order given."""
        crowded: list[list[str]] = []
        maybe_convoyed = self._index_moves(crowded)
        if supports:
            self._index_supports(supports, crowded)
        for province, order in convoys:
            self._index_convoy(province, order, crowded)
        for provinces in crowded:
            provinces.sort()
        for origin in dict.fromkeys([*maybe_convoyed, *self.fleets]):
            mode = self._mode(origin)
            if mode != LAND:
                self.mode[origin] = mode

    def _index_moves(self, crowded: list[list[str]]) -> list[str]:
        """Index the moves and the head-to-head pairs; return the army moves that may want a
        convoy. Most armies step to a neighbour unasked: they move over land whatever the
        rules (the default, not recorded), so the analysis of :meth:`_mode` is spared them,
        unless a fleet turns out to convoy them."""
        moves, dest, into, opp = self.moves, self.dest, self.into, self.opp
        steps = self.tables.army
        maybe_convoyed: list[str] = []
        kind = self.kind
        for province, order in moves.items():
            kind[province] = MOVE
            target = order.destination.province
            dest[province] = target
            entering = into.get(target)
            if entering is None:
                into[target] = [province]
            else:
                entering.append(province)
                crowded.append(entering)
                if len(entering) == 2:
                    self.contested.append(target)
            if dest.get(target) == province:
                opp[province] = target
                opp[target] = province
            # A normalised order names its unit's type.
            if order.unit_type is ARMY and (
                order.via_convoy or order.path or target not in steps.get(province, _NOWHERE)
            ):
                maybe_convoyed.append(province)
        return maybe_convoyed

    def _index_supports(
        self, supports: list[tuple[str, Support]], crowded: list[list[str]]
    ) -> None:
        """Match each support to the supported unit's order (adjudication.md §2.3; 6.D.7, 6.D.9;
        a named coast must match the move's coast, 6.B.9). A matched support that nobody
        attacks stands (§5.B.2): it is settled at once, the moves being all indexed by now."""
        units, moves, dest, into = self.units, self.moves, self.dest, self.into
        kind, areas, void, resolved = self.kind, self.area, self.void, self.resolved
        hsup, msup = self.hsup, self.msup
        for province, order in supports:
            target, to = order.target.province, order.destination
            if to is None:
                if target not in units or target in dest:
                    void[province] = target
                    continue
                area, index = target, hsup
            else:
                area = to.province
                if dest.get(target) != area:
                    void[province] = target
                    continue
                wanted = to.coast
                if wanted is not None:
                    moving = moves[target].destination.coast
                    if moving is not None and moving != wanted:
                        void[province] = target
                        continue
                index = msup
            kind[province] = SUPPORT
            areas[province] = area
            if province not in into:
                resolved[province] = True
            _append(index, target, province, crowded)

    def _index_convoy(self, province: str, order: Convoy, crowded: list[list[str]]) -> None:
        """A convoy is matched when the army ordered the move it names (6.D.27)."""
        army = order.army.province
        unit = self.units.get(army)
        if (
            unit is not None
            and unit.type is ARMY
            and self.dest.get(army) == order.destination.province
        ):
            self.kind[province] = CONVOY
            if province not in self.into:
                self.resolved[province] = True  # nobody attacks the fleet (§5.B.3)
            _append(self.fleets, army, province, crowded)
            self.reach[province] = self.tables.reach(FLEET, self.units[province].location)
            return
        self.void[province] = army

    def _mode(self, origin: str) -> int:
        """Convoy intent for a move (DATC 4.A.3, per :class:`AdjacentConvoy`)."""
        unit = self.units[origin]
        order = self.moves[origin]
        said = order.via_convoy or bool(order.path)
        fleets = self.fleets.get(origin)
        adjacent = self.dest[origin] in self.tables.reach(ARMY, unit.location)
        if not fleets:
            self.routes[origin] = False
            if not adjacent:
                return BY_CONVOY
            # An explicit convoy that is not there fails, without land fallback (6.G.8); the
            # package, godip and webDiplomacy walk an army that nobody was ordered to convoy.
            return BY_CONVOY if said and self.rules.adjacent_convoy in _NO_FALLBACK else LAND
        self.routes[origin] = self._route_exists(origin)
        if not adjacent:
            return BY_CONVOY
        return self._adjacent_mode(origin, unit.power, said, fleets)

    def _adjacent_mode(self, origin: str, power: str, said: bool, fleets: list[str]) -> int:
        rule = self.rules.adjacent_convoy
        if rule is AdjacentConvoy.EXPLICIT or rule is AdjacentConvoy.WEBDIPLOMACY:
            # Only the order's own "via convoy" counts, and then with no land fallback (an army
            # that no fleet was ordered to convoy is answered in _mode: webDiplomacy walks it).
            return BY_CONVOY if said else LAND
        if rule is AdjacentConvoy.Y1971:
            # The convoy counts only for a swap with the unit there, and only if it holds.
            return EITHER if origin in self.opp and self.routes[origin] else LAND
        own = any(self.units[f].power == power for f in fleets)
        if rule is AdjacentConvoy.PACKAGE:
            # The package convoys only along a complete chain of ordered fleets; "VIA" then
            # forbids the land route, an own fleet's convoy without it keeps it.
            if not self.routes[origin]:
                return LAND
            return BY_CONVOY if said else EITHER if own else LAND
        if not (said or own):
            return LAND
        if rule is AdjacentConvoy.Y2023 or rule is AdjacentConvoy.GODIP:
            return BY_CONVOY
        return EITHER

    def _route_exists(self, origin: str) -> bool:
        """Whether the matched convoys form a chain from origin to destination at all."""
        order = self.moves[origin]
        fleets = self.fleets[origin]
        if self.rules.convoy_path is ConvoyPath.ENFORCE and order.path:
            return self._named_route(origin, order.path)
        dest, reach = self.dest[origin], self.reach
        if len(fleets) == 1:
            # The usual convoy, one fleet, needs no search (this runs for every moving army
            # that a fleet offers to convoy).
            return origin in reach[fleets[0]] and dest in reach[fleets[0]]
        return reaches(
            [f for f in fleets if origin in reach[f]],
            lambda fleet: [other for other in fleets if other in reach[fleet]],
            lambda fleet: dest in reach[fleet],
        )

    def _named_route(self, origin: str, path: tuple[str, ...]) -> bool:
        """DATC 4.A.6 b (jDip): only the written chain of fleets counts."""
        fleets, reach = self.fleets[origin], self.reach
        if any(p not in fleets for p in path) or origin not in reach[path[0]]:
            return False
        chain = [*path, self.dest[origin]]
        return all(chain[i + 1] in reach[chain[i]] for i in range(len(path)))


def _sort(
    province: str,
    order: Order,
    moves: dict[str, Move],
    supports: list[tuple[str, Support]],
    convoys: list[tuple[str, Convoy]],
) -> None:
    """File a normalised order by its kind (the orders that only hold need no index)."""
    # An if-chain: a match statement costs about 90 ns more per order here.
    if isinstance(order, Move):
        moves[province] = order
    elif isinstance(order, Support):
        supports.append((province, order))
    elif isinstance(order, Convoy):
        convoys.append((province, order))
    elif not isinstance(order, (Hold, Retreat, Disband, Build, Waive)):
        assert_never(order)


def _append(index: dict[str, list[str]], key: str, value: str, crowded: list[list[str]]) -> None:
    """Add ``value`` to ``index[key]``, noting in ``crowded`` a list that gets a second."""
    found = index.get(key)
    if found is None:
        index[key] = [value]
    else:
        found.append(value)
        crowded.append(found)
