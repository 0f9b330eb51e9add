"""The shipped maps: the standard map checked fact by fact, name lookups, the GameMap API and
:func:`load_map` (names, aliases, paths, caching, the installed wheel).

The facts below are our own encoding of the published standard board (counts, per-province
border counts, coasts, starting units); they were cross-checked against the summary in
``shared/reference/notation.md`` section 9.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.base.errors import MapError
from adjudicator.base.model import Location, Phase, PhaseType, Season, Unit, UnitType
from adjudicator.board.load import available_maps, load_map
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.lang.fold import fold_name
from adjudicator.state.position import Position

REPO = Path(__file__).resolve().parents[2]
A = UnitType.ARMY
F = UnitType.FLEET


@pytest.fixture(scope="module")
def std() -> GameMap:
    return load_map("standard")


@pytest.fixture(scope="module")
def tiny() -> GameMap:
    return load_map("testmap")


def loc(text: str) -> Location:
    return Location.parse(text)


# --------------------------------------------------------------------------- facts
# One row per province: id, kind (l = inland, c = coastal, s = sea), centre (power name for a
# home centre, "*" for a neutral centre, "" for none), number of army neighbours, number of fleet
# neighbours (an int, or per coast "NC:2 SC:3" for the two-coast provinces).
PROVINCE_FACTS = """
ADR s  -        0 5
AEG s  -        0 6
ALB c  -        3 4
ANK c  Turkey   3 3
APU c  -        3 4
ARM c  -        4 3
BAL s  -        0 7
BAR s  -        0 3
BEL c  *        4 4
BER c  Germany  4 3
BLA s  -        0 6
BOH l  -        5 0
BOT s  -        0 5
BRE c  France   3 4
BUD l  Austria  5 0
BUL c  *        4 EC:3,SC:3
BUR l  -        7 0
CLY c  -        2 4
CON c  Turkey   3 6
DEN c  *        2 6
EAS s  -        0 4
EDI c  England  3 4
ENG s  -        0 8
FIN c  -        3 3
GAL l  -        7 0
GAS c  -        5 3
GRE c  *        3 4
HEL s  -        0 4
HOL c  *        3 4
ION s  -        0 9
IRI s  -        0 5
KIE c  Germany  5 5
LON c  England  2 4
LVN c  -        4 4
LVP c  England  4 4
LYO s  -        0 6
MAO s  -        0 10
MAR c  France   4 3
MOS l  Russia   5 0
MUN l  Germany  7 0
NAF c  -        1 3
NAO s  -        0 5
NAP c  Italy    2 4
NTH s  -        0 11
NWG s  -        0 6
NWY c  *        3 6
PAR l  France   4 0
PIC c  -        4 3
PIE c  -        4 3
POR c  *        1 3
PRU c  -        4 3
ROM c  Italy    4 3
RUH l  -        5 0
RUM c  *        6 3
SER l  *        6 0
SEV c  Russia   4 3
SIL l  -        6 0
SKA s  -        0 4
SMY c  Turkey   4 4
SPA c  *        3 NC:3,SC:5
STP c  Russia   4 NC:2,SC:3
SWE c  *        3 6
SYR c  -        2 2
TRI c  Austria  6 3
TUN c  *        1 4
TUS c  -        3 4
TYR l  -        6 0
TYS s  -        0 7
UKR l  -        5 0
VEN c  Italy    6 3
VIE l  Austria  5 0
WAL c  -        3 4
WAR l  Russia   6 0
WES s  -        0 6
YOR c  -        4 3
"""
KINDS = {"l": ProvinceType.LAND, "c": ProvinceType.COAST, "s": ProvinceType.SEA}


def _facts() -> Iterator[tuple[str, ProvinceType, str, int, dict[str | None, int]]]:
    for row in PROVINCE_FACTS.strip().splitlines():
        pid, kind, centre, army, fleet = row.split()
        if ":" in fleet:
            per_coast: dict[str | None, int] = {
                c: int(n) for c, n in (part.split(":") for part in fleet.split(","))
            }
        else:
            per_coast = {None: int(fleet)}
        yield pid, KINDS[kind], centre, int(army), per_coast


FACTS = list(_facts())

# Coast -> its fleet neighbours, for the three two-coast provinces.
COAST_NEIGHBOURS = {
    "BUL/EC": "BLA CON RUM",
    "BUL/SC": "AEG CON GRE",
    "SPA/NC": "GAS MAO POR",
    "SPA/SC": "LYO MAO MAR POR WES",
    "STP/NC": "BAR NWY",
    "STP/SC": "BOT FIN LVN",
}

# Two coastal provinces that share a land border but no coastline: armies only.
ARMY_ONLY_PAIRS = {
    frozenset(p.split("-"))
    for p in (
        *("ANK-SMY", "APU-ROM", "ARM-SMY", "ARM-SYR", "EDI-LVP", "FIN-NWY"),
        *("GAS-MAR", "LVP-YOR", "PIE-VEN", "ROM-VEN", "TUS-VEN", "WAL-YOR"),
    )
}

STARTING_UNITS = {
    "Austria": "A BUD, A VIE, F TRI",
    "England": "A LVP, F EDI, F LON",
    "France": "A MAR, A PAR, F BRE",
    "Germany": "A BER, A MUN, F KIE",
    "Italy": "A ROM, A VEN, F NAP",
    "Russia": "A MOS, A WAR, F SEV, F STP/SC",
    "Turkey": "A CON, A SMY, F ANK",
}


def _army_edges(m: GameMap) -> set[frozenset[str]]:
    return {
        frozenset((pid, n.province)) for pid in m.provinces for n in m.neighbours(Location(pid), A)
    }


def _fleet_locations(m: GameMap) -> list[Location]:
    return [x for pid in m.provinces for x in m.locations(pid, F)]


def test_province_counts(std: GameMap) -> None:
    kinds = [p.type for p in std.provinces.values()]
    assert len(std.provinces) == 76  # 75 and Switzerland
    assert kinds.count(ProvinceType.SEA) == 19
    assert kinds.count(ProvinceType.COAST) == 42
    assert kinds.count(ProvinceType.LAND) == 14
    assert [p.id for p in std.provinces.values() if p.type is ProvinceType.IMPASSABLE] == ["SWI"]
    assert sorted(p.id for p in std.provinces.values() if p.coasts) == ["BUL", "SPA", "STP"]
    assert {p.id for p in std.provinces.values() if p.type is not ProvinceType.IMPASSABLE} == {
        f[0] for f in FACTS
    }


def test_supply_centres(std: GameMap) -> None:
    assert len(std.supply_centers) == 34
    homes = {power: std.home_centers(power) for power in std.powers}
    assert sum(len(h) for h in homes.values()) == 22
    assert {power: len(h) for power, h in homes.items()} == {
        "Austria": 3,
        "England": 3,
        "France": 3,
        "Germany": 3,
        "Italy": 3,
        "Russia": 4,
        "Turkey": 3,
    }
    neutral = {p.id for p in std.provinces.values() if p.supply_center and p.home is None}
    assert len(neutral) == 12
    assert std.victory == 18


def test_army_graph(std: GameMap) -> None:
    army_locations = [x for pid in std.provinces for x in std.locations(pid, A)]
    assert len(army_locations) == 56
    directed = sum(len(std.neighbours(x, A)) for x in army_locations)
    assert directed == 222
    assert len(_army_edges(std)) == 111


def test_fleet_graph(std: GameMap) -> None:
    fleet_locations = _fleet_locations(std)
    assert len(fleet_locations) == 64
    assert sum(1 for x in fleet_locations if std.is_sea(x.province)) == 19
    assert sum(1 for x in fleet_locations if x.coast is not None) == 6
    directed = sum(len(std.neighbours(x, F)) for x in fleet_locations)
    assert directed == 282


@pytest.mark.parametrize("unit_type", [A, F])
def test_borders_are_symmetric(std: GameMap, unit_type: UnitType) -> None:
    for pid in std.provinces:
        for here in std.locations(pid, unit_type):
            for there in std.neighbours(here, unit_type):
                assert std.adjacent(there, here, unit_type), (here, there)


@pytest.mark.parametrize(
    ("pid", "kind", "centre", "army", "fleet"), FACTS, ids=[f[0] for f in FACTS]
)
def test_province_facts(
    std: GameMap,
    pid: str,
    kind: ProvinceType,
    centre: str,
    army: int,
    fleet: dict[str | None, int],
) -> None:
    prov = std.province(pid)
    assert prov.type is kind
    assert prov.supply_center == (centre != "-")
    assert prov.home == (centre if centre not in ("-", "*") else None)
    assert len(std.neighbours(Location(pid), A)) == army
    coasts = tuple(c for c in fleet if c is not None)
    assert prov.coasts == coasts
    for coast, count in fleet.items():
        assert len(std.neighbours(Location(pid, coast), F)) == count
    assert std.is_sea(pid) == (kind is ProvinceType.SEA)
    assert std.is_coastal(pid) == (kind is ProvinceType.COAST)


@pytest.mark.parametrize("coast", sorted(COAST_NEIGHBOURS))
def test_multi_coast_neighbours(std: GameMap, coast: str) -> None:
    got = sorted(str(x) for x in std.neighbours(loc(coast), F))
    assert got == COAST_NEIGHBOURS[coast].split()


def test_bare_multi_coast_province_is_no_fleet_location(std: GameMap) -> None:
    for pid in ("BUL", "SPA", "STP"):
        assert std.neighbours(Location(pid), F) == frozenset()
        assert not std.is_valid_location(Location(pid), F)
        assert std.is_valid_location(Location(pid), A)


def test_army_only_pairs(std: GameMap) -> None:
    """Coastal neighbours with no shared coastline are exactly the twelve known pairs."""
    fleet_pairs = {
        frozenset((x.province, n.province))
        for x in _fleet_locations(std)
        for n in std.neighbours(x, F)
    }
    coastal_army = {e for e in _army_edges(std) if all(std.is_coastal(p) for p in e)}
    assert coastal_army - fleet_pairs == ARMY_ONLY_PAIRS


def test_fleet_borders_between_coasts_are_army_borders(std: GameMap) -> None:
    army = _army_edges(std)
    for x in _fleet_locations(std):
        for n in std.neighbours(x, F):
            if std.is_coastal(x.province) and std.is_coastal(n.province):
                assert frozenset((x.province, n.province)) in army, (x, n)


@pytest.mark.parametrize(
    ("through", "one_side", "other_side"),
    [
        ("KIE", "HEL HOL", "BAL BER"),
        ("CON", "BLA", "AEG"),
        ("DEN", "NTH HEL SKA", "BAL"),
    ],
)
def test_canal_provinces(std: GameMap, through: str, one_side: str, other_side: str) -> None:
    for side in (one_side, other_side):
        for other in side.split():
            assert std.adjacent(loc(through), loc(other), F)
            assert std.adjacent(loc(other), loc(through), F)


def test_spot_checks(std: GameMap) -> None:
    assert std.adjacent(loc("NWY"), loc("STP"), A)
    assert std.adjacent(loc("NWY"), loc("STP/NC"), F)
    assert not std.adjacent(loc("NWY"), loc("STP/SC"), F)
    assert std.adjacent(loc("LVP"), loc("NAO"), F)
    assert not std.adjacent(loc("CLY"), loc("IRI"), F)
    for a, b in (("DEN", "SWE"), ("NAF", "TUN")):
        assert std.adjacent(loc(a), loc(b), A)
        assert std.adjacent(loc(a), loc(b), F)


def test_switzerland_is_never_enterable(std: GameMap) -> None:
    swi = std.province("SWI")
    assert swi.type is ProvinceType.IMPASSABLE
    assert not swi.supply_center
    for unit_type in (A, F):
        assert std.locations("SWI", unit_type) == ()
        assert std.neighbours(loc("SWI"), unit_type) == frozenset()
        for pid in ("MAR", "BUR", "MUN", "TYR", "PIE"):
            assert not std.adjacent(loc(pid), loc("SWI"), unit_type)
    assert std.lookup("Switzerland") == ("SWI",)
    assert std.lookup("Schweiz", "de") == ("SWI",)


def test_coast_needed_only_for_three_moves(std: GameMap) -> None:
    """A fleet move needs an explicit coast only for CON-BUL, MAO-SPA and POR-SPA."""
    ambiguous = {
        (str(x), pid)
        for x in _fleet_locations(std)
        for pid in ("BUL", "SPA", "STP")
        if len(std.fleet_targets(x, pid)) > 1
    }
    assert ambiguous == {("CON", "BUL"), ("MAO", "SPA"), ("POR", "SPA")}


def test_starting_units(std: GameMap) -> None:
    for power, units in STARTING_UNITS.items():
        assert sorted(str(u) for u in std.powers[power].start) == units.split(", ")
        assert all(u.power == power for u in std.powers[power].start)
    assert len(std.starting_units) == 22
    assert dict(std.starting_centers) == {p: std.home_centers(p) for p in STARTING_UNITS}


def test_initial_position(std: GameMap) -> None:
    p = Position.initial(std)
    assert p.phase == Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
    assert p.map_name == "standard"
    assert len(p.units) == 22
    assert p.unit_at("STP") == Unit("Russia", F, loc("STP/SC"))
    assert p.owner("VIE") == "Austria"
    assert p.owner("BEL") is None
    assert sum(len(cs) for cs in p.supply_centers.values()) == 22


def test_powers(std: GameMap) -> None:
    assert sorted(std.powers) == sorted(STARTING_UNITS)
    assert std.powers["Germany"].display("de") == "Deutschland"
    assert std.powers["Germany"].display() == "Germany"
    assert std.powers["France"].adjective() == "French"
    assert std.powers["France"].adjective("de") == "französisch"
    assert std.powers["France"].adjective("xx") == "French"


# --------------------------------------------------------------------------- names
@pytest.mark.parametrize(
    ("name", "pid"),
    [
        # the common alternate codes
        ("nao", "NAO"),
        ("nat", "NAO"),
        ("nwg", "NWG"),
        ("nrg", "NWG"),
        ("mao", "MAO"),
        ("mid", "MAO"),
        ("mat", "MAO"),
        ("lyo", "LYO"),
        ("gol", "LYO"),
        ("nwy", "NWY"),
        ("nor", "NWY"),
        ("eng", "ENG"),
        ("ech", "ENG"),
        ("bot", "BOT"),
        ("gob", "BOT"),
        # DAIDE spellings, in upper case
        ("ECH", "ENG"),
        ("GOB", "BOT"),
        ("GOL", "LYO"),
        # full names and folding of case, dots, hyphens, spaces and apostrophes
        ("St. Petersburg", "STP"),
        ("st petersburg", "STP"),
        ("St-Petersburg", "STP"),
        ("ST.PETERSBURG", "STP"),
        ("stpetersburg", "STP"),
        ("Saint Petersburg", "STP"),
        ("StP", "STP"),
        ("Mid-Atlantic Ocean", "MAO"),
        ("mid atlantic ocean", "MAO"),
        ("MidAtlantic", "MAO"),
        ("  North   Sea ", "NTH"),
        ("north-sea", "NTH"),
        ("Gulf of Lyon", "LYO"),
        ("gulf of lyons", "LYO"),
        ("Helgoland Bight", "HEL"),
        ("English Channel", "ENG"),
        ("channel", "ENG"),
        ("black", "BLA"),
        ("irish", "IRI"),
        ("baltic", "BAL"),
        ("romania", "RUM"),
        ("rom", "ROM"),
        ("nora", "NAF"),
        ("lvp", "LVP"),
        ("lpl", "LVP"),
        ("livp", "LVP"),
        ("den", "DEN"),
        ("east", "EAS"),
        ("western", "WES"),
        ("tyr", "TYR"),
        ("tyrol", "TYR"),
        ("tyrr", "TYS"),
        ("switz", "SWI"),
    ],
)
def test_english_names(std: GameMap, name: str, pid: str) -> None:
    assert std.lookup(name) == (pid,)
    assert std.lookup(name, "en") == (pid,)


@pytest.mark.parametrize("pid", ["ADR", "BUL", "NTH", "STP", "SWI", "TYR", "YOR"])
def test_ids_are_names_in_every_language(std: GameMap, pid: str) -> None:
    assert std.lookup(pid) == (pid,)
    assert std.lookup(pid.lower()) == (pid,)
    if pid != "TYR":
        assert std.lookup(pid, "de") == (pid,)


@pytest.mark.parametrize("trap", ["liv", "na", "ns", "bs", "xyz", "", "north"])
def test_names_that_mean_nothing(std: GameMap, trap: str) -> None:
    assert std.lookup(trap) == ()


def test_liv_suggests_liverpool(std: GameMap) -> None:
    assert std.lookup("liv") == ()
    assert "LVP" in std.suggest("liv")
    assert std.suggest("Liverpol") == ["LVP"]
    assert std.suggest("Sevastapol")[0] == "SEV"
    assert std.suggest("zzzzzz") == []
    assert len(std.suggest("s", limit=2)) <= 2


@pytest.mark.parametrize(
    ("name", "pid"),
    [
        ("tyr", "TYR"),  # the German rules text: `Tyr` is Tyrolia, the sea `TyS` or `Tyh`
        ("Tyrolia", "TYR"),
        ("Tyh", "TYS"),
        ("tir", "TYR"),
        ("Tirol", "TYR"),
        ("Tyrrhenisches Meer", "TYS"),
        ("Ärmelkanal", "ENG"),
        ("Aermelkanal", "ENG"),
        ("ärmelkanal", "ENG"),
        ("München", "MUN"),
        ("Muenchen", "MUN"),
        ("mue", "MUN"),
        ("Preußen", "PRU"),
        ("Preussen", "PRU"),
        ("Östliches Mittelmeer", "EAS"),
        ("Oestliches Mittelmeer", "EAS"),
        ("Sankt Petersburg", "STP"),
        ("St. Petersburg", "STP"),
        ("Nordsee", "NTH"),
        ("Niederlande", "HOL"),
        ("Holland", "HOL"),
        ("bas", "BAL"),
        ("Ostsee", "BAL"),
        ("Europäisches Nordmeer", "NWG"),
        ("gol", "LYO"),
        ("nat", "NAO"),
    ],
)
def test_german_names(std: GameMap, name: str, pid: str) -> None:
    assert std.lookup(name, "de") == (pid,)


def test_tyr_depends_on_language(std: GameMap) -> None:
    assert std.lookup("tyr", "en") == ("TYR",)
    assert std.lookup("tyr", "de") == ("TYR",)
    assert std.lookup("tyr", "de-dpjudge") == ("TYS",)  # DPjudge's German set, opt-in
    assert std.lookup("tir", "de-dpjudge") == ("TYR",)
    assert std.lookup("tyr", "fr") == ("TYR",)  # unknown language: the map's default (English)
    assert std.lookup("Tirol", "en") == ()


def test_names_table(std: GameMap) -> None:
    en = std.names("en")
    assert en[fold_name("St. Petersburg")] == ("STP",)
    assert en["tyr"] == ("TYR",)
    assert std.names("de")["tyr"] == ("TYR",)
    assert std.names("de-dpjudge")["tyr"] == ("TYS",)
    assert all(len(ids) == 1 for ids in en.values())
    # only the names the map declares shared have two readings (`shared_names`)
    shared = {k: v for k, v in std.names("de").items() if len(v) > 1}
    assert shared == {"liv": ("LVN", "LVP")}


def test_display_names(std: GameMap) -> None:
    assert std.province("STP").name() == "St. Petersburg"
    assert std.province("ENG").name("de") == "Ärmelkanal"
    assert std.province("ENG").name("xx") == "English Channel"


@pytest.mark.parametrize(
    ("word", "lang", "code"),
    [
        ("nc", "en", "NC"),
        ("NC", "en", "NC"),
        ("north coast", "en", "NC"),
        ("North-Coast", "en", "NC"),
        ("south", "en", "SC"),
        ("ec", "en", "EC"),
        ("Nordküste", "de", "NC"),
        ("Nordkueste", "de", "NC"),
        ("nk", "de", "NC"),
        ("sk", "de", "SC"),
        ("ok", "de", "EC"),
        ("Ost", "de", "EC"),
        ("nc", "de", "NC"),  # the code itself works in every language
    ],
)
def test_coast_words(std: GameMap, word: str, lang: str, code: str) -> None:
    assert std.lookup_coast(word, lang) == code


def test_unknown_coast_word(std: GameMap) -> None:
    assert std.lookup_coast("wc") is None
    assert std.lookup_coast("nk", "en") is None


@pytest.mark.parametrize(
    ("name", "lang", "power"),
    [
        ("England", "en", "England"),
        ("england", "en", "England"),
        ("ENG", "en", "England"),
        ("English", "en", "England"),
        ("Great Britain", "en", "England"),
        ("Austria-Hungary", "en", "Austria"),
        ("austria hungary", "en", "Austria"),
        ("A", "en", "Austria"),
        ("Deutschland", "de", "Germany"),
        ("D", "de", "Germany"),
        ("Türkei", "de", "Turkey"),
        ("Tuerkei", "de", "Turkey"),
        ("Österreich", "de", "Austria"),
        ("ÖU", "de", "Austria"),
        ("Germany", "de", "Germany"),  # the canonical name works in every language
        ("russisch", "de", "Russia"),
    ],
)
def test_power_names(std: GameMap, name: str, lang: str, power: str) -> None:
    assert std.lookup_power(name, lang) == (power,)


def test_unknown_power(std: GameMap) -> None:
    assert std.lookup_power("Prussia") == ()
    assert std.lookup_power("D", "en") == ()


def test_fold_name() -> None:
    assert fold_name("St. Petersburg") == "stpetersburg"
    assert fold_name("St-Petersburg") == fold_name(" st  petersburg ")
    assert fold_name("Ärmelkanal") == fold_name("Aermelkanal") == "aermelkanal"
    assert fold_name("Preußen") == "preussen"
    assert fold_name("Côte d'Azur") == "cotedazur"


# --------------------------------------------------------------------------- API
def test_adjacent(std: GameMap) -> None:
    assert std.adjacent(loc("MAO"), loc("SPA/NC"), F)
    assert std.adjacent(loc("MAO"), loc("SPA/SC"), F)
    assert not std.adjacent(loc("MAO"), loc("SPA"), F)  # fleets need the coast
    assert not std.adjacent(loc("GAS"), loc("SPA/SC"), F)
    assert std.adjacent(loc("GAS"), loc("SPA/NC"), F)
    assert std.adjacent(loc("SPA/NC"), loc("GAS"), F)
    assert not std.adjacent(loc("SPA"), loc("GAS"), F)
    assert std.adjacent(loc("GAS"), loc("SPA"), A)
    assert std.adjacent(loc("GAS"), loc("SPA/SC"), A)  # armies ignore coasts
    assert std.adjacent(loc("STP/NC"), loc("MOS"), A)
    assert not std.adjacent(loc("PAR"), loc("MAR"), A)
    assert not std.adjacent(loc("NTH"), loc("ENG"), A)  # armies never at sea
    assert not std.adjacent(loc("PAR"), loc("BUR"), F)  # fleets never inland
    assert not std.adjacent(loc("XXX"), loc("PAR"), A)


def test_neighbours(std: GameMap) -> None:
    assert std.neighbours(loc("NAF"), A) == {loc("TUN")}
    assert std.neighbours(loc("STP/NC"), F) == {loc("BAR"), loc("NWY")}
    assert std.neighbours(loc("STP"), A) == {loc(p) for p in ("FIN", "LVN", "MOS", "NWY")}
    assert std.neighbours(loc("STP/NC"), A) == std.neighbours(loc("STP"), A)
    assert std.neighbours(loc("CON"), F) >= {loc("BUL/EC"), loc("BUL/SC")}
    assert std.neighbours(loc("NTH"), A) == frozenset()
    assert std.neighbours(loc("PAR"), F) == frozenset()
    assert std.neighbours(loc("XXX"), A) == frozenset()


def test_reachable_provinces(std: GameMap) -> None:
    # F SPA/NC can support into GAS, MAO and POR but not into MAR
    assert std.reachable_provinces(loc("SPA/NC"), F) == {"GAS", "MAO", "POR"}
    assert std.reachable_provinces(loc("MAR"), F) == {"LYO", "PIE", "SPA"}
    assert std.reachable_provinces(loc("CON"), F) == {"AEG", "ANK", "BLA", "BUL", "SMY"}
    munich = {"BER", "BOH", "BUR", "KIE", "RUH", "SIL", "TYR"}
    assert std.reachable_provinces(loc("MUN"), A) == munich
    assert std.reachable_provinces(loc("STP/SC"), A) == {"FIN", "LVN", "MOS", "NWY"}
    assert std.reachable_provinces(loc("STP"), F) == frozenset()


def test_fleet_targets(std: GameMap) -> None:
    assert std.fleet_targets(loc("MAO"), "SPA") == (loc("SPA/NC"), loc("SPA/SC"))
    assert std.fleet_targets(loc("GAS"), "SPA") == (loc("SPA/NC"),)
    assert std.fleet_targets(loc("WES"), "SPA") == (loc("SPA/SC"),)
    assert std.fleet_targets(loc("NWY"), "STP") == (loc("STP/NC"),)
    assert std.fleet_targets(loc("BLA"), "BUL") == (loc("BUL/EC"),)
    assert std.fleet_targets(loc("MAO"), "BRE") == (loc("BRE"),)
    assert std.fleet_targets(loc("MAO"), "PAR") == ()
    assert std.fleet_targets(loc("SPA"), "MAO") == ()


def test_locations(std: GameMap) -> None:
    assert std.locations("STP", F) == (loc("STP/NC"), loc("STP/SC"))
    assert std.locations("STP", A) == (loc("STP"),)
    assert std.locations("NTH", F) == (loc("NTH"),)
    assert std.locations("NTH", A) == ()
    assert std.locations("PAR", F) == ()
    assert std.locations("XXX", A) == ()
    assert std.is_valid_location(loc("STP/SC"), F)
    assert not std.is_valid_location(loc("STP/EC"), F)
    assert not std.is_valid_location(loc("STP/SC"), A)
    assert not std.is_valid_location(loc("BRE/NC"), F)


def test_distances_from(std: GameMap) -> None:
    d = std.distances_from(["PAR"])
    assert d["PAR"] == 0
    assert d["BUR"] == d["BRE"] == d["GAS"] == d["PIC"] == 1
    assert d["MAO"] == d["ENG"] == d["MAR"] == 2
    assert "SWI" not in d
    assert len(d) == 75
    both = std.distances_from(["PAR", "MOS"])
    assert both["MOS"] == 0
    assert both["UKR"] == 1
    assert std.distances_from([]) == {}
    with pytest.raises(KeyError):
        std.distances_from(["XXX"])


def test_distances_by_unit(std: GameMap) -> None:
    fleet = std.distances_by_unit(["LON"], F)
    assert fleet["LON"] == 0
    assert fleet["NTH"] == 1
    assert "PAR" not in fleet  # a fleet never gets inland
    army = std.distances_by_unit(["PAR"], A)
    assert army["BUR"] == 1
    assert army["MUN"] == 2


def test_province_neighbours(std: GameMap) -> None:
    assert std.province_neighbours("NAF") == {"MAO", "TUN", "WES"}
    assert std.province_neighbours("SWI") == frozenset()
    assert std.province_neighbours("XXX") == frozenset()


def test_province_lookup_errors(std: GameMap) -> None:
    with pytest.raises(KeyError):
        std.province("XXX")


def test_repr_and_source(std: GameMap) -> None:
    assert "standard" in repr(std)
    assert std.source.endswith("standard.yaml")
    assert std.title
    assert std.languages == ("en", "de", "de-dpjudge")
    assert "classic" in std.aliases


# --------------------------------------------------------------------------- the test map
def test_testmap(tiny: GameMap) -> None:
    assert len(tiny.provinces) == 11
    assert tiny.victory == 3
    assert len(tiny.supply_centers) == 6
    assert tiny.locations("PEN", F) == (loc("PEN/NC"), loc("PEN/SC"))
    assert tiny.fleet_targets(loc("SPT"), "PEN") == (loc("PEN/NC"), loc("PEN/SC"))
    assert tiny.adjacent(loc("HIL"), loc("LOW"), A)
    assert not tiny.adjacent(loc("HIL"), loc("LOW"), F)
    assert not tiny.adjacent(loc("PEN/NC"), loc("FRT"), F)
    assert tiny.lookup("Hauptstadt", "de") == ("CAP",)
    assert tiny.lookup("the capital city") == ("CAP",)
    assert tiny.lookup("n port") == ("NPT",)
    assert tiny.lookup_power("NTL") == ("Northland",)
    assert tiny.province_neighbours("MTN") == frozenset()


# --------------------------------------------------------------------------- loading
def test_available_maps() -> None:
    names = available_maps()
    assert "standard" in names
    assert "testmap" in names


@pytest.mark.parametrize("name", ["standard", "STANDARD", " Standard ", "classic", "Classical"])
def test_load_by_name_or_alias(name: str) -> None:
    assert load_map(name) is load_map("standard")


def test_load_test_map_by_alias() -> None:
    assert load_map("test") is load_map("testmap")


def test_load_by_path() -> None:
    path = REPO / "maps" / "standard.yaml"
    by_path = load_map(path)
    assert by_path.name == "standard"
    assert load_map(str(path)) is by_path  # cached per file
    assert by_path.source == str(path.resolve())
    assert len(by_path.provinces) == len(load_map("standard").provinces)


def test_load_by_relative_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert load_map("maps/testmap.yaml") is load_map(REPO / "maps" / "testmap.yaml")


def test_unknown_map_name_suggests() -> None:
    with pytest.raises(MapError) as info:
        load_map("standrd")
    diagnostic = info.value.diagnostics[0]
    assert diagnostic.code == "unknown-map"
    assert "standrd" in diagnostic.message
    assert "standard" in diagnostic.message  # the list of available maps
    assert diagnostic.hint == "did you mean 'standard'?"
    assert isinstance(info.value, ValueError)


def test_unknown_map_without_suggestion() -> None:
    with pytest.raises(MapError) as info:
        load_map("qqqq")
    assert info.value.diagnostics[0].hint is None


def test_missing_map_file(tmp_path: Path) -> None:
    with pytest.raises(MapError) as info:
        load_map(tmp_path / "nowhere.yaml")
    diagnostic = info.value.diagnostics[0]
    assert diagnostic.code == "io"
    assert diagnostic.path.endswith("nowhere.yaml")


def test_map_file_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: m\ntitle: M\u00e4p\n".encode("latin-1"))
    with pytest.raises(MapError) as info:
        load_map(path)
    assert info.value.diagnostics[0].code == "io"


def test_copied_map_loads_from_a_path(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    shutil.copy(REPO / "maps" / "testmap.yaml", target)
    mine = load_map(target)
    assert mine.name == "testmap"
    assert mine is not load_map("testmap")


@pytest.mark.thorough
def test_maps_load_from_an_installed_wheel(tmp_path: Path) -> None:
    """Build the wheel, unpack it away from the checkout and load the maps through it."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, source / name)
        else:
            (source / name).write_text("")
    for folder in ("adjudicator", "grammar", "maps", "LICENSES"):
        shutil.copytree(
            REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.so")
        )
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), "."],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    wheels = list(tmp_path.glob("adjudicator-*.whl"))
    if build.returncode != 0 or not wheels:
        pytest.skip(f"cannot build a wheel here: {build.stderr[-500:]}")
    installed = tmp_path / "site"
    with zipfile.ZipFile(wheels[0]) as archive:
        names = archive.namelist()
        archive.extractall(installed)
    assert "adjudicator/maps/standard.yaml" in names
    assert "adjudicator/maps/testmap.yaml" in names
    assert "adjudicator/maps/standard.drawing.json" in names
    assert "adjudicator/maps/testmap.drawing.json" in names
    for web in ("templates/base.html", "static/site.css", "static/localtime.js"):
        assert f"adjudicator/judge/web/{web}" in names  # the pages' files ship too
    assert "adjudicator/maps/chaos.yaml" in names and "adjudicator/maps/pure.drawing.json" in names
    assert any(n.endswith("licenses/LICENSES/DPjudge-MIT.txt") for n in names), names
    script = (
        "import adjudicator, adjudicator.board.load as g\n"
        "print(adjudicator.__file__)\n"
        "print(','.join(g.available_maps()))\n"
        "m = g.load_map('classic')\n"
        "print(m.name, len(m.provinces), m.source)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env={"PYTHONPATH": str(installed), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    location, maps, loaded = run.stdout.splitlines()
    assert location.startswith(str(installed))
    assert set(maps.split(",")) >= {"standard", "testmap"}
    assert loaded.startswith("standard 76 ")
