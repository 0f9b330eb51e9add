"""What adjudication returns: every order's outcome with its reason, and the next position.

Outcomes explain themselves in DATC words (after TedDriggs' ``diplomacy`` crate): a failed move
says whether it bounced, lost a head-to-head battle or had no convoy, and names the order that
caused it. They are facts, never sentences: an :class:`OrderResult`'s short diagnostic
(``message``) is worded from them in English, and a report words them in its language
(:meth:`OrderResult.message_in`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Final, Protocol, assert_never

from adjudicator.base.model import (
    Convoy,
    Disband,
    Dislodgement,
    Move,
    Order,
    Unit,
    Waive,
    slot_setter,
)
from adjudicator.base.rules import ParadoxRule
from adjudicator.lang.message_keys import MessageKey
from adjudicator.state.position import Position

if TYPE_CHECKING:
    from adjudicator.lang.words import Words


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc): native classes are built by plain assignments."""


class Outcome(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"


class Reason(StrEnum):
    """Why an order ended as it did. Every member has its own value: the stable word that JSON
    and YAML reports and case files (``reason:``) use; a results report words it in its
    language."""

    NONE = ""
    """Succeeded (or a hold that stood)."""
    BOUNCED = "bounce"
    """A move stopped by an equal or stronger unit holding or moving to the same place."""
    LOST_HEAD_TO_HEAD = "lost head-to-head"
    """A move beaten by the unit moving the opposite way."""
    NO_SELF_DISLODGEMENT = "own unit"
    """A move that would have dislodged a unit of its own power (or with only that power's
    support)."""
    DISLODGED = "dislodged"
    """The ordered unit was dislodged."""
    CUT = "cut"
    """A support cut by an attack on the supporter."""
    VOID = "void"
    """A support or convoy whose unit did not give the matching order."""
    NO_CONVOY = "no convoy"
    """A convoyed move with no route of fleets convoying it."""
    DISRUPTED = "disrupted"
    """A convoyed move whose every route lost a fleet."""
    CONVOY_PARADOX = "convoy paradox"
    """Failed by the paradox rule (Szykman: the convoy fails, the army holds)."""
    ILLEGAL = "illegal"
    """The order can never be carried out in this position; the unit holds."""
    RETREAT_COLLISION = "retreat collision"
    """Two or more units retreated to the same province; all disband (6.H.7)."""
    DISBANDED = "disbanded"
    """A dislodged unit that was disbanded (by order, without order, or with nowhere to go)."""
    NOT_ALLOWED = "not allowed"
    """A build or removal beyond what the power may do this phase."""
    CIVIL_DISORDER = "civil disorder"
    """A removal the adjudicator made for a power that ordered too few."""
    NO_ORDER = "no order"
    """A unit that was given no order (it holds, or disbands in a retreat phase)."""


class Refusal(StrEnum):
    """Which limit of a power's adjustments refused an order (``Reason.NOT_ALLOWED``): a power
    builds at most as many units as it owns centres more than units, and removes as many as it
    has units more than centres (DATC 4.D.4-4.D.6)."""

    NOT_AN_ADJUSTMENT = "not an adjustment"
    """A hold, move, support, convoy or retreat given in an adjustment phase."""
    NO_BUILDS = "no builds"
    """A build by a power with no builds this phase."""
    SITE_TAKEN = "site taken"
    """A build in a province an earlier build of the power uses (6.I.7)."""
    BUILDS_USED = "builds used"
    """A build beyond the power's builds, all used by its earlier orders (4.D.4 b, 6.I.1)."""
    NO_BUILD_TO_WAIVE = "no build to waive"
    """A waive by a power with no build left."""
    NO_REMOVALS = "no removals"
    """A removal by a power that owes none, or of a unit that is not its own."""
    REMOVALS_MADE = "removals made"
    """A removal beyond those the power owes, all made by its earlier orders (4.D.6 b, 6.J.1)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The detail of a ``NOT_ALLOWED`` result: which limit refused the order."""

    refusal: Refusal
    allowed: int = 0
    """The builds (``BUILDS_USED``) or removals (``REMOVALS_MADE``) the power may make."""


class Removal(StrEnum):
    """The detail of a disband or removal that succeeded with no reason to give, where only the
    phase would tell how it came about (a result does not know its phase)."""

    DISBANDED = "disbanded"
    """A dislodged unit disbanded by its own order (retreat phase)."""
    ALREADY_REMOVED = "already removed"
    """A removal of a unit that an earlier order of its power removes already; it is carried
    out once (6.J.2)."""


@dataclass(frozen=True, slots=True)
class ConvoyLost:
    """The detail of a ``DISRUPTED`` convoyed move: the order of the convoying fleet whose
    dislodgement broke the route (the result's ``cause`` is the attack that dislodged it)."""

    fleet: Order


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """The detail of an ``ILLEGAL`` result: the legality check's diagnostic, naming the
    provinces ("an army cannot enter the sea province IRI in 'A LVP - IRI'"). It is in the
    checker's language, English, like the parser's messages: the fact is the result's ``code``,
    which a report in another language words itself."""

    text: str


Detail = Refused | Removal | ConvoyLost | ParadoxRule | Diagnosis
"""What a result's outcome, reason and cause leave open, where something does: the limit that
refused an adjustment, how a unit was disbanded, the fleet whose loss disrupted a convoy, the
rule that broke a convoy paradox (for every order it made fail), what the legality check found."""


class Naming(Protocol):
    """How a result's message names what it mentions; a report's namer names them in its
    language."""

    def power(self, power: str) -> str: ...

    def code(self, province: str) -> str: ...

    def short(self, order: Order) -> str: ...


class _Ids:
    """Names as the core writes them: the power's id, the province code, the canonical order."""

    def power(self, power: str) -> str:
        return power

    def code(self, province: str) -> str:
        return province

    def short(self, order: Order) -> str:
        return str(order)


IDS: Naming = _Ids()
"""The naming of ``OrderResult.message``: ``Russia``, ``STP``, ``A MUN - BUR``."""


@dataclass(frozen=True, slots=True)
class OrderResult:
    """The fate of one order, as facts; :attr:`message` words them."""

    power: str
    order: Order
    outcome: Outcome
    reason: Reason = Reason.NONE
    cause: Order | None = None
    """The order that made this one fail (the bouncing move, the cutting attack, ...)."""
    cause_power: str | None = None
    code: str | None = None
    """For illegal orders: the stable code of the legality check that rejected it."""
    detail: Detail | None = None
    """What ``outcome``, ``reason`` and ``cause`` leave open, if anything (:data:`Detail`). Each
    is a typed fact except an illegal order's :class:`Diagnosis`: the legality check's diagnostic,
    stored as a string in the checker's language (English), like the parser's messages."""

    def __init__(
        self,
        power: str,
        order: Order,
        outcome: Outcome,
        reason: Reason = Reason.NONE,
        cause: Order | None = None,
        cause_power: str | None = None,
        code: str | None = None,
        detail: Detail | None = None,
    ) -> None:
        # Written out because the generated __init__ of a frozen dataclass sets each field
        # through object.__setattr__; the slot setters cost half as much. The movement
        # adjudication, which makes one result per order, uses the cheaper made_result.
        if _COMPILED:
            self.power = power  # type: ignore[misc]
            self.order = order  # type: ignore[misc]
            self.outcome = outcome  # type: ignore[misc]
            self.reason = reason  # type: ignore[misc]
            self.cause = cause  # type: ignore[misc]
            self.cause_power = cause_power  # type: ignore[misc]
            self.code = code  # type: ignore[misc]
            self.detail = detail  # type: ignore[misc]
        else:
            _set_power(self, power)
            _set_order(self, order)
            _set_outcome(self, outcome)
            _set_reason(self, reason)
            _set_cause(self, cause)
            _set_cause_power(self, cause_power)
            _set_code(self, code)
            _set_detail(self, detail)

    @property
    def succeeded(self) -> bool:
        return self.outcome is Outcome.SUCCEEDS

    @property
    def message(self) -> str:
        """A short English diagnostic for logs and the English report, worded from the facts:
        "bounced with A MUN - BUR", "Germany has only 1 build"; empty where outcome and reason
        say it all (a success, a bounce with no rival). An illegal order's is the legality
        check's diagnostic."""
        # English loads with the first message, not with the core.
        from adjudicator.lang.en import WORDS

        return self.message_in(WORDS)

    def message_in(self, words: Words, names: Naming = IDS) -> str:
        """This result's short diagnostic in the language of ``words``, naming powers,
        provinces and orders as ``names`` does (by default as the core writes them). An illegal
        order's is the legality check's diagnostic whatever the language: a report in another
        language words its ``code`` instead."""
        detail = self.detail
        if isinstance(detail, Diagnosis):
            return detail.text
        key = self._message_key()
        if key is None:
            return ""
        cause, order = self.cause, self.order
        return words.messages[key].format(
            cause="" if cause is None else names.short(cause),
            fleet=names.short(detail.fleet) if isinstance(detail, ConvoyLost) else "",
            power=names.power(self.power),
            province="" if isinstance(order, Waive) else names.code(order.location.province),
            count=detail.allowed if isinstance(detail, Refused) else 0,
            rule=words.paradox_rules[detail] if isinstance(detail, ParadoxRule) else "",
        )

    def _message_key(self) -> MessageKey | None:
        """Which message the facts call for; ``None`` where they say it all."""
        reason = self.reason
        if self.cause is not None and reason in _NAMING_THE_CAUSE:
            return _NAMING_THE_CAUSE[reason]
        plain = _PLAIN.get(reason)
        if plain is not None:
            return plain
        return _shaped_key(reason, self.order, self.detail, self.cause)


class _Draft:
    """An :class:`OrderResult` while :func:`made_result` sets its fields: the same slots in the
    same order (so that an object may change between the two classes), without the frozen
    dataclass's ``__setattr__``."""

    __slots__ = OrderResult.__slots__
    power: str
    order: Order
    outcome: Outcome
    reason: Reason
    cause: Order | None
    cause_power: str | None
    code: str | None
    detail: Detail | None


def made_result(
    power: str,
    order: Order,
    outcome: Outcome,
    reason: Reason = Reason.NONE,
    cause: Order | None = None,
    cause_power: str | None = None,
    code: str | None = None,
    detail: Detail | None = None,
) -> OrderResult:
    """``OrderResult(power, order, ...)``, the very same value, made for the adjudicators' hot
    paths (one result per order of every phase): a :class:`_Draft` from the start, its fields
    set, then turned into an :class:`OrderResult` by assigning ``__class__`` (the twin-class
    construction of :mod:`adjudicator.base.model`): about 0.2 µs a result, where the class call
    with its slot setters costs about 0.5. Compiled, the class call itself (cheap there)."""
    if _COMPILED:
        return OrderResult(power, order, outcome, reason, cause, cause_power, code, detail)
    draft = _Draft()
    draft.power = power
    draft.order = order
    draft.outcome = outcome
    draft.reason = reason
    draft.cause = cause
    draft.cause_power = cause_power
    draft.code = code
    draft.detail = detail
    draft.__class__ = OrderResult  # type: ignore[assignment]
    return draft  # type: ignore[return-value]  # an OrderResult since the line above


_set_power = slot_setter(OrderResult, "power")
_set_order = slot_setter(OrderResult, "order")
_set_outcome = slot_setter(OrderResult, "outcome")
_set_reason = slot_setter(OrderResult, "reason")
_set_cause = slot_setter(OrderResult, "cause")
_set_cause_power = slot_setter(OrderResult, "cause_power")
_set_code = slot_setter(OrderResult, "code")
_set_detail = slot_setter(OrderResult, "detail")

_NAMING_THE_CAUSE: Mapping[Reason, MessageKey] = {
    Reason.BOUNCED: MessageKey.BOUNCED_WITH,
    Reason.LOST_HEAD_TO_HEAD: MessageKey.LOST_HEAD_TO_HEAD,
    Reason.NO_SELF_DISLODGEMENT: MessageKey.OWN_UNIT,
    Reason.DISLODGED: MessageKey.DISLODGED_BY,
    Reason.CUT: MessageKey.CUT_BY,
    Reason.VOID: MessageKey.VOID_ORDERED,
    Reason.RETREAT_COLLISION: MessageKey.RETREAT_BOUNCED_WITH,
    Reason.NO_ORDER: MessageKey.NO_ORDER_DISLODGED,
}
"""The reasons whose message names the causing order, when the result has one."""

_PLAIN: Mapping[Reason, MessageKey] = {
    Reason.VOID: MessageKey.VOID_NO_UNIT,
    Reason.NO_CONVOY: MessageKey.NO_CONVOY_ROUTE,
    Reason.DISBANDED: MessageKey.NO_RETREAT_DISBANDED,
    Reason.CIVIL_DISORDER: MessageKey.CIVIL_DISORDER,
}
"""The reasons with one message whatever the order and detail (and no cause to name)."""


def _shaped_key(
    reason: Reason, order: Order, detail: Detail | None, cause: Order | None
) -> MessageKey | None:
    """The message of a reason whose wording depends on the order or the detail."""
    match reason:
        case Reason.DISRUPTED:
            if isinstance(order, Convoy):
                return MessageKey.CONVOY_FAILED
            lost = isinstance(detail, ConvoyLost) and cause is not None
            return MessageKey.CONVOY_DISRUPTED_BY if lost else MessageKey.CONVOY_DISRUPTED
        case Reason.CONVOY_PARADOX:
            # The support or convoy the rule made fail names it; the convoyed move does not.
            names_rule = isinstance(detail, ParadoxRule) and not isinstance(order, Move)
            return MessageKey.CONVOY_PARADOX_RULE if names_rule else MessageKey.CONVOY_PARADOX
        case Reason.NO_ORDER:
            return MessageKey.NO_ORDER_DISBANDED if isinstance(order, Disband) else None
        case Reason.NOT_ALLOWED:
            return _refusal_key(detail) if isinstance(detail, Refused) else None
        case Reason.NONE:
            return _REMOVAL_KEYS[detail] if isinstance(detail, Removal) else None
        case _:
            return None  # the reason says it all: a bounce with no rival, an attack unknown


_REMOVAL_KEYS: Mapping[Removal, MessageKey] = {
    Removal.DISBANDED: MessageKey.DISBANDED,
    Removal.ALREADY_REMOVED: MessageKey.ALREADY_REMOVED,
}


def _refusal_key(refused: Refused) -> MessageKey:
    allowed = refused.allowed
    match refused.refusal:
        case Refusal.NOT_AN_ADJUSTMENT:
            return MessageKey.NOT_AN_ADJUSTMENT
        case Refusal.NO_BUILDS:
            return MessageKey.NO_BUILDS
        case Refusal.SITE_TAKEN:
            return MessageKey.SITE_TAKEN
        case Refusal.BUILDS_USED:
            return MessageKey.ONLY_BUILD if allowed == 1 else MessageKey.ONLY_BUILDS
        case Refusal.NO_BUILD_TO_WAIVE:
            return MessageKey.NO_BUILD_TO_WAIVE
        case Refusal.NO_REMOVALS:
            return MessageKey.NO_REMOVALS
        case Refusal.REMOVALS_MADE:
            return MessageKey.ONLY_REMOVAL if allowed == 1 else MessageKey.ONLY_REMOVALS
        case _:
            assert_never(refused.refusal)


@dataclass(frozen=True, slots=True)
class UnusedBuilds:
    """A power ordered fewer builds than it may make: the rest are waived."""

    power: str
    count: int


@dataclass(frozen=True, slots=True)
class CivilDisorderRemoval:
    """A power ordered too few removals: the adjudicator removed ``unit`` (4.D.8)."""

    power: str
    unit: Unit


@dataclass(frozen=True, slots=True)
class Victory:
    """``power`` owns the map's victory threshold of centres after a Fall."""

    power: str


@dataclass(frozen=True, slots=True)
class CircularMovement:
    """A ring of moves that the resolver's backup rule let all succeed (DATC 6.C)."""

    orders: tuple[Order, ...]


@dataclass(frozen=True, slots=True)
class ConvoyParadox:
    """A convoy paradox the backup ``rule`` broke: ``orders`` fail (DATC 4.A.2)."""

    rule: ParadoxRule
    orders: tuple[Order, ...]


Note = UnusedBuilds | CivilDisorderRemoval | Victory | CircularMovement | ConvoyParadox
"""A fact about a phase as a whole, beyond its orders' results (for ``match``)."""


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The result of one phase."""

    position: Position
    """The position the orders were given in."""
    results: tuple[OrderResult, ...]
    """One result per order (and per unit without an order), in a deterministic order."""
    next_position: Position
    dislodged: tuple[Dislodgement, ...] = ()
    standoffs: frozenset[str] = frozenset()
    notes: tuple[Note, ...] = field(default=())
    """Facts about the phase as a whole: civil-disorder removals, unused builds, victory, broken
    cycles. A report words them in its language."""

    def __init__(
        self,
        position: Position,
        results: tuple[OrderResult, ...],
        next_position: Position,
        dislodged: tuple[Dislodgement, ...] = (),
        standoffs: frozenset[str] = frozenset(),
        notes: tuple[Note, ...] = (),
    ) -> None:
        # Written out for speed, as OrderResult's: one per adjudication.
        if _COMPILED:
            self.position = position  # type: ignore[misc]
            self.results = results  # type: ignore[misc]
            self.next_position = next_position  # type: ignore[misc]
            self.dislodged = dislodged  # type: ignore[misc]
            self.standoffs = standoffs  # type: ignore[misc]
            self.notes = notes  # type: ignore[misc]
        else:
            _set_position(self, position)
            _set_results(self, results)
            _set_next_position(self, next_position)
            _set_dislodged(self, dislodged)
            _set_standoffs(self, standoffs)
            _set_notes(self, notes)

    def result_of(self, order: Order) -> OrderResult | None:
        """The result for one order, or ``None`` if it was not given."""
        for result in self.results:
            if result.order == order:
                return result
        return None


_set_position = slot_setter(Adjudication, "position")
_set_results = slot_setter(Adjudication, "results")
_set_next_position = slot_setter(Adjudication, "next_position")
_set_dislodged = slot_setter(Adjudication, "dislodged")
_set_standoffs = slot_setter(Adjudication, "standoffs")
_set_notes = slot_setter(Adjudication, "notes")
