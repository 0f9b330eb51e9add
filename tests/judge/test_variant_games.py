"""``judge create --map NAME`` on the variants: a game begins in the map's first phase, takes
orders in the map's names by mail and processes them (issue 20)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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
