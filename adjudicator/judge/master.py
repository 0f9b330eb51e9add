"""The game master's commands by mail: ``START``, ``PAUSE``, ``RESUME``, ``PROCESS``, ``SET
DEADLINE`` and ``END`` (German ``STARTEN``, ``ANHALTEN``, ``FORTSETZEN``, ``AUSWERTEN``,
``ABGABESCHLUSS``, ``BEENDEN``), ``REPLACE`` and ``RESET PASSWORD`` (``ERSETZEN``, ``PASSWORT
ZURÜCKSETZEN``).

The master signs on as njudge's masters do, ``SIGNON M<game> <password>`` (or ``SIGNON master
<game> <password>``, ``ANMELDEN Spielleiter <game> <password>``) with the game's master password;
:mod:`adjudicator.judge.session` checks it and hands each command here, in the mail's
transaction. The work is the judge's own (:class:`~adjudicator.judge.service.Judge`'s
``start_game``, ``pause_game``, ...: the same as the command line's), so the players are told
just as when the game master uses the command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from adjudicator.judge import texts
from adjudicator.judge.commands import Master
from adjudicator.judge.game import TimeError, power_name, read_time
from adjudicator.judge.records import (
    JudgeError,
    LoadedGame,
    current_phase,
    ending_line,
    position_of,
    resolve_power,
)
from adjudicator.judge.store import PlayerRow, Tx
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words


class Mastering(Protocol):
    """What the master's commands need of the judge (:class:`adjudicator.judge.service.Judge`)."""

    def start_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> datetime: ...

    def pause_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> None: ...

    def resume_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> datetime: ...

    def move_deadline(
        self, tx: Tx, loaded: LoadedGame, deadline: datetime, now: datetime
    ) -> None: ...

    def process_game(self, tx: Tx, loaded: LoadedGame, now: datetime) -> list[str]: ...

    def decide_end(
        self, tx: Tx, loaded: LoadedGame, kind: str, powers: Sequence[str], now: datetime
    ) -> str: ...
    def replace_in(
        self,
        tx: Tx,
        loaded: LoadedGame,
        power: str,
        email: str,
        lang: str | None,
        password: str | None,
        now: datetime,
    ) -> tuple[str, str]: ...

    def reset_in(
        self, tx: Tx, loaded: LoadedGame, power: str, password: str | None, now: datetime
    ) -> tuple[PlayerRow, str]: ...


def is_master(power: str) -> bool:
    """Whether ``power`` as written in a ``SIGNON`` names the game master in any language the
    judge speaks (``M``, ``master``, ``Spielleiter``)."""
    folded = power.casefold()
    return any(folded in words.master_names for words in JUDGE_LANGUAGES.values())


def run_master_command(
    judge: Mastering, tx: Tx, loaded: LoadedGame, command: Master, now: datetime, lang: str
) -> str:
    """Carry out ``command`` on the game; the sentence that confirms it, in ``lang``.
    :class:`~adjudicator.judge.records.JudgeError` when the game's state refuses it (a game
    already started, not paused, ...) and :class:`ValueError` for a time that cannot be read."""
    w = judge_words(lang)
    game = loaded.row.name
    match command.action:
        case "start":
            deadline = judge.start_game(tx, loaded, now)
            return w.game_started.format(
                game=game,
                phase=_phase_words(tx, loaded, lang),
                deadline=texts.format_deadline(deadline, lang),
            )
        case "pause":
            judge.pause_game(tx, loaded, now)
            return w.game_paused.format(game=game)
        case "resume":
            deadline = judge.resume_game(tx, loaded, now)
            return w.game_resumed.format(game=game, deadline=texts.format_deadline(deadline, lang))
        case "process":
            done = judge.process_game(tx, loaded, now)
            return w.master_processed.format(phases="; ".join(done) or "-")
        case "deadline":
            try:
                deadline = read_time(command.when or "", now)
            except TimeError as exc:
                raise JudgeError.refused(exc.key, time=exc.text) from None
            judge.move_deadline(tx, loaded, deadline, now)
            return w.deadline_moved.format(
                game=game,
                phase=_phase_words(tx, loaded, lang),
                deadline=texts.format_deadline(deadline, lang),
            )
        case "end":
            kind = command.ending or ""
            judge.decide_end(tx, loaded, kind, command.powers, now)
            named = dict.fromkeys(resolve_power(loaded.map, p) for p in command.powers)
            ending = ending_line(w, lang, kind, list(named), loaded.map)
            return w.master_ended.format(game=game, ending=ending)
        case "replace":
            # a random password: one the master wrote would sit in the master's own mail
            power, email, *language = command.words
            if language and language[0].casefold() not in JUDGE_LANGUAGES:
                known = ", ".join(JUDGE_LANGUAGES)
                raise JudgeError.refused("unknown_language", lang=language[0][:20], langs=known)
            chosen = language[0].casefold() if language else None
            found, _ = judge.replace_in(tx, loaded, power, email, chosen, None, now)
            name = power_name(found, loaded.map, lang)
            return w.master_replaced.format(power=name, game=game, email=email.lower())
        case "reset":
            player, _ = judge.reset_in(tx, loaded, command.words[0], None, now)
            name = power_name(player.power, loaded.map, lang)
            return w.master_password_reset.format(power=name, game=game, email=player.email)


def _phase_words(tx: Tx, loaded: LoadedGame, lang: str) -> str:
    phase = current_phase(tx, loaded.row.name)
    return texts.phase_words(position_of(phase, loaded.map).phase, lang)
