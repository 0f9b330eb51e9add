"""The three convoy cycles of issue 12 (section 0) at every placement on the standard map.

Each shape is a convoying fleet attacked with the help of the unit the convoyed army attacks (or
with that unit supporting the fleet), where the attack on the fleet fails whether that help is
cut or not. So the convoy stands and the army dislodges the unit it attacks, under every paradox
rule: there is no paradox, and the one consistent resolution must be taken (DATC 5.B.9),
whatever the provinces are called. The resolver once got it wrong exactly where the convoying
fleet's abbreviation sorted before the others (``test_cases/regressions/convoy_cycles.yaml``).

A placement gives every unit of a shape a place where the shape's adjacencies hold: each unit
can make its move or give its support, and the army can be convoyed through the sea. The units
whose decisions the resolver orders (the fleet, the army, the unit it attacks, the fleets
attacking the sea) take every placement; the helpers (supports nobody attacks, settled when the
orders are indexed, so their names order nothing) are placed one way per core placement, a
different way each time, which keeps the test to a few seconds of CPU. ``PLACEMENTS`` counts
both. Each placement is adjudicated under Szykman and All Hold, and under the rulebooks' rules
where a cycle is left (elsewhere they spare the support the army attacks: no cycle arises).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Convoy, Location, Move, Order, Phase, Support, Unit, UnitType
from adjudicator.base.rules import ParadoxRule, Rules
from adjudicator.board.load import load_map
from adjudicator.state.outcomes import ConvoyParadox, Outcome
from adjudicator.state.position import Position

STANDARD = load_map("standard")
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET
SEAS = tuple(sorted(p for p in STANDARD.provinces if STANDARD.is_sea(p)))
PHASE = Phase.parse("F1901M")


@functools.cache
def reaching(province: str, kind: UnitType) -> tuple[Location, ...]:
    """Every place a unit of ``kind`` could move to ``province`` from (or support into it)."""
    return tuple(
        location
        for pid in sorted(STANDARD.provinces)
        if pid != province
        for location in STANDARD.locations(pid, kind)
        if province in STANDARD.reachable_provinces(location, kind)
    )


@functools.cache
def shores(sea: str) -> tuple[Location, ...]:
    """The coasts of ``sea`` a fleet can sail from (a fleet there could support into it)."""
    return tuple(loc for loc in reaching(sea, FLEET) if not STANDARD.is_sea(loc.province))


@dataclass(frozen=True)
class Core:
    """The units of a placement whose decisions the resolver orders: the convoying fleet's sea,
    the army's origin, the fleet it attacks and the fleets attacking the sea."""

    sea: str
    origin: str
    target: Location
    attackers: tuple[Location, ...]

    @property
    def taken(self) -> set[str]:
        return {self.sea, self.origin, self.target.province, *(a.province for a in self.attackers)}


def cores(attackers: int, *, overland: bool) -> Iterator[Core]:
    """Every placement of the core units, ``attackers`` fleets attacking the sea. Unless
    ``overland``, the army's origin must not be next to its target by land (the shape's move
    names no convoy, and would otherwise walk)."""
    for sea in SEAS:
        fleets = reaching(sea, FLEET)
        for origin in sorted({loc.province for loc in shores(sea)}):
            for target in shores(sea):
                if target.province == origin:
                    continue
                if not overland and STANDARD.adjacent(
                    Location(origin), Location(target.province), ARMY
                ):
                    continue
                yield from _with_attackers(sea, origin, target, fleets, attackers)


def _with_attackers(
    sea: str, origin: str, target: Location, fleets: tuple[Location, ...], count: int
) -> Iterator[Core]:
    chosen: list[Location] = []

    def more() -> Iterator[Core]:
        if len(chosen) == count:
            yield Core(sea, origin, target, tuple(chosen))
            return
        taken = {origin, target.province, *(c.province for c in chosen)}
        for fleet in fleets:
            if fleet.province not in taken:
                chosen.append(fleet)
                yield from more()
                chosen.pop()

    return more()


def helper_places(core: Core, options: list[tuple[Location, ...]]) -> list[tuple[Location, ...]]:
    """Every way to place the helpers of ``core``, each in a province of its own, one from each
    of ``options``."""
    found: list[tuple[Location, ...]] = []

    def place(chosen: tuple[Location, ...], taken: frozenset[str]) -> None:
        if len(chosen) == len(options):
            found.append(chosen)
            return
        for loc in options[len(chosen)]:
            if loc.province not in taken:
                place((*chosen, loc), taken | {loc.province})

    place((), frozenset(core.taken))
    return found


@dataclass(frozen=True)
class Placed:
    """One placement: the position, the orders, and the army's move and the convoy to check."""

    position: Position
    orders: dict[str, list[Order]]
    army: Move
    convoy: Convoy
    target: Unit
    failing: tuple[Move, ...]


def helpers_1(core: Core) -> list[tuple[Location, ...]]:
    """Shape 1's helpers: a fleet supporting the convoying fleet, an army supporting the army."""
    return [reaching(core.sea, FLEET), reaching(core.target.province, ARMY)]


def shape_1(core: Core, found: list[Location]) -> Placed:
    """``Turkey: F Lyo C A Tus - Mar, A Tus - Mar via convoy, A Pie S A Tus - Mar,
    F Tys S F Lyo; France: F Mar S F Spa/sc - Lyo, F Spa/sc - Lyo``."""
    (attacker,) = core.attackers
    sea, army, target = Location(core.sea), Location(core.origin), core.target
    holder, supporter = found
    move = Move(ARMY, army, Location(target.province), via_convoy=True)
    convoy = Convoy(FLEET, sea, army, Location(target.province))
    attack = Move(FLEET, attacker, sea)
    units = {
        "Turkey": [
            Unit("Turkey", FLEET, sea),
            Unit("Turkey", ARMY, army),
            Unit("Turkey", ARMY, supporter),
            Unit("Turkey", FLEET, holder),
        ],
        "France": [Unit("France", FLEET, target), Unit("France", FLEET, attacker)],
    }
    orders: dict[str, list[Order]] = {
        "Turkey": [
            convoy,
            move,
            Support(ARMY, supporter, ARMY, army, Location(target.province)),
            Support(FLEET, holder, FLEET, sea),
        ],
        "France": [Support(FLEET, target, FLEET, attacker, sea), attack],
    }
    return _placed(units, orders, move, convoy, units["France"][0], (attack,))


def helpers_2(core: Core) -> list[tuple[Location, ...]]:
    """Shape 2's helper: an army supporting the army."""
    return [reaching(core.target.province, ARMY)]


def shape_2(core: Core, found: list[Location]) -> Placed:
    """``England: F Ber S F Bal, F Pru - Bal; Russia: F Bal C A Den - Ber; Turkey: A Den - Ber
    via convoy, A Kie S A Den - Ber``."""
    (attacker,) = core.attackers
    sea, army, target = Location(core.sea), Location(core.origin), core.target
    (supporter,) = found
    move = Move(ARMY, army, Location(target.province), via_convoy=True)
    convoy = Convoy(FLEET, sea, army, Location(target.province))
    attack = Move(FLEET, attacker, sea)
    units = {
        "England": [Unit("England", FLEET, target), Unit("England", FLEET, attacker)],
        "Russia": [Unit("Russia", FLEET, sea)],
        "Turkey": [Unit("Turkey", ARMY, army), Unit("Turkey", ARMY, supporter)],
    }
    orders: dict[str, list[Order]] = {
        "England": [Support(FLEET, target, FLEET, sea), attack],
        "Russia": [convoy],
        "Turkey": [move, Support(ARMY, supporter, ARMY, army, Location(target.province))],
    }
    return _placed(units, orders, move, convoy, units["England"][0], (attack,))


def helpers_3(core: Core) -> list[tuple[Location, ...]]:
    """Shape 3's helpers: a fleet supporting the own fleet's move, a fleet supporting the
    army."""
    return [reaching(core.sea, FLEET), reaching(core.target.province, FLEET)]


def shape_3(core: Core, found: list[Location]) -> Placed:
    """``England: F Lon S F Wal - Eng, F Wal - Eng; France: A Pic - Lon, F Yor S A Pic - Lon;
    Germany: F Mao S F Bre - Eng, F Bre - Eng, F Eng C A Pic - Lon``."""
    attacker, own = core.attackers
    sea, army, target = Location(core.sea), Location(core.origin), core.target
    backer, supporter = found
    move = Move(ARMY, army, Location(target.province))
    convoy = Convoy(FLEET, sea, army, Location(target.province))
    attack, blocker = Move(FLEET, attacker, sea), Move(FLEET, own, sea)
    units = {
        "England": [Unit("England", FLEET, target), Unit("England", FLEET, attacker)],
        "France": [Unit("France", ARMY, army), Unit("France", FLEET, supporter)],
        "Germany": [
            Unit("Germany", FLEET, backer),
            Unit("Germany", FLEET, own),
            Unit("Germany", FLEET, sea),
        ],
    }
    orders: dict[str, list[Order]] = {
        "England": [Support(FLEET, target, FLEET, attacker, sea), attack],
        "France": [move, Support(FLEET, supporter, ARMY, army, Location(target.province))],
        "Germany": [Support(FLEET, backer, FLEET, own, sea), blocker, convoy],
    }
    return _placed(units, orders, move, convoy, units["England"][0], (attack, blocker))


def _placed(
    units: dict[str, list[Unit]],
    orders: dict[str, list[Order]],
    move: Move,
    convoy: Convoy,
    target: Unit,
    failing: tuple[Move, ...],
) -> Placed:
    placed = tuple(unit for power_units in units.values() for unit in power_units)
    position = Position("standard", PHASE, placed, supply_centers={})
    return Placed(position, orders, move, convoy, target, failing)


@dataclass(frozen=True)
class Shape:
    """How to place a shape: its fleets attacking the sea, whether its army may be next to its
    target by land (the move says *via convoy*), its helpers' places and its orders."""

    attackers: int
    overland: bool
    helpers: Callable[[Core], list[tuple[Location, ...]]]
    build: Callable[[Core, list[Location]], Placed]


SHAPES = {
    "supported-attack": Shape(1, True, helpers_1, shape_1),
    "supported-fleet": Shape(1, True, helpers_2, shape_2),
    "own-fleet-blocks": Shape(2, False, helpers_3, shape_3),
}


@functools.cache
def placements(name: str) -> tuple[tuple[Placed, ...], int]:
    """Every core placement of a shape (with its helpers in turn), and the number of full
    placements (helpers in every free place)."""
    shape = SHAPES[name]
    placed: list[Placed] = []
    total = 0
    for core in cores(shape.attackers, overland=shape.overland):
        ways = helper_places(core, shape.helpers(core))
        if ways:
            # The helpers take their places in turn, so that across the cores all are used.
            placed.append(shape.build(core, list(ways[len(placed) % len(ways)])))
            total += len(ways)
    return tuple(placed), total


PLACEMENTS = {
    "supported-attack": (1379, 18358),
    "supported-fleet": (1381, 3696),
    "own-fleet-blocks": (5410, 76296),
}
"""Each shape's placements: those of its core units (each adjudicated), and in all (each helper
in every place too)."""


def test_the_shapes_have_their_placements() -> None:
    """The search finds the placements it should: the regression cases' own among them, and
    as many as counted when the test was written (a change means the map or the search
    changed)."""
    assert {name: (len(placements(name)[0]), placements(name)[1]) for name in SHAPES} == PLACEMENTS
    seen = {
        name: {(p.convoy.location.province, p.army.location.province) for p in placements(name)[0]}
        for name in SHAPES
    }
    assert ("LYO", "TUS") in seen["supported-attack"]
    assert ("BAL", "DEN") in seen["supported-fleet"]
    assert ("ENG", "PIC") in seen["own-fleet-blocks"]


SZYKMAN_AND_ALL_HOLD = [ParadoxRule.SZYKMAN, ParadoxRule.ALL_HOLD]
RUNS = [
    *((name, rule) for name in SHAPES for rule in SZYKMAN_AND_ALL_HOLD),
    # The rulebooks' rules spare the support the army attacks in shapes 1 and 3 (and in shape 2
    # the 1982 rule), so no cycle is left there; in shape 2 the 1971 and 2000 rules leave it.
    ("supported-fleet", ParadoxRule.Y1971),
    ("supported-fleet", ParadoxRule.Y2000),
]


@pytest.mark.parametrize(("name", "rule"), RUNS, ids=[f"{n}-{r}" for n, r in RUNS])
def test_the_army_dislodges_its_target_at_every_placement(name: str, rule: ParadoxRule) -> None:
    """The convoy stands, the army arrives and dislodges the fleet it attacks, the attacks on
    the sea fail, and no paradox rule was needed: at every placement."""
    rules = Rules(paradox=rule)
    wrong: list[str] = []
    for placed in placements(name)[0]:
        result = adjudicate(placed.position, placed.orders, rules, game_map=STANDARD)
        outcomes = {id(r.order): r.outcome for r in result.results}
        dislodged = [(d.unit, d.attacked_from, d.by_convoy) for d in result.dislodged]
        good = (
            outcomes[id(placed.army)] is Outcome.SUCCEEDS
            and outcomes[id(placed.convoy)] is Outcome.SUCCEEDS
            and all(outcomes[id(move)] is Outcome.FAILS for move in placed.failing)
            and dislodged == [(placed.target, placed.army.location.province, True)]
            and not any(isinstance(note, ConvoyParadox) for note in result.notes)
        )
        if not good:
            wrong.append(f"{placed.convoy} ({', '.join(map(str, placed.failing))})")
    assert not wrong, f"{len(wrong)} of {len(placements(name)[0])} placements wrong: {wrong[:5]}"
