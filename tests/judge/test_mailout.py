"""Outgoing mail: composed headers, sending through a real SMTP server on the loopback interface
(plain, STARTTLS, TLS, with a login), and the outbox delivered once, a refusal keeping mail
queued."""

from __future__ import annotations

import contextlib
import re
import smtplib
import socket
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.base.limits import split_lines
from adjudicator.judge.config import JudgeConfig, SmtpConfig
from adjudicator.judge.mailin import read_mail, reply_refusal
from adjudicator.judge.mailout import (
    DeliveryError,
    SmtpSender,
    claim_time,
    compose,
    deliver,
    make_message_id,
)
from adjudicator.judge.store import OutboxRow, Store, open_store
from tests.examples import examples
from tests.judge.judging import RecordingSender
from tests.judge.smtp import (
    SmtpServer,
    client_context,
    running_smtp_server,
    self_signed_certificate,
)

T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
JUDGE = "judge@example.org"


def config_for(server: SmtpServer | None = None, **smtp: object) -> JudgeConfig:
    host, port = (server.host, server.port) if server else ("127.0.0.1", 9)
    settings: dict[str, object] = {"host": host, "port": port, "timeout": 10.0, **smtp}
    return JudgeConfig("sqlite:///:memory:", JUDGE, "Diplomacy Judge", SmtpConfig(**settings))  # type: ignore[arg-type]


def row(
    n: int = 1,
    *,
    to: str = "ann@players.test",
    subject: str = "orders for g1",
    body: str = "Your orders:\n  A Par - Bur\n",
    in_reply_to: str | None = "<m1@players.test>",
    kind: str = "reply",
) -> OutboxRow:
    return OutboxRow(
        id=n,
        message_id=f"<out-{n}@example.org>",
        to_addr=to,
        subject=subject,
        body=body,
        in_reply_to=in_reply_to,
        created_at=T0,
        sent_at=None,
        game="g1",
        kind=kind,
    )


# ----------------------------------------------------------------------------- compose
def test_message_ids_are_unique_at_the_judges_domain() -> None:
    ids = {make_message_id(JUDGE) for _ in range(1000)}
    assert len(ids) == 1000
    assert all(re.fullmatch(r"<[0-9a-f]{32}@example\.org>", i) for i in ids)
    assert make_message_id("nodomain").endswith("@judge.invalid>")


def test_a_reply_has_every_header() -> None:
    message = compose(row(), config_for())
    assert str(message["From"]) == "Diplomacy Judge <judge@example.org>"
    assert str(message["To"]) == "ann@players.test"
    assert str(message["Subject"]) == "orders for g1"
    assert str(message["Date"]) == "Tue, 01 Dec 2026 18:00:00 +0000"
    assert str(message["Message-ID"]) == "<out-1@example.org>"
    assert str(message["In-Reply-To"]) == "<m1@players.test>"
    assert str(message["References"]) == "<m1@players.test>"
    assert str(message["Auto-Submitted"]) == "auto-replied"
    assert message.get_content_type() == "text/plain"
    assert message.get_content_charset() == "utf-8"
    assert message.get_content() == "Your orders:\n  A Par - Bur\n"


def test_results_are_auto_generated_and_reply_to_nothing() -> None:
    message = compose(row(in_reply_to=None, kind="results"), config_for())
    assert str(message["Auto-Submitted"]) == "auto-generated"
    assert message["In-Reply-To"] is None and message["References"] is None


def test_the_judges_own_mail_is_never_answered_by_the_judge() -> None:
    for kind in ("reply", "results"):
        raw = bytes(compose(row(kind=kind), config_for()))
        assert reply_refusal(read_mail(raw), JUDGE) is not None


def test_long_and_non_ascii_lines_survive_exactly_within_78_characters() -> None:
    body = (
        "Frühjahr 1901: Befehle\n"
        + "A München - Berlin " * 12
        + "\n"
        + "x" * 2000
        + "\n\n  indented = equals\n"
    )
    message = compose(row(body=body), config_for())
    wire = bytes(message)
    assert all(len(line.rstrip(b"\r")) <= 78 for line in wire.split(b"\n"))
    assert wire.isascii()
    back = BytesParser(policy=policy.default).parsebytes(wire)
    assert back.get_content() == body


def test_header_injection_is_impossible() -> None:
    message = compose(row(subject="hi\r\nBcc: victim@x.org"), config_for())
    head = bytes(message).decode().split("\n\n", 1)[0]
    assert "\nBcc:" not in head
    assert str(message["Subject"]) == "hi Bcc: victim@x.org"
    with pytest.raises(ValueError, match="cannot be written as an address"):
        compose(row(to="ann@players.test\nBcc: v@x.org"), config_for())


# ----------------------------------------------------------------------------- sending
def test_a_mail_sent_through_a_real_server_arrives_intact(smtp_server: SmtpServer) -> None:
    body = "Ergebnisse Frühjahr 1901\nA München - Berlin.\n" + "-" * 100 + "\n"
    SmtpSender(config_for(smtp_server).smtp).send(compose(row(body=body), config_for()))
    [received] = smtp_server.received
    assert received.recipients == ("ann@players.test",)
    assert received["Message-ID"] == "<out-1@example.org>"
    assert received["From"] == "Diplomacy Judge <judge@example.org>"
    assert received["Auto-Submitted"] == "auto-replied"
    assert received.body == body


def test_login_with_the_configured_user() -> None:
    with running_smtp_server(("judge", "pw")) as server:
        good = config_for(server, username="judge", password="pw")
        SmtpSender(good.smtp).send(compose(row(), good))
        assert server.logins == ["judge"]
        assert len(server.received) == 1
        bad = config_for(server, username="judge", password="wrong")
        with pytest.raises(smtplib.SMTPAuthenticationError):
            SmtpSender(bad.smtp).send(compose(row(2), bad))
        assert len(server.received) == 1


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = self_signed_certificate(tmp_path_factory.mktemp("tls"))
    if made is None:
        pytest.skip("no openssl command to make a test certificate")
    return made


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_starttls_and_tls(certificate: Path, security: str) -> None:
    with running_smtp_server(("judge", "pw"), security=security, certificate=certificate) as srv:  # type: ignore[arg-type]
        config = config_for(srv, security=security, username="judge", password="pw")
        SmtpSender(config.smtp, context=client_context(certificate)).send(compose(row(), config))
        assert len(srv.received) == 1 and srv.logins == ["judge"]
        # the default context trusts only real authorities: a self-signed server is refused
        with pytest.raises(OSError):
            SmtpSender(config.smtp).send(compose(row(2), config))
        assert len(srv.received) == 1


def test_a_server_that_is_not_there_is_an_os_error() -> None:
    with _closed_port() as port:
        config = config_for(None, port=port)
        with pytest.raises(OSError):
            SmtpSender(config.smtp).send(compose(row(), config))


# ----------------------------------------------------------------------------- deliver
@pytest.fixture
def queued(store: Store) -> Iterator[Store]:
    """Three mails in the outbox: a reply and two results."""
    with store.transaction() as tx:
        for n, (to, kind) in enumerate(
            [("ann@players.test", "reply"), ("bob@players.test", "results"),
             ("cy@players.test", "results")], 1
        ):  # fmt: skip
            tx.queue_mail(row(n, to=to, kind=kind, subject=f"mail {n}"))
    yield store


def unsent(store: Store) -> list[str]:
    with store.transaction() as tx:
        return [r.subject for r in tx.unsent_mail(100)]


def test_deliver_sends_each_mail_once_and_marks_it(queued: Store, smtp_server: SmtpServer) -> None:
    config = config_for(smtp_server)
    assert deliver(queued, SmtpSender(config.smtp), config, T0) == 3
    assert [m["Subject"] for m in smtp_server.received] == ["mail 1", "mail 2", "mail 3"]
    assert [m.recipients for m in smtp_server.received] == [
        ("ann@players.test",), ("bob@players.test",), ("cy@players.test",)
    ]  # fmt: skip
    assert unsent(queued) == []
    with queued.transaction() as tx:
        assert {r.sent_at for r in tx.outbox()} == {T0}
    assert deliver(queued, SmtpSender(config.smtp), config, T0 + timedelta(minutes=1)) == 0
    assert len(smtp_server.received) == 3


def test_deliver_sends_at_most_the_limit(queued: Store, smtp_server: SmtpServer) -> None:
    config = config_for(smtp_server)
    assert deliver(queued, SmtpSender(config.smtp), config, T0, limit=2) == 2
    assert unsent(queued) == ["mail 3"]


def test_a_refusing_server_leaves_the_mail_queued(queued: Store, smtp_server: SmtpServer) -> None:
    config = config_for(smtp_server)
    smtp_server.refuse = "550 5.7.1 refused (test)"
    with pytest.raises(DeliveryError) as raised:
        deliver(queued, SmtpSender(config.smtp), config, T0)
    message = str(raised.value)
    assert message.startswith("3 mail(s) refused, they stay queued for the next delivery (0 sent)")
    assert "mail 1 to ann@players.test ('mail 1') was not sent through 127.0.0.1:" in message
    assert "550 5.7.1 refused (test)" in message
    assert isinstance(raised.value, OSError)
    assert unsent(queued) == ["mail 1", "mail 2", "mail 3"]
    assert smtp_server.received == []
    smtp_server.refuse = None
    assert deliver(queued, SmtpSender(config.smtp), config, T0) == 3
    assert [m["Subject"] for m in smtp_server.received] == ["mail 1", "mail 2", "mail 3"]


def test_a_refused_address_does_not_hold_up_the_others(
    queued: Store, smtp_server: SmtpServer
) -> None:
    config = config_for(smtp_server)
    smtp_server.refused_recipients.add("bob@players.test")
    with pytest.raises(
        DeliveryError, match=r"\(2 sent\): mail 2 to bob@players\.test .*refused 550"
    ):
        deliver(queued, SmtpSender(config.smtp), config, T0)
    assert [m["Subject"] for m in smtp_server.received] == ["mail 1", "mail 3"]
    assert unsent(queued) == ["mail 2"]
    # tried again by the next delivery, and sent once the address is accepted
    smtp_server.refused_recipients.clear()
    assert deliver(queued, SmtpSender(config.smtp), config, T0) == 1
    assert [m["Subject"] for m in smtp_server.received] == ["mail 1", "mail 3", "mail 2"]


def test_an_unusable_address_does_not_hold_up_the_others(
    store: Store, smtp_server: SmtpServer
) -> None:
    with store.transaction() as tx:
        tx.queue_mail(row(1, to="0@", subject="mail 1"))
        tx.queue_mail(row(2, subject="mail 2"))
    config = config_for(smtp_server)
    with pytest.raises(DeliveryError, match=r"mail 1 to '0@' cannot be composed"):
        deliver(store, SmtpSender(config.smtp), config, T0)
    assert [m["Subject"] for m in smtp_server.received] == ["mail 2"]
    assert unsent(store) == ["mail 1"]


def test_try_later_stops_the_delivery(queued: Store, smtp_server: SmtpServer) -> None:
    config = config_for(smtp_server)
    smtp_server.refuse = "451 4.3.0 try again later (test)"
    with pytest.raises(DeliveryError) as raised:
        deliver(queued, SmtpSender(config.smtp), config, T0)
    assert str(raised.value) == (
        f"mail 1 to ann@players.test ('mail 1') was not sent through 127.0.0.1:{smtp_server.port}:"
        " 451 4.3.0 try again later (test); it stays queued with the mails after it, for the"
        " next delivery (0 sent)"
    )
    assert unsent(queued) == ["mail 1", "mail 2", "mail 3"]


def test_a_server_that_is_down_leaves_everything_queued(queued: Store) -> None:
    with _closed_port() as port:
        config = config_for(None, port=port)
        with pytest.raises(DeliveryError, match=r"was not sent through 127\.0\.0\.1"):
            deliver(queued, SmtpSender(config.smtp), config, T0)
    assert unsent(queued) == ["mail 1", "mail 2", "mail 3"]


@contextlib.contextmanager
def _closed_port() -> Iterator[int]:
    """A port of 127.0.0.1 where no server listens, held (bound, never listening) until the
    block ends: a port merely freed could be taken at once by a server of another test worker
    (pytest-xdist), and the connection would then not be refused."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


def test_two_deliveries_at_once_send_each_mail_once(
    store_url: str, smtp_server: SmtpServer
) -> None:
    config = config_for(smtp_server)
    with open_store(store_url) as store, store.transaction() as tx:
        for n in range(1, 31):
            tx.queue_mail(row(n, subject=f"mail {n}"))
    start = threading.Barrier(2)
    counts: list[int] = []

    def delivery() -> None:
        with open_store(store_url) as own:
            start.wait(timeout=60)
            counts.append(deliver(own, SmtpSender(config.smtp), config, T0))

    threads = [threading.Thread(target=delivery) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(m["Subject"] for m in smtp_server.received) == sorted(
        f"mail {n}" for n in range(1, 31)
    )
    assert sum(counts) == 30


class DuringSend:
    """A sender that, while it "talks to the server" about a mail, lets ``meanwhile`` do what
    another process could do at that moment, then takes the mail."""

    def __init__(self, meanwhile: Callable[[str], None]) -> None:
        self.meanwhile = meanwhile
        self.sent: list[str] = []

    def send(self, message: EmailMessage) -> None:
        self.meanwhile(str(message["Subject"]))
        self.sent.append(str(message["Subject"]))


def test_no_transaction_waits_on_the_mail_server(queued: Store, store_url: str) -> None:
    # While a mail is being sent, an incoming mail's reply is stored by another connection at
    # once (with the outbox locked during the send, SQLite would wait for the server, then
    # fail with "database is locked"), and a second delivery finds the mail claimed.
    others_saw: list[list[str]] = []

    def incoming(subject: str) -> None:
        with open_store(store_url) as other, other.transaction() as tx:
            others_saw.append([r.subject for r in tx.claimable_mail(T0)])
            if subject.startswith("mail"):
                tx.queue_mail(row(10 + int(subject[-1]), subject=f"reply during {subject}"))

    sender = DuringSend(incoming)
    assert deliver(queued, sender, config_for(), T0) == 6
    assert sender.sent == [
        "mail 1", "mail 2", "mail 3",
        "reply during mail 1", "reply during mail 2", "reply during mail 3",
    ]  # fmt: skip
    assert unsent(queued) == []
    assert others_saw[0] == ["mail 2", "mail 3"]  # mail 1 was claimed
    assert all(subject not in saw for subject, saw in zip(sender.sent, others_saw, strict=True))


def test_a_mail_claimed_by_a_delivery_that_died_goes_when_the_claim_runs_out(
    queued: Store,
) -> None:
    config = config_for()
    until = T0 + claim_time(config.smtp)
    with queued.transaction() as tx:
        first = tx.unsent_mail(1)[0]
        tx.claim_mail(first.id, until)  # and then the delivery died
    sender = RecordingSender()
    assert deliver(queued, sender, config, T0) == 2
    assert deliver(queued, sender, config, until - timedelta(seconds=1)) == 0
    assert deliver(queued, sender, config, until) == 1
    assert [m["Subject"] for m in sender.sent] == ["mail 2", "mail 3", "mail 1"]


def test_a_mail_that_failed_is_released_for_the_next_delivery(queued: Store) -> None:
    with pytest.raises(DeliveryError):
        deliver(queued, RecordingSender(fail=True), config_for(), T0)
    sender = RecordingSender()
    assert deliver(queued, sender, config_for(), T0) == 3  # at once, not after the claim


@settings(max_examples=examples(300), database=None)
@given(
    to=st.text(max_size=80),
    subject=st.text(max_size=300),
    body=st.text(max_size=2000),
    in_reply_to=st.one_of(st.none(), st.text(max_size=60)),
)
def test_any_row_composes_and_reads_back(
    to: str, subject: str, body: str, in_reply_to: str | None
) -> None:
    # every row composes (or is refused as an unusable address) to a message whose body reads
    # back as written (with \n line ends and a final line end), marked for robots
    try:
        message = compose(
            row(to=to, subject=subject, body=body, in_reply_to=in_reply_to), config_for()
        )
    except ValueError as exc:
        assert "cannot be written as an address" in str(exc)
        return
    wire = bytes(message)
    assert all(len(line) <= 998 for line in wire.split(b"\n"))
    back = BytesParser(policy=policy.default).parsebytes(wire)
    expected = "\n".join(split_lines(body.removesuffix("\n").removesuffix("\r"))) + "\n"
    assert back.get_content().replace("\r\n", "\n") == expected.replace("\r\n", "\n")
    assert str(back["Auto-Submitted"]) == "auto-replied"


# ---------------------------------------------------------------------- the claim (issue 17)
class KilledWhileSending:
    """The process killed while it talks to the server about the first mail (a signal: no
    ``OSError`` that the delivery would catch and release the mail for)."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, message: EmailMessage) -> None:
        if not self.sent:
            self.sent.append("killed")
            raise KeyboardInterrupt
        self.sent.append(str(message["Subject"]))


def test_a_mail_of_a_delivery_killed_while_sending_goes_once_the_short_claim_has_run_out(
    queued: Store,
) -> None:
    config = config_for()  # a 10-second timeout, no TLS, no login
    assert claim_time(config.smtp) == timedelta(minutes=2)  # 9 round trips of 10 s, 30 s more
    with pytest.raises(KeyboardInterrupt):
        deliver(queued, KilledWhileSending(), config, T0)
    assert unsent(queued) == ["mail 1", "mail 2", "mail 3"]
    sender = RecordingSender()
    # the others go at once; the killed delivery's mail not before its claim has run out
    assert deliver(queued, sender, config, T0 + timedelta(seconds=119)) == 2
    assert unsent(queued) == ["mail 1"]
    assert deliver(queued, sender, config, T0 + timedelta(seconds=120)) == 1
    assert [m["Subject"] for m in sender.sent] == ["mail 2", "mail 3", "mail 1"]


@pytest.mark.parametrize(
    ("smtp", "minutes"),
    [
        ({"timeout": 30.0}, 5),  # the default timeout: 9 round trips, 30 s more
        ({"timeout": 30.0, "security": "tls"}, 5.5),
        ({"timeout": 30.0, "security": "starttls", "username": "j", "password": "p"}, 8),
        ({"timeout": 120.0}, 18.5),  # a server that takes long gets as long
    ],
)
def test_a_claim_lasts_as_long_as_sending_one_mail_can_take(
    smtp: dict[str, object], minutes: float
) -> None:
    assert claim_time(config_for(None, **smtp).smtp) == timedelta(minutes=minutes)


def test_each_claim_runs_from_when_its_mail_is_taken(queued: Store) -> None:
    # a delivery whose sends take a minute each: with one claim time for the whole delivery,
    # the third mail's claim would have run out before it was taken
    ticks = iter(range(100))

    def clock() -> datetime:
        return T0 + timedelta(minutes=next(ticks))

    sent: list[str] = []
    config = config_for()
    count = deliver(
        queued, RecordingSender(), config, T0, clock=clock, on_sent=lambda r: sent.append(r.subject)
    )
    assert count == 3 and sent == ["mail 1", "mail 2", "mail 3"]
    with queued.transaction() as tx:
        rows = tx.outbox()
    claim = claim_time(config.smtp)
    assert [(r.claimed_until, r.sent_at) for r in rows] == [
        (T0 + timedelta(minutes=2 * n) + claim, T0 + timedelta(minutes=2 * n + 1)) for n in range(3)
    ]
