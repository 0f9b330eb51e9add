"""Results reports: the judge-style text, JSON and YAML, and the word tables behind them.

The whole-pipeline test runs the CLI in-process on ``examples/fall1901_*`` through three phases
(Fall movement, Fall retreats, Winter adjustments) and compares each report with an expected file
under ``tests/data/report/``, checked line by line against the rules (see the comments there).
The other tests build :class:`Adjudication` values by hand, one wording at a time.
"""

from __future__ import annotations

import io
import json
import re
import string
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.base.model import (
    Dislodgement,
    Location,
    Order,
    Phase,
    PhaseType,
    Season,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import ParadoxRule
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.cli.main import main
from adjudicator.lang import en
from adjudicator.lang.languages import LANGUAGES, words_for
from adjudicator.lang.message_keys import MessageKey
from adjudicator.lang.words import NoteKey, PhaseNoteKey, WhyKey, Words
from adjudicator.orders.read import parse_order
from adjudicator.report.render import collect, render_report, report_data
from adjudicator.state.outcomes import (
    Adjudication,
    Detail,
    Diagnosis,
    Note,
    OrderResult,
    Outcome,
    Reason,
    UnusedBuilds,
    Victory,
)
from adjudicator.state.position import Position
from adjudicator.suites.model import Case
from tests.shipped_cases import datc_cases

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
DATA = Path(__file__).resolve().parents[1] / "data" / "report"

MAP = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET


# ---------------------------------------------------------------------- helpers
def position(units: Mapping[str, Sequence[str]], phase: str = "S1901M", **extra: Any) -> Position:
    """A standard-map position with these units (centres: the starting ones unless given)."""
    data: dict[str, Any] = {"map": "standard", "phase": phase, "units": dict(units)}
    data.update(extra)
    return Position.from_dict(data, MAP)


def order(text: str) -> Order:
    return parse_order(text, MAP)


def result(
    power: str,
    text: str,
    outcome: Outcome = Outcome.SUCCEEDS,
    reason: Reason = Reason.NONE,
    cause: str | None = None,
    cause_power: str | None = None,
    code: str | None = None,
    detail: Detail | None = None,
) -> OrderResult:
    the_order: Order = Waive() if text == "WAIVE" else order(text)
    the_cause = None if cause is None else order(cause)
    return OrderResult(power, the_order, outcome, reason, the_cause, cause_power, code, detail)


def following(before: Position, phase: str) -> Position:
    return Position(before.map_name, Phase.parse(phase), before.units, (), frozenset(), {})


def report(
    before: Position,
    results: Sequence[OrderResult],
    *,
    nxt: Position | None = None,
    dislodged: Sequence[Dislodgement] = (),
    notes: Sequence[Note] = (),
    fmt: str = "text",
) -> str:
    after = nxt if nxt is not None else following(before, "F1901M")
    adjudication = Adjudication(
        before, tuple(results), after, tuple(dislodged), frozenset(), tuple(notes)
    )
    return render_report(adjudication, MAP, fmt=fmt)


def body(text: str) -> list[str]:
    """The order lines and their explanations: the block after the title."""
    return text.split("\n\n")[1].splitlines()


def run_cli(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdout=out)
    return code, out.getvalue()


# ---------------------------------------------------------------------- the whole pipeline
def expected(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def fall1901(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The three reports of Fall 1901 movement, its retreats and the Winter adjustments, each
    phase adjudicated from the position the previous one wrote."""
    tmp = tmp_path_factory.mktemp("fall1901")
    steps = [
        ("movement", str(EXAMPLES / "fall1901_position.yaml"), "fall1901_orders.txt"),
        ("retreats", str(tmp / "movement.yaml"), "fall1901_retreats.txt"),
        ("adjustments", str(tmp / "retreats.yaml"), "winter1901_orders.txt"),
    ]
    reports: dict[str, str] = {}
    for name, start, orders in steps:
        argv = ["adjudicate", start, str(EXAMPLES / orders), "-o", str(tmp / f"{name}.yaml")]
        code, text = run_cli(argv)
        assert code == 0, text
        reports[name] = text
    reports["next"] = (tmp / "adjustments.yaml").read_text(encoding="utf-8")
    reports["movement.json"] = run_cli(
        ["adjudicate", steps[0][1], str(EXAMPLES / steps[0][2]), "--format", "json"]
    )[1]
    reports["movement.yaml"] = run_cli(
        ["adjudicate", steps[0][1], str(EXAMPLES / steps[0][2]), "--format", "yaml"]
    )[1]
    return reports


@pytest.mark.parametrize(
    ("step", "name"),
    [
        ("movement", "fall1901_movement.txt"),
        ("retreats", "fall1901_retreats.txt"),
        ("adjustments", "winter1901_adjustments.txt"),
    ],
)
def test_cli_report_matches_expected_file(fall1901: dict[str, str], step: str, name: str) -> None:
    assert fall1901[step] == expected(name)


def test_cli_chain_reaches_spring_1902(fall1901: dict[str, str]) -> None:
    after = Position.loads(fall1901["next"], MAP)
    assert str(after.phase) == "S1902M"
    assert len(after.units_of("France")) == 6
    assert Unit("Russia", F, Location("BOT")) not in after.units  # civil disorder


def test_json_and_yaml_carry_the_text_facts(fall1901: dict[str, str]) -> None:
    data = json.loads(fall1901["movement.json"])
    assert yaml.safe_load(fall1901["movement.yaml"]) == data
    assert (data["phase"], data["next_phase"]) == ("F1901M", "F1901R")
    assert data["title"] == "Movement results for Fall of 1901."
    assert data["standoffs"] == ["GRE", "SWE"]
    assert data["dislodged"] == [
        {
            "power": "Austria",
            "unit": "A GAL",
            "attacked_from": "WAR",
            "by_convoy": False,
            "retreats": ["BUD", "SIL"],
            "destroyed": False,
            "text": "The Austrian Army in Galicia can retreat to Budapest or Silesia.",
        }
    ]
    by_order = {o["order"]: o for o in data["orders"]}
    assert len(by_order) == len(data["orders"]) == 22
    assert by_order["A VIE S A GAL"] | {"why": None} == {
        "power": "Austria",
        "order": "A VIE S A GAL",
        "long": "Army Vienna SUPPORT Army Galicia",
        "outcome": "fails",
        "reason": "cut",
        "notes": ["cut"],
        "why": None,
        "cause": "A TRI - VIE",
        "cause_power": "Italy",
        "code": None,
        "message": "cut by A TRI - VIE",
        "dislodged": False,
    }
    illegal = by_order["F RUM S A WAR - GAL"]
    assert (illegal["outcome"], illegal["code"]) == ("illegal", "support-unreachable")
    assert by_order["A CON H"]["reason"] == "no order"
    # every fact of the text is in the data: each order line and explanation
    text = fall1901["movement"]
    for fact in data["orders"]:
        assert f"{fact['long']}." in text
        for why in fact["why"]:
            assert f"\n    {why}\n" in text
    assert data["supply_centers"] is None  # ownership changes after the retreats


def test_json_after_the_fall_lists_centres_and_adjustments(tmp_path: Path) -> None:
    code, _ = run_cli(
        [
            "adjudicate",
            str(EXAMPLES / "fall1901_position.yaml"),
            str(EXAMPLES / "fall1901_orders.txt"),
            "-o",
            str(tmp_path / "r.yaml"),
        ]
    )
    assert code == 0
    code, text = run_cli(
        [
            "adjudicate",
            str(tmp_path / "r.yaml"),
            str(EXAMPLES / "fall1901_retreats.txt"),
            "-f",
            "json",
        ]
    )
    data = json.loads(text)
    assert data["next_phase"] == "W1901A"
    assert data["supply_centers"]["Germany"] == ["BER", "DEN", "KIE", "MUN", "WAR"]
    assert data["unowned"] == ["GRE", "HOL", "SER", "SWE"]
    assert data["adjustments"]["Austria"] == {"centers": 2, "units": 3, "builds": -1}
    assert data["adjustments"]["France"] == {"centers": 6, "units": 3, "builds": 3}
    assert data["winners"] == []


# ---------------------------------------------------------------------- order lines
MIXED = position(
    {
        "Austria": ["A VIE", "F TRI"],
        "England": ["A LON", "F NTH", "F ENG"],
        "France": ["A PAR", "F MAO"],
        "Germany": ["A MUN"],
        "Italy": ["A VEN"],
        "Russia": ["F STP/SC", "A WAR"],
    }
)


@pytest.mark.parametrize(
    ("power", "text", "line"),
    [
        ("Austria", "A VIE H", "Austria: Army Vienna HOLD."),
        ("France", "A PAR - BUR", "France: Army Paris -> Burgundy."),
        ("France", "PAR - BUR", "France: Army Paris -> Burgundy."),
        ("France", "F PAR - BUR", "France: Army Paris -> Burgundy."),  # the board's type
        ("Austria", "F TRI S F VEN", "Austria: Fleet Trieste SUPPORT Italian Army Venice."),
        ("France", "F MAO - SPA/NC", "France: Fleet Mid-Atlantic Ocean -> Spain (north coast)."),
        (
            "Russia",
            "F STP/SC - BOT",
            "Russia: Fleet St. Petersburg (south coast) -> Gulf of Bothnia.",
        ),
        ("England", "A LON - ENG - BRE", "England: Army London -> English Channel -> Brest."),
        ("England", "A LON - BEL VIA", "England: Army London -> Belgium."),
        ("Austria", "A VIE S F TRI", "Austria: Army Vienna SUPPORT Fleet Trieste."),
        ("Austria", "F TRI S A VEN", "Austria: Fleet Trieste SUPPORT Italian Army Venice."),
        (
            "Austria",
            "F TRI S A VEN - TYR",
            "Austria: Fleet Trieste SUPPORT Italian Army Venice -> Tyrolia.",
        ),
        ("Austria", "A VIE S BOH", "Austria: Army Vienna SUPPORT Bohemia."),
        ("Austria", "A VIE S A BOH - GAL", "Austria: Army Vienna SUPPORT Army Bohemia -> Galicia."),
        (
            "England",
            "F ENG C A LON - BRE",
            "England: Fleet English Channel CONVOY Army London -> Brest.",
        ),
        (
            "France",
            "F MAO C A LON - BRE",
            "France: Fleet Mid-Atlantic Ocean CONVOY English Army London -> Brest.",
        ),
    ],
)
def test_movement_order_lines(power: str, text: str, line: str) -> None:
    assert body(report(MIXED, [result(power, text)])) == [line]


def test_unordered_unit_reads_no_order_processed() -> None:
    lines = body(report(MIXED, [result("Germany", "A MUN H", reason=Reason.NO_ORDER)]))
    assert lines == ["Germany: Army Munich, No Order Processed."]


def test_lines_sorted_by_power_then_province_name() -> None:
    results = [
        result("Russia", "A WAR H"),
        result("Austria", "F TRI H"),
        result("Austria", "A VIE H"),
        result("England", "F NTH H"),
        result("England", "F ENG H"),
    ]
    assert [line.split(" HOLD")[0] for line in body(report(MIXED, results))] == [
        "Austria: Fleet Trieste",
        "Austria: Army Vienna",
        "England: Fleet English Channel",
        "England: Fleet North Sea",
        "Russia: Army Warsaw",
    ]


RETREATING = position(
    {"Austria": ["A TYR"], "Italy": ["A TRI"]},
    "S1901R",
    dislodged={"Italy": {"A VEN": "TYR", "F NAP": "ROM"}, "Austria": {"A BUD": "TRI"}},
)


def test_retreat_phase_lines() -> None:
    text = report(
        RETREATING,
        [
            result("Italy", "A VEN R PIE"),
            result("Italy", "F NAP D"),
            result("Austria", "A BUD D", reason=Reason.NO_ORDER),
        ],
        nxt=following(RETREATING, "F1901M"),
    )
    assert text.splitlines()[0] == "Retreat results for Spring of 1901."
    assert body(text) == [
        "Austria: Army Budapest, No Order Processed.  (*destroyed*)",
        "Italy: Fleet Naples DISBAND.",
        "Italy: Army Venice -> Piedmont.",
    ]
    assert text.endswith("\nThe next phase will be Movement for Fall of 1901.\n")


def test_retreat_collision_names_the_other_unit_and_destroys_both() -> None:
    lines = body(
        report(
            RETREATING,
            [
                result(
                    "Italy",
                    "A VEN R BOH",
                    Outcome.FAILS,
                    Reason.RETREAT_COLLISION,
                    "A BUD R BOH",
                    "Austria",
                ),
                result(
                    "Italy",
                    "A VEN R PIE",
                    Outcome.ILLEGAL,
                    Reason.ILLEGAL,
                    code="x",
                    detail=Diagnosis("m"),
                ),
            ],
            nxt=following(RETREATING, "F1901M"),
        )
    )
    assert lines == [
        "Italy: Army Venice -> Bohemia.  (*bounce, destroyed*)",
        "    Bounced with the Austrian Army in Budapest, which also retreated to Bohemia; "
        "both are destroyed.",
        "Italy: Army Venice -> Piedmont.  (*illegal, destroyed*)",
        "    Illegal order [x]: m.",
    ]


ADJUSTING = position(
    {"Russia": ["A WAR", "F SEV"], "Austria": ["A VIE"]},
    "W1901A",
    supply_centers={"Russia": ["MOS", "STP", "WAR", "SEV", "RUM"], "Austria": []},
)


def test_adjustment_lines() -> None:
    text = report(
        ADJUSTING,
        [
            result("Russia", "F STP/NC B"),
            result("Russia", "A MOS B"),
            result("Russia", "WAIVE"),
            result("Austria", "A VIE D", reason=Reason.CIVIL_DISORDER),
            result(
                "Russia",
                "F WAR B",
                Outcome.ILLEGAL,
                Reason.ILLEGAL,
                code="c",
                detail=Diagnosis("m"),
            ),
            result("Russia", "A SEV B", Outcome.FAILS, Reason.NOT_ALLOWED),
        ],
        nxt=following(ADJUSTING, "S1902M"),
    )
    assert text.splitlines()[0] == "Adjustment results for Winter of 1901."
    assert body(text) == [
        "Austria: Removes the army in Vienna.  (*civil disorder*)",
        "    Removed by the civil-disorder rule: the power ordered too few removals.",
        "Russia: Builds an army in Moscow.",
        "Russia: Builds an army in Sevastopol.  (*not allowed*)",
        "    No build left: the power may not build more units.",
        "Russia: Builds a fleet in St. Petersburg (north coast).",
        "Russia: Builds a fleet in Warsaw.  (*illegal*)",
        "    Illegal order [c]: m. The order is ignored.",
        "Russia: Build waived.",
    ]
    assert text.endswith("\nThe next phase will be Movement for Spring of 1902.\n")


# ---------------------------------------------------------------------- why it failed
FRONT = position(
    {
        "France": ["A PAR", "A BUR", "F MAO", "F ENG"],
        "Germany": ["A MUN", "A RUH", "F HOL"],
        "England": ["A LON", "F NTH"],
    }
)


@pytest.mark.parametrize(
    ("res", "lines"),
    [
        pytest.param(
            result("France", "A PAR - PIC", Outcome.FAILS, Reason.BOUNCED, "A BUR - PIC", "France"),
            [
                "France: Army Paris -> Picardy.  (*bounce*)",
                "    Bounced with the French Army in Burgundy, which also tried to move to "
                "Picardy.",
            ],
            id="bounce-with",
        ),
        pytest.param(
            result("Germany", "A MUN - BUR", Outcome.FAILS, Reason.BOUNCED, "A BUR - PAR"),
            [
                "Germany: Army Munich -> Burgundy.  (*bounce*)",
                "    Bounced off the French Army in Burgundy, which stayed there.",
            ],
            id="bounce-off-owner-from-position",
        ),
        pytest.param(
            # A rival naming no unit type, from an empty province: the message names its order.
            result("Germany", "A MUN - BUR", Outcome.FAILS, Reason.BOUNCED, "KIE - BUR"),
            ["Germany: Army Munich -> Burgundy.  (*bounce*)", "    Bounced with KIE - BUR."],
            id="bounce-message",
        ),
        pytest.param(
            result("Germany", "A MUN - BUR", Outcome.FAILS, Reason.BOUNCED),
            [
                "Germany: Army Munich -> Burgundy.  (*bounce*)",
                "    Bounced: the move was not stronger than what stood against it.",
            ],
            id="bounce-bare",
        ),
        pytest.param(
            result(
                "Germany",
                "A RUH - BUR",
                Outcome.FAILS,
                Reason.LOST_HEAD_TO_HEAD,
                "A BUR - RUH",
                "France",
            ),
            [
                "Germany: Army Ruhr -> Burgundy.  (*bounce*)",
                "    Lost the head-to-head battle with the French Army in Burgundy.",
            ],
            id="head-to-head",
        ),
        pytest.param(
            result("France", "A PAR - BUR", Outcome.FAILS, Reason.NO_SELF_DISLODGEMENT),
            [
                "France: Army Paris -> Burgundy.  (*bounce*)",
                "    Stopped so as not to dislodge the French Army in Burgundy: a power never "
                "dislodges its own unit.",
            ],
            id="own-unit",
        ),
        pytest.param(
            result("Germany", "F HOL S A RUH", Outcome.FAILS, Reason.CUT, "F NTH - HOL", "England"),
            [
                "Germany: Fleet Holland SUPPORT Army Ruhr.  (*cut*)",
                "    Support cut by the attack of the English Fleet in North Sea.",
            ],
            id="cut",
        ),
        pytest.param(
            result("Germany", "F HOL S A RUH", Outcome.FAILS, Reason.CUT),
            [
                "Germany: Fleet Holland SUPPORT Army Ruhr.  (*cut*)",
                "    Support cut by an attack on the supporting unit.",
            ],
            id="cut-bare",
        ),
        pytest.param(
            result("Germany", "A MUN S A BUR - BEL", Outcome.FAILS, Reason.VOID),
            [
                "Germany: Army Munich SUPPORT French Army Burgundy -> Belgium.  (*void*)",
                "    Void: the French Army in Burgundy was not ordered to move to Belgium.",
            ],
            id="void-move",
        ),
        pytest.param(
            result("Germany", "A MUN S A BUR", Outcome.FAILS, Reason.VOID),
            [
                "Germany: Army Munich SUPPORT French Army Burgundy.  (*void*)",
                "    Void: the French Army in Burgundy was ordered to move, so it cannot be "
                "supported to hold.",
            ],
            id="void-hold",
        ),
        pytest.param(
            result("Germany", "A MUN S A BOH", Outcome.FAILS, Reason.VOID),
            [
                "Germany: Army Munich SUPPORT Army Bohemia.  (*void*)",
                "    Void: there is no unit in Bohemia.",
            ],
            id="void-empty",
        ),
        pytest.param(
            result("France", "F ENG C A LON - BRE", Outcome.FAILS, Reason.VOID),
            [
                "France: Fleet English Channel CONVOY English Army London -> Brest.  (*void*)",
                "    Void: the English Army in London was not ordered to move to Brest by convoy.",
            ],
            id="void-convoy",
        ),
        pytest.param(
            result("England", "A LON - BRE VIA", Outcome.FAILS, Reason.NO_CONVOY),
            [
                "England: Army London -> Brest.  (*no convoy*)",
                "    No chain of fleets was ordered to convoy it to Brest.",
            ],
            id="no-convoy",
        ),
        pytest.param(
            result(
                "England",
                "A LON - BEL VIA",
                Outcome.FAILS,
                Reason.DISRUPTED,
                "F ENG - NTH",
                "France",
            ),
            [
                "England: Army London -> Belgium.  (*disrupted*)",
                "    The convoy was disrupted: the English Fleet in North Sea was dislodged.",
            ],
            id="disrupted-by-attack",
        ),
        pytest.param(
            result("England", "A LON - BEL VIA", Outcome.FAILS, Reason.DISRUPTED),
            [
                "England: Army London -> Belgium.  (*disrupted*)",
                "    The convoy was disrupted: every route lost a convoying fleet.",
            ],
            id="disrupted-bare",
        ),
        pytest.param(
            result("England", "A LON - BEL VIA", Outcome.FAILS, Reason.CONVOY_PARADOX),
            [
                "England: Army London -> Belgium.  (*convoy paradox*)",
                "    Convoy paradox: the convoy fails and the army stays where it is.",
            ],
            id="paradox",
        ),
        pytest.param(
            result(
                "France",
                "A PAR - MUN",
                Outcome.ILLEGAL,
                Reason.ILLEGAL,
                code="not-adjacent",
                detail=Diagnosis("PAR is not next to MUN in 'A PAR - MUN'"),
            ),
            [
                "France: Army Paris -> Munich.  (*illegal*)",
                "    Illegal order [not-adjacent]: PAR is not next to MUN in 'A PAR - MUN'. "
                "The unit holds instead.",
            ],
            id="illegal",
        ),
        pytest.param(
            result(
                "England",
                "A MUN H",
                Outcome.ILLEGAL,
                Reason.ILLEGAL,
                code="foreign-unit",
                detail=Diagnosis("A MUN belongs to Germany"),
            ),
            [
                "England: German Army Munich HOLD.  (*illegal*)",
                "    Illegal order [foreign-unit]: A MUN belongs to Germany.",
            ],
            id="illegal-foreign-unit-holds-nothing",
        ),
    ],
)
def test_failed_orders_say_why(res: OrderResult, lines: list[str]) -> None:
    assert body(report(FRONT, [res])) == lines


def test_dislodged_unit_names_its_dislodger_once() -> None:
    results = [
        result("Germany", "A MUN - BUR", Outcome.FAILS, Reason.LOST_HEAD_TO_HEAD, "A BUR - MUN"),
        result("France", "A BUR - MUN", Outcome.SUCCEEDS),
        result("France", "A PAR S A BUR - MUN"),
        result("Germany", "A RUH S A MUN", Outcome.FAILS, Reason.CUT, "A BUR - RUH", "France"),
    ]
    dislodged = [Dislodgement(Unit("Germany", A, Location("MUN")), "BUR", False, ())]
    text = report(FRONT, results, dislodged=dislodged)
    assert body(text)[2:5] == [
        "Germany: Army Munich -> Burgundy.  (*bounce, dislodged*)",
        "    Lost the head-to-head battle with the French Army in Burgundy.",
        "    Dislodged by the French Army in Burgundy.",
    ]
    assert body(text)[5] == "Germany: Army Ruhr SUPPORT Army Munich.  (*cut*)"
    assert "The German Army in Munich with no valid retreats was destroyed." in text


def test_dislodged_block_lists_retreats_with_coasts() -> None:
    dislodged = [
        Dislodgement(
            Unit("France", F, Location("MAO")),
            "ENG",
            False,
            (Location("NAO"), Location("SPA", "NC"), Location("SPA", "SC"), Location("POR")),
        ),
        Dislodgement(Unit("Germany", A, Location("RUH")), "BEL", True, (Location("KIE"),)),
    ]
    results = [
        result("France", "F MAO H", Outcome.FAILS, Reason.DISLODGED),
        result("Germany", "A RUH H", Outcome.FAILS, Reason.DISLODGED),
    ]
    text = report(FRONT, results, dislodged=dislodged, nxt=following(FRONT, "S1901R"))
    blocks = text.split("\n\n")
    assert blocks[2:5] == [
        "The following units were dislodged:",
        "The French Fleet in Mid-Atlantic Ocean can retreat to North Atlantic Ocean, Portugal, "
        "Spain (north coast) or Spain (south coast).\n"
        "The German Army in Ruhr can retreat to Kiel.",
        "The next phase will be Retreats for Spring of 1901.\n",
    ]


# ---------------------------------------------------------------------- ownership
def test_ownership_block_with_victory() -> None:
    austria = sorted(MAP.supply_centers - {"LON", "EDI", "LVP", "BRE", "PAR", "MAR"})[:18]
    rest = sorted(MAP.supply_centers - set(austria) - {"LON", "EDI", "LVP"})
    before = position(
        {"Austria": ["A VIE", "A BUD"], "England": ["F LON", "F EDI", "A LVP", "A YOR"]},
        "F1905M",
        supply_centers={"Austria": austria, "England": ["LON", "EDI", "LVP"], "France": rest},
    )
    after = Position(
        "standard",
        Phase(Season.WINTER, 1905, PhaseType.ADJUSTMENT),
        before.units,
        (),
        frozenset(),
        before.supply_centers,
    )
    text = report(
        before,
        [result("Austria", "A VIE H")],
        nxt=after,
        notes=[Victory("Austria"), UnusedBuilds("France", 2)],
    )
    blocks = text.split("\n\n")
    assert blocks[2] == "Ownership of supply centers:"
    centres = blocks[3].splitlines()
    assert centres[0].startswith("Austria:    ")
    assert all(line.startswith(("Austria:", "England:", "France:", "  ")) for line in centres)
    assert all(len(line) <= 78 for line in centres)
    assert any(line.startswith(" " * 12) and line[12] != " " for line in centres)  # wrapped
    assert "Unowned:" not in blocks[3]
    assert blocks[4].splitlines() == [
        "Austria:   18 Supply centers,  2 Units:  Builds  16 units.  (* VICTORY!! *)",
        "England:    3 Supply centers,  4 Units:  Removes  1 unit.",
        f"France:    {len(rest):>2} Supply centers,  0 Units:  Builds  {len(rest):>2} units.",
    ]
    assert blocks[5] == "Austria has won the game with 18 supply centers."
    assert blocks[6] == "Notes:\n    France: 2 unused builds waived"
    assert blocks[7] == "The next phase will be Adjustments for Winter of 1905.\n"


def test_no_ownership_block_after_spring_or_before_fall_retreats() -> None:
    spring = report(MIXED, [result("Austria", "A VIE H")])
    fall = position({"Austria": ["A VIE"]}, "F1901M")
    pending = report(fall, [result("Austria", "A VIE H")], nxt=following(fall, "F1901R"))
    for text in (spring, pending):
        assert "Ownership" not in text
    data = json.loads(report(fall, [], nxt=following(fall, "F1901R"), fmt="json"))
    assert data["supply_centers"] is None and data["adjustments"] is None


# ---------------------------------------------------------------------- formats and languages
def test_report_data_equals_json_and_yaml() -> None:
    results = [result("France", "A PAR - BUR", Outcome.FAILS, Reason.BOUNCED, "A MUN - BUR")]
    adjudication = Adjudication(FRONT, tuple(results), following(FRONT, "F1901M"))
    data = report_data(adjudication, MAP)
    assert json.loads(render_report(adjudication, MAP, fmt="json")) == data
    assert yaml.safe_load(render_report(adjudication, MAP, fmt="yaml")) == data
    assert data["orders"][0]["why"] == [
        "Bounced with the German Army in Munich, which also tried to move to Burgundy."
    ]


def test_unknown_format_is_an_error() -> None:
    adjudication = Adjudication(FRONT, (), following(FRONT, "F1901M"))
    with pytest.raises(ValueError, match="unknown report format 'html'"):
        render_report(adjudication, MAP, fmt="html")


def test_language_without_a_table_falls_back_to_english() -> None:
    adjudication = Adjudication(FRONT, (result("France", "A PAR H"),), following(FRONT, "F1901M"))
    assert words_for("xx") is en.WORDS
    assert render_report(adjudication, MAP, lang="xx") == render_report(adjudication, MAP)
    assert collect(adjudication, MAP, lang="xx").lang == "en"


_FIELDS = {
    "unit": "U",
    "who": "W",
    "who_dat": "WD",
    "place": "P",
    "dest": "D",
    "src": "S",
    "adj": "J",
    "type": "T",
    "target": "G",
    "army": "R",
    "coast": "C",
    "kind": "K",
    "season": "N",
    "year": 1901,
    "power": "X",
    "order": "O",
    "notes": "n",
    "code": " [c]",
    "message": "m",
    "cause": "A MUN - BUR",
    "fleet": "F NTH C A LON - NWY",
    "province": "STP",
    "places": "p",
    "short": "F TRI",
    "orders": "A MUN - BUR",
    "rule": "szykman",
    "centers": 3,
    "units": 3,
    "action": "Builds",
    "count": 1,
    "noun": "unit",
}


def _templates(words: Words) -> list[str]:
    found: list[str] = []
    for name in words.__slots__:
        value = getattr(words, name)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, Mapping):
            found.extend(v for v in value.values() if isinstance(v, str))
    return found


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_word_table_is_complete(lang: str) -> None:
    words = LANGUAGES[lang].words
    assert words.lang == lang
    assert set(words.notes) == set(NoteKey)
    assert set(words.why) == set(WhyKey)
    assert set(words.phase_notes) == set(PhaseNoteKey)
    assert set(words.paradox_rules) == set(ParadoxRule)
    assert set(words.messages) == set(MessageKey)
    for table in (words.results_kind, words.next_kind, words.illegal_consequence):
        assert set(table) == set(PhaseType)
    assert set(words.seasons) == set(Season)
    assert set(words.unit_types) == set(words.build) == set(words.remove) == set(UnitType)
    for template in _templates(words):
        names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert names <= set(_FIELDS), (template, names - set(_FIELDS))
        template.format(**_FIELDS)


# ---------------------------------------------------------------------- every DATC case
ORDER_LINE = re.compile(r"^[A-Z][\w-]*: .+\.(  \(\*[^*]+\*\))?$")


def _datc_cases() -> list[Case]:
    return [c for c in datc_cases() if c.skip is None]


def test_every_datc_case_reports_in_every_format() -> None:
    from adjudicator.adjudication.engine import adjudicate

    checked = 0
    for case in _datc_cases():
        step = case.steps[0]
        orders: dict[str, list[Order]] = {}
        for written in step.orders:
            if written.order is not None:
                orders.setdefault(written.power, []).append(written.order)
        game_map: GameMap = case.game_map
        adjudication = adjudicate(case.position, orders, case.rules, game_map=game_map)
        text = render_report(adjudication, game_map)
        lines = text.split("\n\n")[1].splitlines() if adjudication.results else []
        for line in lines:
            assert line.startswith("    ") or ORDER_LINE.match(line), (case.id, line)
        data = report_data(adjudication, game_map)
        assert len(data["orders"]) == len(adjudication.results)
        assert json.loads(render_report(adjudication, game_map, fmt="json")) == data
        failed = [o for o in data["orders"] if o["outcome"] != "succeeds"]
        assert all(o["why"] for o in failed), (case.id, failed)
        # The English data's message is the core's English diagnostic, worded from the facts.
        messages = sorted((o["power"], o["order"], o["message"] or "") for o in data["orders"])
        assert messages == sorted((r.power, str(r.order), r.message) for r in adjudication.results)
        checked += 1
    assert checked > 100
