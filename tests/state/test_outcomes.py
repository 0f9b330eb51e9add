"""Outcome values: every reason is its own member, the notes about a phase are typed facts, and
an order's result holds facts that its message words (issue 8)."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.base.model import Location, Order, Unit, UnitType, Waive
from adjudicator.base.rules import ParadoxRule
from adjudicator.board.load import load_map
from adjudicator.lang import de, en
from adjudicator.lang.message_keys import MessageKey
from adjudicator.orders.read import parse_order
from adjudicator.state.outcomes import (
    CivilDisorderRemoval,
    ConvoyLost,
    Diagnosis,
    OrderResult,
    Outcome,
    Reason,
    Refusal,
    Refused,
    Removal,
    UnusedBuilds,
    Victory,
)

S, F = Outcome.SUCCEEDS, Outcome.FAILS


def test_reason_has_no_aliases() -> None:
    """Two members with one value would make the second an alias of the first (it used to make
    ``RETREAT_COLLISION`` the same member as ``BOUNCED``)."""
    assert len(Reason.__members__) == len(list(Reason))
    assert len({reason.value for reason in Reason}) == len(list(Reason))
    assert Reason.RETREAT_COLLISION.name == "RETREAT_COLLISION"  # not BOUNCED's alias
    assert Reason("retreat collision") is Reason.RETREAT_COLLISION
    assert Reason("bounce") is Reason.BOUNCED


def test_notes_are_frozen_values() -> None:
    fleet = Unit("Austria", UnitType.FLEET, Location("TRI"))
    assert CivilDisorderRemoval("Austria", fleet) == CivilDisorderRemoval("Austria", fleet)
    assert UnusedBuilds("Russia", 1) != UnusedBuilds("Russia", 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Victory("France").power = "Italy"  # type: ignore[misc]


# ---------------------------------------------------------------------- results: facts, worded
def _order(text: str) -> Order:
    return parse_order(text, load_map("standard"))


BUR = "A MUN - BUR"
CASES: list[tuple[MessageKey, OrderResult, str]] = [
    (
        MessageKey.BOUNCED_WITH,
        OrderResult("Germany", _order(BUR), F, Reason.BOUNCED, _order("A PAR - BUR"), "France"),
        "bounced with A PAR - BUR",
    ),
    (
        MessageKey.LOST_HEAD_TO_HEAD,
        OrderResult("Germany", _order(BUR), F, Reason.LOST_HEAD_TO_HEAD, _order("A BUR - MUN")),
        "lost head-to-head battle with A BUR - MUN",
    ),
    (
        MessageKey.OWN_UNIT,
        OrderResult("Germany", _order(BUR), F, Reason.NO_SELF_DISLODGEMENT, _order("A BUR H")),
        "would dislodge own unit A BUR H",
    ),
    (
        MessageKey.DISLODGED_BY,
        OrderResult("Germany", _order("A MUN H"), F, Reason.DISLODGED, _order("A BUR - MUN")),
        "dislodged by A BUR - MUN",
    ),
    (
        MessageKey.CUT_BY,
        OrderResult("Germany", _order("A MUN S A RUH"), F, Reason.CUT, _order("A BOH - MUN")),
        "cut by A BOH - MUN",
    ),
    (
        MessageKey.VOID_ORDERED,
        OrderResult("Germany", _order("A MUN S A RUH"), F, Reason.VOID, _order("A RUH - KIE")),
        "void: the unit ordered A RUH - KIE",
    ),
    (
        MessageKey.VOID_NO_UNIT,
        OrderResult("Germany", _order("A MUN S A RUH"), F, Reason.VOID),
        "void: no unit there",
    ),
    (
        MessageKey.NO_CONVOY_ROUTE,
        OrderResult("England", _order("A LON - BEL"), F, Reason.NO_CONVOY),
        "no convoy route",
    ),
    (
        MessageKey.CONVOY_DISRUPTED_BY,
        OrderResult(
            "England",
            _order("A LON - BEL"),
            F,
            Reason.DISRUPTED,
            _order("F ENG - NTH"),
            "France",
            detail=ConvoyLost(_order("F NTH C A LON - BEL")),
        ),
        "convoy disrupted: F NTH C A LON - BEL dislodged by F ENG - NTH",
    ),
    (
        MessageKey.CONVOY_DISRUPTED,
        OrderResult("England", _order("A LON - BEL"), F, Reason.DISRUPTED),
        "convoy disrupted",
    ),
    (
        MessageKey.CONVOY_FAILED,
        OrderResult("England", _order("F NTH C A LON - BEL"), F, Reason.DISRUPTED),
        "convoy failed",
    ),
    (
        MessageKey.CONVOY_PARADOX,
        OrderResult(
            "England", _order("A LON - BEL"), F, Reason.CONVOY_PARADOX, detail=ParadoxRule.SZYKMAN
        ),
        "convoy paradox",
    ),
    (
        MessageKey.CONVOY_PARADOX_RULE,
        OrderResult(
            "England",
            _order("F NTH C A LON - BEL"),
            F,
            Reason.CONVOY_PARADOX,
            detail=ParadoxRule.ALL_HOLD,
        ),
        "convoy paradox (all-hold rule)",
    ),
    (
        MessageKey.NO_ORDER_DISLODGED,
        OrderResult("Germany", _order("A MUN H"), F, Reason.NO_ORDER, _order("A BUR - MUN")),
        "no order; dislodged by A BUR - MUN",
    ),
    (
        MessageKey.DISBANDED,
        OrderResult("Germany", _order("A MUN D"), S, detail=Removal.DISBANDED),
        "disbanded",
    ),
    (
        MessageKey.RETREAT_BOUNCED_WITH,
        OrderResult(
            "Germany", _order("A MUN R BOH"), F, Reason.RETREAT_COLLISION, _order("A VIE R BOH")
        ),
        "bounced with A VIE R BOH; disbanded",
    ),
    (
        MessageKey.NO_ORDER_DISBANDED,
        OrderResult("Germany", _order("A MUN D"), S, Reason.NO_ORDER),
        "no order: disbanded",
    ),
    (
        MessageKey.NO_RETREAT_DISBANDED,
        OrderResult("Germany", _order("A MUN D"), S, Reason.DISBANDED),
        "no retreat possible: disbanded",
    ),
    (
        MessageKey.ALREADY_REMOVED,
        OrderResult("Germany", _order("A MUN D"), S, detail=Removal.ALREADY_REMOVED),
        "already removed",
    ),
    (
        MessageKey.CIVIL_DISORDER,
        OrderResult("Germany", _order("A MUN D"), S, Reason.CIVIL_DISORDER),
        "removed by civil disorder",
    ),
    *(
        (key, OrderResult("Russia", order, F, Reason.NOT_ALLOWED, detail=refused), text)
        for key, order, refused, text in [
            (
                MessageKey.NOT_AN_ADJUSTMENT,
                _order("A MOS H"),
                Refused(Refusal.NOT_AN_ADJUSTMENT),
                "not an adjustment order",
            ),
            (
                MessageKey.NO_BUILDS,
                _order("A MOS B"),
                Refused(Refusal.NO_BUILDS),
                "Russia has no builds",
            ),
            (
                MessageKey.SITE_TAKEN,
                _order("F STP/NC B"),
                Refused(Refusal.SITE_TAKEN),
                "a unit is already built in STP",
            ),
            (
                MessageKey.ONLY_BUILD,
                _order("A MOS B"),
                Refused(Refusal.BUILDS_USED, 1),
                "Russia has only 1 build",
            ),
            (
                MessageKey.ONLY_BUILDS,
                _order("A MOS B"),
                Refused(Refusal.BUILDS_USED, 3),
                "Russia has only 3 builds",
            ),
            (
                MessageKey.NO_BUILD_TO_WAIVE,
                Waive(),
                Refused(Refusal.NO_BUILD_TO_WAIVE),
                "Russia has no build left to waive",
            ),
            (
                MessageKey.NO_REMOVALS,
                _order("A MOS D"),
                Refused(Refusal.NO_REMOVALS),
                "Russia has no removals to make",
            ),
            (
                MessageKey.ONLY_REMOVAL,
                _order("A MOS D"),
                Refused(Refusal.REMOVALS_MADE, 1),
                "Russia owes only 1 removal",
            ),
            (
                MessageKey.ONLY_REMOVALS,
                _order("A MOS D"),
                Refused(Refusal.REMOVALS_MADE, 2),
                "Russia owes only 2 removals",
            ),
        ]
    ),
]
"""One result per message, with the English text the core wrote before results became facts."""

PROBE = dataclasses.replace(en.WORDS, messages={key: key.value for key in MessageKey})
"""Words whose every message is its own key: what ``message_in`` picks shows through."""


def test_every_message_has_a_case() -> None:
    assert [key for key, _, _ in CASES] == list(MessageKey)


@pytest.mark.parametrize(("key", "result", "text"), CASES, ids=[k.value for k, _, _ in CASES])
def test_the_message_is_worded_from_the_facts(
    key: MessageKey, result: OrderResult, text: str
) -> None:
    assert result.message_in(PROBE) == key.value
    assert result.message == text
    german = result.message_in(de.WORDS)
    assert german and german != text


@pytest.mark.parametrize(
    "result",
    [
        OrderResult("Germany", _order(BUR), S),
        OrderResult("Germany", _order(BUR), F, Reason.BOUNCED),  # no rival: the reason says it
        OrderResult("Germany", _order("A MUN S A RUH"), F, Reason.CUT),
        OrderResult("Germany", _order("A MUN H"), S, Reason.NO_ORDER),
        OrderResult("Germany", _order("A MUN D"), S),  # a removal in an adjustment phase
        OrderResult("Germany", _order("A MUN - BUR"), Outcome.ILLEGAL, Reason.ILLEGAL, code="x"),
    ],
    ids=["success", "bounce", "cut", "no-order-hold", "removal", "illegal-without-diagnosis"],
)
def test_results_whose_outcome_says_it_all_have_no_message(result: OrderResult) -> None:
    assert result.message == ""
    assert result.message_in(de.WORDS) == ""


def test_an_illegal_orders_message_is_the_legality_checks_diagnosis() -> None:
    text = "an army cannot enter the sea province IRI in 'A LVP - IRI'"
    result = OrderResult(
        "England",
        _order("A LVP - IRI"),
        Outcome.ILLEGAL,
        Reason.ILLEGAL,
        code="army-to-sea",
        detail=Diagnosis(text),
    )
    assert result.message == text


def test_a_result_holds_facts_only() -> None:
    """No sentence is stored: ``message`` is worded on access (issue 8)."""
    assert [f.name for f in dataclasses.fields(OrderResult)] == [
        "power",
        "order",
        "outcome",
        "reason",
        "cause",
        "cause_power",
        "code",
        "detail",
    ]
    assert len({refusal.value for refusal in Refusal}) == len(Refusal.__members__)
    assert len({removal.value for removal in Removal}) == len(Removal.__members__)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Refused(Refusal.BUILDS_USED, 1).allowed = 2  # type: ignore[misc]


def test_a_report_names_what_a_message_mentions_in_its_language() -> None:
    """The report passes its namer: German power names and short forms (``TIR`` is Tyrolia)."""

    class German:
        def power(self, power: str) -> str:
            return {"Austria": "Österreich", "Italy": "Italien"}[power]

        def code(self, province: str) -> str:
            return province

        def short(self, order: Order) -> str:
            return str(order).replace("TYR", "TIR")

    bounced = OrderResult(
        "Austria", _order("A VIE - TYR"), F, Reason.BOUNCED, _order("A VEN - TYR"), "Italy"
    )
    assert bounced.message_in(de.WORDS, German()) == "abgeprallt an A VEN - TIR"
    refused = OrderResult(
        "Austria", _order("A VIE B"), F, Reason.NOT_ALLOWED, detail=Refused(Refusal.BUILDS_USED, 2)
    )
    assert refused.message_in(de.WORDS, German()) == "Österreich hat nur 2 Aufbauten"
