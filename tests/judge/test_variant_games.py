"""``judge create --map NAME`` on the variants: a game begins in the map's first phase, takes
orders in the map's names by mail and processes them (issue 20)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.judge.cli import main as judge_main
from adjudicator.judge.service import GameSettings, Judge
from adjudicator.judge.store import Store
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    LENGTHS,
    T0,
    cheap_passwords,
    config,
    hours,
    make_mail,
    replies_to,
)

__all__ = ["cheap_passwords"]

GAMES = {
    # map: (the first phase, {power: orders}, the phase after, a line of the results mail)
    "pure": (
        "S1901M",
        {"Austria": "A Vie - Lon", "England": "A Lon - Par", "France": "A Par - Vie"},
        "F1901M",
        "Austria: Army Vienna -> London.",
    ),
    "fleetrome": (
        "S1901M",
        {"Italy": "F Rom - Tys"},
        "F1901M",
        "Italy: Fleet Rome -> Tyrrhenian Sea.",
    ),
    "1898": ("W1898A", {"England": "Build F Edi", "Russia": "A War B"}, "S1899M", "Edinburgh"),
    "chaos": ("W1900A", {"Brest": "build fleet brest", "Kiel": "A Kie B"}, "S1901M", "Kiel"),
}


def _address(power: str) -> str:
    return f"{power.lower().replace(' ', '')}@players.test"


@pytest.fixture
def judge(store: Store) -> Iterator[Judge]:
    yield Judge(store, config())


@pytest.mark.parametrize("map_name", sorted(GAMES))
def test_a_variant_game_plays_a_phase(judge: Judge, store: Store, map_name: str) -> None:
    first, orders, after, shown = GAMES[map_name]
    settings = GameSettings(map_name, "datc", LENGTHS, False, 12.0)
    judge.create_game("v", gm_email=GM, gm_password=GM_PASSWORD, settings=settings, now=T0)
    for power in orders:
        judge.add_player(
            "v", power, _address(power), gm_password=GM_PASSWORD, lang="en", password="pw", now=T0
        )
    judge.start("v", gm_password=GM_PASSWORD, now=T0)
    with store.transaction() as tx:
        phase = tx.current_phase("v")
    assert phase is not None and phase.phase == first
    for power, text in orders.items():
        body = f"SIGNON {power.replace(' ', '')} v pw\n{text}\n"
        assert judge.handle_mail(make_mail(_address(power), body), T0 + hours(1)) == "orders"
    done = judge.process_now("v", gm_password=GM_PASSWORD, now=T0 + hours(2))
    assert done[0] == f"v: {first} -> {after}"
    power = next(iter(orders))
    results = replies_to(store, _address(power), "results")[-1].body
    assert shown in results, results


@pytest.mark.parametrize("map_name", ["1898", "chaos"])
def test_judge_create_with_map_on_the_command_line(tmp_path: Path, map_name: str) -> None:
    """``adjudicator judge create --map NAME``, then a player, ``start`` and ``status``: the
    game stands in the map's first phase, a winter of builds."""
    config_file = tmp_path / "judge.toml"
    config_file.write_text(
        'judge_address = "judge@judge.test"\n\n[smtp]\nhost = "127.0.0.1"\nport = 9\n'
        'security = "none"\n',
        encoding="utf-8",
    )
    setup = ["--db", f"sqlite:///{tmp_path / 'games.db'}", "--config", str(config_file)]
    env = {"ADJUDICATOR_JUDGE_GM_PASSWORD": GM_PASSWORD}

    def run(*args: str) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        code = judge_main([*setup, *args], stdout=out, stderr=err, environ=env, clock=lambda: T0)
        return code, out.getvalue() + err.getvalue()

    power = "England" if map_name == "1898" else "Kiel"
    assert run("create", "g", "--gm-email", GM, "--map", map_name)[0] == 0
    assert run("add-player", "g", power, "p@players.test")[0] == 0
    assert run("start", "g")[0] == 0
    code, out = run("export", "g")
    assert code == 0
    exported = json.loads(out)
    assert exported["map"] == map_name
    assert exported["phases"][0]["name"] == GAMES[map_name][0]
    builds = exported["phases"][0]["state"]["builds"][power.upper()]
    assert builds["count"] == 1 and builds["homes"] == (
        ["EDI", "LON", "LVP"] if power == "England" else ["KIE"]
    )
