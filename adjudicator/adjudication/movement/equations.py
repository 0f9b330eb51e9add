"""Movement phase, second stage: the decisions and strengths of DATC v3.0 §5.B.

The equations (adjudication.md §3-§5):

- MOVE: ATTACK > HOLD of the destination (or the opponent's DEFEND in a head-to-head battle)
  and ATTACK > the PREVENT of every other move to the same province (§5.B.1).
- SUPPORT fails when cut by a foreign move with a PATH from anywhere but the province the
  support goes to, or when the supporter is dislodged (§5.B.2); under a rulebook's paradox rule
  (``paradox: 1971``, ``1982`` or ``2000``, DATC 4.A.2) some convoyed armies do neither
  (:meth:`Decisions.shielded`).
- CONVOY fails when the fleet is dislodged (§5.B.3); its attackers are adjudicated, not
  resolved, which is the Pandin's-paradox technique of §5.D.
- PATH, HOLD, ATTACK, DEFEND and PREVENT as in §5.B.4-§5.B.8.

The generic :class:`~adjudicator.adjudication.resolver.Resolver` calls
:meth:`Decisions.adjudicate` for each decision, and the backup rule of the paradox rule chosen
by :attr:`Rules.paradox` breaks the cycles (§5.C, §5.D).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.adjudication.movement.index import (
    BOUNCED,
    BY_CONVOY,
    CONVOY,
    LAND,
    LOST_HEAD_TO_HEAD,
    MOVE,
    SUPPORT,
    PhaseIndex,
)
from adjudicator.adjudication.resolver import BACKUP_RULES, Resolver
from adjudicator.base.model import Order
from adjudicator.base.rules import ConvoyDisruption, ConvoyPath, ParadoxRule, Rules
from adjudicator.board.convoys import fleets_on_routes, route_exists
from adjudicator.board.graph import reaches
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Reason
from adjudicator.state.position import Position


class Decisions(PhaseIndex):
    """The movement phase's decisions (not :class:`~adjudicator.base.model.Phase`, the game
    phase): the indices of :class:`~adjudicator.adjudication.movement.index.PhaseIndex` and the
    §5.B equations; the resolver calls :meth:`adjudicate`.

    Built from the legal orders (``valid``, as
    :func:`~adjudicator.adjudication.legality.check.check_orders` gives them), or with
    ``valid=None`` empty, for :meth:`check` to fill from the orders.
    """

    __slots__ = ("paradox", "res", "resolver", "shields", "why")

    def __init__(
        self,
        position: Position,
        valid: Mapping[str, tuple[str, Order, Order]] | None,
        game_map: GameMap,
        rules: Rules,
    ) -> None:
        super().__init__(position, game_map, rules)
        self.paradox: set[str] = set()
        self.why: dict[str, tuple[Reason, str]] = {}
        """Failed move -> the reason and the province of the unit that stopped it, as
        :meth:`move` last found them (final unless the resolver had to guess)."""
        self.shields: dict[str, frozenset[str]] | None = None
        """Under a rulebook's paradox rule, supporter -> the origins of the convoyed armies
        whose attack on it cuts nothing (:meth:`shielded`); ``None`` under the others (and
        where no move may go by convoy), so that the SUPPORT equation asks nothing more. Found
        by :meth:`resolve_all`."""
        self.resolver: Resolver[str] = Resolver(self.adjudicate, self._backup)
        self.resolved = self.resolver.resolved
        self.res = self.resolver.resolve
        if valid is not None:
            self._index(*self._record(valid))

    # ------------------------------------------------------------------ resolution
    def resolve_all(self) -> None:
        """Resolve every decision, in province order so the result never depends on the order
        the orders were given in (resolving one may settle others on the way)."""
        self._settle_static()
        if self.mode and self.rules.paradox.protects_supports:
            # Only a move that may go by convoy is ever shielded (most phases have none).
            self.shields = self._shields()
        self.resolver.resolve_all(sorted(self.kind.keys() - self.resolved.keys()))

    def _settle_static(self) -> None:
        """Settle the decisions whose value follows from the orders alone, sparing the
        resolver's bookkeeping for most of a phase; each gets the value (and the :attr:`why`)
        its equation would give whatever the other decisions are. (Supports and convoys that
        nobody attacks were settled when they were indexed.)

        - A move with a sure PATH (over land, or with a land fallback) into an empty province
          that no other unit enters succeeds: its ATTACK is at least 1, the HOLD and every
          PREVENT 0 (§5.B.1).
        - An unsupported such move has an ATTACK of 1 at most, so it fails against a unit that
          stays (whose HOLD is at least 1; against one's own unit the ATTACK is 0, §5.B.8), and
          into an empty province against the first rival with a sure PATH (whose PREVENT is at
          least 1: nobody there moves head to head with it).
        - A support is cut by a foreign move over land from anywhere but the province it
          supports into (§5.B.2; no paradox rule shields a move over land).
        """
        resolved, into, units, mode = self.resolved, self.into, self.units, self.mode
        dest, msup, why, kind, area = self.dest, self.msup, self.why, self.kind, self.area
        for origin, target in dest.items():
            if origin in mode and mode[origin] == BY_CONVOY:
                continue
            if target not in units:
                entering = into[target]
                if len(entering) == 1:
                    resolved[origin] = True
                elif origin not in msup:
                    rival = entering[1] if entering[0] == origin else entering[0]
                    if rival not in mode or mode[rival] != BY_CONVOY:
                        resolved[origin] = False
                        why[origin] = (BOUNCED, rival)
            elif target not in dest:
                if units[target].power == units[origin].power:
                    resolved[origin] = False
                    continue
                if origin not in msup:
                    resolved[origin] = False
                    why[origin] = (BOUNCED, target)
                if kind.get(target) is SUPPORT and origin not in mode and origin != area[target]:
                    resolved[target] = False

    def adjudicate(self, key: str) -> bool:
        """The §5.B condition of one decision, given the others (DATC §5.C ``adjudicate``)."""
        kind = self.kind[key]
        if kind is MOVE:
            return self.move(key)
        if kind is SUPPORT:
            return self.support(key)
        return self.convoy(key)

    def _backup(self, cycle: list[str]) -> dict[str, bool]:
        """The values the backup rule of :attr:`Rules.paradox` gives a cycle's decisions,
        noting which it settled in a paradox (reported as ``convoy paradox``)."""
        values = BACKUP_RULES[self.rules.paradox](cycle, self.kind.__getitem__)
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
        elif dest in self.units and attack <= self.hold(dest):  # an empty province's HOLD is 0
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
        units, shields = self.units, self.shields
        power, area = units[province].power, self.area[province]
        for origin in attackers:
            if (
                units[origin].power != power
                and origin != area
                and (origin not in self.mode or self.path(origin))
                and (shields is None or not self.shielded(province, origin))
            ):
                return False
        res = self.res
        return not any(
            units[o].power != power
            and res(o)
            and (shields is None or not self.shielded(province, o))
            for o in attackers
        )

    def shielded(self, supporter: str, origin: str) -> bool:
        """Whether the paradox rule of a rulebook (DATC 4.A.2) keeps the attack from ``origin``
        from cutting the support of ``supporter``, and from breaking it by dislodging it (the
        rule "takes precedence over the dislodge rule", 6.F.17): ``origin`` is an army that the
        rule names for this support (:meth:`_shields`) and it goes by convoy."""
        shields = self.shields
        if shields is None:
            return False
        armies = shields.get(supporter)
        return armies is not None and origin in armies and self.convoyed(origin)

    def _shields(self) -> dict[str, frozenset[str]]:
        """For each support that a convoyed army attacks, the armies whose attack the rule
        chosen by :attr:`Rules.paradox` says does not cut it (docs/rules.md, ``paradox``).

        Which supports a rule spares is known from the orders alone: the convoy orders that
        moves match, and the routes they make (a route the fleets' results would break still
        counts). Only moves that may go by convoy have a mode other than over land."""
        rule = self.rules.paradox
        dest, kind, area, units = self.dest, self.kind, self.area, self.units
        moving_with: dict[str, str] = {}
        """A supporter of a move -> the unit it supports."""
        for mover, supporters in self.msup.items():
            for supporter in supporters:
                moving_with[supporter] = mover
        found: dict[str, set[str]] = {}
        for origin, mode in self.mode.items():
            supporter = dest[origin]
            if mode == LAND or kind.get(supporter) is not SUPPORT:
                continue
            if rule is ParadoxRule.Y1982:
                # An action in a body of water that holds a convoying fleet: any fleet whose
                # convoy order a move matches, whoever it convoys (6.F.21).
                place = area[supporter]
                spared = self.map.is_sea(place) and kind.get(place) is CONVOY
            else:
                supported = moving_with.get(supporter)
                spared = supported is not None and dest[supported] in self._convoy_fleets(
                    origin, rule
                )
            if spared and units[origin].power != units[supporter].power:
                found.setdefault(supporter, set()).add(origin)
        return {supporter: frozenset(armies) for supporter, armies in found.items()}

    def _convoy_fleets(self, origin: str, rule: ParadoxRule) -> frozenset[str]:
        """The fleets whose attackers' supports the army from ``origin`` does not cut: under
        the 1971 rule the fleets on a route of its convoy, under the 2000 rule the fleets
        *necessary* for it, that is on every route (on any, where one lost fleet disrupts a
        convoy: ``convoy_disruption: any-route``)."""
        fleets = self.fleets.get(origin)
        if not fleets or not self.routes.get(origin):
            return frozenset()
        target = self.dest[origin]
        order = self.moves[origin]
        if self.rules.convoy_path is ConvoyPath.ENFORCE and order.path:
            return frozenset(order.path).intersection(fleets)
        if len(fleets) == 1:
            # The usual convoy: one fleet, on the one route (it exists), so necessary too.
            return frozenset(fleets)
        on_routes = fleets_on_routes(self.map, origin, target, fleets)
        if rule is ParadoxRule.Y1971 or self.rules.convoy_disruption is ConvoyDisruption.ANY_ROUTE:
            return frozenset(on_routes)
        return frozenset(
            fleet
            for fleet in on_routes
            if not route_exists(self.map, origin, target, on_routes - {fleet})
        )

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
        intact route suffices (DATC 4.A.1 b; with ``convoy_disruption: any-route`` every route must
        be intact). Fleets are resolved only as the search reaches them."""
        if not self.routes.get(origin):
            return False
        order = self.moves[origin]
        res = self.res
        rules = self.rules
        if rules.convoy_path is ConvoyPath.ENFORCE and order.path:
            return all(res(f) for f in order.path)
        fleets, dest, reach = self.fleets[origin], self.dest[origin], self.reach
        if rules.convoy_disruption is ConvoyDisruption.ANY_ROUTE:
            # The 1971 rule: every fleet on some route must hold; a fleet that lies on no
            # route (6.F.12) does not matter.
            return all(res(f) for f in sorted(fleets_on_routes(self.map, origin, dest, fleets)))
        if len(fleets) == 1:
            # One fleet, and a route exists (checked above): it touches both ends.
            return res(fleets[0])
        return reaches(
            [f for f in fleets if origin in reach[f]],
            lambda fleet: [other for other in fleets if other in reach[fleet]],
            lambda fleet: dest in reach[fleet],
            enter=res,
        )

    def head_to_head(self, origin: str, opp: str) -> bool:
        """Two units moving into each other's province, neither by convoy (§5.B.1; a coastal
        crawl counts, 6.B.13)."""
        mode = self.mode
        if origin not in mode and opp not in mode:
            return True  # both over land: the usual case
        return not self.convoyed(origin) and not self.convoyed(opp)

    def supports(self, supporters: list[str] | None, occupant: str | None = None) -> int:
        """How many of these supports succeed, not counting those of the power ``occupant``."""
        if not supporters:
            return 0
        resolved, res, units = self.resolved, self.res, self.units
        count = 0
        for supporter in supporters:
            if occupant is not None and units[supporter].power == occupant:
                continue
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
            moved = self.resolved.get(province)
            if moved is None:
                moved = self.res(province)
            return 0 if moved else 1
        supporters = self.hsup.get(province)
        return 1 + self.supports(supporters) if supporters else 1

    def attack(self, origin: str) -> int:
        """§5.B.8 ATTACK STRENGTH: no help to dislodge a unit of one's own power (6.D.12-14)."""
        if origin in self.mode and not self.path(origin):  # a move without a mode goes by land
            return 0
        dest = self.dest[origin]
        held_by = self.units.get(dest)
        occupant = None if held_by is None else held_by.power
        supporters = self.msup.get(origin)
        if occupant is None:
            return 1 + self.supports(supporters) if supporters else 1
        opp = self.opp.get(origin)
        if dest in self.dest and (opp is None or not self.head_to_head(origin, opp)):
            left = self.resolved.get(dest)
            if left is None:
                left = self.res(dest)
            if left:
                return 1 + self.supports(supporters) if supporters else 1
        if occupant == self.units[origin].power:
            return 0
        if not supporters:
            return 1
        return 1 + self.supports(supporters, occupant)

    def defend(self, origin: str) -> int:
        """§5.B.7 DEFEND STRENGTH."""
        return 1 + self.supports(self.msup.get(origin))

    def prevent(self, origin: str) -> int:
        """§5.B.6 PREVENT STRENGTH: zero without a PATH or for a head-to-head loser only
        (4.A.7 b; 6.E.4, 6.E.5, 6.G.16), or with ``dislodged_unit_bounces: false`` (4.A.7 a)
        also for a unit dislodged by a convoyed unit from its destination (6.G.10, 6.G.14,
        6.G.15)."""
        if origin in self.mode and not self.path(origin):  # a move without a mode goes by land
            return 0
        opp = self.opp.get(origin)
        if opp is not None:
            if self.head_to_head(origin, opp):
                if self.res(opp):
                    return 0
            elif not self.rules.dislodged_unit_bounces and self.res(opp) and not self.res(origin):
                # 4.A.7 a: dislodged by a convoyed unit from its destination, it has no effect
                # there either (its own MOVE decides whether it was dislodged: a cycle with
                # one consistent answer, which the resolver finds).
                return 0
        return 1 + self.supports(self.msup.get(origin))
