"""``adjudicator judge web``: the web pages served by uvicorn.

The secret key that signs the session cookies comes from the configuration (``web_secret``)
or ``ADJUDICATOR_JUDGE_WEB_SECRET``; without one the command refuses to start, unless
``--debug`` asks for a key made up for this run (sessions then end with the process).
Passwords travel only in POST bodies, which uvicorn's access log never shows.

With ``--workers N`` uvicorn runs N processes on one listening socket (and restarts one that
dies). Each worker process builds its own application with :func:`worker_app`, from what the
command hands down in :data:`WORKER_VARIABLE` (the configuration the pages need, the key, the
clock's offset): the processes share nothing but the database, where the sign-on limits live
too (:mod:`adjudicator.judge.web.guard`).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from adjudicator.judge.config import MIN_WEB_SECRET_CHARS, JudgeConfig
from adjudicator.judge.records import JudgeError

if TYPE_CHECKING:
    from starlette.applications import Starlette

SECRET_VARIABLE = "ADJUDICATOR_JUDGE_WEB_SECRET"
WORKER_VARIABLE = "ADJUDICATOR_JUDGE_WEB_WORKER"
"""What ``judge web --workers N`` hands down to its worker processes (JSON; it holds the
session key, so it is set only in the command's own environment, which its children inherit)."""
MAX_WORKERS = 64


def secret_key(config: JudgeConfig, *, debug: bool) -> tuple[str, bool]:
    """The key for the session cookies and whether it was made up for this run (``debug``
    only); :class:`JudgeError` when there is none."""
    if config.web_secret:
        return config.web_secret, False
    if debug:
        return secrets.token_urlsafe(32), True
    raise JudgeError(
        f"the web pages need a secret key of at least {MIN_WEB_SECRET_CHARS} characters:"
        f" set web_secret in the configuration or ${SECRET_VARIABLE} (make one with"
        " python -c 'import secrets; print(secrets.token_urlsafe(32))'), or run with --debug"
        " for a throwaway key"
    )


def serve(
    config: JudgeConfig,
    *,
    host: str,
    port: int,
    secret: str,
    clock: Callable[[], datetime],
    https_only: bool,
    forwarded_allow_ips: str,
    workers: int = 1,
) -> None:
    """Serve the pages until interrupted, in ``workers`` processes."""
    import uvicorn

    from adjudicator.judge.web.app import create_app

    options = {
        "host": host,
        "port": port,
        "proxy_headers": True,
        "forwarded_allow_ips": forwarded_allow_ips,
        "server_header": False,
        "log_level": "info",
    }
    if workers <= 1:
        app = create_app(config, secret_key=secret, clock=clock, https_only=https_only)
        uvicorn.run(app, **options)  # type: ignore[arg-type]
        return
    offset = (clock() - datetime.now(UTC)).total_seconds()
    os.environ[WORKER_VARIABLE] = json.dumps(
        {
            "db_url": config.db_url,
            "judge_address": config.judge_address,
            "judge_name": config.judge_name,
            "secret": secret,
            "clock_offset": offset,
            "https_only": https_only,
        }
    )
    uvicorn.run(
        f"{__name__}:worker_app",
        factory=True,
        workers=min(workers, MAX_WORKERS),
        **options,  # type: ignore[arg-type]
    )


def worker_app() -> Starlette:
    """The application of one worker process of ``judge web --workers N``, built from what the
    command handed down (:data:`WORKER_VARIABLE`)."""
    from adjudicator.judge.web.app import create_app

    given = json.loads(os.environ[WORKER_VARIABLE])
    config = JudgeConfig(
        db_url=given["db_url"],
        judge_address=given["judge_address"],
        judge_name=given["judge_name"],
    )
    offset = timedelta(seconds=float(given["clock_offset"]))

    def clock() -> datetime:
        return datetime.now(UTC) + offset

    return create_app(
        config, secret_key=given["secret"], clock=clock, https_only=bool(given["https_only"])
    )
