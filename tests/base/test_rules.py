"""The frozen Rules value: defaults, choices by string, clear errors."""

from __future__ import annotations

import pytest

from adjudicator.base.rules import (
    AdjacentConvoy,
    CivilDisorder,
    CoastRule,
    ConvoyDisruption,
    DisorderCentres,
    DisorderDistance,
    DisorderTies,
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
    rules = Rules(disorder_centres="home")  # type: ignore[arg-type]
    assert rules.disorder_centres is DisorderCentres.HOME


@pytest.mark.parametrize("name", list(CivilDisorder))
def test_civil_disorder_names_a_combination_of_three_options(name: CivilDisorder) -> None:
    """The names ``civil_disorder`` took before the options were split still set them all, in
    ``Rules.from_mapping`` (case files, ``--rule``) and ``Rules.replace``, and come back."""
    rules = Rules.from_mapping({"civil_disorder": name.value})
    assert rules.civil_disorder is name
    assert {k: getattr(rules, k) for k in name.options} == name.options
    assert Rules().replace(civil_disorder=name.value) == rules
    assert Rules.from_mapping(rules.to_mapping()) == rules


def test_civil_disorder_combinations() -> None:
    assert Rules().civil_disorder is CivilDisorder.Y2023
    package = Rules.from_mapping({"civil_disorder": "home-distance"})
    assert package.disorder_centres is DisorderCentres.HOME
    assert package.disorder_distance is DisorderDistance.UNIT_MOVES
    assert package.disorder_ties is DisorderTies.ABBREVIATION
    godip = Rules.from_mapping({"civil-disorder": "godip"})
    assert (godip.disorder_centres, godip.disorder_distance, godip.disorder_ties) == (
        DisorderCentres.HOME,
        DisorderDistance.ANY_BORDER,
        DisorderTies.ABBREVIATION,
    )
    # An option given beside the name refines it, wherever it stands in the mapping.
    for options in (
        {"disorder_ties": "2023", "civil_disorder": "godip"},
        {"civil_disorder": "godip", "disorder-ties": "2023"},
    ):
        mixed = Rules.from_mapping(options)
        assert mixed.disorder_ties is DisorderTies.Y2023
        assert mixed.disorder_centres is DisorderCentres.HOME
        assert mixed.civil_disorder is None
    with pytest.raises(ValueError, match="'civil_disorder' has no choice 'nearest'"):
        Rules.from_mapping({"civil_disorder": "nearest"})


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
    assert package.adjacent_convoy is AdjacentConvoy.PACKAGE
    assert package.civil_disorder is CivilDisorder.HOME_DISTANCE
    assert set(package.to_mapping()) == {
        "adjacent_convoy",
        "disorder_centres",
        "disorder_distance",
        "disorder_ties",
    }
    godip = Rules.preset("godip")
    assert godip.adjacent_convoy is AdjacentConvoy.GODIP
    assert godip.civil_disorder is CivilDisorder.GODIP
    assert godip.replace(adjacent_convoy="2023", civil_disorder="2023") == Rules()
    web = Rules.preset("webdiplomacy")
    assert web.adjacent_convoy is AdjacentConvoy.WEBDIPLOMACY
    assert web.civil_disorder is CivilDisorder.WEBDIPLOMACY
    assert web.disorder_fleets_first is False
    assert web.replace(adjacent_convoy="2023", disorder_fleets_first=True) == Rules()
    web_2024 = Rules.preset("webdiplomacy-2024")
    assert web_2024.civil_disorder is CivilDisorder.WEBDIPLOMACY_2024
    assert (web_2024.disorder_centres, web_2024.disorder_distance, web_2024.disorder_ties) == (
        DisorderCentres.HOME,
        DisorderDistance.UNIT_MOVES,
        DisorderTies.Y2023,
    )
    assert web_2024.disorder_fleets_first is True
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
