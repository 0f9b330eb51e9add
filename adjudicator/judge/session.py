"""One incoming mail, handled: recorded, its commands executed for the signed-on player, one
reply queued, all in one transaction.

A mail changes nothing unless it is signed on (``SIGNON`` with the power's password) before its
first order or player command, or as the game master (``SIGNON M<game>`` with the master
password, :mod:`adjudicator.judge.master`) before a master's command; a wrong password, an
unknown game or power, orders for another power and orders with any error change nothing and say
why. A Message-ID seen before changes nothing and gets no second reply; a bounce, an auto-reply,
a mailing list or the judge's own mail gets no reply at all
(:func:`adjudicator.judge.mailin.reply_refusal`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from adjudicator.judge import commands as cmd
from adjudicator.judge import texts
from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.game import (
    order_text,
    orders_from_texts,
    outstanding,
    power_name,
    read_orders,
)
from adjudicator.judge.mailin import IncomingMail, read_mail, reply_refusal
from adjudicator.judge.master import Mastering, is_master, run_master_command
from adjudicator.judge.passwords import (
    MASK,
    MAX_NEW_PASSWORD_CHARS,
    PasswordError,
    check_password,
    hash_password,
    verify_password,
)
from adjudicator.judge.records import (
    JudgeError,
    LoadedGame,
    game_status,
    load_game,
    position_of,
    report_in,
    resolve_power,
    submitted_orders,
)
from adjudicator.judge.redact import stored_mail
from adjudicator.judge.store import PlayerRow, Store, SubmissionRow, Tx
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words
from adjudicator.orders.write import format_order
from adjudicator.state.position import Position


class Judging(Mastering, Protocol):
    """What a mail session needs of the judge (:class:`adjudicator.judge.service.Judge`)."""

    @property
    def store(self) -> Store: ...

    @property
    def config(self) -> JudgeConfig: ...

    def queue(
        self,
        tx: Tx,
        to: str,
        subject: str,
        body: str,
        kind: str,
        game: str | None,
        now: datetime,
        in_reply_to: str | None = None,
    ) -> int: ...

    def finish(
        self, tx: Tx, loaded: LoadedGame, kind: str, powers: Sequence[str], now: datetime
    ) -> str: ...


MAX_REPLIES_PER_HOUR = 30
"""Replies to one address within an hour; later mail from it is still executed but not
answered until the hour has passed. A robot that answers the judge's mail without saying it is
one (no ``Auto-Submitted``) would otherwise talk with the judge for ever: this ends any loop."""

MAX_PROBLEMS_SHOWN = 20
"""Problems of one orders mail listed in the reply; a mail of garbage gets a short reply."""


@dataclass(frozen=True, slots=True)
class _SignedOn:
    loaded: LoadedGame
    player: PlayerRow


class _Stop(Exception):
    """Ends the reading of a mail's commands (an unusable SIGNON, SIGNOFF)."""


def handle_mail(judge: Judging, raw: bytes, now: datetime) -> str:
    """Record ``raw``, execute its commands and queue the reply; the mail's outcome."""
    mail = read_mail(raw)
    with judge.store.transaction() as tx:
        # kept without its passwords (adjudicator.judge.redact), under the same Message-ID
        mail_id = tx.record_mail(mail.message_id, now, mail.sender, stored_mail(mail))
        if mail_id is None:
            return "duplicate"
        refusal = reply_refusal(mail, judge.config.judge_address)
        if refusal is not None:
            tx.set_mail_outcome(mail_id, None, f"ignored: {refusal}")
            return "ignored"
        session = _Session(judge, tx, mail, mail_id, now)
        outcome = session.run()
        if tx.replies_since(mail.sender, now - timedelta(hours=1)) < MAX_REPLIES_PER_HOUR:
            session.send_reply()
        else:
            outcome += f" (not answered: {MAX_REPLIES_PER_HOUR} replies to the sender this hour)"
        tx.set_mail_outcome(mail_id, session.game_name, outcome)
    return outcome


class _Session:
    """The commands of one mail, executed in order, and the reply they add up to."""

    def __init__(
        self, judge: Judging, tx: Tx, mail: IncomingMail, mail_id: int, now: datetime
    ) -> None:
        self.judge = judge
        self.tx = tx
        self.mail = mail
        self.mail_id = mail_id
        self.now = now
        self.signed: _SignedOn | None = None
        self.master: str | None = None
        """The game whose master signed on, if the game master did."""
        self.lang = "en"
        self.sections: list[str] = []
        self.outcome: str | None = None
        self.game_name: str | None = None

    @property
    def words(self) -> JudgeWords:
        return judge_words(self.lang)

    def say(self, text: str) -> None:
        self.sections.append(text.rstrip("\n"))

    def fail(self, outcome: str, text: str) -> None:
        """A refusal: said in the reply; the first one names the mail's outcome."""
        self.say(text)
        if self.outcome is None:
            self.outcome = f"rejected: {outcome}"

    def run(self) -> str:
        if self.mail.too_large:
            self.fail("too large", self.words.too_large)
            return self.outcome or "rejected"
        commands, problems = cmd.read_commands(self.mail.text)
        self.lang = _mail_language(commands)
        try:
            for command in commands:
                self.execute(command)
        except _Stop:
            pass
        if problems:
            listed = ["  " + line for p in problems for line in p.format().splitlines()]
            self.say("\n".join([self.words.unknown_commands, *listed]))
        if not commands and not problems:
            self.fail("empty", self.words.no_signon)
        return self.outcome or "commands"

    # ------------------------------------------------------------------ commands
    def execute(self, command: object) -> None:
        match command:
            case cmd.Signon():
                self.signon(command)
            case cmd.Help():
                self.say(self.words.help)
            case cmd.Signoff():
                self.say(self.words.signed_off)
                raise _Stop
            case cmd.List():
                self.list_game(command.game)
            case cmd.History():
                self.history(command.game)
            case cmd.Master():
                self.master_command(command)
            case _ if self.master is not None:
                self.fail("not a player", self.words.master_no_orders)
            case _:
                signed = self.require_signon()
                self.player_command(signed, command)

    def require_signon(self) -> _SignedOn:
        if self.signed is None:
            self.fail("no signon", self.words.no_signon)
            raise _Stop
        return self.signed

    def signon(self, command: cmd.Signon) -> None:
        row = self.tx.lock_game(command.game)
        if row is None:
            # SIGNON Fgame secret extra: read as power, game, password, its "game" is the
            # password of the glued form; a reply must not carry it
            glued = len(command.power) >= 2 and self.tx.get_game(command.power[1:]) is not None
            named = MASK if glued else command.game[:40]
            self.fail("unknown game", self.words.unknown_game.format(game=named))
            raise _Stop
        self.game_name = row.name
        loaded = load_game(row)
        try:
            power = resolve_power(loaded.map, command.power)
        except JudgeError:
            power = None
        if power is None and is_master(command.power):  # a power called M is the power
            self.master_signon(command, loaded)
            return
        player = self.tx.get_player(row.name, power) if power is not None else None
        if player is None:
            self.fail(
                "unknown power",
                self.words.unknown_power.format(
                    game=row.name,
                    power=command.power[:40],
                    powers=", ".join(p.power for p in self.tx.players(row.name)) or "-",
                ),
            )
            raise _Stop
        self.lang = player.lang
        if not verify_password(command.password, player.password_hash):
            name = power_name(player.power, loaded.map, self.lang)
            self.fail("wrong password", self.words.wrong_password.format(power=name, game=row.name))
            raise _Stop
        if player.status == "resigned":
            self.fail(
                "resigned",
                self.words.resigned.format(
                    power=power_name(player.power, loaded.map, self.lang), game=row.name
                ),
            )
            raise _Stop
        self.signed = _SignedOn(loaded, player)

    def master_signon(self, command: cmd.Signon, loaded: LoadedGame) -> None:
        self.lang = command.lang
        if not verify_password(command.password, loaded.row.gm_password_hash):
            name, game = self.words.master_name, loaded.row.name
            self.fail("wrong password", self.words.wrong_password.format(power=name, game=game))
            raise _Stop
        self.signed, self.master = None, loaded.row.name

    def master_command(self, command: cmd.Master) -> None:
        """A game master's command, on the game as it stands after the commands before it."""
        if self.master is None:
            game = self.require_signon().loaded.row.name
            text = self.words.master_only.format(game=game, command=command.action.upper())
            self.fail("not the game master", text)
            return
        row = self.tx.lock_game(self.master)
        assert row is not None  # locked since the signon
        try:
            done = run_master_command(self.judge, self.tx, load_game(row), command, self.now,
                                      self.lang)  # fmt: skip
        except (JudgeError, ValueError) as exc:
            self.fail("refused", self.words.master_refused.format(problem=str(exc)))
            return
        self.say(done)

    def player_command(self, signed: _SignedOn, command: object) -> None:
        game = signed.loaded.row.name
        power = signed.player.power
        w = self.words
        match command:
            case cmd.Orders():
                self.orders(signed, command)
            case cmd.Password():
                try:
                    check_password(command.new)
                except PasswordError as exc:
                    problem = w.password_problems[exc.reason]
                    self.fail("password refused", problem.format(most=MAX_NEW_PASSWORD_CHARS))
                    return
                stored = hash_password(command.new)
                self.tx.update_player(game, power, password_hash=stored)
                self.say(w.password_changed)
            case cmd.Wait():
                self.tx.update_player(game, power, wait=command.on)
                self.say(w.wait_on if command.on else w.wait_off)
            case cmd.Draw():
                self.tx.update_player(game, power, draw=command.on)
                self.say(w.draw_on if command.on else w.draw_off)
                if command.on:
                    self.draw_if_agreed(signed)
            case cmd.Resign():
                self.tx.update_player(game, power, status="resigned")
                self.say(
                    w.resigned.format(
                        power=power_name(power, signed.loaded.map, self.lang), game=game
                    )
                )
                raise _Stop
            case cmd.Press():
                self.press(signed, command)
            case _:
                self.say(w.help)

    def draw_if_agreed(self, signed: _SignedOn) -> None:
        """End the game in a draw when every surviving power's player votes for one (njudge:
        the draw is among the powers still in the game)."""
        loaded = signed.loaded
        game = loaded.row.name
        phase = self.tx.current_phase(game)
        if phase is None or loaded.row.status not in ("active", "paused"):
            return
        alive = set(position_of(phase, loaded.map).powers)
        players = {p.power: p for p in self.tx.players(game)}
        voters = [players.get(power) for power in sorted(alive)]
        if not alive or any(p is None or p.status == "resigned" or not p.draw for p in voters):
            return
        self.judge.finish(self.tx, loaded, "draw", sorted(alive), self.now)

    # ------------------------------------------------------------------ orders
    def orders(self, signed: _SignedOn, command: cmd.Orders) -> None:
        loaded = signed.loaded
        row = loaded.row
        w = self.words
        if row.status in ("forming", "finished"):
            text = w.game_over if row.status == "finished" else w.not_running
            status = texts.status_word(row.status, self.lang)
            self.fail("not running", text.format(game=row.name, status=status))
            return
        phase = self.tx.current_phase(row.name)
        assert phase is not None
        position = position_of(phase, loaded.map)
        power = signed.player.power
        text = order_text(command.lines)
        read = read_orders(
            text, power, position, loaded.map, loaded.rules, path="mail", reply_lang=self.lang
        )
        before = submitted_orders(self.tx, row.name, phase.seq).get(power)
        accepted = read.ok and bool(read.orders)
        if accepted:
            self.tx.add_submission(
                SubmissionRow(
                    0,
                    row.name,
                    phase.seq,
                    power,
                    self.mail_id,
                    text,
                    json.dumps(list(read.canonical)),
                    self.now,
                )
            )
            standing = read.canonical
            if self.outcome is None:
                self.outcome = "orders"
        else:
            standing = before or ()
            if self.outcome is None:
                problem = "orders with errors" if read.diagnostics else "no orders"
                self.outcome = f"rejected: {problem}"
        current = orders_from_texts({power: standing}, position, loaded.map).get(power, [])
        missing = outstanding(position, power, current, loaded.map, loaded.rules)
        problems = read.formatted_diagnostics()
        if len(problems) > MAX_PROBLEMS_SHOWN:
            more = len(problems) - MAX_PROBLEMS_SHOWN
            problems = [*problems[:MAX_PROBLEMS_SHOWN], w.problems_more.format(count=more)]
        reply = texts.OrdersReply(
            game=row.name,
            power=power_name(power, loaded.map, self.lang),
            phase=position.phase,
            accepted=accepted,
            shown=read.shown,
            problems=tuple(problems),
            replaced=self.shown(before, position, loaded) if accepted and before else None,
            standing=self.shown(before, position, loaded) if not accepted and before else (),
            missing_units=tuple(format_order_unit(u, loaded, self.lang) for u in missing.units),
            missing_builds=missing.builds,
            missing_removals=missing.removals,
            deadline=row.deadline,
        )
        self.say(texts.orders_reply(reply, self.lang))

    def shown(
        self, orders: Sequence[str] | None, position: Position, loaded: LoadedGame
    ) -> tuple[str, ...]:
        """Stored canonical orders in the short form of the reply's language."""
        parsed = orders_from_texts({"-": orders or ()}, position, loaded.map)["-"]
        return tuple(format_order(o, loaded.map, self.lang) for o in parsed)

    # ------------------------------------------------------------------ game information
    def game_asked(self, name: str | None) -> LoadedGame | None:
        """The game a LIST or HISTORY asks about: the one named, else the signed-on one; None
        (with the reply saying so) when no such game exists."""
        if self.signed and not name:
            return self.signed.loaded
        row = self.tx.get_game(name or self.master or "")
        if row is None:
            self.fail("unknown game", self.words.unknown_game.format(game=(name or "")[:40]))
            return None
        return load_game(row)

    def list_game(self, name: str | None) -> None:
        loaded = self.game_asked(name)
        if loaded is None:
            return
        self.game_name = self.game_name or loaded.row.name
        mastered = loaded.row.name == self.master  # the master sees the players' addresses
        self.say(game_status(self.tx, loaded, with_addresses=mastered, lang=self.lang))

    def history(self, name: str | None) -> None:
        loaded = self.game_asked(name)
        if loaded is None:
            return
        reports = [
            report_in(p, self.lang) for p in self.tx.phases(loaded.row.name) if p.processed_at
        ]
        self.say("\n".join(reports) if reports else "-")

    def press(self, signed: _SignedOn, command: cmd.Press) -> None:
        loaded = signed.loaded
        game = loaded.row.name
        phase = self.tx.current_phase(game)
        players = [p for p in self.tx.players(game) if p.power != signed.player.power]
        if command.to == "all":
            to: Sequence[str] | str = "all"
            targets = players
        else:
            try:
                named = {resolve_power(loaded.map, p) for p in command.to}
            except JudgeError as exc:
                self.fail("unknown power", str(exc))
                return
            to = sorted(named)
            targets = [p for p in players if p.power in named]
        self.tx.add_press(
            game,
            phase.seq if phase else 0,
            signed.player.power,
            "all" if to == "all" else list(to),
            command.body,
            self.now,
        )
        for target in targets:
            w = judge_words(target.lang)
            sender = power_name(signed.player.power, loaded.map, target.lang)
            self.judge.queue(
                self.tx,
                target.email,
                w.press_subject.format(game=game, power=sender),
                w.press_body.format(power=sender, body=command.body),
                "notice",
                game,
                self.now,
            )
        names = (
            "all" if to == "all" else ", ".join(power_name(p, loaded.map, self.lang) for p in to)
        )
        self.say(self.words.press_sent.format(to=names))

    # ------------------------------------------------------------------ the reply
    def send_reply(self) -> None:
        notes = [self.words.mail_problem.format(problem=p) for p in self.mail.problems]
        body = "\n\n".join([*self.sections, *notes]).strip("\n") + "\n"
        subject = self.mail.subject.strip()
        if not subject.lower().startswith("re:"):
            subject = self.words.reply_subject.format(subject=subject or "Diplomacy")
        self.judge.queue(
            self.tx,
            self.mail.sender,
            subject[:200],
            body,
            "reply",
            self.game_name,
            self.now,
            in_reply_to=self.mail.message_id,
        )


def format_order_unit(unit: object, loaded: LoadedGame, lang: str) -> str:
    """A unit in the short form of ``lang`` (``A MUN``)."""
    text = str(unit)
    if lang == "en":
        return text
    kind, _, place = text.partition(" ")
    province, _, coast = place.partition("/")
    code = loaded.map.code(province, lang) if province in loaded.map.provinces else province
    return f"{kind} {code}" + (f"/{coast}" if coast else "")


def _mail_language(commands: Sequence[object]) -> str:
    """The language to answer in before anyone has signed on: German when the mail's commands
    are German words."""
    for command in commands:
        lang = getattr(command, "lang", None)
        if isinstance(lang, str) and lang in JUDGE_LANGUAGES:
            return lang
    return "en"
