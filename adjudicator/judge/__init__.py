"""The play-by-email judge (layer 6, beside ``cli``): games that live across turns, orders by
mail, results by mail.

Imports every layer below (the core, the order language, the reports); ``cli`` may import it,
nothing else does. The design, the storage and the mail handling are in ``docs/judge.md``.
Every entry point takes the current time (``now``, timezone-aware UTC) from its caller.

Storage:

- ``store``: ``open_store(url)``, the ``Store`` and its transactions (``Tx``) over SQLite
  (``sqlite3``) or PostgreSQL (psycopg 3, an optional extra), and the row values.
- ``database``: the connections to SQLite and PostgreSQL (everything the two drivers do
  differently) and the store's errors.
- ``schema``: the versioned schema, an ordered list of migrations in the SQL both databases
  speak, and the upgrade of an older database.
- ``passwords``: salted scrypt hashes of the powers' and game masters' passwords, checked in
  constant time, and the one rule every new password must follow (``check_password``).
- ``redact``: what is kept of an incoming mail: its headers and its text as read, with the
  passwords masked.

Mail:

- ``mailin``: one incoming RFC 5322 message read into an ``IncomingMail`` (its plain text,
  within limits), and the reasons never to answer one (bounces, auto-replies, lists, loops).
- ``mimeheaders``: every header of a mail bounded before the standard library's parser sees
  it (its structured-header parser is quadratic), and each parsed once.
- ``htmltext``: the visible text of an HTML-only mail, read in linear time.
- ``commands``: the njudge/DPjudge commands of a mail body (``SIGNON``, ``LIST``, ``PRESS``...,
  in English and German) and its order lines.
- ``mailout``: outgoing mails composed from the outbox and delivered over SMTP.
- ``pictures``: the board a results mail carries (the phase's orders and outcomes, drawn when
  the mail is sent: PNG with the optional ``resvg-py``, else SVG).
- ``config``: the judge's configuration (database URL, address, SMTP server) from a TOML file
  and the environment.

Games:

- ``game``: the rules of play as pure functions: a power's orders read against the phase (every
  problem with line and caret, foreign orders refused), what is still missing, which submission
  counts, phases processed (and those with nothing to decide skipped), NMR, deadlines.
- ``texts``: the judge's replies, results and notices put together from each language's
  ``JudgeWords`` (:mod:`adjudicator.lang`).
- ``export``: a stored game as the ``diplomacy`` package's saved-game JSON.
- ``service``: the ``Judge``: game master commands, ``tick`` (due games processed, reminders,
  late notices).
- ``turns``: a phase due and processed (adjudicated, stored, the next opened, the results
  mailed), and the reminders and late notices before a deadline.
- ``records``: a stored game read back (its rules, positions, submissions, status in words).
- ``session``: one incoming mail handled: recorded, its commands executed, one reply queued.
- ``master``: the game master's commands by mail (``START``, ``PAUSE``, ``RESUME``,
  ``PROCESS``, ``SET DEADLINE``, ``REPLACE``, ``RESET PASSWORD``).
- ``cli``: the ``adjudicator judge ...`` commands.

The web:

- ``web/``: every game's pages (public, a player's, the game master's), an ASGI application
  on Starlette over the same store and words (the optional extra ``adjudicator[web]``).
"""
