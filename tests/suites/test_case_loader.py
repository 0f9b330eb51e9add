"""The case-file loader (strict: every mistake is a CaseFileError at file:line:col) and the
comparison logic of ``run_case``, tested with a fake adjudicator so it does not depend on the
engine."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.base.errors import CaseFileError
from adjudicator.base.model import (
    Disband,
    Dislodgement,
    Location,
    Move,
    Order,
    Phase,
    Unit,
    UnitType,
)
from adjudicator.base.rules import AdjacentConvoy, CoastRule, Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from adjudicator.state.outcomes import Adjudication, OrderResult, Outcome, Reason
from adjudicator.state.position import Position
from adjudicator.suites.jdip_orders import parse_jdip_order
from adjudicator.suites.load import case_files, load_cases, loads_cases
from adjudicator.suites.model import Case, CaseStatus
from adjudicator.suites.run import run_case, run_paths
from tests.bad_units import bad_units

REPO = Path(__file__).resolve().parents[2]
TEST_CASES = REPO / "test_cases"


# --------------------------------------------------------------------------- helpers
def simple_parse(text: str, game_map: GameMap, position: Position) -> Order:
    """A stand-in for the order parser: canonical short forms are jDip's grammar too (builds
    are written ``Build A MOS`` there)."""
    build = re.fullmatch(r"([AF]) (\S+) B", text)
    if build:
        text = f"Build {build.group(1)} {build.group(2)}"
    return parse_jdip_order(text, game_map, position.phase.type, position.units)


def load(text: str, path: str = "cases.yaml") -> list[Case]:
    return loads_cases(text, path, parse_orders=False)


def problems(text: str) -> list[str]:
    with pytest.raises(CaseFileError) as info:
        load(text)
    return [d.format(context=False) for d in info.value.diagnostics]


def unit(power: str, text: str) -> Unit:
    kind, place = text.split()
    return Unit(power, UnitType(kind), Location.parse(place))


@dataclasses.dataclass
class Fake:
    """A fake adjudicator: outcomes by canonical order text, and a fixed next position."""

    outcomes: Mapping[str, Outcome | tuple[Outcome, Reason]]
    units: Sequence[Unit] = ()
    dislodged: Sequence[Dislodgement] = ()
    standoffs: frozenset[str] = frozenset()
    phase: Phase | None = None
    centers: Mapping[str, tuple[str, ...]] | None = None
    calls: list[tuple[Position, dict[str, list[Order]], Rules]] = dataclasses.field(
        default_factory=list
    )

    def __call__(
        self, position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        self.calls.append((position, {p: list(os) for p, os in orders.items()}, rules))
        results = []
        for power, items in orders.items():
            for order in items:
                given = self.outcomes.get(str(order), Outcome.SUCCEEDS)
                outcome, reason = given if isinstance(given, tuple) else (given, Reason.NONE)
                results.append(OrderResult(power, order, outcome, reason))
        next_position = Position(
            position.map_name,
            self.phase or position.phase,
            tuple(self.units),
            tuple(self.dislodged),
            self.standoffs,
            self.centers if self.centers is not None else position.supply_centers,
        )
        return Adjudication(
            position, tuple(results), next_position, tuple(self.dislodged), self.standoffs
        )


def run(case: Case, fake: Fake) -> tuple[CaseStatus, tuple[str, ...]]:
    outcome = run_case(case, fake, parse=simple_parse)
    return outcome.status, outcome.differences


ONE = """
cases:
  - id: one
    title: a fleet bounces
    units: {England: [F NTH], France: [F BEL]}
    orders:
      England: [F NTH - HOL]
      France: [F BEL - HOL]
    expect:
      units: {England: [F NTH], France: [F BEL]}
      dislodged: {}
      standoffs: [HOL]
      results:
        F NTH - HOL: fails
        F BEL - HOL: fails
"""


# --------------------------------------------------------------------------- shipped files
def shipped_files() -> list[Path]:
    return case_files([TEST_CASES])


@pytest.mark.parametrize("path", shipped_files(), ids=lambda p: str(p.relative_to(TEST_CASES)))
def test_every_shipped_case_file_loads(path: Path) -> None:
    cases = load_cases(path)  # orders too, whenever the parser is there
    assert cases
    assert all(case.steps for case in cases)


def test_shipped_cases_cover_the_datc_sections() -> None:
    ids = {case.id for path in shipped_files() for case in load_cases(path, parse_orders=False)}
    for section in "ABCDEFGHIJ":
        assert any(i.startswith(f"6.{section}.") for i in ids), section
    assert "pydip5" in ids


# --------------------------------------------------------------------------- loading
def test_loads_a_case_with_defaults() -> None:
    (case,) = load(ONE)
    assert case.id == "one"
    assert case.title == "a fleet bounces"
    assert str(case.position.phase) == "S1901M"
    assert set(case.position.units) == {unit("England", "F NTH"), unit("France", "F BEL")}
    assert case.position.supply_centers == load_map("standard").starting_centers
    assert case.rules == Rules()
    (step,) = case.steps
    assert [(o.power, o.text) for o in step.orders] == [
        ("England", "F NTH - HOL"),
        ("France", "F BEL - HOL"),
    ]
    assert step.expect.standoffs == frozenset({"HOL"})
    assert [(r.key, r.outcome) for r in step.expect.results] == [
        ("F NTH - HOL", Outcome.FAILS),
        ("F BEL - HOL", Outcome.FAILS),
    ]
    assert step.orders[0].line == 7
    assert step.orders[0].column == 17


def test_names_are_normalised_through_the_map() -> None:
    (case,) = load(
        """
cases:
  - id: names
    units: {russia: [F StP/sc, A mos], ENGLAND: [F nat]}
    orders: {}
    expect:
      units: {Russia: [F STP/SC, A MOS], England: [F NAO]}
"""
    )
    assert {str(u) for u in case.position.units} == {"F STP/SC", "A MOS", "F NAO"}
    assert case.steps[0].expect.units is not None
    assert set(case.steps[0].expect.units) == set(case.position.units)


def test_rules_merge_file_and_case_levels() -> None:
    first, second = load(
        """
rules: {adjacent_convoy: fallback}
cases:
  - id: file-rules
    orders: {}
    expect: {}
  - id: case-rules
    rules: {coasts: strict}
    orders: {}
    expect: {}
"""
    )
    assert first.rules == Rules(adjacent_convoy=AdjacentConvoy.FALLBACK)
    assert second.rules == Rules(adjacent_convoy=AdjacentConvoy.FALLBACK, coasts=CoastRule.STRICT)


def test_start_position_keys() -> None:
    (case,) = load(
        """
cases:
  - id: retreat
    phase: F1901R
    units: {Germany: [A BER]}
    dislodged:
      Russia: {A PRU: BER, F BAL: {from: KIE, convoy: true}}
    standoffs: [SIL]
    supply_centers: {Germany: [BER, KIE], Russia: [WAR]}
    orders: {}
    expect: {}
"""
    )
    position = case.position
    assert str(position.phase) == "F1901R"
    assert {(str(d.unit), d.attacked_from, d.by_convoy) for d in position.dislodged} == {
        ("A PRU", "BER", False),
        ("F BAL", "KIE", True),
    }
    assert position.standoffs == frozenset({"SIL"})
    assert position.supply_centers == {"Germany": ("BER", "KIE"), "Russia": ("WAR",)}


def test_steps_and_their_phases() -> None:
    (case,) = load(
        """
cases:
  - id: steps
    units: {England: [F NTH]}
    steps:
      - phase: F1901M
        orders: {England: [F NTH - NWY]}
        expect: {units: {England: [F NWY]}, phase: W1901A}
      - title: builds
        orders: {England: [F EDI B]}
        expect: {units: {England: [F NWY, F EDI]}}
"""
    )
    assert str(case.position.phase) == "F1901M"  # from the first step
    assert [s.title for s in case.steps] == ["", "builds"]
    assert case.steps[0].expect.phase == Phase.parse("W1901A")


# --------------------------------------------------------------------------- strictness
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "cases:\n  - id: a\n    unit: {England: [F NTH]}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:5: error: unknown key 'unit' in a case [case-key]",
            id="unknown-case-key",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {}\n    expect: {unit: {}}\n",
            "cases.yaml:4:14: error: unknown key 'unit' in expect [case-key]",
            id="unknown-expect-key",
        ),
        pytest.param(
            "case: []\n",
            "cases.yaml:1:1: error: unknown key 'case' in the case file [case-key]",
            id="unknown-file-key",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [F NTHH]}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:25: error: unknown province 'NTHH' [case-province]",
            id="misspelt-province",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {Englund: [F NTH]}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:13: error: unknown power 'Englund' [case-power]",
            id="unknown-power",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {Frankreich: [A PAR H]}\n    expect: {}\n",
            "cases.yaml:3:14: error: unknown power 'Frankreich' [case-power]",
            id="unknown-power-in-orders",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [F NTH]}\n    orders: {England: [F NTH H]}\n"
            "    expect:\n      results: {F NTH - NWY: fails}\n",
            "cases.yaml:6:17: error: results: 'F NTH - NWY' is not one of this case's orders "
            "[case-result]",
            id="result-not-an-order",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [F NTH]}\n    orders: {England: [F NTH H]}\n"
            "    expect:\n      results: {F NTH H: bounced}\n",
            "cases.yaml:6:26: error: unknown outcome 'bounced'; outcomes are: succeeds, fails, "
            "illegal [case-result]",
            id="unknown-outcome",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {Russia: [F STP]}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:22: error: units.Russia: 'F STP' needs a coast: F STP/NC or F STP/SC "
            "[case-unit]",
            id="fleet-needs-coast",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [A NTH]}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:23: error: units.England: a unit 'A NTH' cannot stand there [case-unit]",
            id="army-at-sea",
        ),
        pytest.param(
            "cases:\n  - id: a\n    phase: S1901X\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:12: error: invalid phase 'S1901X'",
            id="bad-phase",
        ),
        pytest.param(
            "cases:\n  - id: a\n    rules: {paradox: maybe}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:3:13: error: rules option 'paradox' has no choice 'maybe'",
            id="bad-rules-choice",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {}\n    expect: {}\n  - id: a\n    orders: {}\n"
            "    expect: {}\n",
            "cases.yaml:5:5: error: duplicate case id 'a' (first on line 2) [case-duplicate]",
            id="duplicate-id",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {}\n    orders: {}\n    expect: {}\n",
            "cases.yaml:4:5: error: a case: duplicate key 'orders' (first on line 3)",
            id="duplicate-key",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {}\n",
            "cases.yaml:2:5: error: a case needs 'expect:' [case-shape]",
            id="missing-expect",
        ),
        pytest.param(
            "cases:\n  - id: a\n    orders: {England: [F NTH H]\n",
            "cases.yaml:4:1: error: malformed YAML",
            id="malformed-yaml",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [F NTH], France: [A NTH/NC]}\n"
            "    orders: {}\n    expect: {}\n",
            "cases.yaml:3:42: error: unknown coast 'NC' of NTH; it has no named coasts",
            id="unknown-coast",
        ),
        pytest.param(
            "cases:\n  - id: a\n    units: {England: [F NTH], France: [F NTH]}\n"
            "    orders: {}\n    expect: {}\n",
            "cases.yaml:3:12: error: F NTH (France) and F NTH (England) stand in the same province",
            id="two-units-one-province",
        ),
    ],
)
def test_loader_rejects_with_file_line_column(text: str, expected: str) -> None:
    found = problems(text)
    assert any(p.startswith(expected) for p in found), found


def test_every_problem_is_reported_with_its_source_line() -> None:
    with pytest.raises(CaseFileError) as info:
        load(
            "cases:\n"
            "  - id: a\n"
            "    units: {England: [F NTHH, A LVPP]}\n"
            "    orders: {}\n"
            "    expect: {}\n"
        )
    first, second = info.value.diagnostics
    assert (first.line, first.column, second.column) == (3, 25, 33)
    assert "did you mean 'NTH'?" in str(info.value)
    text = first.format()
    assert "    units: {England: [F NTHH, A LVPP]}" in text
    assert text.splitlines()[-1] == "  " + " " * 24 + "^"


def test_results_keys_for_identical_orders() -> None:
    (case,) = load(
        """
cases:
  - id: twice
    phase: W1901A
    supply_centers: {Russia: [MOS, STP, WAR]}
    units: {Russia: [A WAR]}
    orders: {Russia: [A MOS B, A MOS B], Turkey: [WAIVE], Austria: [WAIVE]}
    expect:
      results:
        A MOS B: succeeds
        A MOS B (2): fails
        "Turkey: WAIVE": succeeds
        "austria:WAIVE": succeeds
"""
    )
    results = case.steps[0].expect.results
    assert [(r.order.power, r.index, r.occurrence) for r in results] == [
        ("Russia", 0, 1),
        ("Russia", 1, 2),
        ("Turkey", 2, 1),
        ("Austria", 3, 1),
    ]


def test_results_key_written_by_two_powers_needs_the_power() -> None:
    found = problems(
        "cases:\n  - id: a\n    orders: {Turkey: [WAIVE], Austria: [WAIVE]}\n"
        "    expect:\n      results: {WAIVE: succeeds}\n"
    )
    assert found == [
        "cases.yaml:5:17: error: results: 'WAIVE' was written by Austria and Turkey "
        "[case-result]\n  hint: key it as 'Power: WAIVE'"
    ]


def test_unreadable_orders_are_load_errors_when_the_parser_is_there() -> None:
    pytest.importorskip("adjudicator.orders.read")
    with pytest.raises(CaseFileError) as info:
        loads_cases(
            "cases:\n  - id: a\n    units: {England: [F NTH]}\n"
            "    orders: {England: [F NTH - NRWY]}\n    expect: {}\n",
            "cases.yaml",
        )
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.column) == (4, 32)
    assert "NRWY" in diagnostic.message


def test_folders_skip_data_files_but_not_broken_case_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(ONE, encoding="utf-8")
    (tmp_path / "data.yaml").write_text("kind: something-else\nitems: []\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("just notes\n", encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("cases: [\n", encoding="utf-8")
    names = [p.name for p in case_files([tmp_path])]
    assert names == ["a.yaml", "broken.yaml"]
    with pytest.raises(CaseFileError, match=r"broken\.yaml:2:1: error: malformed YAML"):
        run_paths([tmp_path], Fake({}))
    with pytest.raises(CaseFileError, match="not a case file"):
        load_cases(tmp_path / "data.yaml")
    with pytest.raises(CaseFileError, match="no such case file or folder"):
        run_paths([tmp_path / "missing"], Fake({}))


# --------------------------------------------------------------------------- running
def test_a_matching_adjudication_passes() -> None:
    (case,) = load(ONE)
    fake = Fake(
        {"F NTH - HOL": Outcome.FAILS, "F BEL - HOL": Outcome.FAILS},
        units=[unit("England", "F NTH"), unit("France", "F BEL")],
        standoffs=frozenset({"HOL"}),
    )
    assert run(case, fake) == (CaseStatus.PASSED, ())
    ((position, orders, rules),) = fake.calls
    assert position == case.position
    assert {p: [str(o) for o in os] for p, os in orders.items()} == {
        "England": ["F NTH - HOL"],
        "France": ["F BEL - HOL"],
    }
    assert rules == Rules()


def test_differences_are_plain_words() -> None:
    (case,) = load(ONE)
    fake = Fake(
        {
            "F NTH - HOL": (Outcome.SUCCEEDS, Reason.NONE),
            "F BEL - HOL": (Outcome.FAILS, Reason.BOUNCED),
        },
        units=[unit("England", "F HOL")],
        dislodged=[Dislodgement(unit("France", "F BEL"), "HOL")],
    )
    status, differences = run(case, fake)
    assert status is CaseStatus.FAILED
    assert differences == (
        "F NTH - HOL: expected fails, got succeeds",
        "units of England: expected [F NTH], got [F HOL] (missing F NTH; unexpected F HOL)",
        "units of France: expected [F BEL], got none (missing F BEL)",
        "dislodged: expected F BEL (France) not dislodged, got dislodged from HOL",
        "standoffs: expected [HOL], got none",
    )


def test_outcome_reason_and_missing_result() -> None:
    (case,) = load(
        """
cases:
  - id: reason
    units: {England: [F NTH, F LON]}
    orders: {England: [F NTH - PIC, F LON H]}
    expect:
      results:
        F NTH - PIC: illegal
        F LON H: {outcome: fails, reason: dislodged}
"""
    )

    def no_results(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        return Adjudication(position, (), position)

    differences = run_case(case, no_results, parse=simple_parse).differences
    assert differences == (
        "F NTH - PIC: expected illegal, got no result",
        "F LON H: expected fails, got no result",
    )
    fake = Fake({"F NTH - PIC": (Outcome.FAILS, Reason.BOUNCED), "F LON H": Outcome.FAILS})
    assert run(case, fake)[1] == (
        "F NTH - PIC: expected illegal, got fails (bounce)",
        "F LON H: expected fails (dislodged), got fails",
    )


def test_dislodged_origins_centres_and_phase_are_compared() -> None:
    (case,) = load(
        """
cases:
  - id: more
    phase: F1901M
    units: {England: [F NTH], Germany: [F HOL]}
    orders: {}
    expect:
      dislodged: {Germany: {F HOL: NTH}}
      supply_centers: {England: [EDI, LON, LVP, HOL]}
      phase: F1901R
"""
    )
    fake = Fake(
        {},
        dislodged=[Dislodgement(unit("Germany", "F HOL"), "BEL")],
        phase=Phase.parse("W1901A"),
        centers={"England": ("EDI", "LON", "LVP")},
    )
    assert run(case, fake)[1] == (
        "dislodged: expected F HOL (Germany) attacked from NTH, got from BEL",
        "supply centres of England: expected [EDI, HOL, LON, LVP], got [EDI, LON, LVP]",
        "phase: expected F1901R, got W1901A",
    )


def test_identical_orders_are_matched_in_order() -> None:
    (case,) = load(
        """
cases:
  - id: twice
    phase: W1901A
    supply_centers: {Russia: [MOS, STP, WAR]}
    units: {Russia: [A WAR]}
    orders: {Russia: [A MOS B, A MOS B]}
    expect:
      results: {A MOS B: succeeds, "A MOS B #2": fails}
"""
    )

    def builds(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        first, second = orders["Russia"]
        results = (
            OrderResult("Russia", first, Outcome.SUCCEEDS),
            OrderResult("Russia", second, Outcome.FAILS, Reason.NOT_ALLOWED),
        )
        return Adjudication(position, results, position)

    assert run_case(case, builds, parse=simple_parse).status is CaseStatus.PASSED


def test_results_match_despite_unit_types_filled_in() -> None:
    (case,) = load(
        """
cases:
  - id: types
    phase: W1901A
    units: {France: [F BRE]}
    supply_centers: {France: []}
    orders: {France: [Remove gol]}
    expect:
      results: {Remove gol: succeeds}
"""
    )

    def removes(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        (order,) = orders["France"]
        assert isinstance(order, Disband)
        assert order.unit_type is None
        normalised = dataclasses.replace(order, unit_type=UnitType.FLEET)
        return Adjudication(
            position, (OrderResult("France", normalised, Outcome.SUCCEEDS),), position
        )

    outcome = run_case(case, removes, parse=simple_parse)
    assert outcome.status is CaseStatus.PASSED, outcome.differences


def test_steps_run_from_the_previous_result() -> None:
    (case,) = load(
        """
cases:
  - id: steps
    units: {England: [F NTH]}
    steps:
      - orders: {England: [F NTH - NWY]}
        expect: {units: {England: [F NWY]}}
      - phase: F1901M
        orders: {England: [F NWY - SWE]}
        expect: {units: {England: [F SWE]}}
"""
    )
    calls: list[Position] = []

    def moves(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        calls.append(position)
        (order,) = orders["England"]
        assert isinstance(order, Move)
        destination = order.destination
        moved = Unit("England", UnitType.FLEET, destination)
        phase = Phase.parse("F1901M") if len(calls) == 1 else Phase.parse("S1902M")
        nxt = Position(position.map_name, phase, (moved,), (), frozenset(), position.supply_centers)
        return Adjudication(position, (OrderResult("England", order, Outcome.SUCCEEDS),), nxt)

    outcome = run_case(case, moves, parse=simple_parse)
    assert outcome.status is CaseStatus.PASSED, outcome.differences
    assert [str(p.units[0]) for p in calls] == ["F NTH", "F NWY"]
    assert len(outcome.adjudications) == 2

    calls.clear()
    wrong = dataclasses.replace(
        case, steps=(case.steps[0], dataclasses.replace(case.steps[1], phase=Phase.parse("F1901R")))
    )
    assert run_case(wrong, moves, parse=simple_parse).differences == (
        "step 2: expected the phase F1901R, but the position is in F1901M",
    )


def test_later_steps_report_unreadable_orders() -> None:
    (case,) = load(
        """
cases:
  - id: steps
    units: {England: [F NTH]}
    steps:
      - orders: {England: [F NTH H]}
        expect: {}
      - orders: {England: [F NTH flies to NWY]}
        expect: {}
"""
    )
    fake = Fake({}, units=[unit("England", "F NTH")])

    def strict(text: str, game_map: GameMap, position: Position) -> Order:
        from adjudicator.base.errors import OrderSyntaxError

        if "flies" in text:
            raise OrderSyntaxError.single("unknown word 'flies'", "order-syntax")
        return simple_parse(text, game_map, position)

    outcome = run_case(case, fake, parse=strict)
    assert outcome.differences == (
        "step 2: cannot read order 'F NTH flies to NWY' (England): unknown word 'flies'",
    )


def test_skip_xfail_and_summary(tmp_path: Path) -> None:
    (tmp_path / "cases.yaml").write_text(
        """
cases:
  - id: skipped
    skip: waiting for the variant map
    orders: {}
    expect: {units: {England: [F NTH]}}
  - id: expected-failure
    xfail: known bug
    orders: {}
    expect: {units: {England: [F NTH]}}
  - id: unexpected-pass
    xfail: was a bug
    orders: {}
    expect: {units: {}}
  - id: failure
    orders: {}
    expect: {units: {England: [F NTH]}}
  - id: success
    orders: {}
    expect: {units: {}}
""",
        encoding="utf-8",
    )
    report = run_paths([tmp_path], Fake({}))
    assert [o.status for o in report.outcomes] == [
        CaseStatus.SKIPPED,
        CaseStatus.XFAILED,
        CaseStatus.XPASSED,
        CaseStatus.FAILED,
        CaseStatus.PASSED,
    ]
    assert [o.passed for o in report.outcomes] == [True, True, True, False, True]
    assert report.outcomes[0].reason == "waiting for the variant map"
    assert report.failed == 1
    assert report.summary() == "1 passed, 1 failed, 1 skipped, 1 xfailed, 1 xpassed"
    assert [o.case.id for o in report.failures] == ["failure"]


def test_engine_errors_are_failures_or_propagate() -> None:
    (case,) = load(ONE)

    def broken(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        raise KeyError("HOL")

    outcome = run_case(case, broken, parse=simple_parse)
    assert outcome.status is CaseStatus.FAILED
    (difference,) = outcome.differences
    assert difference.startswith("adjudication raised KeyError: 'HOL' (at test_case_loader.py:")
    with pytest.raises(KeyError):
        run_case(case, broken, parse=simple_parse, catch=False)


def test_explain_shows_orders_results_positions_and_differences() -> None:
    (case,) = load(ONE)
    fake = Fake({"F NTH - HOL": Outcome.SUCCEEDS}, units=[unit("England", "F HOL")])
    text = run_case(case, fake, parse=simple_parse).explain()
    assert text.splitlines()[0] == "one  a fleet bounces  (cases.yaml:3)"
    for expected in (
        "  orders:",
        "    England: F NTH - HOL",
        "  actual results:",
        "    England: F NTH - HOL  ->  succeeds",
        "  expected results:",
        "    England: F NTH - HOL  ->  fails",
        "  units after: England: F HOL",
        "  expected:    England: F NTH; France: F BEL",
        "  differences:",
        "    - F NTH - HOL: expected fails, got succeeds",
    ):
        assert expected in text.splitlines(), expected


# --------------------------------------------------------------------------- one unit reader
CASE_CODES = {
    PlaceProblemKind.SYNTAX: "case-unit",
    PlaceProblemKind.UNKNOWN_PROVINCE: "case-province",
    PlaceProblemKind.AMBIGUOUS_PROVINCE: "case-province",
    PlaceProblemKind.UNKNOWN_COAST: "case-province",
    PlaceProblemKind.MISSING_COAST: "case-unit",
    PlaceProblemKind.ARMY_COAST: "case-unit",
    PlaceProblemKind.CANNOT_STAND: "case-unit",
}
STANDARD = load_map("standard")


def one_unit(power: str, text: str) -> str:
    """A case file whose only case has one unit, written ``text``, at column 22
    (for a power name of six letters)."""
    return (
        f"cases:\n  - id: a\n    units: {{{power}: [{text}]}}\n    orders: {{}}\n    expect: {{}}\n"
    )


@pytest.mark.parametrize(("text", "code"), bad_units(CASE_CODES))
def test_units_refuse_the_bad_units(text: str, code: str) -> None:
    """Case units are read by the map's reader, as position files are."""
    with pytest.raises(CaseFileError) as info:
        load(one_unit("France", text))
    [d] = info.value.diagnostics
    assert d.code == code
    shared = STANDARD.read_unit(text, "France")
    assert isinstance(shared, PlaceProblem)
    if code == "case-province":
        assert d.message == shared.message
        assert d.column == 22 + shared.offset  # the place inside the unit
    else:
        assert repr(text) in d.message
        assert d.column == 22


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("Fleet St. Petersburg (south coast)", "F STP/SC"),
        ("f stp(sc)", "F STP/SC"),
        ("Army St Petersburg", "A STP"),
        ("A STP/NC", "A STP"),
    ],
)
def test_units_are_read_as_in_position_files(text: str, unit: str) -> None:
    [case] = load(one_unit("Russia", text))
    assert [str(u) for u in case.position.units] == [unit]
