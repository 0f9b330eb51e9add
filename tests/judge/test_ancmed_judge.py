"""A judge game on Ancient Mediterranean (issue 20) runs through its first year: the game master
creates it on the map (``judge create --map ancmed``), five players mail their orders, the judge
processes Spring 1, Fall 1 and the Winter 1 builds, and the reports name the variant's
provinces in each player's language. On SQLite only: the game's storage is tested on both
databases elsewhere; here the map is what is new."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.judge.cli import main as judge_main
from adjudicator.judge.service import GameSettings, Judge
from adjudicator.judge.store import Store, open_store
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    JUDGE_ADDRESS,
    LENGTHS,
    T0,
    cheap_passwords,
    config,
    hours,
    make_mail,
    replies_to,
)
from tests.suites.test_new_geography_games import ANCMED_YEAR_1

__all__ = ["cheap_passwords"]

PLAYERS = {
    "Carthage": ("carthage@players.test", "en"),
    "Egypt": ("egypt@players.test", "en"),
    "Greece": ("greece@players.test", "en"),
    "Persia": ("persia@players.test", "en"),
    "Rome": ("rome@players.test", "de"),
}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as opened:
        yield opened


def orders_by_power(text: str) -> dict[str, str]:
    """``Power: order; order`` lines as each power's mail body."""
    found = {}
    for line in text.strip().splitlines():
        power, orders = line.split(":", 1)
        found[power.strip()] = "\n".join(o.strip() for o in orders.split(";"))
    return found


def test_a_year_of_ancient_mediterranean_by_mail(store: Store) -> None:
    judge = Judge(store, config())
    settings = GameSettings("ancmed", "datc", LENGTHS, True, 12.0)
    judge.create_game("am", gm_email=GM, gm_password=GM_PASSWORD, settings=settings, now=T0)
    for power, (email, lang) in PLAYERS.items():
        judge.add_player(
            "am", power, email, gm_password=GM_PASSWORD, lang=lang, password=f"pw-{power}", now=T0
        )
    judge.start("am", gm_password=GM_PASSWORD, now=T0)
    processed: list[str] = []
    for step, (_phase, text) in enumerate(ANCMED_YEAR_1):
        now = T0 + hours(step + 0.5)
        for power, orders in orders_by_power(text).items():
            email = PLAYERS[power][0]
            judge.handle_mail(make_mail(email, f"SIGNON {power} am pw-{power}\n{orders}\n"), now)
        processed += judge.tick(now).processed
    assert processed == ["am: S1M -> F1M", "am: F1M -> W1A", "am: W1A -> S2M"]
    english = replies_to(store, PLAYERS["Egypt"][0], "results")
    assert "Egypt: Army Thebes -> Sinai." in english[0].body
    assert "Egypt: Builds a fleet in Memphis." in english[-1].body
    german = replies_to(store, PLAYERS["Rome"][0], "results")
    assert "Rom: Flotte Neapolis -> Sicilia." in german[0].body


@pytest.mark.parametrize(
    ("name", "first", "players"),
    [
        ("ancmed", "S1M", tuple(PLAYERS)),
        ("hundred", "S1425M", ("England", "France", "Burgundy")),
    ],
)
def test_judge_create_plays_the_map(
    tmp_path: Path, name: str, first: str, players: tuple[str, ...]
) -> None:
    """``adjudicator judge create --map NAME`` makes a game that starts in the map's first
    phase (Spring 1; the Hundred's 1425)."""
    settings = tmp_path / "judge.toml"
    settings.write_text(
        f'judge_address = "{JUDGE_ADDRESS}"\n\n[smtp]\nhost = "127.0.0.1"\nport = 9\n'
        'security = "none"\n',
        encoding="utf-8",
    )
    setup = ["--db", f"sqlite:///{tmp_path / 'games.db'}", "--config", str(settings)]

    def run(*args: str) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        env = {"ADJUDICATOR_JUDGE_GM_PASSWORD": GM_PASSWORD}
        code = judge_main([*setup, *args], stdout=out, stderr=err, environ=env, clock=lambda: T0)
        return code, out.getvalue() + err.getvalue()

    code, out = run("create", "g", "--gm-email", GM, "--map", name)
    assert (code, out) == (0, f"created game g ({name}, datc); add players, then start it\n")
    for power in players:
        assert run("add-player", "g", power, f"{power.lower()}@players.test")[0] == 0
    assert run("start", "g")[0] == 0
    code, out = run("export", "g")
    assert code == 0
    exported = json.loads(out)
    assert exported["phases"][0]["name"] == first
    status = run("status", "g")[1]
    assert all(power in status for power in players)
