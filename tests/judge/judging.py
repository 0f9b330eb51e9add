"""Helpers of the service and end-to-end tests: mails as players write them, a judge on a store,
the state of a game to compare before and after a mail."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest

from adjudicator.judge.config import JudgeConfig, SmtpConfig
from adjudicator.judge.game import PhaseLengths
from adjudicator.judge.service import GameSettings, Judge
from adjudicator.judge.store import OutboxRow, Store

JUDGE_ADDRESS = "judge@judge.test"
GM = "gm@judge.test"
GM_PASSWORD = "gm-secret"
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
"""When the test games start."""

PLAYERS: dict[str, tuple[str, str]] = {
    "Austria": ("austria@players.test", "en"),
    "England": ("england@players.test", "en"),
    "France": ("france@players.test", "en"),
    "Germany": ("germany@players.test", "de"),
    "Italy": ("italy@players.test", "en"),
    "Russia": ("russia@players.test", "en"),
    "Turkey": ("turkey@players.test", "en"),
}
"""Power -> (address, language); every password is ``pw-<power>``."""


def password(power: str) -> str:
    return f"pw-{power.lower()}"


def config(db_url: str = "", smtp_port: int = 25) -> JudgeConfig:
    return JudgeConfig(
        db_url=db_url,
        judge_address=JUDGE_ADDRESS,
        judge_name="Test Judge",
        smtp=SmtpConfig(
            host="127.0.0.1",
            port=smtp_port,
            security="none",
            username=None,
            password=None,
            timeout=10.0,
        ),
    )


@pytest.fixture(autouse=True)
def cheap_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    """scrypt at a tiny cost: the tests hash a password per player and check one per mail."""
    monkeypatch.setattr("adjudicator.judge.passwords.COST_N", 2**4)


_counter = iter(range(1, 1_000_000))


def make_mail(
    sender: str,
    body: str,
    *,
    subject: str = "orders",
    message_id: str | None = None,
    headers: Sequence[tuple[str, str]] = (),
) -> bytes:
    """A plain-text mail to the judge, as bytes."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = subject
    message["Message-ID"] = message_id or f"<m{next(_counter)}@players.test>"
    message["Date"] = "Mon, 02 Mar 2026 12:00:00 +0000"
    for name, value in headers:
        message[name] = value
    message.set_content(body)
    return bytes(message)


def signon(power: str, game: str = "g1") -> str:
    return f"SIGNON {power} {game} {password(power)}\n"


LENGTHS = PhaseLengths(movement=48 * 60, retreat=24 * 60, adjustment=24 * 60, grace=120)
"""The test games' phases: two days, one day, one day; two hours of grace."""


def new_game(
    judge: Judge,
    name: str = "g1",
    *,
    powers: Sequence[str] = tuple(PLAYERS),
    lengths: PhaseLengths = LENGTHS,
    process_early: bool = False,
    reminder_hours: float = 12.0,
    start: bool = True,
) -> None:
    settings = GameSettings("standard", "datc", lengths, process_early, reminder_hours)
    judge.create_game(name, gm_email=GM, gm_password=GM_PASSWORD, settings=settings, now=T0)
    for power in powers:
        email, lang = PLAYERS[power]
        judge.add_player(
            name, power, email, gm_password=GM_PASSWORD, lang=lang, password=password(power), now=T0
        )
    if start:
        judge.start(name, gm_password=GM_PASSWORD, now=T0)


def outbox(store: Store, game: str | None = None) -> list[OutboxRow]:
    with store.transaction() as tx:
        return tx.outbox(game)


def replies_to(store: Store, address: str, kind: str | None = None) -> list[OutboxRow]:
    return [o for o in outbox(store) if o.to_addr == address and (kind is None or o.kind == kind)]


def last_reply(store: Store, address: str) -> str:
    found = replies_to(store, address, "reply")
    assert found, f"no reply to {address}"
    return found[-1].body


def game_state(store: Store, game: str = "g1") -> tuple[Any, ...]:
    """Everything a mail may change about a game (not the mails and the outbox)."""
    with store.transaction() as tx:
        return (
            tx.get_game(game),
            tx.players(game),
            tx.phases(game),
            tx.submissions(game),
            tx.press(game),
        )


@dataclass
class RecordingSender:
    """An SMTP sender stand-in: keeps what it is asked to send, or fails when told to."""

    sent: list[Any] = field(default_factory=list)
    fail: bool = False

    def send(self, message: Any) -> None:
        if self.fail:
            raise OSError("connection refused (test)")
        self.sent.append(message)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def iter_bodies(rows: Sequence[OutboxRow]) -> Iterator[str]:
    return (row.body for row in rows)
