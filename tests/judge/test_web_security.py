"""The web pages as a site open to strangers (issue 19): headers, cookies, escaping, CSRF,
sessions confined to their power and game, and failed sign-ons limited."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.web.guard import (
    FAILURES_PER_ADDRESS,
    FAILURES_PER_CLIENT,
    FAILURES_PER_POWER,
    WINDOW,
    SignonGuard,
    client_key,
)
from tests.judge.judging import GM_PASSWORD, T0, cheap_passwords, new_game, password
from tests.judge.webclient import SECRET, Site, csrf_of, db_url, post, sign_on, site

__all__ = ["cheap_passwords", "db_url", "site"]

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def submissions(site: Site, game: str = "g1") -> list[object]:
    with site.judge.store.transaction() as tx:
        return list(tx.submissions(game))


def test_every_response_has_the_security_headers(site: Site) -> None:
    with site.client() as client:
        for path in ("/", "/games/g1", "/games/nope", "/static/site.css", "/games/g1/signon"):
            headers = client.get(path).headers
            policy = headers["content-security-policy"]
            assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
            assert "script-src 'self';" in policy  # the site's own files only
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"


def test_the_board_style_is_allowed_by_its_nonce_only(site: Site) -> None:
    with site.client() as client:
        page = client.get("/games/g1")
    nonce = page.headers["content-security-policy"].split("'nonce-")[1].split("'")[0]
    assert f'<style nonce="{nonce}">' in page.text
    scripts = page.text.split("<script")[1:]  # no inline script: each from a file of the site
    assert scripts and all(
        s.startswith(' src="/static/') and s.split(">", 1)[1].startswith("</script>")
        for s in scripts
    )


def test_the_session_cookie_is_signed_httponly_and_samesite(site: Site) -> None:
    with site.client() as client:
        page = client.get("/games/g1/signon")
        answer = client.post(
            "/games/g1/signon",
            data={"csrf": csrf_of(page.text), "power": "England", "password": password("England")},
        )
        cookie = answer.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
        assert password("England") not in answer.headers["set-cookie"]
        assert password("England") not in answer.headers["location"]
        assert answer.headers["location"] == "/games/g1/orders"
    with site.client(https_only=True) as client:
        client.get("/games/g1/signon")
        assert "secure" in client.get("/games/g1/signon").headers.get("set-cookie", "secure")


def test_a_tampered_cookie_is_no_session(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "England")
        value = client.cookies["judge_session"]
        payload, _, signature = value.rpartition(".")
        forged = payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:]
        client.cookies.clear()
        client.cookies.set("judge_session", forged)
        assert client.get("/games/g1/orders").status_code == 403


def test_game_names_orders_and_fields_are_escaped(site: Site) -> None:
    with site.judge.store.transaction() as tx:  # a name the judge would refuse, written anyway
        row = tx.get_game("g1")
        assert row is not None
        tx.create_game(dataclasses.replace(row, name=XSS, phase_seq=None, status="forming"))
    with site.client() as client:
        listing = client.get("/").text
        assert XSS not in listing and "&lt;script&gt;" in listing
        assert "%3Cscript%3E" in listing  # quoted in its link
        missing = client.get("/games/<script>alert(1)<%2Fscript>")
        assert missing.status_code == 404 and "<script>" not in missing.text
        assert "&lt;script&gt;" in missing.text
        sign_on(client, "England")
        sent = post(client, "/games/g1/orders", {"orders": XSS}, "/games/g1/orders")
        assert XSS not in sent.text and "<script>" not in sent.text
        assert "&lt;script&gt;" in sent.text  # quoted back, escaped
        press = post(client, "/games/g1/press", {"body": XSS}, "/games/g1/orders")
        assert XSS not in press.text and "&lt;script&gt;" in press.text  # kept in its form
        wrong = post(
            client, "/games/g1/signon", {"power": XSS, "password": XSS}, "/games/g1/signon"
        )
        assert "<script>" not in wrong.text and "onerror=alert" not in wrong.text.replace(
            "&lt;", ""
        ).replace("<img src=x", "")
        assert "<script>" not in client.get("/?lang=<script>").text


def test_a_post_without_or_with_a_stale_token_changes_nothing(site: Site) -> None:
    with site.client() as client:
        stale = csrf_of(client.get("/games/g1/signon").text)  # the token before signing on
        sign_on(client, "England")
        for data in ({}, {"csrf": ""}, {"csrf": stale}, {"csrf": "forged"}):
            answer = client.post("/games/g1/orders", data={**data, "orders": "F Lon - Nth"})
            assert answer.status_code == 403
            assert "out of date" in answer.text
            for path, fields in (
                ("/games/g1/votes", {"vote": "draw", "on": "1"}),
                ("/games/g1/password", {"new_password": "taken-over"}),
                ("/games/g1/signoff", {}),
                ("/games/g1/press", {"to": "all", "body": "taken over"}),
                ("/games/g1/resign", {"confirm": "England"}),
            ):
                assert client.post(path, data={**data, **fields}).status_code == 403
        assert client.get("/games/g1/orders").status_code == 200  # still signed on
    with site.client() as client:
        answer = client.post("/games/g1/signon", data={"power": "England", "password": "x"})
        assert answer.status_code == 403
    assert submissions(site) == []
    with site.judge.store.transaction() as tx:
        player = tx.get_player("g1", "England")
    assert player is not None and not player.draw and player.status == "active"
    with site.judge.store.transaction() as tx:
        assert tx.press("g1") == []
    with site.client() as client:
        sign_on(client, "England")  # the password was not changed


def test_a_session_orders_only_its_own_power(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "England")
        answer = post(
            client,
            "/games/g1/orders",
            {"orders": "Austria: A Vie - Gal\nA Bud - Ser", "power": "Austria"},
            "/games/g1/orders",
        )
        assert "Austria" in answer.text and answer.status_code == 200
        assert "foreign-unit" in answer.text
    assert submissions(site) == []
    with site.client() as client:
        sign_on(client, "Austria")
        post(client, "/games/g1/orders", {"orders": "A Vie - Gal"}, "/games/g1/orders")
    with site.client() as client:
        sign_on(client, "England")
        page = client.get("/games/g1/orders").text
        assert "GAL" not in page.split('<h2 id="standing">')[1].split("</section>")[0]
    [stored] = submissions(site)
    assert stored.power == "Austria"  # type: ignore[attr-defined]


def test_a_session_is_for_one_game(site: Site) -> None:
    new_game(site.judge, "g2")
    with site.client() as client:
        sign_on(client, "England")
        assert client.get("/games/g2/orders").status_code == 403
        assert client.get("/games/g2/master").status_code == 403
        token = csrf_of(client.get("/games/g1/orders").text)
        answer = client.post("/games/g2/orders", data={"csrf": token, "orders": "F Lon - Nth"})
        assert answer.status_code == 403
        assert (
            client.post("/games/g2/master", data={"csrf": token, "action": "process"}).status_code
            == 403
        )
        assert client.get("/games/g1/master").status_code == 403  # a player is no master
    assert submissions(site, "g2") == []
    with site.judge.store.transaction() as tx:
        assert [p.phase for p in tx.phases("g2")] == ["S1901M"]


def test_a_new_password_elsewhere_ends_the_session(site: Site) -> None:
    with site.client() as client:
        sign_on(client, "England")
        site.judge.reset_password(
            "g1", "England", gm_password=GM_PASSWORD, password="fresh", now=T0
        )
        assert client.get("/games/g1/orders").status_code == 403
        sign_on(client, "England", "fresh")
        assert client.get("/games/g1/orders").status_code == 200


def attempt(client: TestClient, power: str, pw: str) -> Any:
    return post(client, "/games/g1/signon", {"power": power, "password": pw}, "/games/g1/signon")


def from_address(app: Any, host: str) -> TestClient:
    return TestClient(app, follow_redirects=False, client=(host, 1000))


def test_failed_signons_from_one_address_are_counted_by_every_process(site: Site) -> None:
    # two applications over one database: two server processes (judge web --workers 2)
    apps = [site.client().app, site.client().app]
    clients = [from_address(app, "192.0.2.7") for app in apps]
    with clients[0], clients[1]:
        for n in range(FAILURES_PER_CLIENT):
            assert attempt(clients[n % 2], "England", "guess").status_code == 403
        for client in clients:  # neither process checks the password now, not even the right one
            refused = attempt(client, "England", password("England"))
            assert refused.status_code == 429
            assert "Too many failed sign-ons from your address" in refused.text
        sign_on(clients[1], "France")  # another power is not held up
        site.clock.advance(WINDOW + timedelta(seconds=1))
        sign_on(clients[0], "England")


def test_one_address_guessing_at_every_power_is_refused_everywhere(site: Site) -> None:
    app = site.client().app
    powers = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey", "master"]
    with from_address(app, "2001:db8::1") as client:
        for n in range(FAILURES_PER_ADDRESS):
            power = powers[n % len(powers)]  # never FAILURES_PER_CLIENT for one power
            assert attempt(client, power, "guess").status_code == 403
    # the same /64 is the same address
    with from_address(app, "2001:db8::ffff") as client:
        assert attempt(client, "Turkey", password("Turkey")).status_code == 429
    with from_address(app, "2001:db9::1") as other:
        sign_on(other, "Turkey")


def test_guessing_from_many_addresses_cannot_lock_the_player_out(site: Site) -> None:
    apps = [site.client().app, site.client().app]
    with from_address(apps[0], "198.51.100.1") as home:  # where England signed on before
        sign_on(home, "England")
    for n in range(FAILURES_PER_POWER):  # a stranger from as many addresses, both processes
        with from_address(apps[n % 2], f"10.0.0.{n}") as one:
            assert attempt(one, "England", "guess").status_code == 403
    with from_address(apps[1], "10.9.9.9") as stranger:  # a new address: not even the right one
        refused = attempt(stranger, "England", password("England"))
        assert refused.status_code == 429 and "signed on from before" in refused.text
    with from_address(apps[1], "198.51.100.1") as home:  # the player still signs on
        sign_on(home, "England")
    with from_address(apps[0], "10.9.9.9") as other:  # another power is not held up
        sign_on(other, "France")
    site.clock.advance(WINDOW + timedelta(seconds=1))
    with from_address(apps[0], "10.9.9.9") as later:
        sign_on(later, "England")


def test_the_counts_are_pruned_and_bounded(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    guard = SignonGuard(site.clock)

    def rows() -> int:
        with site.judge.store.transaction() as tx:
            return int(tx.execute("SELECT COUNT(*) FROM signon_failures")[0][0])

    with site.judge.store.transaction() as tx:
        guard.failed(tx, "192.0.2.1", "g1", "England")
    site.clock.advance(WINDOW)
    with site.judge.store.transaction() as tx:  # the first no longer counts: it is gone
        guard.failed(tx, "192.0.2.1", "g1", "England")
    assert rows() == 1
    monkeypatch.setattr("adjudicator.judge.web.guard.MAX_FAILURE_ROWS", 3)
    for n in range(6):
        with site.judge.store.transaction() as tx:
            guard.failed(tx, f"192.0.2.{n}", "g1", f"made-up-{n}")
    assert rows() == 3
    with site.judge.store.transaction() as tx:  # the newest are kept
        kept = sorted(power for (power,) in tx.execute("SELECT power FROM signon_failures"))
    assert kept == ["made-up-3", "made-up-4", "made-up-5"]
    monkeypatch.setattr("adjudicator.judge.web.guard.MAX_KNOWN_ROWS", 2)
    for n in range(4):
        site.clock.advance(timedelta(seconds=1))
        with site.judge.store.transaction() as tx:
            guard.succeeded(tx, f"192.0.2.{n}", "g1", "England")
    with site.judge.store.transaction() as tx:
        known = sorted(c for (c,) in tx.execute("SELECT client FROM signon_known"))
    assert known == ["192.0.2.2", "192.0.2.3"]


def test_client_keys() -> None:
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("2001:db8:0:0:1::7") == client_key("2001:db8::ffff") == "2001:db8::/64"
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_key("testclient") == "testclient"


def test_the_command_refuses_to_start_without_a_secret(db_url: str) -> None:
    import io

    from adjudicator.judge.cli import main

    err = io.StringIO()
    code = main(["--db", db_url, "web"], stdout=io.StringIO(), stderr=err, environ={})
    assert code == 1
    assert "need a secret key of at least 32 characters" in err.getvalue()
    short = {"ADJUDICATOR_JUDGE_WEB_SECRET": "too-short"}
    err = io.StringIO()
    assert main(["--db", db_url, "web"], stdout=io.StringIO(), stderr=err, environ=short) == 2
    assert "fewer than 32" in err.getvalue() and "too-short" not in err.getvalue()
    assert "web_secret" not in repr(JudgeConfig(web_secret=SECRET))  # never in a repr
    err = io.StringIO()
    workers = ["--db", db_url, "web", "--workers", "0"]
    assert main(workers, stdout=io.StringIO(), stderr=err, environ={}) == 2
    assert "--workers must be from 1 to 64, not 0" in err.getvalue()
