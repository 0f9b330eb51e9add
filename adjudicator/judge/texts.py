"""The judge's words: replies and results mails in English and German (the player's language).

Results are the njudge-layout report the command line prints (:func:`render_report` with the
player's language), followed by the judge's own lines: who missed the deadline (NMR), the next
phase and its deadline. Phase and power names come from :mod:`adjudicator.lang` and the map;
the judge's sentences are each language's :class:`~adjudicator.lang.judge_words.JudgeWords`
table (in :mod:`adjudicator.lang.en`, :mod:`adjudicator.lang.de`); here they are put together.
Every function takes plain values, so the texts can be read and tested without a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

from adjudicator.base.model import Phase
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.languages import judge_words, vocabulary
from adjudicator.orders.phase_line import phase_name


def foreign_order_message(lang: str, order: str, owner: str, power: str) -> str:
    """The diagnostic of an order for another power's unit."""
    return judge_words(lang).foreign_order.format(order=order, owner=owner, power=power)


def status_word(status: str, lang: str) -> str:
    """A game's status (``active``, ``finished``, ...) in ``lang``."""
    return judge_words(lang).status_words.get(status, status)


def player_status_word(status: str, lang: str) -> str:
    """A player's status (``active``, ``resigned``, ...) in ``lang``."""
    return judge_words(lang).player_status_words.get(status, status)


def format_deadline(when: datetime, lang: str, zone: tzinfo | None = None) -> str:
    """A deadline as players read it, in UTC (mail; ``Tue 1 Dec 2026 18:00 UTC``) or in the
    reader's ``zone`` (the web pages; ``Tue 1 Dec 2026 19:00 CET``)."""
    words = judge_words(lang)
    local = when.astimezone(zone or UTC)
    return words.deadline_format.format(
        weekday=words.weekdays[local.weekday()],
        day=local.day,
        month=words.months[local.month - 1],
        year=local.year,
        time=local.strftime("%H:%M"),
        zone="UTC" if zone is None else local.tzname() or "UTC",
    )


def phase_words(phase: Phase, lang: str) -> str:
    """A phase in words: ``Spring 1901 (Movement)``, ``Herbst 1901 (Rückzug)``."""
    return phase_name(phase, vocabulary(lang))


def _block(header: str, lines: Sequence[str], indent: str = "  ") -> list[str]:
    return ["", header, *(indent + line for line in lines)]


@dataclass(frozen=True, slots=True)
class OrdersReply:
    """What an orders reply says; the service fills it from the reading and the store."""

    game: str
    power: str
    """The power's name in the player's language."""
    phase: Phase
    accepted: bool
    shown: tuple[str, ...]
    """The orders as understood, in the player's language's short form."""
    problems: tuple[str, ...]
    """Each problem formatted as ``adjudicator check`` prints it (several lines each)."""
    replaced: tuple[str, ...] | None
    """The earlier orders this submission replaced (None: there were none)."""
    standing: tuple[str, ...]
    """When refused: the orders that still stand."""
    missing_units: tuple[str, ...]
    missing_builds: int
    missing_removals: int
    deadline: datetime | None


def orders_reply(
    reply: OrdersReply, lang: str, words: JudgeWords | None = None, zone: tzinfo | None = None
) -> str:
    """The reply to an orders mail; ``words`` are the language's judge words with the
    sentences another channel says its own way (the web pages speak of the form, not the
    mail), ``zone`` the reader's time zone (mail says UTC)."""
    w = words or judge_words(lang)
    lines = [
        w.greeting.format(game=reply.game, power=reply.power, phase=phase_words(reply.phase, lang))
    ]
    if reply.accepted:
        lines += _block(w.orders_accepted, reply.shown or ("-",))
        if reply.replaced:
            lines += _block(w.replaced, reply.replaced)
        else:
            lines += ["", w.replaced_nothing]
    else:
        lines += ["", w.orders_rejected if reply.problems else w.orders_none]
        if reply.problems:
            lines += ["", w.problems_header]
            for problem in reply.problems:
                lines += ["  " + line for line in problem.splitlines()]
        if reply.shown:
            lines += _block(w.understood_header, reply.shown)
        if reply.standing:
            lines += _block(w.previous_kept, reply.standing)
    missing = missing_lines(w, reply.missing_units, reply.missing_builds, reply.missing_removals)
    lines += ["", *missing]
    if reply.deadline is not None:
        deadline = format_deadline(reply.deadline, lang, zone)
        lines += ["", w.deadline_line.format(deadline=deadline)]
    return "\n".join(lines) + "\n"


def missing_lines(w: JudgeWords, units: Sequence[str], builds: int, removals: int) -> list[str]:
    """What a power still has to order, in words."""
    lines: list[str] = []
    if units:
        lines += [w.missing_header, *("  " + u for u in units)]
    if builds:
        lines.append(w.missing_builds.format(count=builds))
    if removals:
        lines.append(w.missing_removals.format(count=removals))
    return lines or [w.all_ordered]


def results_body(
    reports: Sequence[str],
    lang: str,
    *,
    nmr: Sequence[str],
    next_phase: Phase | None,
    deadline: datetime | None,
    ending: str | None = None,
) -> str:
    """A results mail: each phase's report (the njudge layout), who missed the deadline, and
    the next phase with its deadline (or how the game ended)."""
    w = judge_words(lang)
    parts = [report.rstrip("\n") for report in reports]
    tail = [w.nmr_line.format(powers=", ".join(nmr)) if nmr else w.nmr_none]
    if ending is not None:
        tail += [w.game_ended, ending]
    elif next_phase is not None and deadline is not None:
        tail.append(
            w.next_line.format(
                phase=phase_words(next_phase, lang), deadline=format_deadline(deadline, lang)
            )
        )
    parts.append("\n".join(tail))
    return "\n\n".join(parts) + "\n"


def reminder_body(
    lang: str,
    *,
    game: str,
    power: str,
    phase: Phase,
    deadline: datetime,
    missing_units: Sequence[str],
    builds: int,
    removals: int,
) -> str:
    """The reminder sent once before the deadline to a power that has not ordered everything."""
    w = judge_words(lang)
    head = w.reminder.format(
        game=game,
        phase=phase_words(phase, lang),
        deadline=format_deadline(deadline, lang),
        power=power,
    )
    return "\n".join([head, "", *missing_lines(w, missing_units, builds, removals)]) + "\n"


def refusal(key: str, fields: Mapping[str, str], lang: str) -> str:
    """The judge's refusal ``key`` (:attr:`JudgeWords.refusals`) in ``lang``, its fields filled
    (``status``, a game's status, said in words)."""
    words = judge_words(lang)
    status = fields.get("status")
    if status is not None:
        fields = {**fields, "status": words.status_words.get(status, status)}
    return words.refusals[key].format(**fields)
