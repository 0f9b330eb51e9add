"""Replaying the saved games of the `diplomacy` package phase by phase."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.base.errors import InputError
from adjudicator.base.model import Unit
from adjudicator.base.rules import PRESETS, Rules
from adjudicator.board.load import load_map
from adjudicator.cli.main import EXIT_FAILED, EXIT_OK, main
from adjudicator.suites.replay import recorded_position, replay_file, replay_game
from tests.bad_units import BAD_UNITS

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


@pytest.mark.parametrize(
    ("mangle", "expected"),
    [
        (lambda g: [1, 2], "a saved game must be a JSON object with 'phases'"),
        (lambda g: g.pop("phases"), "missing key 'phases'"),
        (lambda g: g.update(phases={}), "phases: must be a list of phases"),
        (lambda g: g.update(phases=[]), "phases: no phases to replay"),
        (lambda g: g["phases"].__setitem__(1, "x"), "phases[1]: must be an object"),
        (lambda g: g["phases"][1].pop("name"), "phases[1]: missing key 'name'"),
        (lambda g: g["phases"][0].pop("state"), "phases[0]: missing key 'state'"),
        (lambda g: g["phases"][0]["state"].pop("units"), "phases[0].state: missing key 'units'"),
        (lambda g: g["phases"][0].pop("orders"), "phases[0]: missing key 'orders'"),
        (lambda g: g["phases"][0].update(orders=["F LON H"]), "phases[0].orders: must map"),
        (lambda g: g["phases"][0]["state"]["units"].update(ENGLAND="F LON"), "must map"),
        (lambda g: g["phases"][0]["state"]["units"].update(ENGLAND=["X LON"]), "'X LON'"),
        (lambda g: g["phases"][0]["orders"].update(ENGLAND=["F LON - XYZ"]), "'XYZ'"),
        (lambda g: g["phases"][0]["orders"].update(FOO=["F LON H"]), "unknown power 'FOO'"),
    ],
)
def test_cli_replay_saved_game_of_the_wrong_shape(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    mangle: Any,
    expected: str,
) -> None:
    """A saved game missing keys or with values of the wrong type is unusable input (exit 2)
    with a message naming the file and the key, never a traceback nor a silent 'matched'."""
    game: Any = synthetic_game(["F NTH"])
    replaced = mangle(game)
    if replaced == [1, 2]:  # the whole game replaced by a list
        game = replaced
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["replay", "--no-progress", str(path)], stdout=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}"), err
    assert expected in err, err


# --------------------------------------------------------------------------- one unit reader
@pytest.mark.parametrize("text", [*BAD_UNITS, "A STP/NC"])
def test_recorded_units_refuse_the_bad_units(text: str) -> None:
    """Saved games write canonical units (``Unit.parse``), checked by the map's own rules; an
    army on a coast is refused too, as the package never writes one."""
    standard = load_map("standard")
    phase = {"name": "S1901M", "state": {"units": {"FRANCE": [text]}}, "orders": {}}
    with pytest.raises(InputError) as info:
        recorded_position(phase, standard)
    [d] = info.value.diagnostics
    assert d.code == "unit"
    assert d.message.startswith("France: ")
    try:
        unit = Unit.parse(text, "France")
    except ValueError as exc:
        assert d.message.endswith(str(exc))
    else:
        problem = standard.unit_problem(unit)
        assert problem is not None
        assert (d.message, d.hint) == (f"France: {text!r}: {problem.message}", problem.hint)
