"""Movement-phase adjudication: the decisions and strengths of DATC v3.0 §5.B.

:func:`adjudicate_movement` takes the position, the orders that passed the legality checks and
the rules, resolves every MOVE, SUPPORT and CONVOY decision with the generic
:class:`~adjudicator.resolver.Resolver`, and builds the :class:`~adjudicator.outcomes.Adjudication`:
one result per order and per unit, each failure naming its reason and the order that caused
it, the dislodged units with their retreat options, the standoffs and the next position.

Inside, decisions are keyed by the province of the ordered unit (a plain ``str``), and every
index the rules need (moves into a province, supports of a move, convoying fleets of an army) is
built once per phase, so the hot path does dictionary look-ups on strings only.

The equations (adjudication.md §3-§5):

- MOVE: ATTACK > HOLD of the destination (or the opponent's DEFEND in a head-to-head battle)
  and ATTACK > the PREVENT of every other move to the same province (§5.B.1).
- SUPPORT fails when cut by a foreign move with a PATH from anywhere but the province the
  support goes to, or when the supporter is dislodged (§5.B.2).
- CONVOY fails when the fleet is dislodged (§5.B.3); its attackers are adjudicated, not
  resolved, which is the Pandin's-paradox technique of §5.D.
- PATH, HOLD, ATTACK, DEFEND and PREVENT as in §5.B.4-§5.B.8.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Protocol

from adjudicator.gamemap import GameMap
from adjudicator.legality import Checker, Illegality, check_orders, retreat_options
from adjudicator.legality_fast import SHORTCUTS
from adjudicator.maptables import tables
from adjudicator.model import Convoy, Hold, Location, Move, Order, Support, Unit, UnitType, Waive
from adjudicator.outcomes import Adjudication, Dislodgement, OrderResult, Outcome, Reason
from adjudicator.phases import advance, victory_notes
from adjudicator.position import Position
from adjudicator.resolver import BACKUP_RULES, DecisionKind, Resolver
from adjudicator.rules import AdjacentConvoy, ConvoyPath, Rules

SUCCEEDS = Outcome.SUCCEEDS
FAILS = Outcome.FAILS
BOUNCED = Reason.BOUNCED
LOST_HEAD_TO_HEAD = Reason.LOST_HEAD_TO_HEAD
MOVE = DecisionKind.MOVE
SUPPORT = DecisionKind.SUPPORT
CONVOY = DecisionKind.CONVOY
ARMY = UnitType.ARMY
FLEET = UnitType.FLEET
"""Enum members as module constants: looking one up on its class costs about 50 ns."""

LAND = 0
"""A move over land (or a fleet move): PATH is always true."""
BY_CONVOY = 1
"""A convoyed move without land fallback: PATH needs an intact route (4.A.3, v3.0)."""
EITHER = 2
"""A convoy with land fallback (the 1971 reading of 4.A.3 and ``fallback``, DATC v2's): convoyed
if a route stays intact, otherwise over land."""


_NO_FALLBACK = frozenset({AdjacentConvoy.Y2023, AdjacentConvoy.EXPLICIT})

_WHY_TEXT = {BOUNCED: "bounced with {}", LOST_HEAD_TO_HEAD: "lost head-to-head battle with {}"}
"""The message of a move that failed for want of strength; ``{}`` becomes the rival order."""

_PROVINCE = attrgetter("location.province")
_POWER_PROVINCE = attrgetter("power", "location.province")


class CheckedOrders(Protocol):
    """What the legality checks hand over (see :func:`adjudicator.legality.check_orders`)."""

    @property
    def valid(self) -> Mapping[str, tuple[str, Order, Order]]:
        """Province of the ordered unit -> (power, order as given, normalised order)."""
        ...

    @property
    def results(self) -> Sequence[OrderResult]:
        """ILLEGAL results for the orders that were dropped."""
        ...


def adjudicate_movement(
    position: Position, checked: CheckedOrders, game_map: GameMap, rules: Rules
) -> Adjudication:
    """Resolve a movement phase (DATC v3.0 §5) and report every order's fate."""
    phase = _Phase(position, checked.valid, game_map, rules)
    phase.resolve_all()
    return _Report(phase, position, checked.results, game_map, rules).build()


def adjudicate_orders(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    game_map: GameMap,
    rules: Rules,
) -> Adjudication:
    """:func:`~adjudicator.legality.check_orders` and :func:`adjudicate_movement` in one.

    The engine's path: each order is indexed as soon as it is checked, sparing the checked
    orders' intermediate table. When some unit has two legal orders, the duplicate rules of
    ``check_orders`` decide (4.D.3) and the phase takes the two steps after all.
    """
    phase = _Phase(position, None, game_map, rules)
    illegal = phase.check(orders)
    if illegal is None:
        return adjudicate_movement(
            position, check_orders(position, orders, game_map, rules), game_map, rules
        )
    phase.resolve_all()
    return _Report(phase, position, illegal, game_map, rules).build()


class _Phase:
    """Per-adjudication indices and the §5.B equations; the resolver calls :meth:`adjudicate`.

    Built from the legal orders (``valid``, as :func:`~adjudicator.legality.check_orders`
    gives them), or with ``valid=None`` empty, for :meth:`check` to fill from the orders.
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
        "paradox",
        "position",
        "reach",
        "res",
        "resolved",
        "resolver",
        "routes",
        "rules",
        "tables",
        "units",
        "void",
        "why",
    )

    def __init__(
        self,
        position: Position,
        valid: Mapping[str, tuple[str, Order, Order]] | None,
        game_map: GameMap,
        rules: Rules,
    ) -> None:
        self.position = position
        self.map = game_map
        self.tables = tables(game_map)
        self.rules = rules
        units = position.units
        self.units: dict[str, Unit] = dict(zip(map(_PROVINCE, units), units, strict=True))
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
        self.paradox: set[str] = set()
        self.why: dict[str, tuple[Reason, str]] = {}
        """Failed move -> the reason and the province of the unit that stopped it, as
        :meth:`move` last found them (final unless the resolver had to guess)."""
        backup = BACKUP_RULES[rules.paradox]
        kind = self.kind.__getitem__
        self.resolver: Resolver[str] = Resolver(
            self.adjudicate, lambda cycle: self._backup(backup(cycle, kind))
        )
        self.resolved = self.resolver.resolved
        self.res = self.resolver.resolve
        if valid is not None:
            self._index(*self._record(valid))

    # ------------------------------------------------------------------ indices
    def check(self, orders: Mapping[str, Sequence[Order]]) -> list[OrderResult] | None:
        """Check every order and index the legal ones; return the ``ILLEGAL`` results (in the
        order given), or ``None``, indexing nothing, when a unit has two legal orders."""
        checker = Checker(self.position, self.map, self.rules, self.units)
        shortcuts = SHORTCUTS if checker.fast else {}
        verdict = checker.general_verdict
        given = self.given
        moves: list[tuple[str, Move]] = []
        others: list[tuple[str, Support | Convoy]] = []
        illegal: list[OrderResult] = []
        for power, listed in orders.items():
            for order in listed:
                short = shortcuts.get(type(order))
                normalised = short(checker, power, order) if short is not None else None
                if normalised is None:
                    # The general checks: an illegal order, or a legal but unusual one.
                    verdict_ = verdict(power, order)
                    if isinstance(verdict_, Illegality):
                        illegal.append(verdict_.result(power, order))
                        continue
                    if isinstance(verdict_, Waive):
                        return None  # never legal outside winter; the two steps say so
                    normalised = verdict_
                province = normalised.location.province
                if province in given:
                    return None
                given[province] = order
                if isinstance(normalised, Move):
                    moves.append((province, normalised))
                elif isinstance(normalised, (Support, Convoy)):
                    others.append((province, normalised))
        self._index(moves, others)
        return illegal

    def _record(
        self, valid: Mapping[str, tuple[str, Order, Order]]
    ) -> tuple[list[tuple[str, Move]], list[tuple[str, Support | Convoy]]]:
        """Record the orders as given; return the normalised moves, supports and convoys."""
        units, given = self.units, self.given
        moves: list[tuple[str, Move]] = []
        others: list[tuple[str, Support | Convoy]] = []
        for province, (_, order, normalised) in valid.items():
            if province not in units:
                continue
            given[province] = order
            if isinstance(normalised, Move):
                moves.append((province, normalised))
            elif isinstance(normalised, (Support, Convoy)):
                others.append((province, normalised))
        return moves, others

    def _index(
        self, moves: list[tuple[str, Move]], others: list[tuple[str, Support | Convoy]]
    ) -> None:
        """Index the moves, then match the supports and convoys against them.

        Lists that several orders extend (the moves into a province, the supports of a
        move) are sorted by province afterwards, so nothing depends on the order given."""
        crowded: list[list[str]] = []
        maybe_convoyed = self._index_moves(moves, crowded)
        for province, order in others:
            if isinstance(order, Support):
                self._index_support(province, order, crowded)
            else:
                self._index_convoy(province, order, crowded)
        for provinces in crowded:
            provinces.sort()
        for origin in dict.fromkeys([*maybe_convoyed, *self.fleets]):
            mode = self._mode(origin)
            if mode != LAND:
                self.mode[origin] = mode

    def _index_moves(self, moves: list[tuple[str, Move]], crowded: list[list[str]]) -> list[str]:
        """Index the moves and the head-to-head pairs; return the army moves that may want a
        convoy. Most armies step to a neighbour unasked: they move over land whatever the
        rules (the default, not recorded), so the analysis of :meth:`_mode` is spared them,
        unless a fleet turns out to convoy them."""
        kinds, moves_by, dest, into, opp = self.kind, self.moves, self.dest, self.into, self.opp
        units, steps = self.units, self.tables.army
        maybe_convoyed: list[str] = []
        for province, order in moves:
            kinds[province] = MOVE
            moves_by[province] = order
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
            unusual = order.via_convoy or order.path or target not in steps.get(province, ())
            if unusual and units[province].type is ARMY:
                maybe_convoyed.append(province)
        return maybe_convoyed

    def _index_support(self, province: str, order: Support, crowded: list[list[str]]) -> None:
        """Match a support to the supported unit's order (adjudication.md §2.3; 6.D.7, 6.D.9;
        a named coast must match the move's coast, 6.B.9). A matched support that nobody
        attacks stands (§5.B.2): it is settled at once, the moves being all indexed by now."""
        target, dest = order.target.province, order.destination
        if dest is None:
            matched = target in self.units and target not in self.dest
            area, supports = target, self.hsup
        else:
            wanted = dest.coast
            moving = self.moves[target].destination.coast if target in self.moves else None
            matched = self.dest.get(target) == dest.province and (
                wanted is None or moving is None or wanted == moving
            )
            area, supports = dest.province, self.msup
        if not matched:
            self.void[province] = target
            return
        self.kind[province] = SUPPORT
        self.area[province] = area
        if province not in self.into:
            self.resolved[province] = True
        _append(supports, target, province, crowded)

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
            # An explicit convoy that is not there fails, without land fallback (6.G.8).
            return BY_CONVOY if said and self.rules.adjacent_convoy in _NO_FALLBACK else LAND
        self.routes[origin] = self._route_exists(origin)
        if not adjacent:
            return BY_CONVOY
        return self._adjacent_mode(origin, unit.power, said, fleets)

    def _adjacent_mode(self, origin: str, power: str, said: bool, fleets: list[str]) -> int:
        rule = self.rules.adjacent_convoy
        if rule is AdjacentConvoy.EXPLICIT:
            return BY_CONVOY if said else LAND
        if rule is AdjacentConvoy.Y1971:
            # The convoy counts only for a swap with the unit there, and only if it holds.
            return EITHER if origin in self.opp and self.routes[origin] else LAND
        if not (said or any(self.units[f].power == power for f in fleets)):
            return LAND
        return BY_CONVOY if rule is AdjacentConvoy.Y2023 else EITHER

    def _route_exists(self, origin: str) -> bool:
        """Whether the matched convoys form a chain from origin to destination at all."""
        order = self.moves[origin]
        fleets = self.fleets[origin]
        if self.rules.convoy_path is ConvoyPath.ENFORCE and order.path:
            return self._named_route(origin, order.path)
        dest, reach = self.dest[origin], self.reach
        frontier = [f for f in fleets if origin in reach[f]]
        seen = set(frontier)
        while frontier:
            fleet = frontier.pop()
            if dest in reach[fleet]:
                return True
            for other in fleets:
                if other not in seen and other in reach[fleet]:
                    seen.add(other)
                    frontier.append(other)
        return False

    def _named_route(self, origin: str, path: tuple[str, ...]) -> bool:
        """DATC 4.A.6 b (jDip): only the written chain of fleets counts."""
        fleets, reach = self.fleets[origin], self.reach
        if any(p not in fleets for p in path) or origin not in reach[path[0]]:
            return False
        chain = [*path, self.dest[origin]]
        return all(chain[i + 1] in reach[chain[i]] for i in range(len(path)))

    # ------------------------------------------------------------------ resolution
    def resolve_all(self) -> None:
        """Resolve every decision, in province order so the result never depends on the order
        the orders were given in (resolving one may settle others on the way)."""
        self._settle_unopposed()
        resolved = self.resolved
        self.resolver.resolve_all(sorted([key for key in self.kind if key not in resolved]))

    def _settle_unopposed(self) -> None:
        """Settle the moves that depend on no other decision, sparing the resolver's
        bookkeeping for most of a phase: a move that needs no convoy into an empty province
        that no other unit enters succeeds (its ATTACK is at least 1, the HOLD and every
        PREVENT 0, §5.B.1). (Supports and convoys that nobody attacks were settled when they
        were indexed.)"""
        resolved, into, units, mode = self.resolved, self.into, self.units, self.mode
        for key, target in self.dest.items():
            if target not in units and len(into[target]) == 1 and mode.get(key) != BY_CONVOY:
                resolved[key] = True

    def adjudicate(self, key: str) -> bool:
        """The §5.B condition of one decision, given the others (DATC §5.C ``adjudicate``)."""
        kind = self.kind[key]
        if kind is MOVE:
            return self.move(key)
        if kind is SUPPORT:
            return self.support(key)
        return self.convoy(key)

    def _backup(self, values: dict[str, bool]) -> dict[str, bool]:
        """Record which decisions the paradox rule settled (reported as ``convoy paradox``)."""
        if not all(self.kind[k] is MOVE for k in values):
            self.paradox.update(values)
        return values

    def move(self, origin: str) -> bool:
        """§5.B.1 MOVE. A move that fails for want of strength notes why in :attr:`why`, so
        that the report need not work it out again."""
        attack = self.attack(origin)
        if attack == 0:
            return False
        dest = self.dest[origin]
        opp = self.opp.get(origin)
        if opp is not None and self.head_to_head(origin, opp):
            if attack <= self.defend(opp):
                self.why[origin] = (LOST_HEAD_TO_HEAD, opp)
                return False
        elif attack <= self.hold(dest):
            self.why[origin] = (BOUNCED, dest)
            return False
        for other in self.into[dest]:
            if other != origin and attack <= self.prevent(other):
                self.why[origin] = (BOUNCED, other)
                return False
        return True

    def support(self, province: str) -> bool:
        """§5.B.2 SUPPORT: cut by a foreign attack with a PATH not from the supported area, or
        by dislodgement (6.D.15-6.D.21; provinces, not coasts, are compared)."""
        attackers = self.into.get(province)
        if not attackers:
            return True
        units = self.units
        power, area = units[province].power, self.area[province]
        for origin in attackers:
            if (
                units[origin].power != power
                and origin != area
                and (origin not in self.mode or self.path(origin))
            ):
                return False
        res = self.res
        return not any(units[o].power != power and res(o) for o in attackers)

    def convoy(self, fleet: str) -> bool:
        """§5.B.3 CONVOY, with the attacks on the fleet *adjudicated* rather than resolved
        (§5.D), so every paradox is a single loop of the convoy and the support it affects."""
        attackers = self.into.get(fleet)
        if not attackers:
            return True
        units, resolved = self.units, self.resolved
        power = units[fleet].power
        for origin in attackers:
            if units[origin].power == power:
                continue
            moved = resolved.get(origin)
            if moved is None:
                moved = self.move(origin)
            if moved:
                return False
        return True

    # ------------------------------------------------------------------ PATH and strengths
    def path(self, origin: str) -> bool:
        """§5.B.4 PATH: true for a move over land; for a convoy, an intact chain of fleets."""
        if origin in self.mode and self.mode[origin] == BY_CONVOY:
            return self.convoy_path(origin)
        return True

    def convoyed(self, origin: str) -> bool:
        """Whether the move goes by convoy (for head-to-head battles and retreats)."""
        mode = self.mode.get(origin, LAND)
        if mode == LAND:
            return False
        if mode == BY_CONVOY:
            return True
        return self.convoy_path(origin)

    def convoy_path(self, origin: str) -> bool:
        """A chain of fleets with successful CONVOY decisions from origin to destination; one
        intact route suffices (DATC 4.A.1 b). Fleets are resolved only as the search reaches
        them."""
        if not self.routes.get(origin):
            return False
        order = self.moves[origin]
        res = self.res
        if self.rules.convoy_path is ConvoyPath.ENFORCE and order.path:
            return all(res(f) for f in order.path)
        fleets, dest, reach = self.fleets[origin], self.dest[origin], self.reach
        frontier = [f for f in fleets if origin in reach[f]]
        seen = set(frontier)
        frontier.reverse()
        while frontier:
            fleet = frontier.pop()
            if not res(fleet):
                continue
            if dest in reach[fleet]:
                return True
            for other in fleets:
                if other not in seen and other in reach[fleet]:
                    seen.add(other)
                    frontier.append(other)
        return False

    def head_to_head(self, origin: str, opp: str) -> bool:
        """Two units moving into each other's province, neither by convoy (§5.B.1; a coastal
        crawl counts, 6.B.13)."""
        return not self.convoyed(origin) and not self.convoyed(opp)

    def supports(self, supporters: list[str] | None) -> int:
        """How many of these supports succeed."""
        if not supporters:
            return 0
        resolved, res = self.resolved, self.res
        count = 0
        for supporter in supporters:
            value = resolved.get(supporter)
            if value is None:
                value = res(supporter)
            if value:
                count += 1
        return count

    def hold(self, province: str) -> int:
        """§5.B.5 HOLD STRENGTH of a province."""
        if province not in self.units:
            return 0
        if province in self.dest:
            return 0 if self.res(province) else 1
        return 1 + self.supports(self.hsup.get(province))

    def attack(self, origin: str) -> int:
        """§5.B.8 ATTACK STRENGTH: no help to dislodge a unit of one's own power (6.D.12-14)."""
        if origin in self.mode and not self.path(origin):  # a move without a mode goes by land
            return 0
        dest = self.dest[origin]
        held_by = self.units.get(dest)
        occupant = None if held_by is None else held_by.power
        supporters = self.msup.get(origin)
        if occupant is None:
            return 1 + self.supports(supporters)
        opp = self.opp.get(origin)
        if (
            dest in self.dest
            and (opp is None or not self.head_to_head(origin, opp))
            and self.res(dest)
        ):
            return 1 + self.supports(supporters)
        if occupant == self.units[origin].power:
            return 0
        if not supporters:
            return 1
        res, units = self.res, self.units
        return 1 + sum(1 for s in supporters if units[s].power != occupant and res(s))

    def defend(self, origin: str) -> int:
        """§5.B.7 DEFEND STRENGTH."""
        return 1 + self.supports(self.msup.get(origin))

    def prevent(self, origin: str) -> int:
        """§5.B.6 PREVENT STRENGTH: zero without a PATH or for a head-to-head loser only
        (4.A.7 b; 6.E.4, 6.E.5, 6.G.16)."""
        if origin in self.mode and not self.path(origin):  # a move without a mode goes by land
            return 0
        opp = self.opp.get(origin)
        if opp is not None and self.head_to_head(origin, opp) and self.res(opp):
            return 0
        return 1 + self.supports(self.msup.get(origin))


class _Report:
    """Turns the resolved decisions into results, dislodgements, standoffs and the next
    position (adjudication.md §2.7)."""

    def __init__(
        self,
        phase: _Phase,
        position: Position,
        illegal: Sequence[OrderResult],
        game_map: GameMap,
        rules: Rules,
    ) -> None:
        self.phase = phase
        self.position = position
        self.illegal = illegal
        self.map = game_map
        self.rules = rules
        dest = phase.dest
        self.moved: set[str] = set()
        self.failing: set[str] = set()
        """The units whose order did not simply succeed: their results need explaining."""
        for key, value in phase.resolved.items():
            if not value:
                self.failing.add(key)
            elif key in dest:
                self.moved.add(key)
        self.dislodger: dict[str, str] = {}
        for origin in self.moved:
            target = dest[origin]
            if target in phase.units and target not in self.moved:
                self.dislodger[target] = origin
        self.failing.update(self.dislodger, phase.void)

    def build(self) -> Adjudication:
        units = self.survivors()
        standoffs = frozenset(self.standoffs())
        if self.dislodger:
            occupied = set(map(_PROVINCE, units))
            dislodged = tuple(self.dislodgement(p, occupied, standoffs) for p in self.dislodger)
        else:
            dislodged = ()
        nxt = advance(self.map, self.position, units, dislodged, standoffs, sorted_units=True)
        notes = (*self.notes(), *victory_notes(self.map, self.position, nxt))
        return Adjudication(
            self.position,
            self.results(),
            nxt,
            tuple(sorted(dislodged, key=_dkey)),
            standoffs,
            notes,
        )

    # ------------------------------------------------------------------ positions
    def survivors(self) -> list[Unit]:
        """The units after the moves, sorted as a position keeps them (by power and province,
        so the next position need not sort them)."""
        phase = self.phase
        moved, dislodger, moves = self.moved, self.dislodger, phase.moves
        units: list[Unit] = []
        for province, unit in phase.units.items():
            if province in moved:
                loc = moves[province].destination
                if loc.coast is not None and unit.type is ARMY:
                    loc = Location(loc.province)
                units.append(Unit(unit.power, unit.type, loc))
            elif province not in dislodger:
                units.append(unit)
        if moved:
            units.sort(key=_POWER_PROVINCE)
        return units

    def standoffs(self) -> Iterable[str]:
        """Provinces left empty although a move into them was stopped by another move's PREVENT
        (§7; a move with PREVENT 0 makes none, 6.F.7)."""
        phase = self.phase
        for dest in phase.contested:
            origins = phase.into[dest]
            if any(o in self.moved for o in origins):
                continue
            if dest in phase.units and dest not in self.moved:
                continue
            if any(self._prevented(o) for o in origins):
                yield dest

    def _prevented(self, origin: str) -> bool:
        phase = self.phase
        attack = phase.attack(origin)
        dest = phase.dest[origin]
        return any(o != origin and 0 < attack <= phase.prevent(o) for o in phase.into[dest])

    def dislodgement(
        self, province: str, occupied: set[str], standoffs: frozenset[str]
    ) -> Dislodgement:
        unit = self.phase.units[province]
        origin = self.dislodger[province]
        by_convoy = self.phase.convoyed(origin)
        options = retreat_options(
            self.map, unit, origin, by_convoy, occupied, standoffs, self.rules
        )
        return Dislodgement(unit, origin, by_convoy, options)

    def notes(self) -> Iterable[str]:
        for cycle, values in self.phase.resolver.broken_cycles:
            if all(self.phase.kind[k] is MOVE for k in cycle):
                yield "circular movement: " + ", ".join(
                    str(self.phase.given[k]) for k in sorted(cycle)
                )
            else:
                failed = ", ".join(str(self.phase.given[k]) for k in sorted(values))
                yield f"convoy paradox ({self.rules.paradox} rule): {failed} fail"

    # ------------------------------------------------------------------ results
    def results(self) -> tuple[OrderResult, ...]:
        """Every order's result and a hold result for every unit without a valid order,
        sorted by (power, province) so shuffled orders give identical reports.

        The position keeps its units sorted that way, so only the illegal orders' results
        need merging in. Most orders simply succeed; the others are explained one by one."""
        phase = self.phase
        illegal = self.illegal
        reported = {(r.power, _province(r.order)) for r in illegal} if illegal else ()
        given_orders, failing = phase.given, self.failing
        out: list[OrderResult] = []
        append = out.append
        for province, unit in phase.units.items():
            given = given_orders.get(province)
            if given is None:
                if (unit.power, province) not in reported:
                    append(self.unordered(province))
            elif province in failing:
                append(self.result(province))
            else:
                append(OrderResult(unit.power, given, SUCCEEDS))
        if not illegal:
            return tuple(out)
        keyed = [((r.power, _province(r.order), str(r.order)), r) for r in illegal]
        keyed.extend(((r.power, _province(r.order), ""), r) for r in out)
        keyed.sort(key=_first)
        return tuple(result for _, result in keyed)

    def cause_order(self, province: str) -> Order:
        """The order a unit gave, or the hold it stood by (no order or an illegal one)."""
        given = self.phase.given.get(province)
        if given is not None:
            return given
        unit = self.phase.units[province]
        return Hold(unit.type, unit.location)

    def succeeded(self, province: str) -> OrderResult:
        return OrderResult(self.phase.units[province].power, self.phase.given[province], SUCCEEDS)

    def failed(
        self, province: str, reason: Reason, cause: str | None = None, text: str = ""
    ) -> OrderResult:
        """A failure; ``{}`` in ``text`` becomes the causing order."""
        phase = self.phase
        units, given = phase.units, phase.given
        power = units[province].power
        if cause is None:
            return OrderResult(power, given[province], FAILS, reason, None, None, None, text)
        cause_order = given.get(cause) or self.cause_order(cause)
        return OrderResult(
            power,
            given[province],
            FAILS,
            reason,
            cause_order,
            units[cause].power,
            None,
            text.replace("{}", str(cause_order)),
        )

    def unordered(self, province: str) -> OrderResult:
        """A unit with no (valid) order holds (DATC 4.D.9); the report still lists it."""
        phase = self.phase
        unit = phase.units[province]
        order = Hold(unit.type, unit.location)
        dislodger = self.dislodger.get(province)
        if dislodger is None:
            return OrderResult(unit.power, order, SUCCEEDS, Reason.NO_ORDER)
        cause = self.cause_order(dislodger)
        return OrderResult(
            unit.power,
            order,
            FAILS,
            Reason.NO_ORDER,
            cause,
            phase.units[dislodger].power,
            None,
            f"no order; dislodged by {cause}",
        )

    def result(self, province: str) -> OrderResult:
        phase = self.phase
        kind = phase.kind.get(province)
        if kind is MOVE:
            return (
                self.succeeded(province) if province in self.moved else self.move_result(province)
            )
        dislodger = self.dislodger.get(province)
        if kind is None:
            if province in phase.void:
                return self.void_result(province)
            if dislodger is not None:
                return self.failed(province, Reason.DISLODGED, dislodger, "dislodged by {}")
            return self.succeeded(province)
        if province in phase.paradox and not phase.resolved[province]:
            return self.failed(
                province, Reason.CONVOY_PARADOX, None, f"convoy paradox ({self.rules.paradox} rule)"
            )
        if dislodger is not None:
            return self.failed(province, Reason.DISLODGED, dislodger, "dislodged by {}")
        if phase.resolved[province]:
            return self.succeeded(province)
        if kind is CONVOY:
            return self.failed(province, Reason.DISRUPTED, None, "convoy failed")
        return self.cut_result(province)

    def void_result(self, province: str) -> OrderResult:
        """A support or convoy whose unit did not give the matching order (6.D.7-6.D.9)."""
        target = self.phase.void[province]
        if target is not None and target in self.phase.units:
            return self.failed(province, Reason.VOID, target, "void: the unit ordered {}")
        return self.failed(province, Reason.VOID, None, "void: no unit there")

    def cut_result(self, province: str) -> OrderResult:
        phase = self.phase
        power, area = phase.units[province].power, phase.area.get(province)
        for origin in phase.into.get(province, ()):
            if phase.units[origin].power != power and origin != area and phase.path(origin):
                return self.failed(province, Reason.CUT, origin, "cut by {}")
        return self.failed(province, Reason.CUT)

    def move_result(self, origin: str) -> OrderResult:
        """Why a move failed, in the order a player would check: no route, own unit,
        head-to-head, the unit there, the rival moves (§5.B.1)."""
        phase = self.phase
        if origin in phase.paradox:
            return self.failed(origin, Reason.CONVOY_PARADOX, None, "convoy paradox")
        if origin in phase.mode and not phase.path(origin):
            return self.path_result(origin)
        found = phase.why.get(origin) if not phase.resolver.guessed else None
        if found is not None:
            return self.failed(origin, found[0], found[1], _WHY_TEXT[found[0]])
        attack = phase.attack(origin)
        dest = phase.dest[origin]
        opp = phase.opp.get(origin)
        if dest in phase.units and attack == 0:
            return self.failed(
                origin, Reason.NO_SELF_DISLODGEMENT, dest, "would dislodge own unit {}"
            )
        if opp is not None and phase.head_to_head(origin, opp):
            if attack <= phase.defend(opp):
                return self.failed(origin, LOST_HEAD_TO_HEAD, opp, _WHY_TEXT[LOST_HEAD_TO_HEAD])
        elif attack <= phase.hold(dest):
            return self.failed(origin, BOUNCED, dest, _WHY_TEXT[BOUNCED])
        for other in phase.into[dest]:
            if other != origin and attack <= phase.prevent(other):
                return self.failed(origin, BOUNCED, other, _WHY_TEXT[BOUNCED])
        return self.failed(origin, BOUNCED)

    def path_result(self, origin: str) -> OrderResult:
        phase = self.phase
        if not phase.routes.get(origin):
            return self.failed(origin, Reason.NO_CONVOY, None, "no convoy route")
        fleets = phase.fleets[origin]
        if any(f in phase.paradox for f in fleets):
            return self.failed(origin, Reason.CONVOY_PARADOX, None, "convoy paradox")
        for fleet in fleets:
            if fleet in self.dislodger:
                return self.failed(
                    origin,
                    Reason.DISRUPTED,
                    self.dislodger[fleet],
                    f"convoy disrupted: {phase.given[fleet]} dislodged by {{}}",
                )
        return self.failed(origin, Reason.DISRUPTED, None, "convoy disrupted")


def _append(index: dict[str, list[str]], key: str, value: str, crowded: list[list[str]]) -> None:
    """Add ``value`` to ``index[key]``, noting in ``crowded`` a list that gets a second."""
    found = index.get(key)
    if found is None:
        index[key] = [value]
    else:
        found.append(value)
        crowded.append(found)


def _province(order: Order) -> str:
    location = getattr(order, "location", None)
    return location.province if isinstance(location, Location) else ""


def _first(pair: tuple[tuple[str, str, str], OrderResult]) -> tuple[str, str, str]:
    return pair[0]


def _dkey(d: Dislodgement) -> tuple[str, str]:
    return (d.unit.power, d.unit.location.province)
