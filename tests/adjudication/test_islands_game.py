"""A first year on the world of islands (maps/islands.yaml), played through the library from
the start to Winter 1901: every power's first centre is won by a convoy (issue 20).

Spring 1901 brings fleets into the straits and seas beside the armies (Kiel to the Eider
Strait, Trieste to the Sava Strait, Sevastopol to the Dniester Strait, Ankara to the Black
Sea); in Fall 1901 each power convoys an army to a neutral centre (Turkey's Constantinople to
Bulgaria by the Black Sea, since no army walks across a former border); Winter 1901 builds.
"""

from __future__ import annotations

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import UnitType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.orders.read import parse_orders
from adjudicator.state.outcomes import Outcome
from adjudicator.state.position import Position

ISLANDS = load_map("islands")

YEAR: tuple[tuple[str, str], ...] = (
    (
        "S1901M",
        """
        England: F LON - NTH; F EDI - NWG; A LVP - YOR
        France: F BRE - MAO; A MAR - GAS; A PAR - BUR
        Germany: F KIE - EID; A BER - KIE; A MUN - RUH
        Italy: F NAP - TYS; A VEN - PIE; A ROM H
        Austria: F TRI - SAV; A VIE - TRI; A BUD H
        Russia: F SEV - DNI; A MOS - SEV; F STP/SC - BOT; A WAR H
        Turkey: F ANK - BLA; A SMY - ANK; A CON H
        """,
    ),
    (
        "F1901M",
        """
        England: A YOR - NWY; F NTH C A YOR - NWY; F NWG H
        France: A GAS - SPA; F MAO C A GAS - SPA; A BUR H
        Germany: A KIE - DEN; F EID C A KIE - DEN; A RUH - BER
        Italy: A ROM - TUN; F TYS C A ROM - TUN; A PIE H
        Austria: A BUD - SER; F SAV C A BUD - SER; A TRI H
        Russia: A SEV - RUM; F DNI C A SEV - RUM; F BOT - SWE; A WAR H
        Turkey: A CON - BUL; F BLA C A CON - BUL; A ANK H
        """,
    ),
    (
        "W1901A",
        """
        England: F LON B
        France: A MAR B
        Germany: A BER B
        Italy: F NAP B
        Austria: A VIE B
        Russia: F STP/NC B; A MOS B
        Turkey: A SMY B
        """,
    ),
)


def _play() -> list[Position]:
    position = Position.initial(ISLANDS)
    seen = [position]
    for phase, text in YEAR:
        assert str(position.phase) == phase
        read = parse_orders(text, ISLANDS, position)
        assert read.ok, read.diagnostics
        result = adjudicate(position, read.by_power(), Rules(), game_map=ISLANDS)
        failed = [str(r.order) for r in result.results if r.outcome is not Outcome.SUCCEEDS]
        if phase == "F1901M":
            # the Ruhr cannot walk to Berlin across the Elbe: it fails, nothing else does
            assert failed == ["A RUH - BER"]
        else:
            assert failed == [], phase
        position = result.next_position
        seen.append(position)
    return seen


def test_a_year_of_convoys_from_spring_to_winter() -> None:
    positions = _play()
    after = positions[-1]
    assert str(after.phase) == "S1902M"
    units = {p: sorted(str(u) for u in after.units if u.power == p) for p in ISLANDS.powers}
    assert units == {
        "Austria": ["A SER", "A TRI", "A VIE", "F SAV"],
        "England": ["A NWY", "F LON", "F NTH", "F NWG"],
        "France": ["A BUR", "A MAR", "A SPA", "F MAO"],
        "Germany": ["A BER", "A DEN", "A RUH", "F EID"],
        "Italy": ["A PIE", "A TUN", "F NAP", "F TYS"],
        "Russia": ["A MOS", "A RUM", "A WAR", "F DNI", "F STP/NC", "F SWE"],
        "Turkey": ["A ANK", "A BUL", "A SMY", "F BLA"],
    }
    won = {
        p: sorted(set(c) - set(ISLANDS.home_centers(p))) for p, c in after.supply_centers.items()
    }
    assert won == {
        "Austria": ["SER"],
        "England": ["NWY"],
        "France": ["SPA"],
        "Germany": ["DEN"],
        "Italy": ["TUN"],
        "Russia": ["RUM", "SWE"],
        "Turkey": ["BUL"],
    }


def test_the_fall_position_has_every_army_beside_its_convoy() -> None:
    fall = _play()[1]
    assert str(fall.phase) == "F1901M"
    fleets = sorted(str(u) for u in fall.units if u.type is UnitType.FLEET)
    assert fleets == [
        "F BLA",
        "F BOT",
        "F DNI",
        "F EID",
        "F MAO",
        "F NTH",
        "F NWG",
        "F SAV",
        "F TYS",
    ]
