"""Movement adjudication: the worked examples of adjudication.md §6.5, outcome reasons and
causes, rule options, and every DATC v3.0 6.A-6.G case of TedDriggs' ``datc.json`` (when
``../shared`` is present).

Orders are written in the canonical short form and parsed with :func:`parse_order`; positions
are built from ``power -> ["A PAR", ...]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.movement.equations import Decisions
from adjudicator.adjudication.movement.phase import adjudicate_movement
from adjudicator.base.model import (
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseType,
    Season,
    Support,
    Unit,
    UnitType,
)
from adjudicator.base.rules import AdjacentConvoy, ConvoyPath, ParadoxRule, Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_order
from adjudicator.state.outcomes import (
    Adjudication,
    CircularMovement,
    ConvoyLost,
    ConvoyParadox,
    OrderResult,
    Outcome,
    Reason,
)
from adjudicator.state.position import Position

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
STANDARD = load_map("standard")


# --------------------------------------------------------------------------- helpers
def position(units: Mapping[str, Sequence[str]], phase: str = "S1901M") -> Position:
    placed = []
    for power, texts in units.items():
        for text in texts:
            kind, place = text.split()
            placed.append(Unit(power, UnitType(kind), Location.parse(place)))
    return Position("standard", Phase.parse(phase), tuple(placed), supply_centers={})


@dataclass
class Run:
    """One adjudicated phase with look-ups by the order text as written."""

    adjudication: Adjudication
    written: dict[str, Order] = field(default_factory=dict)

    def __getitem__(self, text: str) -> OrderResult:
        result = self.adjudication.result_of(self.written[text])
        assert result is not None, text
        return result

    def outcome(self, text: str) -> str:
        return str(self[text].outcome)

    @property
    def units(self) -> set[str]:
        return {f"{u.power[:3]} {u}" for u in self.adjudication.next_position.units}

    @property
    def dislodged(self) -> dict[str, str]:
        return {str(d.unit): d.attacked_from for d in self.adjudication.dislodged}


def run(
    units: Mapping[str, Sequence[str]],
    orders: Mapping[str, Sequence[str]],
    rules: Rules | None = None,
) -> Run:
    pos = position(units)
    parsed: dict[str, list[Order]] = {}
    written: dict[str, Order] = {}
    for power, texts in orders.items():
        for text in texts:
            order = parse_order(text, STANDARD, pos)
            parsed.setdefault(power, []).append(order)
            written[text] = order
    return Run(adjudicate(pos, parsed, rules, game_map=STANDARD), written)


# --------------------------------------------------------------------------- worked examples
def test_disrupted_circle_needs_no_backup_rule() -> None:
    """adjudication.md §6.5, 6.C.3: both guesses give FAIL, so the ring stands still."""
    result = run(
        {"Turkey": ["F ANK", "A CON", "A SMY", "A BUL"]},
        {"Turkey": ["F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL - CON"]},
    )
    for text in ("F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL - CON"):
        assert result.outcome(text) == "fails"
    assert result.adjudication.notes == ()
    assert result.adjudication.standoffs == frozenset()


def test_true_circle_moves_by_the_backup_rule() -> None:
    """6.C.1: two consistent resolutions; circular movement succeeds (§5.B.9)."""
    result = run(
        {"Turkey": ["F ANK", "A CON", "A SMY"]},
        {"Turkey": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"]},
    )
    assert result.units == {"Tur F CON", "Tur A SMY", "Tur A ANK"}
    (note,) = result.adjudication.notes
    assert isinstance(note, CircularMovement)
    assert set(note.orders) == {
        result.written[text] for text in ("F ANK - CON", "A CON - SMY", "A SMY - ANK")
    }


PANDIN_UNITS = {
    "England": ["F LON", "F WAL"],
    "France": ["A BRE", "F ENG"],
    "Germany": ["F NTH", "F BEL"],
}
PANDIN_ORDERS = {
    "England": ["F LON S F WAL - ENG", "F WAL - ENG"],
    "France": ["A BRE - LON", "F ENG C A BRE - LON"],
    "Germany": ["F NTH S F BEL - ENG", "F BEL - ENG"],
}


def test_pandins_paradox_fails_the_convoy() -> None:
    """6.F.16 (§6.5): Szykman fails the convoy; London keeps its support; Wales and Belgium
    bounce; nothing moves or is dislodged."""
    result = run(PANDIN_UNITS, PANDIN_ORDERS)
    assert result["F ENG C A BRE - LON"].reason is Reason.CONVOY_PARADOX
    assert result["A BRE - LON"].reason is Reason.CONVOY_PARADOX
    # The rule is a fact of every order it made fail; the convoy's message names it.
    assert result["F ENG C A BRE - LON"].detail is ParadoxRule.SZYKMAN
    assert result["A BRE - LON"].detail is ParadoxRule.SZYKMAN
    assert result["F ENG C A BRE - LON"].message == "convoy paradox (szykman rule)"
    assert result["A BRE - LON"].message == "convoy paradox"
    assert result.outcome("F LON S F WAL - ENG") == "succeeds"
    assert result["F WAL - ENG"].reason is Reason.BOUNCED
    assert result["F WAL - ENG"].cause == result.written["F BEL - ENG"]
    assert result.dislodged == {}
    paradoxes = [n for n in result.adjudication.notes if isinstance(n, ConvoyParadox)]
    assert paradoxes and all(n.rule is ParadoxRule.SZYKMAN for n in paradoxes)
    assert any(result.written["F ENG C A BRE - LON"] in n.orders for n in paradoxes)


def test_simple_paradox_still_dislodges_the_convoy() -> None:
    """6.F.14: both guesses consistent, Szykman still fails the convoy; Wales dislodges it."""
    result = run(
        {"England": ["F LON", "F WAL"], "France": ["A BRE", "F ENG"]},
        {
            "England": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "France": ["A BRE - LON", "F ENG C A BRE - LON"],
        },
    )
    assert result.outcome("F WAL - ENG") == "succeeds"
    assert result.dislodged == {"F ENG": "WAL"}
    assert result.outcome("A BRE - LON") == "fails"


def test_pandins_extended_paradox_prefers_szykman() -> None:
    """6.F.17: with F Yor S A Bre-Lon, neither London nor the Channel is dislodged."""
    units = {**PANDIN_UNITS, "France": ["A BRE", "F ENG", "F YOR"]}
    orders = {**PANDIN_ORDERS, "France": [*PANDIN_ORDERS["France"], "F YOR S A BRE - LON"]}
    result = run(units, orders)
    assert result.dislodged == {}
    assert result.outcome("A BRE - LON") == "fails"


def test_all_hold_paradox_rule_fails_the_whole_cycle() -> None:
    """DATC 4.A.2 'All Hold': in 6.F.14 the London support fails too, so Wales bounces."""
    result = run(
        {"England": ["F LON", "F WAL"], "France": ["A BRE", "F ENG"]},
        {
            "England": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "France": ["A BRE - LON", "F ENG C A BRE - LON"],
        },
        Rules(paradox=ParadoxRule.ALL_HOLD),
    )
    assert result.dislodged == {}
    assert result["F LON S F WAL - ENG"].reason is Reason.CONVOY_PARADOX
    assert result["F LON S F WAL - ENG"].detail is ParadoxRule.ALL_HOLD
    assert result["F LON S F WAL - ENG"].message == "convoy paradox (all-hold rule)"
    assert result.outcome("F WAL - ENG") == "fails"


RULEBOOK_PARADOX_RULES = [ParadoxRule.Y1971, ParadoxRule.Y1982, ParadoxRule.Y2000]


@pytest.mark.parametrize("rule", RULEBOOK_PARADOX_RULES, ids=str)
def test_rulebook_paradox_rules_spare_the_support_even_from_dislodgement(
    rule: ParadoxRule,
) -> None:
    """6.F.17 under the rulebooks' rules (DATC 4.A.2): Brest does not cut London's support,
    not even by dislodging it, so the Channel fleet stands and no cycle is left to break."""
    units = {**PANDIN_UNITS, "France": ["A BRE", "F ENG", "F YOR"]}
    orders = {**PANDIN_ORDERS, "France": [*PANDIN_ORDERS["France"], "F YOR S A BRE - LON"]}
    result = run(units, orders, Rules(paradox=rule))
    assert result.dislodged == {"F LON": "BRE"}
    support = result["F LON S F WAL - ENG"]
    assert (support.outcome, support.reason) == (Outcome.SUCCEEDS, Reason.NONE)
    assert result.outcome("F ENG C A BRE - LON") == "succeeds"
    assert result["F WAL - ENG"].cause == result.written["F BEL - ENG"]
    assert result.adjudication.notes == ()


@pytest.mark.parametrize("rule", [ParadoxRule.Y1971, ParadoxRule.Y2000], ids=str)
def test_paradoxes_the_rulebook_rules_leave_are_broken_by_szykman(rule: ParadoxRule) -> None:
    """6.F.22: the 1971 and 2000 rules have no answer for a second-order paradox; Szykman
    breaks it, and the results and the note name Szykman, the rule that did."""
    result = run(
        {
            "England": ["F EDI", "F LON"],
            "France": ["A BRE", "F ENG"],
            "Germany": ["F BEL", "F PIC"],
            "Russia": ["A NWY", "F NTH"],
        },
        {
            "England": ["F EDI - NTH", "F LON S F EDI - NTH"],
            "France": ["A BRE - LON", "F ENG C A BRE - LON"],
            "Germany": ["F BEL S F PIC - ENG", "F PIC - ENG"],
            "Russia": ["A NWY - BEL", "F NTH C A NWY - BEL"],
        },
        Rules(paradox=rule),
    )
    assert result["F ENG C A BRE - LON"].reason is Reason.CONVOY_PARADOX
    assert result["F ENG C A BRE - LON"].detail is ParadoxRule.SZYKMAN
    assert result["F ENG C A BRE - LON"].message == "convoy paradox (szykman rule)"
    paradoxes = [n for n in result.adjudication.notes if isinstance(n, ConvoyParadox)]
    assert paradoxes and all(n.rule is ParadoxRule.SZYKMAN for n in paradoxes)
    assert result.dislodged == {"F ENG": "PIC", "F NTH": "EDI"}


SPARED_CASES = {
    "6.F.19": (
        {"France": ["A TUN", "F TYS", "F ION"], "Italy": ["F NAP", "F ROM"]},
        {
            "France": ["A TUN - NAP", "F TYS C A TUN - NAP", "F ION C A TUN - NAP"],
            "Italy": ["F NAP S F ROM - TYS", "F ROM - TYS"],
        },
    ),
    "6.F.20": (
        {"France": ["A TUN", "F TYS"], "Italy": ["F NAP", "F ION"], "Turkey": ["F AEG", "F EAS"]},
        {
            "France": ["A TUN - NAP", "F TYS C A TUN - NAP"],
            "Italy": ["F NAP S F ION", "F ION C A TUN - NAP"],
            "Turkey": ["F AEG S F EAS - ION", "F EAS - ION"],
        },
    ),
    "6.F.21": (
        {
            "Russia": ["A EDI", "F NWG", "A NWY"],
            "France": ["F IRI", "F MAO"],
            "England": ["A LVP", "F NAO", "F CLY"],
        },
        {
            "Russia": ["A EDI S A NWY - CLY", "F NWG C A NWY - CLY", "A NWY - CLY"],
            "France": ["F IRI S F MAO - NAO", "F MAO - NAO"],
            "England": ["A LVP - CLY VIA", "F NAO C A LVP - CLY", "F CLY S F NAO"],
        },
    ),
}


@pytest.mark.parametrize(
    ("case", "options", "spared"),
    [
        ("6.F.19", {"paradox": "szykman"}, None),
        ("6.F.19", {"paradox": "all-hold"}, None),
        # The Tyrrhenian fleet is on a route (1971) and in a body of water with a convoying
        # fleet (1982), but not necessary beside the Ionian route (2000), unless one lost
        # route disrupts the convoy.
        ("6.F.19", {"paradox": "1971"}, {"NAP": {"TUN"}}),
        ("6.F.19", {"paradox": "1982"}, {"NAP": {"TUN"}}),
        ("6.F.19", {"paradox": "2000"}, {}),
        ("6.F.19", {"paradox": "2000", "convoy_disruption": "any-route"}, {"NAP": {"TUN"}}),
        # Naples supports a hold: only the 1982 rule spares it.
        ("6.F.20", {"paradox": "1971"}, {}),
        ("6.F.20", {"paradox": "1982"}, {"NAP": {"TUN"}}),
        ("6.F.20", {"paradox": "2000"}, {}),
        # The 1982 rule spares Clyde from Norway's army, which the North Atlantic fleet does not
        # convoy; Liverpool's attack is England's own.
        ("6.F.21", {"paradox": "1982"}, {"CLY": {"NWY"}}),
        ("6.F.21", {"paradox": "1971"}, {}),
    ],
)
def test_which_supports_the_rulebook_rules_spare(
    case: str, options: Mapping[str, str], spared: Mapping[str, set[str]] | None
) -> None:
    units, orders = SPARED_CASES[case]
    pos = position(units)
    parsed = {
        power: [parse_order(text, STANDARD, pos) for text in texts]
        for power, texts in orders.items()
    }
    rules = Rules.from_mapping(options)
    phase = Decisions(pos, check_orders(pos, parsed, STANDARD, rules).valid, STANDARD, rules)
    phase.resolve_all()
    if spared is None:
        assert phase.shields is None
    else:
        assert phase.shields == {k: frozenset(v) for k, v in spared.items()}


# --------------------------------------------------------------------------- reasons, causes
def test_bounce_names_the_rival_move() -> None:
    result = run(
        {"Austria": ["A VIE"], "Italy": ["A VEN"]},
        {"Austria": ["A VIE - TYR"], "Italy": ["A VEN - TYR"]},
    )
    vie = result["A VIE - TYR"]
    assert (vie.outcome, vie.reason, vie.cause_power) == (Outcome.FAILS, Reason.BOUNCED, "Italy")
    assert vie.cause == result.written["A VEN - TYR"]
    assert vie.message == "bounced with A VEN - TYR"
    assert result.adjudication.standoffs == frozenset({"TYR"})


def test_head_to_head_loser_is_dislodged_with_its_reason() -> None:
    result = run(
        {"Germany": ["A BER", "A SIL"], "Russia": ["A PRU"]},
        {"Germany": ["A BER - PRU", "A SIL S A BER - PRU"], "Russia": ["A PRU - BER"]},
    )
    assert result["A PRU - BER"].reason is Reason.LOST_HEAD_TO_HEAD
    assert result["A PRU - BER"].message == "lost head-to-head battle with A BER - PRU"
    assert result.dislodged == {"A PRU": "BER"}
    assert result.adjudication.next_position.phase == Phase(Season.SPRING, 1901, PhaseType.RETREAT)


def test_no_self_dislodgement_reason() -> None:
    """6.D.10."""
    result = run(
        {"Germany": ["A BER", "F KIE", "A MUN"]},
        {"Germany": ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"]},
    )
    assert result["F KIE - BER"].reason is Reason.NO_SELF_DISLODGEMENT
    assert result["F KIE - BER"].cause == result.written["A BER H"]
    assert result["F KIE - BER"].message == "would dislodge own unit A BER H"


def test_cut_and_dislodged_supports_name_their_cause() -> None:
    """6.D.2 (cut) and 6.D.17 (dislodged supporter)."""
    cut = run(
        {"Austria": ["F ADR", "A TRI", "A VIE"], "Italy": ["A VEN", "A TYR"]},
        {
            "Austria": ["F ADR S A TRI - VEN", "A TRI - VEN", "A VIE - TYR"],
            "Italy": ["A VEN H", "A TYR S A VEN"],
        },
    )
    assert cut["A TYR S A VEN"].reason is Reason.CUT
    assert cut["A TYR S A VEN"].cause == cut.written["A VIE - TYR"]
    assert cut["A TYR S A VEN"].message == "cut by A VIE - TYR"
    assert cut["A VEN H"].reason is Reason.DISLODGED
    assert cut["A VEN H"].message == "dislodged by A TRI - VEN"
    dislodged = run(
        {"Russia": ["F CON", "F BLA"], "Turkey": ["F ANK", "A SMY", "A ARM"]},
        {
            "Russia": ["F CON S F BLA - ANK", "F BLA - ANK"],
            "Turkey": ["F ANK - CON", "A SMY S F ANK - CON", "A ARM - ANK"],
        },
    )
    assert dislodged["F CON S F BLA - ANK"].reason is Reason.DISLODGED
    assert dislodged["F CON S F BLA - ANK"].cause == dislodged.written["F ANK - CON"]


def test_void_support_names_the_order_actually_given() -> None:
    """6.D.9: support to move for a unit that holds is void."""
    result = run(
        {"Italy": ["A VEN", "A TYR"], "Austria": ["A ALB", "A TRI"]},
        {
            "Italy": ["A VEN - TRI", "A TYR S A VEN - TRI"],
            "Austria": ["A ALB S A TRI - SER", "A TRI H"],
        },
    )
    void = result["A ALB S A TRI - SER"]
    assert (void.outcome, void.reason) == (Outcome.FAILS, Reason.VOID)
    assert void.cause == result.written["A TRI H"]
    assert void.message == "void: the unit ordered A TRI H"
    assert result.dislodged == {"A TRI": "VEN"}


def test_convoy_failures_say_why() -> None:
    """No route at all (6.D.8) versus a route that lost its fleet (6.C.5)."""
    no_route = run(
        {"Austria": ["F ION"], "Turkey": ["A GRE"]},
        {"Austria": ["F ION H"], "Turkey": ["A GRE - NAP"]},
    )
    assert no_route["A GRE - NAP"].reason is Reason.NO_CONVOY
    assert no_route["A GRE - NAP"].message == "no convoy route"
    disrupted = run(
        {"England": ["F NTH", "A LON"], "Germany": ["F HEL", "F SKA"]},
        {
            "England": ["F NTH C A LON - HOL", "A LON - HOL"],
            "Germany": ["F HEL S F SKA - NTH", "F SKA - NTH"],
        },
    )
    assert disrupted["A LON - HOL"].reason is Reason.DISRUPTED
    assert disrupted["A LON - HOL"].cause == disrupted.written["F SKA - NTH"]
    assert disrupted["A LON - HOL"].detail == ConvoyLost(disrupted.written["F NTH C A LON - HOL"])
    assert disrupted["A LON - HOL"].message == (
        "convoy disrupted: F NTH C A LON - HOL dislodged by F SKA - NTH"
    )
    assert disrupted["F NTH C A LON - HOL"].reason is Reason.DISLODGED
    # 6.F.7: a disrupted convoy makes no standoff, so Holland stays open for the retreat.
    (retreat,) = disrupted.adjudication.dislodged
    assert Location("HOL") in retreat.retreats


def test_units_without_orders_get_hold_results() -> None:
    result = run(
        {"Austria": ["A VIE", "A BUD"], "Russia": ["A GAL", "A RUM"]},
        {"Russia": ["A GAL - BUD", "A RUM S A GAL - BUD"]},
    )
    results = {(r.power, str(r.order)): r for r in result.adjudication.results}
    assert results[("Austria", "A VIE H")].reason is Reason.NO_ORDER
    assert results[("Austria", "A VIE H")].outcome is Outcome.SUCCEEDS
    assert results[("Austria", "A VIE H")].message == ""
    bud = results[("Austria", "A BUD H")]
    assert (bud.outcome, bud.reason, bud.cause_power) == (Outcome.FAILS, Reason.NO_ORDER, "Russia")
    assert bud.message == "no order; dislodged by A GAL - BUD"


def test_illegal_order_is_reported_once_and_the_unit_holds() -> None:
    """6.E.14: an illegal move still defends with strength 1; no extra hold result."""
    result = run(
        {"England": ["A LVP"], "Russia": ["F EDI"]},
        {"England": ["A LVP - EDI"], "Russia": ["F EDI - LVP"]},
    )
    assert result["F EDI - LVP"].outcome is Outcome.ILLEGAL
    assert result.outcome("A LVP - EDI") == "fails"
    russian = [r for r in result.adjudication.results if r.power == "Russia"]
    assert len(russian) == 1


def test_support_cut_compares_provinces_not_coasts() -> None:
    """taparkins/pydip#5: F Bul(sc)-Gre attacks from Bulgaria, the target of the support, so the
    support stands and Serbia takes Bulgaria."""
    result = run(
        {"Italy": ["F BUL/SC"], "Austria": ["A GRE", "A SER"]},
        {"Italy": ["F BUL/SC - GRE"], "Austria": ["A GRE S A SER - BUL", "A SER - BUL"]},
    )
    assert result.outcome("A GRE S A SER - BUL") == "succeeds"
    assert result.outcome("A SER - BUL") == "succeeds"
    assert result.dislodged == {"F BUL/SC": "SER"}


def test_coastal_crawl_is_a_head_to_head_battle() -> None:
    """6.B.13."""
    result = run(
        {"Turkey": ["F BUL/SC", "F CON"]},
        {"Turkey": ["F BUL/SC - CON", "F CON - BUL/EC"]},
    )
    assert result.outcome("F BUL/SC - CON") == "fails"
    assert result.outcome("F CON - BUL/EC") == "fails"


def test_moved_fleet_keeps_its_coast_and_army_drops_one() -> None:
    result = run(
        {"France": ["F GAS", "A MAR"]},
        {"France": ["F GAS - SPA/NC", "A MAR - PIE"]},
    )
    assert result.units == {"Fra F SPA/NC", "Fra A PIE"}
    assert result.adjudication.next_position.phase == Phase(Season.FALL, 1901, PhaseType.MOVEMENT)


def test_dislodgement_records_convoy_and_retreats() -> None:
    """6.H.11 shape: a convoyed attacker's origin stays open for the retreat (4.A.5 b)."""
    units = {"France": ["A GAS", "A BUR", "F MAO", "F WES", "F LYO"], "Italy": ["A MAR"]}
    orders = {
        "France": [
            "A GAS - MAR VIA",
            "A BUR S A GAS - MAR",
            "F MAO C A GAS - MAR",
            "F WES C A GAS - MAR",
            "F LYO C A GAS - MAR",
        ],
        "Italy": ["A MAR H"],
    }
    (allowed,) = run(units, orders).adjudication.dislodged
    assert (allowed.attacked_from, allowed.by_convoy) == ("GAS", True)
    assert Location("GAS") in allowed.retreats
    rules = Rules(retreat_to_convoyed_attacker_origin=False)
    (barred,) = run(units, orders, rules).adjudication.dislodged
    assert Location("GAS") not in barred.retreats


# --------------------------------------------------------------------------- rule options
SWAP_UNITS = {"England": ["A NWY", "F SKA"], "Russia": ["A SWE"]}
SWAP_ORDERS = {"England": ["A NWY - SWE", "F SKA C A NWY - SWE"], "Russia": ["A SWE - NWY"]}


@pytest.mark.parametrize(
    ("rule", "swapped"),
    [
        (AdjacentConvoy.Y2023, True),
        (AdjacentConvoy.FALLBACK, True),
        (AdjacentConvoy.Y1971, True),
        (AdjacentConvoy.EXPLICIT, False),
        (AdjacentConvoy.PACKAGE, True),
        (AdjacentConvoy.GODIP, True),
    ],
)
def test_swap_by_own_convoy_per_edition(rule: AdjacentConvoy, swapped: bool) -> None:
    """6.G.1: own fleet's convoy shows intent except under the DPTG's explicit rule."""
    result = run(SWAP_UNITS, SWAP_ORDERS, Rules(adjacent_convoy=rule))
    assert (result.outcome("A NWY - SWE") == "succeeds") is swapped
    assert (result.outcome("A SWE - NWY") == "succeeds") is swapped


@pytest.mark.parametrize(
    ("rule", "kidnapped"),
    [
        (AdjacentConvoy.Y2023, False),
        (AdjacentConvoy.Y1971, True),
        (AdjacentConvoy.PACKAGE, False),
        (AdjacentConvoy.GODIP, False),
    ],
)
def test_kidnapping_per_edition(rule: AdjacentConvoy, kidnapped: bool) -> None:
    """6.G.2: a foreign convoy only kidnaps under the 1971 reading."""
    result = run(
        {"England": ["A NWY"], "Russia": ["F SWE"], "Germany": ["F SKA"]},
        {
            "England": ["A NWY - SWE"],
            "Russia": ["F SWE - NWY"],
            "Germany": ["F SKA C A NWY - SWE"],
        },
        Rules(adjacent_convoy=rule),
    )
    assert (result.outcome("A NWY - SWE") == "succeeds") is kidnapped


@pytest.mark.parametrize(
    ("rule", "moves"),
    [
        (AdjacentConvoy.Y2023, False),
        (AdjacentConvoy.FALLBACK, True),
        (AdjacentConvoy.PACKAGE, False),
        (AdjacentConvoy.GODIP, False),
    ],
)
def test_disrupted_explicit_convoy_fallback(rule: AdjacentConvoy, moves: bool) -> None:
    """6.G.20: no land fallback in v3.0; the DATC v2 reading walks overland."""
    result = run(
        {"France": ["F BRE", "A PIC", "A BUR", "F MAO"], "England": ["F ENG"]},
        {
            "France": [
                "F BRE - ENG",
                "A PIC - BEL VIA",
                "A BUR S A PIC - BEL",
                "F MAO S F BRE - ENG",
            ],
            "England": ["F ENG C A PIC - BEL"],
        },
        Rules(adjacent_convoy=rule),
    )
    assert (result.outcome("A PIC - BEL VIA") == "succeeds") is moves


@pytest.mark.parametrize(
    ("rule", "route", "arrives"),
    [
        (ConvoyPath.IGNORE, "ENG", True),
        (ConvoyPath.ENFORCE, "ENG", False),
        (ConvoyPath.ENFORCE, "NTH", True),
    ],
)
def test_explicit_convoy_path(rule: ConvoyPath, route: str, arrives: bool) -> None:
    """4.A.6: a written route through the lost Channel fails only under ENFORCE; the intact
    route through the North Sea arrives either way."""
    move = f"A LON - {route} - BEL"
    result = run(
        {"England": ["F ENG", "F NTH", "A LON"], "France": ["F BRE", "F MAO"]},
        {
            "England": ["F ENG C A LON - BEL", "F NTH C A LON - BEL", move],
            "France": ["F BRE S F MAO - ENG", "F MAO - ENG"],
        },
        Rules(convoy_path=rule),
    )
    assert (result.outcome(move) == "succeeds") is arrives


# --------------------------------------------------------------------------- without legality
def test_adjudicate_movement_takes_prechecked_orders() -> None:
    """The resolver reads only ``valid`` and ``results``: legal orders built from model values."""
    pos = position({"Austria": ["A VIE"], "Italy": ["A VEN"], "Germany": ["A MUN"]})
    orders: list[tuple[str, Move | Support | Hold]] = [
        ("Austria", Move(UnitType.ARMY, Location("VIE"), Location("TYR"))),
        (
            "Italy",
            Support(
                UnitType.ARMY, Location("VEN"), UnitType.ARMY, Location("VIE"), Location("TYR")
            ),
        ),
        ("Germany", Hold(UnitType.ARMY, Location("MUN"))),
    ]
    checked = CheckedOrders({o.location.province: (p, o, o) for p, o in orders})
    adjudication = adjudicate_movement(pos, checked, STANDARD, Rules())
    assert [str(r.outcome) for r in adjudication.results] == ["succeeds"] * 3
    assert [r.power for r in adjudication.results] == ["Austria", "Germany", "Italy"]


# --------------------------------------------------------------------------- datc.json
_EDITIONS = {
    "2023": AdjacentConvoy.Y2023,
    "1982": AdjacentConvoy.Y2023,
    "1971": AdjacentConvoy.Y1971,
    "dptg": AdjacentConvoy.EXPLICIT,
}
_SECTION = re.compile(r"#6\.([A-G])\.\d+$")
_DIFFERENT = {
    "t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary": (
        "datc.json leaves coast correction to the caller; DATC 4.B.2 a (our default "
        "coasts=lenient) moves to the only reachable coast"
    ),
    "t6b10_unit_ordered_with_wrong_coast": (
        "datc.json: 'region-level precision is the caller's responsibility'; DATC 4.B.5 b "
        "ignores the wrong coast of the ordered unit"
    ),
    "t6b12_army_movement_with_coastal_specification": (
        "datc.json leaves it to the caller; DATC 4.B.6 b ignores an army's coast"
    ),
    "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox": (
        "datc.json ignores the own fleet's convoy as intent; DATC v3.0 4.A.3 counts it, "
        "so the army goes by convoy and Szykman fails it"
    ),
}


def _datc_cases() -> list[Any]:
    path = SHARED / "datc" / "datc.json"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared is not present"))]
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    params = []
    for case in cases:
        if case["phase"] != "Main" or not _SECTION.search(case["url"]):
            continue
        marks = [pytest.mark.skip(reason=case["ignore"])] if "ignore" in case else []
        if case["name"] in _DIFFERENT:
            marks.append(pytest.mark.xfail(reason=_DIFFERENT[case["name"]], strict=True))
        name = f"{case['url'].rsplit('#', 1)[1]}-{case.get('edition', 'default')}"
        params.append(pytest.param(case, id=name, marks=marks))
    return params


def _datc_orders(
    case: Mapping[str, Any], game_map: GameMap
) -> tuple[Position, dict[str, list[Order]], dict[int, str]]:
    powers = {name[:3].upper(): name for name in game_map.powers}
    units: dict[str, Unit] = {}
    for text in case.get("starting_state", []):
        power, unit = text.split(": ")
        kind, place = unit.split()
        loc = Location.parse(place.replace("(", "/").replace(")", ""))
        units[loc.province] = Unit(powers[power], UnitType(kind.upper()), loc)
    orders: dict[str, list[Order]] = {}
    expected: dict[int, str] = {}
    empty = Position("standard", Phase.parse("S1901M"), (), supply_centers={})
    for text, outcome in case["orders"].items():
        power, written = text.split(": ", 1)
        order = parse_order(written, game_map, empty)
        unit_type = order.unit_type if hasattr(order, "unit_type") else None
        location: Location = order.location  # type: ignore[union-attr]
        if location.province not in units and unit_type is not None:
            units[location.province] = Unit(powers[power], unit_type, location)
        orders.setdefault(powers[power], []).append(order)
        if outcome is not None:
            expected[id(order)] = outcome
    pos = Position("standard", Phase.parse("S1901M"), tuple(units.values()), supply_centers={})
    return pos, orders, expected


@pytest.mark.parametrize("case", _datc_cases())
def test_datc_json(case: Mapping[str, Any] | None) -> None:
    """Every 6.A-6.G movement case with its per-order outcomes (TedDriggs/diplomacy, MIT).

    Only moves are compared: their outcome means the same everywhere (the unit moved), while
    the file's support outcomes follow another convention (a support of an illegal move
    "succeeds" there, 6.A.5; it is illegal here)."""
    assert case is not None
    rules = Rules(adjacent_convoy=_EDITIONS[case.get("edition", "2023")])
    pos, orders, expected = _datc_orders(case, STANDARD)
    adjudication = adjudicate(pos, orders, rules, game_map=STANDARD)
    by_order = {id(r.order): r for r in adjudication.results}
    for power_orders in orders.values():
        for order in power_orders:
            want = expected.get(id(order))
            if want is None or not isinstance(order, Move):
                continue
            got = by_order[id(order)].outcome
            assert (got is Outcome.SUCCEEDS) == (want == "Succeeds"), f"{order}: {got}"
