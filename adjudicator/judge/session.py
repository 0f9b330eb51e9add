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

from adjudicator.base.errors import cut
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
from adjudicator.judge.store import PhaseRow, PlayerRow, Store, SubmissionRow, Tx
from adjudicator.judge.turns import Queuing
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words
from adjudicator.orders.write import format_order
from adjudicator.state.position import Position


class Judging(Mastering, Queuing, Protocol):
    """What a mail session needs of the judge (:class:`adjudicator.judge.service.Judge`)."""

    @property
    def store(self) -> Store: ...

    @property
    def config(self) -> JudgeConfig: ...

    def finish(
        self, tx: Tx, loaded: LoadedGame, kind: str, powers: Sequence[str], now: datetime
    ) -> str: ...


MAX_REPLIES_PER_HOUR = 30
"""Replies to one address within an hour; later mail from it is still executed but not
answered until the hour has passed. A robot that answers the judge's mail without saying it is
one (no ``Auto-Submitted``) would otherwise talk with the judge for ever: this ends any loop."""

MAX_REPLY_CHARS_PER_HOUR = 400_000
"""Characters of replies to one address within an hour: the count above bounds replies, this
bounds what they weigh (a reply's game information is bounded by :data:`MAX_INFO_CHARS`)."""

MAX_PROBLEMS_SHOWN = 20
"""Problems of one orders mail listed in the reply; a mail of garbage gets a short reply."""

MAX_INFO_CHARS = 60_000
"""Characters of game information (HELP, LIST, HISTORY) in one reply. HELP, LIST and HISTORY
need no sign-on, so a stranger may ask them of any game for any address: each is answered once
per mail, and all of them together within this, so that a reply never weighs much more than
the mail that asked for it."""

MAX_PASSWORD_CHECKS = 4
"""Password hashes one mail may cost (SIGNON, SET PASSWORD; each is a scrypt of about 50 ms,
inside the mail's transaction). A repeated SIGNON that succeeded costs none."""


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
        session.send_press()
        hour_ago = now - timedelta(hours=1)
        if tx.replies_since(mail.sender, hour_ago) >= MAX_REPLIES_PER_HOUR:
            outcome += f" (not answered: {MAX_REPLIES_PER_HOUR} replies to the sender this hour)"
        elif tx.reply_chars_since(mail.sender, hour_ago) >= MAX_REPLY_CHARS_PER_HOUR:
            outcome += (
                f" (not answered: {MAX_REPLY_CHARS_PER_HOUR:,} characters of replies to the"
                " sender this hour)"
            )
        else:
            session.send_reply()
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
        self.did_something = False
        """A command after the last SIGNON was carried out (else the reply says who is signed
        on and what stands)."""
        self.answered: dict[tuple[object, ...], list[int]] = {}
        """HELP, LIST and HISTORY answered so far, each with the lines that asked for it."""
        self.info_chars = 0
        self.info_full = False
        self.password_checks = 0
        self.signons: set[tuple[str, str, str]] = set()
        """(game, power, password) of the SIGNONs that succeeded: repeating one costs no hash."""
        self.press_out: dict[tuple[str, str, str, str], list[str]] = {}
        """(address, its language, game, the sender's name in that language) -> the press texts
        for it: one notice per addressee and sender, however many presses the mail holds."""

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
        commands, skipped = _text_before_signon(commands)
        if skipped:
            self.say(self.words.skipped_text.format(
                lines=_line_list(self.words, [n for n, _ in skipped]),
                text=repr(cut(skipped[0][1].strip(), 60)),
            ))  # fmt: skip
        try:
            for command in commands:
                self.execute(command)
        except _Stop:
            pass
        else:
            if not problems:
                self.signed_on_only()
        self.say_asked_again()
        if problems:
            shown = problems[:MAX_PROBLEMS_SHOWN]
            listed = ["  " + line for p in shown for line in p.format().splitlines()]
            if len(problems) > len(shown):
                more = self.words.problems_more.format(count=len(problems) - len(shown))
                listed.append("  " + more)
            self.say("\n".join([self.words.unknown_commands, *listed]))
        if not commands and not problems:
            self.fail("empty", self.words.no_signon)
        return self.outcome or "commands"

    def signed_on_only(self) -> None:
        """A mail whose last SIGNON is followed by nothing to do: say who is signed on, what
        orders stand and what is still missing, rather than send an empty reply."""
        if self.did_something:
            return
        if self.master is not None:
            row = self.tx.get_game(self.master)
            status = texts.status_word(row.status if row else "", self.lang)
            name = self.words.master_name
            self.say(self.words.signed_on.format(power=name, game=self.master, phase=status))
            return
        if self.signed is None:
            return
        loaded, player = self.signed.loaded, self.signed.player
        row = loaded.row
        phase = self.tx.current_phase(row.name)
        power = power_name(player.power, loaded.map, self.lang)
        if phase is None or row.status in ("forming", "finished"):
            words = texts.status_word(row.status, self.lang)
            self.say(self.words.signed_on.format(power=power, game=row.name, phase=words))
            return
        position = position_of(phase, loaded.map)
        standing = submitted_orders(self.tx, row.name, phase.seq).get(player.power) or ()
        current = orders_from_texts({player.power: standing}, position, loaded.map)
        missing = outstanding(
            position, player.power, current.get(player.power, []), loaded.map, loaded.rules
        )
        w = self.words
        lines = [
            w.signed_on.format(
                power=power, game=row.name, phase=texts.phase_words(position.phase, self.lang)
            )
        ]
        if standing:
            lines += ["", w.previous_kept, *("  " + o for o in self.shown(standing, position,
                                                                          loaded))]  # fmt: skip
        units = [format_order_unit(u, loaded, self.lang) for u in missing.units]
        lines += ["", *texts.missing_lines(w, units, missing.builds, missing.removals)]
        if row.deadline is not None:
            deadline = texts.format_deadline(row.deadline, self.lang)
            lines += ["", w.deadline_line.format(deadline=deadline)]
        self.say("\n".join(lines))

    def say_asked_again(self) -> None:
        for key, lines in self.answered.items():
            if len(lines) <= 1:
                continue
            if key[0] == "master":
                self.say(self.words.done_once.format(
                    command=str(key[1]).upper(), lines=_line_list(self.words, lines)
                ))  # fmt: skip
                continue
            command = str(key[0]).upper() if self.lang == "en" else str(key[1])
            self.say(self.words.asked_again.format(
                command=command, lines=_line_list(self.words, lines)
            ))  # fmt: skip

    # ------------------------------------------------------------------ commands
    def execute(self, command: object) -> None:
        if not isinstance(command, (cmd.Signon, cmd.Signoff)):
            self.did_something = True
        match command:
            case cmd.Signon():
                self.signon(command)
            case cmd.Help():
                if self.first_time(("help", "HILFE"), command.line):
                    self.inform(self.words.help, command.line)
            case cmd.Signoff():
                self.say(self.words.signed_off)
                raise _Stop
            case cmd.List():
                if self.first_time(("list", "LISTE", self.asked(command.game)), command.line):
                    self.list_game(command.game, command.line)
            case cmd.History():
                key = ("history", "VERLAUF", self.asked(command.game), command.since)
                if self.first_time(key, command.line):
                    self.history(command)
            case cmd.Master():
                self.master_command(command)
            case _ if self.master is not None:
                self.fail("not a player", self.words.master_no_orders)
            case _:
                signed = self.require_signon(command)
                self.player_command(signed, command)

    def asked(self, game: str | None) -> str:
        """The game a LIST or HISTORY names or means (the signed-on one when none is named)."""
        if game:
            return game
        if self.signed is not None:
            return self.signed.loaded.row.name
        return self.master or ""

    def first_time(self, key: tuple[object, ...], line: int) -> bool:
        """Whether this HELP, LIST or HISTORY is the first of its kind in the mail (the later
        ones are counted, and the reply says they were answered once)."""
        lines = self.answered.setdefault(key, [])
        lines.append(line)
        return len(lines) == 1

    def inform(self, text: str, line: int) -> bool:
        """Say game information within the reply's :data:`MAX_INFO_CHARS`; whether it fit."""
        if self.info_full:
            return False
        if self.info_chars + len(text) > MAX_INFO_CHARS:
            self.info_full = True
            self.say(self.words.reply_full.format(limit=f"{MAX_INFO_CHARS:,}", line=line))
            return False
        self.info_chars += len(text)
        self.say(text)
        return True

    def count_hash(self, line: int) -> None:
        """Count one password hash against the mail's :data:`MAX_PASSWORD_CHECKS`; past it,
        the mail's reading stops here."""
        self.password_checks += 1
        if self.password_checks > MAX_PASSWORD_CHECKS:
            text = self.words.password_checks.format(count=MAX_PASSWORD_CHECKS, line=line)
            self.fail("too many password checks", text)
            raise _Stop

    def require_signon(self, command: object = None) -> _SignedOn:
        if self.signed is None:
            text = self.words.no_signon
            if isinstance(command, cmd.Orders) and command.lines:
                number, line = command.lines[0]
                quoted = repr(cut(line.strip(), 60))
                text += "\n" + self.words.first_line.format(line=number, text=quoted)
            self.fail("no signon", text)
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
        self.did_something = False
        tried = (row.name, player.power, command.password)
        if tried in self.signons and player.status != "resigned":
            self.signed = _SignedOn(loaded, player)
            return
        self.count_hash(command.line)
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
        self.signons.add(tried)

    def master_signon(self, command: cmd.Signon, loaded: LoadedGame) -> None:
        self.lang = command.lang
        self.did_something = False
        tried = (loaded.row.name, "", command.password)
        if tried not in self.signons:
            self.count_hash(command.line)
            if not verify_password(command.password, loaded.row.gm_password_hash):
                name, game = self.words.master_name, loaded.row.name
                text = self.words.wrong_password.format(power=name, game=game)
                self.fail("wrong password", text)
                raise _Stop
            self.signons.add(tried)
        self.signed, self.master = None, loaded.row.name

    def master_command(self, command: cmd.Master) -> None:
        """A game master's command, on the game as it stands after the commands before it."""
        if self.master is None:
            game = self.require_signon().loaded.row.name
            text = self.words.master_only.format(game=game, command=command.action.upper())
            self.fail("not the game master", text)
            return
        # each once per mail: PROCESS, SET DEADLINE, END... tell every player, and a mail of
        # a thousand of them must not cost a thousand rounds of notices
        if not self.first_time(("master", command.action), command.line):
            return
        if command.action in ("replace", "reset"):
            self.count_hash(command.line)  # a new password, hashed
        row = self.tx.lock_game(self.master)
        assert row is not None  # locked since the signon
        try:
            done = run_master_command(self.judge, self.tx, load_game(row), command, self.now,
                                      self.lang)  # fmt: skip
        except (JudgeError, ValueError) as exc:
            problem = exc.said(self.lang) if isinstance(exc, JudgeError) else str(exc)
            self.fail("refused", self.words.master_refused.format(problem=problem))
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
                self.count_hash(command.line)
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
        end_in_draw_if_agreed(self.judge, self.tx, signed.loaded, self.now)

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
    def game_asked(self, name: str | None, line: int) -> LoadedGame | None:
        """The game a LIST or HISTORY asks about: the one named, else the signed-on one; None
        (with the reply saying so, within the reply's game information) when no such game
        exists."""
        if self.signed and not name:
            return self.signed.loaded
        row = self.tx.get_game(name or self.master or "")
        if row is None:
            if self.outcome is None:
                self.outcome = "rejected: unknown game"
            self.inform(self.words.unknown_game.format(game=(name or "")[:40]), line)
            return None
        return load_game(row)

    def list_game(self, name: str | None, line: int) -> None:
        if self.info_full:
            return
        loaded = self.game_asked(name, line)
        if loaded is None:
            return
        self.game_name = self.game_name or loaded.row.name
        mastered = loaded.row.name == self.master  # the master sees the players' addresses
        self.inform(game_status(self.tx, loaded, with_addresses=mastered, lang=self.lang), line)

    def history(self, command: cmd.History) -> None:
        """The reports of the processed phases (from ``since`` on), the latest ones that fit
        in what is left of the reply's :data:`MAX_INFO_CHARS`, with a note on the rest."""
        if self.info_full:
            return
        loaded = self.game_asked(command.game, command.line)
        if loaded is None:
            return
        game = loaded.row.name
        phases = [p for p in self.tx.phases(game) if p.processed_at]
        if command.since is not None:
            wanted = command.since.upper()
            start = next((i for i, p in enumerate(phases) if p.phase.upper() == wanted), None)
            if start is None:
                played = ", ".join(p.phase for p in phases[:3]) + (" ..." if phases[3:] else "")
                text = self.words.unknown_phase.format(
                    game=game, phase=cut(command.since, 20), phases=played or "-"
                )
                self.fail("unknown phase", text)
                return
            phases = phases[start:]
        room = MAX_INFO_CHARS - self.info_chars - 400  # 400: the note on what was left out
        # without a phase named, the latest phases; from a phase named, the ones after it
        order = phases if command.since is not None else phases[::-1]
        shown: list[tuple[PhaseRow, str]] = []
        for phase in order:
            report = report_in(phase, self.lang)
            if len(report) + 1 > room:
                break
            room -= len(report) + 1
            shown.append((phase, report))
        shown.sort(key=lambda item: item[0].seq)
        text = "\n".join(report for _, report in shown) if shown else "-"
        if len(shown) < len(phases):
            kept = {phase.seq for phase, _ in shown}
            rest = [p for p in phases if p.seq not in kept]
            first = rest[0] if command.since is not None else phases[0]
            note = self.words.history_cut.format(
                count=len(rest), limit=f"{MAX_INFO_CHARS:,}", game=game, phase=first.phase
            )
            text = note + ("\n\n" + text if shown else "")
        self.inform(text, command.line)

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
            sender = power_name(signed.player.power, loaded.map, target.lang)
            key = (target.email, target.lang, game, sender)
            self.press_out.setdefault(key, []).append(command.body)
        names = (
            "all" if to == "all" else ", ".join(power_name(p, loaded.map, self.lang) for p in to)
        )
        self.say(self.words.press_sent.format(to=names))

    def send_press(self) -> None:
        """One notice per addressee and sender for all the presses of the mail: a mail of a
        thousand short presses costs each player one mail, not a thousand."""
        for (email, lang, game, sender), bodies in self.press_out.items():
            w = judge_words(lang)
            self.judge.queue(
                self.tx,
                email,
                w.press_subject.format(game=game, power=sender),
                w.press_body.format(power=sender, body="\n\n-----\n\n".join(bodies)),
                "notice",
                game,
                self.now,
            )

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


def end_in_draw_if_agreed(judge: Judging, tx: Tx, loaded: LoadedGame, now: datetime) -> None:
    """End the game in a draw when every surviving power's player votes for one (njudge: the
    draw is among the powers still in the game); by mail's ``DRAW`` and the web pages'."""
    game = loaded.row.name
    phase = tx.current_phase(game)
    if phase is None or loaded.row.status not in ("active", "paused"):
        return
    alive = set(position_of(phase, loaded.map).powers)
    players = {p.power: p for p in tx.players(game)}
    voters = [players.get(power) for power in sorted(alive)]
    if not alive or any(p is None or p.status == "resigned" or not p.draw for p in voters):
        return
    judge.finish(tx, loaded, "draw", sorted(alive), now)


def format_order_unit(unit: object, loaded: LoadedGame, lang: str) -> str:
    """A unit in the short form of ``lang`` (``A MUN``)."""
    text = str(unit)
    if lang == "en":
        return text
    kind, _, place = text.partition(" ")
    province, _, coast = place.partition("/")
    code = loaded.map.code(province, lang) if province in loaded.map.provinces else province
    return f"{kind} {code}" + (f"/{coast}" if coast else "")


def _text_before_signon(
    commands: list[cmd.Command],
) -> tuple[list[cmd.Command], list[tuple[int, str]]]:
    """The commands with the order lines that stand before the first SIGNON taken out, and
    those lines: a greeting above the SIGNON is text to skip, as njudge reads it, not orders
    without a sign-on. The order lines after the SIGNON follow it. A mail without SIGNON is
    left as it is (its reply says that it has none)."""
    first = next((c for c in commands if isinstance(c, cmd.Signon)), None)
    if first is None:
        return commands, []
    found = next((c for c in commands if isinstance(c, cmd.Orders)), None)
    if found is None:
        return commands, []
    before = [item for item in found.lines if item[0] < first.line]
    if not before:
        return commands, []
    after = cmd.Orders(tuple(item for item in found.lines if item[0] > first.line))
    kept: list[cmd.Command] = []
    for command in commands:
        if command is not found:
            kept.append(command)
        if command is first and after.lines:
            kept.append(after)
    return kept, before


def _line_list(words: JudgeWords, lines: Sequence[int]) -> str:
    """``line 3, 4, 5 ... 2000``: the lines named, the first few and the last."""
    shown = ", ".join(str(n) for n in lines[:3])
    if len(lines) > 4:
        shown += f" ... {lines[-1]}"
    elif len(lines) == 4:
        shown += f", {lines[-1]}"
    return f"{words.where[0]} {shown}"


def _mail_language(commands: Sequence[object]) -> str:
    """The language to answer in before anyone has signed on: German when the mail's commands
    are German words."""
    for command in commands:
        lang = getattr(command, "lang", None)
        if isinstance(lang, str) and lang in JUDGE_LANGUAGES:
            return lang
    return "en"
