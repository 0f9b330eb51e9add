"""Helpers of the web pages' tests: a judge with games on SQLite and on PostgreSQL, the
application over the same database with a clock the test moves, and forms as a browser sends
them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest

from adjudicator.judge.service import Judge
from adjudicator.judge.store import open_store
from tests.judge.judging import T0, config, new_game, password

pytest.importorskip("starlette")
pytest.importorskip("jinja2")

from starlette.testclient import TestClient

from adjudicator.judge.web.app import create_app

SECRET = "s" * 40
"""The test key that signs the session cookies."""


class Clock:
    """The time the application reads; a test moves it instead of waiting."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta


@dataclass
class Site:
    judge: Judge
    clock: Clock
    db_url: str

    def client(self, *, https_only: bool = False) -> TestClient:
        app = create_app(
            config(self.db_url),
            secret_key=SECRET,
            clock=self.clock,
            threads=2,
            https_only=https_only,
        )
        return TestClient(app, follow_redirects=False)


@pytest.fixture
def db_url(store_url: str) -> str:
    """The database of a web test: on each store the judge supports (a SQLite file, the run's
    PostgreSQL schema emptied), as the store tests (``tests/judge/conftest.py``)."""
    return store_url


@pytest.fixture
def site(db_url: str) -> Iterator[Site]:
    with open_store(db_url) as store:
        judge = Judge(store, config(db_url))
        new_game(judge)
        yield Site(judge, Clock(T0 + timedelta(hours=1)), db_url)


_CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def csrf_of(html: str) -> str:
    found = _CSRF.search(html)
    assert found, "no CSRF token in the page"
    return found.group(1)


def sign_on(client: TestClient, power: str, pw: str | None = None, game: str = "g1") -> None:
    """Sign on through the form, as a browser does; asserts it worked."""
    page = client.get(f"/games/{game}/signon")
    answer = client.post(
        f"/games/{game}/signon",
        data={"csrf": csrf_of(page.text), "power": power, "password": pw or password(power)},
    )
    assert answer.status_code == 303, answer.text
    client.get(answer.headers["location"])


def post(client: TestClient, path: str, data: dict[str, str], token_from: str) -> Any:
    """A form posted with the CSRF token of the page at ``token_from``."""
    token = csrf_of(client.get(token_from).text)
    return client.post(path, data={"csrf": token, **data})
