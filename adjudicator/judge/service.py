"""The judge as a service: the game master's commands, one mail handled, due games processed.

``Judge(store, config)`` is the one object the command line drives. Every entry point takes the
current time (``now``, timezone-aware UTC) and runs in one transaction of the store: a mail is
recorded, its commands executed and its reply queued together, or not at all; a phase is
adjudicated, stored, advanced and its results mails queued together, or not at all. Mails go to
the outbox only; :func:`adjudicator.judge.mailout.deliver` sends them after the commit, so a
crash between storing and sending loses nothing (the next delivery sends the rest, once).

The rules of play are :mod:`adjudicator.judge.game`'s, the words :mod:`adjudicator.judge.texts`'.
The commands of a mail are executed by :mod:`adjudicator.judge.session`, a game's turn (a phase
processed, reminders, late notices) by :mod:`adjudicator.judge.turns`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from adjudicator.base.errors import InputError, cut
from adjudicator.base.model import PhaseType
from adjudicator.board.load import load_map
from adjudicator.judge import texts, turns
from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.export import RecordedPhase, saved_game
from adjudicator.judge.game import (
    PhaseLengths,
    deadline_after,
    power_name,
    powers_to_order,
    remaining_seconds,
    resumed_deadline,
)
from adjudicator.judge.mailout import make_message_id
from adjudicator.judge.passwords import check_password, hash_password, verify_password
from adjudicator.judge.records import (
    DEFAULT_REMINDER_HOURS,
    JudgeError,
    LoadedGame,
    current_phase,
    ending_line,
    game_status,
    load_game,
    position_json,
    position_of,
    power_letter,
    report_in,
    resolve_power,
    rules_json,
)
from adjudicator.judge.store import GameRow, OutboxRow, PhaseRow, PlayerRow, Store, Tx
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words
from adjudicator.state.position import Position

END_KINDS = ("draw", "concession", "solo")
"""How a game master may end a game."""


@dataclass(frozen=True, slots=True)
class GameSettings:
    """What ``judge create`` asks for."""

    map_name: str = "standard"
    preset: str = "datc"
    lengths: PhaseLengths = field(default_factory=PhaseLengths)
    process_early: bool = True
    reminder_hours: float = DEFAULT_REMINDER_HOURS


@dataclass(frozen=True, slots=True)
class TickReport:
    """What one tick did."""

    processed: tuple[str, ...] = ()
    """``game: S1901M -> F1901M`` for every phase processed."""
    reminders: tuple[str, ...] = ()
    """``game: power`` for every reminder queued."""
    late: tuple[str, ...] = ()
    """``game: power`` for every late notice queued."""

    def lines(self) -> list[str]:
        out = [f"processed {line}" for line in self.processed]
        out += [f"reminded {line}" for line in self.reminders]
        out += [f"late notice {line}" for line in self.late]
        return out or ["nothing to do"]


@dataclass(frozen=True, slots=True)
class PowerOrders:
    """One power's orders in the current phase, as the game master sees them."""

    power: str
    orders: tuple[str, ...]
    """Its latest submission, canonical (empty when it has sent none)."""
    received_at: datetime | None
    """When that submission came (``None``: none yet)."""
    must_order: bool
    """Whether the power has anything to order this phase."""


@dataclass(frozen=True, slots=True)
class PhaseOrders:
    """The orders of a game's current phase so far (``judge orders``)."""

    game: str
    phase: str
    """``S1901M``."""
    deadline: datetime | None
    powers: tuple[PowerOrders, ...]


# ---------------------------------------------------------------------- the judge
class Judge:
    """The play-by-email judge over one store."""

    def __init__(self, store: Store, config: JudgeConfig) -> None:
        self.store = store
        self.config = config

    # ------------------------------------------------------------------ game master
    def create_game(
        self,
        name: str,
        *,
        gm_email: str,
        gm_password: str,
        settings: GameSettings,
        now: datetime,
    ) -> None:
        """A new game, forming: players are added next, then it is started."""
        _check_name(name)
        _check_password(gm_password, "the game master's password")
        _check_address(gm_email)
        try:
            game_map = load_map(settings.map_name)
        except InputError as exc:
            raise JudgeError(exc.diagnostics[0].message) from None
        _check_lengths(settings.lengths)
        row = GameRow(
            name=name,
            map_name=game_map.name,
            preset=settings.preset,
            rules_json=rules_json(settings.preset, settings.reminder_hours),
            status="forming",
            movement_minutes=settings.lengths.movement,
            retreat_minutes=settings.lengths.retreat,
            adjustment_minutes=settings.lengths.adjustment,
            grace_minutes=settings.lengths.grace,
            process_early=settings.process_early,
            gm_email=gm_email,
            gm_password_hash=hash_password(gm_password),
            deadline=None,
            phase_seq=None,
            result=None,
            created_at=now,
        )
        with self.store.transaction() as tx:
            if tx.get_game(name) is not None:
                raise JudgeError(f"a game named {name!r} exists already")
            tx.create_game(row)

    def add_player(
        self,
        game: str,
        power: str,
        email: str,
        *,
        gm_password: str,
        lang: str = "en",
        password: str | None = None,
        now: datetime,
    ) -> str:
        """Give ``power`` to the player at ``email``; their password (the one given, or a new
        random one), which a notice mail tells them (they change it with SET PASSWORD)."""
        _check_language(lang)
        _check_address(email)
        password = _new_password(password)
        with self.store.transaction() as tx:
            loaded = self._gm_game(tx, game, gm_password)
            if loaded.row.status == "finished":
                raise JudgeError.refused("has_ended", game=game)
            found = resolve_power(loaded.map, power)
            if tx.get_player(game, found) is not None:
                raise JudgeError.refused("has_a_player", power=found, game=game)
            tx.add_player(
                PlayerRow(
                    game,
                    found,
                    email.lower(),
                    lang,
                    hash_password(password),
                    "active",
                    False,
                    False,
                    now,
                )
            )
            self._welcome(tx, loaded, found, email, lang, password, now)
        return password

    def replace_player(
        self,
        game: str,
        power: str,
        email: str,
        *,
        gm_password: str,
        lang: str = "en",
        password: str | None = None,
        now: datetime,
    ) -> str:
        """Give ``power``, abandoned (resigned) or not, to a new player at ``email``: their
        password (the one given, or a new random one). The power is active again with its votes
        cleared; the new player is welcomed with the phase and deadline, the old address told
        it no longer plays the power, the other players that the power has a new player."""
        with self.store.transaction() as tx:
            loaded = self._gm_game(tx, game, gm_password)
            return self.replace_in(tx, loaded, power, email, lang, password, now)[1]

    def replace_in(
        self,
        tx: Tx,
        loaded: LoadedGame,
        power: str,
        email: str,
        lang: str | None,
        password: str | None,
        now: datetime,
    ) -> tuple[str, str]:
        """:meth:`replace_player` in a given transaction (``REPLACE`` by mail); the power and
        the password. ``lang`` ``None`` keeps the old player's language."""
        game = loaded.row.name
        if lang is not None:
            _check_language(lang)
        _check_address(email)
        password = _new_password(password)
        if loaded.row.status == "finished":
            raise JudgeError.refused("has_ended", game=game)
        found = resolve_power(loaded.map, power)
        old = tx.get_player(game, found)
        if old is None:
            raise JudgeError.refused("nobody_to_replace", power=found, game=game)
        lang = lang or old.lang
        tx.update_player(
            game,
            found,
            email=email.lower(),
            lang=lang,
            password_hash=hash_password(password),
            status="active",
            wait=False,
            draw=False,
            joined_at=now,
        )
        self._welcome(tx, loaded, found, email, lang, password, now)
        if old.email != email.lower():
            w = judge_words(old.lang)
            text = w.replaced_you.format(power=power_name(found, loaded.map, old.lang), game=game)
            self.queue(tx, old.email, w.notice_subject.format(game=game), text + "\n", "notice",
                       game, now)  # fmt: skip
        for player in tx.players(game):
            if player.power == found or player.email in (old.email, email.lower()):
                continue
            w = judge_words(player.lang)
            name = power_name(found, loaded.map, player.lang)
            text = w.replaced_others.format(power=name, game=game)
            self.queue(tx, player.email, w.notice_subject.format(game=game), text + "\n",
                       "notice", game, now)  # fmt: skip
        return found, password

    def reset_password(
        self, game: str, power: str, *, gm_password: str, password: str | None = None, now: datetime
    ) -> str:
        """A new password for ``power`` (the one given, or a new random one), mailed to the
        power's player at their address and nowhere else; the password."""
        with self.store.transaction() as tx:
            loaded = self._gm_game(tx, game, gm_password)
            return self.reset_in(tx, loaded, power, password, now)[1]

    def reset_in(
        self, tx: Tx, loaded: LoadedGame, power: str, password: str | None, now: datetime
    ) -> tuple[PlayerRow, str]:
        """:meth:`reset_password` in a given transaction (``RESET PASSWORD`` by mail); the
        player and the password."""
        game = loaded.row.name
        password = _new_password(password)
        found = resolve_power(loaded.map, power)
        player = tx.get_player(game, found)
        if player is None:
            raise JudgeError.refused("no_player", power=found, game=game)
        tx.update_player(game, found, password_hash=hash_password(password))
        w = judge_words(player.lang)
        name = power_name(found, loaded.map, player.lang)
        body = w.new_password.format(
            power=name, game=game, password=password, letter=power_letter(loaded.map, found)
        )
        subject = w.new_password_subject.format(game=game, power=name)
        self.queue(tx, player.email, subject, body, "notice", game, now, secret=password)
        return player, password

    def _welcome(
        self,
        tx: Tx,
        loaded: LoadedGame,
        power: str,
        email: str,
        lang: str,
        password: str,
        now: datetime,
    ) -> None:
        """The welcome mail of a power's new player: the password (kept only until the mail
        is sent) and, in a game under way, the phase and its deadline."""
        game = loaded.row.name
        words = judge_words(lang)
        name = power_name(power, loaded.map, lang)
        body = words.welcome.format(
            game=game, power=name, password=password, letter=power_letter(loaded.map, power)
        )
        phase = tx.current_phase(game) if loaded.row.status in ("active", "paused") else None
        if phase is not None:
            words_of_phase = texts.phase_words(position_of(phase, loaded.map).phase, lang)
            if loaded.row.deadline is None:
                body += "\n" + words.welcome_paused.format(phase=words_of_phase) + "\n"
            else:
                deadline = texts.format_deadline(loaded.row.deadline, lang)
                body += "\n" + words.welcome_phase.format(phase=words_of_phase, deadline=deadline)
                body += "\n"
        subject = words.welcome_subject.format(game=game, power=name)
        self.queue(tx, email, subject, body, "notice", game, now, secret=password)

    # The game master's commands: each public method checks the password in a transaction of
    # its own; the ``*_game`` method after it does the work in a given transaction, for the
    # master's commands by mail (one mail, one transaction).
    def start(self, game: str, *, gm_password: str, now: datetime) -> datetime:
        """Start a forming game in its first phase; its deadline."""
        with self.store.transaction() as tx:
            return self.start_game(tx, self._gm_game(tx, game, gm_password), now)

    def start_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> datetime:
        game = loaded.row.name
        if loaded.row.status != "forming":
            raise JudgeError.refused("not_forming", game=game, status=loaded.row.status)
        position = Position.initial(loaded.map)
        deadline = deadline_after(now, position.phase.type, loaded.lengths)
        tx.add_phase(PhaseRow(game, 0, str(position.phase), position_json(position), deadline))
        tx.update_game(game, status="active", deadline=deadline, phase_seq=0)
        for player in tx.players(game):
            w = judge_words(player.lang)
            body = w.game_started.format(
                game=game,
                phase=texts.phase_words(position.phase, player.lang),
                deadline=texts.format_deadline(deadline, player.lang),
            )
            subject = w.notice_subject.format(game=game)
            self.queue(tx, player.email, subject, body + "\n", "notice", game, now)
        return deadline

    def pause(self, game: str, *, gm_password: str, now: datetime) -> None:
        """Stop the clock: the time left is kept and given back on resume."""
        with self.store.transaction() as tx:
            self.pause_game(tx, self._gm_game(tx, game, gm_password), now)

    def pause_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> None:
        row = loaded.row
        game = row.name
        if row.status != "active" or row.deadline is None:
            raise JudgeError.refused("not_active", game=game, status=row.status)
        left = remaining_seconds(row.deadline, now)
        tx.update_game(game, status="paused", deadline=None, paused_remaining_seconds=left)
        self._notify(tx, game, now, lambda w, lang: w.game_paused.format(game=game))

    def resume(self, game: str, *, gm_password: str, now: datetime) -> datetime:
        """Restart the clock with the time that was left at the pause; the new deadline."""
        with self.store.transaction() as tx:
            return self.resume_game(tx, self._gm_game(tx, game, gm_password), now)

    def resume_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> datetime:
        row = loaded.row
        game = row.name
        if row.status != "paused":
            raise JudgeError.refused("not_paused", game=game, status=row.status)
        deadline = resumed_deadline(now, row.paused_remaining_seconds or 0)
        self._set_deadline(tx, loaded, deadline)
        tx.update_game(game, status="active", paused_remaining_seconds=None)
        self._notify(
            tx,
            game,
            now,
            lambda w, lang: w.game_resumed.format(
                game=game, deadline=texts.format_deadline(deadline, lang)
            ),
        )
        return deadline

    def set_deadline(
        self, game: str, deadline: datetime, *, gm_password: str, now: datetime
    ) -> None:
        """Move the current phase's deadline (earlier or later)."""
        with self.store.transaction() as tx:
            self.move_deadline(tx, self._gm_game(tx, game, gm_password), deadline, now)

    def move_deadline(self, tx: Tx, loaded: LoadedGame, deadline: datetime, now: datetime) -> None:
        game = loaded.row.name
        if loaded.row.status != "active":
            raise JudgeError.refused("not_active", game=game, status=loaded.row.status)
        self._set_deadline(tx, loaded, deadline)
        phase = current_phase(tx, game)
        self._notify(
            tx,
            game,
            now,
            lambda w, lang: w.deadline_moved.format(
                game=game,
                phase=texts.phase_words(position_of(phase, loaded.map).phase, lang),
                deadline=texts.format_deadline(deadline, lang),
            ),
        )

    def process_now(self, game: str, *, gm_password: str, now: datetime) -> list[str]:
        """Process the current phase at once, whatever its deadline; what was processed."""
        with self.store.transaction() as tx:
            return self.process_game(tx, self._gm_game(tx, game, gm_password), now)

    def process_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> list[str]:
        if loaded.row.status not in ("active", "paused"):
            raise JudgeError.refused(
                "nothing_to_process", game=loaded.row.name, status=loaded.row.status
            )
        return turns.process(self, tx, loaded, now)

    def end_game(
        self,
        game: str,
        kind: str,
        powers: Sequence[str],
        *,
        gm_password: str,
        now: datetime,
    ) -> str:
        """End a game by the game master's decision: a draw between ``powers``, a concession to
        one power, or a solo victory of one power; the result as stored."""
        with self.store.transaction() as tx:
            return self.decide_end(tx, self._gm_game(tx, game, gm_password), kind, powers, now)

    def decide_end(
        self, tx: Tx, loaded: LoadedGame, kind: str, powers: Sequence[str], now: datetime
    ) -> str:
        """:meth:`end_game` in a given transaction (the master's ``END`` by mail): the powers
        as written, checked against the ending."""
        game = loaded.row.name
        if kind not in END_KINDS:
            raise JudgeError.refused("unknown_ending", ending=kind, endings=", ".join(END_KINDS))
        if loaded.row.status == "finished":
            raise JudgeError.refused("ended_already", game=game)
        named = list(dict.fromkeys(resolve_power(loaded.map, p) for p in powers))
        if not named or (kind != "draw" and len(named) != 1):
            raise JudgeError.refused(
                "needs_powers" if kind == "draw" else "needs_one_power", ending=kind
            )
        return self.finish(tx, loaded, kind, named, now)

    def finish(
        self, tx: Tx, loaded: LoadedGame, kind: str, powers: Sequence[str], now: datetime
    ) -> str:
        """Finish the game with ``kind`` among ``powers`` and tell everyone."""
        game = loaded.row.name
        result = f"{kind}: {', '.join(powers)}"
        tx.update_game(game, status="finished", result=result, deadline=None)
        self._notify(
            tx,
            game,
            now,
            lambda w, lang: f"{w.game_ended} {ending_line(w, lang, kind, powers, loaded.map)}",
        )
        return result

    def status(self, game: str, *, gm_password: str) -> str:
        """The game's state in a few lines, for the game master: with the players' addresses
        (players see it without them, by ``LIST``)."""
        with self.store.transaction() as tx:
            return game_status(tx, self._gm_game(tx, game, gm_password), with_addresses=True)

    def list_games(self) -> list[str]:
        """One line per game: name, status, map, current phase."""
        with self.store.transaction() as tx:
            lines = []
            for game in tx.list_games():
                phase = tx.current_phase(game.name)
                current = phase.phase if phase is not None else "-"
                lines.append(f"{game.name:16} {game.status:9} {game.map_name:10} {current}")
            return lines

    def export(self, game: str) -> dict[str, Any]:
        """The game as the ``diplomacy`` package's saved-game data."""
        with self.store.transaction() as tx:
            loaded = self._game(tx, game)
            phases = [
                RecordedPhase(
                    position_of(p, loaded.map),
                    json.loads(p.orders_json) if p.orders_json else {},
                    json.loads(p.results_json) if p.results_json else {},
                )
                for p in tx.phases(game)
            ]
        if not phases:
            raise JudgeError.refused("not_started", game=game)
        return saved_game(
            game, phases, loaded.map, rules=loaded.rules, rule_names=[loaded.row.preset]
        )

    # ------------------------------------------------------------------ what the judge did
    def outbox(self, game: str, *, gm_password: str, unsent: bool = False) -> list[OutboxRow]:
        """The game's outgoing mail, oldest first (only those not yet sent with ``unsent``)."""
        with self.store.transaction() as tx:
            self._gm_game(tx, game, gm_password)
            return [row for row in tx.outbox(game) if not unsent or row.sent_at is None]

    def resend(
        self, game: str, mail_id: int, *, gm_password: str, to: str | None = None, now: datetime
    ) -> OutboxRow:
        """Queue a mail of the game again (a results mail a player lost): a new outbox row with
        a new Message-ID, to the same address, to ``to`` (an address), or to the current
        address of the player of ``to`` (a power); the new row."""
        with self.store.transaction() as tx:
            loaded = self._gm_game(tx, game, gm_password)
            found = next((row for row in tx.outbox(game) if row.id == mail_id), None)
            if found is None:
                raise JudgeError(f"game {game!r} has no mail {mail_id} (see: judge outbox {game})")
            address = found.to_addr
            if to is not None and "@" in to:
                _check_address(to)
                address = to
            elif to is not None:
                power = resolve_power(loaded.map, to)
                player = tx.get_player(game, power)
                if player is None:
                    raise JudgeError(f"{power} has no player in game {game!r}")
                address = player.email
            if found.secret and address.lower() != found.to_addr.lower():
                raise JudgeError(
                    f"mail {mail_id} carries a password until it is sent: it goes again only to"
                    f" {found.to_addr} (for a new player, use replace-player or reset-password)"
                )
            picture = None
            if found.picture_seq is not None:
                picture = (found.picture_seq, found.picture_lang or "en")
            new_id = self.queue(
                tx, address, found.subject, found.body, found.kind, game, now, found.in_reply_to,
                secret=found.secret, picture=picture,
            )  # fmt: skip
            return next(row for row in tx.outbox(game) if row.id == new_id)

    def report(
        self, game: str, phase: str | None = None, *, gm_password: str, lang: str = "en"
    ) -> tuple[str, str]:
        """A processed phase's results report as it was mailed, in ``lang``: the phase named
        (``S1901M``, or its number in the game from 0), else the last processed; (the phase's
        code, the report)."""
        _check_language(lang)
        with self.store.transaction() as tx:
            self._gm_game(tx, game, gm_password)
            phases = tx.phases(game)
        processed = [p for p in phases if p.processed_at is not None]
        if phase is None:
            if not processed:
                raise JudgeError(f"game {game!r} has no phase processed yet")
            chosen = processed[-1]
        else:
            wanted = phase.strip()
            found = [
                p
                for p in phases
                if (str(p.seq) == wanted if wanted.isdigit() else p.phase == wanted.upper())
            ]
            if not found:
                shown = ", ".join(p.phase for p in processed) or "none"
                raise JudgeError(
                    f"game {game!r} has no phase {wanted[:20]!r} (processed: {cut(shown, 120)})"
                )
            chosen = found[0]
            if chosen.processed_at is None:
                raise JudgeError(f"phase {chosen.phase} of game {game!r} is not processed yet")
        return chosen.phase, report_in(chosen, lang)

    def current_orders(
        self, game: str, power: str | None = None, *, gm_password: str
    ) -> PhaseOrders:
        """The current phase's orders as submitted so far: each power's latest submission
        (every power with a player, or the one named)."""
        with self.store.transaction() as tx:
            loaded = self._gm_game(tx, game, gm_password)
            phase = current_phase(tx, game)
            position = position_of(phase, loaded.map)
            must = set(powers_to_order(position, loaded.map, loaded.rules))
            latest = tx.latest_submissions(game, phase.seq)
            powers = [p.power for p in tx.players(game)]
            if power is not None:
                powers = [resolve_power(loaded.map, power)]
            found = tuple(
                PowerOrders(
                    name,
                    tuple(json.loads(latest[name].orders_json)) if name in latest else (),
                    latest[name].received_at if name in latest else None,
                    name in must,
                )
                for name in powers
            )
            return PhaseOrders(game, phase.phase, loaded.row.deadline, found)

    # ------------------------------------------------------------------ mail and clock
    def handle_mail(self, raw: bytes, now: datetime) -> str:
        """Record one incoming mail, execute its commands and queue one reply, in one
        transaction; a short word on what happened (``orders``, ``duplicate``, ...)."""
        from adjudicator.judge.session import handle_mail

        return handle_mail(self, raw, now)

    def tick(self, now: datetime) -> TickReport:
        """Process every active game past its deadline (and grace) or ready early, and queue
        the reminders and late notices that are due. Each game in a transaction of its own."""
        with self.store.transaction() as tx:
            names = [g.name for g in tx.list_games("active")]
        processed: list[str] = []
        reminders: list[str] = []
        late: list[str] = []
        for name in names:
            with self.store.transaction() as tx:
                row = tx.lock_game(name)
                if row is None or row.status != "active":
                    continue  # changed since the list was read
                loaded = load_game(row)
                if turns.is_game_due(tx, loaded, now):
                    processed += turns.process(self, tx, loaded, now)
                else:
                    reminders += turns.remind(self, tx, loaded, now)
                    late += turns.late_notices(self, tx, loaded, now)
        return TickReport(tuple(processed), tuple(reminders), tuple(late))

    # ------------------------------------------------------------------ helpers
    def _game(self, tx: Tx, name: str) -> LoadedGame:
        row = tx.lock_game(name)
        if row is None:
            raise JudgeError.refused("no_game", game=name)
        return load_game(row)

    def _gm_game(self, tx: Tx, name: str, gm_password: str) -> LoadedGame:
        loaded = self._game(tx, name)
        if not verify_password(gm_password, loaded.row.gm_password_hash):
            raise JudgeError.refused("wrong_master_password", game=name)
        return loaded

    def _set_deadline(self, tx: Tx, loaded: LoadedGame, deadline: datetime) -> None:
        if deadline.tzinfo is None:
            raise JudgeError.refused("deadline_needs_zone")
        phase = current_phase(tx, loaded.row.name)
        tx.update_game(loaded.row.name, deadline=deadline)
        tx.update_phase(loaded.row.name, phase.seq, deadline=deadline)

    def _notify(
        self, tx: Tx, game: str, now: datetime, sentence: Callable[[JudgeWords, str], str]
    ) -> None:
        """A notice to every player (in their language) and the game master."""
        row = tx.get_game(game)
        assert row is not None
        recipients = [(p.email, p.lang) for p in tx.players(game)] + [(row.gm_email, "en")]
        for email, lang in recipients:
            w = judge_words(lang)
            self.queue(
                tx,
                email,
                w.notice_subject.format(game=game),
                sentence(w, lang) + "\n",
                "notice",
                game,
                now,
            )

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
        *,
        secret: str | None = None,
        picture: tuple[int, str] | None = None,
    ) -> int:
        """Put a mail in the outbox (sent by the deliver step after the commit); its id. A
        ``secret`` (a password the body tells) is kept in the body only until the mail is sent
        (:meth:`~adjudicator.judge.store.Tx.mark_sent`); a ``picture`` (a phase's ``seq`` and
        a language) is the board the mail carries, drawn when it is sent."""
        return tx.queue_mail(
            OutboxRow(
                id=0,
                message_id=make_message_id(self.config.judge_address),
                to_addr=to,
                subject=subject,
                body=body,
                in_reply_to=in_reply_to,
                created_at=now,
                sent_at=None,
                game=game,
                kind=kind,
                secret=secret,
                picture_seq=picture[0] if picture else None,
                picture_lang=picture[1] if picture else None,
            )
        )


def _check_name(name: str) -> None:
    if not name or len(name) > 40 or not all(c.isalnum() or c in "-_" for c in name):
        raise JudgeError(f"a game name is 1 to 40 letters, digits, '-' or '_', not {name[:50]!r}")


def _check_password(password: str, whose: str = "the password") -> None:
    try:
        check_password(password)
    except ValueError as exc:
        raise JudgeError(f"{whose} is refused: {exc}") from None


def _new_password(password: str | None) -> str:
    """The password given, checked, or a new random one (12 characters of the URL-safe
    alphabet: one word, nothing to quote)."""
    if password is None:
        return secrets.token_urlsafe(9)
    _check_password(password)
    return password


def _check_language(lang: str) -> None:
    if lang not in JUDGE_LANGUAGES:
        raise JudgeError.refused("unknown_language", lang=lang, langs=", ".join(JUDGE_LANGUAGES))


def _check_address(email: str) -> None:
    if "@" not in email or any(c.isspace() for c in email):
        raise JudgeError.refused("not_an_address", email=email[:80])


def _check_lengths(lengths: PhaseLengths) -> None:
    for kind in PhaseType:
        if lengths.minutes(kind) <= 0:
            raise JudgeError("phase lengths must be positive numbers of minutes")
    if lengths.grace < 0:
        raise JudgeError("the grace period cannot be negative")
