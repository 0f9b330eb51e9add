"""The phase sequence: retreat and adjustment phases only when needed, ownership after Fall only,
year rollover and victory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from adjudicator.adjudication.phases import (
    adjustment_counts,
    adjustments_needed,
    advance,
    ownership_updated,
    update_ownership,
    victory_notes,
    winners,
)
from adjudicator.base.model import Dislodgement, Location, Phase, Unit, UnitType
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import UnusedBuilds, Victory
from adjudicator.state.position import Position


def unit(power: str, text: str) -> Unit:
    kind, place = text.split()
    return Unit(power, UnitType(kind), Location.parse(place))


def position(
    phase: str,
    units: Mapping[str, Sequence[str]],
    centers: Mapping[str, Sequence[str]],
    dislodged: Sequence[Dislodgement] = (),
) -> Position:
    return Position(
        "standard",
        Phase.parse(phase),
        tuple(unit(p, u) for p, us in units.items() for u in us),
        tuple(dislodged),
        frozenset(),
        {p: tuple(cs) for p, cs in centers.items()},
    )


FRANCE_HOME = ("BRE", "MAR", "PAR")
GERMANY_HOME = ("BER", "KIE", "MUN")


def test_spring_movement_leads_to_fall_movement_without_ownership_change(
    standard: GameMap,
) -> None:
    before = position("S1901M", {}, {"France": FRANCE_HOME, "Germany": GERMANY_HOME})
    after_units = [unit("France", "A BEL"), unit("France", "A MUN"), unit("Germany", "A KIE")]
    after = advance(standard, before, after_units)
    assert str(after.phase) == "F1901M"
    # Ownership never changes after Spring, even of an occupied foreign centre (webDiplomacy#196).
    assert after.supply_centers == before.supply_centers
    assert not ownership_updated(before, after)


def test_dislodgement_opens_a_retreat_phase_with_the_standoffs(standard: GameMap) -> None:
    before = position("S1901M", {}, {"Italy": ("NAP", "ROM", "VEN")})
    pending = [Dislodgement(unit("Italy", "A VIE"), "TRI")]
    after = advance(standard, before, [unit("Austria", "A VIE")], pending, ["BOH"])
    assert str(after.phase) == "S1901R"
    assert after.dislodged == tuple(pending)
    assert after.standoffs == frozenset({"BOH"})


def test_spring_retreat_leads_to_fall_movement(standard: GameMap) -> None:
    before = position("S1901R", {}, {"France": FRANCE_HOME})
    after = advance(standard, before, [unit("Germany", "A PAR")])
    assert str(after.phase) == "F1901M"
    assert after.dislodged == ()
    assert after.standoffs == frozenset()
    assert after.supply_centers == before.supply_centers


def test_fall_movement_with_dislodgement_keeps_ownership_until_the_retreats(
    standard: GameMap,
) -> None:
    centers = {"France": FRANCE_HOME, "Germany": GERMANY_HOME}
    before = position("F1901M", {}, centers)
    units = [unit("Germany", "A PAR"), unit("France", "A BRE"), unit("France", "A MAR")]
    pending = [Dislodgement(unit("France", "A PAR"), "BUR")]
    retreat = advance(standard, before, units, pending)
    assert str(retreat.phase) == "F1901R"
    assert retreat.supply_centers == before.supply_centers
    after = advance(standard, retreat, [*units, unit("France", "A PIC")])
    assert ownership_updated(retreat, after)
    assert "PAR" in after.supply_centers["Germany"]
    assert "PAR" not in after.supply_centers["France"]
    # France: 2 centres, 3 units: a removal is owed.
    assert str(after.phase) == "W1901A"


def test_fall_without_adjustments_skips_winter(standard: GameMap) -> None:
    centers = {"France": FRANCE_HOME}
    before = position("F1901M", {}, centers)
    units = [unit("France", "A BRE"), unit("France", "A MAR"), unit("France", "A PAR")]
    after = advance(standard, before, units)
    assert str(after.phase) == "S1902M"
    assert after.supply_centers == before.supply_centers


def test_fall_with_a_build_leads_to_winter(standard: GameMap) -> None:
    before = position("F1901M", {}, {"France": FRANCE_HOME})
    units = [unit("France", "A BEL"), unit("France", "F MAO")]
    after = advance(standard, before, units)
    assert str(after.phase) == "W1901A"
    assert after.supply_centers["France"] == ("BEL", "BRE", "MAR", "PAR")


def test_build_owed_without_a_free_home_centre_skips_winter(standard: GameMap) -> None:
    # France owns four centres but its three home centres are all occupied: nothing to order.
    before = position("F1901M", {}, {"France": (*FRANCE_HOME, "SPA")})
    units = [unit("France", "A BRE"), unit("France", "A MAR"), unit("France", "A PAR")]
    after = advance(standard, before, units)
    assert str(after.phase) == "S1902M"
    assert not adjustments_needed(standard, after.supply_centers, after.units)


def test_build_owed_in_an_unowned_home_centre_only_skips_winter(standard: GameMap) -> None:
    # Paris is empty but German-owned: France cannot build there (6.I.5).
    before = position("F1901M", {}, {"France": ("BRE", "MAR", "SPA", "POR"), "Germany": ("PAR",)})
    units = [unit("France", "A BRE"), unit("France", "A MAR")]
    after = advance(standard, before, units)
    assert str(after.phase) == "S1902M"


def test_empty_centre_keeps_its_owner(standard: GameMap) -> None:
    centers = {"France": FRANCE_HOME, "Germany": GERMANY_HOME}
    owned = update_ownership(centers, [unit("France", "A MUN")], standard)
    assert owned["France"] == ("BRE", "MAR", "MUN", "PAR")
    assert owned["Germany"] == ("BER", "KIE")


def test_neutral_centre_taken_by_a_power_without_centres(standard: GameMap) -> None:
    owned = update_ownership({"France": FRANCE_HOME}, [unit("Italy", "A TUN")], standard)
    assert owned["Italy"] == ("TUN",)
    assert owned["France"] == FRANCE_HOME


def test_adjustment_phase_rolls_the_year_over(standard: GameMap) -> None:
    before = position("W1901A", {}, {"France": FRANCE_HOME})
    after = advance(standard, before, [unit("France", "A PAR")])
    assert str(after.phase) == "S1902M"
    assert after.supply_centers == before.supply_centers


def test_adjustment_counts(standard: GameMap) -> None:
    counts = adjustment_counts(
        {"France": FRANCE_HOME, "Italy": ()},
        [unit("France", "A PAR"), unit("Italy", "A TUN"), unit("Germany", "A KIE")],
    )
    assert counts == {"France": 2, "Italy": -1, "Germany": -1}


def test_eliminated_power_keeps_an_empty_entry(standard: GameMap) -> None:
    before = position("F1901M", {}, {"Italy": ("NAP",)})
    after = advance(standard, before, [unit("Austria", "A NAP")])
    assert after.supply_centers["Italy"] == ()
    assert after.supply_centers["Austria"] == ("NAP",)


def test_winners_at_the_threshold(standard: GameMap) -> None:
    centers = sorted(standard.supply_centers)
    assert winners(standard, {"France": tuple(centers[:18])}) == ("France",)
    assert winners(standard, {"France": tuple(centers[:17])}) == ()


@pytest.mark.parametrize("phase", ["F1905M", "F1905R"])
def test_victory_is_announced_after_the_fall_update(standard: GameMap, phase: str) -> None:
    centers = sorted(standard.supply_centers)
    taken = centers[:18]
    before = position(phase, {}, {"France": tuple(taken[:17])})
    units = [Unit("France", UnitType.ARMY, Location(pid)) for pid in taken]
    after = advance(standard, before, units)
    assert len(after.supply_centers["France"]) == 18
    assert victory_notes(standard, before, after) == (Victory("France"),)


def test_no_victory_after_spring(standard: GameMap) -> None:
    centers = sorted(standard.supply_centers)
    taken = tuple(centers[:18])
    before = position("S1905M", {}, {"France": taken})
    after = advance(standard, before, [])
    assert str(after.phase) == "F1905M"
    assert victory_notes(standard, before, after) == ()


def test_a_whole_year(standard: GameMap) -> None:
    """S1901M -> S1901R -> F1901M -> F1901R -> W1901A -> S1902M."""
    game = Position.initial(standard)
    pending = [Dislodgement(unit("Austria", "A VIE"), "GAL")]
    after_units = [u for u in game.units if u.province != "VIE"] + [unit("Russia", "A VIE")]
    after_units = [u for u in after_units if u.province != "WAR"]
    steps = [advance(standard, game, after_units, pending)]
    steps.append(advance(standard, steps[-1], [*after_units, unit("Austria", "A BOH")]))
    units2 = [u for u in steps[-1].units if u.province != "BOH"]
    steps.append(
        advance(standard, steps[-1], units2, [Dislodgement(unit("Austria", "A BOH"), "MUN")])
    )
    steps.append(advance(standard, steps[-1], units2))
    steps.append(advance(standard, steps[-1], units2))
    assert [str(p.phase) for p in steps] == ["S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert "VIE" in steps[3].supply_centers["Russia"]


def test_a_whole_year_through_the_engine(standard: GameMap) -> None:
    """Spring dislodgement, its retreat, Fall captures, winter builds: S1901M -> S1902M."""
    engine = pytest.importorskip("adjudicator.adjudication.engine")
    from adjudicator.base.model import Build, Hold, Move, Retreat, Support

    def loc(pid: str) -> Location:
        return Location(pid)

    army = UnitType.ARMY
    game = position(
        "S1901M",
        {"France": ["A PAR", "A MAR", "A BUR"], "Germany": ["A MUN", "A RUH"]},
        {"France": FRANCE_HOME, "Germany": GERMANY_HOME},
    )
    spring = engine.adjudicate(
        game,
        {
            "Germany": [
                Move(army, loc("MUN"), loc("BUR")),
                Support(army, loc("RUH"), army, loc("MUN"), loc("BUR")),
            ],
            "France": [Hold(army, loc("BUR"))],
        },
        game_map=standard,
    )
    assert str(spring.next_position.phase) == "S1901R"
    retreat = engine.adjudicate(
        spring.next_position, {"France": [Retreat(army, loc("BUR"), loc("PIC"))]}, game_map=standard
    )
    fall_start = retreat.next_position
    assert str(fall_start.phase) == "F1901M"
    assert fall_start.supply_centers == game.supply_centers
    fall = engine.adjudicate(
        fall_start,
        {"Germany": [Move(army, loc("BUR"), loc("BEL")), Move(army, loc("RUH"), loc("HOL"))]},
        game_map=standard,
    )
    winter = fall.next_position
    assert str(winter.phase) == "W1901A"
    assert winter.supply_centers["Germany"] == ("BEL", "BER", "HOL", "KIE", "MUN")
    builds = engine.adjudicate(
        winter,
        {"Germany": [Build(army, loc("BER")), Build(UnitType.FLEET, loc("KIE"))]},
        game_map=standard,
    )
    spring2 = builds.next_position
    assert str(spring2.phase) == "S1902M"
    assert {str(u) for u in spring2.units_of("Germany")} == {"A BEL", "A HOL", "A BER", "F KIE"}
    assert builds.notes == (UnusedBuilds("Germany", 1),)
