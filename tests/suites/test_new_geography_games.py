"""Short games on the two maps of new geography (issue 20), replayed through the library from
their first phase to a winter: Ancient Mediterranean from Spring 1 and the Hundred from 1425,
whose calendar puts the fall and its adjustments five years after the spring."""

from __future__ import annotations

from adjudicator import adjudicate, load_map, parse_orders
from adjudicator.board.map import GameMap
from adjudicator.state.outcomes import Adjudication, Outcome
from adjudicator.state.position import Position


def play(game_map: GameMap, plan: list[tuple[str, str]]) -> list[Adjudication]:
    """Each phase of ``plan`` (its code, its order text) adjudicated in turn from the map's
    starting position; every order must read without a problem."""
    position = Position.initial(game_map)
    done = []
    for phase, text in plan:
        assert str(position.phase) == phase
        read = parse_orders(text, game_map, position)
        assert read.ok, [str(d) for d in read.diagnostics]
        result = adjudicate(position, read.by_power())
        done.append(result)
        position = result.next_position
    return done


ANCMED_YEAR_1 = [
    (
        "S1M",
        """
        Carthage: A CAR - MAU; A CIR - NUM; F THA - GOT
        Egypt: F ALE - CYR; A MEM - MAR; A THB - SIN
        Greece: F SPA - MES; A MAC - BYZ; A ATH - EPI
        Persia: F SID - SYR; A ANT - CAP; A DAM - ARA
        Rome: F NEA - SIC; A ROM - ETR; A RAV - VEN
        """,
    ),
    (
        "F1M",
        """
        Carthage: A MAU - SAG; A NUM H; F GOT - LEP
        Egypt: F CYR H; A MAR H; A SIN - JER
        Greece: F MES - CRE; A BYZ H; A EPI H
        Persia: F SYR - TYE; A CAP - SIP; A ARA H
        Rome: F SIC H; A ETR - MAS; A VEN - DAL
        """,
    ),
    (
        "W1A",
        """
        Carthage: A CAR B; A CIR B; F THA B
        Egypt: F ALE B; F MEM B
        Greece: A ATH B; F SPA B
        Persia: A ANT B; F SID B
        Rome: A ROM B; A RAV B; F NEA B
        """,
    ),
]


def test_ancient_mediterranean_from_spring_1_to_its_winter() -> None:
    game_map = load_map("ancmed")
    done = play(game_map, ANCMED_YEAR_1)
    assert all(r.outcome is Outcome.SUCCEEDS for result in done for r in result.results), [
        str(r) for result in done for r in result.results if r.outcome is not Outcome.SUCCEEDS
    ]
    after_fall = done[1].next_position
    assert str(after_fall.phase) == "W1A"
    assert after_fall.supply_centers == {
        "Carthage": ("CAR", "CIR", "LEP", "NUM", "SAG", "THA"),
        "Egypt": ("ALE", "CYR", "JER", "MEM", "THB"),
        "Greece": ("ATH", "BYZ", "CRE", "MAC", "SPA"),
        "Persia": ("ANT", "DAM", "SID", "SIP", "TYE"),
        "Rome": ("DAL", "MAS", "NEA", "RAV", "ROM", "SIC"),
    }
    spring_2 = done[2].next_position
    assert str(spring_2.phase) == "S2M"
    assert {p: len(spring_2.units_of(p)) for p in game_map.powers} == {
        "Carthage": 6,
        "Egypt": 5,
        "Greece": 5,
        "Persia": 5,
        "Rome": 6,
    }
    assert "F MEM" in {str(u) for u in spring_2.units_of("Egypt")}  # a fleet on the Nile


HUNDRED_1425_1430 = [
    (
        "S1425M",
        """
        England: A NMD - BRT; A GUY H; A CAL H; F DEV - BCH; F LON - ECH
        France: A DAU - CAN; A TOU - ARA; A PAR H; A ORL H; A PRO H
        Burgundy: F HOL - WAS; A LUX H; A FLA H; A DIJ H
        """,
    ),
    (
        "F1430M",
        """
        England: A BRT H; A GUY H; A CAL H; F BCH - BIS; F ECH H
        France: A CAN H; A ARA - CAS; A PAR H; A ORL H; A PRO H
        Burgundy: F WAS H; A LUX H; A FLA H; A DIJ H
        """,
    ),
    (
        "W1430A",
        """
        England: F LON B
        France: A TOU B
        """,
    ),
]


def test_the_hundred_from_1425_to_its_adjustments_in_1430() -> None:
    """Five years a movement: S1425M, F1430M, W1430A, S1435M; the centres taken in the spring
    of 1425 and held in 1430 change hands only then."""
    game_map = load_map("hundred")
    done = play(game_map, HUNDRED_1425_1430)
    assert [str(r.position.phase) for r in done] == ["S1425M", "F1430M", "W1430A"]
    assert str(done[0].next_position.phase) == "F1430M"
    assert done[0].next_position.supply_centers == Position.initial(game_map).supply_centers
    winter = done[1].next_position
    assert winter.supply_centers["England"] == ("BRT", "CAL", "DEV", "GUY", "LON", "NMD")
    assert winter.supply_centers["France"] == ("CAN", "CAS", "DAU", "ORL", "PAR", "TOU")
    builds = {str(r.order): r.outcome for r in done[2].results}
    assert builds == {"F LON B": Outcome.SUCCEEDS, "A TOU B": Outcome.SUCCEEDS}
    spring = done[2].next_position
    assert str(spring.phase) == "S1435M"
    assert len(spring.units_of("England")) == 6
    assert len(spring.units_of("France")) == 6
