"""The judge's web pages (a subpackage of the judge layer): every game on the web, over the
same store, the same order reader and the same words as the mail (``docs/judge.md``, *Web
pages*). Needs the optional extra ``adjudicator[web]`` (Starlette, Jinja2, uvicorn); nothing
else in the package imports it but the ``adjudicator judge web`` command.

- ``app``: :func:`~adjudicator.judge.web.app.create_app`, the ASGI application on Starlette:
  its routes, sessions, sign-on and forms, rendered with the Jinja2 templates of
  ``templates/`` (autoescaped), the stylesheet of ``static/`` and its one script (the
  deadlines in the reader's time zone).
- ``views``: what each page shows, read from the store into frozen values, and what a
  player's forms change (orders read by :func:`adjudicator.judge.game.read_orders` and
  answered as by mail, WAIT, DRAW, press, password, resigning).
- ``guard``: failed sign-ons counted in the store (shared by every worker process) and refused
  after a few, the CSRF token of every form, and the security headers of every response.
- ``serve``: the command's server: the secret key found or refused, uvicorn started (in
  several worker processes with ``--workers``).
"""
