"""Units and places written as text: the canonical round trip of every unit a map allows, the
tolerant reader every file format shares (:meth:`GameMap.read_unit` and its siblings), and the
problems it reports."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from adjudicator.base.model import Location, Unit, UnitType
from adjudicator.board.load import available_maps, load_map
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from tests.bad_units import BAD_UNITS

A, F = UnitType.ARMY, UnitType.FLEET
STANDARD = load_map("standard")


def every_unit(game_map: GameMap, power: str = "Russia") -> Iterator[Unit]:
    """Every unit that can stand on the map: each unit type on each of its places."""
    for pid, province in game_map.provinces.items():
        for unit_type in UnitType:
            for location in province.locations(unit_type):
                assert location.province == pid
                yield Unit(power, unit_type, location)


def read(text: str, lang: str = "en") -> Unit | PlaceProblem:
    return STANDARD.read_unit(text, "Russia", lang)


def problem(text: str, lang: str = "en") -> PlaceProblem:
    found = read(text, lang)
    assert isinstance(found, PlaceProblem), found
    return found


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("name", available_maps())
def test_every_unit_of_every_map_round_trips(name: str) -> None:
    game_map = load_map(name)
    units = list(every_unit(game_map))
    assert units
    for unit in units:
        text = str(unit)
        assert Unit.parse(text, unit.power) == unit
        assert Location.parse(str(unit.location)) == unit.location
        assert game_map.unit_problem(unit) is None, text
        assert game_map.read_unit(text, unit.power) == unit  # the canonical table
        assert game_map.read_unit(f" {text.lower()} ", unit.power) == unit  # parsed


def test_the_standard_map_allows_the_units_it_should() -> None:
    units = list(every_unit(STANDARD))
    # 14 inland and 42 coastal provinces take an army; 19 seas and the 42 coastal provinces take
    # a fleet, on either of its two named coasts in Bulgaria, Spain and St. Petersburg.
    assert sum(u.type is A for u in units) == 14 + 42
    assert sum(u.type is F for u in units) == 19 + 42 + 3
    assert Unit("Russia", F, Location("STP", "SC")) in units
    assert Unit("Russia", F, Location("STP")) not in units


def test_every_place_a_unit_cannot_stand_is_refused() -> None:
    allowed = set(every_unit(STANDARD))
    coasts = {c for p in STANDARD.provinces.values() for c in p.coasts}
    for pid in STANDARD.provinces:
        for unit_type in UnitType:
            for coast in (None, *sorted(coasts)):
                unit = Unit("Russia", unit_type, Location(pid, coast))
                if unit in allowed:
                    continue
                refused = STANDARD.unit_problem(unit)
                assert refused is not None, unit
                found = read(str(unit))
                # The tolerant reader alone lets an army keep standing when written on a coast
                # of its province: armies ignore coasts.
                if refused.kind is PlaceProblemKind.ARMY_COAST:
                    assert found == Unit("Russia", A, Location(pid))
                else:
                    assert isinstance(found, PlaceProblem)
                    assert found.kind is refused.kind, unit


# --------------------------------------------------------------------------- tolerant forms
@pytest.mark.parametrize(
    ("text", "lang", "unit"),
    [
        ("F STP/SC", "en", "F STP/SC"),
        ("f stp(sc)", "en", "F STP/SC"),
        ("F StP/sc", "en", "F STP/SC"),
        ("F stp / SC", "en", "F STP/SC"),
        ("Fleet St. Petersburg (south coast)", "en", "F STP/SC"),
        ("fleet Saint Petersburg(South)", "en", "F STP/SC"),
        ("F St. Petersburg / north coast", "en", "F STP/NC"),
        ("F Spain (nc)", "en", "F SPA/NC"),
        ("Fleet Bulgaria/ec", "en", "F BUL/EC"),
        ("Army Paris", "en", "A PAR"),
        ("army St Petersburg", "en", "A STP"),
        ("A STP/NC", "en", "A STP"),  # armies ignore coasts
        ("  a   mun  ", "en", "A MUN"),
        ("F mid", "en", "F MAO"),
        ("F nat", "en", "F NAO"),
        ("A TYR", "en", "A TYR"),
        ("F Sankt Petersburg (Südküste)", "de", "F STP/SC"),
        ("F Spanien/Nordküste", "de", "F SPA/NC"),
        ("A München", "de", "A MUN"),
        ("A Tirol", "de", "A TYR"),
        ("A TYR", "de", "A TYR"),  # the German rules text: `Tyr` is Tyrolia
        ("F TYR", "de-dpjudge", "F TYS"),  # DPjudge's German reads ``tyr`` as the sea
        ("F Bulgarien (ok)", "de", "F BUL/EC"),
    ],
)
def test_tolerant_forms(text: str, lang: str, unit: str) -> None:
    found = read(text, lang)
    assert isinstance(found, Unit), found
    assert (str(found), found.power) == (unit, "Russia")


def test_the_canonical_short_cut_follows_the_language() -> None:
    """``A TYR`` is canonical text, but in DPjudge's German ``TYR`` is the Tyrrhenian Sea."""
    assert problem("A TYR", "de-dpjudge").message == "an army cannot stand in the sea TYS"


# --------------------------------------------------------------------------- problems
@pytest.mark.parametrize(("text", "kind"), BAD_UNITS.items())
def test_bad_units(text: str, kind: PlaceProblemKind) -> None:
    assert problem(text).kind is kind


@pytest.mark.parametrize(
    ("text", "message", "hint", "offset"),
    [
        (
            "X PAR",
            "invalid unit 'X PAR': expected a form like 'A PAR' or 'F STP/SC'",
            None,
            0,
        ),
        ("A", "invalid unit 'A': expected a form like 'A PAR' or 'F STP/SC'", None, 0),
        (
            "Armee Paris",
            "invalid unit 'Armee Paris': expected a form like 'A PAR' or 'F STP/SC'",
            "write 'A PAR': a unit is A or F (or Army, Fleet) and a place",
            0,
        ),
        (
            "flotte  Brest ",
            "invalid unit 'flotte  Brest ': expected a form like 'A PAR' or 'F STP/SC'",
            "write 'F BRE': a unit is A or F (or Army, Fleet) and a place",
            0,
        ),
        ("Armee", "invalid unit 'Armee': expected a form like 'A PAR' or 'F STP/SC'", None, 0),
        ("A Pariss", "unknown province 'Pariss'", "did you mean 'PAR' (Paris)?", 2),
        ("Fleet  Xqzzy", "unknown province 'Xqzzy'", None, 7),
        ("F STP", "a fleet in STP needs its coast", "write F STP/NC or F STP/SC", 0),
        ("F SPA/xx", "unknown coast 'xx' of SPA; it has NC, SC", "write F SPA/NC or F SPA/SC", 2),
        ("F BRE(nc)", "unknown coast 'nc' of BRE; it has no named coasts", "write F BRE", 2),
        ("A PAR/NC", "unknown coast 'NC' of PAR; it has no named coasts", "write A PAR", 2),
        ("A NTH/NC", "unknown coast 'NC' of NTH; it has no named coasts", None, 2),
        ("A NTH", "an army cannot stand in the sea NTH", None, 0),
        ("F BUR", "a fleet cannot stand in the inland BUR", None, 0),
        ("A SWI", "SWI is impassable", None, 0),
    ],
)
def test_problem_messages(text: str, message: str, hint: str | None, offset: int) -> None:
    found = problem(text)
    assert (found.message, found.hint, found.offset) == (message, hint, offset)


def test_problems_carry_what_a_reader_needs_to_word_its_own_message() -> None:
    missing = problem("F STP")
    assert missing.options == (Location("STP", "NC"), Location("STP", "SC"))
    assert (missing.unit_type, missing.choices) == (F, "F STP/NC or F STP/SC")
    assert problem("A Pariss").suggestion == "PAR"
    assert problem("A Xqzzy").suggestion is None


def test_read_location_and_province() -> None:
    assert STANDARD.read_location("stp(sc)") == Location("STP", "SC")
    assert STANDARD.read_location(" Spain ") == Location("SPA")
    assert STANDARD.read_location("Nordatlantik", "de") == Location("NAO")
    assert STANDARD.read_province("nat") == "NAO"
    unknown_coast = STANDARD.read_location("SPA/XX")
    assert isinstance(unknown_coast, PlaceProblem)
    assert (unknown_coast.kind, unknown_coast.hint) == (PlaceProblemKind.UNKNOWN_COAST, None)
    unknown = STANDARD.read_province("Atlantis")
    assert isinstance(unknown, PlaceProblem)
    assert unknown.kind is PlaceProblemKind.UNKNOWN_PROVINCE


def test_unit_problem_is_strict_about_the_canonical_form() -> None:
    army_coast = STANDARD.unit_problem(Unit("Russia", A, Location("STP", "NC")))
    assert army_coast is not None
    assert (army_coast.kind, army_coast.hint) == (PlaceProblemKind.ARMY_COAST, "write A STP")
    unknown = STANDARD.unit_problem(Unit("Russia", A, Location("NAT")))  # an alias, not an id
    assert unknown is not None and unknown.kind is PlaceProblemKind.UNKNOWN_PROVINCE


def test_a_name_two_provinces_share_is_ambiguous() -> None:
    """Map files may not give two provinces one name, but a map built in code can."""
    tiny = load_map("testmap")
    twins = {pid: tiny.provinces[pid] for pid in sorted(tiny.provinces)[:2]}
    provinces = dict(tiny.provinces)
    for pid, province in twins.items():
        provinces[pid] = dataclasses.replace(province, names={"en": ("Twin",)})
    fleet = {loc: tiny.neighbours(loc, F) for p in tiny.provinces for loc in tiny.locations(p, F)}
    army = {
        p: frozenset(n.province for n in tiny.neighbours(Location(p), A)) for p in tiny.provinces
    }
    game_map = GameMap(
        name="twins",
        title="twins",
        aliases=(),
        victory=tiny.victory,
        languages=tiny.languages,
        provinces=provinces,
        powers=tiny.powers,
        coast_names=tiny.coast_names,
        army_edges=army,
        fleet_edges=fleet,
        source="<test>",
    )
    found = game_map.read_province("twin")
    assert isinstance(found, PlaceProblem)
    assert found.kind is PlaceProblemKind.AMBIGUOUS_PROVINCE
    assert found.message == f"ambiguous province 'twin': {' or '.join(twins)}"
