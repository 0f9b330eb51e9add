"""The judge's rules of play (adjudicator.judge.game): reading a power's orders, what is missing,
submissions, processing with skipped phases, NMR, deadlines and early processing."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.base.model import Dislodgement, Location, Phase, PhaseType, Unit, UnitType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.cli.main import main as cli_main
from adjudicator.judge.game import (
    FOREIGN_ORDER,
    PhaseLengths,
    ProcessedPhase,
    Submission,
    current_orders,
    deadline_after,
    is_due,
    may_process_early,
    nothing_to_decide,
    order_text,
    outstanding,
    powers_to_order,
    process_phase,
    read_orders,
    remaining_seconds,
    reminder_due,
    resumed_deadline,
)
from adjudicator.orders.write import format_order
from adjudicator.state.outcomes import CivilDisorderRemoval
from adjudicator.state.position import Position
from tests.judge.scenario import PHASES_AFTER, PLAN

STANDARD = load_map("standard")
START = Position.initial(STANDARD)
RULES = Rules()


def play() -> list[ProcessedPhase]:
    """The scenario's phases processed with the orders each power's text reads as."""
    position = START
    done: list[ProcessedPhase] = []
    for phase, texts in PLAN:
        assert str(position.phase) == phase
        submitted = {}
        for power, text in texts.items():
            read = read_orders(text, power, position, STANDARD, RULES)
            assert read.ok, read.formatted_diagnostics()
            submitted[power] = read.canonical
        chain = process_phase(position, submitted, STANDARD, RULES)
        done.extend(chain)
        position = chain[-1].next_position
    assert str(position.phase) == PHASES_AFTER[0]
    return done


def test_errors_are_the_ones_adjudicator_check_prints(tmp_path: Path) -> None:
    text = "A Par - Bur\nF Bre - Mao\nA Mar - Lon\nA Pra - Mun\n"
    orders = tmp_path / "orders"
    orders.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert cli_main(["check", str(orders)], stdout=out) == 1
    read = read_orders(text, "France", START, STANDARD, RULES, path=str(orders))
    printed = out.getvalue().splitlines()[:-1]  # the summary line is check's own
    assert "\n".join(read.formatted_diagnostics()).splitlines() == printed
    assert not read.ok
    assert read.canonical == ("A PAR - BUR", "F BRE - MAO")


def test_german_errors_as_check_prints_them(tmp_path: Path) -> None:
    text = "Armee Paris nach Burgnd\nFlotte Brest nach Mittelatlantik\n"
    orders = tmp_path / "befehle"
    orders.write_text(text, encoding="utf-8")
    out = io.StringIO()
    cli_main(["check", str(orders)], stdout=out)
    read = read_orders(text, "France", START, STANDARD, RULES, path=str(orders))
    assert read.lang == "de"
    assert "\n".join(read.formatted_diagnostics()).splitlines() == out.getvalue().splitlines()[:-1]
    assert "Fehler" in read.formatted_diagnostics()[0]


def test_orders_for_another_power_are_refused_where_written() -> None:
    text = "A Par - Bur\nA Mun - Ruh\nGermany: A Ber - Kie\n"
    read = read_orders(text, "France", START, STANDARD, RULES)
    foreign = [d for d in read.diagnostics if d.code == FOREIGN_ORDER]
    assert [(d.line, d.column) for d in foreign] == [(2, 1), (3, 10)]
    assert "'A MUN - RUH' is an order for Germany; you play France" in foreign[0].message
    assert read.canonical == ("A PAR - BUR",)
    assert not read.ok


def test_foreign_order_message_in_german() -> None:
    read = read_orders("Armee München nach Ruhrgebiet", "France", START, STANDARD, RULES)
    assert read.lang == "de"
    assert "ist ein Befehl für Deutschland; Sie spielen Frankreich" in read.diagnostics[0].message


def test_orders_shown_in_the_reply_language_and_normalised() -> None:
    position = Position(
        "standard",
        Phase.parse("S1901M"),
        (Unit("Russia", UnitType.FLEET, Location("STP", "SC")),),
        supply_centers={"Russia": ("STP",)},
    )
    read = read_orders("F StP - Bot", "Russia", position, STANDARD, RULES, reply_lang="de")
    assert read.ok
    assert read.canonical == ("F STP/SC - BOT",)
    tyr = read_orders("A Ven - Tyr", "Italy", START, STANDARD, RULES, reply_lang="de")
    assert tyr.canonical == ("A VEN - TYR",)
    assert tyr.shown == (format_order(tyr.orders[0], STANDARD, "de"),)


def test_order_text_keeps_the_mail_line_numbers() -> None:
    text = order_text([(3, "A Par - Bur"), (5, "A Mar - Lon")])
    read = read_orders(text, "France", START, STANDARD, RULES)
    assert [d.line for d in read.diagnostics] == [5]
    assert order_text([]) == ""


def test_outstanding_units_builds_and_removals() -> None:
    read = read_orders("A Par - Bur", "France", START, STANDARD, RULES)
    missing = outstanding(START, "France", read.orders, STANDARD)
    assert sorted(str(u) for u in missing.units) == ["A MAR", "F BRE"]
    winter = Position(
        "standard",
        Phase.parse("W1901A"),
        (Unit("France", UnitType.ARMY, Location("BUR")),),
        supply_centers={"France": ("BRE", "MAR", "PAR"), "Italy": ("ROM",)},
    )
    italy_units = (
        Unit("Italy", UnitType.ARMY, Location("TUS")),
        Unit("Italy", UnitType.ARMY, Location("PIE")),
    )
    winter = Position(
        "standard", winter.phase, winter.units + italy_units, (), frozenset(), winter.supply_centers
    )
    france = read_orders("A Par B", "France", winter, STANDARD, RULES)
    assert outstanding(winter, "France", france.orders, STANDARD).builds == 1
    assert outstanding(winter, "Italy", (), STANDARD).removals == 1
    assert powers_to_order(winter, STANDARD) == ("France", "Italy")


def test_last_submission_counts_whole() -> None:
    t0 = datetime(2026, 12, 1, tzinfo=UTC)
    subs = [
        Submission("France", ("A PAR - BUR", "A MAR H"), t0, 1),
        Submission("England", ("F LON - NTH",), t0, 2),
        Submission("France", ("A PAR H",), t0 + timedelta(minutes=5), 3),
    ]
    assert current_orders(subs) == {"England": ("F LON - NTH",), "France": ("A PAR H",)}
    assert current_orders(reversed(subs)) == current_orders(subs)


def test_two_years_with_retreats_builds_civil_disorder_and_skips() -> None:
    done = play()
    assert [str(p.position.phase) for p in done] == [phase for phase, _ in PLAN]
    by_phase = {str(p.position.phase): p for p in done}
    assert by_phase["S1901M"].nmr == ("Russia",)
    assert by_phase["F1901M"].nmr == ("Italy", "Russia")
    assert by_phase["F1901R"].nmr == ("Russia",)
    assert by_phase["W1901A"].nmr == ("Italy",)
    removals = [
        n for n in by_phase["W1901A"].adjudication.notes if isinstance(n, CivilDisorderRemoval)
    ]
    assert [(n.power, n.unit.location.province) for n in removals] == [("Italy", "TYR")] or [
        n.power for n in removals
    ] == ["Italy"]
    after_winter = by_phase["W1901A"].next_position
    counts = {p: len(after_winter.units_of(p)) for p in STANDARD.powers}
    assert counts == {
        "Austria": 5,
        "England": 4,
        "France": 5,
        "Germany": 4,
        "Italy": 2,
        "Russia": 3,
        "Turkey": 5,
    }
    retreat = by_phase["F1901R"].position
    assert {str(d.unit) for d in retreat.dislodged} == {"A BUR", "F SEV"}
    assert str(done[-1].next_position.phase) == "S1903M"  # W1902A had nothing to decide


def test_a_retreat_phase_where_nobody_can_retreat_is_skipped() -> None:
    spring = Position(
        "standard",
        Phase.parse("F1901M"),
        (
            Unit("Germany", UnitType.ARMY, Location("BUR")),
            Unit("Germany", UnitType.ARMY, Location("PIC")),
            Unit("Germany", UnitType.ARMY, Location("GAS")),
            Unit("Germany", UnitType.FLEET, Location("BRE")),
            Unit("France", UnitType.ARMY, Location("PAR")),
        ),
        supply_centers={"Germany": ("MUN",), "France": ("PAR",)},
    )
    chain = process_phase(
        spring, {"Germany": ("A BUR - PAR", "A PIC S A BUR - PAR")}, STANDARD, RULES
    )
    phases = [str(p.position.phase) for p in chain]
    assert phases[:2] == ["F1901M", "F1901R"]
    assert chain[1].skipped and chain[1].orders == {}
    assert not any(p.position.dislodged for p in chain[2:])
    assert nothing_to_decide(chain[1].position, STANDARD)


def test_retreat_phase_with_a_choice_is_not_skipped() -> None:
    position = Position(
        "standard",
        Phase.parse("F1901R"),
        (Unit("Germany", UnitType.ARMY, Location("BUR")),),
        (Dislodgement(Unit("France", UnitType.ARMY, Location("PAR")), "BUR"),),
        supply_centers={"France": ("PAR",)},
    )
    assert not nothing_to_decide(position, STANDARD)
    assert powers_to_order(position, STANDARD) == ("France",)


def test_deadlines_pause_and_grace() -> None:
    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    lengths = PhaseLengths(movement=60, retreat=30, adjustment=20, grace=15)
    deadline = deadline_after(start, PhaseType.RETREAT, lengths)
    assert deadline == start + timedelta(minutes=30)
    paused_at = start + timedelta(minutes=10)
    left = remaining_seconds(deadline, paused_at)
    assert left == 20 * 60
    later = paused_at + timedelta(days=3)
    assert resumed_deadline(later, left) == later + timedelta(minutes=20)
    assert not is_due(deadline, 15, deadline - timedelta(seconds=1), all_in=True)
    assert is_due(deadline, 15, deadline, all_in=True)
    assert not is_due(deadline, 15, deadline + timedelta(minutes=14), all_in=False)
    assert is_due(deadline, 15, deadline + timedelta(minutes=15), all_in=False)
    assert reminder_due(deadline, 0.25, deadline - timedelta(minutes=10))
    assert not reminder_due(deadline, 0.25, deadline - timedelta(minutes=20))


@pytest.mark.parametrize(
    ("early", "submitted", "waiting", "expected"),
    [
        (True, {"France", "England"}, set(), True),
        (True, {"France"}, set(), False),
        (True, {"France", "England"}, {"England"}, False),
        (False, {"France", "England"}, set(), False),
    ],
)
def test_process_early(early: bool, submitted: set[str], waiting: set[str], expected: bool) -> None:
    assert may_process_early(early, ["England", "France"], submitted, waiting) is expected


def test_a_solo_victory_ends_the_chain() -> None:
    centres = sorted(STANDARD.supply_centers - {"MOS", "WAR", "SEV", "STP", "BEL"})[:17]
    fall = Position(
        "standard",
        Phase.parse("F1905M"),
        (
            Unit("France", UnitType.ARMY, Location("PIC")),
            Unit("Russia", UnitType.ARMY, Location("MOS")),
        ),
        supply_centers={"France": tuple(centres), "Russia": ("MOS", "WAR", "SEV", "STP")},
    )
    chain = process_phase(fall, {"France": ("A PIC - BEL",)}, STANDARD, RULES)
    assert len(chain) == 1 and chain[0].winners == ("France",)
    assert chain[0].nmr == ("Russia",)
