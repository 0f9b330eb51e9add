"""Replaying the saved games of the `diplomacy` package phase by phase."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from adjudicator.base.errors import InputError
from adjudicator.base.model import Unit
from adjudicator.base.rules import PRESETS, Rules
from adjudicator.board.load import load_map
from adjudicator.cli.main import EXIT_FAILED, EXIT_OK, main
from adjudicator.suites import replay as replay_module
from adjudicator.suites.replay import (
    GameReplay,
    _in_order,
    recorded_position,
    replay_file,
    replay_game,
)
from tests.bad_units import BAD_UNITS

# The rules the recorded games were adjudicated under (the webdiplomacy-2024 preset, below, and
# this combination of options before it): an army goes by convoy to an adjacent
# province only if its order says "VIA" (even its own fleet's convoy is ignored without it),
# and civil disorder removes by distance to home centres. These Cicero games were played on
# webDiplomacy and saved in the `diplomacy` package's format; the package 1.1.2 itself, given
# each recorded movement phase, reproduces 642 of the 643, all but game 443777's F1907M, where
# its own reading of DATC 4.A.3 (the `diplomacy-package` preset) convoys without "VIA".
RECORDED_RULES = {"adjacent_convoy": "explicit", "civil_disorder": "home-distance"}
# webDiplomacy's rules before June 2025 (the preset): the same games, the same record.
WEBDIPLOMACY_2024 = "webdiplomacy-2024"
PACKAGE_RULES = PRESETS["diplomacy-package"]


def games(shared: Path) -> list[Path]:
    return sorted((shared / "games" / "cicero").glob("*.json"))


def test_all_cicero_games_replay_without_difference(shared_dir: Path) -> None:
    rules = Rules.from_mapping(RECORDED_RULES)
    found = {path.name: replay_file(path, rules) for path in games(shared_dir)}
    assert len(found) == 40
    differing = {name: g.difference for name, g in found.items() if not g.matched}
    assert differing == {}
    assert all(g.phases > 30 for g in found.values())


def test_all_cicero_games_replay_under_the_webdiplomacy_2024_preset(shared_dir: Path) -> None:
    found = {
        path.name: replay_file(path, Rules.preset(WEBDIPLOMACY_2024)) for path in games(shared_dir)
    }
    assert len(found) == 40
    assert {name: g.difference for name, g in found.items() if not g.matched} == {}


def test_todays_webdiplomacy_civil_disorder_differs_on_the_games(shared_dir: Path) -> None:
    """Since June 2025 webDiplomacy removes with no fleets-first rule: a winter with civil
    disorder shows it (France keeps its fleet and loses A GAL), so the record is of the earlier
    rule; under the whole of today's preset 23 of the 40 games differ."""
    path = shared_dir / "games" / "cicero" / "game_434119_AUSTRIA_FRT.json"
    assert replay_file(path, Rules.preset(WEBDIPLOMACY_2024)).matched
    earlier = Rules.preset(WEBDIPLOMACY_2024).replace(disorder_fleets_first=False)
    difference = replay_file(path, earlier).difference
    assert difference is not None
    assert difference.startswith("after W1908A: units ours only [France F SWE]")


def test_the_package_preset_differs_only_where_the_package_does(shared_dir: Path) -> None:
    """Under the package's own rules the games replay but for the one phase that the package
    1.1.2 itself adjudicates otherwise than the record: Turkey's own F AEG convoys A CON - BUL
    (no "VIA") while F BUL - CON, so the two swap (the package, given that phase, agrees)."""
    rules = Rules.from_mapping(PACKAGE_RULES)
    found = {path.name: replay_file(path, rules) for path in games(shared_dir)}
    differing = {name: g.difference for name, g in found.items() if not g.matched}
    assert differing == {
        "game_443777_ENGLAND_AIT.json": "after F1907M: units ours only [Turkey A BUL, Turkey F "
        "CON], recorded only [Turkey A CON, Turkey F BUL/EC]"
    }


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
    assert replay_file(path, Rules.from_mapping(RECORDED_RULES)).matched


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


# --------------------------------------------------------------------------- --jobs
def write_games(folder: Path, fates: str) -> list[Path]:
    """One small game per letter of ``fates``: ``m`` matches, ``d`` differs, ``x`` cannot be
    used (an order naming no province), ``j`` cannot be read (broken JSON). Names sort in the
    order given."""
    units = {"m": ["F NTH"], "d": ["F ENG"], "x": ["F NTH"], "j": ["F NTH"]}
    paths = []
    for number, fate in enumerate(fates):
        game: Any = synthetic_game(units[fate])
        if fate == "x":
            game["phases"][0]["orders"]["ENGLAND"] = ["F LON - XYZ"]
        text = json.dumps(game)
        path = folder / f"game_{number:02d}_{fate}.json"
        path.write_text(text[: len(text) // 2] if fate == "j" else text, encoding="utf-8")
        paths.append(path)
    return paths


def run_replay(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(["replay", "--no-progress", *argv], stdout=out)
    return code, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize(
    ("fates", "code"),
    [("mmmm", EXIT_OK), ("mdmdm", EXIT_FAILED), ("mmxmdj", 2), ("mdjmmx", 2)],
)
def test_jobs_give_the_report_of_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fates: str, code: int
) -> None:
    """The same bytes on standard output and error, and the same exit code, from 1 and 2
    processes; a game that cannot be read is reported in its place: the first one in path
    order, though later games may have finished before it."""
    write_games(tmp_path, fates)
    one = run_replay(str(tmp_path), "--jobs", "1", capsys=capsys)
    two = run_replay(str(tmp_path), "--jobs", "2", capsys=capsys)
    assert one == two
    assert one[0] == code
    if code == 2:
        first = tmp_path / f"game_02_{fates[2]}.json"
        assert one[2].startswith(f"{first}"), one[2]
        assert ("'XYZ'" in one[2]) == (fates[2] == "x")
        assert one[1] == ""  # no report, as before --jobs
    else:
        assert one[1].splitlines()[0].startswith(str(tmp_path / "game_00_m.json"))


@pytest.mark.parametrize(("given", "expected"), [("0", os.cpu_count()), ("auto", os.cpu_count())])
def test_jobs_zero_or_auto_is_one_process_per_cpu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str, expected: int
) -> None:
    [game] = write_games(tmp_path, "m")
    seen: list[int] = []

    def fake(paths: Any, rules: Any, *, progress: bool, jobs: int) -> Any:
        seen.append(jobs)
        return replay_module.ReplayReport([GameReplay(str(game), 1)])

    monkeypatch.setattr(replay_module, "replay_paths", fake)
    assert main(["replay", "--jobs", given, str(game)], stdout=io.StringIO()) == EXIT_OK
    assert seen == [expected]


@pytest.mark.parametrize("given", ["-1", "two", "1.5"])
def test_a_bad_job_count_is_unusable_input(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--jobs", given, "g.json"], stdout=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "argument --jobs/-j" in err and repr(given) in err, err


def finishing_last_first(
    pool_size: int, fail: frozenset[int] = frozenset()
) -> tuple[Callable[[Path], GameReplay], list[str]]:
    """A stand-in for :func:`replay_file` whose games finish in reverse order: game ``i`` waits
    until game ``i + 1`` has finished (with events, not sleeps). Games in ``fail`` raise."""
    finished_order: list[str] = []
    done = [threading.Event() for _ in range(pool_size + 1)]
    done[pool_size].set()
    lock = threading.Lock()

    def work(path: Path) -> GameReplay:
        index = int(path.stem)
        try:
            assert done[index + 1].wait(timeout=60), "the later game never finished"
            if index in fail:
                raise InputError.single(f"game {index} cannot be read", "game-shape", path.name)
            return GameReplay(path.name, index)
        finally:
            with lock:
                finished_order.append(path.name)
            done[index].set()

    return work, finished_order


def test_results_come_in_game_order_when_later_games_finish_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = [Path(f"{i}.json") for i in range(4)]
    work, finished = finishing_last_first(len(files))
    with ThreadPoolExecutor(max_workers=len(files)) as pool:
        games = _in_order(pool, work, files, progress=True)
    assert finished == ["3.json", "2.json", "1.json", "0.json"]
    assert [g.path for g in games] == ["0.json", "1.json", "2.json", "3.json"]
    # The bar counts the games as they are collected (which games were already done when
    # collecting began come in no particular order) and names each game once.
    steps = [part.split("] ")[1].split() for part in capsys.readouterr().err.split("\r")[1:]]
    assert [count for count, _ in steps] == ["1/4", "2/4", "3/4", "4/4"]
    assert sorted(name for _, name in steps) == ["0.json", "1.json", "2.json", "3.json"]


def test_the_first_failing_game_in_order_is_raised_though_a_later_one_failed_first() -> None:
    files = [Path(f"{i}.json") for i in range(4)]
    work, finished = finishing_last_first(len(files), fail=frozenset({1, 3}))
    with ThreadPoolExecutor(max_workers=len(files)) as pool, pytest.raises(InputError) as info:
        _in_order(pool, work, files, progress=False)
    assert finished[0] == "3.json"  # game 3 failed first, but game 1 comes first in path order
    assert [d.message for d in info.value.diagnostics] == ["game 1 cannot be read"]
