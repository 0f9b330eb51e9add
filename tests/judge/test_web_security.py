"""The web pages as a site open to strangers (issue 19): headers, cookies, escaping, CSRF,
sessions confined to their power and game, and failed sign-ons limited."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

from starlette.testclient import TestClient

from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.web.guard import FAILURES_PER_CLIENT, FAILURES_PER_POWER, WINDOW
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
            assert "script-src" not in policy and "unsafe-inline" not in policy
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"


def test_the_board_style_is_allowed_by_its_nonce_only(site: Site) -> None:
    with site.client() as client:
        page = client.get("/games/g1")
    nonce = page.headers["content-security-policy"].split("'nonce-")[1].split("'")[0]
    assert f'<style nonce="{nonce}">' in page.text
    assert "<script" not in page.text


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
            ):
                assert client.post(path, data={**data, **fields}).status_code == 403
        assert client.get("/games/g1/orders").status_code == 200  # still signed on
    with site.client() as client:
        answer = client.post("/games/g1/signon", data={"power": "England", "password": "x"})
        assert answer.status_code == 403
    assert submissions(site) == []
    with site.judge.store.transaction() as tx:
        player = tx.get_player("g1", "England")
    assert player is not None and not player.draw
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


def test_failed_signons_are_limited_per_address_and_per_power(site: Site) -> None:
    def attempt(client: TestClient, pw: str) -> Any:
        return post(
            client, "/games/g1/signon", {"power": "England", "password": pw}, "/games/g1/signon"
        )

    with site.client() as client:
        for _ in range(FAILURES_PER_CLIENT):
            assert attempt(client, "guess").status_code == 403
        refused = attempt(client, password("England"))  # even the right one, now
        assert refused.status_code == 429 and "Too many failed sign-ons" in refused.text
        sign_on(client, "France")  # another power is not held up
        site.clock.advance(WINDOW + timedelta(seconds=1))
        sign_on(client, "England")
    app = site.client().app  # a new application: a fresh count
    for n in range(FAILURES_PER_POWER):  # from as many addresses
        with TestClient(app, follow_redirects=False, client=(f"10.0.0.{n}", 1000)) as one:
            assert attempt(one, "guess").status_code == 403
    with TestClient(app, follow_redirects=False, client=("10.9.9.9", 1000)) as late:
        assert attempt(late, password("England")).status_code == 429


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
