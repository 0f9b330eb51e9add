"""The web pages under load (issue 19), on loopback only and bounded: ``judge web --workers 2``
over PostgreSQL, a ``judge serve`` ticking (and processing the games that fall due) at the same
time, 50 players signed on; then 200 page views and 50 order submissions all at once. No
request fails, every submission is answered, and every accepted submission is in the store
afterwards, exactly as sent.

Timeouts here only guard against a hang; nothing waits for time to pass.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator.judge.service import Judge
from adjudicator.judge.store import open_store
from tests.judge.conftest import PostgresServer
from tests.judge.judging import PLAYERS, T0, config, new_game, password
from tests.judge.webserver import free_port, judge_command, running_web

pytestmark = pytest.mark.thorough
"""Seconds of two server processes and 250 clients: `.ci/run` runs it with `pytest -m
thorough`."""

GAMES = 8
SUBMISSIONS = 50
PAGE_VIEWS = 200
HANG_GUARD_SECONDS = 300
"""Each request and the whole run at most this long: a bound on a hang, never a pause."""
ORDERS: dict[str, str] = {
    "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
    "England": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
    "France": "F Bre - Mao\nA Par - Bur\nA Mar - Spa",
    "Germany": "F Kie - Den\nA Ber - Kie\nA Mun - Ruh",
    "Italy": "F Nap - Ion\nA Rom - Apu\nA Ven H",
    "Russia": "F Stp/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Bla",
    "Turkey": "F Ank - Bla\nA Con - Bul\nA Smy - Con",
}
"""Each power's orders: good in Spring and, as every unit held in Spring, in Fall (the tick may
process a game between a player's sign-on and the submission)."""
_CSRF = re.compile(r'name="csrf" value="([^"]+)"')


@dataclass
class Answer:
    status: int
    text: str


class Browser:
    """One visitor: a cookie jar, forms sent as a browser sends them."""

    def __init__(self, base: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def open(self, path: str, form: dict[str, str] | None = None) -> Answer:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(self.base + path, data, timeout=HANG_GUARD_SECONDS) as got:
                return Answer(got.status, got.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read().decode("utf-8", "replace"))

    def sign_on(self, game: str, power: str) -> str:
        """Sign on; the CSRF token of the orders page it lands on."""
        page = self.open(f"/games/{game}/signon")
        token = _CSRF.search(page.text)
        assert token, page.text
        form = {"csrf": token.group(1), "power": power, "password": password(power)}
        landed = self.open(f"/games/{game}/signon", form)  # 303, followed to the orders page
        assert landed.status == 200 and "Send orders" in landed.text, landed.text
        found = _CSRF.search(landed.text)
        assert found, landed.text
        return found.group(1)


@pytest.fixture
def database(postgres_server: PostgresServer) -> str:
    """A schema of its own on the run's PostgreSQL, with the games (the servers outlive any
    test's emptying of the shared schema)."""
    url = postgres_server.fresh_url()
    with open_store(url) as store:
        judge = Judge(store, config(url))
        for n in range(GAMES):
            new_game(judge, f"g{n}")
    return url


@pytest.fixture
def ticking(database: str, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """``judge serve`` ticking over the database, as cron's tick would, at a time when every
    game's first deadline has passed: its first ticks process them while the pages are busy.
    Its mail goes to a port nothing listens on (the mail stays queued, said quietly)."""
    due = (T0 + timedelta(hours=49)).strftime("%Y-%m-%dT%H:%MZ")
    command = judge_command("--now", due, "serve", "--interval", "0.2", "--db", database)
    env = {
        **os.environ,
        "ADJUDICATOR_JUDGE_SMTP_HOST": "127.0.0.1",
        "ADJUDICATOR_JUDGE_SMTP_PORT": str(free_port()),
    }
    log = (tmp_path / "tick.log").open("w")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=HANG_GUARD_SECONDS)
        log.close()


def all_at_once(tasks: list[Callable[[], Answer]]) -> list[Answer]:
    """Run every task in a thread of its own, all released together."""
    start = threading.Barrier(len(tasks))

    def run(task: Callable[[], Answer]) -> Answer:
        start.wait(timeout=HANG_GUARD_SECONDS)
        return task()

    with ThreadPoolExecutor(max_workers=len(tasks)) as pool:
        futures = [pool.submit(run, task) for task in tasks]
        return [future.result(timeout=HANG_GUARD_SECONDS) for future in futures]


def test_two_workers_and_a_tick_under_load(
    database: str, ticking: subprocess.Popen[str], tmp_path: Path
) -> None:
    players = [(f"g{n}", power) for n in range(GAMES) for power in PLAYERS][:SUBMISSIONS]
    log = tmp_path / "web.log"
    with running_web(database, log, "--now", "2026-03-02T13:00Z", workers=2) as base:
        browsers = [Browser(base) for _ in players]
        with ThreadPoolExecutor(max_workers=len(players)) as pool:
            tokens = list(
                pool.map(lambda b_p: b_p[0].sign_on(*b_p[1]), zip(browsers, players, strict=True))
            )

        def submit(browser: Browser, game: str, power: str, token: str) -> Callable[[], Answer]:
            form = {"csrf": token, "orders": ORDERS[power]}
            return lambda: browser.open(f"/games/{game}/orders", form)

        paths = ["/", *(f"/games/g{n}" for n in range(GAMES)), "/games/g0/history"]
        viewer = Browser(base)

        def view(path: str) -> Callable[[], Answer]:
            return lambda: viewer.open(path)

        views = [view(paths[n % len(paths)]) for n in range(PAGE_VIEWS)]
        sends = [
            submit(browser, game, power, token)
            for browser, (game, power), token in zip(browsers, players, tokens, strict=True)
        ]
        answers = all_at_once([*sends, *views])
    assert ticking.poll() is None  # the tick ran all along
    assert [a.status for a in answers] == [200] * (SUBMISSIONS + PAGE_VIEWS)
    for answer in answers[:SUBMISSIONS]:  # every submission answered, and accepted
        assert "Your orders were accepted" in answer.text, answer.text
    with open_store(database) as store, store.transaction() as tx:
        for game, power in players:
            [stored] = [s for s in tx.submissions(game) if s.power == power]
            assert stored.raw_text == ORDERS[power].replace("\r\n", "\n")
        processed = [g for g in (f"g{n}" for n in range(GAMES)) if len(tx.phases(g)) > 1]
    assert processed, "the tick processed no game while the pages were busy"
    server = log.read_text()
    assert server.count("Started server process") == 2  # two workers
    assert "Traceback" not in server and "ERROR" not in server
    assert "Traceback" not in (tmp_path / "tick.log").read_text()
