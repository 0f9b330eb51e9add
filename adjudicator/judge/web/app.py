"""The judge's web pages as an ASGI application on Starlette: :func:`create_app`.

Public pages (the games, a game, its history, a processed phase, the saved game, the time-zone
choice), a player's page after signing on with power and password (orders, WAIT, DRAW, press,
password, resigning, sign-off) and the
game master's (pause, resume, process, deadline, the players with their addresses). The store
is read and written in worker threads, each with a store of its own (a store is one connection
and one transaction at a time), through the same :class:`~adjudicator.judge.service.Judge` the
mail and the command line use.

The handlers are :mod:`~adjudicator.judge.web.site`'s, over the store and the judge in worker
threads (:mod:`~adjudicator.judge.web.backend`); what is known of the reader (language, time
zone) is :mod:`~adjudicator.judge.web.reader`'s.

Security: sessions are signed, HttpOnly, SameSite=Lax cookies holding no password (only a
digest of the stored hash, so that a new password ends older sessions); every form carries the
session's CSRF token; failed sign-ons are counted in the store, so that every worker process
counts the same (:mod:`adjudicator.judge.web.guard`); every text goes through Jinja2's
autoescape; no inline script, and a Content-Security-Policy that allows only the site's own
script file (the deadlines in the reader's time zone; every page works without it).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.database import StoreError
from adjudicator.judge.web.backend import Backend
from adjudicator.judge.web.guard import SecurityHeaders, SignonGuard
from adjudicator.judge.web.site import Clock, Site, WebError

SESSION_COOKIE = "judge_session"
SESSION_SECONDS = 12 * 3600
"""How long a sign-on lasts without signing on again."""
MIN_SECRET_CHARS = 32


def create_app(
    config: JudgeConfig,
    *,
    secret_key: str,
    clock: Clock,
    https_only: bool = False,
    threads: int = 4,
) -> Starlette:
    """The web pages over the store ``config.db_url`` names. ``secret_key`` signs the session
    cookies (at least 32 characters); ``clock`` is the current time (tests move it);
    ``https_only`` marks the cookies Secure (behind a TLS proxy)."""
    if len(secret_key) < MIN_SECRET_CHARS:
        raise ValueError(f"the web secret needs at least {MIN_SECRET_CHARS} characters")
    backend = Backend(config, threads)
    site = Site(backend, SignonGuard(clock), clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            backend.close()

    routes = [
        Route("/", site.games),
        Route("/zone", site.zone),
        Route("/games/{game}", site.game),
        Route("/games/{game}/history", site.history),
        Route("/games/{game}/phases/{seq:int}", site.phase),
        Route("/games/{game}/game.json", site.download),
        Route("/games/{game}/signon", site.signon, methods=["GET", "POST"]),
        Route("/games/{game}/signoff", site.signoff, methods=["POST"]),
        Route("/games/{game}/orders", site.orders, methods=["GET", "POST"]),
        Route("/games/{game}/votes", site.votes, methods=["POST"]),
        Route("/games/{game}/password", site.password, methods=["POST"]),
        Route("/games/{game}/press", site.press, methods=["POST"]),
        Route("/games/{game}/resign", site.resign, methods=["POST"]),
        Route("/games/{game}/master", site.master, methods=["GET", "POST"]),
        Mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static"),
    ]
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(
            SessionMiddleware,
            secret_key=secret_key,
            session_cookie=SESSION_COOKIE,
            max_age=SESSION_SECONDS,
            same_site="lax",
            https_only=https_only,
        ),
    ]
    handlers: Mapping[Any, Any] = {
        WebError: site.web_error,
        HTTPException: site.http_error,
        StoreError: site.store_error,
    }
    return Starlette(
        routes=routes, middleware=middleware, exception_handlers=handlers, lifespan=lifespan
    )
