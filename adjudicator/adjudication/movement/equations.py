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

from collections.abc import Collection, Mapping

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
        pending = self._settle_static()
        if self.mode and self.rules.paradox.protects_supports:
            # Only a move that may go by convoy is ever shielded (most phases have none).
            self.shields = self._shields()
        pending.sort()
        self.resolver.resolve_all(pending)

    def _settle_static(self) -> list[str]:  # noqa: PLR0912, PLR0915 (one loop, one frame: see below)
        """Settle the decisions whose value follows from the orders alone, or from decisions
        settled so, sparing the resolver's bookkeeping for most of a phase; return the others
        (some twice, or settled meanwhile: the resolver skips those). Each gets the value (and
        the :attr:`why`) its equation would give whatever the unsettled decisions are.
        (Supports and convoys that nobody attacks were settled when they were indexed.) The
        rules stay in this one loop: a call per move would cost more than most rules save.

        A province is *vacant* for a move into it (not head to head) when nobody is there, or
        its unit's move is settled as succeeding: its HOLD is 0 and the ATTACK at least 1
        (§5.B.5, §5.B.8). It is *held* when its unit stays (does not move, or its move is
        settled as failing): its HOLD is at least 1, exactly 1 without supports to hold (a
        moving unit has none), and the ATTACK 0 for a unit of the same power, 1 for an
        unsupported one, 2 or more when one support of another power than the unit there is
        settled as standing (§5.B.8).

        - A move with a sure PATH (over land, or with a land fallback) into a vacant province
          that no other unit enters succeeds: the HOLD and every PREVENT are 0 (§5.B.1).
        - An unsupported such move, into a vacant province, fails against the first rival with
          a sure PATH and no head-to-head battle (whose PREVENT is at least 1, §5.B.6); into a
          held province it fails against the unit there, or has no ATTACK against its own.
        - A move into a held province with a HOLD of exactly 1 that no other unit enters
          succeeds when one of its supports that counts is settled as standing.
        - In a head-to-head battle (neither move convoyed), a move fails against its own
          power's unit (ATTACK 0) or unsupported (ATTACK 1, DEFEND at least 1,
          LOST_HEAD_TO_HEAD); a move that no other unit enters succeeds against an unsupported
          opponent (DEFEND 1) when one of its supports that counts is settled as standing.
        - A support is cut by a foreign move over land from anywhere but the province it
          supports into (§5.B.2; no paradox rule shields a move over land); a support or
          convoy that only its own power attacks stands (§5.B.2, §5.B.3).

        A move into a province whose unit moves (not head to head) waits for that move; the
        waiting moves are taken again while each round settles one of them, so the settled
        set does not depend on the order of the orders.
        """
        resolved, into, units, mode, opp = self.resolved, self.into, self.units, self.mode, self.opp
        dest, msup, why, kind, area = self.dest, self.msup, self.why, self.kind, self.area
        contested, hsup = self.contested, self.hsup
        pending: list[str] = []
        sure = dest
        if BY_CONVOY in mode.values():
            # A move by convoy without a land fallback has no sure PATH: the resolver judges
            # it, and any support or convoy it attacks.
            sure = dict(dest)
            for origin, how in mode.items():
                if how == BY_CONVOY:
                    target = sure.pop(origin)
                    pending.append(origin)
                    if target in kind:  # a support or convoy, or a move
                        pending.append(target)
        moves: Collection[tuple[str, str]] = sure.items()
        while True:
            waiting: list[tuple[str, str]] = []
            for origin, target in moves:
                if target in units:
                    if target in dest:
                        if origin in opp:
                            power = units[target].power
                            if origin in mode or target in mode:
                                pending.append(origin)  # a battle only if neither is convoyed
                            elif power == units[origin].power:
                                resolved[origin] = False
                            elif origin not in msup:
                                resolved[origin] = False
                                why[origin] = (LOST_HEAD_TO_HEAD, target)
                            elif (
                                target not in msup
                                and target not in contested
                                and self._one_support_stands(msup[origin], power)
                            ):
                                resolved[origin] = True
                            else:
                                pending.append(origin)
                            continue
                        left = resolved.get(target)
                        if left is None:
                            waiting.append((origin, target))
                            continue
                        attacked = None
                    else:
                        left = False
                        attacked = kind.get(target)  # a support or convoy, if not None
                    if not left:
                        if units[target].power == units[origin].power:
                            resolved[origin] = False
                            if attacked is not None:
                                if len(into[target]) == 1:
                                    resolved[target] = True
                                else:
                                    pending.append(target)
                            continue
                        if attacked is SUPPORT and origin not in mode and origin != area[target]:
                            resolved[target] = False
                        elif attacked is not None:
                            pending.append(target)
                        if origin not in msup:
                            resolved[origin] = False
                            why[origin] = (BOUNCED, target)
                        elif (
                            target not in hsup
                            and target not in contested
                            and self._one_support_stands(msup[origin], units[target].power)
                        ):
                            resolved[origin] = True
                        else:
                            pending.append(origin)
                        continue
                if target not in contested:
                    resolved[origin] = True
                    continue
                if origin not in msup:
                    entering = into[target]
                    rival = entering[1] if entering[0] == origin else entering[0]
                    if rival not in opp and (rival not in mode or mode[rival] != BY_CONVOY):
                        resolved[origin] = False
                        why[origin] = (BOUNCED, rival)
                        continue
                pending.append(origin)
            if not waiting:
                return pending
            if len(waiting) == len(moves):
                # Nothing settled this round: the rest is the resolver's.
                pending.extend(origin for origin, _ in waiting)
                return pending
            moves = waiting

    def _one_support_stands(self, supporters: list[str], occupant: str) -> bool:
        """Whether one of these supports is settled as standing, not counting those of the
        power ``occupant`` (which give no help against it, §5.B.8)."""
        resolved, units = self.resolved, self.units
        for supporter in supporters:
            if resolved.get(supporter) and units[supporter].power != occupant:
                return True
        return False

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
                spared = place in self.map.convoy_waters and kind.get(place) is CONVOY
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
        supporters = self.msup.get(origin)
        occupant = self.units.get(dest)
        if occupant is not None and dest in self.dest:
            # The unit there moves: out of the way if it leaves, unless head to head.
            opp = self.opp.get(origin)
            if opp is None or not self.head_to_head(origin, opp):
                left = self.resolved.get(dest)
                if left is None:
                    left = self.res(dest)
                if left:
                    occupant = None
        if occupant is None:
            return 1 + self.supports(supporters) if supporters else 1
        power = occupant.power
        if power == self.units[origin].power:
            return 0
        return 1 + self.supports(supporters, power) if supporters else 1

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
