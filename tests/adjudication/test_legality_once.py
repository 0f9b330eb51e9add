"""Legality decided once: the shortcuts and the general checks never disagree, and one loop keeps
one legal order per unit.

- Every rules option declares what it changes (``OPTION_EFFECTS``), and the one gate,
  ``shortcuts_allowed``, follows the declarations: a new option must be declared.
- Wherever a shortcut answers, it gives the general checks' verdict, under every combination of
  the choices of the options that bear on legality in that phase type, for thousands of
  generated orders (good, odd and wrong) in generated movement, retreat and winter positions.
  The generator is seeded, so every run checks the same orders.
- An option declared to change only how orders resolve never changes a verdict.
- The engine's movement path, which indexes each order as the one loop keeps it, and
  ``check_orders`` followed by ``adjudicate_movement`` give the same adjudication.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator
from enum import Enum

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import (
    Checker,
    SeveralOrders,
    check_orders,
    legal_orders,
)
from adjudicator.adjudication.legality.codes import Illegality
from adjudicator.adjudication.legality.shortcuts import (
    MOVEMENT_SHORTCUTS,
    OPTION_EFFECTS,
    OptionEffect,
    shortcuts_allowed,
)
from adjudicator.adjudication.movement.phase import adjudicate_movement
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import MultipleOrders, Rules
from adjudicator.board.load import load_map
from adjudicator.state.outcomes import OrderResult
from adjudicator.state.position import Position

STANDARD = load_map("standard")
POWERS = sorted(STANDARD.powers)
PROVINCES = sorted(STANDARD.provinces)
SEAS = [p for p in PROVINCES if STANDARD.is_sea(p)]
UNKNOWN_COAST = "WC"
"""A coast no province of the standard map has."""

Pool = list[tuple[Position, list[tuple[str, Order]]]]


# --------------------------------------------------------------------------- declarations
def _choices(option: str) -> list[object]:
    default = getattr(Rules(), option)
    if isinstance(default, bool):
        return [True, False]
    assert isinstance(default, Enum)
    return list(type(default))


def _options(effect: OptionEffect) -> list[str]:
    return [name for name in Rules.option_names() if OPTION_EFFECTS.get(name) is effect]


def test_every_rules_option_declares_its_effect() -> None:
    undeclared = set(Rules.option_names()) - set(OPTION_EFFECTS)
    assert not undeclared, (
        f"declare in legality.shortcuts.OPTION_EFFECTS what {sorted(undeclared)} changes"
    )
    assert set(OPTION_EFFECTS) <= set(Rules.option_names())


@pytest.mark.parametrize("option", Rules.option_names())
def test_the_gate_follows_the_declarations(option: str) -> None:
    general_only = OPTION_EFFECTS[option] is OptionEffect.LEGALITY_GENERAL_ONLY
    default = getattr(Rules(), option)
    for choice in _choices(option):
        rules = Rules().replace(**{option: choice})
        assert shortcuts_allowed(rules) is (choice == default or not general_only)


# --------------------------------------------------------------------------- generated orders
def _units(rng: random.Random, count: int) -> list[Unit]:
    """``count`` units on random provinces, one of them a fleet on a coast of a province with
    two (where a wrong coast for the ordered unit can matter, DATC 4.B.5)."""
    split = rng.choice([pid for pid in PROVINCES if STANDARD.province(pid).coasts])
    fleet = rng.choice(STANDARD.locations(split, UnitType.FLEET))
    units = [Unit(rng.choice(POWERS), UnitType.FLEET, fleet)]
    provinces = [pid for pid in PROVINCES if pid != split]
    rng.shuffle(provinces)
    for pid in provinces:
        kinds = [k for k in UnitType if STANDARD.locations(pid, k)]
        if len(units) == count:
            break
        if kinds:
            kind = rng.choice(kinds)
            units.append(Unit(rng.choice(POWERS), kind, rng.choice(STANDARD.locations(pid, kind))))
    return units


def _movement(rng: random.Random) -> Position:
    units = _units(rng, rng.randint(18, 34))
    return Position("standard", Phase.parse("S1901M"), tuple(units), supply_centers={})


def _retreat(rng: random.Random) -> Position:
    units = _units(rng, rng.randint(18, 30))
    dislodged: list[Dislodgement] = []
    for unit in rng.sample(units, 5):
        # The attacker now stands where the dislodged unit stood.
        units.remove(unit)
        kind = rng.choice([k for k in UnitType if STANDARD.locations(unit.province, k)])
        location = rng.choice(STANDARD.locations(unit.province, kind))
        units.append(Unit(rng.choice([p for p in POWERS if p != unit.power]), kind, location))
        # The attacker left its province empty, most likely (6.H.11 turns on such a retreat).
        occupied = {u.province for u in units}
        around = sorted(STANDARD.province_neighbours(unit.province))
        empty = [p for p in around if p not in occupied]
        attacked_from = rng.choice(empty if empty and rng.random() < 0.8 else around)
        dislodged.append(Dislodgement(unit, attacked_from, rng.random() < 0.5))
    occupied = {u.province for u in units}
    standoffs = frozenset(rng.sample([p for p in PROVINCES if p not in occupied], 3))
    return Position("standard", Phase.parse("F1901R"), tuple(units), tuple(dislodged), standoffs)


def _winter(rng: random.Random) -> Position:
    units = _units(rng, rng.randint(6, 30))
    centers: dict[str, list[str]] = {}
    for pid in sorted(STANDARD.supply_centers):
        home = STANDARD.province(pid).home
        roll = rng.random()
        owner = home if home and roll < 0.6 else rng.choice(POWERS) if roll < 0.85 else None
        if owner is not None:
            centers.setdefault(owner, []).append(pid)
    supply_centers = {p: tuple(cs) for p, cs in centers.items()}
    return Position("standard", Phase.parse("W1901A"), tuple(units), supply_centers=supply_centers)


class _Orders:
    """Orders for a position: mostly plausible for its phase, with wrong unit types, wrong,
    missing and unknown coasts, foreign units, empty provinces and other phases' orders mixed
    in."""

    def __init__(self, position: Position, rng: random.Random) -> None:
        self.position = position
        self.rng = rng
        self.units = [*position.units, *(d.unit for d in position.dislodged)]

    def place(self, pid: str) -> Location:
        coasts = STANDARD.province(pid).coasts if pid in STANDARD.provinces else ()
        roll = self.rng.random()
        if roll < 0.6 or (not coasts and roll < 0.9):
            return Location(pid)
        return Location(pid, self.rng.choice([*coasts, UNKNOWN_COAST]))

    def unit_type(self, unit: Unit | None = None) -> UnitType | None:
        given = [unit.type] * 3 if unit is not None else []
        choices: list[UnitType | None] = [*given, None, *UnitType]
        return self.rng.choice(choices)

    def named(self, unit: Unit) -> Location:
        if self.rng.random() < 0.8:
            return unit.location
        coasts = STANDARD.province(unit.province).coasts
        if coasts and self.rng.random() < 0.5:
            return Location(unit.province, self.rng.choice(coasts))
        return self.place(unit.province)

    def ordering(self, unit: Unit) -> tuple[UnitType | None, Location]:
        return self.unit_type(unit), self.named(unit)

    def power(self, unit: Unit) -> str:
        return unit.power if self.rng.random() < 0.85 else self.rng.choice(POWERS)

    @staticmethod
    @functools.cache
    def near(pid: str, steps: int) -> list[str]:
        found = {pid}
        for _ in range(steps):
            found |= {q for p in found for q in STANDARD.province_neighbours(p)}
        return sorted(found - {pid})

    def movement(self, unit: Unit) -> Iterator[Order]:
        me = self.ordering(unit)
        yield Hold(*me)
        near, around = self.near(unit.province, 1), self.near(unit.province, 3)
        for pid in [*near, *self.rng.sample(around, 4)]:
            yield Move(*me, self.place(pid), self.rng.random() < 0.25)
        path = tuple(self.rng.sample(SEAS, self.rng.randint(1, 2)))
        yield Move(*me, self.place(self.rng.choice(around)), True, path)
        for other in self.units:
            if other.province not in around:
                continue
            target = self.ordering(other)
            yield Support(*me, *target)
            for pid in self.rng.sample(self.near(other.province, 2), 3):
                yield Support(*me, *target, self.place(pid))
            for pid in self.rng.sample(self.near(other.province, 3), 2):
                yield Convoy(*me, self.named(other), self.place(pid))

    def retreat(self, unit: Unit) -> Iterator[Order]:
        me = self.ordering(unit)
        yield Disband(*me)
        for pid in [*self.near(unit.province, 1), *self.rng.sample(self.near(unit.province, 2), 2)]:
            yield Retreat(*me, self.place(pid))

    def adjustment(self, pid: str) -> Iterator[tuple[str, Order]]:
        owner = self.position.owner(pid)
        home = STANDARD.province(pid).home
        for power in (owner or self.rng.choice(POWERS), home or self.rng.choice(POWERS)):
            yield power, Build(self.unit_type(), self.place(pid))
            yield power, Build(self.rng.choice(list(UnitType)), Location(pid))

    def all(self) -> list[tuple[str, Order]]:
        orders: list[tuple[str, Order]] = []
        phase = self.position.phase.type
        for unit in self.units:
            power = self.power(unit)
            orders += [(power, Hold(*self.ordering(unit))), (power, Disband(*self.ordering(unit)))]
            if phase is PhaseType.MOVEMENT:
                orders.extend((power, order) for order in self.movement(unit))
            orders.extend((power, order) for order in self.retreat(unit))
        for dislodgement in self.position.dislodged:
            unit = dislodgement.unit
            orders.extend((unit.power, order) for order in self.retreat(unit))
        for pid in sorted(STANDARD.supply_centers):
            orders.extend(self.adjustment(pid))
        for pid in self.rng.sample(PROVINCES, 6):
            orders.append((self.rng.choice(POWERS), Hold(None, self.place(pid))))
        orders.append((self.rng.choice(POWERS), Move(None, Location("XYZ"), Location("PAR"))))
        orders += [(power, Waive()) for power in POWERS]
        return orders


def _pool(seed: int, count: int, per_position: int) -> Pool:
    rng = random.Random(seed)
    pool: Pool = []
    for make in (_movement, _movement, _retreat, _winter):
        for _ in range(count):
            position = make(rng)
            orders = _Orders(position, rng).all()
            pool.append((position, rng.sample(orders, min(per_position, len(orders)))))
    return pool


POOL = _pool(seed=1901, count=4, per_position=500)


# --------------------------------------------------------------------------- agreement
def _disagreements(
    rules: Rules, pool: Pool, *, force_movement_shortcuts: bool = False
) -> tuple[list[str], Counter[PhaseType]]:
    """The orders on which a shortcut's answer differs from the general checks' verdict, and
    how many answers each phase type got. ``force_movement_shortcuts`` runs the movement
    shortcuts whatever the gate says."""
    found: list[str] = []
    answered: Counter[PhaseType] = Counter()
    for position, orders in pool:
        checker = Checker(position, STANDARD, rules)
        phase = position.phase.type
        table = checker.shortcuts
        if force_movement_shortcuts and phase is PhaseType.MOVEMENT:
            table = MOVEMENT_SHORTCUTS
        for power, order in orders:
            short = table.get(type(order))
            answer = None if short is None else short(checker, power, order)
            if answer is None:
                continue
            answered[phase] += 1
            general = checker.general_verdict(power, order)
            if general != answer:
                found.append(
                    f"{position.phase} {power} {order!r}: the shortcut says {answer!r}, "
                    f"the general checks {general!r} (units {[str(u) for u in position.units]})"
                )
    return found, answered


MOVEMENT, RETREAT, ADJUSTMENT = PhaseType.MOVEMENT, PhaseType.RETREAT, PhaseType.ADJUSTMENT
BEARS_ON: dict[str, frozenset[PhaseType]] = {
    "adjacent_convoy": frozenset({MOVEMENT}),
    "coasts": frozenset({MOVEMENT, RETREAT, ADJUSTMENT}),
    "convoy_path": frozenset({MOVEMENT}),
    "necessary_convoys": frozenset({MOVEMENT}),
    "retreat_to_convoyed_attacker_origin": frozenset({RETREAT}),
    "support_coast": frozenset({MOVEMENT}),
    "impossible_coast": frozenset({MOVEMENT, RETREAT, ADJUSTMENT}),
    "builds": frozenset({ADJUSTMENT}),
}
"""The phase types whose orders each ``LEGALITY`` option can judge differently: the agreement
below runs every combination of the options that bear on a phase type over the pool's positions
of that type (the full product over all of them and every phase type would be several times the
work for the same comparisons); ``test_an_option_judges_only_the_phases_it_bears_on`` checks
each claim."""

POOL_BY_PHASE = {
    phase: [entry for entry in POOL if entry[0].phase.type is phase] for phase in PhaseType
}


def _combinations() -> list[tuple[PhaseType, Rules]]:
    combinations = []
    for phase in PhaseType:
        bearing = [o for o in _options(OptionEffect.LEGALITY) if phase in BEARS_ON[o]]
        combinations += [
            (phase, Rules().replace(**dict(zip(bearing, choice, strict=True))))
            for choice in itertools.product(*(_choices(o) for o in bearing))
        ]
    return combinations


COMBINATIONS = _combinations()


def _id(combination: tuple[PhaseType, Rules]) -> str:
    phase, rules = combination
    options = ",".join(f"{k}={v}" for k, v in rules.to_mapping().items()) or "defaults"
    return f"{phase.name.lower()}:{options}"


def test_every_option_of_legality_says_which_phases_it_bears_on() -> None:
    assert set(BEARS_ON) == set(_options(OptionEffect.LEGALITY))


@pytest.mark.parametrize("option", sorted(BEARS_ON))
def test_an_option_judges_only_the_phases_it_bears_on(option: str) -> None:
    """Neither the shortcuts nor the general checks give another verdict on an order of a phase
    type the option is declared not to bear on, whichever choice it has."""
    default = getattr(Rules(), option)
    for phase in PhaseType:
        if phase in BEARS_ON[option]:
            continue
        pool = POOL_BY_PHASE[phase]
        expected = _verdicts(Rules(), pool), _verdicts(Rules(), pool, general=True)
        for choice in _choices(option):
            if choice != default:
                rules = Rules().replace(**{option: choice})
                assert (_verdicts(rules, pool), _verdicts(rules, pool, general=True)) == expected


@pytest.mark.parametrize("combination", COMBINATIONS, ids=map(_id, COMBINATIONS))
def test_shortcuts_agree_with_the_general_checks(combination: tuple[PhaseType, Rules]) -> None:
    phase, rules = combination
    assert shortcuts_allowed(rules)
    found, answered = _disagreements(rules, POOL_BY_PHASE[phase])
    assert not found, "\n".join(found[:5])
    # The comparison means something only if the phase type's shortcuts answered often.
    assert answered[phase] >= 50, answered


@pytest.mark.parametrize("option", _options(OptionEffect.LEGALITY_GENERAL_ONLY))
def test_an_option_only_the_general_checks_know_would_change_verdicts(option: str) -> None:
    """Why such an option turns the shortcuts off: run anyway, they would disagree (and the
    comparison above would notice)."""
    default = getattr(Rules(), option)
    for choice in _choices(option):
        if choice != default:
            found, _ = _disagreements(
                Rules().replace(**{option: choice}), POOL, force_movement_shortcuts=True
            )
            assert found


def _impossible_coast_pool() -> Pool:
    """Every fleet move, support of such a move and retreat on the standard map that names a
    coast the fleet cannot reach, where it can reach another (DATC 4.B.3): orders the random
    pool hardly ever draws, and the only ones ``impossible_coast`` decides."""
    fleet_places = [loc for pid in PROVINCES for loc in STANDARD.locations(pid, UnitType.FLEET)]
    pool: Pool = []
    for pid in PROVINCES:
        for place in fleet_places:
            reachable = STANDARD.fleet_targets(place, pid)
            if place.province == pid or not reachable:
                continue
            for coast in STANDARD.province(pid).coasts:
                wrong = Location(pid, coast)
                if wrong in reachable:
                    continue
                fleet = Unit("France", UnitType.FLEET, place)
                helper = next(
                    loc
                    for loc in fleet_places
                    if loc.province not in (pid, place.province)
                    and pid in STANDARD.reachable_provinces(loc, UnitType.FLEET)
                )
                units = (fleet, Unit("France", UnitType.FLEET, helper))
                move = Move(UnitType.FLEET, place, wrong)
                support = Support(UnitType.FLEET, helper, UnitType.FLEET, place, wrong)
                spring = Position("standard", Phase.parse("S1901M"), units, supply_centers={})
                pool.append((spring, [("France", move), ("France", support)]))
                attacked_from = min(STANDARD.province_neighbours(place.province) - {pid})
                taker = Unit("England", UnitType.FLEET, place)
                dislodged = (Dislodgement(fleet, attacked_from, False),)
                retreat = Position("standard", Phase.parse("F1901R"), (taker,), dislodged)
                pool.append((retreat, [("France", Retreat(UnitType.FLEET, place, wrong))]))
    return pool


def test_the_shortcuts_leave_impossible_coasts_to_the_general_checks() -> None:
    """``impossible_coast`` is declared ``LEGALITY``: the shortcuts agree with the general
    checks under both choices on every order it decides, and it does decide them."""
    pool = _impossible_coast_pool()
    choices = _choices("impossible_coast")
    for choice in choices:
        found, _ = _disagreements(Rules().replace(impossible_coast=choice), pool)
        assert not found, "\n".join(found[:5])
    strict, ignore = (_verdicts(Rules().replace(impossible_coast=c), pool) for c in choices)
    assert all(isinstance(v, Illegality) for v in strict)
    assert not any(isinstance(v, Illegality) for v in ignore)


def _verdicts(rules: Rules, pool: Pool, *, general: bool = False) -> list[Order | Illegality]:
    """The verdict on every order of ``pool`` (``general``: the general checks' alone)."""
    verdicts: list[Order | Illegality] = []
    for position, orders in pool:
        checker = Checker(position, STANDARD, rules)
        judge = checker.general_verdict if general else checker.verdict
        verdicts.extend(judge(power, order) for power, order in orders)
    return verdicts


@pytest.mark.parametrize("option", _options(OptionEffect.RESOLUTION))
def test_an_option_of_resolution_never_changes_a_verdict(option: str) -> None:
    expected = _verdicts(Rules(), POOL)
    default = getattr(Rules(), option)
    for choice in _choices(option):
        if choice != default:
            assert _verdicts(Rules().replace(**{option: choice}), POOL) == expected


# --------------------------------------------------------------------------- one loop
def test_legal_orders_keeps_each_legal_order_and_rejects_the_rest() -> None:
    position = Position.initial(STANDARD)
    checker = Checker(position, STANDARD, Rules())
    par = Move(UnitType.ARMY, Location("PAR"), Location("BUR"))
    bad = Move(None, Location("LVP"), Location("IRI"))
    illegal: list[OrderResult] = []
    given: dict[str, Order] = {}
    kept = list(legal_orders(checker, {"France": [par], "England": [bad]}, illegal, given))
    assert kept == [("PAR", "France", par)]
    assert given == {"PAR": par}
    assert [r.order for r in illegal] == [bad]


def test_legal_orders_gives_the_verdict_of_the_shortcut_table() -> None:
    """The loop calls a movement phase's shortcuts directly, not through MOVEMENT_SHORTCUTS
    (a call through the table costs the compiled core 3 %): order by order, it must keep or
    reject exactly as Checker.verdict, which goes through the table, says."""
    compared = 0
    for position, orders in POOL_BY_PHASE[PhaseType.MOVEMENT]:
        checker = Checker(position, STANDARD, Rules())
        assert checker.shortcuts is MOVEMENT_SHORTCUTS
        for power, order in orders:
            illegal: list[OrderResult] = []
            kept = list(legal_orders(checker, {power: [order]}, illegal, {}))
            verdict = checker.verdict(power, order)
            if isinstance(verdict, Illegality):
                assert (kept, [r.order for r in illegal]) == ([], [order])
            else:
                assert not isinstance(verdict, Waive)
                assert kept == [(verdict.location.province, power, verdict)]
            compared += 1
    assert compared >= 500


def test_legal_orders_stops_at_a_second_order_for_a_unit() -> None:
    position = Position.initial(STANDARD)
    checker = Checker(position, STANDARD, Rules())
    orders: dict[str, list[Order]] = {
        "France": [
            Move(UnitType.ARMY, Location("PAR"), Location("BUR")),
            Hold(UnitType.ARMY, Location("PAR")),
        ]
    }
    with pytest.raises(SeveralOrders):
        list(legal_orders(checker, orders, [], {}))


def _phases(rng: random.Random) -> Iterator[tuple[Position, dict[str, list[Order]]]]:
    """Movement phases from the pool: one order per unit, then several for some units."""
    for position, orders in POOL:
        if position.phase.type is not PhaseType.MOVEMENT:
            continue
        by_unit: dict[str, list[tuple[str, Order]]] = {}
        for power, order in orders:
            if not isinstance(order, Waive):
                by_unit.setdefault(order.location.province, []).append((power, order))
        for many in (1, 3):
            chosen: dict[str, list[Order]] = {}
            for entries in by_unit.values():
                for power, order in rng.sample(entries, min(many, len(entries))):
                    chosen.setdefault(power, []).append(order)
            yield position, chosen


@pytest.mark.parametrize("multiple", list(MultipleOrders))
def test_the_engine_path_and_the_two_steps_agree(multiple: MultipleOrders) -> None:
    rules = Rules(multiple_orders=multiple)
    for position, orders in _phases(random.Random(7)):
        checked = check_orders(position, orders, STANDARD, rules)
        two_steps = adjudicate_movement(position, checked, STANDARD, rules)
        assert adjudicate(position, orders, rules, game_map=STANDARD) == two_steps


def test_generated_phases_exercise_both_paths() -> None:
    """Guards the test above: some phases have one legal order per unit, others repeat one."""
    repeated = []
    for position, orders in _phases(random.Random(7)):
        checker = Checker(position, STANDARD, Rules())
        try:
            list(legal_orders(checker, orders, [], {}))
        except SeveralOrders:
            repeated.append(True)
        else:
            repeated.append(False)
    assert any(repeated) and not all(repeated)
