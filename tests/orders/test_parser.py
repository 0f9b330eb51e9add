"""The order language: every notation of issue 2 and notation.md §2, phases, files, errors, and
the round trip ``parse_order(str(order)) == order``."""

from __future__ import annotations

import contextlib
import re
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.base.errors import (
    AmbiguousOrderError,
    Diagnostic,
    InputError,
    OrderSyntaxError,
    Severity,
)
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
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, Power, Province, ProvinceType
from adjudicator.lang import en
from adjudicator.lang.languages import LANGUAGES
from adjudicator.lang.vocabulary import ParseCode, describe_expected
from adjudicator.orders.read import NO_POWER, parse_order, parse_orders
from adjudicator.state.position import Position
from tests.examples import examples
from tests.strategies import orders

DATA = Path(__file__).resolve().parents[1] / "data" / "parser"
STANDARD = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET


def loc(text: str) -> Location:
    return Location.parse(text)


def parse(text: str, position: Position | None = None) -> Order:
    return parse_order(text, STANDARD, position)


# --------------------------------------------------------------------------- notations
# Input -> the canonical short form (``str`` of the order is injective: it names every field).
NOTATIONS = [
    # judge short form, any case and spacing (issue 2)
    ("A Par-Bur", "A PAR - BUR"),
    ("A PAR - BUR", "A PAR - BUR"),
    ("a par-bur", "A PAR - BUR"),
    ("  A   Par  -   Bur  ", "A PAR - BUR"),
    ("F Bla C A Sev-Ank", "F BLA C A SEV - ANK"),
    ("A Bud S A War-Gal", "A BUD S A WAR - GAL"),
    ("F NTH S F LON", "F NTH S F LON"),
    ("A Mos H", "A MOS H"),
    ("F StP/nc - Nwy", "F STP/NC - NWY"),
    ("F Spa(sc)", "F SPA/SC H"),
    ("F bul ec", "F BUL/EC H"),
    ("A Vie R Boh", "A VIE R BOH"),
    ("F Tri D", "F TRI D"),
    ("Build F StP/nc", "F STP/NC B"),
    ("Remove A Mun", "A MUN D"),
    ("Waive", "WAIVE"),
    ("WAIVE", "WAIVE"),
    # long-form English (issue 2)
    ("Army Rome holds", "A ROM H"),
    ("Fleet Brest to English Channel", "F BRE - ENG"),
    ("Fleet Brest to the English Channel", "F BRE - ENG"),
    ("Army Paris moves to Burgundy", "A PAR - BUR"),
    ("A Par -> Bur", "A PAR - BUR"),
    ("Army Paris supports Army Marseilles to Burgundy", "A PAR S A MAR - BUR"),
    ("Fleet North Sea convoys Army London to Norway", "F NTH C A LON - NWY"),
    # St. Petersburg with or without the dot; coasts /nc, (nc), nc, north coast
    ("F St. Petersburg/nc - Nwy", "F STP/NC - NWY"),
    ("F St Petersburg (nc) - Nwy", "F STP/NC - NWY"),
    ("F StP nc - Nwy", "F STP/NC - NWY"),
    ("F StP north coast - Nwy", "F STP/NC - NWY"),
    ("F StP (north coast) - Nwy", "F STP/NC - NWY"),
    ("Fleet St. Petersburg south coast to Gulf of Bothnia", "F STP/SC - BOT"),
    ("F Mao - Spa/sc", "F MAO - SPA/SC"),
    ("F Mao - Spa(sc)", "F MAO - SPA/SC"),
    ("F Mao - Spa sc", "F MAO - SPA/SC"),
    ("F Mao - Spa-sc", "F MAO - SPA/SC"),
    ("F Con - Bulgaria(east)", "F CON - BUL/EC"),
    ("F Con - Bul east coast", "F CON - BUL/EC"),
    ("F StP/SC-Bot", "F STP/SC - BOT"),
    # a missing coast is legality's business, not the parser's
    ("F Mao - Spa", "F MAO - SPA"),
    # convoys: via convoy, by convoy, trailing VIA, a judge path
    ("A Lon - Nwy via convoy", "A LON - NWY VIA"),
    ("A Lon - Nwy by convoy", "A LON - NWY VIA"),
    ("A Lon-Nwy VIA", "A LON - NWY VIA"),
    ("A Lon-Nwy via", "A LON - NWY VIA"),
    ("A Lon-Nth-Nwy", "A LON - NTH - NWY"),
    ("A Lon - Eng - Mao - Spa", "A LON - ENG - MAO - SPA"),
    ("Army London to North Sea to Norway", "A LON - NTH - NWY"),
    # move synonyms
    ("A Par => Bur", "A PAR - BUR"),
    ("A Par → Bur", "A PAR - BUR"),
    ("A Par – Bur", "A PAR - BUR"),
    ("A Par M Bur", "A PAR - BUR"),
    ("A Par move Bur", "A PAR - BUR"),
    ("A Par attacks Bur", "A PAR - BUR"),
    ("A Par moves into Burgundy", "A PAR - BUR"),
    ("A Par Bur", "A PAR - BUR"),
    ("Paris Burgundy", "PAR - BUR"),
    # hold synonyms
    ("A Mun holds", "A MUN H"),
    ("A Mun stands", "A MUN H"),
    ("A Mun", "A MUN H"),
    ("Munich H", "MUN H"),
    # supports: hold, move, with and without unit types, the foreign adjective (DATC 4.C.5/6)
    ("A Mun S A Ber", "A MUN S A BER"),
    ("A Mun S A Ber H", "A MUN S A BER"),
    ("A Mun S Ber", "A MUN S BER"),
    ("A Mun S German A Ber", "A MUN S A BER"),
    ("A Mun S German Ber", "A MUN S BER"),
    ("A Mun supports A Ber - Sil", "A MUN S A BER - SIL"),
    ("A Mun S Ber-Sil", "A MUN S BER - SIL"),
    ("Army Munich supports Berlin", "A MUN S BER"),
    ("A Tyr S Austrian A Tri - Ven", "A TYR S A TRI - VEN"),
    # convoys
    ("F Nth C A Lon-Nwy", "F NTH C A LON - NWY"),
    ("F Nth C Lon-Nwy", "F NTH C A LON - NWY"),
    ("F Nth T A Lon - Nwy", "F NTH C A LON - NWY"),
    ("Fleet North Sea transports Army London to Norway", "F NTH C A LON - NWY"),
    ("F NTH C English A LON - NWY", "F NTH C A LON - NWY"),
    # retreats and disbands
    ("A Vie retreats to Boh", "A VIE R BOH"),
    ("A Vie R Bohemia", "A VIE R BOH"),
    ("F Tri disband", "F TRI D"),
    ("fleet trieste disband", "F TRI D"),
    ("Disband F Tri", "F TRI D"),
    ("REMOVE fleet livonia", "F LVN D"),
    ("A Mun remove", "A MUN D"),
    # builds
    ("A Ber B", "A BER B"),
    ("F StP/nc B", "F STP/NC B"),
    ("Build army Berlin", "A BER B"),
    ("build F Kie", "F KIE B"),
    ("+ A Ber", "A BER B"),
    ("F Stp(NC) build", "F STP/NC B"),
    # names: full names, aliases, hyphens, dots, case
    ("F Bre - Mid-Atlantic Ocean", "F BRE - MAO"),
    ("F Bre - Mid Atlantic", "F BRE - MAO"),
    ("F Mid-Atlantic Ocean-Spa/nc", "F MAO - SPA/NC"),
    ("F Nao-Nwg", "F NAO - NWG"),
    ("F Nat - Nrg", "F NAO - NWG"),
    ("F Gulf of Lyon - Tys", "F LYO - TYS"),
    ("F Lyo - Tyrrhenian Sea", "F LYO - TYS"),
    ("A Tyrolia - Vienna", "A TYR - VIE"),
    ("F Con - Bla", "F CON - BLA"),
    ("A Burgundy.", "A BUR H"),
]


@pytest.mark.parametrize(("text", "expected"), NOTATIONS, ids=[n[0] for n in NOTATIONS])
def test_notation(text: str, expected: str) -> None:
    order = parse(text)
    assert str(order) == expected
    assert parse(expected) == order


# Input -> the exact order value, one per kind and shape.
VALUES: list[tuple[str, Order]] = [
    ("A Par H", Hold(A, loc("PAR"))),
    ("STP/NC H", Hold(None, loc("STP/NC"))),
    ("A Par - Bur", Move(A, loc("PAR"), loc("BUR"))),
    ("A Lon - Nwy via convoy", Move(A, loc("LON"), loc("NWY"), via_convoy=True)),
    (
        "A Lon - Nth - Nwg - Nwy",
        Move(A, loc("LON"), loc("NWY"), via_convoy=True, path=("NTH", "NWG")),
    ),
    ("F Nth S F Lon", Support(F, loc("NTH"), F, loc("LON"))),
    ("F Nth S Lon - Eng", Support(F, loc("NTH"), None, loc("LON"), loc("ENG"))),
    ("F Nth C A Lon - Nwy", Convoy(F, loc("NTH"), loc("LON"), loc("NWY"))),
    ("A Vie R Boh", Retreat(A, loc("VIE"), loc("BOH"))),
    ("F Tri D", Disband(F, loc("TRI"))),
    ("Remove Mun", Disband(None, loc("MUN"))),
    ("F StP/nc B", Build(F, loc("STP/NC"))),
    ("Build Ber", Build(None, loc("BER"))),
    ("Waive", Waive()),
]


@pytest.mark.parametrize(("text", "expected"), VALUES, ids=[v[0] for v in VALUES])
def test_order_values(text: str, expected: Order) -> None:
    assert parse(text) == expected


# --------------------------------------------------------------------------- phases, positions
def position(phase: str, units: dict[str, list[str]], **extra: object) -> Position:
    data: dict[str, object] = {"map": "standard", "phase": phase, "units": units, **extra}
    return Position.from_dict(data, STANDARD)


MOVEMENT = Position.initial(STANDARD)
RETREATS = Position(
    "standard",
    Phase.parse("F1901R"),
    (
        Unit("Russia", A, loc("VIE")),
        Unit("Austria", F, loc("ALB")),
        Unit("Germany", A, loc("MUN")),
    ),
    (
        Dislodgement(Unit("Austria", A, loc("VIE")), "GAL"),
        Dislodgement(Unit("Italy", F, loc("TRI")), "ALB"),
    ),
)
ADJUSTMENTS = position(
    "W1901A",
    {"France": ["A MAR"], "Germany": ["A MUN", "A BER"]},
    supply_centers={"France": ["PAR", "MAR", "BRE", "SPA"], "Germany": ["MUN", "BER"]},
)

PHASED = [
    # the unit type comes from the position when it is left out
    (MOVEMENT, "Par - Bur", "A PAR - BUR"),
    (MOVEMENT, "Lon - Nth", "F LON - NTH"),
    (MOVEMENT, "Mar S Par - Bur", "A MAR S A PAR - BUR"),
    (MOVEMENT, "Sev S Ank - Bla", "F SEV S F ANK - BLA"),
    (MOVEMENT, "Edi C Lon - Nwy", "F EDI C A LON - NWY"),
    (MOVEMENT, "Bur H", "BUR H"),
    (MOVEMENT, "Kie", "F KIE H"),
    # a move form in a retreat phase is a retreat; the dislodged unit is the one ordered
    (RETREATS, "A Vie - Boh", "A VIE R BOH"),
    (RETREATS, "Vie - Boh", "A VIE R BOH"),
    (RETREATS, "Vie R Boh", "A VIE R BOH"),
    (RETREATS, "Tri - Ven", "F TRI R VEN"),
    (RETREATS, "Tri D", "F TRI D"),
    (RETREATS, "Fleet Trieste disbands", "F TRI D"),
    (RETREATS, "A Vie - Tyr - Boh", "A VIE - TYR - BOH"),
    # in an adjustment phase a bare unit and B are builds, D and remove are removals
    (ADJUSTMENTS, "A Par B", "A PAR B"),
    (ADJUSTMENTS, "Build A Par", "A PAR B"),
    (ADJUSTMENTS, "A Par", "A PAR B"),
    (ADJUSTMENTS, "F Bre", "F BRE B"),
    (ADJUSTMENTS, "Build fleet Brest", "F BRE B"),
    (ADJUSTMENTS, "Mun D", "A MUN D"),
    (ADJUSTMENTS, "Remove A Mun", "A MUN D"),
    (ADJUSTMENTS, "disband Munich", "A MUN D"),
    (ADJUSTMENTS, "Waive", "WAIVE"),
]


@pytest.mark.parametrize(
    ("where", "text", "expected"),
    PHASED,
    ids=[f"{p.phase}-{t}" for p, t, _ in PHASED],
)
def test_phase_and_position(where: Position, text: str, expected: str) -> None:
    assert str(parse(text, where)) == expected


WITHOUT_POSITION = [
    ("A Vie R Boh", Retreat),
    ("A Vie - Boh", Move),
    ("A Par B", Build),
    ("A Par D", Disband),
    ("A Par", Hold),
]


@pytest.mark.parametrize(("text", "kind"), WITHOUT_POSITION)
def test_letters_without_position(text: str, kind: type) -> None:
    assert isinstance(parse(text), kind)


def test_power_from_position() -> None:
    result = parse_orders("Par - Bur\nF Lon - Nth\nA Bur - Mar\nWaive", STANDARD, MOVEMENT)
    assert [o.power for o in result.orders] == ["France", "England", None, None]
    retreat = parse_orders("Vie - Boh", STANDARD, RETREATS)
    assert retreat.orders[0].power == "Austria"
    build = parse_orders("A Par B\nA Mun D", STANDARD, ADJUSTMENTS)
    assert [o.power for o in build.orders] == ["France", "Germany"]


def test_label_beats_position() -> None:
    result = parse_orders("Germany: A Par - Bur", STANDARD, MOVEMENT)
    assert result.orders[0].power == "Germany"


# --------------------------------------------------------------------------- files
def test_example_file() -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "spring1901_orders.txt"
    result = parse_orders(path.read_text(encoding="utf-8"), STANDARD, MOVEMENT, path=str(path))
    assert result.diagnostics == ()
    assert result.ok
    grouped = result.by_power()
    assert sorted(grouped) == sorted(STANDARD.powers)
    assert sum(len(v) for v in grouped.values()) == 22
    assert str(grouped["France"][2]) == "F BRE - MAO"
    assert str(grouped["Russia"][3]) == "F STP/SC - BOT"


FILE = """\
# comment line
// another comment
England:
F Lon-Nth
F Edi - Nwg   # trailing comment

[FRANCE]
A Par - Bur; A Mar S A Par - Bur
F Bre - Mao, A Pie H
Germany: A Ber - Kie
1. A Mun H
2) Italy: A Rom - Ven ; A Ven - Tyr
ITALY:
F Nap - Ion
A: A Vie - Gal
F:
A Spa H
E: F Lon H
"""


def test_file_layout() -> None:
    result = parse_orders(FILE, STANDARD, path="f.txt")
    assert result.diagnostics == ()
    got = [(o.power, str(o.order), o.line, o.column, o.text) for o in result.orders]
    assert got == [
        ("England", "F LON - NTH", 4, 1, "F Lon-Nth"),
        ("England", "F EDI - NWG", 5, 1, "F Edi - Nwg"),
        ("France", "A PAR - BUR", 8, 1, "A Par - Bur"),
        ("France", "A MAR S A PAR - BUR", 8, 14, "A Mar S A Par - Bur"),
        ("France", "F BRE - MAO", 9, 1, "F Bre - Mao"),
        ("France", "A PIE H", 9, 14, "A Pie H"),
        ("Germany", "A BER - KIE", 10, 10, "A Ber - Kie"),
        ("France", "A MUN H", 11, 4, "A Mun H"),
        ("Italy", "A ROM - VEN", 12, 11, "A Rom - Ven"),
        ("Italy", "A VEN - TYR", 12, 25, "A Ven - Tyr"),
        ("Italy", "F NAP - ION", 14, 1, "F Nap - Ion"),
        ("Austria", "A VIE - GAL", 15, 4, "A Vie - Gal"),
        ("France", "A SPA H", 17, 1, "A Spa H"),
        ("England", "F LON H", 18, 4, "F Lon H"),
    ]


def test_crlf_and_blank_input() -> None:
    result = parse_orders("England:\r\nF Lon - Nth\r\n\r\n", STANDARD)
    assert [str(o.order) for o in result.orders] == ["F LON - NTH"]
    assert result.orders[0].text == "F Lon - Nth"
    empty = parse_orders("", STANDARD)
    assert empty.orders == () and empty.diagnostics == () and empty.ok


def test_by_power_keeps_orders_of_unknown_power() -> None:
    result = parse_orders("A Par - Bur\nEngland: F Lon H", STANDARD)
    assert result.by_power() == {
        NO_POWER: [Move(A, loc("PAR"), loc("BUR"))],
        "England": [Hold(F, loc("LON"))],
    }


def test_every_problem_of_a_file_is_reported() -> None:
    result = parse_orders((DATA / "mixed.txt").read_text(encoding="utf-8"), STANDARD, path="m")
    problems = [(d.line, d.column, d.code) for d in result.diagnostics]
    assert problems == [
        (4, 9, "unknown-province"),
        (9, 35, "unexpected-character"),
        (11, 16, "syntax"),
        (13, 1, "unknown-power"),
        (16, 16, "syntax"),
    ]
    assert not result.ok
    read = [(o.line, str(o.order)) for o in result.orders]
    assert read == [
        (3, "F LON - NTH"),
        (5, "A LVP - YOR"),
        (8, "A PAR - BUR"),
        (8, "A MAR S A PAR - BUR"),
        (9, "F BRE - MAO"),
        (12, "A MUN H"),
        (13, "F KIE - DEN"),
        (14, "F STP/SC - BOT"),
        (15, "F SEV - BLA"),
    ]
    # An unknown label is reported and does not fall back to the header above it.
    assert result.orders[6].power is None


# --------------------------------------------------------------------------- errors
ERRORS = [
    # text, code, column, words the message must contain
    ("A Par - Sevastapol", "unknown-province", 9, "did you mean 'SEV' (Sevastopol)?"),
    ("F Englsh Channel - Bre", "unknown-province", 3, "'ENG' (English Channel)"),
    ("A Pari - Bur", "unknown-province", 3, "unknown province 'Pari'"),
    ("A Ber mvoe Kie", "syntax", 7, "unexpected word 'mvoe' after 'Ber' — did you mean 'move'?"),
    ("A Par - Bur Mun", "syntax", 13, "unexpected word 'Mun' after 'Bur'"),
    ("A Par -", "syntax", 8, "unexpected end of order after '-'; expected a province name"),
    ("A Par - Bur S", "syntax", 13, "expected a move ('-', 'M', 'to'), 'via', 'by'"),
    ("A", "syntax", 2, "expected a province name"),
    ("A Par S", "syntax", 8, "expected a unit type ('A', 'F') or a province name"),
    ("A Par - Bur (", "syntax", 14, "expected a province name"),
    ("A Par H H", "syntax", 9, "unexpected 'H'; expected the end of the order"),
    ("F Nth C A Lon", "syntax", 14, "expected a move"),
    ("F StP/xc - Bot", "unknown-coast", 7, "unknown coast 'xc'"),
    ("F Spa(west) - Mao", "unknown-coast", 7, "unknown coast 'west'"),
    ("A Mun @ H", "unexpected-character", 7, "unexpected character '@'"),
    ("A Mun - Bur!", "unexpected-character", 12, "'!'"),
    ("Grmany: A Mun H", "unknown-power", 1, "did you mean 'Germany'"),
    ("F Nth C F Lon - Nwy", "convoyed-fleet", 9, "only armies are convoyed"),
    ("S A Par", "unknown-province", 1, "unknown province 'S'"),
    ("Sevastapol S A Par", "unknown-province", 1, "did you mean 'SEV' (Sevastopol)?"),
    ("[England A Lon H", "syntax", 10, "expected"),
    ("(nc)", "syntax", 1, "unexpected '('"),
    ("England", "syntax", 1, "'England' is a power, not a province; a power header ends with ':'"),
    ("1. 2. A Par H", "syntax", 4, "unexpected '2.'"),
]


@pytest.mark.parametrize(("text", "code", "column", "words"), ERRORS, ids=[e[0] for e in ERRORS])
def test_error(text: str, code: str, column: int, words: str) -> None:
    result = parse_orders(text, STANDARD, path="o.txt")
    assert result.orders == () or code == "unknown-power"
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == (code, 1, column)
    assert words in diagnostic.message
    assert diagnostic.source_line == text
    with pytest.raises(OrderSyntaxError) as raised:
        parse_order(text, STANDARD)
    assert raised.value.diagnostics[0].message == diagnostic.message


def test_expected_words_are_plain() -> None:
    """No grammar terminal name (``WORD``, ``_SLASH``, ``$END``) ever reaches a message."""
    from adjudicator.orders.read import _grammar

    names = {t.name for t in _grammar().terminals} | set(en.VOCABULARY.spellings) | {"$END"}
    pattern = re.compile("|".join(rf"(?<![\w$]){re.escape(n)}(?!\w)" for n in names))
    texts = [e[0] for e in ERRORS] + ["A Par - Bur via S", "F Nth S", "Build", "A Par - Bur ("]
    for text in texts:
        for diagnostic in parse_orders(text, STANDARD).diagnostics:
            assert not pattern.search(diagnostic.message), diagnostic.message


def test_diagnostic_format() -> None:
    (diagnostic,) = parse_orders("A Par - Sevastapol", STANDARD, path="orders.txt").diagnostics
    assert diagnostic.format() == (
        "orders.txt:1:9: error: unknown province 'Sevastapol' — did you mean 'SEV' "
        "(Sevastopol)? [unknown-province]\n"
        "  A Par - Sevastapol\n"
        "          ^"
    )


def test_unknown_adjective_is_a_warning() -> None:
    result = parse_orders("A Mun S Grman A Ber", STANDARD)
    assert [str(o.order) for o in result.orders] == ["A MUN S A BER"]
    (warning,) = result.diagnostics
    assert warning.severity is Severity.WARNING
    assert warning.code == ParseCode.FOREIGN_ADJECTIVE
    assert "did you mean 'German'" in warning.message
    assert result.ok
    assert str(parse_order("A Mun S Grman A Ber", STANDARD)) == "A MUN S A BER"


def test_several_problems_in_one_order() -> None:
    result = parse_orders("A Parsi - Burgandy", STANDARD)
    assert [(d.code, d.column) for d in result.diagnostics] == [
        ("unknown-province", 3),
        ("unknown-province", 11),
    ]


def test_one_bad_item_spares_its_neighbours() -> None:
    result = parse_orders("A Par - Bur; A Mar @ Pie; F Bre - Mao", STANDARD)
    assert [str(o.order) for o in result.orders] == ["A PAR - BUR", "F BRE - MAO"]
    assert [d.column for d in result.diagnostics] == [20]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "no-order"),
        ("# nothing", "no-order"),
        ("England:", "no-order"),
        ("A Par H; A Mar H", "several-orders"),
        ("A Par H\nA Mar H", "several-orders"),
    ],
)
def test_parse_order_wants_one_order(text: str, code: str) -> None:
    with pytest.raises(OrderSyntaxError) as raised:
        parse_order(text, STANDARD)
    assert raised.value.diagnostics[0].code == code


def _twin_map() -> GameMap:
    """A map whose loader would refuse it: two provinces share a name (``Twin``)."""

    def province(pid: str, names: tuple[str, ...]) -> Province:
        return Province(pid, ProvinceType.LAND, False, None, (), {"en": names})

    return GameMap(
        name="twins",
        title="Twins",
        aliases=(),
        victory=1,
        languages=("en",),
        provinces={
            "AAA": province("AAA", ("Twin", "Alpha")),
            "BBB": province("BBB", ("Twin", "Beta")),
        },
        powers={"Solo": Power("Solo", {"en": ("Solo",)}, {"en": "Solitary"}, ())},
        coast_names={},
        army_edges={"AAA": frozenset({"BBB"}), "BBB": frozenset({"AAA"})},
        fleet_edges={},
        source="<test>",
    )


def test_ambiguous_name() -> None:
    twins = _twin_map()
    assert str(parse_order("A Alpha - Beta", twins)) == "A AAA - BBB"
    with pytest.raises(AmbiguousOrderError) as raised:
        parse_order("A Alpha - Twin", twins)
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "ambiguous-province"
    assert diagnostic.column == 11
    assert "could be 'AAA' (Twin) or 'BBB' (Twin)" in diagnostic.message
    assert isinstance(raised.value, OrderSyntaxError)


def test_unusable_input_raises() -> None:
    with pytest.raises(InputError, match="no order vocabulary for language 'xx'"):
        parse_orders("A Par H", STANDARD, lang="xx")
    testmap = load_map("testmap")
    with pytest.raises(InputError, match=r"the position is on map 'standard'"):
        parse_orders("A Cap H", testmap, MOVEMENT)


def test_other_map_brings_its_own_names() -> None:
    testmap = load_map("testmap")
    assert str(parse_order("Army The Capital City - Hills", testmap)) == "A CAP - HIL"
    assert str(parse_order("F Southport - Peninsula (south coast)", testmap)) == "F SPT - PEN/SC"
    with pytest.raises(OrderSyntaxError, match="unknown province 'Paris'"):
        parse_order("A Paris H", testmap)


# --------------------------------------------------------------------------- grammar, vocabulary
def test_grammar_is_conflict_free() -> None:
    """strict=True turns shift/reduce conflicts and regex collisions into errors."""
    pytest.importorskip("interegular")
    from adjudicator.orders.read import _grammar

    assert _grammar(strict=True) is not None


def test_vocabulary_spells_every_declared_keyword() -> None:
    text = resources.files("adjudicator.grammar").joinpath("orders.lark").read_text("utf-8")
    declared = set(re.search(r"^%declare (.+)$", text, re.M).group(1).split())  # type: ignore[union-attr]
    for vocab in (lang.vocabulary for lang in LANGUAGES.values()):
        assert set(vocab.spellings) == declared
        assert set(vocab.meanings) == declared


def test_describe_expected() -> None:
    assert describe_expected({"WORD"}, en.VOCABULARY) == "a province name"
    assert describe_expected({"ARMY", "FLEET", "WORD"}, en.VOCABULARY) == (
        "a unit type ('A', 'F') or a province name"
    )
    assert (
        describe_expected({"HOLD", "$END"}, en.VOCABULARY) == "'H' (hold) or the end of the order"
    )


# --------------------------------------------------------------------------- properties


@settings(max_examples=examples(400), deadline=None)
@given(orders())
def test_round_trip(order: Order) -> None:
    assert parse_order(str(order), STANDARD) == order


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders(), st.sampled_from([None, "England", "[RUSSIA]"]))
def test_round_trip_in_a_file(order: Order, label: str | None) -> None:
    line = str(order) if label is None else f"{label}{':' if label[0] != '[' else ''} {order}"
    result = parse_orders(line, STANDARD)
    assert result.diagnostics == ()
    assert [o.order for o in result.orders] == [order]


WORDS = [
    "A",
    "F",
    "Par",
    "Bur",
    "-",
    "->",
    "S",
    "C",
    "H",
    "R",
    "D",
    "B",
    "W",
    "T",
    "M",
    "/",
    "nc",
    "(",
    ")",
    ":",
    "England",
    "German",
    ";",
    ",",
    "via",
    "by",
    "convoy",
    "to",
    "the",
    "Mid-Atlantic",
    "Ocean",
    "Spa-sc",
    "St.",
    "Petersburg",
    "north",
    "coast",
    "#",
    "//",
    "[",
    "]",
    "1.",
    "2)",
    "+",
    "Build",
    "Remove",
    "Waive",
    "Sevastapol",
    "Lon-Nth-Nwy",
    "\n",
    "@",
    "holds",
    "supports",
    "Army",
    "Fleet",
    "east",
    "Bul",
    "STP/NC",
    "é",
    "\t",
    "\r",
    "\x00",
]


def _never_raises_beyond_input_errors(text: str, where: Position | None) -> None:
    try:
        result = parse_orders(text, STANDARD, where)
    except InputError as exc:
        raise AssertionError(f"parse_orders raised for text: {exc}") from None
    for diagnostic in result.diagnostics:
        assert isinstance(diagnostic, Diagnostic)
        assert diagnostic.line >= 1 and diagnostic.column >= 1
    with contextlib.suppress(OrderSyntaxError):
        parse_order(text, STANDARD, where)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(), st.sampled_from([None, MOVEMENT, RETREATS, ADJUSTMENTS]))
def test_arbitrary_text_never_raises(text: str, where: Position | None) -> None:
    _never_raises_beyond_input_errors(text, where)


@settings(max_examples=examples(500), deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), max_size=12),
    st.sampled_from([" ", ""]),
    st.sampled_from([None, MOVEMENT, RETREATS, ADJUSTMENTS]),
)
def test_word_soup_never_raises(words: list[str], glue: str, where: Position | None) -> None:
    _never_raises_beyond_input_errors(glue.join(words), where)


# --------------------------------------------------------------------------- real orders
def test_real_game_orders_round_trip(shared_dir: Path) -> None:
    """Every order of the 40 recorded games (the ``diplomacy`` package's canonical strings)
    parses, and prints back to the same string."""
    import json

    seen: set[str] = set()
    for path in sorted((shared_dir / "games" / "cicero").glob("*.json")):
        game = json.loads(path.read_text(encoding="utf-8"))
        for phase in game.get("phases", []):
            for power_orders in (phase.get("orders") or {}).values():
                seen.update(power_orders or ())
    if not seen:
        pytest.skip("no recorded games in ../shared/games/cicero")
    mismatched = {text: str(parse(text)) for text in sorted(seen) if str(parse(text)) != text}
    assert mismatched == {}


def test_jdip_datc_orders_parse(shared_dir: Path) -> None:
    """The orders of jDip's DATC file (``England: F lon-nth``, ``A wal SUPPORTS F lon-yor``)
    parse, except the two the DATC writes wrong on purpose."""
    path = shared_dir / "datc" / "datc_v2.4_06.txt"
    if not path.is_file():
        pytest.skip("../shared/datc/datc_v2.4_06.txt is not present")
    lines: list[str] = []
    in_orders = False
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if (line.isupper() and " " not in line) or line.startswith(("CASE ", "PRESTATE_")):
            in_orders = line == "ORDERS"
        elif in_orders and line and not line.startswith("#"):
            lines.append(line)
    result = parse_orders("\n".join(lines), STANDARD)
    assert len(result.orders) > 600
    assert sorted(d.code for d in result.diagnostics) == ["convoyed-fleet", "unknown-power"]


# --------------------------------------------------------------------------- notation.md §2 layouts
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- A Mun", "A MUN D"),
        ("* A Ber", "A BER D"),
        ("Germany: - Mun", "A MUN D"),
        ("2. * Berlin", "A BER D"),
        ("+ A Par", "A PAR B"),
    ],
)
def test_removal_sign_in_an_adjustment_phase(text: str, expected: str) -> None:
    assert str(parse(text, ADJUSTMENTS)) == expected


def test_removal_sign_after_a_winter_phase_line() -> None:
    result = parse_orders("Winter 1901\nGermany: - F Kie; * A Mun", STANDARD)
    assert result.diagnostics == ()
    assert [str(o.order) for o in result.orders] == ["F KIE D", "A MUN D"]


@pytest.mark.parametrize(
    ("text", "where", "column"),
    [
        ("- F Kie", None, 1),
        ("* A Mun", MOVEMENT, 1),
        ("Germany: - A Mun", MOVEMENT, 10),
        ("- A Vie", RETREATS, 1),
        ("Fall 1901\n- A Mun", None, 1),
    ],
)
def test_removal_sign_elsewhere_is_not_guessed(
    text: str, where: Position | None, column: int
) -> None:
    """Outside an adjustment phase a leading sign may be a list mark: an error, never a move."""
    result = parse_orders(text, STANDARD, where)
    assert result.orders == ()
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.column) == (ParseCode.SYNTAX, column)
    assert "removals belong to an adjustment phase" in diagnostic.message
    assert diagnostic.hint is not None and "Winter 1901" in diagnostic.hint


def test_removal_sign_never_makes_a_move() -> None:
    result = parse_orders("- A Mun - Bur", STANDARD, ADJUSTMENTS)
    assert result.orders == ()
    assert result.diagnostics[0].message == "unexpected '-'; expected the end of the order"
    assert str(parse("A Mun - Bur", MOVEMENT)) == "A MUN - BUR"


@pytest.mark.parametrize(
    ("text", "lang", "powers"),
    [
        ("E)\nF Lon - Nth\nF)\nA Par - Bur", None, ["England", "France"]),
        ("E) F Lon - Nth; A) A Vie - Gal", None, ["England", "Austria"]),
        # on the line of an order the letter labels that order only, as `Germany:` would
        ("1) G) A Mun - Bur\nA Ber - Kie", None, ["Germany", None]),
        ("D)\nA Mün nach Burgund", "de", ["Germany"]),
        ("T)\nF Ank - Bla", "de", ["Turkey"]),
    ],
)
def test_letter_power_header(text: str, lang: str | None, powers: list[str]) -> None:
    """DPjudge's ``E)``: a letter the map gives to one power, as a header or a line label."""
    result = parse_orders(text, STANDARD, lang=lang)
    assert result.diagnostics == ()
    assert [o.power for o in result.orders] == powers


def test_list_marks_and_coasts_are_no_letter_headers() -> None:
    result = parse_orders("1) A Par - Bur\nF Spa(sc) - Por", STANDARD)
    assert result.diagnostics == ()
    assert [(o.power, str(o.order)) for o in result.orders] == [
        (None, "A PAR - BUR"),
        (None, "F SPA/SC - POR"),
    ]


@pytest.mark.parametrize(
    ("text", "lang", "code", "words"),
    [
        ("D) A Mun - Bur", "en", "unknown-power", "unknown power 'D'"),
        ("X)", None, "unknown-power", "unknown power 'X'"),
        ("England) F Lon - Nth", None, "unknown-power", "one letter of a power (E)"),
    ],
)
def test_letter_power_header_errors(text: str, lang: str | None, code: str, words: str) -> None:
    (diagnostic,) = parse_orders(text, STANDARD, lang=lang).diagnostics
    assert (diagnostic.code, diagnostic.column) == (code, 1)
    assert words in diagnostic.message


def test_letter_of_two_powers_is_no_header() -> None:
    twins = _twin_map()
    solo, duo = (Power(n, {"en": (n, "S")}, {"en": n}, ()) for n in ("Solo", "Second"))
    shared = GameMap(
        name="twins",
        title="Twins",
        aliases=(),
        victory=1,
        languages=("en",),
        provinces=dict(twins.provinces),
        powers={"Solo": solo, "Second": duo},
        coast_names={},
        army_edges={"AAA": frozenset({"BBB"}), "BBB": frozenset({"AAA"})},
        fleet_edges={},
        source="<test>",
    )
    (diagnostic,) = parse_orders("S)\nA Alpha - Beta", shared).diagnostics
    assert diagnostic.code == "ambiguous-power"
    assert "'S'" in diagnostic.message


@pytest.mark.parametrize(
    ("text", "where", "kept"),
    [
        # a header's power: its earlier orders go, later ones stay
        ("England:\nF Lon - Nth\nCLEAR\nF Lon - Eng", None, [("England", "F LON - ENG")]),
        (
            "England: F Lon - Nth\nFrance: A Par - Bur\nEngland: CLEAR\nEngland: F Lon - Eng",
            None,
            [("France", "A PAR - BUR"), ("England", "F LON - ENG")],
        ),
        # the power of unlabelled orders comes from the position
        (
            "F Lon - Nth\nA Par - Bur\nEngland: clear // take it back\nF Lon - Eng",
            MOVEMENT,
            [("France", "A PAR - BUR"), ("England", "F LON - ENG")],
        ),
        ("E)\nF Lon - Nth\nF)\nA Par - Bur\nE) (NMR)", None, [("France", "A PAR - BUR")]),
        ("[ENGLAND]\nF Lon - Nth\n( nmr )", None, []),
        # no power named anywhere: the file is one power's orders, all taken back
        ("F Lon - Nth\nA Par - Bur\n(NMR)\nF Lon - Eng", None, [(None, "F LON - ENG")]),
    ],
)
def test_clear_and_nmr_discard_earlier_orders(
    text: str, where: Position | None, kept: list[tuple[str | None, str]]
) -> None:
    """DPjudge's ``CLEAR`` and ``(NMR)`` lines take back the current power's earlier orders."""
    result = parse_orders(text, STANDARD, where)
    assert result.diagnostics == ()
    assert [(o.power, str(o.order)) for o in result.orders] == kept


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("F Lon - Nth\nEnglnd: CLEAR", "unknown-power", 1),
        ("F Lon - Nth\nA Par CLEAR", "syntax", 7),
        ("F Lon - Nth\nCLEARLY", "unknown-province", 1),
    ],
)
def test_clear_needs_a_clear_line(text: str, code: str, column: int) -> None:
    """``CLEAR`` after a bad label or inside an order discards nothing and is reported."""
    result = parse_orders(text, STANDARD)
    assert [str(o.order) for o in result.orders] == ["F LON - NTH"]
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == (code, 2, column)
