"""Replaying the saved games of the `diplomacy` package phase by phase."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adjudicator.cli import EXIT_FAILED, EXIT_OK, main
from adjudicator.replay import replay_file, replay_game
from adjudicator.rules import PRESETS, Rules

# The `diplomacy` package (which recorded these games) needs "VIA" to convoy an army to an
# adjacent province and removes units in civil disorder by distance to home centres.
PACKAGE_RULES = PRESETS["diplomacy-package"]


def games(shared: Path) -> list[Path]:
    return sorted((shared / "games" / "cicero").glob("*.json"))


def test_all_cicero_games_replay_without_difference(shared_dir: Path) -> None:
    rules = Rules.from_mapping(PACKAGE_RULES)
    found = {path.name: replay_file(path, rules) for path in games(shared_dir)}
    assert len(found) == 40
    differing = {name: g.difference for name, g in found.items() if not g.matched}
    assert differing == {}
    assert all(g.phases > 30 for g in found.values())


def test_default_rules_differ_only_where_the_rule_choice_matters(shared_dir: Path) -> None:
    # Under the 2023 rule Turkey's F AEG convoy carries A CON to BUL, so the swap succeeds;
    # the package ignored the convoy without "VIA" and bounced the two units.
    path = shared_dir / "games" / "cicero" / "game_443777_ENGLAND_AIT.json"
    replay = replay_file(path, Rules.from_mapping({"civil_disorder": "home-distance"}))
    assert replay.difference is not None
    assert replay.difference.startswith(
        "after F1907M: units ours only [Turkey A BUL, Turkey F CON]"
    )


def test_civil_disorder_rule_decides_removals(shared_dir: Path) -> None:
    path = shared_dir / "games" / "cicero" / "game_433761_ENGLAND_AG.json"
    assert replay_file(path, Rules()).difference == (
        "after W1908A: units ours only [France A WAR], recorded only [France A RUH]"
    )
    assert replay_file(path, Rules.from_mapping(PACKAGE_RULES)).matched


def synthetic_game(second_units: list[str]) -> dict[str, object]:
    return {
        "map": "standard",
        "phases": [
            {
                "name": "S1901M",
                "state": {"units": {"ENGLAND": ["F LON"]}, "centers": {"ENGLAND": ["LON"]}},
                "orders": {"ENGLAND": ["F LON - NTH"]},
            },
            {
                "name": "F1901M",
                "state": {"units": {"ENGLAND": second_units}, "centers": {"ENGLAND": ["LON"]}},
                "orders": {},
            },
        ],
    }


def test_a_matching_game() -> None:
    replay = replay_game(synthetic_game(["F NTH"]), "game")
    assert replay.matched and replay.phases == 1


def test_the_first_difference_is_named() -> None:
    replay = replay_game(synthetic_game(["F ENG"]), "game")
    assert replay.difference == (
        "after S1901M: units ours only [England F NTH], recorded only [England F ENG]"
    )


def test_cli_replay_summary(tmp_path: Path) -> None:
    (tmp_path / "good.json").write_text(json.dumps(synthetic_game(["F NTH"])), encoding="utf-8")
    (tmp_path / "bad.json").write_text(json.dumps(synthetic_game(["F ENG"])), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(tmp_path)], stdout=out) == EXIT_FAILED
    assert out.getvalue().splitlines()[-1] == "1 games matched, 1 differ"
    out = io.StringIO()
    assert main(["replay", str(tmp_path / "good.json")], stdout=out) == EXIT_OK


def test_cli_replay_malformed_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"phases": [', encoding="utf-8")
    assert main(["replay", str(bad)], stdout=io.StringIO()) == 2
    assert f"{bad}:1:" in capsys.readouterr().err
