"""A real SMTP server on the loopback interface for the judge's tests (aiosmtpd), keeping every
message it receives, parsed, so that a test can check each mail each player gets.

Not a test module: ``tests/judge/conftest.py`` makes it the ``smtp_server`` fixture, and a test
that needs another server (one that asks for a login, or two at once) uses
:func:`running_smtp_server` itself.
"""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any, Literal

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

__all__ = [
    "ReceivedMail",
    "SmtpServer",
    "client_context",
    "running_smtp_server",
    "self_signed_certificate",
]

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class ReceivedMail:
    """One message as the server took it: the envelope and the parsed message."""

    envelope_from: str
    recipients: tuple[str, ...]
    message: EmailMessage
    raw: bytes

    @property
    def body(self) -> str:
        """The text of the message, decoded (quoted-printable, UTF-8), with ``\n`` line ends
        (SMTP carries ``\r\n``, which decoding quoted-printable keeps)."""
        part = self.message.get_body(("plain",))
        assert isinstance(part, EmailMessage), "the message has no text/plain part"
        content: str = part.get_content()
        return content.replace("\r\n", "\n")

    def __getitem__(self, header: str) -> str:
        """A header as text (``mail["Subject"]``); empty when absent."""
        value = self.message[header]
        return "" if value is None else str(value)


@dataclass
class SmtpServer:
    """The server's address and what it received, in the order received.

    Set :attr:`refuse` to a reply such as ``"550 5.7.1 not today"`` to refuse every message
    (at the end of DATA), or put addresses in :attr:`refused_recipients` to refuse those at
    ``RCPT TO`` with ``550 5.1.1``.
    """

    host: str
    port: int
    received: list[ReceivedMail] = field(default_factory=list)
    refuse: str | None = None
    refused_recipients: set[str] = field(default_factory=set)
    credentials: tuple[str, str] | None = None
    logins: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def to(self, address: str) -> list[ReceivedMail]:
        """The messages received for ``address`` (case-insensitive), in order."""
        wanted = address.lower()
        with self._lock:
            return [m for m in self.received if wanted in (r.lower() for r in m.recipients)]

    def clear(self) -> None:
        with self._lock:
            self.received.clear()

    # ---------------------------------------------------------------- aiosmtpd hooks
    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        if address.lower() in {r.lower() for r in self.refused_recipients}:
            return "550 5.1.1 no such user (test)"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse is not None:
            return self.refuse
        raw = bytes(envelope.content)
        message = BytesParser(policy=policy.default).parsebytes(raw)
        assert isinstance(message, EmailMessage)
        received = ReceivedMail(str(envelope.mail_from), tuple(envelope.rcpt_tos), message, raw)
        with self._lock:
            self.received.append(received)
        return "250 Message accepted for delivery"

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any
    ) -> AuthResult:
        if not isinstance(auth_data, LoginPassword) or self.credentials is None:
            return AuthResult(success=False, handled=False)
        login = (auth_data.login.decode(), auth_data.password.decode())
        if login != self.credentials:
            return AuthResult(success=False, handled=False)
        self.logins.append(login[0])
        return AuthResult(success=True)


class _AnyPortController(Controller):
    """aiosmtpd's controller on a port the system chooses (port 0): it checks that the server
    is up by connecting to its port, so it must learn the port first."""

    def _trigger_server(self) -> None:
        assert isinstance(self.server, asyncio.Server)
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()  # type: ignore[no-untyped-call]


def self_signed_certificate(folder: Path) -> Path | None:
    """A certificate and key for 127.0.0.1 in one PEM file in ``folder`` (made with the
    ``openssl`` command), or ``None`` when there is no ``openssl`` to make one."""
    openssl = shutil.which("openssl")
    if openssl is None:
        return None
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj",
         f"/CN={LOOPBACK}", "-addext", f"subjectAltName=IP:{LOOPBACK}"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    both = folder / "server.pem"
    both.write_bytes(cert.read_bytes() + key.read_bytes())
    return both


def client_context(certificate: Path) -> ssl.SSLContext:
    """A client TLS context that trusts ``certificate`` (and checks the host name)."""
    return ssl.create_default_context(cafile=str(certificate))


@contextmanager
def running_smtp_server(
    credentials: tuple[str, str] | None = None,
    *,
    security: Literal["none", "starttls", "tls"] = "none",
    certificate: Path | None = None,
) -> Iterator[SmtpServer]:
    """An SMTP server on 127.0.0.1 and a free port, stopped when the block ends. With
    ``credentials`` (user, password) it offers AUTH LOGIN/PLAIN (without TLS too: loopback
    only) and refuses other logins. ``security`` ``starttls`` or ``tls`` need a
    ``certificate`` (:func:`self_signed_certificate`)."""
    server = SmtpServer(LOOPBACK, 0, credentials=credentials)
    options: dict[str, Any] = {}
    if credentials is not None:
        options = {"authenticator": server.authenticate, "auth_require_tls": False}
    if security != "none":
        assert certificate is not None, "TLS needs a certificate"
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(certificate))
        key = "tls_context" if security == "starttls" else "ssl_context"
        options[key] = context
    controller = _AnyPortController(server, hostname=LOOPBACK, port=0, **options)
    controller.start()
    try:
        server.port = controller.port
        yield server
    finally:
        controller.stop()
