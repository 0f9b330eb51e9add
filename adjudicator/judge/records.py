"""A stored game read back: the game row with its rules and settings, its phases' positions and
submissions, who must order, and its status in words. Shared by the service and the mail
session.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.judge import texts
from adjudicator.judge.game import PhaseLengths, power_name, powers_to_order
from adjudicator.judge.store import GameRow, PhaseRow, PlayerRow, Tx
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import judge_words
from adjudicator.state.position import Position

DEFAULT_REMINDER_HOURS = 24.0
"""How long before a deadline players still missing orders are reminded, unless the game says."""


class JudgeError(Exception):
    """A command the judge cannot carry out: its message is one line for the user, in English;
    one made by :meth:`refused` says it in any language the judge speaks (:meth:`said`)."""

    def __init__(self, message: str, key: str | None = None, **fields: str) -> None:
        super().__init__(message)
        self.key = key
        self.fields = fields

    @classmethod
    def refused(cls, key: str, **fields: str) -> JudgeError:
        """The refusal ``key`` of :attr:`JudgeWords.refusals`, its fields filled."""
        return cls(texts.refusal(key, fields, "en"), key, **fields)

    def said(self, lang: str) -> str:
        """The message in ``lang`` (English where it has no sentence of the judge's words)."""
        return str(self) if self.key is None else texts.refusal(self.key, self.fields, lang)


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game row with what its JSON columns hold, read once per transaction."""

    row: GameRow
    map: GameMap
    rules: Rules
    reminder_hours: float

    @property
    def lengths(self) -> PhaseLengths:
        r = self.row
        return PhaseLengths(
            r.movement_minutes, r.retreat_minutes, r.adjustment_minutes, r.grace_minutes
        )


def rules_json(preset: str, reminder_hours: float) -> str:
    """The ``rules_json`` column: the rules options in full (so a later change of a preset never
    changes a running game) and the judge's per-game settings."""
    try:
        rules = Rules.preset(preset)
    except ValueError as exc:
        raise JudgeError(str(exc)) from None
    return json.dumps({"options": rules.to_mapping(), "reminder_hours": reminder_hours})


def load_game(row: GameRow) -> LoadedGame:
    data: dict[str, Any] = json.loads(row.rules_json)
    return LoadedGame(
        row,
        load_map(row.map_name),
        Rules.from_mapping(data.get("options", {})),
        float(data.get("reminder_hours", DEFAULT_REMINDER_HOURS)),
    )


def position_of(phase: PhaseRow, game_map: GameMap) -> Position:
    return Position.from_dict(json.loads(phase.position_json), game_map)


def position_json(position: Position) -> str:
    return json.dumps(position.to_dict())


def report_in(phase: PhaseRow, lang: str) -> str:
    """A processed phase's results report in ``lang``, as it was mailed (in English where it
    was not written in that language; empty before the phase is processed)."""
    reports = json.loads(phase.reports_json) if phase.reports_json else {}
    found = reports.get(lang) or reports.get("en") or ""
    return found if isinstance(found, str) else ""


def submitted_orders(tx: Tx, game: str, seq: int) -> dict[str, tuple[str, ...]]:
    """Power -> the orders of its last submission for the phase."""
    return {
        power: tuple(json.loads(row.orders_json))
        for power, row in tx.latest_submissions(game, seq).items()
    }


def needed_powers(
    tx: Tx, loaded: LoadedGame, position: Position
) -> tuple[tuple[str, ...], list[PlayerRow]]:
    """The powers whose players must order this phase (a resigned or missing player's power
    goes without), and the players."""
    players = [p for p in tx.players(loaded.row.name) if p.status != "resigned"]
    played = {p.power for p in players}
    must = powers_to_order(position, loaded.map, loaded.rules)
    return tuple(p for p in must if p in played), players


def game_status(tx: Tx, loaded: LoadedGame, *, with_addresses: bool, lang: str = "en") -> str:
    """A game's state: status, phase, deadline, and each player's standing."""
    row = loaded.row
    w = judge_words(lang)
    phase = tx.current_phase(row.name)
    status = texts.status_word(row.status, lang)
    lines = [
        w.status_header.format(game=row.name, status=status, map=row.map_name, rules=row.preset)
    ]
    if phase is not None:
        position = position_of(phase, loaded.map)
        words = texts.phase_words(position.phase, lang)
        lines.append(w.status_phase.format(phase=words, code=phase.phase))
        submitted = set(tx.latest_submissions(row.name, phase.seq))
        needed = set(powers_to_order(position, loaded.map, loaded.rules))
    else:
        submitted, needed = set(), set()
    if row.deadline is not None:
        lines.append(w.status_deadline.format(deadline=texts.format_deadline(row.deadline, lang)))
    if row.status == "paused" and row.paused_remaining_seconds is not None:
        lines.append(w.status_paused.format(minutes=row.paused_remaining_seconds // 60))
    if row.result:
        lines.append(w.status_result.format(result=row.result))
    for player in tx.players(row.name):
        state = (
            w.status_orders_in
            if player.power in submitted
            else (w.status_no_orders if player.power in needed else w.status_nothing)
        )
        flags = [texts.player_status_word(player.status, lang)]
        flags += (["WAIT"] if player.wait else []) + (["DRAW"] if player.draw else [])
        who = f" {player.email}" if with_addresses else ""
        name = power_name(player.power, loaded.map, lang)
        lines.append(f"  {name:10}{who} ({', '.join(flags)}): {state}")
    return "\n".join(lines) + "\n"


def current_phase(tx: Tx, game: str) -> PhaseRow:
    phase = tx.current_phase(game)
    if phase is None:
        raise JudgeError.refused("not_started", game=game)
    return phase


def resolve_power(game_map: GameMap, text: str) -> str:
    for lang in ("en", "de"):
        found = game_map.lookup_power(text, lang)
        if len(found) == 1:
            return found[0]
    raise JudgeError.refused("unknown_power", power=text[:40], powers=", ".join(game_map.powers))


def power_letter(game_map: GameMap, power: str) -> str:
    letter = power[:1]
    return letter if game_map.lookup_power(letter) == (power,) else power


def ending_line(
    w: JudgeWords, lang: str, kind: str, powers: Sequence[str], game_map: GameMap
) -> str:
    """How the game ended, in a sentence of ``lang``: a draw between ``powers``, a concession
    to one, or a solo victory (the notices and the master's reply say the same)."""
    names = [power_name(p, game_map, lang) for p in powers]
    if kind == "draw":
        return w.draw_line.format(powers=", ".join(names))
    if kind == "concession":
        return w.concession_line.format(power=names[0])
    return w.winner_line.format(power=", ".join(names))
