"""A game's turn: a phase due, processed (adjudicated, stored, the next one opened, the results
mailed), and the reminders and late notices before its deadline.

:meth:`adjudicator.judge.service.Judge.tick` asks each active game :func:`is_game_due`, then
:func:`process` or :func:`remind` and :func:`late_notices`; the game master's ``process`` calls
:func:`process` at once. Each runs in the caller's transaction, with the game locked, and queues
its mails through the judge (:class:`Queuing`): nothing is sent before the commit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol

from adjudicator.judge import texts
from adjudicator.judge.export import package_results
from adjudicator.judge.game import (
    ProcessedPhase,
    deadline_after,
    grace_end,
    in_grace,
    is_due,
    may_process_early,
    orders_from_texts,
    outstanding,
    power_name,
    process_phase,
    reminder_due,
)
from adjudicator.judge.records import (
    LoadedGame,
    current_phase,
    ending_line,
    needed_powers,
    position_json,
    position_of,
    submitted_orders,
)
from adjudicator.judge.store import PhaseRow, Tx
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words
from adjudicator.report.render import render_report


class Queuing(Protocol):
    """What a turn needs of the judge (:class:`adjudicator.judge.service.Judge`): a mail put in
    the outbox."""

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
    ) -> int: ...


def is_game_due(tx: Tx, loaded: LoadedGame, now: datetime) -> bool:
    """Whether the game's current phase is to be processed now: every power that must order
    has, none waits and the game processes early; or the deadline (and the grace, unless every
    order is in) has passed."""
    row = loaded.row
    phase = current_phase(tx, row.name)
    position = position_of(phase, loaded.map)
    needed, players = needed_powers(tx, loaded, position)
    submitted = set(tx.latest_submissions(row.name, phase.seq))
    waiting = {p.power for p in players if p.wait}
    if may_process_early(row.process_early, needed, submitted, waiting):
        return True
    if row.deadline is None:
        return False
    return is_due(row.deadline, row.grace_minutes, now, all_in=set(needed) <= submitted)


def process(judge: Queuing, tx: Tx, loaded: LoadedGame, now: datetime) -> list[str]:
    """Adjudicate the current phase and the phases after it with nothing to decide, store
    them, open the next phase (or end the game) and queue the results mails."""
    row = loaded.row
    phase = current_phase(tx, row.name)
    position = position_of(phase, loaded.map)
    chain = process_phase(
        position, submitted_orders(tx, row.name, phase.seq), loaded.map, loaded.rules
    )
    for offset, processed in enumerate(chain):
        _store_processed(tx, loaded, phase.seq + offset, processed, now, offset == 0)
    last = chain[-1]
    following = last.next_position
    winners = last.winners
    seq = phase.seq + len(chain)
    deadline = None if winners else deadline_after(now, following.phase.type, loaded.lengths)
    tx.add_phase(PhaseRow(row.name, seq, str(following.phase), position_json(following), deadline))
    if winners:
        tx.update_game(
            row.name,
            status="finished",
            deadline=None,
            phase_seq=seq,
            result=f"solo: {', '.join(winners)}",
        )
    else:
        tx.update_game(row.name, deadline=deadline, phase_seq=seq)
    for player in tx.players(row.name):
        if player.wait:
            tx.update_player(row.name, player.power, wait=False)  # WAIT lasts one phase
    _queue_results(judge, tx, loaded, phase.seq, chain, deadline, now)
    return [f"{row.name}: {p.position.phase} -> {p.next_position.phase}" for p in chain]


def _store_processed(
    tx: Tx,
    loaded: LoadedGame,
    seq: int,
    processed: ProcessedPhase,
    now: datetime,
    existing: bool,
) -> None:
    fields: dict[str, object] = {
        "processed_at": now,
        "orders_json": json.dumps({p: list(o) for p, o in processed.orders.items()}),
        "results_json": json.dumps(package_results(processed.adjudication)),
        "reports_json": json.dumps(
            {
                lang: render_report(processed.adjudication, loaded.map, lang=lang)
                for lang in JUDGE_LANGUAGES
            }
        ),
        "nmr_json": json.dumps(list(processed.nmr)),
    }
    if existing:
        tx.update_phase(loaded.row.name, seq, **fields)
        return
    tx.add_phase(
        PhaseRow(
            loaded.row.name,
            seq,
            str(processed.position.phase),
            position_json(processed.position),
            None,
        )
    )
    tx.update_phase(loaded.row.name, seq, **fields)


def _queue_results(
    judge: Queuing,
    tx: Tx,
    loaded: LoadedGame,
    first_seq: int,
    chain: Sequence[ProcessedPhase],
    deadline: datetime | None,
    now: datetime,
) -> None:
    """Each player's results mail (and the master's), in their language, with the board of
    the phase that was due, its orders and their outcomes."""
    name = loaded.row.name
    codes = " ".join(str(p.position.phase) for p in chain)
    recipients = [(p.email, p.lang) for p in tx.players(name)]
    recipients.append((loaded.row.gm_email, "en"))
    following = chain[-1].next_position
    winners = chain[-1].winners
    reports: dict[str, list[str]] = {}
    for email, lang in recipients:
        w = judge_words(lang)
        ending = ending_line(w, lang, "solo", winners, loaded.map) if winners else None
        if lang not in reports:
            reports[lang] = [render_report(p.adjudication, loaded.map, lang=lang) for p in chain]
        body = texts.results_body(
            reports[lang],
            lang,
            nmr=[power_name(p, loaded.map, lang) for p in chain[0].nmr],
            next_phase=following.phase,
            deadline=deadline,
            ending=ending,
        )
        subject = w.results_subject.format(game=name, phase=codes)
        judge.queue(tx, email, subject, body, "results", name, now, picture=(first_seq, lang))


def remind(judge: Queuing, tx: Tx, loaded: LoadedGame, now: datetime) -> list[str]:
    """Reminders, once per phase, to the players still missing orders within the game's
    reminder window before the deadline."""
    row = loaded.row
    if row.deadline is None or not reminder_due(row.deadline, loaded.reminder_hours, now):
        return []
    phase = current_phase(tx, row.name)
    position = position_of(phase, loaded.map)
    needed, players = needed_powers(tx, loaded, position)
    orders = orders_from_texts(submitted_orders(tx, row.name, phase.seq), position, loaded.map)

    def subject(w: JudgeWords) -> str:
        return w.reminder_subject.format(game=row.name, phase=phase.phase)

    sent = _told(tx, row.name, "reminder", subject)
    done: list[str] = []
    for player in players:
        if player.power not in needed or player.email in sent:
            continue
        missing = outstanding(
            position, player.power, orders.get(player.power, ()), loaded.map, loaded.rules
        )
        if missing.nothing:
            continue
        lang = player.lang
        body = texts.reminder_body(
            lang,
            game=row.name,
            power=power_name(player.power, loaded.map, lang),
            phase=position.phase,
            deadline=row.deadline,
            missing_units=[str(u) for u in missing.units],
            builds=missing.builds,
            removals=missing.removals,
        )
        mail_subject = subject(judge_words(lang))
        judge.queue(tx, player.email, mail_subject, body, "reminder", row.name, now)
        done.append(f"{row.name}: {player.power}")
    return done


def late_notices(judge: Queuing, tx: Tx, loaded: LoadedGame, now: datetime) -> list[str]:
    """njudge's late notices, once per phase: in the grace period, to each player whose
    power must order and has sent no orders, and the list of them to the game master."""
    row = loaded.row
    if row.deadline is None or not in_grace(row.deadline, row.grace_minutes, now):
        return []
    phase = current_phase(tx, row.name)
    position = position_of(phase, loaded.map)
    needed, players = needed_powers(tx, loaded, position)
    submitted = set(tx.latest_submissions(row.name, phase.seq))
    late = [p for p in players if p.power in needed and p.power not in submitted]

    def subject(w: JudgeWords) -> str:
        return w.late_subject.format(game=row.name, phase=phase.phase)

    sent = _told(tx, row.name, "notice", subject)
    until = grace_end(row.deadline, row.grace_minutes)
    done: list[str] = []
    for player in late:
        if player.email in sent:
            continue
        lang = player.lang
        body = judge_words(lang).late.format(
            game=row.name,
            phase=texts.phase_words(position.phase, lang),
            deadline=texts.format_deadline(row.deadline, lang),
            power=power_name(player.power, loaded.map, lang),
            until=texts.format_deadline(until, lang),
        )
        mail_subject = subject(judge_words(lang))
        judge.queue(tx, player.email, mail_subject, body + "\n", "notice", row.name, now)
        done.append(f"{row.name}: {player.power}")
    if late and row.gm_email not in sent:
        master = judge_words("en").late_master.format(
            game=row.name,
            phase=texts.phase_words(position.phase, "en"),
            powers=", ".join(p.power for p in late),
            until=texts.format_deadline(until, "en"),
        )
        mail_subject = subject(judge_words("en"))
        judge.queue(tx, row.gm_email, mail_subject, master + "\n", "notice", row.name, now)
    return done


def _told(tx: Tx, game: str, kind: str, subject: Callable[[JudgeWords], str]) -> set[str]:
    """The addresses already sent a mail of ``kind`` whose subject is ``subject`` in one of the
    judge's languages: the reminders and late notices go once per phase, and their subjects
    name the phase."""
    subjects = {subject(words) for words in JUDGE_LANGUAGES.values()}
    return set().union(*(tx.addressees(game, kind, s) for s in subjects))
