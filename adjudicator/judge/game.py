"""The judge's rules of play, as pure functions over the core.

What a play-by-email judge decides besides the adjudication itself: reading one power's orders
from a mail against the phase (every problem with its line and caret, as ``adjudicator check``
prints it; orders for another power's units refused), which of its units still lack orders,
which submission counts, who missed the deadline (NMR), which phases follow and which of them
have nothing to decide, when a phase is due and when it may be processed early.

Nothing here reads the clock, the store or the mail: every function takes what it needs (``now``
included) and returns values, so the service and the tests drive it the same way. Units left
without orders are the core's business: at movement they hold, at retreats they disband, at
adjustments a power's missing removals are made by civil disorder and its missing builds waived
(:func:`adjudicator.adjudication.engine.adjudicate` does all three), so the judge hands over what
was submitted and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.legality.retreats import retreat_options
from adjudicator.adjudication.phases import adjustments_owed as owed_by_map
from adjudicator.adjudication.phases import build_sites
from adjudicator.base.errors import Diagnostic, Severity
from adjudicator.base.limits import split_lines
from adjudicator.base.model import Build, Disband, Order, PhaseType, Unit, Waive
from adjudicator.base.rules import Rules
from adjudicator.board.map import GameMap
from adjudicator.judge.texts import foreign_order_message, refusal
from adjudicator.lang.languages import vocabulary
from adjudicator.orders.read import ParseResult, parse_order, parse_orders
from adjudicator.orders.write import format_order
from adjudicator.report.illegal import illegal_diagnostics
from adjudicator.state.outcomes import Adjudication, Victory
from adjudicator.state.position import Position

FOREIGN_ORDER = "foreign-unit"
"""The code of an order for a unit (or a build in a centre) of another power."""


# ---------------------------------------------------------------------- reading orders
@dataclass(frozen=True, slots=True)
class ReadOrders:
    """One power's orders as read from one mail for one phase."""

    power: str
    orders: tuple[Order, ...]
    """The power's legal orders, as given, in the order written."""
    canonical: tuple[str, ...]
    """Each of :attr:`orders` normalised in the canonical short form (``str(order)``): what the
    store keeps and what the adjudication reads back."""
    shown: tuple[str, ...]
    """Each of :attr:`orders` normalised, in the short form of the reader's language."""
    diagnostics: tuple[Diagnostic, ...]
    """Every problem, by line and column: syntax errors, illegal orders, foreign orders."""
    lang: str
    """The language the orders were read in (detected unless asked for)."""

    @property
    def ok(self) -> bool:
        """Whether no error was found (warnings aside): the submission may count."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def formatted_diagnostics(self) -> list[str]:
        """Each problem as ``adjudicator check`` prints it: the message line, the source line and
        a caret under the column, in the words of the orders' language."""
        words = vocabulary(self.lang).diagnostic_words()
        return [d.format(words=words) for d in self.diagnostics]


def order_text(lines: Iterable[tuple[int, str]]) -> str:
    """The order lines of a mail as one text in which each line keeps its number in the mail
    (the lines between them left empty), so that diagnostics name the mail's own lines."""
    placed: dict[int, str] = {}
    for number, line in lines:
        placed[number] = line
    if not placed:
        return ""
    return "\n".join(placed.get(n, "") for n in range(1, max(placed) + 1))


def read_orders(
    text: str,
    power: str,
    position: Position,
    game_map: GameMap,
    rules: Rules,
    *,
    path: str = "orders",
    lang: str | None = None,
    reply_lang: str | None = None,
) -> ReadOrders:
    """Read ``power``'s orders for ``position``'s phase from ``text``.

    The problems are the ones ``adjudicator check`` reports for the same text (syntax, then
    legality against the position), plus one per order for a unit of another power, which a
    player may never give. ``reply_lang`` is the language of :attr:`ReadOrders.shown` (default:
    the orders' own)."""
    parsed = parse_orders(text, game_map, position, path=path, lang=lang)
    own = [p for p in parsed.orders if p.power in (None, power)]
    diagnostics = list(parsed.diagnostics)
    diagnostics += _foreign_diagnostics(parsed, power, game_map, path, text)
    given = [p.order for p in own]
    checked = check_orders(position, {power: given}, game_map, rules)
    diagnostics += illegal_diagnostics(
        checked.results, own, parsed.lang, game_map, path, split_lines(text)
    )
    diagnostics.sort(key=lambda d: (d.line, d.column))
    normalised = _normalised(checked, position)
    illegal = {id(r.order) for r in checked.results}
    kept = [o for o in given if id(o) not in illegal]
    final = [normalised.get(id(o), o) for o in kept]
    shown_in = reply_lang or parsed.lang
    return ReadOrders(
        power,
        tuple(kept),
        tuple(str(o) for o in final),
        tuple(format_order(o, game_map, shown_in) for o in final),
        tuple(diagnostics),
        parsed.lang,
    )


def _normalised(checked: CheckedOrders, position: Position) -> dict[int, Order]:
    """``id`` of an order as given -> its normalised form (the coast filled in, the type taken
    from the unit), for the legal orders."""
    if position.phase.type is PhaseType.ADJUSTMENT:
        return {id(n.order): n.normalised for n in checked.sequence}
    return {id(given): norm for _power, given, norm in checked.valid.values()}


def _foreign_diagnostics(
    parsed: ParseResult, power: str, game_map: GameMap, path: str, text: str
) -> list[Diagnostic]:
    """An error for each order of another power (by its label, or by the unit it names)."""
    source_lines = split_lines(text)
    lang = parsed.lang
    mine = power_name(power, game_map, lang)
    out: list[Diagnostic] = []
    for p in parsed.orders:
        if p.power is None or p.power == power:
            continue
        shown = format_order(p.order, game_map, lang)
        message = foreign_order_message(lang, shown, power_name(p.power, game_map, lang), mine)
        line = source_lines[p.line - 1] if 0 < p.line <= len(source_lines) else None
        out.append(Diagnostic(message, FOREIGN_ORDER, path, p.line, p.column, line))
    return out


def power_name(power: str, game_map: GameMap, lang: str) -> str:
    known = game_map.powers.get(power)
    return known.display(lang) if known is not None else power


# ---------------------------------------------------------------------- what is still missing
@dataclass(frozen=True, slots=True)
class Outstanding:
    """What a power still has to order this phase."""

    units: tuple[Unit, ...] = ()
    """Units without an order (at retreats: dislodged units that have somewhere to go)."""
    builds: int = 0
    """Builds (or waives) it may still order."""
    removals: int = 0
    """Removals it still owes (civil disorder makes them otherwise)."""

    @property
    def nothing(self) -> bool:
        return not self.units and self.builds == 0 and self.removals == 0


def outstanding(
    position: Position,
    power: str,
    orders: Sequence[Order],
    game_map: GameMap,
    rules: Rules | None = None,
) -> Outstanding:
    """What ``power`` still has to order, given the ``orders`` it has (legal ones)."""
    kind = position.phase.type
    ordered = {o.location.province for o in orders if not isinstance(o, Waive)}
    if kind is PhaseType.MOVEMENT:
        return Outstanding(
            tuple(u for u in position.units_of(power) if u.location.province not in ordered)
        )
    if kind is PhaseType.RETREAT:
        waiting = retreating_units(position, game_map, rules)
        return Outstanding(
            tuple(u for u in waiting if u.power == power and u.location.province not in ordered)
        )
    builds, removals = adjustments_owed(position, power, game_map, rules)
    made_builds = sum(1 for o in orders if isinstance(o, Build | Waive))
    made_removals = len({o.location.province for o in orders if isinstance(o, Disband)})
    return Outstanding(
        builds=max(builds - made_builds, 0), removals=max(removals - made_removals, 0)
    )


def retreating_units(
    position: Position, game_map: GameMap, rules: Rules | None = None
) -> tuple[Unit, ...]:
    """The dislodged units of a retreat phase that have somewhere to go: only they need an
    order (the others are disbanded whatever anyone orders)."""
    occupied = {u.location.province for u in position.units}
    return tuple(
        d.unit
        for d in position.dislodged
        if retreat_options(
            game_map, d.unit, d.attacked_from, d.by_convoy, occupied, position.standoffs, rules
        )
    )


def adjustments_owed(
    position: Position, power: str, game_map: GameMap, rules: Rules | None = None
) -> tuple[int, int]:
    """(builds it may make, removals it owes) in an adjustment phase: builds only as many as it
    has free centres to build on (owned home centres, or as the map's rule words say)."""
    delta = owed_by_map(game_map, position).get(power, 0)
    if delta < 0:
        return 0, -delta
    if delta == 0:
        return 0, 0
    occupied = {u.location.province for u in position.units}
    sites = build_sites(game_map, rules or Rules(), position.supply_centers, power, position.phase)
    return min(delta, len(sites - occupied)), 0


def powers_to_order(
    position: Position, game_map: GameMap, rules: Rules | None = None
) -> tuple[str, ...]:
    """The powers that have something to order this phase, in the map's order."""
    return tuple(
        p for p in game_map.powers if not outstanding(position, p, (), game_map, rules).nothing
    )


def nothing_to_decide(position: Position, game_map: GameMap, rules: Rules | None = None) -> bool:
    """Whether no power has anything to order: a retreat phase where no dislodged unit has
    anywhere to go, or an adjustment phase where nobody may build or must remove. Judges skip
    such phases (adjudicating them without orders)."""
    if position.phase.type is PhaseType.MOVEMENT:
        return False
    return not powers_to_order(position, game_map, rules)


# ---------------------------------------------------------------------- submissions
@dataclass(frozen=True, slots=True)
class Submission:
    """One accepted orders mail of a power for a phase (read without error)."""

    power: str
    orders: tuple[str, ...]
    """Canonical short forms (:attr:`ReadOrders.canonical`)."""
    received_at: datetime
    sequence: int = 0
    """Ties of ``received_at`` are broken by this (the store's row id)."""


def current_orders(submissions: Iterable[Submission]) -> dict[str, tuple[str, ...]]:
    """Power -> the orders of its last submission: a resubmission replaces the whole earlier one
    (njudge and DPjudge do the same), it does not add to it."""
    latest: dict[str, Submission] = {}
    for s in submissions:
        known = latest.get(s.power)
        if known is None or (s.received_at, s.sequence) >= (known.received_at, known.sequence):
            latest[s.power] = s
    return {power: s.orders for power, s in sorted(latest.items())}


def orders_from_texts(
    texts: Mapping[str, Sequence[str]], position: Position, game_map: GameMap
) -> dict[str, list[Order]]:
    """The stored canonical order texts read back into orders (``parse_order(str(o)) == o``)."""
    return {
        power: [parse_order(text, game_map, position, lang="en") for text in items]
        for power, items in texts.items()
    }


def missed_deadline(
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    game_map: GameMap,
    rules: Rules | None = None,
) -> tuple[str, ...]:
    """The powers that had something to order and sent no orders at all (NMR), map order."""
    return tuple(p for p in powers_to_order(position, game_map, rules) if not orders.get(p))


# ---------------------------------------------------------------------- processing
@dataclass(frozen=True, slots=True)
class ProcessedPhase:
    """One adjudicated phase: its position, the orders that were adjudicated and the result."""

    position: Position
    orders: Mapping[str, tuple[str, ...]]
    """Power -> canonical orders adjudicated (only powers that sent some)."""
    adjudication: Adjudication
    nmr: tuple[str, ...]
    """The powers that should have ordered and did not."""
    skipped: bool = False
    """Adjudicated without orders because nobody had anything to decide."""

    @property
    def next_position(self) -> Position:
        return self.adjudication.next_position

    @property
    def winners(self) -> tuple[str, ...]:
        """Powers at the victory threshold after this phase: the core notes a victory only
        after a Fall's ownership update."""
        return tuple(n.power for n in self.adjudication.notes if isinstance(n, Victory))


def process_phase(
    position: Position,
    submitted: Mapping[str, Sequence[str]],
    game_map: GameMap,
    rules: Rules,
) -> tuple[ProcessedPhase, ...]:
    """Adjudicate ``position``'s phase with the ``submitted`` orders (power -> canonical texts),
    then every following phase that has nothing to decide: the phases processed, in order.
    The last one's :attr:`~ProcessedPhase.next_position` is the phase that waits for orders (or
    the end of the game, when it has winners)."""
    orders = orders_from_texts(submitted, position, game_map)
    nmr = missed_deadline(position, orders, game_map, rules)
    result = adjudicate(position, orders, rules, game_map=game_map)
    kept = {p: tuple(items) for p, items in sorted(submitted.items()) if items}
    chain = [ProcessedPhase(position, kept, result, nmr)]
    while not chain[-1].winners and nothing_to_decide(chain[-1].next_position, game_map, rules):
        following = chain[-1].next_position
        skipped = adjudicate(following, {}, rules, game_map=game_map)
        chain.append(ProcessedPhase(following, {}, skipped, (), skipped=True))
    return tuple(chain)


# ---------------------------------------------------------------------- deadlines
@dataclass(frozen=True, slots=True)
class PhaseLengths:
    """Minutes a phase of each type lasts, and the grace after a deadline."""

    movement: int = 48 * 60
    retreat: int = 24 * 60
    adjustment: int = 24 * 60
    grace: int = 0
    """After the deadline, a game still missing orders waits this long for late ones (njudge's
    grace period); with every order in, it is processed at the deadline."""

    def minutes(self, kind: PhaseType) -> int:
        if kind is PhaseType.MOVEMENT:
            return self.movement
        if kind is PhaseType.RETREAT:
            return self.retreat
        return self.adjustment


def deadline_after(start: datetime, kind: PhaseType, lengths: PhaseLengths) -> datetime:
    """The deadline of a phase of ``kind`` that starts at ``start``."""
    return start + timedelta(minutes=lengths.minutes(kind))


def remaining_seconds(deadline: datetime, now: datetime) -> int:
    """What a pause keeps: the whole seconds left until the deadline (never negative)."""
    return max(int((deadline - now).total_seconds()), 0)


def resumed_deadline(now: datetime, remaining: int) -> datetime:
    """The deadline after a resume: the time left at the pause, counted from ``now``."""
    return now + timedelta(seconds=remaining)


def is_due(deadline: datetime, grace_minutes: int, now: datetime, *, all_in: bool) -> bool:
    """Whether a phase must be processed at ``now``: at the deadline when every power that must
    order has (``all_in``), else at the end of the grace period."""
    if now < deadline:
        return False
    return all_in or now >= grace_end(deadline, grace_minutes)


def may_process_early(
    process_early: bool,
    needed: Iterable[str],
    submitted: Iterable[str],
    waiting: Iterable[str],
) -> bool:
    """njudge's early processing: the game allows it, every power that must order has
    submitted, and none has asked to ``WAIT``."""
    needed_set = set(needed)
    if not process_early or not needed_set:
        return False
    return needed_set <= set(submitted) and not (needed_set & set(waiting))


def grace_end(deadline: datetime, grace_minutes: int) -> datetime:
    """When the grace period after ``deadline`` ends: late orders count until then."""
    return deadline + timedelta(minutes=grace_minutes)


def in_grace(deadline: datetime, grace_minutes: int, now: datetime) -> bool:
    """Whether ``now`` is in the grace period: the deadline has passed, its end has not."""
    return deadline <= now < grace_end(deadline, grace_minutes)


def reminder_due(deadline: datetime, hours_before: float, now: datetime) -> bool:
    """Whether ``now`` is in the reminder window: ``hours_before`` the deadline, up to it."""
    return deadline - timedelta(hours=hours_before) <= now < deadline


# ----------------------------------------------------------------------------- times
_DURATION = re.compile(r"\s*(\d{1,9}(?:\.\d{1,9})?)\s*([dhm]?)\s*", re.IGNORECASE)
_UNIT_MINUTES = {"d": 24 * 60, "h": 60, "m": 1, "": 1}
MAX_DURATION_MINUTES = 366 * 24 * 60
"""The longest phase length or deadline shift the judge takes: a year."""


def duration_minutes(text: str) -> int:
    """``48h``, ``30m``, ``2d`` or a number of minutes, up to a year; :class:`ValueError`
    saying the forms for anything else."""
    match = _DURATION.fullmatch(text)
    minutes = None if match is None else float(match[1]) * _UNIT_MINUTES[match[2].lower()]
    if minutes is None or minutes > MAX_DURATION_MINUTES:
        raise ValueError(
            f"expected a duration like 48h, 30m or 2d (a year at most), not {text[:40]!r}"
        )
    return round(minutes)


def read_time(text: str, now: datetime) -> datetime:
    """``+DURATION`` from ``now``, or an ISO 8601 time with its zone (``2026-12-24T18:00Z``),
    in UTC; :class:`ValueError` saying the forms for anything else."""
    if text.startswith("+"):
        return now + timedelta(minutes=duration_minutes(text[1:]))
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise TimeError("bad_time", text[:40]) from None
    if when.tzinfo is None:
        raise TimeError("time_needs_zone", text[:40])
    return when.astimezone(UTC)


class TimeError(ValueError):
    """A time :func:`read_time` cannot read: its refusal (``bad_time``, ``time_needs_zone``
    of :attr:`JudgeWords.refusals`), said in English, and the text as quoted."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(refusal(key, {"time": text}, "en"))
        self.key = key
        self.text = text

    def said(self, lang: str) -> str:
        """The message in ``lang``."""
        return refusal(self.key, {"time": self.text}, lang)
