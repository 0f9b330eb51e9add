"""``adjudicator judge ...``: the judge's command line.

``main(argv) -> int`` never exits the interpreter and never shows a traceback for a refused
command or unusable input: a one-line message on standard error and an exit code (0 done, 1
refused by the judge, 2 unusable input or configuration). ``adjudicator.cli.main`` hands every
``judge`` command line to :func:`main`.

Game master commands on an existing game need the game's password: ``--gm-password`` or, so
that it stays out of the process list, the environment variable
``ADJUDICATOR_JUDGE_GM_PASSWORD``. The database is ``--db`` or the configuration's
(``--config FILE``, :func:`adjudicator.judge.config.load_config`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from adjudicator.judge.game import PhaseLengths, duration_minutes, read_time

if TYPE_CHECKING:
    from adjudicator.judge.config import JudgeConfig
    from adjudicator.judge.service import Judge
    from adjudicator.judge.store import OutboxRow, Store

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_UNUSABLE = 2
EXIT_TEMPFAIL = 75
"""``mail``: the mail could not be stored (the database is down or locked too long); sysexits'
EX_TEMPFAIL, on which a mail server keeps the mail and pipes it again later."""

GM_PASSWORD_VARIABLE = "ADJUDICATOR_JUDGE_GM_PASSWORD"
OUTBOX_SHOWN = 30
"""The mails ``judge outbox`` lists without ``--all``: the last ones, what a game master asks
about; a long game has thousands."""
NOW_VARIABLE = "ADJUDICATOR_JUDGE_NOW"
"""The time a command runs at, as ``--now`` gives it: for rehearsing deadlines."""

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(UTC)


class _Usage(Exception):
    """A command line that cannot be carried out; its message is the one line shown."""


def main(
    argv: Sequence[str] | None = None,
    *,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    stdin: BinaryIO | None = None,
    environ: Mapping[str, str] | None = None,
    clock: Clock = _utc_now,
) -> int:
    """Run ``adjudicator judge`` with ``argv`` (the words after ``judge``); the exit code."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    env = os.environ if environ is None else environ
    parser = build_parser()
    try:
        # argparse prints its usage errors and --help itself, to sys.stderr and sys.stdout:
        # the caller's streams are where they belong.
        with redirect_stdout(out), redirect_stderr(err):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code in (0, None) else EXIT_UNUSABLE
    if not getattr(args, "handler", None):
        parser.print_help(out)
        return EXIT_UNUSABLE
    try:
        clock = _rehearsal_clock(getattr(args, "now", None) or env.get(NOW_VARIABLE), clock)
    except _Usage as exc:
        print(f"adjudicator judge: {exc}", file=err)
        return EXIT_UNUSABLE
    context = _Context(args, out, err, stdin, env, clock)
    from adjudicator.judge.records import JudgeError

    try:
        code: int = args.handler(context)
    except JudgeError as exc:
        print(f"adjudicator judge: {exc}", file=err)
        return EXIT_REFUSED
    except _Usage as exc:
        print(f"adjudicator judge: {exc}", file=err)
        return EXIT_UNUSABLE
    except Exception as exc:  # a store, configuration or mail server error: one line
        if not _known_failure(exc):
            raise
        print(f"adjudicator judge: {_one_line(exc)}", file=err)
        return EXIT_UNUSABLE
    finally:
        context.close()
    return code


def _rehearsal_clock(given: str | None, clock: Clock) -> Clock:
    """The clock of a command run at another time (``--now`` or :data:`NOW_VARIABLE`): it
    starts at that time and runs on, so that a game master rehearses deadlines (``tick --now
    2026-12-24T18:00Z``) without moving them into the past, which would tell every player.
    ``+48h`` is that long from now."""
    text = (given or "").strip()
    if not text:
        return clock
    start = clock()
    try:
        at = read_time(text, start)
    except ValueError as exc:
        raise _Usage(f"--now (or ${NOW_VARIABLE}): {exc}") from None
    return lambda: at + (clock() - start)


def _known_failure(exc: Exception) -> bool:
    """The failures of the outside world the judge reports in a line: the store's, the
    configuration's, the mail server's and the file system's. Anything else is a bug of ours
    and keeps its traceback."""
    from adjudicator.base.errors import InputError
    from adjudicator.judge.store import StoreError

    known: tuple[type[BaseException], ...] = (StoreError, InputError, OSError, ValueError)
    try:
        from adjudicator.judge.config import ConfigError

        known += (ConfigError,)
    except ImportError:  # pragma: no cover - the configuration module names its error
        pass
    return isinstance(exc, known)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


# ---------------------------------------------------------------------- parser
def build_parser(prog: str = "adjudicator judge") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog, description="Run play-by-email Diplomacy games (a judge)."
    )
    add_arguments(parser)
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The judge's options and subcommands, on ``parser``."""
    parser.add_argument("--db", help="database URL (sqlite:///games.db, postgresql://...)")
    parser.add_argument("--config", help="configuration file (TOML)")
    # The same options after the command (`judge mail --config FILE`, as a mail alias writes
    # it); SUPPRESS keeps a value given before the command when none is given after it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS, help="database URL")
    common.add_argument("--config", default=argparse.SUPPRESS, help="configuration file")
    _add_clock_option(parser, common)
    sub = parser.add_subparsers(dest="judge_command", metavar="COMMAND")

    def command(
        name: str, handler: Callable[[_Context], int], text: str
    ) -> argparse.ArgumentParser:
        found = sub.add_parser(name, help=text, description=text, parents=[common])
        found.set_defaults(handler=handler)
        return found

    def gm(found: argparse.ArgumentParser) -> argparse.ArgumentParser:
        found.add_argument(
            "--gm-password", help=f"the game master's password (or ${GM_PASSWORD_VARIABLE})"
        )
        return found

    create = gm(command("create", _create, "create a game (then add players and start it)"))
    create.add_argument("game")
    create.add_argument("--gm-email", required=True, help="the game master's address")
    create.add_argument("--map", default="standard")
    create.add_argument(
        "--preset", default="datc", help="rules preset (datc, datc-v2, godip, webdiplomacy, ...)"
    )
    defaults = PhaseLengths()
    for kind, minutes in (
        ("movement", defaults.movement),
        ("retreat", defaults.retreat),
        ("adjustment", defaults.adjustment),
    ):
        create.add_argument(
            f"--{kind}",
            type=_minutes,
            default=minutes,
            metavar="DURATION",
            help=f"length of a {kind} phase: 48h, 30m, 2d or minutes (default {minutes}m)",
        )
    create.add_argument(
        "--grace",
        type=_minutes,
        default=0,
        metavar="DURATION",
        help="after the deadline, wait this long for missing orders",
    )
    create.add_argument(
        "--no-process-early",
        action="store_true",
        help="never process before the deadline, even with every order in",
    )
    create.add_argument(
        "--reminder-hours",
        type=float,
        default=24.0,
        help="remind players without orders this long before the deadline",
    )

    _player_arguments(gm(command("add-player", _add_player, "give a power to a player")))
    text = "give a power (abandoned or not) to a new player"
    _player_arguments(gm(command("replace-player", _replace_player, text)))
    text = "give a power's player a new password, mailed to them"
    _player_arguments(gm(command("reset-password", _reset_password, text)), email=False)

    for name, handler, text in (
        ("start", _start, "start a forming game"),
        ("pause", _pause, "stop a game's clock"),
        ("resume", _resume, "restart a paused game's clock"),
        ("process", _process, "process the current phase now"),
    ):
        gm(command(name, handler, text)).add_argument("game")

    deadline = gm(command("deadline", _deadline, "move the current deadline"))
    deadline.add_argument("game")
    deadline.add_argument("when", help="ISO time with zone (2026-12-24T18:00Z) or +DURATION")

    end = gm(command("end", _end, "end a game: draw, concession or solo"))
    end.add_argument("game")
    end.add_argument("kind", choices=("draw", "concession", "solo"))
    end.add_argument("powers", nargs="+")

    gm(command("status", _status, "show a game, with the players' addresses")).add_argument("game")
    command("list", _list, "list the games")
    command("mail", _mail, "handle one mail read from standard input, then send mail")
    poll = command("poll", _poll, "handle the new mails of a Maildir, then send mail")
    poll.add_argument("--maildir", required=True)
    command("tick", _tick, "process the games that are due, then send mail")
    serve = command("serve", _serve, "tick and send mail for ever")
    serve.add_argument(
        "--interval", type=_seconds, default=60.0, help="seconds between ticks (more than 0)"
    )
    serve.add_argument("--ticks", type=int, default=0, help=argparse.SUPPRESS)
    _add_web(command("web", _web, "serve every game's web pages (pip install 'adjudicator[web]')"))
    export = command("export", _export, "write a game as the diplomacy package's JSON")
    export.add_argument("game")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    _add_inspection(command, gm)


def _add_web(web: argparse.ArgumentParser) -> None:
    """``web``'s options."""
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    web.add_argument("--port", type=int, default=8080, help="port to listen on (8080)")
    web.add_argument(
        "--https",
        action="store_true",
        help="mark the session cookies Secure (behind a reverse proxy that speaks TLS)",
    )
    web.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        help="proxies whose X-Forwarded-For is believed (the client address of the sign-on"
        " limits); default 127.0.0.1",
    )
    web.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes (1); several share the store, sign-on limits included",
    )
    web.add_argument(
        "--debug",
        action="store_true",
        help="without a configured secret, sign sessions with a key made up for this run",
    )


def _add_clock_option(parser: argparse.ArgumentParser, common: argparse.ArgumentParser) -> None:
    """``--now TIME``, before the command or after it (as ``--db``)."""
    text = f"run as if it were TIME (2026-12-24T18:00Z or +48h; or ${NOW_VARIABLE})"
    parser.add_argument("--now", metavar="TIME", help=f"{text}: to rehearse deadlines")
    common.add_argument("--now", default=argparse.SUPPRESS, metavar="TIME", help=text)


_Command = Callable[[str, Callable[["_Context"], int], str], argparse.ArgumentParser]


def _add_inspection(
    command: _Command, gm: Callable[[argparse.ArgumentParser], argparse.ArgumentParser]
) -> None:
    """What the judge did: the game master's view of a game's mail, reports and orders, and
    the outbox sent by hand."""
    outbox = gm(command("outbox", _outbox, "list a game's outgoing mail: sent, waiting, sending"))
    outbox.add_argument("game")
    outbox.add_argument("--unsent", action="store_true", help="only the mail not yet sent")
    outbox.add_argument(
        "--all", action="store_true", help=f"every mail (default: the last {OUTBOX_SHOWN})"
    )
    outbox.add_argument("--format", choices=("text", "json"), default="text")
    command("send", _send, "send the outbox now, listing what was sent and what was not")
    resend = gm(command("resend", _resend, "send a mail of a game again, then send mail"))
    resend.add_argument("game")
    resend.add_argument("id", type=_mail_id, help="the mail's id (judge outbox GAME)")
    resend.add_argument(
        "--to", help="another address, or a power (its player's address); default: the same"
    )
    report = gm(command("report", _report, "show a processed phase's results as mailed"))
    report.add_argument("game")
    report.add_argument(
        "phase", nargs="?", help="S1901M or the phase's number from 0 (default: the last)"
    )
    report.add_argument("--lang", default="en", choices=("en", "de"))
    orders = gm(command("orders", _orders, "show the current phase's orders so far"))
    orders.add_argument("game")
    orders.add_argument("power", nargs="?", help="one power (default: every power)")


def _player_arguments(found: argparse.ArgumentParser, *, email: bool = True) -> None:
    """GAME POWER [EMAIL] and --password (with EMAIL, --lang): a power's player."""
    found.add_argument("game")
    found.add_argument("power")
    if email:
        found.add_argument("email", help="the player's address")
        found.add_argument("--lang", default="en", help="the player's language (en, de)")
    found.add_argument("--password", help="the password, one word (default: a random one, printed)")


def _minutes(text: str) -> int:
    """``48h``, ``30m``, ``2d`` or a number of minutes (:func:`duration_minutes`)."""
    try:
        return duration_minutes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _mail_id(text: str) -> int:
    if not text.isdigit() or len(text) > 18:
        raise argparse.ArgumentTypeError(f"expected a mail's id (a number), not {text[:20]!r}")
    return int(text)


def _seconds(text: str) -> float:
    """A positive number of seconds: ``serve`` with none between its ticks would spin."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


# ---------------------------------------------------------------------- context
class _Context:
    """What a command needs: its arguments, the streams, the clock, and (opened on first use)
    the configuration, the store and the judge."""

    def __init__(
        self,
        args: argparse.Namespace,
        out: TextIO,
        err: TextIO,
        stdin: BinaryIO | None,
        environ: Mapping[str, str],
        clock: Clock,
    ) -> None:
        self.args = args
        self.out = out
        self.err = err
        self.stdin = stdin
        self.environ = environ
        self.clock = clock
        self._judge: Judge | None = None
        self._store: Store | None = None

    @property
    def config(self) -> JudgeConfig:
        from adjudicator.judge.config import load_config

        config = load_config(self.args.config, self.environ)
        if self.args.db:
            config = replace(config, db_url=self.args.db)
        return config

    @property
    def judge(self) -> Judge:
        from adjudicator.judge.service import Judge
        from adjudicator.judge.store import open_store

        if self._judge is None:
            config = self.config
            if not config.db_url:
                raise _Usage("no database: give --db URL or db_url in the configuration")
            self._store = open_store(config.db_url)
            self._judge = Judge(self._store, config)
        return self._judge

    @property
    def gm_password(self) -> str:
        given = getattr(self.args, "gm_password", None) or self.environ.get(GM_PASSWORD_VARIABLE)
        if not given:
            raise _Usage(f"this command needs --gm-password or ${GM_PASSWORD_VARIABLE}")
        return given

    def deliver(self) -> int:
        """Send the outbox; the number of mails sent (a mail server that fails leaves the rest
        for the next run, and says so)."""
        from adjudicator.judge.mailout import SmtpSender, deliver

        judge = self.judge
        config = judge.config
        sender = SmtpSender(config.smtp)
        sent: int = deliver(judge.store, sender, config, self.clock(), clock=self.clock)
        return sent

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


# ---------------------------------------------------------------------- commands
def _create(ctx: _Context) -> int:
    from adjudicator.judge.service import GameSettings

    a = ctx.args
    lengths = PhaseLengths(a.movement, a.retreat, a.adjustment, a.grace)
    settings = GameSettings(a.map, a.preset, lengths, not a.no_process_early, a.reminder_hours)
    ctx.judge.create_game(
        a.game,
        gm_email=a.gm_email,
        gm_password=ctx.gm_password,
        settings=settings,
        now=ctx.clock(),
    )
    print(f"created game {a.game} ({a.map}, {a.preset}); add players, then start it", file=ctx.out)
    return EXIT_OK


def _add_player(ctx: _Context) -> int:
    a = ctx.args
    password = ctx.judge.add_player(
        a.game,
        a.power,
        a.email,
        gm_password=ctx.gm_password,
        lang=a.lang,
        password=a.password,
        now=ctx.clock(),
    )
    print(f"{a.power} in {a.game}: {a.email} ({a.lang}), password {password}", file=ctx.out)
    return EXIT_OK


def _replace_player(ctx: _Context) -> int:
    a = ctx.args
    password = ctx.judge.replace_player(
        a.game,
        a.power,
        a.email,
        gm_password=ctx.gm_password,
        lang=a.lang,
        password=a.password,
        now=ctx.clock(),
    )
    print(f"{a.power} in {a.game}: now {a.email} ({a.lang}), password {password}", file=ctx.out)
    return EXIT_OK


def _reset_password(ctx: _Context) -> int:
    a = ctx.args
    password = ctx.judge.reset_password(
        a.game, a.power, gm_password=ctx.gm_password, password=a.password, now=ctx.clock()
    )
    print(f"{a.power} in {a.game}: new password {password} (mailed to the player)", file=ctx.out)
    return EXIT_OK


def _start(ctx: _Context) -> int:
    deadline = ctx.judge.start(ctx.args.game, gm_password=ctx.gm_password, now=ctx.clock())
    print(f"started {ctx.args.game}; deadline {_shown_time(deadline)}", file=ctx.out)
    return EXIT_OK


def _pause(ctx: _Context) -> int:
    ctx.judge.pause(ctx.args.game, gm_password=ctx.gm_password, now=ctx.clock())
    print(f"paused {ctx.args.game}", file=ctx.out)
    return EXIT_OK


def _resume(ctx: _Context) -> int:
    deadline = ctx.judge.resume(ctx.args.game, gm_password=ctx.gm_password, now=ctx.clock())
    print(f"resumed {ctx.args.game}; deadline {_shown_time(deadline)}", file=ctx.out)
    return EXIT_OK


def _deadline(ctx: _Context) -> int:
    now = ctx.clock()
    when = _when(ctx.args.when, now)
    ctx.judge.set_deadline(ctx.args.game, when, gm_password=ctx.gm_password, now=now)
    print(f"deadline of {ctx.args.game}: {_shown_time(when)}", file=ctx.out)
    return EXIT_OK


def _shown_time(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="minutes")


def _when(text: str, now: datetime) -> datetime:
    """``+DURATION`` from now, or an ISO 8601 time with its zone (:func:`read_time`)."""
    try:
        return read_time(text, now)
    except ValueError as exc:
        raise _Usage(str(exc)) from None


def _process(ctx: _Context) -> int:
    done = ctx.judge.process_now(ctx.args.game, gm_password=ctx.gm_password, now=ctx.clock())
    for line in done:
        print(f"processed {line}", file=ctx.out)
    # processed and committed: a mail server that is down is said, not a failure of the command
    print(f"sent {_deliver_quietly(ctx)} mails", file=ctx.out)
    return EXIT_OK


def _end(ctx: _Context) -> int:
    a = ctx.args
    result = ctx.judge.end_game(
        a.game, a.kind, a.powers, gm_password=ctx.gm_password, now=ctx.clock()
    )
    print(f"{a.game} ended: {result}", file=ctx.out)
    return EXIT_OK


def _status(ctx: _Context) -> int:
    print(ctx.judge.status(ctx.args.game, gm_password=ctx.gm_password), file=ctx.out, end="")
    return EXIT_OK


def _list(ctx: _Context) -> int:
    for line in ctx.judge.list_games() or ["no games"]:
        print(line, file=ctx.out)
    return EXIT_OK


def _mail(ctx: _Context) -> int:
    from adjudicator.judge.mailin import read_raw
    from adjudicator.judge.store import StoreError

    stream = ctx.stdin or sys.stdin.buffer
    raw = read_raw(stream)
    try:
        outcome = ctx.judge.handle_mail(raw, ctx.clock())
    except StoreError as exc:
        # The mail was not recorded: EX_TEMPFAIL makes the mail server deliver it again later
        # (a second delivery of a mail that was recorded is recognised by its Message-ID).
        print(f"adjudicator judge: {_one_line(exc)} (the mail server will retry)", file=ctx.err)
        return EXIT_TEMPFAIL
    _deliver_quietly(ctx)
    print(outcome, file=ctx.out)
    return EXIT_OK


def _deliver_quietly(ctx: _Context) -> int:
    """Send what is queued; the number sent. A mail server that is down is no failure of the
    mail just stored (it stays queued for the next tick): said on standard error."""
    try:
        return ctx.deliver()
    except OSError as exc:
        print(f"adjudicator judge: mail not sent yet ({_one_line(exc)})", file=ctx.err)
        return 0


def _poll(ctx: _Context) -> int:
    from adjudicator.judge.mailin import read_raw

    handled = 0
    for path in _new_mails(Path(ctx.args.maildir)):
        with path.open("rb") as stream:
            raw = read_raw(stream)
        ctx.judge.handle_mail(raw, ctx.clock())
        # Moved only once handled and committed: a crash before the move handles it again
        # next time, which its Message-ID makes harmless.
        path.rename(path.parent.parent / "cur" / f"{path.name}:2,S")
        handled += 1
    _deliver_quietly(ctx)
    print(f"handled {handled} mails", file=ctx.out)
    return EXIT_OK


def _new_mails(maildir: Path) -> Iterator[Path]:
    """The files in ``maildir/new``, oldest name first (Maildir names start with the time)."""
    new = maildir / "new"
    if not new.is_dir() or not (maildir / "cur").is_dir():
        raise _Usage(f"{str(maildir)[:60]!r} is not a Maildir (no new/ and cur/ folders)")
    yield from sorted((p for p in new.iterdir() if p.is_file()), key=lambda p: p.name)


def _tick(ctx: _Context) -> int:
    report = ctx.judge.tick(ctx.clock())
    for line in report.lines():
        print(line, file=ctx.out)
    _deliver_quietly(ctx)
    return EXIT_OK


def _serve(ctx: _Context) -> int:
    ticks = 0
    try:
        while True:
            try:
                _tick(ctx)
            except Exception as exc:  # the loop outlives a database that is down a moment
                if not _known_failure(exc):
                    raise
                # said, and tried again next time: a long-running judge must not stop because
                # its database or mail server was away for a moment
                print(f"adjudicator judge: tick failed ({_one_line(exc)})", file=ctx.err)
            ticks += 1
            if ctx.args.ticks and ticks >= ctx.args.ticks:
                return EXIT_OK
            time.sleep(ctx.args.interval)
    except KeyboardInterrupt:
        return EXIT_OK


def _web(ctx: _Context) -> int:
    try:
        from adjudicator.judge.web.serve import MAX_WORKERS, secret_key, serve
    except ImportError as exc:
        raise _Usage(
            f"the web pages need {exc.name or 'their packages'}: pip install 'adjudicator[web]'"
        ) from None
    config = ctx.config
    if not config.db_url:
        raise _Usage("no database: give --db URL or db_url in the configuration")
    if not 1 <= ctx.args.workers <= MAX_WORKERS:
        raise _Usage(f"--workers must be from 1 to {MAX_WORKERS}, not {ctx.args.workers}")
    secret, made_up = secret_key(config, debug=ctx.args.debug)
    if made_up:
        print(
            "adjudicator judge: --debug: the sessions are signed with a key made up for this run",
            file=ctx.err,
        )
    serve(
        config,
        host=ctx.args.host,
        port=ctx.args.port,
        secret=secret,
        clock=ctx.clock,
        https_only=ctx.args.https,
        forwarded_allow_ips=ctx.args.forwarded_allow_ips,
        workers=ctx.args.workers,
    )
    return EXIT_OK


def _export(ctx: _Context) -> int:
    data = ctx.judge.export(ctx.args.game)
    text = json.dumps(data, indent=1) + "\n"
    if ctx.args.output:
        try:
            Path(ctx.args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise _Usage(f"cannot write {ctx.args.output[:200]}: {exc.strerror or exc}") from None
    else:
        ctx.out.write(text)
    return EXIT_OK


# ---------------------------------------------------------------------- what the judge did
def _stamp(when: datetime) -> str:
    """A time in a column: ``2026-03-04T12:00:00Z``."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _mail_state(row: OutboxRow, now: datetime) -> str:
    """Sent when, being sent by a delivery (until when it holds the mail), or waiting."""
    if row.sent_at is not None:
        return _stamp(row.sent_at)
    if row.claimed_until is not None and row.claimed_until > now:
        return f"being sent until {_stamp(row.claimed_until)}"
    return "waiting"


def _outbox(ctx: _Context) -> int:
    a = ctx.args
    now = ctx.clock()
    rows = ctx.judge.outbox(a.game, gm_password=ctx.gm_password, unsent=a.unsent)
    left_out = 0 if a.all else max(len(rows) - OUTBOX_SHOWN, 0)
    rows = rows[left_out:]
    if a.format == "json":
        data = [
            {
                "id": row.id,
                "kind": row.kind,
                "to": row.to_addr,
                "subject": row.subject,
                "queued": row.created_at.isoformat(),
                "sent": row.sent_at.isoformat() if row.sent_at else None,
                "state": "sent"
                if row.sent_at
                else ("waiting" if _mail_state(row, now) == "waiting" else "sending"),
                "claimed_until": row.claimed_until.isoformat() if row.claimed_until else None,
                "message_id": row.message_id,
                "in_reply_to": row.in_reply_to,
                "body": row.body,
            }
            for row in rows
        ]
        ctx.out.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        return EXIT_OK
    if left_out:
        print(f"({left_out} earlier mails not shown: --all shows them)", file=ctx.out)
    if not rows:
        print("no mail", file=ctx.out)
        return EXIT_OK
    print(f"{'id':>6}  {'kind':8} {'queued':20} {'sent':37} {'to':32} subject", file=ctx.out)
    for row in rows:
        state = _mail_state(row, now)
        line = f"{row.id:>6}  {row.kind:8} {_stamp(row.created_at):20} {state:37}"
        print(f"{line} {row.to_addr:32} {row.subject}", file=ctx.out)
    return EXIT_OK


def _send(ctx: _Context) -> int:
    from adjudicator.judge.mailout import SmtpSender, deliver

    judge = ctx.judge
    config = judge.config

    def said(row: OutboxRow) -> None:
        print(f"sent {row.id} to {row.to_addr}: {row.subject}", file=ctx.out)

    sent = 0
    try:
        sender = SmtpSender(config.smtp)
        sent = deliver(judge.store, sender, config, ctx.clock(), clock=ctx.clock, on_sent=said)
    except OSError as exc:
        # what was sent is listed; what was not is said, and stays queued for the next time
        print(f"adjudicator judge: {_one_line(exc)}", file=ctx.err)
        return EXIT_REFUSED
    print(f"sent {sent} mails", file=ctx.out)
    return EXIT_OK


def _resend(ctx: _Context) -> int:
    a = ctx.args
    row = ctx.judge.resend(a.game, a.id, gm_password=ctx.gm_password, to=a.to, now=ctx.clock())
    print(f"queued mail {row.id}, a copy of {a.id}, to {row.to_addr}: {row.subject}", file=ctx.out)
    print(f"sent {_deliver_quietly(ctx)} mails", file=ctx.out)
    return EXIT_OK


def _report(ctx: _Context) -> int:
    a = ctx.args
    _phase, text = ctx.judge.report(a.game, a.phase, gm_password=ctx.gm_password, lang=a.lang)
    ctx.out.write(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


def _orders(ctx: _Context) -> int:
    a = ctx.args
    found = ctx.judge.current_orders(a.game, a.power, gm_password=ctx.gm_password)
    deadline = f", deadline {_stamp(found.deadline)}" if found.deadline else ""
    print(f"{found.game} {found.phase}{deadline}", file=ctx.out)
    for power in found.powers:
        if power.received_at is not None:
            print(f"{power.power}: received {_stamp(power.received_at)}", file=ctx.out)
            for order in power.orders:
                print(f"  {order}", file=ctx.out)
        else:
            missing = "no orders yet" if power.must_order else "nothing to order"
            print(f"{power.power}: {missing}", file=ctx.out)
    return EXIT_OK
