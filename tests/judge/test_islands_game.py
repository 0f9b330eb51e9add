"""A judge game on the world of islands (maps/islands.yaml) runs through its first year by mail
(issue 20): orders in English and German (Germany writes the straits' German names), every
power's first centre won by a convoy, the results and the German report in the map's words.

The year is tests/adjudication/test_islands_game.py's, written as players mail it.
"""

from __future__ import annotations

from adjudicator.judge.service import GameSettings, Judge
from adjudicator.judge.store import Store
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    LENGTHS,
    PLAYERS,
    T0,
    cheap_passwords,
    config,
    hours,
    make_mail,
    outbox,
    password,
    signon,
)

__all__ = ["cheap_passwords"]

YEAR: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "S1901M",
        {
            "England": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
            "France": "F Bre - Mao\nA Mar - Gas\nA Par - Bur",
            "Germany": "Flotte Kiel nach Eiderstraße\nArmee Berlin nach Kiel\n"
            "Armee München nach Ruhrgebiet",
            "Italy": "F Nap - Tyrrhenian Sea\nA Ven - Pie\nA Rom H",
            "Austria": "F Tri - Sava Strait\nA Vie - Tri\nA Bud H",
            "Russia": "F Sev - Dniester\nA Mos - Sev\nF StP/sc - Bot\nA War H",
            "Turkey": "F Ank - Bla\nA Smy - Ank\nA Con H",
        },
    ),
    (
        "F1901M",
        {
            "England": "A Yor - Nwy\nF Nth C A Yor - Nwy\nF Nwg H",
            "France": "A Gas - Spa\nF Mao C A Gas - Spa\nA Bur H",
            "Germany": "Armee Kiel nach Dänemark\n"
            "Flotte Eiderstraße konvoiert Armee Kiel nach Dänemark\n"
            "Armee Ruhrgebiet hält",
            "Italy": "A Rom - Tun\nF Tys C A Rom - Tun\nA Pie H",
            "Austria": "A Bud - Ser\nF Sav C A Bud - Ser\nA Tri H",
            "Russia": "A Sev - Rum\nF Dni C A Sev - Rum\nF Bot - Swe\nA War H",
            "Turkey": "A Con - Bul\nF Bla C A Con - Bul\nA Ank H",
        },
    ),
    (
        "W1901A",
        {
            "England": "F Lon B",
            "France": "A Mar B",
            "Germany": "Armee Berlin baut",
            "Italy": "F Nap B",
            "Austria": "A Vie B",
            "Russia": "F StP/nc B\nA Mos B",
            "Turkey": "A Smy B",
        },
    ),
)


def _signon(power: str) -> str:
    if PLAYERS[power][1] == "de":
        return f"ANMELDEN {power} isles {password(power)}\n"
    return signon(power, "isles")


def test_a_year_on_the_islands_by_mail(store: Store) -> None:
    judge = Judge(store, config())
    settings = GameSettings("7ww", "datc", LENGTHS, process_early=True)
    judge.create_game("isles", gm_email=GM, gm_password=GM_PASSWORD, settings=settings, now=T0)
    for power, (email, lang) in PLAYERS.items():
        judge.add_player(
            "isles", power, email, gm_password=GM_PASSWORD, lang=lang, password=password(power),
            now=T0,
        )  # fmt: skip
    judge.start("isles", gm_password=GM_PASSWORD, now=T0)
    now = T0
    for phase, orders in YEAR:
        now += hours(1)
        for power, text in orders.items():
            address = PLAYERS[power][0]
            reply = judge.handle_mail(make_mail(address, _signon(power) + text), now)
            assert reply == "orders", (phase, power, outbox(store)[-1].body)
        report = judge.tick(now)
        assert report.processed and report.processed[0].startswith(f"isles: {phase} ->")
    with store.transaction() as tx:
        game = tx.get_game("isles")
        phases = [p.phase for p in tx.phases("isles")]
    assert game is not None and game.map_name == "islands"
    assert phases == ["S1901M", "F1901M", "W1901A", "S1902M"]
    results = [o for o in outbox(store, "isles") if o.kind == "results"]
    english = next(
        o.body
        for o in results
        if o.to_addr == PLAYERS["France"][0] and o.body.startswith("Movement results for Fall")
    )
    assert "Fleet Eider Strait CONVOY Army Kiel -> Denmark." in english
    assert "Fleet Dniester Strait CONVOY Army Sevastopol -> Rumania." in english
    german = [o.body for o in results if o.to_addr == PLAYERS["Germany"][0]][1]
    assert "Flotte Eiderstraße KONVOIERT Armee Kiel -> Dänemark." in german
    winter = [o.body for o in results if o.to_addr == PLAYERS["Russia"][0]][-1]
    assert "Russia:" in winter and "St. Petersburg" in winter
