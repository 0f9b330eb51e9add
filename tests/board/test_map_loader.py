"""The map loader's validation: every error from its own small broken map file.

Each file under ``tests/data/maps/`` is ``valid.yaml`` changed in one place (its first comment
line says how). The loader must raise :class:`MapError` naming the file, the key and, where the
YAML has it, the line; and nothing but :class:`MapError`, whatever the text.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.base.errors import Diagnostic, MapError
from adjudicator.base.model import Location, Unit, UnitType
from adjudicator.base.sources import compose, duplicate_keys, key_path, locate
from adjudicator.board.load import load_map, parse_map_text
from adjudicator.board.map import GameMap, PlaceProblemKind
from tests.bad_units import bad_units
from tests.examples import examples

DATA = Path(__file__).resolve().parents[1] / "data" / "maps"
VALID = DATA / "valid.yaml"

# file stem -> (code, key path the message starts with, line of the offending text)
BROKEN: dict[str, tuple[str, str, int]] = {
    "malformed_yaml": ("yaml", "", 18),
    "unknown_top_key": ("unknown-key", "author", 7),
    "missing_victory": ("map-shape", "", 0),
    "unknown_province_in_adjacency": ("unknown-province", "adjacency.army.HOM[2]", 51),
    "asymmetric": ("asymmetric", "adjacency.army.TWO", 53),
    "fleet_inland": ("fleet-inland", "adjacency.fleet.BAY[0]", 55),
    "army_to_sea": ("army-to-sea", "adjacency.army.HOM[1]", 51),
    "army_coast": ("army-coast", "adjacency.army.HOM[2]", 51),
    "coast_of_no_province": ("unknown-coast", "adjacency.fleet.NSE[0]", 56),
    "coast_undeclared": ("unknown-coast", "provinces.TWO.coasts", 37),
    "coast_on_inland": ("coast-of-inland", "provinces.HOM.coasts", 28),
    "single_coast": ("single-coast", "provinces.TWO.coasts", 37),
    "missing_coast": ("missing-coast", "adjacency.fleet.NSE[2]", 56),
    "self_border": ("self-border", "adjacency.fleet.NSE[1]", 56),
    "impassable_border": ("impassable", "adjacency.army.HOM[1]", 51),
    "bad_location": ("location", "adjacency.army.HOM[2]", 51),
    "duplicate_name": ("name-collision", "provinces.SSE.names.en[1]", 44),
    "alias_collision": ("name-collision", "provinces.SSE.names.en[1]", 44),
    "power_collision": ("name-collision", "powers.Blue.names.en[2]", 19),
    "coast_word_collision": ("name-collision", "coasts.SC.en[1]", 11),
    "unknown_language": ("unknown-language", "provinces.NSE.names.fr", 41),
    "home_not_center": ("home-not-center", "provinces.HOM.home", 27),
    "home_unknown_power": ("unknown-power", "provinces.BAY.home", 32),
    "province_type": ("province-type", "provinces.NSE.type", 40),
    "province_unknown_key": ("unknown-key", "provinces.HOM.capital", 26),
    "province_id": ("province-id", "provinces.R-C", 45),
    "duplicate_key": ("duplicate-key", "adjacency.fleet.BAY", 56),
    "start_army_at_sea": ("start-unit", "powers.Red.start[1]", 17),
    "start_fleet_inland": ("start-unit", "powers.Red.start[0]", 17),
    "start_fleet_without_coast": ("start-unit", "powers.Blue.start[1]", 21),
    "start_two_units": ("start-unit", "powers.Blue.start[0]", 21),
    "start_unit_syntax": ("start-unit", "powers.Blue.start[1]", 21),
    "victory_zero": ("victory", "victory", 6),
    "victory_unreachable": ("victory", "victory", 6),
    "unknown_rule": ("unknown-rule", "rules[1]", 7),
    "first_phase_invalid": ("phase", "first_phase", 7),
    "mobilize_with_units": ("mobilize", "powers.Red.start", 19),
}

# words each message must contain besides the key: the offending text
MENTIONS = {
    "unknown_rule": "'teleport'; the words are build_any, mobilize",
    "first_phase_invalid": "W1901M",
    "unknown_top_key": "author",
    "missing_victory": "victory",
    "unknown_province_in_adjacency": "XYZ",
    "asymmetric": "BAY",
    "fleet_inland": "HOM",
    "army_to_sea": "NSE",
    "army_coast": "TWO/NC",
    "coast_of_no_province": "BAY",
    "coast_undeclared": "WC",
    "single_coast": "two or more",
    "missing_coast": "NC, SC",
    "self_border": "NSE",
    "impassable_border": "ROC",
    "bad_location": "T W O",
    "duplicate_name": "Bay",
    "alias_collision": "nsea",
    "power_collision": "Red",
    "coast_word_collision": "nc",
    "unknown_language": "fr",
    "home_unknown_power": "Green",
    "province_type": "ocean",
    "start_army_at_sea": "NSE",
    "start_fleet_inland": "HOM",
    "start_fleet_without_coast": "TWO/NC",
    "start_two_units": "Red",
    "start_unit_syntax": "Fleet",
    "victory_zero": "0",
    "victory_unreachable": "3",
}


def _error_of(path: Path) -> MapError:
    with pytest.raises(MapError) as info:
        load_map(path)
    return info.value


def test_every_broken_file_is_listed() -> None:
    on_disk = {p.stem for p in DATA.glob("*.yaml")} - {"valid"}
    assert on_disk == set(BROKEN)


def test_valid_base_loads() -> None:
    mini = load_map(VALID)
    assert isinstance(mini, GameMap)
    assert mini.name == "mini"
    assert mini.aliases == ("small",)
    assert mini.lookup("Heimat", "de") == ("HOM",)
    assert mini.lookup_coast("nk", "de") == "NC"
    assert mini.powers["Blue"].adjective() == "Bluish"
    assert mini.powers["Red"].adjective("de") == "rötlich"
    assert mini.locations("TWO", UnitType.FLEET) == (Location("TWO", "NC"), Location("TWO", "SC"))
    assert mini.province("ROC").type == "impassable"


@pytest.mark.parametrize("stem", sorted(BROKEN))
def test_broken_map(stem: str) -> None:
    code, key, line = BROKEN[stem]
    path = DATA / f"{stem}.yaml"
    error = _error_of(path)
    assert isinstance(error, ValueError)
    assert len(error.diagnostics) == 1, [str(d) for d in error.diagnostics]
    diagnostic = error.diagnostics[0]
    assert diagnostic.code == code
    assert diagnostic.path == str(path.resolve())
    assert diagnostic.message.startswith(f"{key}: " if key else "")
    assert diagnostic.line == line
    if line:
        assert diagnostic.column > 0
        source = path.read_text(encoding="utf-8").splitlines()[line - 1]
        assert diagnostic.source_line == source
        assert key.split(".")[-1].split("[")[0] in source or code == "yaml"
    if stem in MENTIONS:
        assert MENTIONS[stem] in diagnostic.message
    printed = str(error)
    assert printed.startswith(f"{path.resolve()}:{line}:" if line else f"{path.resolve()}:")
    assert f"[{code}]" in printed


def test_error_prints_the_line_with_a_caret() -> None:
    path = DATA / "army_to_sea.yaml"
    diagnostic = _error_of(path).diagnostics[0]
    lines = diagnostic.format().splitlines()
    assert lines[0] == (
        f"{path.resolve()}:51:16: error: adjacency.army.HOM[1]: army border into the sea NSE "
        "[army-to-sea]"
    )
    assert lines[1] == "      HOM: [BAY, NSE, TWO]"
    assert lines[2] == "  " + " " * 15 + "^"
    assert lines[1][lines[2].index("^") :].startswith("NSE")


def test_asymmetric_error_has_a_hint() -> None:
    diagnostic = _error_of(DATA / "asymmetric.yaml").diagnostics[0]
    assert diagnostic.hint == "add TWO to the list of BAY"


def test_unknown_language_hint() -> None:
    diagnostic = _error_of(DATA / "unknown_language.yaml").diagnostics[0]
    assert diagnostic.hint is not None
    assert "languages" in diagnostic.hint


# --------------------------------------------------------------------------- in-memory variants
def _valid_data() -> dict[str, Any]:
    data = yaml.safe_load(VALID.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _codes(data: object) -> list[str]:
    with pytest.raises(MapError) as info:
        parse_map_text(yaml.safe_dump(data, allow_unicode=True), "variant.yaml")
    assert all(d.path == "variant.yaml" for d in info.value.diagnostics)
    return [d.code for d in info.value.diagnostics]


def test_all_problems_of_a_stage_are_reported_together() -> None:
    data = _valid_data()
    data["provinces"]["NSE"]["type"] = "ocean"
    data["provinces"]["HOM"]["home"] = "Green"
    data["provinces"]["BAY"]["surprise"] = 1
    assert sorted(_codes(data)) == ["province-type", "unknown-key", "unknown-power"]


def test_later_stages_wait_for_earlier_ones() -> None:
    data = _valid_data()
    data["provinces"]["NSE"]["type"] = "ocean"  # NSE is then unknown to the adjacency
    assert _codes(data) == ["province-type"]


def test_same_name_in_two_languages_is_allowed() -> None:
    """Like German ``tyr`` (the Tyrrhenian Sea) against English ``tyr`` (Tyrolia)."""
    data = _valid_data()
    data["provinces"]["HOM"]["names"]["de"] = ["Heimat", "bay"]
    mini = parse_map_text(yaml.safe_dump(data, allow_unicode=True), "variant.yaml")
    assert mini.lookup("bay", "de") == ("HOM",)
    assert mini.lookup("bay", "en") == ("BAY",)
    assert mini.lookup("BAY", "de") == ("HOM",)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(victory=True), "victory"),
        (lambda d: d.update(victory=-3), "victory"),
        (lambda d: d.update(victory="18"), "victory"),
        (lambda d: d.update(name=""), "map-shape"),
        (lambda d: d.update(name=["x"]), "map-shape"),
        (lambda d: d.update(title=3), "map-shape"),
        (lambda d: d.update(aliases="small"), "map-shape"),
        (lambda d: d.update(languages=[]), "map-shape"),
        (lambda d: d.update(languages="en"), "map-shape"),
        (lambda d: d.update(provinces=None), "map-shape"),
        (lambda d: d.update(powers={}), "map-shape"),
        (lambda d: d.update(adjacency=[]), "map-shape"),
        (lambda d: d.update(coasts=["NC"]), "map-shape"),
        (lambda d: d["adjacency"].update(navy={}), "unknown-key"),
        (lambda d: d["adjacency"].update(army=["HOM"]), "map-shape"),
        (lambda d: d["adjacency"]["army"].update(HOM="BAY"), "map-shape"),
        (lambda d: d["provinces"].update(HOM="land"), "map-shape"),
        (lambda d: d["provinces"].update(hom={"type": "sea"}), "duplicate-key"),
        (lambda d: d["provinces"]["HOM"].update(supply_center="yes"), "map-shape"),
        (lambda d: d["provinces"]["HOM"].update(home=["Red"]), "unknown-power"),
        (lambda d: d["provinces"]["HOM"].update(names="Homeland"), "map-shape"),
        (lambda d: d["provinces"]["HOM"].update(names={"en": [""]}), "map-shape"),
        (lambda d: d["provinces"]["HOM"].update(names={"en": [None]}), "map-shape"),
        (lambda d: d["provinces"]["TWO"].update(coasts="NC"), "map-shape"),
        (lambda d: d["provinces"]["TWO"].update(coasts=["NC", "NC"]), "duplicate-key"),
        (lambda d: d["coasts"].update({"N/C": {}}), "map-shape"),
        (lambda d: d["powers"].update(Red=None), "map-shape"),
        (lambda d: d["powers"]["Red"].update(start="A HOM"), "map-shape"),
        (lambda d: d["powers"]["Red"].update(start=[None]), "start-unit"),
        (lambda d: d["powers"]["Red"].update(start=["A XYZ"]), "unknown-province"),
        (lambda d: d["powers"]["Red"].update(start=["A BAY/NC"]), "start-unit"),
        (lambda d: d["powers"]["Blue"].update(start=["F TWO/EC"]), "start-unit"),
        (lambda d: d["powers"]["Red"].update(adjective=["x"]), "map-shape"),
        (lambda d: d["powers"]["Red"].update(adjective={"en": ["a", "b"]}), "map-shape"),
        (lambda d: d["powers"]["Red"].update(adjective="Bluish"), "name-collision"),
        (lambda d: d["powers"]["Red"].update(flag="red"), "unknown-key"),
        (lambda d: d["powers"]["Red"].update(colour="red"), "map-shape"),
        (lambda d: d["powers"].update({"Blu": {}}), "name-collision"),
        (lambda d: d["adjacency"]["fleet"].update({"bay": ["NSE"]}), "duplicate-key"),
    ],
)
def test_variant_errors(change: Any, code: str) -> None:
    data = _valid_data()
    change(data)
    assert code in _codes(data)


def test_map_file_must_be_a_mapping() -> None:
    with pytest.raises(MapError) as info:
        parse_map_text("- a\n- b\n", "list.yaml")
    diagnostic = info.value.diagnostics[0]
    assert (diagnostic.code, diagnostic.line, diagnostic.path) == ("map-shape", 1, "list.yaml")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "name: [unclosed\n",
        "a: b\n\tc: d\n",
        "when: 2001-02-30\n",
        "!!python/object:os.system x\n",
        "? [a, b]\n: c\n",
        "[" * 600 + "]" * 600,
        "--- a\n--- b\n",
        "x: &a [*a]\n",
    ],
)
def test_odd_yaml_gives_map_error(text: str) -> None:
    with pytest.raises(MapError):
        parse_map_text(text, "odd.yaml")


# --------------------------------------------------------------------------- helpers
def test_key_path() -> None:
    assert key_path(("adjacency", "fleet", "BUL/EC", 2)) == "adjacency.fleet.BUL/EC[2]"
    assert key_path(()) == ""
    assert key_path(("victory",)) == "victory"


def test_locate_and_duplicates() -> None:
    text = "a:\n  B: [x, y]\n  c: 1\n  c: 2\n"
    root = compose(text)
    assert locate(root, ("a", "B", 1)) == (2, 10)
    assert locate(root, ("a", "b")) == (2, 3)  # keys also match ignoring case
    assert locate(root, ("a", "zzz")) == (1, 1)
    assert locate(root, ("nothing",)) == (0, 0)
    assert locate(None, ("a",)) == (0, 0)
    [(keys, node)] = duplicate_keys(root)
    assert keys == ("a", "c")
    assert node.start_mark.line == 3
    assert compose("[unclosed") is None


def test_diagnostics_are_plain_values() -> None:
    diagnostic = _error_of(DATA / "asymmetric.yaml").diagnostics[0]
    assert isinstance(diagnostic, Diagnostic)
    assert diagnostic.to_dict()["code"] == "asymmetric"


# --------------------------------------------------------------------------- robustness
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 40),
    st.text(max_size=8),
    st.sampled_from(["HOM", "BAY", "TWO/NC", "A HOM", "F TWO", "Red", "en", "sea", "coast"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


VALID_DATA = yaml.safe_load(VALID.read_text(encoding="utf-8"))
VALID_PATHS = [p for p in _paths(VALID_DATA) if p]


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(VALID_PATHS), VALUES), min_size=1, max_size=3))
def test_mutated_maps_raise_only_map_error(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = copy.deepcopy(VALID_DATA)
    for path, value in changes:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this path
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        parse_map_text(text, "mutant.yaml")
    except MapError as exc:
        assert exc.diagnostics
        assert all(d.path == "mutant.yaml" for d in exc.diagnostics)


YAMLISH = st.text(
    alphabet=st.sampled_from(list("abHOMNSE :-[]{},'\"!&*?|>#\n\t/0123456789")), max_size=120
)


@settings(max_examples=examples(400), deadline=None)
@given(YAMLISH)
def test_arbitrary_text_raises_only_map_error(text: str) -> None:
    try:
        parse_map_text(text, "fuzz.yaml")
    except MapError as exc:
        assert exc.diagnostics


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 2000), st.text(max_size=5))
def test_cut_or_spliced_map_raises_only_map_error(at: int, insert: str) -> None:
    text = VALID.read_text(encoding="utf-8")
    for variant in (text[:at], text[:at] + insert + text[at:]):
        try:
            parse_map_text(variant, "cut.yaml")
        except MapError as exc:
            assert exc.diagnostics


# --------------------------------------------------------------------------- the documentation
DOC = Path(__file__).resolve().parents[2] / "docs" / "maps.md"


def test_documented_example_loads() -> None:
    """The example in docs/maps.md is valid.yaml with comments: it loads to the same map."""
    text = DOC.read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    documented = parse_map_text(example, "docs/maps.md")
    base = load_map(VALID)
    assert documented.provinces == base.provinces
    assert documented.powers == base.powers
    for pid in base.provinces:
        for unit_type in UnitType:
            for here in base.locations(pid, unit_type):
                assert documented.neighbours(here, unit_type) == base.neighbours(here, unit_type)


def test_every_error_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8").split("## Every error", 1)[1]
    documented = {line.split("`")[1] for line in text.splitlines() if line.startswith("| `")}
    raised = {code for code, _, _ in BROKEN.values()} | {"io", "unknown-map"}
    assert raised <= documented
    source = (DOC.parents[1] / "adjudicator" / "board" / "load.py").read_text(encoding="utf-8")
    for module in ("map.py", "map_options.py"):
        source += (DOC.parents[1] / "adjudicator" / "board" / module).read_text(encoding="utf-8")
    for reader in ("sources.py", "documents.py", "limits.py"):
        source += (DOC.parents[1] / "adjudicator" / "base" / reader).read_text(encoding="utf-8")
    literals = set(re.findall(r'"([a-z]+(?:-[a-z]+)*)"', source))
    assert documented <= literals


# --------------------------------------------------------------------------- starting units
START_CODES = dict.fromkeys(PlaceProblemKind, "start-unit") | {
    PlaceProblemKind.UNKNOWN_PROVINCE: "unknown-province"
}


@pytest.mark.parametrize(("text", "code"), [*bad_units(START_CODES), ("A STP/NC", "start-unit")])
def test_starting_units_refuse_the_bad_units(text: str, code: str) -> None:
    """Starting units are canonical (``Unit.parse``), checked by the map's own rules; an army
    on a coast is refused too, as every unit a map file writes is canonical."""
    standard = load_map("standard")
    data = yaml.safe_load(Path(standard.source).read_text(encoding="utf-8"))
    data["powers"]["France"]["start"] = [text]
    with pytest.raises(MapError) as info:
        parse_map_text(yaml.safe_dump(data, allow_unicode=True), "standard.yaml")
    [diagnostic] = info.value.diagnostics
    assert (diagnostic.code, diagnostic.path) == (code, "standard.yaml")
    assert diagnostic.message.startswith("powers.France.start[0]: ")
    try:
        unit = Unit.parse(text, "France")
    except ValueError as exc:
        assert str(exc) in diagnostic.message
    else:
        problem = standard.unit_problem(unit)
        assert problem is not None
        assert problem.message in diagnostic.message
