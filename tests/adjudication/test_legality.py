"""Legality: every illegal-order code, normalisation, duplicates, retreat options, and the DATC
cases whose expectations say ``illegal``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.adjudication.legality.check import CheckedOrders, check_order, check_orders
from adjudicator.adjudication.legality.codes import (
    IllegalCode,
    Illegality,
    Normalised,
)
from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
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
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.state.outcomes import Outcome, Reason
from adjudicator.state.position import Position
from tests.examples import examples

REPO = Path(__file__).resolve().parents[2]
STANDARD = load_map("standard")


# --------------------------------------------------------------------------- helpers
def read(text: str) -> Order:
    """The canonical short form back to an order (a tiny reader, independent of the parser)."""
    words = text.split()
    if [w.upper() for w in words] == ["WAIVE"]:
        return Waive()
    unit_type = UnitType(words[0]) if words[0] in ("A", "F") else None
    rest = words[1:] if unit_type else words
    loc, rest = Location.parse(rest[0]), rest[1:]
    match rest:
        case ["H"]:
            return Hold(unit_type, loc)
        case ["D"]:
            return Disband(unit_type, loc)
        case ["B"]:
            return Build(unit_type, loc)
        case ["R", dest]:
            return Retreat(unit_type, loc, Location.parse(dest))
        case ["-", *steps]:
            via = steps[-1] == "VIA"
            places = [s for s in (steps[:-1] if via else steps) if s != "-"]
            path = tuple(places[:-1])
            return Move(unit_type, loc, Location.parse(places[-1]), via or bool(path), path)
        case ["S", *target]:
            target_type = UnitType(target[0]) if target[0] in ("A", "F") else None
            target = target[1:] if target_type else target
            to = Location.parse(target[2]) if len(target) > 1 else None
            return Support(unit_type, loc, target_type, Location.parse(target[0]), to)
        case ["C", *carried]:
            carried = carried[1:] if carried[0] == "A" else carried
            return Convoy(unit_type, loc, Location.parse(carried[0]), Location.parse(carried[2]))
    raise ValueError(f"cannot read {text!r}")


def position(
    units: Mapping[str, Sequence[str]],
    phase: str = "S1901M",
    dislodged: Mapping[str, Mapping[str, Any]] | None = None,
    standoffs: Sequence[str] = (),
    centers: Mapping[str, Sequence[str]] | None = None,
) -> Position:
    data: dict[str, Any] = {
        "map": "standard",
        "phase": phase,
        "units": {p: list(us) for p, us in units.items()},
        "dislodged": dict(dislodged or {}),
        "standoffs": list(standoffs),
    }
    if centers is not None:
        data["supply_centers"] = {p: list(cs) for p, cs in centers.items()}
    return Position.from_dict(data, STANDARD)


def check(
    pos: Position, orders: Mapping[str, Sequence[str]], rules: Rules | None = None
) -> CheckedOrders:
    parsed = {power: [read(t) for t in texts] for power, texts in orders.items()}
    return check_orders(pos, parsed, STANDARD, rules or Rules())


def code_of(checked: CheckedOrders, text: str) -> str | None:
    order = read(text)
    found = [r for r in checked.results if r.order == order]
    return found[0].code if found else None


@pytest.mark.parametrize(
    "text",
    [
        "A PAR H",
        "A PAR - BUR",
        "A LON - NWY VIA",
        "A LON - NTH - NWY",
        "F NTH S A LON - NWY",
        "F NTH S F LON",
        "F NTH C A LON - NWY",
        "A VIE R BOH",
        "F TRI D",
        "F STP/NC B",
        "WAIVE",
    ],
)
def test_reader_round_trips(text: str) -> None:
    assert str(read(text)) == text


# --------------------------------------------------------------------------- one row per code
@dataclass(frozen=True)
class Row:
    code: IllegalCode
    units: Mapping[str, Sequence[str]]
    orders: Mapping[str, Sequence[str]]
    target: str
    """The order that must get ``code``."""
    phase: str = "S1901M"
    dislodged: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    standoffs: Sequence[str] = ()
    centers: Mapping[str, Sequence[str]] | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    id: str = ""


ENG_HOME = {"England": ["EDI", "LON", "LVP"]}
RUS_HOME = {"Russia": ["MOS", "SEV", "STP", "WAR"]}
TRI_DISLODGED = {"Austria": {"A TRI": "VEN"}}

# fmt: off
ROWS = [
    Row(IllegalCode.WRONG_PHASE, {"England": ["A LVP"]}, {"England": ["A LVP D"]}, "A LVP D"),
    Row(IllegalCode.WRONG_PHASE, {"Austria": ["A SER"]}, {"Austria": ["A SER S A TRI - ALB"]},
        "A SER S A TRI - ALB", phase="S1901R", dislodged=TRI_DISLODGED, id="6.H.1"),
    Row(IllegalCode.UNKNOWN_PROVINCE, {"England": ["A LVP"]}, {"England": ["A LVP - XYZ"]},
        "A LVP - XYZ"),
    Row(IllegalCode.NO_UNIT, {"England": ["A LVP"]}, {"England": ["A YOR - LON"]}, "A YOR - LON"),
    Row(IllegalCode.FOREIGN_UNIT, {"England": ["F LON"]}, {"Germany": ["F LON - NTH"]},
        "F LON - NTH", id="6.A.6"),
    Row(IllegalCode.DUPLICATE_ORDER, {"England": ["A LVP"]},
        {"England": ["A LVP - YOR", "A LVP H"]}, "A LVP - YOR"),
    Row(IllegalCode.WRONG_UNIT_COAST, {"France": ["F SPA/SC"]}, {"France": ["F SPA/NC - LYO"]},
        "F SPA/NC - LYO", rules={"unit_coast": "strict"}, id="6.B.10-strict"),
    Row(IllegalCode.IRRELEVANT_COAST, {"France": ["A GAS"]}, {"France": ["A GAS - SPA/NC"]},
        "A GAS - SPA/NC", rules={"irrelevant_coast": "strict"}, id="6.B.12-strict"),
    Row(IllegalCode.MOVE_TO_SELF, {"Germany": ["F KIE"]}, {"Germany": ["F KIE - KIE"]},
        "F KIE - KIE", id="6.A.4"),
    Row(IllegalCode.NOT_ADJACENT, {"England": ["F NTH"]}, {"England": ["F NTH - PIC"]},
        "F NTH - PIC", id="6.A.1"),
    Row(IllegalCode.NOT_ADJACENT, {"Italy": ["F ROM"]}, {"Italy": ["F ROM - VEN"]}, "F ROM - VEN",
        id="6.A.9"),
    Row(IllegalCode.NOT_ADJACENT, {"France": ["F SPA/NC"]}, {"France": ["F SPA/SC - LYO"]},
        "F SPA/SC - LYO", id="6.B.11"),
    Row(IllegalCode.NOT_ADJACENT, {"Germany": ["A MUN"]}, {"Germany": ["A MUN - HOL"]},
        "A MUN - HOL"),
    Row(IllegalCode.NO_CONVOY_ROUTE, {"Germany": ["A YOR"]}, {"Germany": ["A YOR - HOL"]},
        "A YOR - HOL", id="6.D.32"),
    Row(IllegalCode.NO_CONVOY_ROUTE, {"France": ["A BEL"]}, {"France": ["A BEL - HOL VIA"]},
        "A BEL - HOL VIA"),
    Row(IllegalCode.BAD_CONVOY_PATH, {"England": ["A LON", "F NTH"]},
        {"England": ["A LON - ENG - BEL"]}, "A LON - ENG - BEL", rules={"convoy_path": "enforce"}),
    Row(IllegalCode.ARMY_TO_SEA, {"England": ["A LVP"]}, {"England": ["A LVP - IRI"]},
        "A LVP - IRI", id="6.A.2"),
    Row(IllegalCode.FLEET_INLAND, {"Germany": ["F KIE"]}, {"Germany": ["F KIE - MUN"]},
        "F KIE - MUN", id="6.A.3"),
    Row(IllegalCode.IMPASSABLE, {"Germany": ["A MUN"]}, {"Germany": ["A MUN - SWI"]},
        "A MUN - SWI"),
    Row(IllegalCode.UNREACHABLE_COAST, {"France": ["F GAS"]}, {"France": ["F GAS - SPA/SC"]},
        "F GAS - SPA/SC", id="6.B.3"),
    Row(IllegalCode.MISSING_COAST, {"France": ["F POR"]}, {"France": ["F POR - SPA"]},
        "F POR - SPA", id="6.B.1"),
    Row(IllegalCode.MISSING_COAST, {"France": ["F GAS"]}, {"France": ["F GAS - SPA"]},
        "F GAS - SPA", rules={"coasts": "strict"}, id="6.B.2-strict"),
    Row(IllegalCode.SUPPORT_SELF, {"Austria": ["F TRI"]}, {"Austria": ["F TRI S F TRI"]},
        "F TRI S F TRI", id="6.A.8"),
    Row(IllegalCode.SUPPORT_OWN_PROVINCE, {"Italy": ["A PRU"], "Russia": ["A LVN"]},
        {"Italy": ["A PRU S A LVN - PRU"]}, "A PRU S A LVN - PRU", id="6.D.34"),
    Row(IllegalCode.SUPPORT_NO_UNIT, {"Germany": ["A MUN"]}, {"Germany": ["A MUN S A BUR"]},
        "A MUN S A BUR"),
    Row(IllegalCode.SUPPORT_UNREACHABLE, {"Italy": ["F ROM", "A APU"]},
        {"Italy": ["F ROM S A APU - VEN"]}, "F ROM S A APU - VEN", id="6.A.10"),
    Row(IllegalCode.SUPPORT_UNREACHABLE, {"France": ["F SPA/NC", "F MAR"]},
        {"France": ["F SPA/NC S F MAR - LYO"]}, "F SPA/NC S F MAR - LYO", id="6.B.5"),
    Row(IllegalCode.SUPPORT_IMPOSSIBLE_MOVE, {"Germany": ["F KIE", "A BUR"]},
        {"Germany": ["A BUR S F KIE - MUN"]}, "A BUR S F KIE - MUN", id="6.D.22"),
    Row(IllegalCode.SUPPORT_IMPOSSIBLE_MOVE, {"France": ["F SPA/NC", "F MAR"]},
        {"France": ["F MAR S F SPA/NC - LYO"]}, "F MAR S F SPA/NC - LYO", id="6.D.23"),
    Row(IllegalCode.SUPPORT_IMPOSSIBLE_MOVE, {"France": ["A MAR", "F SPA/SC"]},
        {"France": ["F SPA/SC S A MAR - LYO"]}, "F SPA/SC S A MAR - LYO", id="6.D.24"),
    Row(IllegalCode.SUPPORT_IMPOSSIBLE_MOVE, {"England": ["A YOR", "A LVP"]},
        {"England": ["A LVP S A YOR - YOR"]}, "A LVP S A YOR - YOR", id="6.A.5"),
    Row(IllegalCode.SUPPORT_MISSING_COAST, {"France": ["F POR", "F MAO"]},
        {"France": ["F POR S F MAO - SPA"]}, "F POR S F MAO - SPA",
        rules={"support_coast": "required"}, id="6.B.7-required"),
    Row(IllegalCode.SUPPORT_OWN_CONVOY, {"Austria": ["A RUM"], "Turkey": ["F BLA"]},
        {"Turkey": ["F BLA S A RUM - ARM"]}, "F BLA S A RUM - ARM", id="6.D.31"),
    Row(IllegalCode.CONVOY_NOT_AT_SEA, {"Turkey": ["A GRE", "F AEG", "F CON", "F BLA"]},
        {"Turkey": ["F CON C A GRE - SEV"]}, "F CON C A GRE - SEV", id="6.F.1"),
    Row(IllegalCode.CONVOY_NOT_AT_SEA, {"England": ["A LON", "A WAL"]},
        {"England": ["A WAL C A LON - BEL"]}, "A WAL C A LON - BEL"),
    Row(IllegalCode.CONVOY_NO_UNIT, {"England": ["F NTH"]}, {"England": ["F NTH C A LON - NWY"]},
        "F NTH C A LON - NWY"),
    Row(IllegalCode.CONVOY_OF_FLEET, {"England": ["F LON", "F NTH"]},
        {"England": ["F NTH C A LON - BEL"]}, "F NTH C A LON - BEL", id="6.A.7"),
    Row(IllegalCode.CONVOY_OF_FLEET, {"England": ["F LON", "F NTH"]},
        {"England": ["F LON - BEL VIA"]}, "F LON - BEL VIA"),
    Row(IllegalCode.CONVOY_IMPOSSIBLE, {"England": ["F NTH", "A YOR"]},
        {"England": ["F NTH C A YOR - YOR"]}, "F NTH C A YOR - YOR", id="6.A.5"),
    Row(IllegalCode.CONVOY_IMPOSSIBLE, {"England": ["F ENG", "A LON", "F IRI"]},
        {"England": ["F IRI C A LON - BEL"]}, "F IRI C A LON - BEL", id="6.F.12"),
    Row(IllegalCode.CONVOY_IMPOSSIBLE, {"England": ["F NTH", "A LON"]},
        {"England": ["F NTH C A LON - MUN"]}, "F NTH C A LON - MUN"),
    Row(IllegalCode.CONVOY_UNNECESSARY, {"France": ["A MAR", "F WES"], "Italy": ["F LYO"]},
        {"France": ["F WES C A MAR - SPA"]}, "F WES C A MAR - SPA", id="6.G.19"),
    Row(IllegalCode.NOT_DISLODGED, {"England": ["A LVP"]}, {"England": ["A LVP R YOR"]},
        "A LVP R YOR", phase="S1901R"),
    Row(IllegalCode.RETREAT_ATTACKER_ORIGIN, {"Italy": ["A TRI"]}, {"Austria": ["A TRI R VEN"]},
        "A TRI R VEN", phase="S1901R", dislodged=TRI_DISLODGED),
    Row(IllegalCode.RETREAT_OCCUPIED, {"Italy": ["A TRI", "A TYR"]}, {"Austria": ["A TRI R TYR"]},
        "A TRI R TYR", phase="S1901R", dislodged=TRI_DISLODGED),
    Row(IllegalCode.RETREAT_STANDOFF, {"Italy": ["A TRI"]}, {"Austria": ["A TRI R VIE"]},
        "A TRI R VIE", phase="S1901R", dislodged=TRI_DISLODGED, standoffs=["VIE"]),
    Row(IllegalCode.NOT_ADJACENT, {"Italy": ["A TRI"]}, {"Austria": ["A TRI R GAL"]},
        "A TRI R GAL", phase="S1901R", dislodged=TRI_DISLODGED),
    Row(IllegalCode.NO_BUILDS, {"England": ["F EDI", "F LON", "A LVP"]}, {"England": ["WAIVE"]},
        "WAIVE", phase="W1901A", centers=ENG_HOME),
    Row(IllegalCode.NO_REMOVALS, {"England": ["F EDI", "F LON", "A LVP"]},
        {"England": ["F LON D"]}, "F LON D", phase="W1901A", centers=ENG_HOME),
    Row(IllegalCode.BUILD_NOT_HOME, {"England": ["F EDI", "F LON", "A LVP"]},
        {"England": ["A BEL B"]}, "A BEL B", phase="W1901A",
        centers={"England": ["BEL", "EDI", "LON", "LVP"]}, id="6.I.6"),
    Row(IllegalCode.BUILD_NOT_OWNED, {"England": ["F NWY"]}, {"England": ["A LON B"]}, "A LON B",
        phase="W1901A", centers={"England": ["EDI", "LVP", "NWY"]}, id="6.I.5"),
    Row(IllegalCode.BUILD_OCCUPIED, {"England": ["F LON", "F NTH"]}, {"England": ["A LON B"]},
        "A LON B", phase="W1901A", centers=ENG_HOME, id="6.I.3"),
    Row(IllegalCode.BUILD_OCCUPIED, {"Russia": ["F STP/SC"]}, {"Russia": ["F STP/NC B"]},
        "F STP/NC B", phase="W1901A", centers=RUS_HOME, id="6.I.4"),
    Row(IllegalCode.BUILD_SAME_PROVINCE, {"Russia": ["A WAR"]}, {"Russia": ["A SEV B", "F SEV B"]},
        "F SEV B", phase="W1901A", centers=RUS_HOME, id="6.I.7"),
    Row(IllegalCode.BUILD_MISSING_TYPE, {"Russia": ["A WAR"]}, {"Russia": ["SEV B"]}, "SEV B",
        phase="W1901A", centers=RUS_HOME, id="4.C.3"),
    Row(IllegalCode.FLEET_INLAND, {"Russia": ["A WAR"]}, {"Russia": ["F MOS B"]}, "F MOS B",
        phase="W1901A", centers=RUS_HOME, id="6.I.2"),
    Row(IllegalCode.MISSING_COAST, {"Russia": ["A WAR"]}, {"Russia": ["F STP B"]}, "F STP B",
        phase="W1901A", centers=RUS_HOME, id="6.B.14"),
]
# fmt: on


def _row_id(row: Row) -> str:
    return f"{row.code}-{row.id or row.target}"


@pytest.mark.parametrize("row", ROWS, ids=_row_id)
def test_illegal_code(row: Row) -> None:
    pos = position(row.units, row.phase, row.dislodged, row.standoffs, row.centers)
    checked = check(pos, row.orders, Rules.from_mapping(row.rules))
    target = read(row.target)
    results = [r for r in checked.results if r.order == target]
    assert results, f"{row.target} was accepted"
    result = results[0]
    assert result.code == row.code, result.message
    assert result.outcome is Outcome.ILLEGAL
    assert result.reason is Reason.ILLEGAL
    # Messages are short, lowercase, and quote the order.
    assert result.message.endswith(f" in '{target}'")
    assert result.message[0].islower()
    if not isinstance(target, Waive | Build):
        assert target.location.province not in checked.valid


def test_every_code_has_a_row() -> None:
    assert {row.code for row in ROWS} == set(IllegalCode)


def test_every_code_is_documented() -> None:
    doc = (REPO / "docs" / "illegal-orders.md").read_text(encoding="utf-8")
    missing = [code for code in IllegalCode if f"`{code}`" not in doc]
    assert not missing


# --------------------------------------------------------------------------- normalisation
@pytest.mark.parametrize(
    ("units", "given", "expected"),
    [
        ({"France": ["A PAR"]}, "PAR - BUR", "A PAR - BUR"),  # 4.C.1
        ({"France": ["A PAR"]}, "F PAR - BUR", "A PAR - BUR"),  # 4.C.2
        ({"France": ["A PAR"]}, "PAR H", "A PAR H"),
        ({"France": ["F SPA/SC"]}, "F SPA/NC - LYO", "F SPA/SC - LYO"),  # 4.B.5, 6.B.10
        ({"France": ["F SPA/SC"]}, "F SPA - LYO", "F SPA/SC - LYO"),
        ({"France": ["F GAS"]}, "F GAS - SPA", "F GAS - SPA/NC"),  # 4.B.2, 6.B.2
        ({"France": ["F MAO"]}, "F MAO - SPA/SC", "F MAO - SPA/SC"),
        ({"France": ["A GAS"]}, "A GAS - SPA/NC", "A GAS - SPA"),  # 4.B.6, 6.B.12
        ({"England": ["F NTH"]}, "F NTH - LON/NC", "F NTH - LON"),  # 4.B.6
        ({"France": ["F POR", "F GAS"]}, "F POR S F GAS - SPA", "F POR S F GAS - SPA/NC"),  # 6.B.8
        ({"France": ["F POR", "F MAO"]}, "F POR S F MAO - SPA", "F POR S F MAO - SPA"),  # 6.B.7
        ({"France": ["F MAR", "F GAS"]}, "F MAR S F GAS - SPA/NC", "F MAR S F GAS - SPA/NC"),
        ({"France": ["F POR", "A GAS"]}, "F POR S GAS - SPA/NC", "F POR S A GAS - SPA"),
        ({"France": ["A BUR", "A MAR"]}, "A BUR S F MAR", "A BUR S A MAR"),
        ({"Russia": ["F STP/SC", "A FIN"]}, "FIN S STP", "A FIN S F STP/SC"),
        ({"England": ["F NTH", "A LON"]}, "A LON - NTH - NWY", "A LON - NWY VIA"),  # 4.A.6 a
        ({"England": ["F NTH", "A LON"]}, "A LON - NWY", "A LON - NWY"),
        ({"England": ["F NTH", "A LON"]}, "NTH C LON - NWY", "F NTH C A LON - NWY"),
        ({"Turkey": ["F BLA", "A RUM"]}, "F BLA S A RUM - ARM", None),  # 6.D.31
        ({"England": ["F NTH", "A LON"]}, "F NTH S A LON - BEL", None),
        ({"England": ["F NTH", "F ENG", "A LON"]}, "F NTH S A LON - BEL", "F NTH S A LON - BEL"),
    ],
)
def test_normalised(units: Mapping[str, Sequence[str]], given: str, expected: str | None) -> None:
    pos = position(units)
    power = next(iter(units))
    verdict = check_order(pos, power, read(given), STANDARD, Rules())
    if expected is None:
        assert isinstance(verdict, Illegality)
        return
    assert isinstance(verdict, Normalised), verdict
    assert str(verdict.normalised) == expected
    assert verdict.order == read(given)
    assert verdict.power == power


def test_unknown_coast_is_ignored() -> None:
    """4.B.6: ``SPA/WC`` reads as a coastless Spain: fine from Gascony, not from Mid-Atlantic."""
    pos = position({"France": ["F MAO", "F GAS"]})
    verdict = check_order(pos, "France", read("F GAS - SPA/WC"), STANDARD, Rules())
    assert isinstance(verdict, Normalised)
    assert str(verdict.normalised) == "F GAS - SPA/NC"
    verdict = check_order(pos, "France", read("F MAO - SPA/WC"), STANDARD, Rules())
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.MISSING_COAST


STRICT_UNIT_COAST = Rules.from_mapping({"unit_coast": "strict"})
WRONG = IllegalCode.WRONG_UNIT_COAST


@pytest.mark.parametrize(
    ("units", "phase", "given", "code"),
    [
        ({"France": ["F SPA/SC"]}, "S1901M", "F SPA/SC - LYO", None),
        ({"France": ["F SPA/SC"]}, "S1901M", "F SPA - LYO", None),  # no coast is no wrong coast
        ({"France": ["F SPA/SC"]}, "S1901M", "F SPA/NC H", WRONG),
        ({"France": ["F SPA/SC", "F MAR"]}, "S1901M", "F MAR S F SPA/NC", WRONG),
        ({"France": ["F SPA/SC", "F MAR"]}, "S1901M", "F MAR S F SPA/SC - LYO", None),
        ({"France": ["F SPA/SC", "F MAR"]}, "S1901M", "F MAR S F SPA/NC - LYO", WRONG),
        ({"France": ["A GAS"]}, "S1901M", "A GAS - SPA/NC", None),  # an army: 4.B.6, not 4.B.5
        ({"Russia": ["F STP/SC", "A MOS"]}, "W1901A", "F STP/NC D", WRONG),
        ({"Russia": ["F STP/SC", "A MOS"]}, "W1901A", "F STP/SC D", None),
        ({"Italy": ["F WES"]}, "S1901R", "F SPA/NC R LYO", WRONG),
        ({"Italy": ["F WES"]}, "S1901R", "F SPA/SC R LYO", None),
    ],
)
def test_unit_coast_strict(
    units: Mapping[str, Sequence[str]], phase: str, given: str, code: IllegalCode | None
) -> None:
    """4.B.5 a: a coast named for the ordered or supported fleet must be its own; the default
    ignores it (4.B.5 b, 6.B.10)."""
    centers = {"Russia": ["MOS"]} if phase.endswith("A") else None
    retreat = phase.endswith("R")
    dislodged = {"France": {"F SPA/SC": "WES"}} if retreat else None
    pos = position(units, phase, dislodged, centers=centers)
    power = "France" if retreat else next(iter(units))
    verdict = check_order(pos, power, read(given), STANDARD, STRICT_UNIT_COAST)
    if code is None:
        assert isinstance(verdict, Normalised), verdict
    else:
        assert isinstance(verdict, Illegality)
        assert verdict.code is code
    assert isinstance(check_order(pos, power, read(given), STANDARD, Rules()), Normalised)


STRICT_IRRELEVANT_COAST = Rules.from_mapping({"irrelevant_coast": "strict"})
IRRELEVANT = IllegalCode.IRRELEVANT_COAST


@pytest.mark.parametrize(
    ("units", "given", "code"),
    [
        ({"France": ["A GAS"]}, "A GAS - SPA", None),
        ({"France": ["A GAS"]}, "A GAS/NC - SPA", IRRELEVANT),
        ({"France": ["A GAS"]}, "A GAS - SPA/NC", IRRELEVANT),
        ({"France": ["F GAS"]}, "F GAS - SPA/WC", IRRELEVANT),
        ({"France": ["F GAS"]}, "F GAS - SPA/NC", None),
        ({"France": ["F BRE"]}, "F BRE/EC H", IRRELEVANT),
        ({"England": ["F NTH"]}, "F NTH - LON/NC", IRRELEVANT),
        ({"France": ["F SPA/SC"]}, "F SPA/NC - LYO", None),  # 4.B.5, not this option
        ({"France": ["F POR", "A GAS"]}, "F POR S A GAS - SPA/NC", IRRELEVANT),
        ({"France": ["F POR", "F GAS"]}, "F POR S F GAS - SPA/WC", IRRELEVANT),
        ({"France": ["F MAO", "F GAS"]}, "F MAO S F GAS/NC", IRRELEVANT),
        ({"France": ["F POR", "F GAS"]}, "F POR S F GAS - SPA/NC", None),
        ({"England": ["F NTH", "A LON"]}, "F NTH C A LON - NWY", None),
        ({"England": ["F NTH", "A LON"]}, "F NTH C A LON - NWY/NC", IRRELEVANT),
        ({"England": ["F NTH", "A LON"]}, "F NTH C A LON/EC - NWY", IRRELEVANT),
    ],
)
def test_irrelevant_coast_strict(
    units: Mapping[str, Sequence[str]], given: str, code: IllegalCode | None
) -> None:
    """4.B.6 a: an unknown coast, or one given for an army, makes the order illegal; the default
    leaves it out (4.B.6 b, 6.B.12)."""
    pos = position(units)
    power = next(iter(units))
    verdict = check_order(pos, power, read(given), STANDARD, STRICT_IRRELEVANT_COAST)
    if code is None:
        assert isinstance(verdict, Normalised), verdict
    else:
        assert isinstance(verdict, Illegality)
        assert verdict.code is code
    assert isinstance(check_order(pos, power, read(given), STANDARD, Rules()), Normalised)


def test_irrelevant_coast_strict_retreat() -> None:
    pos = position({"Italy": ["A BUR"]}, "S1901R", {"France": {"A PAR": "BUR"}})
    for text, legal in [("A PAR R GAS", True), ("A PAR R GAS/NC", False)]:
        verdict = check_order(pos, "France", read(text), STANDARD, STRICT_IRRELEVANT_COAST)
        assert isinstance(verdict, Normalised) is legal


REQUIRED_SUPPORT_COAST = Rules.from_mapping({"support_coast": "required"})


@pytest.mark.parametrize(
    ("units", "given", "legal"),
    [
        ({"France": ["F POR", "F MAO"]}, "F POR S F MAO - SPA", False),  # 6.B.7
        ({"France": ["F POR", "F GAS"]}, "F POR S F GAS - SPA", False),  # 6.B.8
        ({"France": ["F POR", "F GAS"]}, "F POR S F GAS - SPA/NC", True),
        ({"France": ["F MAR", "F GAS"]}, "F MAR S F GAS - SPA/NC", True),  # 6.B.4
        ({"France": ["F POR", "A GAS"]}, "F POR S A GAS - SPA", True),  # an army needs none
        ({"France": ["F POR", "F MAO"]}, "F POR S F MAO - SPA/WC", False),
        ({"France": ["F MAO", "F GAS"]}, "F MAO S F GAS", True),  # a hold support
        ({"England": ["F NTH", "F LON"]}, "F NTH S F LON - ENG", True),
    ],
)
def test_support_coast_required(
    units: Mapping[str, Sequence[str]], given: str, legal: bool
) -> None:
    """4.B.4 entry-checked reading: a support of a fleet into a multi-coast province names the
    coast; the default lets it be left out (6.B.7, 6.B.8, 6.B.15)."""
    pos = position(units)
    verdict = check_order(pos, next(iter(units)), read(given), STANDARD, REQUIRED_SUPPORT_COAST)
    if legal:
        assert isinstance(verdict, Normalised), verdict
    else:
        assert isinstance(verdict, Illegality)
        assert verdict.code is IllegalCode.SUPPORT_MISSING_COAST
    assert isinstance(
        check_order(pos, next(iter(units)), read(given), STANDARD, Rules()), Normalised
    )


IGNORED_IMPOSSIBLE_COAST = Rules.from_mapping({"impossible_coast": "ignore"})


@pytest.mark.parametrize(
    ("units", "given", "expected"),
    [
        ({"France": ["F GAS"]}, "F GAS - SPA/SC", "F GAS - SPA/NC"),  # 6.B.3
        ({"France": ["F MAR"]}, "F MAR - SPA/NC", "F MAR - SPA/SC"),
        ({"Russia": ["F BOT"]}, "F BOT - STP/NC", "F BOT - STP/SC"),
        ({"France": ["F MAR", "F GAS"]}, "F MAR S F GAS - SPA/SC", "F MAR S F GAS - SPA/NC"),
        ({"France": ["F GAS"]}, "F GAS - SPA/NC", None),  # a reachable coast is kept
        ({"France": ["F MAO"]}, "F MAO - SPA/SC", None),
    ],
)
def test_impossible_coast_ignored(
    units: Mapping[str, Sequence[str]], given: str, expected: str | None
) -> None:
    """4.B.3 a: a coast the fleet cannot reach is ignored and the one it can reach taken; the
    default (b) makes the order illegal (6.B.3). A missing coast stays as ``coasts`` says, but
    a wrong one is ignored even under ``coasts: strict``."""
    pos = position(units)
    power = next(iter(units))
    order = read(given)
    for rules in (IGNORED_IMPOSSIBLE_COAST, IGNORED_IMPOSSIBLE_COAST.replace(coasts="strict")):
        verdict = check_order(pos, power, order, STANDARD, rules)
        assert isinstance(verdict, Normalised), verdict
        assert str(verdict.normalised) == (expected or given)
    default = check_order(pos, power, order, STANDARD, Rules())
    if expected is None:
        assert isinstance(default, Normalised)
    else:
        assert isinstance(default, Illegality)
        assert default.code in (IllegalCode.UNREACHABLE_COAST, IllegalCode.SUPPORT_IMPOSSIBLE_MOVE)


def test_impossible_coast_ignored_in_a_retreat() -> None:
    pos = position({"England": ["F GAS"]}, "S1901R", {"France": {"F GAS": "BRE"}})
    verdict = check_order(pos, "France", read("F GAS R SPA/SC"), STANDARD, IGNORED_IMPOSSIBLE_COAST)
    assert isinstance(verdict, Normalised)
    assert str(verdict.normalised) == "F GAS R SPA/NC"
    verdict = check_order(pos, "France", read("F GAS R SPA/SC"), STANDARD, Rules())
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.UNREACHABLE_COAST


def test_explicit_path_enforced_is_kept() -> None:
    pos = position({"England": ["F NTH", "A LON"]})
    rules = Rules.from_mapping({"convoy_path": "enforce"})
    verdict = check_order(pos, "England", read("A LON - NTH - NWY"), STANDARD, rules)
    assert isinstance(verdict, Normalised)
    assert str(verdict.normalised) == "A LON - NTH - NWY"


@pytest.mark.parametrize(
    ("choice", "legal"),
    [
        ("2023", False),
        ("explicit", False),
        ("fallback", True),
        ("1971", True),
        ("godip", True),
        ("diplomacy-package", False),
        ("webdiplomacy", False),
    ],
)
def test_via_convoy_without_fleets(choice: str, legal: bool) -> None:
    """6.G.8 without the fleet: under the editions without land fallback the order can never
    be valid, so it is illegal (4.E.1); godip walks the army (no fleet was ordered to convoy
    it), while the package and webDiplomacy refuse the order."""
    pos = position({"France": ["A BEL"]})
    rules = Rules.from_mapping({"adjacent_convoy": choice})
    verdict = check_order(pos, "France", read("A BEL - HOL VIA"), STANDARD, rules)
    assert isinstance(verdict, Normalised) is legal


def test_unnecessary_convoy_allowed_by_option() -> None:
    pos = position({"France": ["A MAR", "F WES"], "Italy": ["F LYO"]})
    rules = Rules.from_mapping({"necessary_convoys": False})
    assert isinstance(
        check_order(pos, "France", read("F WES C A MAR - SPA"), STANDARD, rules), Normalised
    )
    assert isinstance(
        check_order(pos, "Italy", read("F LYO C A MAR - SPA"), STANDARD, Rules()), Normalised
    )


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("A MOS B", "A MOS B"),
        ("MOS B", "A MOS B"),  # 4.C.3: inland means army
        ("STP/NC B", "F STP/NC B"),  # 4.C.3 c: a named coast means a fleet
        ("A STP/NC B", "A STP B"),
        ("F SEV B", "F SEV B"),
        ("F STP/SC B", "F STP/SC B"),
        ("WAIVE", "WAIVE"),
    ],
)
def test_build_normalised(given: str, expected: str) -> None:
    pos = position({"Russia": ["A WAR"]}, "W1901A", centers=RUS_HOME)
    verdict = check_order(pos, "Russia", read(given), STANDARD, Rules())
    assert isinstance(verdict, Normalised), verdict
    assert str(verdict.normalised) == expected


def test_removal_normalised() -> None:
    pos = position({"England": ["F LON", "F NTH"]}, "W1901A", centers={"England": ["LON"]})
    verdict = check_order(pos, "England", read("A NTH D"), STANDARD, Rules())
    assert isinstance(verdict, Normalised)
    assert str(verdict.normalised) == "F NTH D"


# --------------------------------------------------------------------------- several orders
def test_duplicates_all_dropped() -> None:
    checked = check(position({"England": ["A LVP"]}), {"England": ["A LVP - YOR", "A LVP H"]})
    assert "LVP" not in checked.valid
    assert [r.code for r in checked.results] == ["duplicate-order", "duplicate-order"]
    assert "'A LVP H'" in checked.results[0].message


def test_duplicates_last_wins() -> None:
    rules = Rules.from_mapping({"multiple_orders": "last-wins"})
    checked = check(
        position({"England": ["A LVP"]}), {"England": ["A LVP - YOR", "A LVP H"]}, rules
    )
    assert checked.valid["LVP"] == ("England", read("A LVP H"), read("A LVP H"))
    assert [(str(r.order), r.code) for r in checked.results] == [("A LVP - YOR", "duplicate-order")]


def test_identical_after_normalisation_counts_once() -> None:
    checked = check(position({"England": ["A LVP"]}), {"England": ["A LVP - YOR", "LVP - YOR"]})
    assert not checked.results
    assert checked.valid["LVP"] == ("England", read("A LVP - YOR"), read("A LVP - YOR"))


def test_illegal_order_does_not_compete() -> None:
    """6.D.31 / 4.E.1: the illegal support is ignored, so the second order stands."""
    units = {"Austria": ["A RUM"], "Turkey": ["F BLA"]}
    checked = check(position(units), {"Turkey": ["F BLA S A RUM - ARM", "F BLA - ARM"]})
    assert checked.valid["BLA"][2] == read("F BLA - ARM")
    assert [r.code for r in checked.results] == ["support-own-convoy"]


def test_valid_and_results_in_order() -> None:
    pos = Position.initial(STANDARD)
    checked = check(
        pos,
        {
            "France": ["A PAR - BUR", "A MAR - LYO", "F BRE - MAO"],
            "England": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR", "A PAR H"],
        },
    )
    assert list(checked.valid) == ["PAR", "BRE", "LON", "EDI", "LVP"]
    assert [str(r.order) for r in checked.results] == ["A MAR - LYO", "A PAR H"]
    assert [r.power for r in checked.results] == ["France", "England"]
    assert [str(n.normalised) for n in checked.sequence][:2] == ["A PAR - BUR", "F BRE - MAO"]


def test_adjustment_sequence_keeps_order_and_waives() -> None:
    pos = position({"Russia": ["A WAR"]}, "W1901A", centers=RUS_HOME)
    checked = check(pos, {"Russia": ["WAIVE", "A MOS B", "A MOS B", "F SEV B", "WAIVE"]})
    assert [str(n.normalised) for n in checked.sequence] == [
        "WAIVE",
        "A MOS B",
        "F SEV B",
        "WAIVE",
    ]
    assert checked.waives == [("Russia", Waive()), ("Russia", Waive())]
    assert set(checked.valid) == {"MOS", "SEV"}
    assert not checked.results


def test_removal_counted_once() -> None:
    """6.J.2: the same removal twice counts once."""
    pos = position({"France": ["A PAR", "A PIC", "F BRE"]}, "W1901A", centers={"France": ["PAR"]})
    checked = check(pos, {"France": ["A PIC D", "A PIC D", "PIC D"]})
    assert list(checked.valid) == ["PIC"]
    assert len(checked.sequence) == 1
    assert not checked.results


def test_retreat_phase_orders() -> None:
    pos = position({"Italy": ["A TRI"], "Austria": ["A SER"]}, "S1901R", dislodged=TRI_DISLODGED)
    checked = check(pos, {"Austria": ["A TRI R ALB", "A SER H"], "Italy": ["A TRI D"]})
    assert checked.valid == {"TRI": ("Austria", read("A TRI R ALB"), read("A TRI R ALB"))}
    assert [r.code for r in checked.results] == ["wrong-phase", "not-dislodged"]


def test_retreat_coasts() -> None:
    dislodged = {"France": {"F MAO": "NAO"}}
    pos = position({"England": ["F MAO"]}, "S1901R", dislodged=dislodged)
    verdict = check_order(pos, "France", read("F MAO R SPA"), STANDARD, Rules())
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.MISSING_COAST
    verdict = check_order(pos, "France", read("MAO R SPA/SC"), STANDARD, Rules())
    assert isinstance(verdict, Normalised)
    assert str(verdict.normalised) == "F MAO R SPA/SC"


def test_retreat_to_convoyed_attacker_origin() -> None:
    """4.A.5 b, 6.H.11: after a convoyed attack the origin is open, unless the option says no."""
    dislodged = {"Germany": {"A HOL": {"from": "BEL", "convoy": True}}}
    pos = position({"England": ["A HOL"]}, "S1901R", dislodged=dislodged)
    assert isinstance(
        check_order(pos, "Germany", read("A HOL R BEL"), STANDARD, Rules()), Normalised
    )
    strict = Rules.from_mapping({"retreat_to_convoyed_attacker_origin": False})
    verdict = check_order(pos, "Germany", read("A HOL R BEL"), STANDARD, strict)
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.RETREAT_ATTACKER_ORIGIN


# --------------------------------------------------------------------------- retreat options
def _unit(text: str, power: str = "France") -> Unit:
    kind, place = text.split()
    return Unit(power, UnitType(kind), Location.parse(place))


def test_retreat_options_basic() -> None:
    options = retreat_options(STANDARD, _unit("A TRI"), "VEN", False, {"TRI", "TYR"}, set())
    assert [str(o) for o in options] == ["ALB", "BUD", "SER", "VIE"]


def test_retreat_options_standoff_closes_both_coasts() -> None:
    """6.H.16: a standoff in Spain closes both its coasts."""
    options = retreat_options(STANDARD, _unit("F MAO"), "NAO", False, {"MAO"}, {"SPA"})
    assert not any(o.province == "SPA" for o in options)
    assert Location("POR") in options
    open_options = retreat_options(STANDARD, _unit("F MAO"), "NAO", False, {"MAO"}, set())
    assert {Location("SPA", "NC"), Location("SPA", "SC")} <= set(open_options)


def test_retreat_options_no_coastal_crawl() -> None:
    """6.H.15: dislodged from Portugal by Spain(sc), the fleet cannot go to Spain(nc)."""
    options = retreat_options(STANDARD, _unit("F POR"), "SPA", False, {"SPA", "POR"}, set())
    assert [str(o) for o in options] == ["MAO"]


def test_retreat_options_convoyed_attacker() -> None:
    unit = _unit("A HOL", "Germany")
    assert Location("BEL") in retreat_options(STANDARD, unit, "BEL", True, {"HOL"}, set())
    assert Location("BEL") not in retreat_options(STANDARD, unit, "BEL", False, {"HOL"}, set())
    no = Rules.from_mapping({"retreat_to_convoyed_attacker_origin": False})
    assert Location("BEL") not in retreat_options(STANDARD, unit, "BEL", True, {"HOL"}, set(), no)


# --------------------------------------------------------------------------- DATC cross-check
def _datc_steps() -> list[Any]:
    params: list[Any] = []
    for path in sorted((REPO / "test_cases" / "datc").glob("*.yaml")):
        # libyaml's loader where there is one: this runs at collection, in every worker
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        for case in data.get("cases") or []:
            rules = {**(data.get("rules") or {}), **(case.get("rules") or {})}
            params.append(pytest.param(case, rules, id=str(case["id"])))
    return params


def _start(case: Mapping[str, Any], phase: str) -> dict[str, Any]:
    data: dict[str, Any] = {"map": "standard", "phase": phase, "units": case.get("units") or {}}
    if case.get("supply_centers") is not None:
        data["supply_centers"] = case["supply_centers"]
    return data


@pytest.mark.parametrize(("case", "rules"), _datc_steps())
def test_datc_illegal_orders(case: Mapping[str, Any], rules: Mapping[str, Any]) -> None:
    """Every order a DATC case expects ``illegal`` is illegal here, and no other order is.

    Later steps start from the position the previous step expects."""
    steps = case.get("steps") or [
        {"phase": case.get("phase", "S1901M"), "orders": case["orders"], "expect": case["expect"]}
    ]
    data = _start(case, steps[0].get("phase", "S1901M"))
    for step in steps:
        data["phase"] = step.get("phase", "S1901M")
        pos = Position.from_dict(data, STANDARD)
        orders = step.get("orders") or {}
        checked = check(pos, orders, Rules.from_mapping(rules))
        illegal = {r.order: r for r in checked.results}
        expected = step["expect"].get("results") or {}
        for texts in orders.values():
            for text in texts:
                want = expected.get(text) == "illegal"
                got = read(text) in illegal
                assert want == got, (text, illegal.get(read(text)))
        expect = step["expect"]
        data = {
            "map": "standard",
            "units": expect.get("units") or {},
            "dislodged": expect.get("dislodged") or {},
            "standoffs": expect.get("standoffs") or [],
            "supply_centers": expect.get("supply_centers") or data.get("supply_centers"),
        }
        if data["supply_centers"] is None:
            del data["supply_centers"]


def test_attacker_cannot_retreat() -> None:
    """The unit standing where another was dislodged is the attacker: it was not dislodged."""
    pos = position({"Italy": ["A TRI"]}, "S1901R", dislodged=TRI_DISLODGED)
    verdict = check_order(pos, "Italy", read("A TRI R VEN"), STANDARD, Rules())
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.NOT_DISLODGED
    verdict = check_order(pos, "Russia", read("A TRI R VEN"), STANDARD, Rules())
    assert isinstance(verdict, Illegality)
    assert verdict.code is IllegalCode.FOREIGN_UNIT


# --------------------------------------------------------------------------- properties
PROVINCES = sorted(STANDARD.provinces)
PLACES = [
    loc
    for pid in PROVINCES
    for kind in UnitType
    for loc in STANDARD.locations(pid, kind)
    if loc.coast is None or kind is UnitType.FLEET
]
POWERS = sorted(STANDARD.powers)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    chosen: dict[str, Unit] = {}
    for _ in range(draw(st.integers(0, 20))):
        pid = draw(st.sampled_from(PROVINCES))
        kinds = [k for k in UnitType if STANDARD.locations(pid, k)]
        if not kinds or pid in chosen:
            continue
        kind = draw(st.sampled_from(kinds))
        loc = draw(st.sampled_from(STANDARD.locations(pid, kind)))
        chosen[pid] = Unit(draw(st.sampled_from(POWERS)), kind, loc)
    phase = draw(st.sampled_from(["S1901M", "W1901A"]))
    return Position("standard", Phase.parse(phase), tuple(chosen.values()),
                    supply_centers=dict(STANDARD.starting_centers))  # fmt: skip


def locations() -> st.SearchStrategy[Location]:
    coasts = st.sampled_from([None, "NC", "SC", "EC", "WC"])
    return st.builds(Location, st.sampled_from(PROVINCES), coasts)


def unit_types() -> st.SearchStrategy[UnitType | None]:
    return st.sampled_from([None, UnitType.ARMY, UnitType.FLEET])


def orders() -> st.SearchStrategy[Order]:
    return st.one_of(
        st.builds(Hold, unit_types(), locations()),
        st.builds(Move, unit_types(), locations(), locations(), st.booleans()),
        st.builds(
            Support,
            unit_types(),
            locations(),
            unit_types(),
            locations(),
            st.one_of(st.none(), locations()),
        ),
        st.builds(Convoy, unit_types(), locations(), locations(), locations()),
        st.builds(Build, unit_types(), locations()),
        st.builds(Disband, unit_types(), locations()),
        st.just(Waive()),
    )


@settings(max_examples=examples(400), deadline=None)
@given(positions(), st.sampled_from(POWERS), orders())
def test_any_order_is_judged_and_normalising_is_idempotent(
    pos: Position, power: str, order: Order
) -> None:
    verdict = check_order(pos, power, order, STANDARD, Rules())
    if isinstance(verdict, Illegality):
        assert verdict.message.endswith(f" in '{order}'")
        return
    again = check_order(pos, power, verdict.normalised, STANDARD, Rules())
    assert isinstance(again, Normalised), again
    assert again.normalised == verdict.normalised


@settings(max_examples=examples(150), deadline=None)
@given(positions(), st.lists(st.tuples(st.sampled_from(POWERS), orders()), max_size=12))
def test_every_order_is_accounted_for(pos: Position, given_orders: list[tuple[str, Order]]) -> None:
    by_power: dict[str, list[Order]] = {}
    for power, order in given_orders:
        by_power.setdefault(power, []).append(order)
    checked = check_orders(pos, by_power, STANDARD, Rules())
    kept = {(n.power, n.order) for n in checked.sequence}
    rejected = {(r.power, r.order) for r in checked.results}
    for power, order in given_orders:
        # Identical repeats of a kept order count once and get no result of their own.
        same = any(
            n.power == power and n.normalised == verdict.normalised
            for n in checked.sequence
            for verdict in [check_order(pos, power, order, STANDARD, Rules())]
            if isinstance(verdict, Normalised)
        )
        assert (power, order) in kept | rejected or same
    assert len(checked.valid) == len(
        [n for n in checked.sequence if not isinstance(n.order, Waive)]
    )
