"""The case files of ``test_cases/presets/`` run under the rules they say they reproduce.

Each DATC 4.A.3 file holds the same eleven situations (the table in ``docs/rules.md``) under one
preset, and each civil-disorder file the same four positions under one named combination; the
cases themselves run with every other case file (``tests/suites/test_cases.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.base.rules import PRESETS, CivilDisorder, Rules
from adjudicator.suites.load import load_cases

PRESET_CASES = Path(__file__).resolve().parents[2] / "test_cases" / "presets"
SITUATIONS = 11


def _situations(preset: str) -> list[str]:
    cases = load_cases(PRESET_CASES / f"4A3_{preset.replace('-', '_')}.yaml", parse_orders=False)
    assert {case.rules for case in cases} == {Rules.preset(preset)}
    return [case.id.removesuffix(f"-{preset}") for case in cases]


@pytest.mark.parametrize(
    "preset", ["datc", "diplomacy-package", "godip", "webdiplomacy", "webdiplomacy-2024"]
)
def test_each_preset_has_the_situations_under_its_rules(preset: str) -> None:
    situations = _situations(preset)
    assert len(situations) == SITUATIONS
    assert situations == _situations("datc")


@pytest.mark.parametrize("combination", list(CivilDisorder))
def test_each_civil_disorder_combination_has_its_cases(combination: CivilDisorder) -> None:
    path = PRESET_CASES / f"civil_disorder_{combination.value.replace('-', '_')}.yaml"
    cases = load_cases(path, parse_orders=False)
    assert {case.rules.civil_disorder for case in cases} == {combination}
    assert [c.id.removesuffix(f"-{combination.value}") for c in cases] == [
        "civil-disorder-centres",
        "civil-disorder-distance",
        "civil-disorder-ties",
        "civil-disorder-fleets-first",
    ]


def test_presets_name_their_civil_disorder() -> None:
    assert Rules.preset("datc").civil_disorder is CivilDisorder.Y2023
    assert Rules.preset("diplomacy-package").civil_disorder is CivilDisorder.HOME_DISTANCE
    assert Rules.preset("godip").civil_disorder is CivilDisorder.GODIP
    assert Rules.preset("webdiplomacy").civil_disorder is CivilDisorder.WEBDIPLOMACY
    assert Rules.preset("webdiplomacy-2024").civil_disorder is CivilDisorder.WEBDIPLOMACY_2024
    assert set(PRESETS) == {
        "datc",
        "datc-v2",
        "diplomacy-package",
        "godip",
        "webdiplomacy",
        "webdiplomacy-2024",
    }


@pytest.mark.parametrize("preset", ["webdiplomacy", "webdiplomacy-2024"])
def test_the_webdiplomacy_files_run_under_their_preset(preset: str) -> None:
    """DATC 4.A.1, 4.A.2, 4.A.4-4.A.7 and void supports and convoys, as webDiplomacy."""
    cases = load_cases(PRESET_CASES / f"{preset.replace('-', '_')}.yaml", parse_orders=False)
    assert {case.rules for case in cases} == {Rules.preset(preset)}
    assert len(cases) == 10
