"""The frozen Rules value: defaults, choices by string, clear errors."""

from __future__ import annotations

import pytest

from adjudicator.base.rules import (
    AdjacentConvoy,
    CivilDisorder,
    CoastRule,
    ConvoyDisruption,
    IrrelevantCoast,
    MultipleOrders,
    ParadoxRule,
    Rules,
    SupportCoast,
    UnitCoast,
)


def test_defaults_are_the_datc_v3_preferences() -> None:
    rules = Rules()
    assert rules.adjacent_convoy is AdjacentConvoy.Y2023
    assert rules.paradox is ParadoxRule.SZYKMAN
    assert rules.coasts is CoastRule.LENIENT
    assert rules.multiple_orders is MultipleOrders.DROP_ALL
    assert rules.civil_disorder is CivilDisorder.Y2023
    assert rules.necessary_convoys is True
    assert rules.convoy_disruption is ConvoyDisruption.ALL_ROUTES
    assert rules.dislodged_unit_bounces is True
    assert rules.unit_coast is UnitCoast.IGNORE
    assert rules.irrelevant_coast is IrrelevantCoast.IGNORE
    assert rules.support_coast is SupportCoast.LENIENT
    assert rules.to_mapping() == {}


@pytest.mark.parametrize(
    ("options", "field", "expected"),
    [
        ({"adjacent_convoy": "fallback"}, "adjacent_convoy", AdjacentConvoy.FALLBACK),
        ({"adjacent-convoy": "1971"}, "adjacent_convoy", AdjacentConvoy.Y1971),
        ({"paradox": "ALL-HOLD"}, "paradox", ParadoxRule.ALL_HOLD),
        ({"necessary_convoys": "no"}, "necessary_convoys", False),
        ({"necessary_convoys": False}, "necessary_convoys", False),
        ({"convoy-disruption": "any-route"}, "convoy_disruption", ConvoyDisruption.ANY_ROUTE),
        ({"dislodged_unit_bounces": "false"}, "dislodged_unit_bounces", False),
        ({"unit-coast": "strict"}, "unit_coast", UnitCoast.STRICT),
        ({"irrelevant_coast": "Strict"}, "irrelevant_coast", IrrelevantCoast.STRICT),
        ({"support-coast": "required"}, "support_coast", SupportCoast.REQUIRED),
        (
            {"civil_disorder": CivilDisorder.HOME_DISTANCE},
            "civil_disorder",
            CivilDisorder.HOME_DISTANCE,
        ),
    ],
)
def test_from_mapping_reads_strings_and_members(
    options: dict[str, object], field: str, expected: object
) -> None:
    assert getattr(Rules.from_mapping(options), field) == expected


def test_constructor_coerces_strings_to_members() -> None:
    rules = Rules(civil_disorder="home-distance")  # type: ignore[arg-type]
    assert rules.civil_disorder is CivilDisorder.HOME_DISTANCE


def test_round_trip_through_mapping() -> None:
    rules = Rules.from_mapping({"paradox": "all-hold", "coasts": "strict"})
    assert rules.to_mapping() == {"paradox": "all-hold", "coasts": "strict"}
    assert Rules.from_mapping(rules.to_mapping()) == rules
    assert rules.replace(coasts="lenient").coasts is CoastRule.LENIENT


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"paradox": "1976"}, "rules option 'paradox' has no choice '1976'; choices: 'szykman'"),
        ({"parradox": "szykman"}, "unknown rules option 'parradox'; did you mean 'paradox'?"),
        ({"frobnicate": "yes"}, "unknown rules option 'frobnicate'; options are:"),
        ({"necessary_convoys": "maybe"}, "takes true or false"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Rules.from_mapping(options)


def test_presets() -> None:
    assert Rules.preset("datc") == Rules()
    assert Rules.preset("DATC-v2").adjacent_convoy is AdjacentConvoy.FALLBACK
    package = Rules.preset("diplomacy-package")
    assert package.to_mapping() == {
        "adjacent_convoy": "explicit",
        "civil_disorder": "home-distance",
    }
    with pytest.raises(ValueError, match="unknown rules preset 'mila'"):
        Rules.preset("mila")


def test_each_paradox_rule_names_its_backup() -> None:
    """DATC 4.A.2: the rulebooks' rules spare supports and leave the paradoxes they do not
    answer to the Szykman rule; Szykman and All Hold break every cycle themselves."""
    assert ParadoxRule.SZYKMAN.backup is ParadoxRule.SZYKMAN
    assert ParadoxRule.ALL_HOLD.backup is ParadoxRule.ALL_HOLD
    for rule in (ParadoxRule.Y1971, ParadoxRule.Y1982, ParadoxRule.Y2000):
        assert rule.backup is ParadoxRule.SZYKMAN
        assert rule.protects_supports
    assert not ParadoxRule.SZYKMAN.protects_supports
    assert not ParadoxRule.ALL_HOLD.protects_supports
    assert Rules.from_mapping({"paradox": "1982"}).paradox is ParadoxRule.Y1982
