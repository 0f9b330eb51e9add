"""A game played in a real browser as a person would, from the README (issue 19): the game
created with the README's own commands, its pages opened as the README says, both players
signing on in Chromium and sending their orders (one with a mistake: the caret, then the
correction), the game master processing every phase through the first winter's builds, and the
history showing each phase's board and report. JavaScript is on, in Berlin's time zone: the
deadline is shown in the reader's zone. Screenshots are kept in the test's folder (under
pytest's ``--basetemp`` when CI keeps one) and checked for the board.

Without Chromium or Playwright the test skips and says why; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import io
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.board.load import load_map
from adjudicator.picture.palette import palette_for
from tests.browser import chromium, hex_colour, near
from tests.judge.webserver import run_judge, running_web

pytestmark = pytest.mark.thorough
"""A real browser and a whole game year: `.ci/run` runs this with `pytest -m thorough`."""

README = Path(__file__).parents[2] / "README.md"
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


def readme_commands() -> tuple[dict[str, str], list[list[str]], str]:
    """The README's judge section: the variables it exports, its ``adjudicator judge``
    commands that make a game (up to ``status``), and the command that opens the pages."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Run a play-by-email game", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    env: dict[str, str] = {}
    commands: list[list[str]] = []
    for line in blocks[0].splitlines():
        words = shlex.split(line, comments=True)
        if words[:1] == ["export"]:
            name, _, value = words[1].partition("=")
            env[name] = value
        elif words[:2] == ["adjudicator", "judge"]:
            commands.append(words[2:])
    [web] = [line for line in blocks[1].splitlines() if line.startswith("adjudicator judge")]
    return env, commands, web


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def readme_game(tmp_path: Path) -> Iterator[tuple[str, dict[str, str], str]]:
    """The README's game, made by its commands on a database in the test's folder, and its
    pages served as the README opens them: (base URL, passwords, the master's password)."""
    env, commands, web = readme_commands()
    database = f"sqlite:///{tmp_path / 'games.db'}"
    passwords: dict[str, str] = {}
    for command in commands:
        args = [database if word == "sqlite:///games.db" else word for word in command]
        said = run_judge(args, env)
        found = re.match(r"(\w+) in spring: .* password (\S+)", said)
        if found:
            passwords[found.group(1)] = found.group(2)
    assert set(passwords) == {"England", "Germany"}, passwords
    assert "web --port" in web and "--db sqlite:///games.db" in web
    with running_web(database, tmp_path / "server.log") as url:
        yield url, passwords, env["ADJUDICATOR_JUDGE_GM_PASSWORD"]


def sign_on(page: Any, server: str, power: str, password: str) -> None:
    page.goto(server + "/games/spring")
    page.get_by_role("link", name="Sign on").click()
    page.get_by_label("Power").select_option(power)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign on").click()


def send_orders(page: Any, orders: str) -> str:
    page.get_by_label("Your orders, one a line").fill(orders)
    page.get_by_role("button", name="Send orders").click()
    answer: str = page.locator("pre.answer").inner_text()
    return answer


def play(page: Any, server: str, power: str, password: str, orders: str) -> None:
    sign_on(page, server, power, password)
    answer = send_orders(page, orders)
    assert "Your orders were accepted" in answer, answer
    page.get_by_role("button", name="Sign off").click()


def process(page: Any, server: str, password: str, done: str) -> None:
    sign_on(page, server, "master", password)
    page.get_by_role("button", name="Process the phase now").click()
    said = page.locator("main").inner_text()
    assert f"Processed: spring: {done}" in said, said
    page.get_by_role("button", name="Sign off").click()


def board_colours(element: Any, image: Any) -> set[str]:
    shot = image.open(io.BytesIO(element.screenshot())).convert("RGB")
    return {hex_colour(shot.getpixel((x, y))) for x in range(0, shot.width, 7)
            for y in range(0, shot.height, 7)}  # fmt: skip


def check_history(page: Any, server: str, image: Any, folder: Path) -> None:
    """Every processed phase in the history, with its report and its board."""
    page.set_viewport_size(DESK)
    page.goto(server + "/games/spring/history")
    reports = page.locator("pre.report").all_inner_texts()
    assert len(reports) == 3
    history = "\n".join(reports)
    for line in (
        "England: Fleet London -> North Sea.",
        "England: Army Yorkshire -> Norway.",
        "Germany: Army Ruhr -> Belgium.",
        "England: Builds a fleet in London.",
    ):
        assert line in history, line
    page.screenshot(path=folder / "2-history.png", full_page=True)
    colours = palette_for(load_map("standard"))
    for seq, code in enumerate(("S1901M", "F1901M", "W1901A")):
        page.goto(f"{server}/games/spring/phases/{seq}")
        board = page.locator("figure.board svg")
        assert board.get_attribute("data-phase") == code
        page.screenshot(path=folder / f"3-{code}.png", full_page=True)
        found = board_colours(board, image)
        assert any(near(c, colours.sea) for c in found), code  # the board is drawn
        assert any(near(c, colours.power("England")) for c in found), code
        assert any(near(c, colours.power("Germany")) for c in found), code


def check_spring_1902(page: Any, server: str, folder: Path) -> None:
    """The game's page after the winter: Spring 1902, England with four centres and units,
    Germany with six."""
    page.goto(server + "/games/spring")
    assert "Spring 1902" in page.locator("main").inner_text()
    rows = {
        power: page.locator("tr", has=page.get_by_role("rowheader", name=power)).inner_text()
        for power in ("England", "Germany")
    }
    assert rows["England"].split()[1:3] == ["4", "4"], rows
    assert rows["Germany"].split()[1:3] == ["6", "6"], rows
    page.screenshot(path=folder / "4-spring-1902.png", full_page=True)


def test_the_readme_game_played_in_the_browser_to_the_first_winter(
    readme_game: tuple[str, dict[str, str], str], browser: Any, tmp_path: Path
) -> None:
    image = pytest.importorskip("PIL.Image")
    server, passwords, gm = readme_game
    context = browser.new_context(viewport=PHONE, timezone_id="Europe/Berlin", locale="en-GB")
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))

    # the list of games, and the game's page with the deadline in the reader's zone
    page.goto(server + "/")
    page.get_by_role("link", name="spring").click()
    assert page.get_by_role("heading", name="spring", level=1).is_visible()
    deadline = page.locator("main time").first
    assert deadline.get_attribute("datetime", timeout=5000)
    shown = deadline.inner_text()
    assert "UTC" not in shown and ("CET" in shown or "GMT+1" in shown), shown
    assert page.locator("footer .zone").inner_text() == "Europe/Berlin"
    page.screenshot(path=tmp_path / "0-game.png", full_page=True)

    # Spring: England makes a mistake, sees the caret, corrects it
    sign_on(page, server, "England", passwords["England"])
    wrong = send_orders(page, "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yorkshre")
    assert "orders:3:9: error: unknown province 'Yorkshre'" in wrong
    assert "    A Lvp - Yorkshre\n            ^" in wrong
    page.screenshot(path=tmp_path / "1-mistake.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "Your orders were accepted" in send_orders(page, "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor")
    page.get_by_role("button", name="Sign off").click()
    play(page, server, "Germany", passwords["Germany"], "F Kie - Den\nA Ber - Kie\nA Mun - Ruh")
    process(page, server, gm, "S1901M -> F1901M")

    # Fall: England convoys into Norway, Germany takes Holland and Belgium
    play(page, server, "England", passwords["England"], "F Nth C A Yor - Nor\nA Yor - Nor\nF Nwg H")
    play(page, server, "Germany", passwords["Germany"], "F Den H\nA Kie - Hol\nA Ruh - Bel")
    process(page, server, gm, "F1901M -> W1901A")

    # Winter: the builds
    sign_on(page, server, "England", passwords["England"])
    assert "Builds still open: 1" in page.locator("main").inner_text()
    assert "Your orders were accepted" in send_orders(page, "Build F Lon")
    page.get_by_role("button", name="Sign off").click()
    play(page, server, "Germany", passwords["Germany"], "Build A Ber\nBuild A Mun\nBuild F Kie")
    process(page, server, gm, "W1901A -> S1902M")

    check_history(page, server, image, tmp_path)
    check_spring_1902(page, server, tmp_path)
    assert not [p for p in problems if "Content Security Policy" in p or "Error" in p], problems
    context.close()
