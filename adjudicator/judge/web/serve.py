"""``adjudicator judge web``: the web pages served by uvicorn.

The secret key that signs the session cookies comes from the configuration (``web_secret``)
or ``ADJUDICATOR_JUDGE_WEB_SECRET``; without one the command refuses to start, unless
``--debug`` asks for a key made up for this run (sessions then end with the process).
Passwords travel only in POST bodies, which uvicorn's access log never shows.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime

from adjudicator.judge.config import MIN_WEB_SECRET_CHARS, JudgeConfig
from adjudicator.judge.records import JudgeError

SECRET_VARIABLE = "ADJUDICATOR_JUDGE_WEB_SECRET"


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
) -> None:
    """Serve the pages until interrupted."""
    import uvicorn

    from adjudicator.judge.web.app import create_app

    app = create_app(config, secret_key=secret, clock=clock, https_only=https_only)
    uvicorn.run(
        app,
        host=host,
        port=port,
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
        server_header=False,
        log_level="info",
    )
