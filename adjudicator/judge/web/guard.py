"""The web pages' defences as a site open to strangers: failed sign-ons counted and refused
after a few, a CSRF token for every form, and the security headers of every response.

Each is a value the application owns (no global state): :class:`SignonGuard` counts the
failures of one server process with the clock it is given, so the tests move time instead of
waiting.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import deque
from collections.abc import Callable, MutableMapping
from datetime import datetime, timedelta
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

FAILURES_PER_CLIENT = 5
"""Failed sign-ons from one client address for one power of one game within the window; the
next one is refused without checking the password."""
FAILURES_PER_POWER = 20
"""Failed sign-ons for one power of one game from all addresses together within the window:
many addresses guessing one password are refused too."""
WINDOW = timedelta(minutes=15)
"""How long a failed sign-on counts."""
MAX_KEYS = 20_000
"""Counters kept at most (the oldest are dropped first): a flood of made-up names cannot
fill the memory."""


class SignonGuard:
    """Failed sign-ons per (client address, game, power) and per (game, power), within
    :data:`WINDOW`. Thread-safe: the pages check passwords in worker threads."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[tuple[str, ...], deque[datetime]] = {}

    def blocked(self, client: str, game: str, power: str) -> bool:
        """Whether a sign-on for ``power`` of ``game`` from ``client`` is refused unchecked."""
        now = self._clock()
        with self._lock:
            return (
                self._count(("client", client, game, power), now) >= FAILURES_PER_CLIENT
                or self._count(("power", game, power), now) >= FAILURES_PER_POWER
            )

    def failed(self, client: str, game: str, power: str) -> None:
        now = self._clock()
        with self._lock:
            for key in (("client", client, game, power), ("power", game, power)):
                self._failures.setdefault(key, deque()).append(now)
            while len(self._failures) > MAX_KEYS:
                del self._failures[next(iter(self._failures))]

    def succeeded(self, client: str, game: str, power: str) -> None:
        """A right password clears the client's own count (not the power's)."""
        with self._lock:
            self._failures.pop(("client", client, game, power), None)

    def _count(self, key: tuple[str, ...], now: datetime) -> int:
        found = self._failures.get(key)
        if found is None:
            return 0
        while found and found[0] <= now - WINDOW:
            found.popleft()
        if not found:
            del self._failures[key]
            return 0
        return len(found)


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
    """No script at all; styles from the site and, with ``nonce``, the board picture's own
    ``<style>`` element; forms only to the site; never in a frame."""
    style = "'self'" + (f" 'nonce-{nonce}'" if nonce else "")
    return (
        f"default-src 'none'; style-src {style}; img-src 'self' data:; form-action 'self';"
        " base-uri 'none'; frame-ancestors 'none'"
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
