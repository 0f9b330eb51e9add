"""A phase played in a real browser (issue 19): the web pages served by ``adjudicator judge
web`` (uvicorn, in a process of its own, on a free loopback port), Debian's Chromium driven by
Playwright with JavaScript off. A player signs on, sends orders with a mistake, sees the caret,
corrects them; the game master processes the phase; the history shows the new board and the
report. Screenshots are kept in the test's folder.

Without Chromium or Playwright the test skips and says why; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.board.load import load_map
from adjudicator.judge.service import Judge
from adjudicator.judge.store import open_store
from adjudicator.picture.palette import palette_for
from tests.browser import chromium, hex_colour, near
from tests.judge.judging import GM_PASSWORD, config, new_game, password
from tests.judge.webserver import running_web

pytestmark = pytest.mark.thorough
"""A real browser takes seconds to start: `.ci/run` runs this with `pytest -m thorough`."""


@pytest.fixture
def server(sqlite_database_folder: Path, tmp_path: Path) -> Iterator[str]:
    """The pages of a started game, served by the command a judge runs; their base URL."""
    db_url = f"sqlite:///{sqlite_database_folder}/games.db"
    with open_store(db_url) as store:
        new_game(Judge(store, config(db_url)))
    with running_web(db_url, tmp_path / "server.log", "--now", "2026-03-02T13:00Z") as url:
        yield url


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def process_as_master(page: Any, server: str) -> None:
    """The game master signs on, sees the players' addresses and processes the phase."""
    page.goto(server + "/games/g1/signon")
    page.get_by_label("Power").select_option("master")
    page.get_by_label("Password").fill(GM_PASSWORD)
    page.get_by_role("button", name="Sign on").click()
    assert "england@players.test" in page.locator("pre.status").inner_text()
    page.get_by_role("button", name="Process the phase now").click()
    assert "Processed: g1: S1901M -> F1901M" in page.locator("main").inner_text()


def test_a_phase_played_in_the_browser(server: str, browser: Any, tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    page.goto(server + "/")
    page.get_by_role("link", name="g1").click()
    assert page.get_by_role("heading", name="g1").is_visible()
    page.get_by_role("link", name="Sign on").click()
    page.get_by_label("Power").select_option("England")
    page.get_by_label("Password").fill(password("England"))
    page.get_by_role("button", name="Sign on").click()
    assert "/games/g1/orders" in page.url
    orders = page.get_by_label("Your orders, one a line")
    orders.fill("F Lon - Nth\nF Edi - Nwg\nA Lvp - Yorkshre")
    page.get_by_role("button", name="Send orders").click()
    answer = page.locator("pre.answer").inner_text()
    assert "orders:3:9: error: unknown province 'Yorkshre'" in answer
    assert "    A Lvp - Yorkshre\n            ^" in answer  # the caret under the name
    page.screenshot(path=tmp_path / "1-mistake.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # a phone's width
    page.get_by_label("Your orders, one a line").fill("F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor")
    page.get_by_role("button", name="Send orders").click()
    assert "Your orders were accepted" in page.locator("pre.answer").inner_text()
    page.screenshot(path=tmp_path / "2-accepted.png", full_page=True)
    page.get_by_role("button", name="Sign off").click()

    process_as_master(page, server)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("link", name="History").click()
    assert "England: Fleet London -> North Sea." in page.locator("pre.report").inner_text()
    page.get_by_role("link", name="Board and results").click()
    board = page.locator("figure.board svg")
    assert board.get_attribute("data-phase") == "S1901M"
    page.screenshot(path=tmp_path / "3-history.png", full_page=True)
    shot = image.open(io.BytesIO(board.screenshot())).convert("RGB")
    colours = palette_for(load_map("standard"))
    found = {hex_colour(shot.getpixel((x, y))) for x in range(0, shot.width, 7)
             for y in range(0, shot.height, 7)}  # fmt: skip
    assert any(near(c, colours.sea) for c in found)  # the board is drawn
    assert any(near(c, colours.power("England")) for c in found)
    # the picture's own <style> is allowed by its nonce: its labels are bold, and nothing
    # was refused by the Content-Security-Policy
    weight = page.locator("figure.board svg text.label").first.evaluate(
        "e => getComputedStyle(e).fontWeight"
    )
    assert weight == "700", weight
    assert not [m for m in refused if "Content Security Policy" in m], refused
    context.close()
    access = (tmp_path / "server.log").read_text()  # uvicorn's access log, as it goes
    assert '"POST /games/g1/signon HTTP/1.1" 303' in access
    assert password("England") not in access and GM_PASSWORD not in access
