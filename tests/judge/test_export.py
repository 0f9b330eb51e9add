"""A game exported as the diplomacy package's saved-game JSON replays in ``adjudicator replay``."""

from __future__ import annotations

import io
import json
from pathlib import Path

from adjudicator.cli.main import main as cli_main
from adjudicator.judge.export import RecordedPhase, package_results, saved_game
from tests.judge.test_game import RULES, STANDARD, play


def exported() -> dict[str, object]:
    done = play()
    phases = [RecordedPhase(p.position, p.orders, package_results(p.adjudication)) for p in done]
    phases.append(RecordedPhase(done[-1].next_position))
    return saved_game("two-years", phases, STANDARD, rules=RULES)


def test_replay_of_an_exported_two_year_game_matches(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported()), encoding="utf-8")
    out = io.StringIO()
    assert cli_main(["replay", "--no-progress", str(path)], stdout=out) == 0
    assert f"{path}: matched (6 phases)" in out.getvalue()


def test_a_changed_export_does_not_match(tmp_path: Path) -> None:
    data = exported()
    phases = data["phases"]
    assert isinstance(phases, list)
    phases[1]["orders"]["TURKEY"] = ["F BLA H"]  # Sevastopol is no longer taken
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert cli_main(["replay", "--no-progress", str(path)], stdout=out) == 1
    assert "differs" in out.getvalue()


def test_the_package_layout() -> None:
    data = exported()
    assert data["map"] == "standard"
    phases = data["phases"]
    assert isinstance(phases, list)
    names = [p["name"] for p in phases]
    assert names == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M", "S1903M"]
    retreat = phases[2]
    assert "*A BUR" in retreat["state"]["units"]["FRANCE"]
    assert sorted(retreat["state"]["retreats"]["FRANCE"]["A BUR"]) == [
        "BEL",
        "GAS",
        "MAR",
        "PAR",
        "PIC",
    ]
    assert retreat["orders"]["FRANCE"] == ["A BUR R PIC"]
    assert phases[1]["results"]["F SEV"] == ["dislodged"]
    assert phases[0]["results"]["A PAR"] == []
    winter = phases[3]
    assert winter["state"]["builds"]["ITALY"]["count"] == -1
    assert phases[-1]["orders"] == {power.upper(): [] for power in STANDARD.powers}
