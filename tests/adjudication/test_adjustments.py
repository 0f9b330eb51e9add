"""Adjustment phases (DATC 6.I, 6.J semantics) and civil disorder: orders checked by the
legality check, then resolved; plus hand-made checked orders for the rules this module enforces
itself."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.adjudication.adjustments import adjudicate_adjustments
from adjudicator.adjudication.civil_disorder import removal_order, removals
from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.legality.codes import Normalised
from adjudicator.base.model import (
    Build,
    Disband,
    Hold,
    Location,
    Order,
    Phase,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import CivilDisorder, Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import (
    Adjudication,
    CivilDisorderRemoval,
    Detail,
    Outcome,
    Reason,
    Refusal,
    Refused,
    Removal,
    UnusedBuilds,
)
from adjudicator.state.position import Position

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"


def unit(power: str, text: str) -> Unit:
    kind, place = text.split()
    return Unit(power, UnitType(kind), Location.parse(place))


def build(text: str) -> Build:
    kind, place = text.split()
    return Build(UnitType(kind), Location.parse(place))


def remove(text: str) -> Disband:
    kind, place = text.split()
    return Disband(UnitType(kind), Location.parse(place))


def position(units: Mapping[str, Sequence[str]], centers: Mapping[str, Sequence[str]]) -> Position:
    return Position(
        "standard",
        Phase.parse("W1901A"),
        tuple(unit(p, u) for p, us in units.items() for u in us),
        (),
        frozenset(),
        {p: tuple(cs) for p, cs in centers.items()},
    )


def run(
    game_map: GameMap, pos: Position, *orders: tuple[str, Order], **options: str
) -> Adjudication:
    """Check the orders with the real legality check, then adjudicate the adjustments."""
    rules = Rules.from_mapping(options)
    by_power: dict[str, list[Order]] = {}
    for power, order in orders:
        by_power.setdefault(power, []).append(order)
    checked = check_orders(pos, by_power, game_map, rules)
    return adjudicate_adjustments(pos, checked, game_map, rules)


def hand_made(game_map: GameMap, pos: Position, *orders: tuple[str, Order]) -> Adjudication:
    """Adjudicate orders taken as legal without the legality check (its rules not applied)."""
    sequence = [Normalised(power, order, order) for power, order in orders]
    return adjudicate_adjustments(pos, CheckedOrders(sequence=sequence), game_map, Rules())


def outcomes(adj: Adjudication) -> list[tuple[str, Outcome, Reason]]:
    return [(str(r.order), r.outcome, r.reason) for r in adj.results]


def units_of(adj: Adjudication) -> set[str]:
    return {f"{u.power} {u}" for u in adj.next_position.units}


# ------------------------------------------------------------------ builds


def test_too_many_builds_first_legal_ones_count(standard: GameMap) -> None:
    """6.I.1: one build; Warsaw illegal, Kiel built, Munich surplus."""
    pos = position({"Germany": ["A BER", "A RUH"]}, {"Germany": ["BER", "KIE", "MUN"]})
    orders = [("Germany", build(b)) for b in ("A WAR", "A KIE", "A MUN")]
    adj = run(standard, pos, *orders)
    assert outcomes(adj) == [
        ("A KIE B", Outcome.SUCCEEDS, Reason.NONE),
        ("A MUN B", Outcome.FAILS, Reason.NOT_ALLOWED),
        ("A WAR B", Outcome.ILLEGAL, Reason.ILLEGAL),
    ]
    assert units_of(adj) == {"Germany A BER", "Germany A RUH", "Germany A KIE"}
    assert str(adj.next_position.phase) == "S1902M"


def test_second_build_in_one_province_fails(standard: GameMap) -> None:
    """6.I.7: two builds allowed, both in Moscow: the first counts, one build is left over."""
    pos = position({"Russia": ["A WAR", "F SEV"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    first, second = build("A MOS"), build("A MOS")
    adj = run(standard, pos, ("Russia", first), ("Russia", second))
    assert ("A MOS B", Outcome.SUCCEEDS, Reason.NONE) in outcomes(adj)
    assert units_of(adj) == {"Russia A WAR", "Russia F SEV", "Russia A MOS"}
    assert adj.notes == (UnusedBuilds("Russia", 1),)
    # Different builds in one province: the legality check rejects the later one.
    adj = run(standard, pos, ("Russia", first), ("Russia", build("A STP")), ("Russia", second))
    assert outcomes(adj) == [
        ("A MOS B", Outcome.SUCCEEDS, Reason.NONE),
        ("A STP B", Outcome.SUCCEEDS, Reason.NONE),
    ]
    adj = run(standard, pos, ("Russia", first), ("Russia", build("F MOS")))
    assert outcomes(adj) == [
        ("A MOS B", Outcome.SUCCEEDS, Reason.NONE),
        ("F MOS B", Outcome.ILLEGAL, Reason.ILLEGAL),
    ]


def test_second_build_in_one_province_fails_without_the_legality_check(standard: GameMap) -> None:
    pos = position({"Russia": ["A WAR", "F SEV"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    adj = hand_made(standard, pos, ("Russia", build("A MOS")), ("Russia", build("A MOS")))
    assert outcomes(adj) == [
        ("A MOS B", Outcome.SUCCEEDS, Reason.NONE),
        ("A MOS B", Outcome.FAILS, Reason.NOT_ALLOWED),
    ]


def test_fleet_build_keeps_its_coast(standard: GameMap) -> None:
    pos = position({"Russia": ["A WAR"]}, {"Russia": ["MOS", "STP", "WAR"]})
    adj = run(standard, pos, ("Russia", build("F STP/NC")))
    assert "Russia F STP/NC" in units_of(adj)


def test_build_without_type_inland_is_an_army(standard: GameMap) -> None:
    pos = position({"Russia": ["A WAR"]}, {"Russia": ["MOS", "WAR"]})
    adj = run(standard, pos, ("Russia", Build(None, Location("MOS"))))
    assert "Russia A MOS" in units_of(adj)


def test_waive_uses_one_build(standard: GameMap) -> None:
    pos = position({"Germany": ["A BER", "A RUH"]}, {"Germany": ["BER", "KIE", "MUN"]})
    adj = run(standard, pos, ("Germany", Waive()), ("Germany", build("A KIE")))
    assert outcomes(adj) == [
        ("WAIVE", Outcome.SUCCEEDS, Reason.NONE),
        ("A KIE B", Outcome.FAILS, Reason.NOT_ALLOWED),
    ]
    assert units_of(adj) == {"Germany A BER", "Germany A RUH"}
    assert adj.notes == ()


def test_waives_beyond_the_builds_fail(standard: GameMap) -> None:
    pos = position({"Germany": ["A BER"]}, {"Germany": ["BER", "KIE", "MUN"]})
    adj = run(
        standard, pos, ("Germany", build("A KIE")), ("Germany", Waive()), ("Germany", Waive())
    )
    assert outcomes(adj) == [
        ("WAIVE", Outcome.SUCCEEDS, Reason.NONE),
        ("WAIVE", Outcome.FAILS, Reason.NOT_ALLOWED),
        ("A KIE B", Outcome.SUCCEEDS, Reason.NONE),
    ]


def test_power_without_orders_waives_its_builds(standard: GameMap) -> None:
    pos = position({"Germany": ["A BER"]}, {"Germany": ["BER", "KIE", "MUN"]})
    adj = run(standard, pos)
    assert adj.results == ()
    assert adj.notes == (UnusedBuilds("Germany", 2),)
    assert units_of(adj) == {"Germany A BER"}


def test_build_or_removal_without_one_owed(standard: GameMap) -> None:
    pos = position(
        {"Germany": ["A BER", "A RUH", "A MUN"], "France": ["A PAR", "A PIC"]},
        {"Germany": ["BER", "KIE", "MUN"], "France": ["BRE", "PAR", "MAR"]},
    )
    orders: list[tuple[str, Order]] = [("Germany", build("A KIE")), ("Germany", remove("A RUH"))]
    assert outcomes(run(standard, pos, *orders)) == [
        ("A KIE B", Outcome.ILLEGAL, Reason.ILLEGAL),
        ("A RUH D", Outcome.ILLEGAL, Reason.ILLEGAL),
    ]
    assert outcomes(hand_made(standard, pos, *orders)) == [
        ("A KIE B", Outcome.FAILS, Reason.NOT_ALLOWED),
        ("A RUH D", Outcome.FAILS, Reason.NOT_ALLOWED),
    ]


# ------------------------------------------------------------------ removals


def test_too_many_removals_first_legal_ones_count(standard: GameMap) -> None:
    """6.J.1: one removal; no fleet in the Gulf of Lyon (illegal), Picardy removed, Paris kept."""
    pos = position({"France": ["A PAR", "A PIC"]}, {"France": ["PAR"]})
    orders = [("France", remove(r)) for r in ("F LYO", "A PIC", "A PAR")]
    adj = run(standard, pos, *orders)
    assert outcomes(adj) == [
        ("F LYO D", Outcome.ILLEGAL, Reason.ILLEGAL),
        ("A PAR D", Outcome.FAILS, Reason.NOT_ALLOWED),
        ("A PIC D", Outcome.SUCCEEDS, Reason.NONE),
    ]
    assert units_of(adj) == {"France A PAR"}


def test_same_unit_removed_twice_counts_once(standard: GameMap) -> None:
    """6.J.2: Paris goes once; civil disorder takes the fleet farthest from Paris."""
    pos = position({"France": ["A PAR", "A PIC", "F LYO"]}, {"France": ["PAR"]})
    adj = run(standard, pos, ("France", remove("A PAR")), ("France", remove("A PAR")))
    assert outcomes(adj) == [
        ("F LYO D", Outcome.SUCCEEDS, Reason.CIVIL_DISORDER),
        ("A PAR D", Outcome.SUCCEEDS, Reason.NONE),
    ]
    assert units_of(adj) == {"France A PIC"}
    assert adj.notes == (
        CivilDisorderRemoval("France", Unit("France", UnitType.FLEET, Location("LYO"))),
    )
    # Without the legality check merging them, the repeat is reported but counts once.
    adj = hand_made(standard, pos, ("France", remove("A PAR")), ("France", remove("A PAR")))
    assert [o for _, o, _ in outcomes(adj)] == [Outcome.SUCCEEDS] * 3
    assert units_of(adj) == {"France A PIC"}


def test_removal_of_a_foreign_unit_is_illegal(standard: GameMap) -> None:
    pos = position(
        {"France": ["A PAR", "A PIC"], "Germany": ["A MUN"]},
        {"France": ["PAR"], "Germany": ["MUN"]},
    )
    adj = run(standard, pos, ("France", remove("A MUN")))
    assert outcomes(adj) == [
        ("A MUN D", Outcome.ILLEGAL, Reason.ILLEGAL),
        ("A PIC D", Outcome.SUCCEEDS, Reason.CIVIL_DISORDER),
    ]
    assert units_of(adj) == {"France A PAR", "Germany A MUN"}


def test_power_without_orders_loses_units_by_civil_disorder(standard: GameMap) -> None:
    pos = position({"Russia": ["A LVN", "A SWE", "A UKR"]}, {"Russia": ["STP"]})
    adj = run(standard, pos)
    assert outcomes(adj) == [
        ("A SWE D", Outcome.SUCCEEDS, Reason.CIVIL_DISORDER),
        ("A UKR D", Outcome.SUCCEEDS, Reason.CIVIL_DISORDER),
    ]
    assert units_of(adj) == {"Russia A LVN"}
    assert len(adj.notes) == 2


def test_power_without_centres_loses_every_unit(standard: GameMap) -> None:
    pos = position({"Italy": ["A TUN", "F ION"]}, {"Italy": []})
    adj = run(standard, pos)
    assert units_of(adj) == set()
    assert [r.reason for r in adj.results] == [Reason.CIVIL_DISORDER] * 2


def test_waive_while_removing(standard: GameMap) -> None:
    pos = position({"France": ["A PAR", "A PIC"]}, {"France": ["PAR"]})
    orders: list[tuple[str, Order]] = [("France", Waive()), ("France", remove("A PIC"))]
    assert outcomes(run(standard, pos, *orders)) == [
        ("WAIVE", Outcome.ILLEGAL, Reason.ILLEGAL),
        ("A PIC D", Outcome.SUCCEEDS, Reason.NONE),
    ]
    assert outcomes(hand_made(standard, pos, *orders)) == [
        ("WAIVE", Outcome.FAILS, Reason.NOT_ALLOWED),
        ("A PIC D", Outcome.SUCCEEDS, Reason.NONE),
    ]


# ------------------------------------------------------------------ what a result says


def said(adj: Adjudication) -> list[tuple[str, Detail | None, str]]:
    """Each result's order, detail and message, for the results that have a detail."""
    return [(str(r.order), r.detail, r.message) for r in adj.results if r.detail is not None]


def test_refused_builds_and_waives_name_the_limit(standard: GameMap) -> None:
    one = position({"Germany": ["A BER", "A RUH"]}, {"Germany": ["BER", "KIE", "MUN"]})
    orders: list[Order] = [build("A KIE"), build("A MUN"), Waive()]
    assert said(run(standard, one, *(("Germany", o) for o in orders))) == [
        ("WAIVE", Refused(Refusal.NO_BUILD_TO_WAIVE), "Germany has no build left to waive"),
        ("A MUN B", Refused(Refusal.BUILDS_USED, 1), "Germany has only 1 build"),
    ]
    two = position({"Russia": ["A WAR", "F SEV"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    orders = [build("A MOS"), build("A STP"), Waive()]
    assert said(run(standard, two, *(("Russia", o) for o in orders))) == [
        ("WAIVE", Refused(Refusal.NO_BUILD_TO_WAIVE), "Russia has no build left to waive"),
    ]
    orders = [build("A MOS"), Waive(), build("A STP")]
    assert said(run(standard, two, *(("Russia", o) for o in orders))) == [
        ("A STP B", Refused(Refusal.BUILDS_USED, 2), "Russia has only 2 builds"),
    ]


def test_refused_removals_name_the_limit(standard: GameMap) -> None:
    one = position({"France": ["A PAR", "A PIC"]}, {"France": ["PAR"]})
    orders = [remove("A PIC"), remove("A PAR")]
    assert said(run(standard, one, *(("France", o) for o in orders))) == [
        ("A PAR D", Refused(Refusal.REMOVALS_MADE, 1), "France owes only 1 removal"),
    ]
    two = position({"France": ["A PAR", "A PIC", "A BUR"]}, {"France": ["PAR"]})
    orders = [remove("A PIC"), remove("A BUR"), remove("A PAR")]
    assert said(run(standard, two, *(("France", o) for o in orders))) == [
        ("A PAR D", Refused(Refusal.REMOVALS_MADE, 2), "France owes only 2 removals"),
    ]


def test_refusals_the_legality_check_forestalls(standard: GameMap) -> None:
    """Without the legality check, the adjustments still refuse what the power may not do."""
    even = position({"Germany": ["A BER", "A RUH", "A MUN"]}, {"Germany": ["BER", "KIE", "MUN"]})
    orders: list[Order] = [build("A KIE"), remove("A RUH"), Hold(UnitType.ARMY, Location("BER"))]
    assert said(hand_made(standard, even, *(("Germany", o) for o in orders))) == [
        ("A BER H", Refused(Refusal.NOT_AN_ADJUSTMENT), "not an adjustment order"),
        ("A KIE B", Refused(Refusal.NO_BUILDS), "Germany has no builds"),
        ("A RUH D", Refused(Refusal.NO_REMOVALS), "Germany has no removals to make"),
    ]
    two = position({"Russia": ["A WAR", "F SEV"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    twice = hand_made(standard, two, ("Russia", build("A MOS")), ("Russia", build("A MOS")))
    assert said(twice) == [
        ("A MOS B", Refused(Refusal.SITE_TAKEN), "a unit is already built in MOS"),
    ]


def test_a_repeated_removal_and_civil_disorder_say_so(standard: GameMap) -> None:
    pos = position({"France": ["A PAR", "A PIC", "F LYO"]}, {"France": ["PAR"]})
    adj = hand_made(standard, pos, ("France", remove("A PAR")), ("France", remove("A PAR")))
    assert said(adj) == [("A PAR D", Removal.ALREADY_REMOVED, "already removed")]
    assert [r.message for r in adj.results] == ["removed by civil disorder", "", "already removed"]


# ------------------------------------------------------------------ civil disorder, 2023


def _removed(
    game_map: GameMap, power: str, units: Sequence[str], owned: Sequence[str], rule: str = "2023"
) -> str:
    chosen = removals(
        game_map, power, [unit(power, u) for u in units], owned, 1, CivilDisorder(rule)
    )
    return str(chosen[0])


@pytest.mark.parametrize(
    ("case", "units", "owned", "expected"),
    [
        ("6.J.3", ["A LVN", "A SWE"], ["STP"], "A SWE"),
        ("6.J.4", ["A LVN", "A UKR"], ["MOS"], "A LVN"),
        ("6.J.5", ["F SKA", "F BER"], ["STP"], "F BER"),
        ("6.J.6", ["F BOT", "F NTH"], ["MUN"], "F BOT"),
        ("6.J.7", ["A BOH", "F SKA", "F NTH"], ["STP", "WAR"], "F NTH"),
        ("6.J.8", ["A TYR", "F BAL"], ["WAR"], "A TYR"),
        ("6.J.9", ["A GRE", "A SEV", "F BAL"], ["STP", "SEV"], "A GRE"),
        ("6.J.9b", ["A GRE", "A SEV", "F SKA"], ["STP", "SEV"], "A GRE"),
        ("6.J.10", ["A GRE", "A PIE"], ["NAP"], "A PIE"),
        ("6.J.11", ["A WAR", "A TUS"], ["WAR"], "A TUS"),
    ],
)
def test_datc_civil_disorder_2023(
    standard: GameMap, case: str, units: list[str], owned: list[str], expected: str
) -> None:
    power = "Italy" if case.startswith(("6.J.10", "6.J.11")) else "Russia"
    assert _removed(standard, power, units, owned) == expected


def test_datc_civil_disorder_through_the_phase(standard: GameMap) -> None:
    """6.J.7 end to end: no orders, the North Sea fleet goes."""
    pos = position({"Russia": ["A BOH", "F SKA", "F NTH"]}, {"Russia": ["STP", "WAR"]})
    adj = run(standard, pos)
    assert units_of(adj) == {"Russia A BOH", "Russia F SKA"}
    result = adj.results[0]
    assert result.order == Disband(UnitType.FLEET, Location("NTH"))
    assert result.reason is Reason.CIVIL_DISORDER


def test_2023_ties_go_by_english_name_not_province_code(standard: GameMap) -> None:
    # Liverpool and Livonia are both one step from an owned centre (Edinburgh, St Petersburg):
    # "Liverpool" sorts before "Livonia" although LVN sorts before LVP.
    assert _removed(standard, "Russia", ["A LVN", "A LVP"], ["EDI", "STP"]) == "A LVP"


def test_2023_ties_fleets_first_then_names(standard: GameMap) -> None:
    units = [unit("Russia", u) for u in ["A FIN", "F BOT", "A LVN", "F BAL"]]
    order = removal_order(standard, "Russia", units, ["MOS"], CivilDisorder.Y2023)
    # Distances from Moscow: FIN 2 (via St Petersburg), BOT 2, LVN 1, BAL 2.
    assert [str(u) for u in order] == ["F BAL", "F BOT", "A FIN", "A LVN"]


def test_2023_ties_among_fleets_go_by_name(standard: GameMap) -> None:
    # No owned centre: all equally far; names compared folded (no spaces or punctuation).
    units = [unit("England", u) for u in ["F NWG", "F NTH", "F NAO"]]
    order = removal_order(standard, "England", units, [], CivilDisorder.Y2023)
    assert [str(u) for u in order] == ["F NAO", "F NTH", "F NWG"]


# ------------------------------------------------------------------ civil disorder, home distance


def test_home_distance_measures_to_home_centres(standard: GameMap) -> None:
    """6.J.11 under the older rules: Warsaw is far from Italy's home centres."""
    assert _removed(standard, "Italy", ["A WAR", "A TUS"], ["WAR"], "home-distance") == "A WAR"
    pos = position({"Italy": ["A WAR", "A TUS"]}, {"Italy": ["WAR"]})
    adj = run(standard, pos, civil_disorder="home-distance")
    assert units_of(adj) == {"Italy A TUS"}


@pytest.mark.parametrize(
    ("fleet", "first"),
    [
        # Bulgaria's south coast: Constantinople, Black Sea, Sevastopol (3), a tie with the army
        # in Tyrolia (Vienna, Galicia, Warsaw), so the fleet goes first.
        ("F BUL/SC", "F BUL/SC"),
        # The east coast touches the Black Sea: 2, so the army goes.
        ("F BUL/EC", "A TYR"),
    ],
)
def test_home_distance_fleets_move_from_their_own_coast(
    standard: GameMap, fleet: str, first: str
) -> None:
    units = [unit("Russia", fleet), unit("Russia", "A TYR")]
    order = removal_order(standard, "Russia", units, [], CivilDisorder.HOME_DISTANCE)
    assert str(order[0]) == first


def test_home_distance_ties_fleets_first_then_province_code(standard: GameMap) -> None:
    units = [unit("Russia", u) for u in ["A UKR", "A LVN", "F BOT", "F BLA"]]
    order = removal_order(standard, "Russia", units, [], CivilDisorder.HOME_DISTANCE)
    assert [str(u) for u in order] == ["F BLA", "F BOT", "A LVN", "A UKR"]


def _recorded_civil_disorder(
    shared: Path,
) -> list[tuple[str, str, list[str], list[str], list[str]]]:
    """(game, power, units left after the ordered removals, centres, units the package removed)."""
    cases = []
    for path in sorted((shared / "games" / "cicero").glob("*.json")):
        phases = json.loads(path.read_text(encoding="utf-8"))["phases"]
        for phase, following in itertools.pairwise(phases):
            if not phase["name"].endswith("A"):
                continue
            state = phase["state"]
            for power, centers in state["centers"].items():
                units = state["units"].get(power, [])
                ordered = {o[:-2] for o in phase["orders"].get(power) or [] if o.endswith(" D")}
                if len(centers) - len(units) + len(ordered) >= 0:
                    continue
                left = [u for u in units if u not in ordered]
                kept = set(following["state"]["units"].get(power, []))
                gone = sorted(u for u in left if u not in kept)
                cases.append((f"{path.stem} {phase['name']}", power, left, centers, gone))
    return cases


def test_home_distance_matches_the_diplomacy_package_games(standard: GameMap) -> None:
    """Every civil-disorder removal in the 40 recorded games is what HOME_DISTANCE picks."""
    if not (SHARED / "games" / "cicero").is_dir():
        pytest.skip("reference data ../shared is not present")
    cases = _recorded_civil_disorder(SHARED)
    assert cases, "expected civil-disorder removals in the recorded games"
    for name, raw_power, left, centers, gone in cases:
        power = standard.lookup_power(raw_power)[0]
        units = [unit(power, u) for u in left]
        chosen = removals(standard, power, units, centers, len(gone), CivilDisorder.HOME_DISTANCE)
        assert sorted(str(u) for u in chosen) == gone, name


def test_rule_given_as_a_plain_string(standard: GameMap) -> None:
    units = [unit("Italy", "A WAR"), unit("Italy", "A TUS")]
    plain = CivilDisorder("home-distance").value
    chosen = removals(standard, "Italy", units, ["WAR"], 1, plain)  # type: ignore[arg-type]
    assert [str(u) for u in chosen] == ["A WAR"]
