"""Position files: exact round trips (YAML and JSON), the initial position, the tolerant reader
and its errors (each naming the file, line, column and key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.base.errors import InputError, MapError, PositionError
from adjudicator.base.model import Dislodgement, Location, Phase, PhaseType, Season, Unit, UnitType
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from adjudicator.state.position import Position
from tests.bad_units import bad_units
from tests.examples import examples

DATA = Path(__file__).resolve().parents[1] / "data" / "positions"
STANDARD = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET


def _load(name: str) -> Position:
    return Position.load(DATA / name)


def _error(text: str, path: str = "pos.yaml", game_map: GameMap | None = None) -> PositionError:
    with pytest.raises(PositionError) as info:
        Position.loads(text, game_map, path)
    return info.value


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize(
    ("name", "fmt"), [("initial.yaml", "yaml"), ("retreat.yaml", "yaml"), ("winter.json", "json")]
)
def test_files_round_trip_to_the_same_text(name: str, fmt: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    position = _load(name)
    assert position.dumps(fmt) == text
    assert Position.from_dict(position.to_dict()) == position
    assert Position.loads(position.dumps("json"), path="x.json") == position
    assert Position.loads(position.dumps("json")) == position  # JSON is YAML too
    assert Position.loads(position.dumps("yaml")) == position


def test_to_dict_is_plain_data() -> None:
    data = _load("retreat.yaml").to_dict()
    assert list(data) == ["map", "phase", "units", "dislodged", "standoffs", "supply_centers"]
    assert json.loads(json.dumps(data)) == data
    assert yaml.safe_load(yaml.safe_dump(data)) == data
    assert data["dislodged"] == {
        "Germany": {"A BEL": "BUR"},
        "Russia": {"F RUM": "BUL", "F SWE": {"from": "NWY", "convoy": True}},
    }
    assert data["standoffs"] == ["BOH"]
    assert data["units"]["Russia"] == ["F SEV", "F STP/SC", "A UKR", "A WAR"]


def test_initial_position() -> None:
    start = Position.initial(STANDARD)
    assert start == _load("initial.yaml")
    assert start.phase == Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
    assert start.map_name == "standard"
    assert len(start.units) == 22
    assert start.dislodged == ()
    assert start.standoffs == frozenset()
    assert start.supply_centers["Russia"] == ("MOS", "SEV", "STP", "WAR")
    assert start.unit_at("STP") == Unit("Russia", F, Location("STP", "SC"))
    assert start.unit_at("BUR") is None
    assert start.owner("LON") == "England"
    assert start.owner("BEL") is None
    assert [str(u) for u in start.units_of("Turkey")] == ["F ANK", "A CON", "A SMY"]
    assert start.powers == tuple(sorted(STANDARD.powers))


def test_initial_position_of_the_test_map() -> None:
    tiny = load_map("testmap")
    start = Position.initial(tiny)
    assert start.map_name == "testmap"
    assert Position.from_dict(start.to_dict()) == start
    assert Position.loads(start.dumps()) == start


def test_retreat_position() -> None:
    position = _load("retreat.yaml")
    assert str(position.phase) == "F1901R"
    assert position.standoffs == {"BOH"}
    by_unit = {str(d.unit): d for d in position.dislodged}
    assert by_unit["A BEL"] == Dislodgement(Unit("Germany", A, Location("BEL")), "BUR")
    assert by_unit["F SWE"].by_convoy
    assert by_unit["F SWE"].attacked_from == "NWY"
    assert not by_unit["F RUM"].by_convoy
    assert position.unit_at("BEL") is None  # dislodged units are not "at" their province


def test_winter_json() -> None:
    position = _load("winter.json")
    assert position.phase.type is PhaseType.ADJUSTMENT
    assert len(position.supply_centers["Germany"]) == 5


def test_order_of_input_does_not_matter() -> None:
    a = Position.from_dict(
        {"phase": "S1901M", "units": {"England": ["F LON", "A LVP"], "France": ["A PAR"]}},
        STANDARD,
    )
    b = Position.from_dict(
        {"units": {"France": ["A PAR"], "England": ["A LVP", "F LON"]}, "phase": "S1901M"},
        STANDARD,
    )
    assert a == b
    assert a.dumps() == b.dumps()


def test_tolerant_file_reads_like_the_canonical_one() -> None:
    """Names, power codes, lower case, bracketed coasts and any key order."""
    assert _load("tolerant.yaml") == _load("retreat.yaml")


@pytest.mark.parametrize(
    ("written", "unit"),
    [
        ("F StP/sc", "F STP/SC"),
        ("F stp/SC", "F STP/SC"),
        ("F Spa(nc)", "F SPA/NC"),
        ("F Spain (north coast)", "F SPA/NC"),
        ("F St. Petersburg / north coast", "F STP/NC"),
        ("Fleet Bulgaria/ec", "F BUL/EC"),
        ("army St Petersburg", "A STP"),
        ("A STP/NC", "A STP"),  # an army's coast is ignored
        ("a mun", "A MUN"),
        ("  A   Mun  ", "A MUN"),
    ],
)
def test_unit_spellings(written: str, unit: str) -> None:
    position = Position.from_dict({"units": {"Russia": [written]}}, STANDARD)
    assert [str(u) for u in position.units] == [unit]


def test_dislodged_forms() -> None:
    data: dict[str, Any] = {
        "phase": "S1902R",
        "units": {"France": ["A MUN"]},
        "dislodged": {
            "Germany": {"A MUN": {"from": "BUR"}},
            "England": {"A BEL": {"from": "Holland", "convoy": True}},
            "Russia": {"F BUL/EC": "rum"},
        },
    }
    position = Position.from_dict(data, STANDARD)
    got = {str(d.unit): (d.attacked_from, d.by_convoy) for d in position.dislodged}
    assert got == {"A MUN": ("BUR", False), "A BEL": ("HOL", True), "F BUL/EC": ("RUM", False)}
    assert position.to_dict()["dislodged"] == {
        "England": {"A BEL": {"from": "HOL", "convoy": True}},
        "Germany": {"A MUN": "BUR"},
        "Russia": {"F BUL/EC": "RUM"},
    }
    assert Position.from_dict(position.to_dict(), STANDARD) == position


def test_defaults() -> None:
    position = Position.from_dict({}, STANDARD)
    assert position.phase == Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
    assert position.units == ()
    assert position.supply_centers == STANDARD.starting_centers  # missing: the starting ones
    empty = Position.from_dict({"units": None, "supply_centers": {}}, STANDARD)
    assert empty.supply_centers == {}
    assert Position.loads("map: standard\n").map_name == "standard"


def test_map_from_the_file() -> None:
    assert Position.loads("map: classic\n").map_name == "standard"
    tiny = Position.loads("map: testmap\nunits: {Northland: [A CAP]}\n")
    assert tiny.map_name == "testmap"
    assert Position.loads("units: {England: [A LON]}\n").map_name == "standard"


def test_map_file_relative_to_the_position_file() -> None:
    position = _load("variant.yaml")
    assert position.map_name == "mini"
    assert position.unit_at("TWO") == Unit("Blue", F, Location("TWO", "NC"))
    mini = load_map(DATA.parent / "maps" / "valid.yaml")
    assert Position.from_dict(position.to_dict(), mini) == position


# --------------------------------------------------------------------------- errors
def test_broken_file_names_every_problem() -> None:
    path = DATA / "broken.yaml"
    with pytest.raises(PositionError) as info:
        Position.load(path)
    found = [(d.line, d.code, d.message.split(":")[0]) for d in info.value.diagnostics]
    assert found == [
        (5, "unit-location", "units.England[1]"),
        (6, "unit-location", "units.France[0]"),
        (6, "missing-coast", "units.France[1]"),
        (7, "duplicate-unit", "units.Germany[1]"),
        (8, "unknown-power", "units.Prussia"),
        (9, "unknown-province", "units.Italy[0]"),
        (10, "unit-location", "units.Russia[0]"),
        (12, "unknown-key", "dislodged.Turkey.A CON.by"),
        (14, "not-a-center", "supply_centers.England[1]"),
        (15, "duplicate-center", "supply_centers.France[0]"),
        (16, "unknown-key", "weather"),
    ]
    lines = path.read_text(encoding="utf-8").splitlines()
    for d in info.value.diagnostics:
        assert d.path == str(path)
        assert d.column > 0
        assert d.source_line == lines[d.line - 1]
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{path}:5:20: error: units.England[1]: 'A NTH': ")


@pytest.mark.parametrize(
    ("name", "code", "line", "column"),
    [("malformed.yaml", "yaml", 5, 9), ("malformed.json", "json", 4, 33)],
)
def test_malformed_files(name: str, code: str, line: int, column: int) -> None:
    path = DATA / name
    with pytest.raises(PositionError) as info:
        Position.load(path)
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.column, d.path) == (code, line, column, str(path))
    assert d.source_line == path.read_text(encoding="utf-8").splitlines()[line - 1]


# text, code, key the message starts with, line
ERRORS = [
    ("colour: red\n", "unknown-key", "colour", 1),
    ("phase: S1901X\n", "phase", "phase", 1),
    ("phase: W1901M\n", "phase", "phase", 1),
    ("map: standrd\n", "unknown-map", "map", 1),
    ("map: nowhere.yaml\n", "unknown-map", "map", 1),
    ("map: [standard]\n", "map", "map", 1),
    ("units: [A PAR]\n", "position-shape", "units", 1),
    ("units:\n  France: A PAR\n", "position-shape", "units.France", 2),
    ("units:\n  Prussia: [A BER]\n", "unknown-power", "units.Prussia", 2),
    ("units:\n  France: [A PAR]\n  FRA: [A BRE]\n", "duplicate-key", "units.FRA", 3),
    ("units:\n  France: [A PAR]\n  France: [A BRE]\n", "duplicate-key", "units.France", 3),
    ("units:\n  France: [Paris]\n", "unit", "units.France[0]", 2),
    ("units:\n  France: [Z PAR]\n", "unit", "units.France[0]", 2),
    ("units:\n  France: [3]\n", "unit", "units.France[0]", 2),
    ("units:\n  France: [A Pariss]\n", "unknown-province", "units.France[0]", 2),
    ("units:\n  France: [A ENG]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [F BUR]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [A SWI]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [F SPA]\n", "missing-coast", "units.France[0]", 2),
    ("units:\n  France: [F SPA/EC]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [F BRE/NC]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [F SPA/xx]\n", "unit-location", "units.France[0]", 2),
    ("units:\n  France: [A PAR]\n  Germany: [A PAR]\n", "duplicate-unit", "units.Germany[0]", 3),
    ("units:\n  France: [F SPA/NC, A SPA]\n", "duplicate-unit", "units.France[1]", 2),
    ("dislodged: [A PAR]\n", "position-shape", "dislodged", 1),
    ("dislodged:\n  France: [A PAR]\n", "position-shape", "dislodged.France", 2),
    ("dislodged:\n  France: {A PAR: XYZ}\n", "unknown-province", "dislodged.France.A PAR", 2),
    (
        "dislodged:\n  France: {A PAR: {convoy: true}}\n",
        "position-shape",
        "dislodged.France.A PAR",
        2,
    ),
    (
        "dislodged:\n  France: {A PAR: {from: BUR, convoy: 1}}\n",
        "position-shape",
        "dislodged.France.A PAR.convoy",
        2,
    ),
    (
        "dislodged:\n  France: {A PAR: {from: BUR, via: MAO}}\n",
        "unknown-key",
        "dislodged.France.A PAR.via",
        2,
    ),
    (
        "dislodged:\n  France: {A PAR: BUR, A Paris: PIC}\n",
        "duplicate-unit",
        "dislodged.France.A Paris",
        2,
    ),
    ("dislodged:\n  France: {F PAR: BUR}\n", "unit-location", "dislodged.France.F PAR", 2),
    ("standoffs: BUR\n", "position-shape", "standoffs", 1),
    ("standoffs: [BUR, XYZ]\n", "unknown-province", "standoffs[1]", 1),
    ("standoffs: [BUR, null]\n", "unknown-province", "standoffs[1]", 1),
    ("supply_centers: [PAR]\n", "position-shape", "supply_centers", 1),
    ("supply_centers:\n  France: PAR\n", "position-shape", "supply_centers.France", 2),
    ("supply_centers:\n  France: [BUR]\n", "not-a-center", "supply_centers.France[0]", 2),
    ("supply_centers:\n  France: [PAR, PAR]\n", "duplicate-center", "supply_centers.France[1]", 2),
    (
        "supply_centers:\n  France: [PAR]\n  Germany: [PAR]\n",
        "duplicate-center",
        "supply_centers.Germany[0]",
        3,
    ),
    ("supply_centers:\n  Frnce: [PAR]\n", "unknown-power", "supply_centers.Frnce", 2),
]


@pytest.mark.parametrize(("text", "code", "key", "line"), ERRORS, ids=[e[1] for e in ERRORS])
def test_errors(text: str, code: str, key: str, line: int) -> None:
    error = _error(text)
    assert [d.code for d in error.diagnostics] == [code], str(error)
    [d] = error.diagnostics
    assert d.path == "pos.yaml"
    assert d.message.startswith(f"{key}:")
    assert d.line == line
    assert d.column > 0
    assert d.source_line == text.splitlines()[line - 1]


def test_errors_without_text_still_name_the_key() -> None:
    with pytest.raises(PositionError) as info:
        Position.from_dict({"units": {"France": ["A ENG"]}}, STANDARD, path="game.yaml")
    [d] = info.value.diagnostics
    assert d.message.startswith("units.France[0]: ")
    assert (d.path, d.line) == ("game.yaml", 0)
    assert str(d).startswith("game.yaml: error: units.France[0]")


def test_hints() -> None:
    hints = {d.code: d.hint for d in _error("units:\n  Frnce: [A Pariss, F SPA]\n").diagnostics}
    assert hints == {"unknown-power": "did you mean 'France'?"}
    hints = {d.code: d.hint for d in _error("units:\n  France: [A Pariss, F SPA]\n").diagnostics}
    assert hints == {
        "unknown-province": "did you mean 'PAR' (Paris)?",
        "missing-coast": "write F SPA/NC or F SPA/SC",
    }
    assert _error("map: standrd\n").diagnostics[0].hint == "did you mean 'standard'?"


def test_german_unit_words_are_refused_with_the_form_to_write() -> None:
    """Position files take English unit words (docs/positions.md): ``Armee``, ``Heer`` and
    ``Flotte`` are refused at their place, the hint giving the unit to write instead; a German
    place name gets the usual suggestion of the province."""
    error = _error("units:\n  Germany: [Armee Kiel, Heer Berlin, Flotte Ostsee, A München]\n")
    assert [(d.code, d.hint) for d in error.diagnostics] == [
        ("unit", "write 'A KIE': a unit is A or F (or Army, Fleet) and a place"),
        ("unit", "write 'A BER': a unit is A or F (or Army, Fleet) and a place"),
        ("unit", "write 'F BAL': a unit is A or F (or Army, Fleet) and a place"),
        ("unknown-province", "did you mean 'MUN' (Munich)?"),
    ]
    error = _error("units:\n  Germany: [Flotte Atlantis]\n")
    assert error.diagnostics[0].hint == (
        "write 'F Atlantis': a unit is A or F (or Army, Fleet) and a place"
    )
    english = "units:\n  Germany: [A Kiel, Army Berlin, Fleet Baltic Sea, A MUN]\n"
    assert len(Position.loads("map: standard\nphase: W1901A\n" + english).units) == 4


def test_position_for_another_map() -> None:
    error = _error("map: testmap\n", game_map=STANDARD)
    [d] = error.diagnostics
    assert (d.code, d.line) == ("map", 1)
    assert "testmap" in d.message
    assert Position.loads("map: Classic\n", STANDARD).map_name == "standard"


def test_file_problems() -> None:
    with pytest.raises(PositionError) as info:
        Position.load(DATA / "nowhere.yaml")
    assert info.value.diagnostics[0].code == "io"
    assert info.value.diagnostics[0].path.endswith("nowhere.yaml")
    with pytest.raises(PositionError) as info:
        Position.load(DATA)
    assert info.value.diagnostics[0].code == "io"


def test_file_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("map: standard\n# M\u00e4rz\n".encode("latin-1"))
    with pytest.raises(PositionError) as info:
        Position.load(path)
    assert info.value.diagnostics[0].code == "io"


@pytest.mark.parametrize("text", ["- a\n- b\n", "just text\n", "", "42\n"])
def test_not_a_mapping(text: str) -> None:
    [d] = _error(text).diagnostics
    assert d.code == "position-shape"


def test_from_dict_needs_a_mapping() -> None:
    with pytest.raises(PositionError):
        Position.from_dict(["units"], STANDARD)  # type: ignore[arg-type]


def test_broken_map_file_is_a_map_error(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("name: bad\n", encoding="utf-8")
    (tmp_path / "pos.yaml").write_text("map: bad.yaml\n", encoding="utf-8")
    with pytest.raises(MapError):
        Position.load(tmp_path / "pos.yaml")


# --------------------------------------------------------------------------- properties
def _unit_strategy(game_map: GameMap) -> st.SearchStrategy[tuple[str, UnitType, Location]]:
    places = [
        (pid, unit_type, loc)
        for pid in game_map.provinces
        for unit_type in (A, F)
        for loc in game_map.locations(pid, unit_type)
    ]
    return st.sampled_from(places)


PHASES = st.builds(
    Phase,
    st.sampled_from([Season.SPRING, Season.FALL]),
    st.integers(1901, 2100),
    st.sampled_from([PhaseType.MOVEMENT, PhaseType.RETREAT]),
) | st.builds(
    lambda year: Phase(Season.WINTER, year, PhaseType.ADJUSTMENT), st.integers(1901, 2100)
)


@st.composite
def positions(draw: st.DrawFn, game_map: GameMap = STANDARD) -> Position:
    powers = sorted(game_map.powers)
    places = draw(st.lists(_unit_strategy(game_map), unique_by=lambda p: p[0], max_size=30))
    units = [Unit(draw(st.sampled_from(powers)), t, loc) for _, t, loc in places]
    gone = draw(st.lists(_unit_strategy(game_map), unique_by=lambda p: p[0], max_size=5))
    provinces = sorted(p for p in game_map.provinces if game_map.province(p).type != "impassable")
    dislodged = [
        Dislodgement(
            Unit(draw(st.sampled_from(powers)), t, loc),
            draw(st.sampled_from(provinces)),
            draw(st.booleans()),
        )
        for _, t, loc in gone
    ]
    standoffs = draw(st.frozensets(st.sampled_from(provinces), max_size=4))
    owners = {
        pid: draw(st.sampled_from([None, *powers])) for pid in sorted(game_map.supply_centers)
    }
    centers: dict[str, list[str]] = {}
    for pid, owner in owners.items():
        if owner is not None:
            centers.setdefault(owner, []).append(pid)
    return Position(
        game_map.name,
        draw(PHASES),
        tuple(units),
        tuple(dislodged),
        standoffs,
        {p: tuple(cs) for p, cs in centers.items()},
    )


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_positions_round_trip(position: Position) -> None:
    assert Position.from_dict(position.to_dict(), STANDARD) == position
    for fmt, path in (("yaml", "p.yaml"), ("json", "p.json")):
        text = position.dumps(fmt)
        again = Position.loads(text, STANDARD, path)
        assert again == position
        assert again.dumps(fmt) == text


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(load_map("testmap")))
def test_random_test_map_positions_round_trip(position: Position) -> None:
    tiny = load_map("testmap")
    assert Position.loads(position.dumps(), tiny) == position
    assert Position.loads(position.dumps()) == position  # `map: testmap` finds the map


TEXTISH = st.text(
    alphabet=st.sampled_from(list("AFaf PARSTPNC/():-[]{},'\"#\nmapunitsdlogedEnglandFrance01")),
    max_size=100,
)


@settings(max_examples=examples(300), deadline=None)
@given(TEXTISH)
def test_arbitrary_text_raises_only_input_errors(text: str) -> None:
    for path in ("fuzz.yaml", "fuzz.json"):
        try:
            Position.loads(text, STANDARD, path)
        except InputError as exc:
            assert isinstance(exc, PositionError | MapError)
            assert exc.diagnostics


KEYS = st.sampled_from(["map", "phase", "units", "dislodged", "standoffs", "supply_centers"])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from(["A PAR", "F STP", "England", "BUR", "S1901M", "standard", "x"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["England", "A PAR", "from", "convoy", "x"]), inner, max_size=3
        )
    ),
    max_leaves=8,
)


@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=6))
def test_arbitrary_data_raises_only_position_errors(data: dict[str, Any]) -> None:
    try:
        Position.from_dict(data, STANDARD)
    except PositionError as exc:
        assert exc.diagnostics
    try:
        Position.loads(yaml.safe_dump(data), path="data.yaml")
    except PositionError as exc:
        assert all(d.path == "data.yaml" for d in exc.diagnostics)


# --------------------------------------------------------------------------- the documentation
DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


def test_documented_example_is_the_retreat_file() -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## The format", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert Position.loads(example, path="docs.yaml") == _load("retreat.yaml")


def test_every_error_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8").split("## Errors", 1)[1]
    documented: set[str] = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            documented |= set(line.split("|")[1].replace("`", "").replace(" ", "").split("/"))
    raised = {code for _, code, _, _ in ERRORS} | {"io", "yaml", "json", "position-shape"}
    raised |= {"too-large", "too-long", "too-deep", "yaml-aliases"}  # test_position_limits.py
    assert raised == documented


# --------------------------------------------------------------------------- one unit reader
POSITION_CODES = {
    PlaceProblemKind.SYNTAX: "unit",
    PlaceProblemKind.UNKNOWN_PROVINCE: "unknown-province",
    PlaceProblemKind.AMBIGUOUS_PROVINCE: "unknown-province",
    PlaceProblemKind.UNKNOWN_COAST: "unit-location",
    PlaceProblemKind.MISSING_COAST: "missing-coast",
    PlaceProblemKind.ARMY_COAST: "unit-location",
    PlaceProblemKind.CANNOT_STAND: "unit-location",
}


@pytest.mark.parametrize("section", ["units", "dislodged"])
@pytest.mark.parametrize(("text", "code"), bad_units(POSITION_CODES))
def test_units_refuse_the_bad_units(text: str, code: str, section: str) -> None:
    """Units and dislodged units are read by the map's reader, and say what it found."""
    items: object = [text] if section == "units" else {text: "BUR"}
    with pytest.raises(PositionError) as info:
        Position.from_dict({"phase": "S1901R", section: {"France": items}}, STANDARD)
    [d] = info.value.diagnostics
    shared = STANDARD.read_unit(text, "France")
    assert isinstance(shared, PlaceProblem)
    assert d.code == code
    assert d.message.endswith(shared.message)
    assert d.hint == shared.hint
