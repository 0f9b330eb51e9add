"""The web pages' defences as a site open to strangers: failed sign-ons counted and refused
after a few, a CSRF token for every form, and the security headers of every response.

The sign-on counts live in the store (tables ``signon_failures`` and ``signon_known``), so
that every server process (``judge web --workers N``, or several machines on one PostgreSQL)
counts the same failures: a stranger gets the same few tries however many processes answer.
:class:`SignonGuard` owns no state but the clock it is given, so the tests move time instead
of waiting.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Callable, MutableMapping
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adjudicator.judge.store import Tx

FAILURES_PER_CLIENT = 5
"""Failed sign-ons from one client address for one power of one game within the window; the
next one from that address is refused without checking the password."""
FAILURES_PER_ADDRESS = 30
"""Failed sign-ons from one client address for all powers and games together within the
window: one address guessing at many powers is refused everywhere."""
FAILURES_PER_POWER = 20
"""Failed sign-ons for one power of one game from all addresses together within the window.
Past it the power is *guarded*, not locked: an address the power signed on from before
(:data:`KNOWN_FOR`) still gets its own tries, any other address is refused. A stranger with
many addresses can thus neither go on guessing nor lock the real player out of the pages (and
orders by mail never depend on the web's counts)."""
WINDOW = timedelta(minutes=15)
"""How long a failed sign-on counts."""
KNOWN_FOR = timedelta(days=60)
"""How long an address that signed on to a power stays known for it."""
MAX_FAILURE_ROWS = 50_000
"""Failed sign-ons kept at most (the oldest are dropped first, beyond pruning those outside
the window): a flood of guesses cannot grow the table without bound."""
MAX_KNOWN_ROWS = 50_000
"""Known addresses kept at most (each needs a right password, so few)."""
IPV6_PREFIX = 64
"""An IPv6 client is counted by its /64 network: one line gets a whole /64 to choose from."""


class Verdict(StrEnum):
    """Whether a sign-on may be checked."""

    OPEN = "open"
    CLIENT_BLOCKED = "client"
    """Too many failures from this address (for the power, or for all)."""
    POWER_GUARDED = "power"
    """Too many failures for the power, and this address never signed on to it."""


def client_key(host: str) -> str:
    """The address a client's failures are counted under: IPv4 as given, IPv6 by its /64."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False))
    return str(address)


class SignonGuard:
    """Failed sign-ons per (client address, game, power), per client address and per (game,
    power), within :data:`WINDOW`, kept in the store through the caller's transaction."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock

    def verdict(self, tx: Tx, client: str, game: str, power: str) -> Verdict:
        """Whether a sign-on for ``power`` of ``game`` from ``client`` is checked at all."""
        since = self._clock() - WINDOW
        client = client_key(client)
        ((mine, everywhere),) = tx.execute(
            "SELECT COALESCE(SUM(CASE WHEN game = ? AND power = ? THEN 1 ELSE 0 END), 0),"
            " COUNT(*) FROM signon_failures WHERE client = ? AND failed_at > ?",
            (game, power, client, since),
        )
        if int(mine) >= FAILURES_PER_CLIENT or int(everywhere) >= FAILURES_PER_ADDRESS:
            return Verdict.CLIENT_BLOCKED
        ((all_addresses,),) = tx.execute(
            "SELECT COUNT(*) FROM signon_failures WHERE game = ? AND power = ? AND failed_at > ?",
            (game, power, since),
        )
        if int(all_addresses) >= FAILURES_PER_POWER and not self._known(tx, client, game, power):
            return Verdict.POWER_GUARDED
        return Verdict.OPEN

    def failed(self, tx: Tx, client: str, game: str, power: str) -> None:
        """Count a failed sign-on, and prune what no longer counts."""
        now = self._clock()
        tx.execute("DELETE FROM signon_failures WHERE failed_at <= ?", (now - WINDOW,))
        tx.execute(
            "INSERT INTO signon_failures (failed_at, client, game, power) VALUES (?, ?, ?, ?)",
            (now, client_key(client), game, power),
        )
        tx.execute(
            "DELETE FROM signon_failures WHERE id <= (SELECT MAX(id) FROM signon_failures) - ?",
            (MAX_FAILURE_ROWS,),
        )

    def succeeded(self, tx: Tx, client: str, game: str, power: str) -> None:
        """A right password clears the address's own failures for the power (not the
        others') and makes the address known to the power."""
        now, client = self._clock(), client_key(client)
        tx.execute(
            "DELETE FROM signon_failures WHERE client = ? AND game = ? AND power = ?",
            (client, game, power),
        )
        tx.execute("DELETE FROM signon_known WHERE signed_on_at <= ?", (now - KNOWN_FOR,))
        tx.execute(
            "INSERT INTO signon_known (game, power, client, signed_on_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game, power, client) DO UPDATE SET signed_on_at = excluded.signed_on_at",
            (game, power, client, now),
        )
        ((count,),) = tx.execute("SELECT COUNT(*) FROM signon_known")
        if int(count) > MAX_KNOWN_ROWS:  # the oldest go first
            tx.execute(
                "DELETE FROM signon_known WHERE signed_on_at <= (SELECT signed_on_at FROM"
                " signon_known ORDER BY signed_on_at DESC LIMIT 1 OFFSET ?)",
                (MAX_KNOWN_ROWS,),
            )

    def _known(self, tx: Tx, client: str, game: str, power: str) -> bool:
        found = tx.execute(
            "SELECT 1 FROM signon_known WHERE game = ? AND power = ? AND client = ?"
            " AND signed_on_at > ?",
            (game, power, client, self._clock() - KNOWN_FOR),
        )
        return bool(found)


# ---------------------------------------------------------------------- CSRF
CSRF_KEY = "csrf"
"""The session's key of its form token."""


def csrf_token(session: MutableMapping[str, Any]) -> str:
    """The session's form token, made on first use."""
    token = session.get(CSRF_KEY)
    if not isinstance(token, str) or not token:
        token = secrets.token_urlsafe(32)
        session[CSRF_KEY] = token
    return token


def csrf_ok(session: MutableMapping[str, Any], given: object) -> bool:
    """Whether a form's token is the session's (compared in constant time)."""
    token = session.get(CSRF_KEY)
    if not isinstance(token, str) or not token or not isinstance(given, str):
        return False
    return hmac.compare_digest(token.encode("utf-8"), given.encode("utf-8", "replace"))


# ---------------------------------------------------------------------- headers
def content_security_policy(nonce: str | None) -> str:
    """Scripts only from the site's own files (the deadline in the reader's zone; no inline
    script, no ``eval``); styles from the site and, with ``nonce``, the board picture's own
    ``<style>`` element; forms only to the site; never in a frame."""
    style = "'self'" + (f" 'nonce-{nonce}'" if nonce else "")
    return (
        f"default-src 'none'; script-src 'self'; style-src {style}; img-src 'self' data:;"
        " form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )


SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every response, and the strictest
    Content-Security-Policy where a page has not set its own (errors, downloads)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [h for h in SECURITY_HEADERS if h[0] not in names]
                if b"content-security-policy" not in names:
                    policy = content_security_policy(None).encode("ascii")
                    headers.append((b"content-security-policy", policy))
                if b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
