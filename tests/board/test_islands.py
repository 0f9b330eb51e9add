"""The world of islands (maps/islands.yaml, docs/islands.md): its graph checked fact by fact
against the standard map it was derived from.

The countries are stated here again, independently of the generator (``tools/islands.py``),
as the rules of the variant say them; the graph must follow from them and the standard board.
"""

from __future__ import annotations

import itertools
from importlib import resources
from pathlib import Path

import pytest

from adjudicator.base.model import Location, UnitType
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.board.topology import map_topology

STANDARD = load_map("standard")
ISLANDS = load_map("islands")
ROOT = Path(__file__).resolve().parents[2]

COUNTRIES = {
    "England": {"CLY", "EDI", "LON", "LVP", "WAL", "YOR"},
    "France": {"BRE", "BUR", "GAS", "MAR", "PAR", "PIC"},
    "East Elbia": {"BER", "KIE", "PRU", "SIL"},
    "West Elbia": {"MUN", "RUH"},
    "Italy": {"APU", "NAP", "PIE", "ROM", "TUS", "VEN"},
    "Austria": {"BOH", "BUD", "GAL", "TRI", "TYR", "VIE"},
    "Russia": {"FIN", "LVN", "MOS", "SEV", "STP", "UKR", "WAR"},
    "Turkey": {"ANK", "ARM", "CON", "SMY", "SYR"},
    **{pid: {pid} for pid in ("ALB", "BEL", "BUL", "DEN", "GRE", "HOL", "NAF")},
    **{pid: {pid} for pid in ("NWY", "POR", "RUM", "SER", "SPA", "SWE", "TUN")},
}
COUNTRY = {pid: name for name, pids in COUNTRIES.items() for pid in pids}
STRAITS = sorted(set(ISLANDS.provinces) - set(STANDARD.provinces))


def _land(game_map: GameMap, pid: str) -> bool:
    return game_map.provinces[pid].type in (ProvinceType.LAND, ProvinceType.COAST)


def _former_borders() -> dict[frozenset[str], set[str]]:
    """Pair of countries -> the provinces of either that lay on their common border."""
    borders: dict[frozenset[str], set[str]] = {}
    for pid in STANDARD.provinces:
        if not _land(STANDARD, pid):
            continue
        for other in STANDARD.reachable_provinces(Location(pid), UnitType.ARMY):
            if COUNTRY[pid] != COUNTRY[other]:
                borders.setdefault(frozenset((COUNTRY[pid], COUNTRY[other])), set()).update(
                    (pid, other)
                )
    return borders


def _strait_shores(strait: str) -> set[str]:
    return {p for p in ISLANDS.province_neighbours(strait) if _land(ISLANDS, p)}


def test_every_land_province_is_in_one_country() -> None:
    land = {pid for pid in STANDARD.provinces if _land(STANDARD, pid)}
    assert set(COUNTRY) == land
    assert sum(len(pids) for pids in COUNTRIES.values()) == len(land)


def test_no_army_border_between_countries_and_every_one_inside() -> None:
    for pid in ISLANDS.provinces:
        if not _land(ISLANDS, pid):
            continue
        walks = ISLANDS.reachable_provinces(Location(pid), UnitType.ARMY)
        assert all(COUNTRY[other] == COUNTRY[pid] for other in walks), pid
        before = STANDARD.reachable_provinces(Location(pid), UnitType.ARMY)
        assert walks == {other for other in before if COUNTRY[other] == COUNTRY[pid]}, pid


def test_each_country_is_one_land_mass_and_an_island() -> None:
    topology = map_topology(ISLANDS)
    assert sorted(map(set, topology.army_regions), key=sorted) == sorted(
        COUNTRIES.values(), key=sorted
    )
    assert len(topology.fleet_regions) == 1  # every strait reachable from every sea
    assert topology.unreachable == ()
    assert topology.stranded_armies == ()


def test_no_border_of_any_kind_between_countries() -> None:
    for pid in ISLANDS.provinces:
        if _land(ISLANDS, pid):
            touching = {p for p in ISLANDS.province_neighbours(pid) if _land(ISLANDS, p)}
            assert all(COUNTRY[p] == COUNTRY[pid] for p in touching), pid


def test_one_strait_per_pair_of_neighbouring_countries_touching_exactly_their_border() -> None:
    borders = _former_borders()
    assert len(STRAITS) == len(borders) == 34
    by_shores = {frozenset(_strait_shores(s)): s for s in STRAITS}
    for pair, provinces in borders.items():
        assert frozenset(provinces) in by_shores, f"no strait along {sorted(pair)}"
    for strait in STRAITS:
        assert ISLANDS.provinces[strait].type is ProvinceType.SEA


@pytest.mark.parametrize(
    ("strait", "shores", "waters"),
    [
        # the Elbe: Kiel, Berlin and Silesia on its right bank, Munich and the Ruhr on its left
        ("ELB", "BER KIE MUN RUH SIL", "EMS INN KLE SUD"),
        ("ORE", "DEN SWE", "BAL SKA"),  # the Oresund joins Skagerrak and the Baltic
        ("EID", "DEN KIE", "BAL HEL"),
        ("THR", "BUL/EC BUL/SC CON", "AEG BLA"),  # a second way between the two seas
        ("PYR", "GAS MAR SPA/NC SPA/SC", "LYO MAO"),
        ("GUA", "POR SPA/NC SPA/SC", "MAO"),
        ("LAP", "FIN NWY STP/NC", "BAR KOL TOR"),
        ("TIM", "BUL/EC BUL/SC SER", "DAN IRG RHO VAR"),  # inland: both of Bulgaria's coasts
        ("DAN", "BUL/EC RUM", "BLA IRG TIM"),
        ("RHO", "BUL/SC GRE", "AEG TIM VAR"),
        ("KOL", "NWY SWE", "LAP SKA TOR"),
        ("RHI", "BUR MUN RUH", "EIF FLA"),  # it ends at Switzerland's rocks
        ("TAB", "NAF TUN", "WES"),
    ],
)
def test_straits_touch_what_they_should(strait: str, shores: str, waters: str) -> None:
    found = {str(n) for n in ISLANDS.neighbours(Location(strait), UnitType.FLEET)}
    assert found == set(shores.split()) | set(waters.split())


def test_inland_provinces_on_a_strait_became_coastal() -> None:
    inland = {pid for pid, p in ISLANDS.provinces.items() if p.type is ProvinceType.LAND}
    assert inland == {"MOS", "PAR", "VIE"}
    for pid, province in STANDARD.provinces.items():
        became = ISLANDS.provinces[pid].type
        if province.type is ProvinceType.LAND and pid not in inland:
            assert became is ProvinceType.COAST, pid
            assert any(s in STRAITS for s in ISLANDS.province_neighbours(pid)), pid
        elif province.type is not ProvinceType.LAND:
            assert became is province.type, pid


def test_fleets_no_longer_sail_along_a_coast_from_one_country_to_another() -> None:
    assert not ISLANDS.adjacent(Location("POR"), Location("SPA", "NC"), UnitType.FLEET)
    assert not ISLANDS.adjacent(Location("PIC"), Location("BEL"), UnitType.FLEET)
    assert not ISLANDS.adjacent(Location("MAR"), Location("PIE"), UnitType.FLEET)
    # ... but along a new stretch of coast inside one country they do
    assert ISLANDS.adjacent(Location("PIC"), Location("BUR"), UnitType.FLEET)
    assert ISLANDS.adjacent(Location("MUN"), Location("RUH"), UnitType.FLEET)
    assert ISLANDS.adjacent(Location("FIN"), Location("STP", "NC"), UnitType.FLEET)
    for pid in ISLANDS.provinces:
        for location in ISLANDS.locations(pid, UnitType.FLEET):
            for other in ISLANDS.neighbours(location, UnitType.FLEET):
                if _land(ISLANDS, pid) and _land(ISLANDS, other.province):
                    assert COUNTRY[pid] == COUNTRY[other.province], (location, other)


def test_the_old_seas_keep_their_borders_with_each_other() -> None:
    for pid in STANDARD.provinces:
        if STANDARD.is_sea(pid):
            old = {str(n) for n in STANDARD.neighbours(Location(pid), UnitType.FLEET)}
            new = {str(n) for n in ISLANDS.neighbours(Location(pid), UnitType.FLEET)}
            assert old <= new, pid
            assert all(n.split("/")[0] in STRAITS for n in new - old), pid


def test_straits_meet_where_three_countries_met() -> None:
    """Two straits border exactly when three provinces of three countries bordered each
    other, two of the countries on one strait and two on the other."""
    expected: set[frozenset[str]] = set()
    pair_to_strait = {frozenset(COUNTRY[p] for p in _strait_shores(s)): s for s in STRAITS}
    for a, b, c in itertools.combinations(sorted(COUNTRY), 3):
        if len({COUNTRY[a], COUNTRY[b], COUNTRY[c]}) < 3:
            continue
        walks = STANDARD.reachable_provinces
        if (
            b in walks(Location(a), UnitType.ARMY)
            and c in walks(Location(a), UnitType.ARMY)
            and (c in walks(Location(b), UnitType.ARMY))
        ):
            straits = [
                pair_to_strait[frozenset((COUNTRY[x], COUNTRY[y]))]
                for x, y in ((a, b), (a, c), (b, c))
            ]
            expected.update(frozenset(p) for p in itertools.combinations(straits, 2))
    found = {
        frozenset((s, t)) for s in STRAITS for t in ISLANDS.province_neighbours(s) if t in STRAITS
    }
    assert found == expected


def test_two_coasts_kept() -> None:
    for pid in ("SPA", "BUL", "STP"):
        assert ISLANDS.provinces[pid].coasts == STANDARD.provinces[pid].coasts


def test_centres_powers_and_start_are_the_standard_games() -> None:
    assert ISLANDS.supply_centers == STANDARD.supply_centers
    assert ISLANDS.starting_units == STANDARD.starting_units
    assert dict(ISLANDS.starting_centers) == dict(STANDARD.starting_centers)
    assert ISLANDS.victory == STANDARD.victory
    assert load_map("7ww") is ISLANDS


def test_strait_names_are_new_in_english_and_german() -> None:
    for strait in STRAITS:
        for lang in ("en", "de"):
            for name in (strait, *ISLANDS.provinces[strait].names[lang]):
                assert STANDARD.lookup(name, lang) == (), (strait, name, lang)
                assert ISLANDS.lookup(name, lang) == (strait,), (strait, name, lang)
    assert ISLANDS.lookup("Elbe", "de") == ("ELB",)
    assert ISLANDS.lookup("Öresund", "de") == ("ORE",)
    assert ISLANDS.lookup("Pyrenees Strait") == ("PYR",)


def test_the_shipped_map_is_what_the_generator_makes() -> None:
    islands = pytest.importorskip("tools.islands", reason="run from the repository's root")
    shipped = (resources.files("adjudicator.maps") / "islands.yaml").read_text("utf-8")
    assert islands.generate() == shipped


@pytest.mark.thorough  # two seconds of shapely: .ci/run runs it (pytest -m thorough)
def test_the_shipped_drawing_is_what_the_derivation_makes() -> None:
    pytest.importorskip("shapely", reason="the derivation needs shapely")
    derived = pytest.importorskip("tools.drawmap.islands", reason="run from the repository's root")
    build = pytest.importorskip("tools.drawmap.build")
    made = build.dumps(derived.derive_islands(ROOT / "maps" / "standard.drawing.json"))
    shipped = (resources.files("adjudicator.maps") / "islands.drawing.json").read_text("utf-8")
    assert made == shipped
