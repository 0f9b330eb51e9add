"""The jDip/godip DATC text reader, and the DATC 2.4 file run with our rules.

The file ``../shared/datc/datc_v2.4_06.txt`` (beside the checkout; the test skips cleanly without
it) must pass apart from exactly the differences listed, with a reason each, in
``test_cases/jdip_expected_differences.yaml``; ``docs/rules.md`` lists them for readers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.base.errors import CaseFileError
from adjudicator.base.model import PhaseType, Retreat, Unit
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import PlaceProblem, PlaceProblemKind
from adjudicator.suites.jdip import load_jdip, loads_jdip
from adjudicator.suites.jdip_orders import JdipOrderError, parse_jdip_order
from adjudicator.suites.load import load_cases
from adjudicator.suites.model import Case, CaseStatus
from adjudicator.suites.run import run_case
from tests.bad_units import bad_units

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO / ".." / "shared"
DIFFERENCES = REPO / "test_cases" / "jdip_expected_differences.yaml"
RULES_DOC = REPO / "docs" / "rules.md"


def read(text: str) -> list[Case]:
    return loads_jdip(text, "suite.txt")


def errors(text: str) -> list[str]:
    with pytest.raises(CaseFileError) as info:
        read(text)
    return [d.format(context=False) for d in info.value.diagnostics]


# --------------------------------------------------------------------------- orders
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F nth-pic", "F NTH - PIC"),
        ("A lon - bel via Convoy", "A LON - BEL VIA"),
        ("F nat-mid", "F NAO - MAO"),
        ("F mid - spa/nc", "F MAO - SPA/NC"),
        ("F gol hold", "F LYO H"),
        ("A ven HOLD", "A VEN H"),
        ("F por supports f mid - spa", "F POR S F MAO - SPA"),
        ("A den Supports A nwy - swe", "A DEN S A NWY - SWE"),
        ("A ven S F alb-tri", "A VEN S F ALB - TRI"),
        ("F spa/nc supports F mid", "F SPA/NC S F MAO"),
        ("F tri supports F tri", "F TRI S F TRI"),
        ("F nth C A lon-bel", "F NTH C A LON - BEL"),
        ("F nth Convoys A yor - yor", "F NTH C A YOR - YOR"),
        ("F nth convoys F lon-bel", "F NTH C A LON - BEL"),
        ("Build A war", "A WAR B"),
        ("Build F stp/nc", "F STP/NC B"),
        ("A tyr disband", "A TYR D"),
    ],
)
def test_order_grammar(text: str, expected: str) -> None:
    assert str(parse_jdip_order(text, load_map("standard"))) == expected


def test_orders_depend_on_the_phase_and_the_units() -> None:
    game_map = load_map("standard")
    fleet = Unit("Russia", *_unit("F STP/SC"))
    order = parse_jdip_order("F stp-bot", game_map, PhaseType.MOVEMENT, [fleet])
    assert str(order) == "F STP/SC - BOT"
    retreat = parse_jdip_order("F tri-alb", game_map, PhaseType.RETREAT)
    assert isinstance(retreat, Retreat)
    assert str(retreat) == "F TRI R ALB"
    removal = parse_jdip_order(
        "Remove gol", game_map, PhaseType.ADJUSTMENT, [Unit("France", *_unit("F LYO"))]
    )
    assert str(removal) == "F LYO D"
    assert str(parse_jdip_order("Remove gol", game_map, PhaseType.ADJUSTMENT)) == "LYO D"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("F nth flies to pic", "not an order in the jDip grammar"),
        ("F nth-pcc", "unknown province 'pcc'"),
        ("F spa/wc-mid", "unknown coast 'wc' of SPA"),
    ],
)
def test_bad_orders(text: str, message: str) -> None:
    with pytest.raises(JdipOrderError, match=message):
        parse_jdip_order(text, load_map("standard"))


def _unit(text: str) -> tuple[Any, Any]:
    from adjudicator.base.model import Location, UnitType

    kind, place = text.split()
    return UnitType(kind), Location.parse(place)


# --------------------------------------------------------------------------- blocks
MOVEMENT = """\
VARIANT_ALL Standard

# Section banner
#
# illegal move : should fail
CASE 6.A.1
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tEngland: F nth
ORDERS
\tEngland: F nth-pic   # not adjacent
POSTSTATE_SAME
END

CASE 6.G.14. TEST CASE, BOUNCE via convoy
PRESTATE
\tEngland: A nwy
\tGermnay: F ska
ORDERS
\tEngland: A nwy-swe
POSTSTATE
\tEngland: A swe
\tGermany: F ska
POSTSTATE_DISLODGED
\tRussia: A hol
END

CASE 6.A.1
ORDERS
END
"""


def test_movement_blocks() -> None:
    first, second, third = read(MOVEMENT)
    assert (first.id, first.title, first.format) == ("6.A.1", "illegal move : should fail", "jdip")
    assert str(first.position.phase) == "S1901M"
    assert [str(u) for u in first.position.units] == ["F NTH"]
    (step,) = first.steps
    assert [(o.power, o.text, str(o.order), o.line, o.column) for o in step.orders] == [
        ("England", "F nth-pic", "F NTH - PIC", 11, 11)
    ]
    assert step.expect.units == first.position.units  # POSTSTATE_SAME
    assert step.expect.dislodged == ()
    assert step.expect.retreatless_may_vanish
    assert step.expect.results == ()
    assert (second.id, second.title) == ("6.G.14", "TEST CASE, BOUNCE via convoy")
    assert {u.power for u in second.position.units} == {"England", "Germany"}  # "Germnay"
    assert second.steps[0].expect.dislodged is not None
    assert [(str(e.unit), e.attacked_from) for e in second.steps[0].expect.dislodged] == [
        ("A HOL", None)
    ]
    assert third.id == "6.A.1#2"
    assert third.source == "suite.txt:28"


RETREAT = """\
CASE 6.H.x
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
\tFrance: A mar
\tGermany: A mun
\tGermany: A sil
\tGermany: A ber
PRESTATE_DISLODGED
\tItaly: A mar
\tAustria: A boh
PRESTATE_RESULTS
\tSUCCESS: France: A gas-mar via convoy
\tSUCCESS: France: F lyo C A gas-mar
\tFAILURE: Italy: A mar H
\tSUCCESS: Germany: A mun-boh
\tFAILURE: Germany: A sil-gal
\tFAILURE: Russia: A war-gal
\tFAILURE: Russia: A pru-ber
ORDERS
\tItaly: A mar-gas
\tAustria: A boh-gal
POSTSTATE
\tFrance: A mar
\tItaly: A gas
END
"""


def test_retreat_blocks_take_origins_and_standoffs_from_the_results() -> None:
    (case,) = read(RETREAT)
    position = case.position
    assert str(position.phase) == "S1901R"
    assert {(str(d.unit), d.attacked_from, d.by_convoy) for d in position.dislodged} == {
        ("A MAR", "GAS", True),
        ("A BOH", "MUN", False),
    }
    # Galicia: two failed moves, empty. Berlin: one failed move, and occupied anyway.
    assert position.standoffs == frozenset({"GAL"})
    orders = [str(o.order) for o in case.steps[0].orders]
    assert orders == ["A MAR R GAS", "A BOH R GAL"]


def test_adjustment_blocks() -> None:
    (case,) = read(
        """\
CASE 6.I.1
PRESTATE_SETPHASE Fall 1901, Adjustment
PRESTATE_SUPPLYCENTER_OWNERS
\tRussia: A war
\tGermany: A kie
\tGermany: mun
PRESTATE
\tRussia: A war
ORDERS
\tGermany: Build A kie
\tRussia: Remove war
POSTSTATE
\tRussia: A war
\tGermany: A kie
END
"""
    )
    assert str(case.position.phase) == "W1901A"
    assert case.position.supply_centers == {"Germany": ("KIE", "MUN"), "Russia": ("WAR",)}
    assert [str(o.order) for o in case.steps[0].orders] == ["A KIE B", "A WAR D"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "CASE a\nPRESTATE\n\tEngland: F nthh\nEND\n",
            "suite.txt:3:13: error: unknown province 'nthh'",
        ),
        (
            "CASE a\nPRESTATE\n\tEngelland: F nth\nEND\n",
            "suite.txt:3:2: error: unknown power 'Engelland'",
        ),
        (
            "CASE a\nORDERS\n\tEngland: F nth sails to pic\nEND\n",
            "suite.txt:3:11: error: not an order in the jDip grammar: 'F nth sails to pic' "
            "[jdip-order]",
        ),
        (
            "CASE a\nPRESTATE_SETPHASE Summer 1901, Movement\nEND\n",
            "suite.txt:2:1: error: invalid phase 'Summer 1901, Movement'",
        ),
        (
            "CASE a\nPRESTATE\n\tRussia: F stp\nEND\n",
            "suite.txt:3:12: error: F stp needs a coast: STP/NC or STP/SC",
        ),
        ("CASE a\nORDERS\n", "suite.txt:1:1: error: case a has no END"),
        ("ORDERS\n", "suite.txt:1:1: error: expected CASE or VARIANT_ALL, found 'ORDERS'"),
        (
            "CASE a\n\tEngland: F nth\nEND\n",
            "suite.txt:2:2: error: unexpected line in case a: 'England: F nth'",
        ),
        (
            "CASE a\nPRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE_DISLODGED\n"
            "\tEngland: F nth\nEND\n",
            "suite.txt:4:2: error: case a: cannot tell where F NTH was attacked from",
        ),
        ("VARIANT_ALL Youngstown\n", "suite.txt:1:13: error: unknown variant 'Youngstown'"),
    ],
)
def test_reader_errors_name_file_line_column(text: str, expected: str) -> None:
    found = errors(text)
    assert any(e.startswith(expected) for e in found), found


def test_load_cases_reads_txt_files_as_jdip(tmp_path: Path) -> None:
    path = tmp_path / "suite.txt"
    path.write_text(MOVEMENT, encoding="utf-8")
    assert [c.id for c in load_cases(path)] == ["6.A.1", "6.G.14", "6.A.1#2"]
    assert [c.id for c in load_jdip(path)] == ["6.A.1", "6.G.14", "6.A.1#2"]


# --------------------------------------------------------------------------- the DATC 2.4 file
def expected_runs() -> dict[str, Any]:
    data = yaml.safe_load(DIFFERENCES.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_expected_differences_file_is_well_formed() -> None:
    data = expected_runs()
    assert data["kind"] == "jdip-expected-differences"
    assert set(data) == {"kind", "file", "runs"}
    for run in data["runs"]:
        assert set(run) == {"name", "rules", "differences"}
        Rules.from_mapping(run["rules"])
        for entry in run["differences"]:
            assert set(entry) <= {"id", "reason", "units", "dislodged"}
            assert entry["reason"].strip() and entry["units"] is not None


def _normalised(mapping: dict[str, list[str]] | None) -> set[tuple[str, str]]:
    return {
        (power, " ".join(u.upper().split())) for power, us in (mapping or {}).items() for u in us
    }


@pytest.fixture(scope="module")
def datc24() -> Path:
    path = SHARED / str(expected_runs()["file"])
    if not path.is_file():
        pytest.skip(f"reference data {path} is not present")
    pytest.importorskip("adjudicator.adjudication.engine")
    return path


@pytest.mark.parametrize("run", expected_runs()["runs"], ids=lambda r: r["name"])
def test_datc_24_differs_exactly_where_documented(datc24: Path, run: dict[str, Any]) -> None:
    cases = load_jdip(datc24, rules=Rules.from_mapping(run["rules"]))
    assert len(cases) == 167
    documented = {entry["id"]: entry for entry in run["differences"]}
    unexpected = []
    for case in cases:
        outcome = run_case(case)
        if case.id not in documented:
            if outcome.status is not CaseStatus.PASSED:
                unexpected.append(outcome.explain())
            continue
        entry = documented[case.id]
        assert outcome.status is CaseStatus.FAILED, f"{case.id} now passes: update the list"
        (adjudication,) = outcome.adjudications
        got = {(u.power, str(u)) for u in adjudication.next_position.units}
        assert got == _normalised(entry["units"]), outcome.explain()
        if "dislodged" in entry:
            dislodged = {(d.unit.power, str(d.unit)) for d in adjudication.dislodged}
            assert dislodged == _normalised(entry["dislodged"]), outcome.explain()
    assert not unexpected, "\n\n".join(unexpected)
    assert documented.keys() <= {c.id for c in cases}


def test_datc_24_passes_whole_under_the_godip_preset(datc24: Path) -> None:
    """godip's own DATC file, under godip's rules: every case passes, with no list of expected
    differences (6.G.8 and 6.G.11 both come out as the file says)."""
    cases = load_jdip(datc24, rules=Rules.preset("godip"))
    assert len(cases) == 167
    outcomes = [run_case(case) for case in cases]
    assert [o.explain() for o in outcomes if o.status is not CaseStatus.PASSED] == []


def test_rules_doc_lists_the_default_differences() -> None:
    if not RULES_DOC.is_file():
        pytest.skip("docs/rules.md is not written yet")
    text = RULES_DOC.read_text(encoding="utf-8")
    assert "jdip_expected_differences.yaml" in text
    for run in expected_runs()["runs"]:
        for entry in run["differences"]:
            assert entry["id"] in text, entry["id"]


# --------------------------------------------------------------------------- one unit reader
JDIP_CODES = {
    PlaceProblemKind.SYNTAX: "jdip-syntax",  # the line is not 'Power: A xxx'
    PlaceProblemKind.UNKNOWN_PROVINCE: "jdip-province",
    PlaceProblemKind.AMBIGUOUS_PROVINCE: "jdip-province",
    PlaceProblemKind.UNKNOWN_COAST: "jdip-province",
    PlaceProblemKind.MISSING_COAST: "jdip-unit",
    PlaceProblemKind.ARMY_COAST: "jdip-unit",
    PlaceProblemKind.CANNOT_STAND: "jdip-unit",
}


@pytest.mark.parametrize(("text", "code"), bad_units(JDIP_CODES))
def test_units_refuse_the_bad_units(text: str, code: str) -> None:
    """jDip units are read by the map's reader, as position and case files are."""
    with pytest.raises(CaseFileError) as info:
        read(f"CASE a\nPRESTATE\n\tFrance: {text}\nEND\n")
    [d] = info.value.diagnostics
    assert (d.code, d.line) == (code, 3)
    shared = load_map("standard").read_unit(text, "France")
    assert isinstance(shared, PlaceProblem)
    if code != "jdip-syntax":
        assert d.column == 12  # the place
    if code == "jdip-province":
        assert d.message == shared.message


def test_units_are_read_as_in_position_files() -> None:
    [case] = read("CASE a\nPRESTATE\n\tRussia: F stp(sc)\n\tTurkey: A bul/ec\nEND\n")
    assert [str(u) for u in case.position.units] == ["F STP/SC", "A BUL"]
