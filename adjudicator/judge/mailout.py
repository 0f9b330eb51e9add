"""Outgoing mail: the outbox's rows composed as messages and sent over SMTP.

The judge never sends while it changes a game: replies and results are rows of the ``outbox``
table, written in the transaction of the change they report. :func:`deliver` sends the unsent
rows afterwards, one at a time, each in a transaction of its own that marks the row sent as
soon as the server has accepted it. A crash or a mail server that is down loses nothing: the
rows stay unsent and the next delivery (the next tick) sends them, once.

Every mail is marked ``Auto-Submitted`` (RFC 3834: ``auto-replied`` for answers to a player's
mail, ``auto-generated`` for results and reminders), so that well-behaved robots do not answer
it; the judge in turn never answers robots (:func:`adjudicator.judge.mailin.reply_refusal`).
"""

from __future__ import annotations

import re
import secrets
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Protocol

from adjudicator.base.errors import cut
from adjudicator.base.limits import split_lines
from adjudicator.judge.config import JudgeConfig, SmtpConfig
from adjudicator.judge.pictures import Attachment, phase_picture
from adjudicator.judge.store import OutboxRow, Store, Tx

__all__ = [
    "DeliveryError",
    "Sender",
    "SmtpSender",
    "compose",
    "deliver",
    "make_message_id",
]


class DeliveryError(OSError):
    """A mail the server did not take; it and the rest stay queued for the next delivery."""


class Sender(Protocol):
    """Anything that sends one message or raises :class:`OSError` (``smtplib``'s errors are
    ``OSError`` too); tests pass a stand-in."""

    def send(self, message: EmailMessage) -> None: ...


def make_message_id(judge_address: str) -> str:
    """A new, globally unique Message-ID at the judge's domain: 128 random bits, no clock.

    >>> make_message_id("judge@example.org").endswith("@example.org>")
    True
    """
    _, at, domain = judge_address.strip().rpartition("@")
    if not at or not re.fullmatch(r"[A-Za-z0-9.-]+", domain):
        domain = "judge.invalid"
    return f"<{secrets.token_hex(16)}@{domain}>"


_ADDRESS = re.compile(r'[^\s@<>()\[\]\\,;:"]+@[^\s@<>()\[\]\\,;:"]+')
"""An addr-spec the email package writes as it is: one ``@``, no spaces, no specials."""


def _one_line(text: str) -> str:
    """A header value on one line (a line break would end the header: header injection)."""
    return " ".join(text.split())


def compose(
    row: OutboxRow, config: JudgeConfig, attachment: Attachment | None = None
) -> EmailMessage:
    """The message for an outbox row: From the judge, To the row's address, its Message-ID,
    Date (when it was written), In-Reply-To and References for a reply, Auto-Submitted, and the
    body as UTF-8 text/plain. Raises :class:`ValueError` for an address the email package
    cannot write (``0@``).

    The body keeps its lines exactly (results reports are laid out in columns): plain ASCII
    with short lines goes as it is, anything else quoted-printable, whose soft line breaks keep
    every line under 78 characters on the wire and are undone by the reader's mail program.
    An ``attachment`` (a results mail's board picture) follows the text.
    """
    message = EmailMessage()
    message["From"] = Address(_one_line(config.judge_name), addr_spec=config.judge_address)
    to = row.to_addr.strip()
    if not _ADDRESS.fullmatch(to) or not to.isprintable():
        raise ValueError(f"{cut(row.to_addr, 80)!r} cannot be written as an address")
    message["To"] = to
    message["Subject"] = cut(_one_line(row.subject), 200)
    message["Date"] = format_datetime(row.created_at)
    message["Message-ID"] = row.message_id
    if row.in_reply_to:
        message["In-Reply-To"] = _one_line(row.in_reply_to)
        message["References"] = _one_line(row.in_reply_to)
    message["Auto-Submitted"] = "auto-replied" if row.kind == "reply" else "auto-generated"
    # asks Microsoft Exchange not to send out-of-office and similar replies to the judge
    message["X-Auto-Response-Suppress"] = "All"
    lines = split_lines(row.body.removesuffix("\n").removesuffix("\r"))
    body = "\n".join(lines) + "\n"
    plain = body.isascii() and all(len(line) <= 78 and line == line.rstrip() for line in lines)
    message.set_content(
        body, subtype="plain", charset="utf-8", cte="7bit" if plain else "quoted-printable"
    )
    if attachment is not None:
        message.add_attachment(
            attachment.data,
            maintype=attachment.maintype,
            subtype=attachment.subtype,
            filename=attachment.filename,
        )
    return message


class SmtpSender:
    """Sends each message over its own SMTP connection (a judge sends a few dozen mails a
    phase; a fresh connection never finds a stale one), with the configured security, login
    and timeout."""

    def __init__(self, config: SmtpConfig, *, context: ssl.SSLContext | None = None) -> None:
        self.config = config
        self._context = context

    def _tls(self) -> ssl.SSLContext:
        if self._context is None:
            self._context = ssl.create_default_context()
        return self._context

    def _connect(self) -> smtplib.SMTP:
        config = self.config
        if config.security == "tls":
            return smtplib.SMTP_SSL(
                config.host, config.port, timeout=config.timeout, context=self._tls()
            )
        return smtplib.SMTP(config.host, config.port, timeout=config.timeout)

    def send(self, message: EmailMessage) -> None:
        """Send ``message``; raises :class:`OSError` (an ``smtplib.SMTPException``, a refused
        connection, a timeout) when the server did not take it for every recipient."""
        config = self.config
        with self._connect() as smtp:
            if config.security == "starttls":
                smtp.starttls(context=self._tls())
            if config.username is not None:
                smtp.login(config.username, config.password or "")
            refused = smtp.send_message(message)
        if refused:
            raise smtplib.SMTPRecipientsRefused(refused)


def deliver(
    store: Store,
    sender: Sender,
    config: JudgeConfig,
    now: datetime,
    limit: int = 100,
    *,
    clock: Callable[[], datetime] | None = None,
    on_sent: Callable[[OutboxRow], None] | None = None,
) -> int:
    """Send up to ``limit`` unsent outbox rows, oldest first; the number sent.

    ``clock`` is the time as the delivery goes on (the command line's clock): each claim then
    runs from the moment its mail is taken, and each mail is marked sent when it was, however
    long the delivery before it took; without it, both are ``now``. ``on_sent`` is told of
    each row the server took (``judge send`` lists them).

    Each row is *claimed* in a short transaction (:meth:`Tx.claim_mail
    <adjudicator.judge.store.Tx.claim_mail>`: SQLite's ``BEGIN IMMEDIATE``, or on PostgreSQL a
    transaction-level advisory lock, makes one delivery claim at a time), then sent with no
    transaction open, then marked sent. So two deliveries running at once (a tick and an
    incoming mail) never send a row twice, and no transaction waits on the mail server: an
    incoming mail is stored at once however slow the server is. Should a delivery die while
    sending, its row is tried again once the claim runs out (:func:`claim_time`). A row the
    server does not take is released, to be tried again by the next delivery, and a
    :class:`DeliveryError` (an :class:`OSError`) names it and the server's answer:

    - when the server cannot be reached, fails the login, refuses the judge as sender or
      answers "try later" (4xx), the delivery stops at once: the other rows would fare no
      better, and they wait in order;
    - when the server refuses this one mail for good (5xx for its recipient or its content)
      or the row cannot be composed, the delivery goes on with the other rows and raises at
      the end: one mistyped player address must not hold up every other game's mail.
    """
    sent = 0
    refused: dict[int, str] = {}
    claim = claim_time(config.smtp)
    drawn: dict[tuple[str, int, str], Attachment | None] = {}
    """The pictures of this delivery: a phase's results go to every player, and a PNG takes a
    quarter of a second to make; each language's is made once."""
    while sent + len(refused) < limit:
        # with one time for the whole delivery, a delivery of many mails would claim the last
        # ones with a claim already run out, and another delivery could send them too
        taken = now if clock is None else clock()
        with store.transaction() as tx:
            _lock_outbox(tx)
            waiting = tx.claimable_mail(taken, len(refused) + 1)
            row = next((r for r in waiting if r.id not in refused), None)
            if row is None:
                break
            tx.claim_mail(row.id, taken + claim)
            row, attachment = _with_picture(tx, row, drawn)
        failure = _send(sender, row, config, attachment)
        with store.transaction() as tx:
            if failure is None:
                tx.mark_sent(row.id, now if clock is None else clock())
            else:
                tx.release_mail(row.id)
        if failure is None:
            sent += 1
            if on_sent is not None:
                on_sent(row)
        elif failure.permanent:
            refused[row.id] = failure.text
        else:
            before = _refused_text(refused)
            raise DeliveryError(
                f"{failure.text}; it stays queued with the mails after it, for the next"
                f" delivery ({sent} sent{before})"
            ) from failure.error
    if refused:
        raise DeliveryError(
            f"{len(refused)} mail(s) refused, they stay queued for the next delivery ({sent}"
            f" sent): {'; '.join(refused.values())}"
        )
    return sent


SMTP_ROUND_TRIPS = 9
"""The steps of sending one mail that may each wait ``smtp.timeout`` for the server: the
connection, its greeting, EHLO, MAIL FROM, RCPT TO (one recipient: the judge sends each mail to
one address), DATA, the message, the answer to it, QUIT."""
TLS_ROUND_TRIPS: dict[str, int] = {"none": 0, "tls": 1, "starttls": 3}
"""More of them with TLS: its handshake; with STARTTLS also the command and EHLO again."""
LOGIN_ROUND_TRIPS = 3
"""More of them with a login: AUTH LOGIN, the user name, the password (the longest exchange
``smtplib`` chooses)."""
CLAIM_MARGIN = timedelta(seconds=30)
"""Beyond the round trips: resolving the host's name, Python's own work, a clock a little off
between two machines sharing a PostgreSQL judge."""


def claim_time(smtp: SmtpConfig) -> timedelta:
    """How long other deliveries leave a mail alone while one is sending it: as long as
    sending one mail can take (each round trip of the SMTP conversation may wait
    ``smtp.timeout``; :data:`SMTP_ROUND_TRIPS`), and a margin. Only a delivery that died loses
    its claim, and its mail then goes with the next delivery after this time, not ten minutes
    later (2 minutes with a 10-second timeout, 5 with the default 30 seconds, without TLS or a
    login). A server that answers each step just within the timeout, or dribbles its answers a
    byte at a time, can outlast it: another delivery may then send the mail a second time,
    with the same Message-ID, as after a crash between sending and marking."""
    trips = SMTP_ROUND_TRIPS + TLS_ROUND_TRIPS[smtp.security]
    if smtp.username is not None:
        trips += LOGIN_ROUND_TRIPS
    return timedelta(seconds=trips * smtp.timeout) + CLAIM_MARGIN


@dataclass(frozen=True, slots=True)
class _Failure:
    text: str
    permanent: bool
    """Refused for good, for this mail only (the others may still go)."""
    error: BaseException


def _with_picture(
    tx: Tx, row: OutboxRow, drawn: dict[tuple[str, int, str], Attachment | None]
) -> tuple[OutboxRow, Attachment | None]:
    """The row and the board picture it carries. A picture that cannot be drawn must not hold
    up the mail: it goes without, and its text says why."""
    if row.picture_seq is None or row.game is None:
        return row, None
    key = (row.game, row.picture_seq, row.picture_lang or "en")
    try:
        if key not in drawn:
            drawn[key] = phase_picture(tx, *key)
        return row, drawn[key]
    except Exception as exc:  # a bug in drawing one picture: the results still go out
        note = f"\n(The board picture could not be drawn: {cut(_one_line(str(exc)), 200)})\n"
        return replace(row, body=row.body + note), None


def _send(
    sender: Sender, row: OutboxRow, config: JudgeConfig, attachment: Attachment | None = None
) -> _Failure | None:
    """Send one row; ``None`` when the server took it."""
    try:
        message = compose(row, config, attachment)
    except Exception as exc:  # ValueError; anything else is a bug, but of one mail only
        text = f"mail {row.id} to {cut(row.to_addr, 80)!r} cannot be composed: {exc}"
        return _Failure(text, True, exc)
    try:
        sender.send(message)
    except OSError as exc:
        server = f"{config.smtp.host}:{config.smtp.port}"
        reason = cut(_one_line(_reason(exc)) or type(exc).__name__, 200)
        subject = cut(_one_line(row.subject), 60)
        text = f"mail {row.id} to {cut(row.to_addr, 80)} ({subject!r}) was not sent through"
        return _Failure(f"{text} {server}: {reason}", _refused_for_good(exc), exc)
    return None


def _refused_for_good(exc: OSError) -> bool:
    """The server refused this mail's recipient or content with a permanent (5xx) answer."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    if isinstance(exc, smtplib.SMTPNotSupportedError):  # an address needs SMTPUTF8
        return True
    return isinstance(exc, smtplib.SMTPDataError) and exc.smtp_code >= 500


def _refused_text(refused: dict[int, str]) -> str:
    return f"; refused before it: {'; '.join(refused.values())}" if refused else ""


_OUTBOX_LOCK = 0x4A554447  # "JUDG": the key of the PostgreSQL advisory lock of the outbox


def _lock_outbox(tx: Tx) -> None:
    """One delivery at a time. SQLite's write lock (``BEGIN IMMEDIATE``) already is one; on
    PostgreSQL reading the unsent rows locks nothing, so take an advisory lock, released when
    the transaction ends."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(?)", (_OUTBOX_LOCK,))


def _reason(exc: OSError) -> str:
    """What the server said (``550 no such user``), or what went wrong on the way."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        answers = [
            f"{code} {_text(text)}" for code, text in exc.recipients.values() if code or text
        ]
        return "refused " + "; ".join(answers)
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{exc.smtp_code} {_text(exc.smtp_error)}"
    return str(exc)


def _text(value: bytes | str) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value
