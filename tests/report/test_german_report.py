"""A German report says everything in German: order lines, explanations, the dislodged units and
the notes about the phase, whatever the phase (issue 8: "the German report has no English
sentence in it").

The check: no word of the English report templates that the German ones lack (``bounced``,
``dislodged``, ``removes``, ``the`` ...) appears in a German report. Codes in brackets
(``[support-unreachable]``) and the short forms of orders stay language-neutral, as the JSON keys
do.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Order, Phase, Waive
from adjudicator.base.rules import ParadoxRule, Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.lang import de as lang_de
from adjudicator.lang import en as lang_en
from adjudicator.lang.words import Words
from adjudicator.orders.read import parse_order
from adjudicator.report.render import render_report
from adjudicator.state.outcomes import (
    Adjudication,
    CircularMovement,
    CivilDisorderRemoval,
    ConvoyParadox,
    OrderResult,
    Outcome,
    Reason,
    Refusal,
    Refused,
    Removal,
    UnusedBuilds,
    Victory,
)
from adjudicator.state.position import Position
from tests.shipped_cases import datc_case, datc_cases

REPO = Path(__file__).resolve().parents[2]
MAP = load_map("standard")


def _templates(words: Words) -> Iterator[str]:
    for name in words.__slots__:
        value = getattr(words, name)
        if isinstance(value, str):
            yield value
        elif isinstance(value, Mapping):
            yield from (v for v in value.values() if isinstance(v, str))


def _fixed_words(words: Words) -> set[str]:
    """The words a table's templates write themselves (not the fields they fill in)."""
    found: set[str] = set()
    for template in _templates(words):
        found.update(
            w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"{[^}]*}", "", template))
        )
    return found


ENGLISH_ONLY = frozenset(_fixed_words(lang_en.WORDS) - _fixed_words(lang_de.WORDS))
"""Words only the English report writes: one of them in a German report is English leaking."""


def english_in(text: str) -> list[str]:
    """The English-only words in ``text``, codes in brackets left out."""
    plain = re.sub(r"\[[^]]*\]", "", text)
    return [w for w in re.findall(r"[^\W\d_]+", plain) if w.lower() in ENGLISH_ONLY]


def test_the_check_would_see_english() -> None:
    assert {"bounced", "dislodged", "removes", "the", "civil", "disorder"} <= ENGLISH_ONLY
    assert english_in("Civil disorder: Austria removes F TRI") == ["Civil", "disorder", "removes"]
    assert english_in("Abgeprallt an der deutschen Armee München [not-adjacent].") == []


def german(adjudication: Adjudication, game_map: GameMap = MAP) -> str:
    """The German text report, after checking that it and the German JSON have no English."""
    text = render_report(adjudication, game_map, lang="de")
    assert english_in(text) == [], text
    data = json.loads(render_report(adjudication, game_map, fmt="json", lang="de"))
    texts: list[str] = [data["title"], *data["notes"]]
    for fact in data["orders"]:
        texts += [fact["long"], *fact["why"]]
        if fact["message"] is not None:
            texts.append(fact["message"])
    # Every result the core has a message for is worded in German, never with the English one.
    english = [r.message for r in adjudication.results if r.message]
    worded = [fact["message"] for fact in data["orders"] if fact["message"] is not None]
    assert len(worded) == len(english)
    assert not set(worded) & set(english), set(worded) & set(english)
    texts += [d["text"] for d in data["dislodged"]]
    for line in texts:
        assert english_in(line) == [], line
    return text


def position(data: dict[str, Any]) -> Position:
    return Position.from_dict({"map": "standard", **data}, MAP)


def run(
    start: Position, orders: Mapping[str, Sequence[str]], rules: Rules | None = None
) -> Adjudication:
    parsed: dict[str, list[Order]] = {
        power: [parse_order(text, MAP, start) for text in texts] for power, texts in orders.items()
    }
    return adjudicate(start, parsed, rules or Rules(), game_map=MAP)


def reasons(adjudication: Adjudication) -> set[Reason]:
    return {r.reason for r in adjudication.results}


# ---------------------------------------------------------------------- the phases
def test_movement_with_bounces_dislodgements_and_illegal_orders() -> None:
    start = position(
        {
            "phase": "S1901M",
            "units": {
                "Austria": ["A GAL", "A BUD", "A TYR"],
                "England": ["A LON", "F NTH"],
                "France": ["A PAR"],
                "Germany": ["A MUN", "A KIE", "A BER"],
                "Italy": ["A VEN"],
                "Russia": ["A WAR", "A UKR", "A RUM", "F SEV"],
                "Turkey": ["A CON"],
            },
        }
    )
    adjudication = run(
        start,
        {
            "Austria": ["A GAL H", "A BUD S A GAL", "A TYR - VEN"],
            "England": ["A LON - NWY", "F NTH H"],
            "France": ["A PAR - BUR"],
            "Germany": ["A MUN - BUR", "A KIE S A MUN - BER", "A BER - LON"],
            "Italy": ["A VEN - TYR"],
            "Russia": ["A WAR - GAL", "A UKR S A WAR - GAL", "A RUM - BUD", "F SEV S A WAR - GAL"],
        },
    )
    # What the report has to word: every kind of failure a movement phase has.
    assert {
        Reason.BOUNCED,
        Reason.LOST_HEAD_TO_HEAD,
        Reason.DISLODGED,
        Reason.CUT,
        Reason.VOID,
        Reason.NO_CONVOY,
        Reason.ILLEGAL,
        Reason.NO_ORDER,
    } <= reasons(adjudication)
    assert adjudication.dislodged
    text = german(adjudication)
    assert "Unzulässiger Befehl" in text and "(*abgeprallt*)" in text
    assert "Folgende Einheiten wurden vertrieben:" in text


def test_retreats_with_a_collision() -> None:
    """6.H.7: two retreats to Tyrolia; a unit left without an order; an illegal retreat."""
    start = position(
        {
            "phase": "S1901R",
            "units": {"Austria": ["A VIE", "F TRI"], "Germany": ["A BOH", "A MUN"]},
            "dislodged": {
                "Italy": {"A VIE": "TRI", "A BOH": "SIL", "F ADR": "TRI", "A VEN": "PIE"}
            },
        }
    )
    orders = {"Italy": ["A VIE R TYR", "A BOH R TYR", "A VEN R PIE"]}
    adjudication = run(start, orders)
    collided = [r for r in adjudication.results if r.reason is Reason.RETREAT_COLLISION]
    assert len(collided) == 2 and all(r.outcome is Outcome.FAILS for r in collided)
    assert {Reason.NO_ORDER, Reason.ILLEGAL} <= reasons(adjudication)
    text = german(adjudication)
    assert "ebenfalls das Rückzugsziel Tirol" in text
    assert "(*abgeprallt, vernichtet*)" in text


def test_civil_disorder_winter() -> None:
    start = position(
        {
            "phase": "W1901A",
            "units": {"Austria": ["A VIE", "F TRI", "A BUD"], "Russia": ["A MOS"]},
            "supply_centers": {"Austria": ["VIE", "BUD"], "Russia": ["MOS", "WAR", "SEV"]},
        }
    )
    adjudication = run(start, {"Russia": ["A WAR B"]})
    fleet = next(u for u in start.units if str(u) == "F TRI")
    assert adjudication.notes == (
        CivilDisorderRemoval("Austria", fleet),
        UnusedBuilds("Russia", 1),
    )
    text = german(adjudication)
    assert text.split("\n\n")[-2] == (
        "Anmerkungen:\n"
        "    Anarchie: Österreich baut Flotte Triest ab\n"
        "    Russland: 1 ungenutzter Aufbau verfällt"
    )
    english = render_report(adjudication, MAP)
    assert english.split("\n\n")[-2] == (
        "Notes:\n    Civil disorder: Austria removes F TRI\n    Russia: 1 unused build waived"
    )


def _messages(adjudication: Adjudication, lang: str) -> dict[str, str | None]:
    data = json.loads(render_report(adjudication, MAP, fmt="json", lang=lang))
    return {fact["order"]: fact["message"] for fact in data["orders"]}


def test_every_disband_is_worded_in_german() -> None:
    """A disband by order, without an order, with nowhere to go, and after a collision."""
    start = position(
        {
            "phase": "S1901R",
            "units": {
                "Austria": ["A VIE", "F TRI"],
                "Germany": ["A BOH", "A MUN"],
                "France": ["F MAO"],
            },
            "dislodged": {
                "Italy": {"A VIE": "TRI", "A BOH": "SIL", "A TYR": "TRI", "F ADR": "ION"},
                "France": {"F POR": "SPA", "A PIC": "PAR"},
            },
        }
    )
    orders = {"Italy": ["A VIE R GAL", "A BOH R GAL", "A TYR D", "F ADR D"], "France": []}
    adjudication = run(start, orders)
    assert {(r.reason, r.detail) for r in adjudication.results} >= {
        (Reason.RETREAT_COLLISION, None),
        (Reason.NONE, Removal.DISBANDED),
        (Reason.NO_ORDER, None),
        (Reason.DISBANDED, None),
    }
    german(adjudication)
    assert _messages(adjudication, "de") == {
        "A VIE R GAL": "abgeprallt an A BOH R GAL; aufgelöst",
        "A BOH R GAL": "abgeprallt an A VIE R GAL; aufgelöst",
        "A TYR D": "aufgelöst",
        "F ADR D": "aufgelöst",
        "A PIC D": "kein Befehl: aufgelöst",
        "F POR D": "kein Rückzug möglich: aufgelöst",
    }
    assert _messages(adjudication, "en") == {
        "A VIE R GAL": "bounced with A BOH R GAL; disbanded",
        "A BOH R GAL": "bounced with A VIE R GAL; disbanded",
        "A TYR D": "disbanded",
        "F ADR D": "disbanded",
        "A PIC D": "no order: disbanded",
        "F POR D": "no retreat possible: disbanded",
    }


REFUSALS = [
    (Refusal.NOT_AN_ADJUSTMENT, "A WAR H", 0, "Kein Befehl der Anpassungsphase."),
    (Refusal.NO_BUILDS, "A MOS B", 0, "Russland hat keine Aufbauten."),
    (Refusal.SITE_TAKEN, "A MOS B", 0, "In MOS wird schon eine Einheit aufgebaut."),
    (Refusal.BUILDS_USED, "A MOS B", 1, "Russland hat nur 1 Aufbau."),
    (Refusal.BUILDS_USED, "A MOS B", 2, "Russland hat nur 2 Aufbauten."),
    (
        Refusal.NO_BUILD_TO_WAIVE,
        "WAIVE",
        0,
        "Russland hat keinen Aufbau übrig, auf den sich verzichten ließe.",
    ),
    (Refusal.NO_REMOVALS, "A WAR D", 0, "Russland muss keine Einheiten abbauen."),
    (Refusal.REMOVALS_MADE, "A WAR D", 1, "Russland muss nur 1 Einheit abbauen."),
    (Refusal.REMOVALS_MADE, "A WAR D", 2, "Russland muss nur 2 Einheiten abbauen."),
]


@pytest.mark.parametrize(
    ("refusal", "text", "allowed", "sentence"),
    REFUSALS,
    ids=[f"{r.value}-{n}" for r, _, n, _ in REFUSALS],
)
def test_every_refusal_is_worded_in_german(
    refusal: Refusal, text: str, allowed: int, sentence: str
) -> None:
    start = position(
        {
            "phase": "W1901A",
            "units": {"Russia": ["A WAR", "F SEV"]},
            "supply_centers": {"Russia": ["MOS", "SEV", "STP", "WAR"]},
        }
    )
    order = Waive() if text == "WAIVE" else parse_order(text, MAP, start)
    refused = OrderResult(
        "Russia", order, Outcome.FAILS, Reason.NOT_ALLOWED, detail=Refused(refusal, allowed)
    )
    after = dataclasses.replace(start, phase=Phase.parse("S1902M"))
    adjudication = Adjudication(start, (refused,), after)
    assert f"(*nicht erlaubt*)\n    {sentence}\n" in german(adjudication)
    english = render_report(adjudication, MAP)
    assert f"(*not allowed*)\n    {refused.message[:1].upper()}{refused.message[1:]}.\n" in english


def test_refusals_and_removals_of_a_real_winter_in_german() -> None:
    """What the engine itself refuses (a build and a waive beyond the builds, a removal beyond
    those owed), next to a civil-disorder removal."""
    start = position(
        {
            "phase": "W1901A",
            "units": {
                "Germany": ["A BER", "A RUH"],
                "France": ["A PAR", "A PIC", "A BUR"],
                "Italy": ["A ROM"],
            },
            "supply_centers": {"Germany": ["BER", "KIE", "MUN"], "France": ["PAR", "BRE"]},
        }
    )
    orders = {"Germany": ["A KIE B", "A MUN B", "WAIVE"], "France": ["A PIC D", "A BUR D"]}
    adjudication = run(start, orders)
    refused = [r.detail for r in adjudication.results if r.reason is Reason.NOT_ALLOWED]
    assert refused == [
        Refused(Refusal.REMOVALS_MADE, 1),
        Refused(Refusal.NO_BUILD_TO_WAIVE),
        Refused(Refusal.BUILDS_USED, 1),
    ]
    text = german(adjudication)
    for sentence in (
        "Frankreich muss nur 1 Einheit abbauen.",
        "Deutschland hat nur 1 Aufbau.",
        "Deutschland hat keinen Aufbau übrig, auf den sich verzichten ließe.",
        "Nach der Anarchie-Regel abgebaut: die Macht hat zu wenige Abbauten befohlen.",
    ):
        assert f"\n    {sentence}\n" in text
    messages = _messages(adjudication, "de")
    assert (messages["A MUN B"], messages["A ROM D"]) == (
        "Deutschland hat nur 1 Aufbau",
        "nach der Anarchie-Regel abgebaut",
    )
    english = render_report(adjudication, MAP)
    for sentence in (
        "France owes only 1 removal.",
        "Germany has only 1 build.",
        "Germany has no build left to waive.",
    ):
        assert f"\n    {sentence}\n" in english


def test_victory() -> None:
    owned = sorted(MAP.supply_centers - {"MUN", "BER", "KIE"})[:17]
    start = position(
        {
            "phase": "F1905M",
            "units": {"France": ["A BUR"], "Germany": ["A BER"]},
            "supply_centers": {"France": owned, "Germany": ["BER", "KIE", "MUN"]},
        }
    )
    adjudication = run(start, {"France": ["A BUR - MUN"]})
    assert Victory("France") in adjudication.notes
    text = german(adjudication)
    assert "Frankreich gewinnt das Spiel mit 18 Versorgungszentren." in text
    assert "(* SIEG!! *)" in text
    assert "Anmerkungen" not in text  # the ownership block announces the victory itself


def test_a_victory_without_an_ownership_block_is_a_note() -> None:
    start = position({"phase": "S1901M", "units": {"France": ["A PAR"]}})
    adjudication = dataclasses.replace(run(start, {}), notes=(Victory("France"),))
    assert german(adjudication).split("\n\n")[-2] == "Anmerkungen:\n    Sieg: Frankreich"
    assert render_report(adjudication, MAP).split("\n\n")[-2] == "Notes:\n    Victory: France"


def _adjudicate_case(case_id: str, rules: Rules | None = None) -> tuple[Adjudication, GameMap]:
    case = datc_case(case_id)
    orders: dict[str, list[Order]] = {}
    for written in case.steps[0].orders:
        if written.order is not None:
            orders.setdefault(written.power, []).append(written.order)
    game_map = case.game_map
    return adjudicate(case.position, orders, rules or case.rules, game_map=game_map), game_map


def test_circular_movement_note() -> None:
    adjudication, game_map = _adjudicate_case("6.C.1")
    assert [type(n) for n in adjudication.notes] == [CircularMovement]
    notes = german(adjudication, game_map).split("\n\n")[-2]
    assert notes == "Anmerkungen:\n    Ringtausch: F ANK - CON, A CON - SMY, A SMY - ANK"
    english = render_report(adjudication, game_map).split("\n\n")[-2]
    assert english == "Notes:\n    circular movement: F ANK - CON, A CON - SMY, A SMY - ANK"


@pytest.mark.parametrize(
    ("rule", "german_rule", "english_rule"),
    [
        (ParadoxRule.SZYKMAN, "Szykman", "szykman"),
        (ParadoxRule.ALL_HOLD, "Alle-halten", "all-hold"),
    ],
)
def test_convoy_paradox_note(rule: ParadoxRule, german_rule: str, english_rule: str) -> None:
    adjudication, game_map = _adjudicate_case("6.F.16", Rules(paradox=rule))
    paradoxes = [n for n in adjudication.notes if isinstance(n, ConvoyParadox)]
    assert paradoxes and {n.rule for n in paradoxes} == {rule}
    assert f"Konvoi-Paradoxon ({german_rule}-Regel): " in german(adjudication, game_map)
    assert f"convoy paradox ({english_rule} rule): " in render_report(adjudication, game_map)


def test_every_datc_case_reports_without_english() -> None:
    """The whole text and JSON of every DATC case's German report, notes included."""
    checked = 0
    for case in datc_cases():
        if case.skip is not None:
            continue
        orders: dict[str, list[Order]] = {}
        for written in case.steps[0].orders:
            if written.order is not None:
                orders.setdefault(written.power, []).append(written.order)
        result = adjudicate(case.position, orders, case.rules, game_map=case.game_map)
        german(result, case.game_map)
        checked += 1
    assert checked > 100
