"""Retreat phases (DATC 6.H semantics): orders checked by the legality check, then resolved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.retreats import adjudicate_retreats
from adjudicator.base.model import (
    Disband,
    Dislodgement,
    Location,
    Order,
    Phase,
    Retreat,
    Support,
    Unit,
    UnitType,
)
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, Outcome, Reason, Removal, Victory
from adjudicator.state.position import Position


def unit(power: str, text: str) -> Unit:
    kind, place = text.split()
    return Unit(power, UnitType(kind), Location.parse(place))


def retreat(text: str, dest: str) -> Retreat:
    kind, place = text.split()
    return Retreat(UnitType(kind), Location.parse(place), Location.parse(dest))


def disband(text: str) -> Disband:
    kind, place = text.split()
    return Disband(UnitType(kind), Location.parse(place))


def position(
    phase: str,
    units: Mapping[str, Sequence[str]],
    dislodged: Mapping[str, Mapping[str, str]],
    standoffs: Sequence[str] = (),
    centers: Mapping[str, Sequence[str]] | None = None,
) -> Position:
    return Position(
        "standard",
        Phase.parse(phase),
        tuple(unit(p, u) for p, us in units.items() for u in us),
        tuple(
            Dislodgement(unit(p, u), origin)
            for p, ds in dislodged.items()
            for u, origin in ds.items()
        ),
        frozenset(standoffs),
        {p: tuple(cs) for p, cs in (centers or {}).items()},
    )


def run(
    game_map: GameMap, pos: Position, *orders: tuple[str, Order], rules: Rules | None = None
) -> Adjudication:
    """Check the orders with the real legality check, then adjudicate the retreats."""
    rules = rules or Rules()
    by_power: dict[str, list[Order]] = {}
    for power, order in orders:
        by_power.setdefault(power, []).append(order)
    return adjudicate_retreats(pos, check_orders(pos, by_power, game_map, rules), game_map, rules)


def outcome(adj: Adjudication, order: Order) -> tuple[Outcome, Reason]:
    result = adj.result_of(order)
    assert result is not None, f"no result for {order}"
    return result.outcome, result.reason


def units_of(adj: Adjudication) -> set[str]:
    return {f"{u.power} {u}" for u in adj.next_position.units}


def test_unique_retreat_succeeds(standard: GameMap) -> None:
    pos = position("S1901R", {"Austria": ["A VIE"]}, {"Italy": {"A VIE": "TRI"}})
    order = retreat("A VIE", "BOH")
    adj = run(standard, pos, ("Italy", order))
    assert outcome(adj, order) == (Outcome.SUCCEEDS, Reason.NONE)
    assert units_of(adj) == {"Austria A VIE", "Italy A BOH"}
    assert str(adj.next_position.phase) == "F1901M"
    assert adj.next_position.dislodged == ()


def test_two_retreats_to_one_province_both_disband(standard: GameMap) -> None:
    """6.H.7: both armies retreating to Tyrolia are disbanded."""
    pos = position(
        "S1901R",
        {"Austria": ["A VIE"], "Germany": ["A BOH", "A MUN"]},
        {"Italy": {"A VIE": "TRI", "A BOH": "SIL"}},
    )
    vie, boh = retreat("A VIE", "TYR"), retreat("A BOH", "TYR")
    adj = run(standard, pos, ("Italy", boh), ("Italy", vie))
    assert outcome(adj, vie) == (Outcome.FAILS, Reason.RETREAT_COLLISION)
    assert outcome(adj, boh) == (Outcome.FAILS, Reason.RETREAT_COLLISION)
    result = adj.result_of(vie)
    assert result is not None and result.cause == boh and result.cause_power == "Italy"
    assert result.message == "bounced with A BOH R TYR; disbanded"
    assert units_of(adj) == {"Austria A VIE", "Germany A BOH", "Germany A MUN"}


def test_three_retreats_to_one_province_all_disband(standard: GameMap) -> None:
    """6.H.8: three fleets retreating to the North Sea are all disbanded."""
    pos = position(
        "S1901R",
        {"England": ["A EDI"], "Germany": ["A HOL"], "Russia": ["A NWY"]},
        {"England": {"F NWY": "FIN"}, "Russia": {"F EDI": "LVP", "F HOL": "RUH"}},
    )
    orders = [
        ("England", retreat("F NWY", "NTH")),
        ("Russia", retreat("F EDI", "NTH")),
        ("Russia", retreat("F HOL", "NTH")),
    ]
    adj = run(standard, pos, *orders)
    for _, order in orders:
        assert outcome(adj, order) == (Outcome.FAILS, Reason.RETREAT_COLLISION)
    assert units_of(adj) == {"England A EDI", "Germany A HOL", "Russia A NWY"}


def test_illegal_retreat_does_not_bounce_a_legal_one(standard: GameMap) -> None:
    """6.H.10: the English retreat to Berlin is illegal, the German one succeeds."""
    pos = position(
        "S1901R",
        {"Germany": ["A KIE", "A MUN"], "Russia": ["A PRU", "A SIL"]},
        {"England": {"A KIE": "BER"}, "Germany": {"A PRU": "WAR"}},
    )
    bad, good = retreat("A KIE", "BER"), retreat("A PRU", "BER")
    adj = run(standard, pos, ("Germany", good), ("England", bad))
    assert outcome(adj, bad) == (Outcome.ILLEGAL, Reason.ILLEGAL)
    assert outcome(adj, good) == (Outcome.SUCCEEDS, Reason.NONE)
    assert "Germany A BER" in units_of(adj)
    assert not any(u.power == "England" for u in adj.next_position.units)
    # The illegal order is the English unit's only result: no synthesized disband on top.
    assert [r.power for r in adj.results].count("England") == 1


def test_illegal_support_in_retreat_phase_is_reported(standard: GameMap) -> None:
    """6.H.1: Serbia's support is illegal; both retreats to Albania bounce."""
    pos = position(
        "S1901R",
        {"Austria": ["A SER"], "Italy": ["A VEN", "A TRI", "F GRE", "F AEG"]},
        {"Austria": {"F TRI": "TYR"}, "Turkey": {"F GRE": "ION"}},
    )
    tri, gre = retreat("F TRI", "ALB"), retreat("F GRE", "ALB")
    support = Support(
        UnitType.ARMY, Location("SER"), UnitType.FLEET, Location("TRI"), Location("ALB")
    )
    adj = run(standard, pos, ("Austria", tri), ("Turkey", gre), ("Austria", support))
    assert outcome(adj, tri) == (Outcome.FAILS, Reason.RETREAT_COLLISION)
    assert outcome(adj, gre) == (Outcome.FAILS, Reason.RETREAT_COLLISION)
    assert outcome(adj, support) == (Outcome.ILLEGAL, Reason.ILLEGAL)
    assert "Austria A SER" in units_of(adj)


def test_ordered_disband_succeeds(standard: GameMap) -> None:
    pos = position("S1901R", {"Austria": ["A VIE"]}, {"Italy": {"A VIE": "TRI"}})
    order = disband("A VIE")
    adj = run(standard, pos, ("Italy", order))
    assert outcome(adj, order) == (Outcome.SUCCEEDS, Reason.NONE)
    result = adj.result_of(order)
    assert result is not None
    # Only the detail tells it from a removal in an adjustment phase (same order, same outcome).
    assert (result.detail, result.message) == (Removal.DISBANDED, "disbanded")
    assert units_of(adj) == {"Austria A VIE"}


def test_unordered_unit_disbands_with_a_result(standard: GameMap) -> None:
    pos = position("S1901R", {"Austria": ["A VIE"]}, {"Italy": {"A VIE": "TRI"}})
    adj = run(standard, pos)
    assert outcome(adj, disband("A VIE")) == (Outcome.SUCCEEDS, Reason.NO_ORDER)
    result = adj.result_of(disband("A VIE"))
    assert result is not None and result.message == "no order: disbanded"
    assert units_of(adj) == {"Austria A VIE"}


def test_unit_without_a_retreat_is_disbanded(standard: GameMap) -> None:
    """6.H.15: the fleet in Portugal can reach only Spain (the attacker's origin) and the
    Mid-Atlantic (occupied): it is destroyed."""
    pos = position("S1901R", {"France": ["F POR", "F MAO"]}, {"England": {"F POR": "SPA"}})
    adj = run(standard, pos)
    result = adj.result_of(disband("F POR"))
    assert result is not None
    assert (result.outcome, result.reason) == (Outcome.SUCCEEDS, Reason.DISBANDED)
    assert "no retreat" in result.message
    assert result.message == "no retreat possible: disbanded"


def test_standoff_province_closes_both_coasts(standard: GameMap) -> None:
    """6.H.16: a standoff in Spain leaves the fleet in the Western Med nowhere but the open
    seas; with those occupied it has no retreat."""
    pos = position(
        "S1901R",
        {"France": ["F MAO", "F GAS", "A NAF"], "Italy": ["F WES", "F TUN", "F TYS", "F LYO"]},
        {"France": {"F WES": "TYS"}},
        standoffs=["SPA"],
    )
    adj = run(standard, pos)
    assert outcome(adj, disband("F WES")) == (Outcome.SUCCEEDS, Reason.DISBANDED)


def test_retreat_to_convoyed_attackers_origin_counts_as_an_option(standard: GameMap) -> None:
    """6.H.11: dislodged by a convoy from Gascony, the army may retreat there (4.A.5 b)."""
    units = {"France": ["A MAR", "A BUR", "F MAO", "F WES", "F LYO", "A SPA"], "Italy": ["A PIE"]}
    pos = Position(
        "standard",
        Phase.parse("S1901R"),
        tuple(unit(p, u) for p, us in units.items() for u in us),
        (Dislodgement(unit("Italy", "A MAR"), "GAS", by_convoy=True),),
    )
    adj = run(standard, pos)
    assert outcome(adj, disband("A MAR")) == (Outcome.SUCCEEDS, Reason.NO_ORDER)
    strict = run(standard, pos, rules=Rules(retreat_to_convoyed_attacker_origin=False))
    assert outcome(strict, disband("A MAR")) == (Outcome.SUCCEEDS, Reason.DISBANDED)


def test_fleet_retreat_keeps_its_coast(standard: GameMap) -> None:
    pos = position("S1901R", {"Italy": ["F WES"]}, {"France": {"F MAO": "NAO"}})
    order = retreat("F MAO", "SPA/NC")
    adj = run(standard, pos, ("France", order))
    assert "France F SPA/NC" in units_of(adj)


def test_army_retreat_drops_a_coast(standard: GameMap) -> None:
    pos = position("S1901R", {"France": ["A PAR"]}, {"Germany": {"A BUR": "PAR"}})
    order = Retreat(UnitType.ARMY, Location("BUR"), Location("MAR"))
    adj = run(standard, pos, ("Germany", order))
    assert "Germany A MAR" in units_of(adj)


def test_spring_retreat_does_not_change_ownership(standard: GameMap) -> None:
    centers = {"Austria": ["BUD", "TRI", "VIE"], "Italy": ["NAP", "ROM", "VEN"]}
    pos = position("S1901R", {"Austria": ["A VEN"]}, {"Italy": {"A VEN": "TRI"}}, centers=centers)
    order = retreat("A VEN", "TUS")
    adj = run(standard, pos, ("Italy", order))
    assert adj.next_position.supply_centers == pos.supply_centers
    assert str(adj.next_position.phase) == "F1901M"


def test_fall_retreat_updates_ownership_then_goes_to_winter(standard: GameMap) -> None:
    centers = {"Austria": ["BUD", "TRI", "VIE"], "Italy": ["NAP", "ROM", "VEN"]}
    pos = position(
        "F1901R",
        {"Austria": ["A VEN", "A BUD", "A TRI"], "Italy": ["A ROM", "F NAP"]},
        {"Italy": {"A VEN": "TRI"}},
        centers=centers,
    )
    adj = run(standard, pos, ("Italy", retreat("A VEN", "TUS")))
    nxt = adj.next_position
    # Vienna is empty and stays Austrian.
    assert nxt.supply_centers["Austria"] == ("BUD", "TRI", "VEN", "VIE")
    assert nxt.supply_centers["Italy"] == ("NAP", "ROM")
    assert str(nxt.phase) == "W1901A"
    assert adj.notes == ()


def test_fall_retreat_that_gives_victory_notes_it(standard: GameMap) -> None:
    taken = sorted(standard.supply_centers - {"VEN"})[:17]
    units = [Unit("France", UnitType.ARMY, Location(pid)) for pid in taken]
    pos = Position(
        "standard",
        Phase.parse("F1910R"),
        (*units, unit("France", "A VEN")),
        (Dislodgement(unit("Italy", "A VEN"), "PIE"),),
        frozenset(),
        {"France": tuple(taken)},
    )
    adj = run(standard, pos)
    assert len(adj.next_position.supply_centers["France"]) == 18
    assert Victory("France") in adj.notes


def test_results_are_deterministic(standard: GameMap) -> None:
    pos = position(
        "S1901R",
        {"Austria": ["A VIE"], "Germany": ["A BOH", "A MUN"]},
        {"Italy": {"A VIE": "TRI", "A BOH": "SIL"}},
    )
    one = run(standard, pos, ("Italy", retreat("A VIE", "GAL")))
    two = run(standard, pos, ("Italy", retreat("A VIE", "GAL")))
    assert one.results == two.results
    assert [str(r.order) for r in one.results] == ["A BOH D", "A VIE R GAL"]


def test_hand_made_checked_orders(standard: GameMap) -> None:
    """The phase reads only ``valid`` and ``results``: a hand-made value works too."""
    pos = position("S1901R", {"Austria": ["A VIE"]}, {"Italy": {"A VIE": "TRI"}})
    order = retreat("A VIE", "BOH")
    checked = CheckedOrders(valid={"VIE": ("Italy", order, order)})
    adj = adjudicate_retreats(pos, checked, standard, Rules())
    assert outcome(adj, order) == (Outcome.SUCCEEDS, Reason.NONE)


def test_retreat_by_another_power_is_illegal_and_the_unit_disbands(standard: GameMap) -> None:
    pos = position("S1901R", {"Austria": ["A VIE"]}, {"Italy": {"A VIE": "TRI"}})
    order = retreat("A VIE", "BOH")
    adj = run(standard, pos, ("Austria", order))
    assert outcome(adj, order) == (Outcome.ILLEGAL, Reason.ILLEGAL)
    assert outcome(adj, disband("A VIE")) == (Outcome.SUCCEEDS, Reason.NO_ORDER)
    result = adj.result_of(disband("A VIE"))
    assert result is not None and result.message == "no order: disbanded"
    assert units_of(adj) == {"Austria A VIE"}
