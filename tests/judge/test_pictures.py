"""The board a results mail carries (issue 18): the phase that was due, its orders and their
outcomes, drawn when the mail is sent, PNG with the optional resvg-py, SVG without it; a
picture that cannot be drawn never holds up the results."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from email.message import EmailMessage

import pytest

from adjudicator.judge import pictures
from adjudicator.judge.mailout import deliver
from adjudicator.judge.service import Judge
from adjudicator.judge.store import open_store
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    PLAYERS,
    T0,
    RecordingSender,
    cheap_passwords,
    config,
    hours,
    make_mail,
    new_game,
    signon,
)

__all__ = ["cheap_passwords"]

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def svg_boards() -> None:
    """The results mails here carry PNG boards where resvg-py is installed (tests/judge's
    conftest sends SVG everywhere else)."""


@pytest.fixture
def judge() -> Iterator[Judge]:
    store = open_store("sqlite:///:memory:")
    found = Judge(store, config())
    new_game(found)
    found.handle_mail(make_mail(PLAYERS["France"][0], signon("France") + "A Par - Bur\n"), T0)
    found.process_now("g1", gm_password=GM_PASSWORD, now=T0 + hours(1))
    yield found
    store.close()


def results(sender: RecordingSender) -> list[EmailMessage]:
    return [m for m in sender.sent if "results" in m["Subject"] or "Ergebnisse" in m["Subject"]]


def test_every_results_mail_carries_the_board(judge: Judge) -> None:
    pytest.importorskip("resvg_py")
    sender = RecordingSender()
    deliver(judge.store, sender, judge.config, T0 + hours(1))
    sent = results(sender)
    assert sorted(str(m["To"]) for m in sent) == sorted([GM, *(e for e, _ in PLAYERS.values())])
    for message in sent:
        [picture] = list(message.iter_attachments())
        assert isinstance(picture, EmailMessage)
        assert picture.get_content_type() == "image/png"
        assert picture.get_filename() == "g1-S1901M.png"
        assert picture.get_content()[:8] == b"\x89PNG\r\n\x1a\n"
        body = message.get_body(("plain",))
        assert isinstance(body, EmailMessage)
        assert "Movement results for Spring of 1901" in body.get_content() or (
            "Ergebnisse" in body.get_content()
        )


def test_without_png_the_board_goes_as_svg_in_the_players_language(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pictures, "png_available", lambda: False)
    sender = RecordingSender()
    deliver(judge.store, sender, judge.config, T0 + hours(1))
    german = next(m for m in results(sender) if m["To"] == PLAYERS["Germany"][0])
    [picture] = list(german.iter_attachments())
    assert picture.get_content_type() == "image/svg+xml"
    assert picture.get_filename() == "g1-S1901M.svg"
    content = picture.get_content()
    root = ET.fromstring(content if isinstance(content, bytes) else content.encode())
    assert root.findtext(f"{SVG}title") == "Frühjahr 1901 (Bewegung): Ergebnisse"
    moves = [e for e in root.iter() if e.get("data-order") == "A PAR - BUR"]
    assert [m.get("data-outcome") for m in moves] == ["succeeds"]


def test_a_board_that_cannot_be_drawn_never_holds_up_the_results(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("no ink")

    monkeypatch.setattr(pictures, "render", broken)
    sender = RecordingSender()
    deliver(judge.store, sender, judge.config, T0 + hours(1))
    sent = results(sender)
    assert len(sent) == len(PLAYERS) + 1
    for message in sent:
        assert not list(message.iter_attachments())
        body = message.get_body(("plain",))
        assert isinstance(body, EmailMessage)
        assert "(The board picture could not be drawn: no ink)" in body.get_content()
