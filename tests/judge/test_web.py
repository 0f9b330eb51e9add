"""The judge's web pages (issue 19), through Starlette's TestClient: what the public pages show
and keep secret, a player's orders read and answered as by mail, WAIT, DRAW and the password,
the game master's commands, the history and the saved game."""

from __future__ import annotations

import html
import json
from datetime import timedelta

from tests.judge.judging import (
    GM_PASSWORD,
    T0,
    cheap_passwords,
    make_mail,
    new_game,
    password,
    signon,
)
from tests.judge.webclient import Site, csrf_of, db_url, post, sign_on, site

__all__ = ["cheap_passwords", "db_url", "site"]


def test_the_list_of_games(site: Site) -> None:
    new_game(site.judge, "later", start=False)
    with site.client() as client:
        page = client.get("/")
    assert page.status_code == 200
    html = page.text
    assert '<a href="/games/g1">g1</a>' in html
    assert "Spring 1901 (Movement)" in html and "standard" in html
    assert "Wed 4 Mar 2026 12:00 UTC" in html  # the deadline, two days after the start
    assert "forming" in html and "active" in html
    assert '<meta name="viewport"' in html and "<table>" in html and 'scope="col"' in html


def test_german_by_the_browser_and_by_the_switch(site: Site) -> None:
    with site.client() as client:
        assert "Partien" in client.get("/", headers={"accept-language": "de-DE,de;q=0.9"}).text
        assert "Partien" not in client.get("/", headers={"accept-language": "en;q=0.8"}).text
        switched = client.get("/?lang=de")
        assert (
            '<html lang="de">' in switched.text
            and "judge_lang=de" in switched.headers["set-cookie"]
        )
        assert "Frühjahr 1901" in client.get("/games/g1").text  # the switch is kept
        assert "Spring 1901" in client.get("/games/g1?lang=en").text


def test_a_game_page_shows_the_board_and_who_ordered_but_no_secret(site: Site) -> None:
    austria = make_mail("austria@players.test", signon("Austria") + "F Tri - Alb\nA Vie H\n")
    site.judge.handle_mail(austria, T0)
    with site.client() as client:
        html = client.get("/games/g1").text
    assert "<svg" in html and "<?xml" not in html  # the board inline
    assert 'data-phase="S1901M"' in html
    rows = {
        power: html.split(f'<th scope="row">{power}</th>')[1].split("</tr>")[0]
        for power in ("Austria", "Russia")
    }
    assert "<td>yes</td>" in rows["Austria"] and "<td>no</td>" in rows["Russia"]
    assert '<td class="number">4</td>' in rows["Russia"]  # four centres, four units
    for secret in ("F TRI - ALB", "Tri - Alb", "@players.test", "gm@judge.test"):
        assert secret not in html


def test_a_player_orders_with_a_mistake_sees_the_caret_then_corrects_them(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "England")
        page = client.get("/games/g1/orders")
        assert "Units still without orders" in page.text and "F LON" in page.text
        wrong = post(
            client,
            "/games/g1/orders",
            {"orders": "F Lon - Nth\nF Edi - Norwegian Sea\nA Lvp - Yrk\nA Lvp - Yorkshre"},
            "/games/g1/orders",
        )
        assert wrong.status_code == 200
        shown = html.unescape(wrong.text)
        assert "orders:4:9: error: unknown province 'Yorkshre'" in shown
        assert "did you mean 'YOR' (Yorkshire)?" in shown and "\n            ^\n" in shown
        assert "A Lvp - Yorkshre" in wrong.text  # the text sent is kept in the form
        with site.judge.store.transaction() as tx:
            assert tx.submissions("g1") == []
        right = post(
            client,
            "/games/g1/orders",
            {"orders": "F Lon - Nth\r\nF Edi - Nwg\r\nA Lvp - Yor\r\n"},
            "/games/g1/orders",
        )
        assert "Your orders were accepted" in right.text
        assert "Every unit has an order." in right.text
    with site.judge.store.transaction() as tx:
        [stored] = tx.submissions("g1")
    assert stored.power == "England" and stored.mail_id is None
    assert json.loads(stored.orders_json) == ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]
    with site.client() as client:
        england = client.get("/games/g1").text.split('<th scope="row">England</th>')[1]
        assert england.split("</tr>")[0].count("<td>yes</td>") == 1


def test_wait_draw_and_a_new_password(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "France")
        answer = post(client, "/games/g1/votes", {"vote": "wait", "on": "1"}, "/games/g1/orders")
        assert "Wait (no early processing): yes" in answer.text
        answer = post(client, "/games/g1/votes", {"vote": "draw", "on": "1"}, "/games/g1/orders")
        assert "Draw vote: yes" in answer.text
        refused = post(
            client, "/games/g1/password", {"new_password": "two words"}, "/games/g1/orders"
        )
        assert "blank" in refused.text or "space" in refused.text
        changed = post(
            client, "/games/g1/password", {"new_password": "new-secret"}, "/games/g1/orders"
        )
        assert changed.status_code == 200
        assert client.get("/games/g1/orders").status_code == 200  # this session goes on
    with site.judge.store.transaction() as tx:
        player = tx.get_player("g1", "France")
    assert player is not None and player.wait and player.draw
    with site.client() as other:
        sign_on(other, "France", "new-secret")


def test_the_master_processes_and_the_history_shows_the_phase(site: Site) -> None:
    site.judge.handle_mail(
        make_mail("austria@players.test", signon("Austria") + "A Vie - Gal\n"), T0
    )
    with site.client() as client:
        sign_on(client, "master", GM_PASSWORD)
        page = client.get("/games/g1/master")
        assert "austria@players.test" in page.text  # the master sees the addresses
        done = post(client, "/games/g1/master", {"action": "process"}, "/games/g1/master")
        assert "Processed: g1: S1901M -> F1901M" in html.unescape(done.text)
        refused = post(client, "/games/g1/master", {"action": "resume"}, "/games/g1/master")
        assert "not paused" in refused.text
        history = client.get("/games/g1/history").text
        assert "Spring 1901 (Movement)" in history
        assert "Austria: Army Vienna -&gt; Galicia." in history
        phase = client.get("/games/g1/phases/0")
        assert (
            phase.status_code == 200
            and "<svg" in phase.text
            and 'data-phase="S1901M"' in phase.text
        )
        assert client.get("/games/g1/phases/1").status_code == 404  # not processed yet
        assert "Fall 1901" in client.get("/games/g1").text
        moved = post(
            client, "/games/g1/master", {"action": "deadline", "when": "+24h"}, "/games/g1/master"
        )
        assert "Done." in moved.text
        bad = post(
            client,
            "/games/g1/master",
            {"action": "deadline", "when": "tomorrow"},
            "/games/g1/master",
        )
        assert "Not done" in bad.text
        paused = post(client, "/games/g1/master", {"action": "pause"}, "/games/g1/master")
        assert "paused" in paused.text
        download = client.get("/games/g1/game.json")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    saved = json.loads(download.text)
    assert [p["name"] for p in saved["phases"]][:2] == ["S1901M", "F1901M"]
    with site.judge.store.transaction() as tx:
        row = tx.get_game("g1")
    assert row is not None and row.status == "paused"


def test_an_unstarted_and_a_finished_game(site: Site) -> None:
    new_game(site.judge, "later", start=False)
    site.judge.end_game("g1", "draw", ["England", "France"], gm_password=GM_PASSWORD, now=T0)
    with site.client() as client:
        page = client.get("/games/later")
        assert "has not started yet" in page.text and "<svg" not in page.text
        assert client.get("/games/later/game.json").status_code == 404
        assert "No phase has been processed yet." in client.get("/games/later/history").text
        sign_on(client, "Italy", game="later")
        assert "No orders now: game later is forming." in client.get("/games/later/orders").text
        sent = post(client, "/games/later/orders", {"orders": "A Rom H"}, "/games/later/orders")
        assert "has not started" in sent.text or "forming" in sent.text
        finished = client.get("/games/g1").text
        assert "draw: England, France" in finished
        sign_on(client, "Italy")
        sent = post(client, "/games/g1/orders", {"orders": "A Rom H"}, "/games/g1/orders")
        assert "ended" in sent.text
    with site.judge.store.transaction() as tx:
        assert tx.submissions("g1") == [] and tx.submissions("later") == []


def test_an_unknown_game_and_page(site: Site) -> None:
    with site.client() as client:
        assert client.get("/games/nope").status_code == 404
        assert "There is no game named nope." in client.get("/games/nope").text
        assert client.get("/nothing/here").status_code == 404


def test_everything_in_german(site: Site) -> None:
    site.judge.process_now("g1", gm_password=GM_PASSWORD, now=T0 + timedelta(hours=1))
    with site.client() as client:
        sign_on(client, "Germany")
        wrong = post(
            client,
            "/games/g1/orders?lang=de",
            {"orders": "A Mun - Burgunt"},
            "/games/g1/orders?lang=de",
        )
        assert "Befehle von Deutschland" in wrong.text
        assert "Burgunt" in wrong.text and "^" in wrong.text
        assert "Herbst 1901" in client.get("/games/g1/history").text


def test_the_deadline_in_a_chosen_zone_without_script(site: Site) -> None:
    with site.client() as client:
        page = client.get("/games/g1")  # no choice: UTC, and the script that rewrites it
        assert '<time datetime="2026-03-04T12:00:00+00:00">Wed 4 Mar 2026 12:00 UTC' in page.text
        assert '<script src="/static/localtime.js" defer></script>' in page.text
        choice = client.get("/zone?next=/games/g1")
        assert '<form method="get" action="/games/g1">' in choice.text
        assert '<option value="Europe/Berlin">' in choice.text
        chosen = client.get("/games/g1?tz=Europe/Berlin")
        assert 'judge_tz="Europe/Berlin"' in chosen.headers["set-cookie"]
        assert "Wed 4 Mar 2026 13:00 CET" in chosen.text and "localtime.js" not in chosen.text
        later = client.get("/?lang=de")  # the choice is kept, in every language
        assert "Mi 4. Mär 2026 13:00 CET" in later.text
        assert "12:00 UTC" in client.get("/games/g1?tz=UTC").text
        assert "13:00 CET" not in client.get("/games/g1?tz=Not/A_Zone").text
        assert 'action="/"' in client.get("/zone?next=//evil.example/").text
        assert 'action="/"' in client.get("/zone?next=/%5Cevil.example/").text
        sign_on(client, "England")
        client.get("/games/g1?tz=America/New_York&lang=en")
        sent = post(client, "/games/g1/orders", {"orders": "F Lon H"}, "/games/g1/orders")
        assert "Deadline: Wed 4 Mar 2026 07:00 EST." in sent.text  # the answer too
        script = client.get("/static/localtime.js")
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]


def test_the_form_speaks_of_the_form_not_of_a_mail(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "England")
        for lang in ("en", "de"):
            for text in ("F Lon - Nth\nA Lvp - Yorkshre", "", "x" * 20_001):
                answer = post(
                    client, f"/games/g1/orders?lang={lang}", {"orders": text}, "/games/g1/orders"
                )
                said = html.unescape(answer.text.split('<pre class="answer"')[1].split("</pre>")[0])
                assert not any(word in said for word in ("mail", "Mail", "Nachricht")), said
        rejected = post(
            client, "/games/g1/orders?lang=en", {"orders": "A Lvp - Yorkshre"}, "/games/g1/orders"
        )
        assert "correct them in the form" in rejected.text
        empty = post(client, "/games/g1/orders?lang=de", {"orders": ""}, "/games/g1/orders")
        assert "Im Formular wurden keine Befehle gefunden." in empty.text


def test_press_as_by_mail(site: Site) -> None:
    with site.judge.store.transaction() as tx:
        before = len(tx.outbox("g1"))
    with site.client() as client:
        sign_on(client, "England")
        page = client.get("/games/g1/orders").text
        assert '<input type="checkbox" name="to" value="France">' in page
        assert 'value="England"' not in page.split('id="press-heading"')[1].split("</form>")[0]
        token = csrf_of(page)
        sent = client.post(
            "/games/g1/press",
            data={"csrf": token, "to": ["France", "Germany"], "body": "Shall we?\r\nE."},
        )
        assert "Your press message was sent to France, Germany." in sent.text
        nobody = client.post("/games/g1/press", data={"csrf": token, "body": "lost"})
        assert "Choose whom the press goes to" in nobody.text and "lost</textarea>" in nobody.text
        empty = client.post("/games/g1/press", data={"csrf": token, "to": "all", "body": " "})
        assert "The message is empty" in empty.text
        everyone = client.post("/games/g1/press", data={"csrf": token, "to": "all", "body": "Hi"})
        assert "sent to all" in everyone.text
    with site.judge.store.transaction() as tx:
        press = tx.press("g1")
        notices = tx.outbox("g1")[before:]
    assert [(p.from_power, p.to, p.body) for p in press] == [
        ("England", ("France", "Germany"), "Shall we?\nE."),
        ("England", "all", "Hi"),
    ]
    to_germany = [n for n in notices if n.to_addr == "germany@players.test"]
    assert to_germany[0].body == "Nachricht von England:\n\nShall we?\nE.\n"  # in German
    assert {n.kind for n in notices} == {"notice"}
    assert len(notices) == 2 + 6  # one notice per addressee, never to the sender
    assert not [n for n in notices if n.to_addr == "england@players.test"]


def test_resigning_needs_the_box_and_ends_the_session(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "Italy")
        unticked = post(client, "/games/g1/resign", {}, "/games/g1/orders")
        assert unticked.status_code == 400 and "Tick the box" in unticked.text
        done = post(client, "/games/g1/resign", {"confirm": "Italy"}, "/games/g1/orders")
        assert "You resigned Italy in game g1" in done.text
        assert client.get("/games/g1/orders").status_code == 403
    with site.judge.store.transaction() as tx:
        player = tx.get_player("g1", "Italy")
    assert player is not None and player.status == "resigned"
    with site.client() as client:  # a resigned power signs on no more
        page = client.get("/games/g1/signon")
        assert '<option value="Italy">' not in page.text
        answer = client.post(
            "/games/g1/signon",
            data={"csrf": csrf_of(page.text), "power": "Italy", "password": password("Italy")},
        )
        assert answer.status_code == 403
