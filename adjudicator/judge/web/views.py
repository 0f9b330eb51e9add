"""What each web page shows, read from the store in one transaction: frozen values that the
templates lay out, and the changes a player's forms make (orders, WAIT, DRAW, password).

Nothing here speaks HTTP: every function takes a transaction, the current time and the
reader's language, so the pages' contents can be tested without a server. What stays secret
until the deadline (the orders of the current phase, the players' addresses) is never read
into a public page's value.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Literal

from adjudicator.board.drawing import drawing_for
from adjudicator.judge import texts
from adjudicator.judge.game import (
    orders_from_texts,
    outstanding,
    power_name,
    powers_to_order,
    read_orders,
)
from adjudicator.judge.passwords import (
    MAX_NEW_PASSWORD_CHARS,
    PasswordError,
    check_password,
    hash_password,
)
from adjudicator.judge.pictures import phase_svg
from adjudicator.judge.records import (
    LoadedGame,
    load_game,
    position_of,
    report_in,
    submitted_orders,
)
from adjudicator.judge.session import Judging, end_in_draw_if_agreed, format_order_unit
from adjudicator.judge.store import PlayerRow, SubmissionRow, Tx
from adjudicator.judge.turns import Queuing
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import judge_words, web_words
from adjudicator.orders.write import format_order
from adjudicator.picture.render import render
from adjudicator.state.position import Position

MAX_ORDER_CHARS = 20_000
"""The most an orders form may carry (a mail body is bounded the same way); longer text is
refused before it is read."""
MAX_PRESS_CHARS = 20_000
"""The most a press form may carry; longer is refused, nothing sent."""


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game in the list of games."""

    name: str
    map_name: str
    status: str
    """In the reader's language."""
    phase: str
    """The current phase in words, or ``-``."""
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class PowerLine:
    """One power on a game's page: what anyone may see."""

    power: str
    """The power's name in the reader's language."""
    centres: int
    units: int
    has_player: bool
    must_order: bool
    ordered: bool
    """Whether it has sent orders for the current phase (never which)."""
    status: str
    """The player's status in words (``active``, ``resigned``), or empty."""


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game's public page."""

    name: str
    map_name: str
    status: str
    status_code: str
    phase: str
    code: str
    deadline: datetime | None
    result: str | None
    powers: tuple[PowerLine, ...]
    board: str | None
    """The current position drawn (inline SVG, without its XML declaration), no orders."""
    signable: tuple[tuple[str, str], ...]
    """(power, name in the reader's language) of every power with a player."""


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One processed phase in a game's history."""

    seq: int
    code: str
    phase: str
    report: str


@dataclass(frozen=True, slots=True)
class PhasePage:
    """A processed phase: its board with the orders and their outcomes, and its report."""

    game: str
    seq: int
    code: str
    phase: str
    board: str | None
    report: str


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """A signed-on player's page: their own orders and what is still missing."""

    game: str
    power: str
    power_name: str
    status: str
    status_code: str
    phase: str
    deadline: datetime | None
    can_order: bool
    standing: tuple[str, ...]
    """The orders that stand, in the short form of the reader's language."""
    standing_text: str
    """The same, one a line: what the form shows."""
    missing: tuple[str, ...]
    """What is still to order, in the judge's words."""
    wait: bool
    draw: bool
    others: tuple[tuple[str, str], ...] = ()
    """(power, name in the reader's language) of every other power with a player: whom press
    may go to."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a form did: the judge's words (an orders reply is the mail's, line and caret
    included) and whether it was done."""

    done: bool
    text: str


def inline_svg(svg: str) -> str:
    """An SVG document as an element of an HTML page: without its XML declaration."""
    return svg.partition("\n")[2] if svg.startswith("<?xml") else svg


def password_mark(stored_hash: str) -> str:
    """What a session keeps of the password it signed on with: a digest of the stored hash, so
    that a new password (``SET PASSWORD``, the master's reset, a new player) ends every session
    signed on with the old one, while the cookie holds nothing a password can be found from."""
    return hashlib.sha256(stored_hash.encode("utf-8")).hexdigest()[:32]


def game_lines(tx: Tx, lang: str) -> list[GameLine]:
    lines = []
    for row in tx.list_games():
        phase = tx.current_phase(row.name)
        words = "-"
        if phase is not None:
            loaded = load_game(row)
            words = texts.phase_words(position_of(phase, loaded.map).phase, lang)
        status = texts.status_word(row.status, lang)
        lines.append(GameLine(row.name, row.map_name, status, words, row.deadline))
    return lines


def game_page(tx: Tx, loaded: LoadedGame, lang: str) -> GamePage:
    row = loaded.row
    phase = tx.current_phase(row.name)
    players = {p.power: p for p in tx.players(row.name)}
    position = position_of(phase, loaded.map) if phase is not None else None
    submitted = set(tx.latest_submissions(row.name, phase.seq)) if phase is not None else set()
    must = set(powers_to_order(position, loaded.map, loaded.rules)) if position else set()
    powers = []
    for power in loaded.map.powers:
        player = players.get(power)
        centres = len(position.supply_centers.get(power, ())) if position else 0
        units = len(position.units_of(power)) if position else 0
        powers.append(
            PowerLine(
                power_name(power, loaded.map, lang),
                centres,
                units,
                player is not None,
                power in must,
                power in submitted,
                texts.player_status_word(player.status, lang) if player else "",
            )
        )
    board = None
    drawing = drawing_for(loaded.map)
    if position is not None and drawing is not None:
        board = inline_svg(render(position, board=drawing, game_map=loaded.map, lang=lang))
    return GamePage(
        name=row.name,
        map_name=row.map_name,
        status=texts.status_word(row.status, lang),
        status_code=row.status,
        phase=texts.phase_words(position.phase, lang) if position else "-",
        code=phase.phase if phase else "",
        deadline=row.deadline,
        result=row.result,
        powers=tuple(powers),
        board=board,
        signable=tuple(
            (p, power_name(p, loaded.map, lang))
            for p, player in players.items()
            if player.status != "resigned"
        ),
    )


def history(tx: Tx, loaded: LoadedGame, lang: str) -> list[HistoryLine]:
    """Every processed phase, oldest first, with its report as mailed."""
    lines = []
    for phase in tx.phases(loaded.row.name):
        if phase.processed_at is None:
            continue
        words = texts.phase_words(position_of(phase, loaded.map).phase, lang)
        lines.append(HistoryLine(phase.seq, phase.phase, words, report_in(phase, lang)))
    return lines


def phase_page(tx: Tx, loaded: LoadedGame, seq: int, lang: str) -> PhasePage | None:
    """A processed phase of the game (``None`` for one not processed or not there)."""
    phase = tx.get_phase(loaded.row.name, seq)
    if phase is None or phase.processed_at is None:
        return None
    drawn = phase_svg(tx, loaded.row.name, seq, lang)
    words = texts.phase_words(position_of(phase, loaded.map).phase, lang)
    board = inline_svg(drawn[1]) if drawn else None
    return PhasePage(loaded.row.name, seq, phase.phase, words, board, report_in(phase, lang))


def _shown(
    orders: tuple[str, ...], position: Position, loaded: LoadedGame, lang: str
) -> tuple[str, ...]:
    parsed = orders_from_texts({"-": orders}, position, loaded.map)["-"]
    return tuple(format_order(o, loaded.map, lang) for o in parsed)


def player_page(tx: Tx, loaded: LoadedGame, player: PlayerRow, lang: str) -> PlayerPage:
    row = loaded.row
    phase = tx.current_phase(row.name)
    name = power_name(player.power, loaded.map, lang)
    status = texts.status_word(row.status, lang)
    can_order = phase is not None and row.status in ("active", "paused")
    if phase is None:
        return PlayerPage(row.name, player.power, name, status, row.status, "-", row.deadline,
                          False, (), "", (), player.wait, player.draw)  # fmt: skip
    position = position_of(phase, loaded.map)
    standing = submitted_orders(tx, row.name, phase.seq).get(player.power) or ()
    shown = _shown(standing, position, loaded, lang)
    current = orders_from_texts({player.power: standing}, position, loaded.map)[player.power]
    missing = outstanding(position, player.power, current, loaded.map, loaded.rules)
    units = [format_order_unit(u, loaded, lang) for u in missing.units]
    lines = texts.missing_lines(judge_words(lang), units, missing.builds, missing.removals)
    others = tuple(
        (p.power, power_name(p.power, loaded.map, lang))
        for p in tx.players(row.name)
        if p.power != player.power and p.status != "resigned"
    )
    return PlayerPage(
        game=row.name,
        power=player.power,
        power_name=name,
        status=status,
        status_code=row.status,
        phase=texts.phase_words(position.phase, lang),
        deadline=row.deadline,
        can_order=can_order,
        standing=shown,
        standing_text="\n".join(shown),
        missing=tuple(lines),
        wait=player.wait,
        draw=player.draw,
        others=others,
    )


def submit_orders(
    tx: Tx,
    loaded: LoadedGame,
    player: PlayerRow,
    text: str,
    now: datetime,
    lang: str,
    zone: tzinfo | None = None,
) -> Answer:
    """A power's orders from the orders form: read by the mail's reader against the current
    phase and, without error, stored as a submission (the latest counts, as by mail); the
    answer is the mail's reply, problems with line and caret."""
    row = loaded.row
    w = judge_words(lang)
    if row.status not in ("active", "paused"):
        sentence = w.game_over if row.status == "finished" else w.not_running
        status = texts.status_word(row.status, lang)
        return Answer(False, sentence.format(game=row.name, status=status))
    phase = tx.current_phase(row.name)
    assert phase is not None  # an active game has a phase
    position = position_of(phase, loaded.map)
    power = player.power
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_ORDER_CHARS:
        return Answer(False, web_words(lang).orders_too_large)
    read = read_orders(
        text, power, position, loaded.map, loaded.rules, path="orders", reply_lang=lang
    )
    before = submitted_orders(tx, row.name, phase.seq).get(power)
    accepted = read.ok and bool(read.orders)
    if accepted:
        orders_json = json.dumps(list(read.canonical))
        tx.add_submission(
            SubmissionRow(0, row.name, phase.seq, power, None, text, orders_json, now)
        )
        standing = read.canonical
    else:
        standing = before or ()
    current = orders_from_texts({power: standing}, position, loaded.map)[power]
    missing = outstanding(position, power, current, loaded.map, loaded.rules)
    shown_before = _shown(before, position, loaded, lang) if before else None
    reply = texts.OrdersReply(
        game=row.name,
        power=power_name(power, loaded.map, lang),
        phase=position.phase,
        accepted=accepted,
        shown=read.shown,
        problems=tuple(read.formatted_diagnostics()),
        replaced=shown_before if accepted else None,
        standing=shown_before or () if not accepted else (),
        missing_units=tuple(format_order_unit(u, loaded, lang) for u in missing.units),
        missing_builds=missing.builds,
        missing_removals=missing.removals,
        deadline=row.deadline,
    )
    return Answer(accepted, texts.orders_reply(reply, lang, form_words(lang), zone))


def form_words(lang: str) -> JudgeWords:
    """The judge's words as the orders form says them: of the form, not of a mail."""
    web = web_words(lang)
    return dataclasses.replace(
        judge_words(lang), orders_rejected=web.orders_rejected, orders_none=web.orders_none
    )


def set_vote(
    judge: Judging,
    tx: Tx,
    loaded: LoadedGame,
    player: PlayerRow,
    kind: str,
    on: bool,
    now: datetime,
    lang: str,
) -> Answer:
    """``WAIT`` or ``DRAW`` on or off, as by mail (every surviving power voting a draw ends the
    game in one)."""
    w = judge_words(lang)
    game, power = loaded.row.name, player.power
    if kind == "wait":
        tx.update_player(game, power, wait=on)
        return Answer(True, w.wait_on if on else w.wait_off)
    tx.update_player(game, power, draw=on)
    if on:
        end_in_draw_if_agreed(judge, tx, loaded, now)
    return Answer(True, w.draw_on if on else w.draw_off)


def change_password(tx: Tx, player: PlayerRow, new: str, lang: str) -> tuple[Answer, str | None]:
    """``SET PASSWORD`` from the form: the answer and the new stored hash (``None`` when the
    password is refused, by the rule every password follows)."""
    w = judge_words(lang)
    try:
        check_password(new)
    except PasswordError as exc:
        problem = w.password_problems[exc.reason].format(most=MAX_NEW_PASSWORD_CHARS)
        return Answer(False, problem), None
    stored = hash_password(new)
    tx.update_player(player.game, player.power, password_hash=stored)
    return Answer(True, w.password_changed), stored


def send_press(
    judge: Queuing,
    tx: Tx,
    loaded: LoadedGame,
    player: PlayerRow,
    to: Sequence[str],
    body: str,
    now: datetime,
    lang: str,
) -> Answer:
    """``PRESS TO ...`` (``to``: powers, or ``["all"]``) from the press form, as by mail: kept
    with the game's press, and one notice to each addressee in the addressee's language with
    the mail's words."""
    web = web_words(lang)
    body = body.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    if len(body) > MAX_PRESS_CHARS:
        return Answer(False, web.press_too_long)
    if not body.strip():
        return Answer(False, web.press_empty)
    game = loaded.row.name
    others = [p for p in tx.players(game) if p.power != player.power and p.status != "resigned"]
    if "all" in to:
        recipients: list[str] | Literal["all"] = "all"
        targets = others
    else:
        chosen = set(to)
        targets = [p for p in others if p.power in chosen]
        recipients = sorted(p.power for p in targets)
        if not targets:
            return Answer(False, web.press_nobody)
    phase = tx.current_phase(game)
    tx.add_press(game, phase.seq if phase else 0, player.power, recipients, body, now)
    for target in targets:
        w = judge_words(target.lang)
        sender = power_name(player.power, loaded.map, target.lang)
        judge.queue(
            tx,
            target.email,
            w.press_subject.format(game=game, power=sender),
            w.press_body.format(power=sender, body=body),
            "notice",
            game,
            now,
        )
    names = (
        "all"
        if recipients == "all"
        else ", ".join(power_name(p, loaded.map, lang) for p in recipients)
    )
    return Answer(True, judge_words(lang).press_sent.format(to=names))


def resign(tx: Tx, loaded: LoadedGame, player: PlayerRow, lang: str) -> Answer:
    """``RESIGN`` from the form, as by mail: the power is left without a player."""
    tx.update_player(loaded.row.name, player.power, status="resigned")
    name = power_name(player.power, loaded.map, lang)
    return Answer(True, judge_words(lang).resigned.format(power=name, game=loaded.row.name))
